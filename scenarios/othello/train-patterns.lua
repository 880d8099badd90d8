-- train-patterns.lua: train Othello's pattern weights (doc/classic.md, "Pattern evaluation").
-- stratagem scenarios/othello/train-patterns.lua [GAMES [OUT [SEED [GENERATIONS]]]]
-- Self-play games from SEED, each solved exactly at 14 empty squares; every position from the
-- end of the game's random opening is labelled with the exact margin, and the weights of each
-- stage are fitted to those labels.  Prints the fit (mean absolute error per stage on the
-- positions fitted and on the held-out games, in discs) and writes OUT.
local othello = require "stratagem.othello"
local games = math.tointeger(tonumber(arg[1] or "20000"))
local out = arg[2] or "othello-patterns.dat"
local seed = math.tointeger(tonumber(arg[3] or "1"))
local gens = math.tointeger(tonumber(arg[4] or "2"))
if not games or games < 1 or not seed or not gens or gens < 1 then
  io.stderr:write("usage: stratagem train-patterns.lua [GAMES [OUT [SEED [GENERATIONS]]]]: " ..
                  "GAMES, SEED and GENERATIONS whole numbers (GAMES and GENERATIONS 1 or more)\n")
  os.exit(1)
end
othello.train{games = games, seed = seed, generations = gens, out = out, log = function(gen, r)
  print(string.format("generation %d: %d positions fitted, %d held out (every 10th game), " ..
                      "%.0f M solver nodes, %.1f s", gen, r.positions, r.held_out,
                      r.solve_nodes / 1e6, r.time))
  print("  empties  fitted  mae(zero)  mae(fit)  held-out  mae(held)")
  for _, s in ipairs(r.stages) do
    print(string.format("  %2d-%-2d  %8d  %9.2f  %8.2f  %8d  %9.2f", s.empties_min,
                        s.empties_max, s.count, s.zero_mae, s.train_mae, s.held_count, s.held_mae))
  end
end}
print("wrote " .. out)
