-- Experiment: the weighting scheme (square weights, mobility and discs by phase; Blunt,
-- section 9.3) against an evaluation that counts discs only, both at the same depth and with
-- the same exact endgame.  Usage: stratagem scenarios/othello/weighting.lua [GAMES] [--depth4]
-- Each start (4 random moves from the standard position, seeded) is played with both colours.
local depth = 2
for _, a in ipairs(arg) do if a == "--depth4" then depth = 4 end end
local args = {}
for _, a in ipairs(arg) do if a ~= "--depth4" then args[#args + 1] = a end end
local discs = {a1 = 0, b1 = 0, c1 = 0, d1 = 0, b2 = 0, c2 = 0, d2 = 0, c3 = 0, d3 = 0, d4 = 0,
               mobility_open = 0, mobility_end = 0, discs_open = 1, discs_end = 1,
               preset = "blunt"}
-- the weighting scheme is preset "blunt" (the default evaluation is the patterns')
require("stratagem.tournament").experiment{
  name = "othello weighting", game = "othello", args = args, opening = 4,
  label = ("depth %d, 4 random opening moves"):format(depth),
  entrants = {
    {name = "weighting scheme", search = {depth = depth}, weights = {preset = "blunt"}},
    {name = "disc count only", search = {depth = depth}, weights = discs},
  },
}
