-- fake-uci.lua: a tiny UCI engine for the match runner's tests, run as
-- `stratagem t/fake-uci.lua [key=value...]`:
--   mode=random|first|mate|illegal|crash|hang|spin  how it answers go (default random: a seeded
--       random legal move; mate: a mating move when there is one, else random; illegal: an
--       illegal move; crash: exits; hang: never answers; spin: computes forever without
--       reading its input, as a busy engine does)
--   after=N     behave as `mode` only from its N-th go (before: random); default 1
--   seed=N      the random moves' seed; score=CP  the score it reports (default 0)
--   name=NAME   its id name
--   pids=FILE   start a background `sleep 300` at startup, and write "ENGINE_PID SLEEP_PID" to
--       FILE when the first go comes (before answering or spinning)
local sg = require "stratagem"

local o = {mode = "random", after = "1", seed = "1", score = "0", name = nil, pids = ""}
for _, a in ipairs(arg) do
  local k, v = a:match("^(%w+)=(.*)$")
  if not k or not o[k] and k ~= "name" then
    io.stderr:write("fake-uci: unknown argument '", a, "'\n")
    os.exit(2)
  end
  o[k] = v
end
local after, seed, score = tonumber(o.after), tonumber(o.seed), tonumber(o.score)
local name = o.name or ("fake-" .. o.mode)

local function say(s)
  io.stdout:write(s, "\n")
  io.stdout:flush()
end

-- the engine's own pid is the parent of the shell io.popen starts
local function sh_line(cmd)
  local f = assert(io.popen(cmd))
  local line = f:read("l")
  f:close()
  return line
end
local pids
if o.pids ~= "" then
  pids = sh_line("echo $PPID") .. " " .. sh_line("sleep 300 </dev/null >/dev/null 2>&1 & echo $!")
end

local g = sg.new("chess")
local gos, options = 0, {}   -- luacheck: ignore 241 (the options set: kept, never read)
local rng = seed

local function random_index(n)
  rng = (rng * 1103515245 + 12345) % 2147483648
  return rng % n + 1
end

local function choose(mode)
  local moves = g:moves()
  if mode == "first" then return moves[1] end
  if mode == "mate" then
    for _, m in ipairs(moves) do
      if g:san(m):find("#", 1, true) then return m end
    end
  end
  return moves[random_index(#moves)]
end

for line in io.lines() do
  local cmd = line:match("^%s*(%S+)")
  if cmd == "uci" then
    say("id name " .. name)
    say("id author stratagem tests")
    say("option name Hash type spin default 16 min 1 max 1024")
    say("option name Skill Level type spin default 20 min 0 max 20")
    say("uciok")
  elseif cmd == "setoption" then
    local n, v = line:match("^%s*setoption%s+name%s+(.-)%s+value%s+(.*)$")
    if n then options[n] = v end
  elseif cmd == "isready" then
    say("readyok")
  elseif cmd == "ucinewgame" then
    g = sg.new("chess")
  elseif cmd == "position" then
    local fen = line:match("^%s*position%s+fen%s+(.-)%s*moves") or
                line:match("^%s*position%s+fen%s+(.-)%s*$")
    g = sg.new("chess", {position = fen})
    local moves = line:match("%smoves%s+(.*)$")
    for m in (moves or ""):gmatch("%S+") do g:play(m) end
  elseif cmd == "go" then
    gos = gos + 1
    local mode = gos >= after and o.mode or "random"
    if pids then
      local f = assert(io.open(o.pids .. ".tmp", "w"))
      f:write(pids, "\n")
      f:close()
      assert(os.rename(o.pids .. ".tmp", o.pids))
      pids = nil
    end
    if mode == "crash" then os.exit(3) end
    if mode == "spin" then
      local x = 0
      while true do x = x + 1 end
    end
    if mode ~= "hang" then
      say(("info depth 1 score cp %d nodes 1 pv"):format(score))
      say("bestmove " .. (mode == "illegal" and "e1e1" or choose(mode)))
    end
  elseif cmd == "quit" then
    break
  end
end
