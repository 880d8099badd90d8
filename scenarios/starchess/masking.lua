-- Experiment: Request masking (tree predicts 0 turns) against the plain unmasked request list: does masking "decisively improve" play (section 2.2.2)?
-- Usage: stratagem scenarios/starchess/masking.lua [GAMES] [--rich]
-- Seeded games with every rotation of the seats (stratagem.tournament); --rich gives every
-- empire 2000 materials and credits at the start (rules start_materials, start_credits).
require("stratagem.tournament").experiment{
  name = "masking", game = "starchess", args = arg,
  flags = {["--rich"] = {label = "start reserves 2000",
                         options = {rules = {start_materials = 2000, start_credits = 2000}}}},
  entrants = {
    {name = "masked, turns 0", search = {turns = 0}},
    {name = "plain request list", search = {masks = false}},
  },
}
