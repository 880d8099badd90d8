-- scenarios/search/enhancements.lua: what alpha-beta's enhancements are worth in play.
--
--   stratagem scenarios/search/enhancements.lua GAME [GAMES [TIME [OFF...]]]
--
-- Plays GAMES games (default 200) of GAME between the shared alpha-beta with every
-- enhancement on ("full") and the same search with the enhancements named in OFF switched off
-- ("plain"; default: pvs aspiration killers history null_move lmr quiescence probcut, which is plain
-- alpha-beta with a transposition table), TIME seconds per move each (default 0.05).  Each
-- start (a few random opening moves from the round's seed) is played twice with the colours
-- swapped.  Prints wins, draws and losses of "full" and its Elo difference with a 95% interval.
local T = require "stratagem.tournament"

local game = arg[1] or "othello"
local games = tonumber(arg[2]) or 200
local time = tonumber(arg[3]) or 0.05
local off = {}
for i = 4, #arg do off[#off + 1] = arg[i] end
if #off == 0 then
  off = {"pvs", "aspiration", "killers", "history", "null_move", "lmr", "quiescence", "probcut"}
end
local plain = {algo = "alphabeta", time = time, depth = 0}
for _, k in ipairs(off) do plain[k] = false end
local openings = {othello = 4, draughts = 4, chess = 4, tictactoe = 1}

local res = T.run{
  game = game, games = games, seed = 1, opening = openings[game] or 2,
  entrants = {
    {name = "full", search = {algo = "alphabeta", time = time, depth = 0}},
    {name = "plain", search = plain},
  },
}
local full = res.entrants[1]
local w, l = full.won, res.entrants[2].won
local d = res.games - w - l

-- Elo from the mean score and its 95% interval from the games' score variance.
local function elo(s)
  if s <= 0 then return -math.huge end
  if s >= 1 then return math.huge end
  return -400 * math.log(1 / s - 1, 10)
end
local n = res.games
local s = (w + d / 2) / n
local var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * (0 - s) ^ 2) / n
local m = 1.96 * math.sqrt(var / n)
print(string.format("%s, %d games, %.3f s per move, plain = %s off", game, n, time,
                    table.concat(off, " ")))
print(string.format("full: %d wins, %d draws, %d losses; score %.1f%%; Elo %+.0f (95%%: %+.0f to %+.0f)",
                    w, d, l, 100 * s, elo(s), elo(s - m), elo(s + m)))
print(string.format("median time per move: full %.3f s, plain %.3f s; median game length %s %s",
                    full.time_median or 0, res.entrants[2].time_median or 0,
                    tostring(res.median_length), res.length_unit))
