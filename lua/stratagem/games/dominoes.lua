-- Dominoes, fives and threes (002, section 9.6): rules constants, evaluation weights, search
-- and play settings (the only copy), and the greedy player of the seed's checklist.
local levels = require "stratagem.levels"
local M = {
  title = "Dominoes: fives and threes, double-six set, 2 to 4 players, hidden hands",
  notation = "a tile and the end to lay it at: 5-3L or 5-3R (also 53l, 35r; a lead, or a "
             .. "tile that fits one end only, without the end: 5-3), or the tile's number in your "
             .. "hand and the end (3L), draw, pass",
  players = {"player 1", "player 2", "player 3", "player 4"},
  -- target: the first to reach it wins (at once, even mid-hand); hand_size: tiles dealt to
  -- each player (7 for two players; the rules file deals 5 with 3 or 4); players: 2 to 4;
  -- draw_until: tiles left in the boneyard when drawing must stop (then a player who cannot
  -- lay a tile passes)
  rules = {target = 61, hand_size = 7, players = 2, draw_until = 0},
  -- evaluation at the search horizon (on a sample, where every hand is known), for each
  -- player: `points` per point of score, minus `tiles` per tile and `pips` per pip in hand,
  -- plus `options` per number 0-6 the hand holds (keeping options to place every tile),
  -- minus `stuck` per open end the player cannot match (so laying ends the others cannot
  -- match, obstruction, counts for the layer); the vector is made zero-sum.  tiles and pips
  -- are 0: in the matches of doc/dominoes.md none of the four hand terms changed the points
  -- per hand measurably (the search already sees the replies that score); tiles cost a little
  weights = {points = 100, tiles = 0, pips = 0, options = 10, stuck = 25},
  variant = {},
  options = {},
  -- sg.search defaults: determinized alpha-beta (pimc) over samples of the unseen tiles
  search = {algo = "pimc", samples = 20, depth = 3, hash = 1},
  -- scores shown in points (the evaluation over weights.points)
  -- --level 1 to 10: random tiles, the seed's checklist (greedy), then pimc with more deals of
  -- the unseen tiles (samples) and a deeper search of each, no time limit (a time a move would
  -- leave every level above a few alike: a deal's search is short); level 6 is play's default
  play = {seats = {"human", "ai"}, ai = {algo = "pimc", samples = 40, depth = 5, hash = 1},
          score = {scale = 100, unit = "points"},
          -- the level the web page (stratagem serve) starts at
          default_level = 10,
          levels = levels.list(
            {algo = "random", text = "lays a tile at random"},
            levels.blunder({samples = 40, depth = 5}, {12, 20, 32, 45, 55, 65, 77, 88},
                           "plays level 10's tile on %s of its turns, a random one on the others"),
            {samples = 40, depth = 5,
             text = "deals the unseen tiles 40 ways, looks 5 plies ahead in each (play's default)"})},
}

-- With 3 or 4 players the rules file deals 5 tiles each: sg.new takes rules.players alone and
-- fills hand_size unless it is given too.
function M.setup(opts, c)
  local r = opts.rules or {}
  if r.players and r.players ~= 2 and r.hand_size == nil then c.rules.hand_size = 5 end
  return true
end

-- The points a total of the open ends scores (multiples of 5 and of 3).
local function points(total)
  if total <= 0 then return 0 end
  return (total % 5 == 0 and total // 5 or 0) + (total % 3 == 0 and total // 3 or 0)
end

-- The line as the player to move sees it: the tiles left to right, each {a, b}.
local function line_of(g)
  local text = g:position()
  local l = text:match(" line (%S+)")
  local line = {}
  if l ~= "-" then
    for a, b in l:gmatch("(%d)(%d)") do line[#line + 1] = {tonumber(a), tonumber(b)} end
  end
  return line
end

local function total_of(line)
  local n = #line
  if n == 0 then return 0 end
  if n == 1 then return line[1][1] + line[1][2] end
  local l, r = line[1], line[n]
  return l[1] * (l[1] == l[2] and 2 or 1) + r[2] * (r[1] == r[2] and 2 or 1)
end

-- What laying the move (a string such as "5-3L") scores on this line: the seed's checklist
-- (does a half match the left or the right end, which placing makes a multiple of 5 or 3).
local function move_points(line, m)
  local a, b, side = m:match("^(%d)%-(%d)([LR]?)$")
  if not a then return nil end
  a, b = tonumber(a), tonumber(b)
  local t = {}
  for i, x in ipairs(line) do t[i] = x end
  if #t == 0 then
    t[1] = {a, b}
  elseif side == "R" then
    local e = t[#t][2]
    t[#t + 1] = a == e and {a, b} or {b, a}
  else
    local e = t[1][1]
    table.insert(t, 1, b == e and {a, b} or {b, a})
  end
  return points(total_of(t)), a + b
end

-- The greedy player of the seed's checklist: among the legal placings, the one that scores
-- most, then the heavier tile (fewer pips left if the hand blocks), then the game's order;
-- draw or pass only when no tile fits.  It reads only the mover's view (the line and the
-- legal moves), so it never cheats.
local function greedy(g)
  local t0 = os.clock()
  local line = line_of(g)
  local best, bp, bw
  for _, m in ipairs(g:moves()) do
    local p, w = move_points(line, m)
    if p == nil then p, w = -1, -1 end
    if best == nil or p > bp or (p == bp and w > bw) then best, bp, bw = m, p, w end
  end
  if best == nil then error("the game is over", 0) end
  return {move = best, score = bp, depth = 0, nodes = 0, time = os.clock() - t0, pv = {best}}
end

M.algos = {
  greedy = {options = {{name = "seed", shared = true}}, defaults = {}, run = greedy},
}

M.api = {points = points}

return M
