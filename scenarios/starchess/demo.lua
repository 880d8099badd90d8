-- The README's demo: one seeded Star Chess game among four computer players, each playing
-- sg.search(g) with the game's default search options and rules, shown one screen per full
-- turn (the galaxy, the empires, and the battles, colonies founded and lost, terraforming and
-- defeats of that turn, told by stratagem.chronicle), then the final standings.
-- Usage: stratagem scenarios/starchess/demo.lua [--seed N] [--delay SECONDS] [--quiet] [--turns N]
local SEED = 7   -- the game shown by default (best one that ends in a win): change it here

local sg = require "stratagem"
local chronicle = require "stratagem.chronicle"
local fmt = string.format

local USAGE = "usage: stratagem scenarios/starchess/demo.lua [--seed N] [--delay SECONDS] " ..
              "[--quiet] [--turns N]"
local HELP = [[
  --seed N         the game's seed (default %d)
  --delay SECONDS  each full turn's screen stays at least this long, the AI's thinking
                   included (default 0.5 at a terminal, 0 when the output is piped)
  --quiet          print only the final standings
  --turns N        stop after N full turns]]

-- The command line as settings; raises a message on bad usage.
local function parse(args)
  local o = {seed = SEED, delay = sg.isatty() and 0.5 or 0}
  local i = 0
  local function value(name, check, what)
    i = i + 1
    local v = args[i] and tonumber(args[i])
    if not v or not check(v) then
      error(fmt("%s needs %s, got '%s'", name, what, tostring(args[i] or "nothing")), 0)
    end
    return math.tointeger(v) or v
  end
  while i < #args do
    i = i + 1
    local a = args[i]
    if a == "--seed" then
      o.seed = value(a, math.tointeger, "a whole number")
    elseif a == "--delay" then
      o.delay = value(a, function(v) return v >= 0 and v <= 60 end, "a number of seconds, 0 to 60")
    elseif a == "--turns" then
      o.turns = value(a, function(v) return math.tointeger(v) and v >= 1 end, "a whole number, 1 or more")
    elseif a == "--quiet" then
      o.quiet = true
    elseif a == "--help" or a == "-h" then
      o.help = true
    else
      error(fmt("unexpected argument '%s'", a), 0)
    end
  end
  return o
end

-- The search options sg.search uses for Star Chess when given none, as "k = v" words.
local function search_defaults()
  local s, words = sg.defaults("starchess").search or {}, {}
  for k, v in pairs(s) do words[#words + 1] = k .. " " .. tostring(v) end
  table.sort(words)
  return table.concat(words, ", ")
end

-- The events of a full turn as lines: each event's own line, except that one player's
-- bombardments (every turn a blockade lasts) share one line, so a turn fits on a screen.
local function event_lines(events)
  local lines, shelling = {}, {}
  for _, e in ipairs(events) do
    if e.kind == "bombarded" then
      local at = fmt("player %d's %s from %d to %d", e.owner, e.sector, e.from, e.to)
      local line = shelling[e.by]
      if line then
        lines[line] = lines[line] .. ", " .. at
      else
        lines[#lines + 1] = fmt("player %d bombarded %s", e.by, at)
        shelling[e.by] = #lines
      end
    else
      lines[#lines + 1] = e.text
    end
  end
  return lines
end

local function rule(title)
  local side = (76 - #title) // 2
  return ("="):rep(side) .. " " .. title .. " " .. ("="):rep(76 - side - #title)
end

-- One full turn's screen.
local function summary(g, turn, events)
  print(rule("after full turn " .. turn))
  print(g:diagram(sg.isatty()))
  print(fmt("during full turn %d:", turn))
  local lines = event_lines(events)
  if #lines == 0 then lines[1] = "no battles, colonies founded or lost, or defeats" end
  for _, l in ipairs(lines) do print("  " .. l) end
end

-- Every seat's turns until the full turn ends (or the game does): the events, and the AI's
-- time, positions generated and turns.
local function full_turn(g, ai)
  local turn, events = g:turn(), {}
  while g:status() == "playing" and g:turn() == turn do
    local r = sg.search(g)
    ai.time, ai.generated, ai.turns = ai.time + r.time, ai.generated + (r.generated or 0),
                                      ai.turns + 1
    for _, e in ipairs(chronicle.turn(g, r.moves)) do events[#events + 1] = e end
  end
  return events
end

local function full_turns(n) return fmt("%d full turn%s", n, n == 1 and "" or "s") end

-- The final standings: the result, each player's place, the AI's time.
local function standings(g, o, played, all, ai)
  local status, winner = g:status()
  print(rule("result"))
  if status == "won" then
    print(fmt("player %d wins in full turn %d (seed %d)", winner, played, o.seed))
  elseif status == "drawn" then
    print(fmt("drawn at the turn limit after %s (seed %d)", full_turns(played), o.seed))
  else
    print(fmt("still playing: stopped after %s (--turns %d, seed %d)", full_turns(played),
              o.turns, o.seed))
  end
  for _, l in ipairs(chronicle.standings_text(chronicle.standings(g, all))) do print(l) end
  print(fmt("AI time %.2f s for %d player turns (%d positions generated)", ai.time, ai.turns,
            ai.generated))
end

local function main(args)
  local ok, o = pcall(parse, args)
  if not ok then
    io.stderr:write("demo: ", o, "\n", USAGE, "\n")
    os.exit(2)
  end
  if o.help then
    print(USAGE .. "\n" .. HELP:format(SEED))
    return
  end
  local g = assert(sg.new("starchess", {seed = o.seed}))
  local rules = g:config().rules
  if not o.quiet then
    print(fmt("Star Chess: four computer players, seed %d, %s between full turns", o.seed,
              o.delay > 0 and fmt("%g s", o.delay) or "no pause"))
    print(fmt("rules: the defaults (start reserves %d/%d, a draw after %d full turns)",
              rules.start_materials, rules.start_credits, rules.max_turns))
    print("AI: sg.search(g) with the game's default options:\n  " .. search_defaults())
    print(rule("the start"))
    print(g:diagram(sg.isatty()))
  end
  local ai, all, played = {time = 0, generated = 0, turns = 0}, {}, 0
  local shown = sg.clock()
  while g:status() == "playing" and played < (o.turns or math.huge) do
    local turn = g:turn()
    local events = full_turn(g, ai)
    for _, e in ipairs(events) do all[#all + 1] = e end
    played = played + 1
    if not o.quiet then
      -- the screen before stays at least o.delay, the AI's thinking included
      local wait = o.delay - (sg.clock() - shown)
      if wait > 0 then sg.sleep(wait) end
      print()
      summary(g, turn, events)
      shown = sg.clock()
    end
  end
  if not o.quiet then print() end
  standings(g, o, played, all, ai)
end

main(arg or {})
