-- Experiment: the exact turn planner (sg.search algo "turn") on seeded random close-combat
-- positions: 5 red and 5 blue units (swordsmen and archers, MP 5) scattered together in a
-- SPREAD x SPREAD square (default 7) in the middle of an open 30x30 square4 board, every unit
-- between half and full health, no leaders, red to move.  Prints each position's planner time,
-- exactness, nodes, ops1 and score, then the median time, the share over 1 s and the share not
-- finished within the time limit (default 10 s).
-- Usage: stratagem scenarios/warchess/close-combat.lua [N] [--seed S] [--spread K]
--        [--time T] [--show I] [--units U]
-- (--show I prints the I-th position's text and plan instead of the table.)
local sg = require "stratagem"
local fmt = string.format

local n, seed, spread, limit, show, per_side = 40, 1, 7, 10, nil, 5
local i = 1
while i <= #arg do
  local a = arg[i]
  local function value()
    i = i + 1
    local v = math.tointeger(tonumber(arg[i]))
    if not v or v < 0 then error(fmt("close-combat: %s needs a whole number", a), 0) end
    return v
  end
  if a == "--seed" then seed = value()
  elseif a == "--spread" then spread = value()
  elseif a == "--time" then limit = value()
  elseif a == "--show" then show = value()
  elseif a == "--units" then per_side = value()
  elseif math.tointeger(tonumber(a)) then n = math.tointeger(tonumber(a))
  else
    error("usage: stratagem scenarios/warchess/close-combat.lua [N] [--seed S] [--spread K] "
          .. "[--time T] [--show I] [--units U]", 0)
  end
  i = i + 1
end
if spread * spread < 2 * per_side or spread > 30 or per_side < 1 or per_side > 16 then
  error("close-combat: the square must hold every unit (spread 1 to 30, units 1 to 16)", 0)
end

-- The I-th scenario of the seed: a scenario table (math.random seeded per scenario, so any
-- one can be shown alone).
local function scenario(k)
  math.randomseed(seed, k)
  local x0 = 15 - spread // 2
  local used, units = {}, {}
  for side = 1, 2 do
    for _ = 1, per_side do
      local x, y
      repeat
        x, y = x0 + math.random(0, spread - 1), x0 + math.random(0, spread - 1)
      until not used[y * 100 + x]
      used[y * 100 + x] = true
      local archer = math.random(3) == 1
      local hpmax = archer and 6 or 10
      units[#units + 1] = {side = side, kind = archer and "archer" or "swordsman", x = x, y = y,
                           mp = 5, hp = math.random((hpmax + 1) // 2, hpmax)}
    end
  end
  return {board = {kind = "square4", width = 30, height = 30}, units = units, side = 1}
end

if show then
  local g = assert(sg.new("warchess", {scenario = scenario(show)}))
  print(g:position())
  print(g)
  local r = sg.search(g, {algo = "turn", time = limit})
  print(fmt("time %.3f s, exact %s, nodes %d, ops1 %d, score %d%s", r.time, tostring(r.exact),
            r.nodes, r.ops1, r.score, r.win and " (wins)" or ""))
  print(table.concat(r.moves, ", "))
  return
end

print(fmt("war chess close combat: %d positions, %d v %d units (MP 5) in a %dx%d square, "
          .. "30x30, seed %d, limit %d s", n, per_side, per_side, spread, spread, seed, limit))
print("   #     time  exact      nodes        ops1  groups  score")
local times, over, unfinished, total = {}, 0, 0, 0
for k = 1, n do
  local g = assert(sg.new("warchess", {scenario = scenario(k)}))
  local r = sg.search(g, {algo = "turn", time = limit})
  times[k] = r.time
  total = total + r.time
  if r.time > 1 then over = over + 1 end
  if not r.exact then unfinished = unfinished + 1 end
  print(fmt("%4d %8.3f  %-5s %10d %11d %7d  %5d%s", k, r.time, tostring(r.exact), r.nodes,
            r.ops1, r.groups, r.score, r.win and " (wins)" or ""))
  io.stdout:flush()
end
table.sort(times)
local median = n % 2 == 1 and times[(n + 1) // 2] or (times[n // 2] + times[n // 2 + 1]) / 2
print(fmt("median %.3f s, mean %.3f s, over 1 s: %d of %d (%.0f%%), not finished in %d s: %d "
          .. "(%.0f%%)", median, total / n, over, n, 100 * over / n, limit, unfinished,
          100 * unfinished / n))
