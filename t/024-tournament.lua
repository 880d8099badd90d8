package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 024-tournament.lua: the tournament runner: seat rotations, counting, intervals, bad input.
local t = require "tap"
local T = require "stratagem.tournament"

-- Wilson intervals against values computed by hand
local lo, hi = T.interval(0, 10)
t.ok(lo == 0 and math.abs(hi - 0.2775) < 1e-3, ("0 of 10: 0 to 27.8%% (%.4f)"):format(hi))
lo, hi = T.interval(50, 100)
t.ok(math.abs(lo - 0.4038) < 1e-3 and math.abs(hi - 0.5962) < 1e-3,
     ("50 of 100: 40.4%% to 59.6%% (%.4f, %.4f)"):format(lo, hi))
lo, hi = T.interval(100, 100)
t.ok(math.abs(lo - 0.9630) < 1e-3 and hi == 1, ("100 of 100: 96.3%% to 100%% (%.4f)"):format(lo))

-- tic-tac-toe: two equal perfect players draw every game; both seats rotate
local res = T.run{game = "tictactoe", games = 6, progress = false,
                  entrants = {{name = "a", search = {random = 0}}, {name = "b", search = {random = 0}}}}
t.is(res.games, 6, "six games")
t.is(res.drawn, 6, "perfect players draw them all")
t.is(res.entrants[1].seats, 6, "each entrant held a seat in every game")
t.is(res.entrants[1].won + res.entrants[2].won, 0, "nobody won outright")
t.is(res.entrants[1].first + res.entrants[2].first, 0, "a drawn two-player game has no ranking, so no first place")

-- the perfect player against the random one never loses and wins often
res = T.run{game = "tictactoe", games = 40, progress = false,
            entrants = {{name = "ai", search = {random = 0}}, {name = "rnd", search = {algo = "random"}}}}
t.is(res.entrants[2].won, 0, "the random player never beats the perfect one")
t.ok(res.entrants[1].won >= 20, ("the perfect player wins most games (%d of 40)"):format(res.entrants[1].won))
local again = T.run{game = "tictactoe", games = 40, progress = false,
                    entrants = {{name = "ai", search = {random = 0}}, {name = "rnd", search = {algo = "random"}}}}
t.is(again.entrants[1].won, res.entrants[1].won, "a tournament is reproducible from its seed")

-- Star Chess: four seats, two entrants hold two each, every rotation
res = T.run{game = "starchess", games = 8, progress = false,
            options = {rules = {max_turns = 5}},
            entrants = {{name = "p0", search = {turns = 0}}, {name = "rnd", search = {algo = "random"}}}}
t.is(res.seats, 4, "Star Chess has four seats")
t.is(res.entrants[1].seats, 16, "each of two entrants holds two seats per game")
t.is(res.entrants[1].expected, 0.5, "so the equal-strength share is 50%")
t.like(T.report(res, "x"), "| p0 | %d+ of 8 |", "the report is a Markdown table")

-- a lineup: entrant 1 in one seat, entrant 2 in three; the lineup rotates over the seats
res = T.run{game = "starchess", games = 8, progress = false, lineup = {1, 2, 2, 2},
            options = {rules = {max_turns = 3}},
            entrants = {{name = "p0", search = {turns = 0}}, {name = "plain", search = {masks = false}}}}
t.is(res.entrants[1].seats, 8, "lineup {1, 2, 2, 2}: entrant 1 holds one seat per game")
t.is(res.entrants[2].seats, 24, "and entrant 2 three")
t.is(res.entrants[1].expected, 0.25, "so entrant 1's equal-strength share is 25%")
t.is(res.drawn, 8, "three full turns decide nothing")
t.is(res.decided, 0, "the result counts the decided games")
t.is(res.median_length, 4, "and their median length (drawn after full turn 3: turn 4 begun)")
t.ok(res.entrants[1].time_median and res.entrants[1].time_max >= res.entrants[1].time_median,
     "each entrant's time per move: median and maximum")
