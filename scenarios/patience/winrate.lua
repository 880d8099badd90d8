-- Patience: the share of seeded deals won by a player, with its 95% interval (Wilson), and the
-- time per deal.  Usage:
--   stratagem scenarios/patience/winrate.lua PLAYER [DEALS] [VARIANT] [NODES] [FIRST] [log]
--                                            [SAMPLES]
-- PLAYER: "solver" (sees every card: g:solve with NODES nodes a deal, default its own),
-- "pimc" (the fair default: sg.search as patience.lua sets it), "fair" (hindsight
-- optimisation, sg.search algo "fair" with NODES nodes a move and SAMPLES samples, each
-- default its own), "random".
-- DEALS: how many (default 1000), seeds FIRST (default 1) onwards.  VARIANT: the variant as
-- Lua table fields, e.g. 'draw = 1' or 'stock = "one_pass"' (default: the defaults).  "log":
-- a line per deal as it ends (seed, result, nodes or cards home, moves, seconds; for the
-- players, also the process's processor seconds, which a loaded machine does not inflate as
-- much), so a long run's figures can be read before it ends.
local sg = require "stratagem"
local player = arg[1] or "solver"
local deals = math.tointeger(tonumber(arg[2])) or 1000
local variant = load("return {" .. (arg[3] or "") .. "}")()
local nodes = math.tointeger(tonumber(arg[4]))
local first = math.tointeger(tonumber(arg[5])) or 1
local log = arg[6] == "log"
local samples = math.tointeger(tonumber(arg[7]))
if log then io.stdout:setvbuf("line") end
if not ({solver = 1, pimc = 1, fair = 1, random = 1})[player] then
  io.stderr:write("usage: stratagem scenarios/patience/winrate.lua solver|pimc|fair|random "
                  .. "[DEALS] [VARIANT] [NODES] [FIRST] [log] [SAMPLES]\n")
  os.exit(2)
end

-- Wilson's score interval for k successes in n trials, 95%.
local function wilson(k, n)
  local z = 1.959964
  local p = k / n
  local d = 1 + z * z / n
  local c = (p + z * z / (2 * n)) / d
  local h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  return math.max(0, c - h), math.min(1, c + h)
end

local won, lost, unknown, cards, times, moves, cpu = 0, 0, 0, 0, {}, 0, 0
local move_max = 0   -- the longest a move took (fair players)
local t_all = sg.clock()
for seed = first, first + deals - 1 do
  local g = sg.new("patience", {seed = seed, variant = variant})
  local t0, c0 = sg.clock(), os.clock()
  if player == "solver" then
    local r = g:solve{nodes = nodes}   -- nil: the solver's default
    if r.result == "won" then
      for _, m in ipairs(r.moves) do g:play(m) end
      assert(g:status() == "won", "seed " .. seed .. ": the solver's line does not win")
      won = won + 1
    elseif r.result == "lost" then lost = lost + 1
    else unknown = unknown + 1 end
    if log then print(seed, r.result, r.nodes, #r.moves, ("%.3f"):format(sg.clock() - t0)) end
  else
    local opts = player == "fair" and {algo = "fair", samples = samples, nodes = nodes}
                 or player == "random" and {algo = "random"} or {}
    local ply = 0
    while g:status() == "playing" do
      opts.seed = seed * 1000003 + ply
      local tm = sg.clock()
      g:play(sg.search(g, opts).move)
      move_max = math.max(move_max, sg.clock() - tm)
      ply = ply + 1
    end
    moves = moves + ply
    if g:status() == "won" then won = won + 1 end
    local f = {g:position{all = true}:match(" (%d+),(%d+),(%d+),(%d+) ")}
    cards = cards + f[1] + f[2] + f[3] + f[4]
    if log then
      print(seed, g:status(), f[1] + f[2] + f[3] + f[4], ply, ("%.3f"):format(sg.clock() - t0),
            ("%.3f"):format(os.clock() - c0))
    end
  end
  times[#times + 1] = sg.clock() - t0
  cpu = cpu + os.clock() - c0
end
table.sort(times)
local lo, hi = wilson(won, deals)
local desc = {}
for k, v in pairs(variant) do desc[#desc + 1] = k .. "=" .. tostring(v) end
table.sort(desc)
print(("patience %s, %d deals (seeds %d-%d), variant {%s}%s%s"):format(player, deals, first,
      first + deals - 1, table.concat(desc, ", "), nodes and (", nodes " .. nodes) or "",
      samples and (", samples " .. samples) or ""))
print(("won %d = %.1f%% (95%% interval %.1f-%.1f%%)"):format(won, 100 * won / deals, 100 * lo,
                                                           100 * hi))
if player == "solver" then
  print(("lost (no line wins: the search was complete) %d, unknown (node limit) %d")
        :format(lost, unknown))
else
  print(("mean cards on the foundations %.1f, mean moves %.0f"):format(cards / deals,
                                                                        moves / deals))
  local total = 0
  for _, x in ipairs(times) do total = total + x end
  print(("time per move: mean %.4f s, max %.3f s"):format(total / math.max(moves, 1), move_max))
end
print(("time per deal: median %.3f s, max %.3f s; total %.1f s; processor time %.3f s a deal")
      :format(times[(#times + 1) // 2], times[#times], sg.clock() - t_all, cpu / deals))
