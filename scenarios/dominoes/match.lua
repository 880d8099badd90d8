-- Experiment: two dominoes players (fives and threes, 2 players, target 61) over seeded deals,
-- each deal played twice with the seats swapped.  Prints the share of games each won and the
-- points each scored per hand, with 95% intervals.
-- Usage: stratagem scenarios/dominoes/match.lua [GAMES] [A] [B]
--   GAMES: games in all (even; default 1000); A, B: players named below (default pimc greedy)
local sg = require "stratagem"
local fmt = string.format

local PLAYERS = {
  greedy = {algo = "greedy"},
  random = {algo = "random"},
  -- determinized alpha-beta: 20 samples of the unseen tiles, each searched to depth 3 (with
  -- the evaluation's obstruction and options terms), the move most samples chose
  pimc = {algo = "pimc", samples = 20, depth = 3},
  -- the same without the evaluation's hand terms: points only
  ["pimc-points"] = {algo = "pimc", samples = 20, depth = 3,
                     weights = {points = 100, tiles = 0, pips = 0, options = 0, stuck = 0}},
  ismcts = {algo = "ismcts", iterations = 1000},
}

local DEFAULT_WEIGHTS = sg.defaults("dominoes").weights

-- A player: a name above, with settings changed after a colon: pimc:samples=40,depth=5
-- (w.NAME=V for a weight: pimc:w.stuck=0).
local function player(spec)
  local name, rest = spec:match("^([^:]+):?(.*)$")
  local base = PLAYERS[name]
  if not base then return nil end
  local p = {}
  for k, v in pairs(base) do p[k] = v end
  local w = {}
  for k, v in pairs(base.weights or DEFAULT_WEIGHTS) do w[k] = v end
  for k, v in rest:gmatch("([%w_.]+)=([^,]+)") do
    local wk = k:match("^w%.(.+)$")
    if wk then w[wk] = tonumber(v) else p[k] = tonumber(v) or v end
  end
  p.weights = w
  return p
end

local games = tonumber(arg[1] or "") or 1000
local na, nb = arg[2] or "pimc", arg[3] or "greedy"
local pa, pb = player(na), player(nb)
if not pa or not pb then
  local names = {}
  for k in pairs(PLAYERS) do names[#names + 1] = k end
  table.sort(names)
  error(fmt("unknown player '%s' (players: %s)", pa and nb or na, table.concat(names, ", ")), 0)
end

local function move_of(g, spec, seed)
  local o = {seed = seed}
  for k, v in pairs(spec) do if k ~= "weights" then o[k] = v end end
  g:set_weights(spec.weights or DEFAULT_WEIGHTS)
  return sg.search(g, o).move
end

-- Wilson's 95% interval of a proportion k / n.
local function wilson(k, n)
  local z, p = 1.96, k / n
  local d = 1 + z * z / n
  local c = (p + z * z / (2 * n)) / d
  local h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  return c - h, c + h
end

local function mean_ci(xs)
  local n, s, ss = #xs, 0, 0
  for _, x in ipairs(xs) do s = s + x end
  local m = s / n
  for _, x in ipairs(xs) do ss = ss + (x - m) ^ 2 end
  local se = math.sqrt(ss / (n - 1) / n)
  return m, m - 1.96 * se, m + 1.96 * se
end

local won = {0, 0}
local pph = {{}, {}}       -- points per hand in each game, per player (1 = A, 2 = B)
local diff = {}            -- A's minus B's points per hand, per game
local hands_total, moves_total = 0, 0
local t0 = sg.clock()
for i = 1, games do
  local seed = (i + 1) // 2
  local a_seat = i % 2 == 1 and 1 or 2   -- the deal played twice, A in seat 1 then in seat 2
  local g = sg.new("dominoes", {seed = seed})
  local n = 0
  while g:status() == "playing" do
    local spec = g:player() == a_seat and pa or pb
    g:play(move_of(g, spec, seed * 100003 + n))
    n = n + 1
  end
  local all = g:position{all = true}
  local hands = tonumber(all:match("^hand (%d+)"))
  local s1, s2 = all:match(" scores (%d+),(%d+)")
  local sc = {tonumber(s1), tonumber(s2)}
  local _, w = g:status()
  local a_pts, b_pts = sc[a_seat], sc[3 - a_seat]
  if w == a_seat then won[1] = won[1] + 1 elseif w then won[2] = won[2] + 1 end
  pph[1][#pph[1] + 1], pph[2][#pph[2] + 1] = a_pts / hands, b_pts / hands
  diff[#diff + 1] = (a_pts - b_pts) / hands
  hands_total, moves_total = hands_total + hands, moves_total + n
end
local secs = sg.clock() - t0

print(fmt("dominoes %s against %s: %d games (%d deals, seats swapped), %d hands, %d moves, "
          .. "%.1f s", na, nb, games, (games + 1) // 2, hands_total, moves_total, secs))
for k, name in ipairs({na, nb}) do
  local lo, hi = wilson(won[k], games)
  local m, mlo, mhi = mean_ci(pph[k])
  print(fmt("  %-12s won %4d of %d = %5.1f%% (95%%: %5.1f-%5.1f%%)   points per hand %5.2f "
            .. "(95%%: %5.2f-%5.2f)", name, won[k], games, 100 * won[k] / games, 100 * lo,
            100 * hi, m, mlo, mhi))
end
local m, lo, hi = mean_ci(diff)
print(fmt("  %s minus %s: %+.2f points per hand (95%%: %+.2f to %+.2f)", na, nb, m, lo, hi))