t.like(T.report(res), "Decided %(won outright%): 0 of 8", "the report gives the decided share")
t.like(T.report(res), "median length 4 full turns", "and the median length")
for _, bad in ipairs({{{1, 2, 2}, "lineup must be an array of 4 entrant indices"},
                      {{1, 2, 2, 3}, "lineup%[4%] must be an entrant index from 1 to 2"},
                      {{2, 2, 2, 2}, "lineup gives entrant 1 no seat"}}) do
  t.errors(function() T.run{game = "starchess", games = 1, progress = false, lineup = bad[1],
                            entrants = {{name = "a", search = {}}, {name = "b", search = {}}}} end,
           bad[2], "a bad lineup: " .. bad[2]:gsub("%%", ""))
end

-- an entrant's own weights, and random openings shared by the rotations of a round
local flat = {a1 = 0, b1 = 0, c1 = 0, d1 = 0, b2 = 0, c2 = 0, d2 = 0, c3 = 0, d3 = 0, d4 = 0,
              mobility_open = 0, mobility_end = 0, discs_open = 1, discs_end = 1,
              preset = "blunt"}   -- the weighting scheme's weights (Othello's patterns by default)
local function oth(o)
  return T.run{game = "othello", games = 6, progress = false, opening = o,
               entrants = {{name = "scheme", search = {depth = 1, endgame = 0}},
                           {name = "discs", search = {depth = 1, endgame = 0}, weights = flat}}}
end
local a, b = oth(4), oth(4)
t.is(a.entrants[1].won, b.entrants[1].won, "with an opening a tournament is still reproducible")
local _, _, _, n1 = T.play_game("othello", nil, {{search = {depth = 1}}, {search = {depth = 1}}},
                               {1, 2}, 3, nil, 0)
local _, _, _, n2, g2 = T.play_game("othello", nil, {{search = {depth = 1}}, {search = {depth = 1}}},
                                    {1, 2}, 3, nil, 5)
t.is(g2:ply() - n2, 5, "the 5 opening moves are played before the entrants move")
t.isnt(n1, n2, "and the game goes another way")
local _, _, _, _, gd = T.play_game("othello", nil, {{search = {depth = 1}},
                                   {search = {depth = 1}, weights = {preset = "blunt"}}},
                                   {1, 2}, 3, nil, 0)
local _, _, _, _, gw = T.play_game("othello", nil, {{search = {depth = 1}},
                                   {search = {depth = 1}, weights = flat}}, {1, 2}, 3, nil, 0)
t.isnt(table.concat(gd:history(), " "), table.concat(gw:history(), " "),
       "an entrant's weights change how it plays")
t.is(gw:config().weights.a1, 100, "and the game itself keeps the default weights")
t.errors(function() T.run{game = "othello", games = 1, progress = false,
                          entrants = {{name = "a", search = {}}, {name = "b", search = {}, weights = {a9 = 1}}}} end,
         "unknown weights key 'a9'", "an unknown weight is named")
t.errors(function() T.run{game = "othello", opening = -1,
                          entrants = {{name = "a", search = {}}, {name = "b", search = {}}}} end,
         "opening must be a whole number", "a negative opening")

-- bad settings
t.errors(function() T.run{game = "tictactoe", entrants = {}} end, "at least two", "too few entrants")
t.errors(function() T.run{game = "tictactoe", entrants = {{name = "a", search = {}}, {name = "b"}}} end,
         "entrants%[2%] must be", "an entrant without search settings")
t.errors(function() T.run{game = "tictactoe", gmaes = 3, entrants = {}} end, "unknown setting 'gmaes'",
         "a misspelled setting")
t.errors(function() T.run{game = "tictactoe", games = 0,
                          entrants = {{name = "a", search = {}}, {name = "b", search = {}}}} end,
         "games must be a whole number", "zero games")
t.done()
