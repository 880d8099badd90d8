-- Experiment: a round robin of the multi-player searches on Chexers at equal time per move:
-- max^n, paranoid, best-reply search and MCTS (playouts cut after 10 actions), every three of
-- the four at the table, each seating played in every rotation.  With --prune every searcher
-- uses the seed's action pruning.  Time limits make the games depend on the machine's speed and load: the figures
-- are not reproducible bit for bit, unlike the depth-limited experiments.
-- Usage: stratagem scenarios/chexers/round-robin.lua [GAMES-PER-TABLE] [--time S] [--prune]
local T = require "stratagem.tournament"
local games, time, prune = 30, 0.05, false
local i = 1
while i <= #arg do
  local a = arg[i]
  if a == "--prune" then prune = true
  elseif a == "--time" then i = i + 1; time = tonumber(arg[i]) or error("--time needs seconds")
  elseif math.tointeger(tonumber(a)) then games = math.tointeger(tonumber(a))
  else error("unknown argument '" .. a .. "'") end
  i = i + 1
end
local algos = {"maxn", "paranoid", "brs", "mcts"}
-- MCTS's playouts are scored by the evaluation after 10 random actions: random games to the
-- end tell little in Chexers (at 0.05 s a move that setting wins 16 of 30 three-way games
-- against playouts to the end, which win 2)
local extra = {mcts = {playout_depth = 10}}
local total = {}
for _, a in ipairs(algos) do total[a] = {games = 0, won = 0, first = 0} end
local drawn, n, t0 = 0, 0, os.time()
for leave = #algos, 1, -1 do   -- each table leaves one algorithm out
  local entrants = {}
  for _, a in ipairs(algos) do
    if a ~= algos[leave] then
      local search = {algo = a, depth = 0, time = time, prune_actions = prune}
      for k, v in pairs(extra[a] or {}) do search[k] = v end
      entrants[#entrants + 1] = {name = a, search = search}
    end
  end
  local res = T.run{game = "chexers", games = games, seed = 100 * leave, entrants = entrants}
  print(T.report(res, ("table without %s"):format(algos[leave])))
  print()
  for _, e in ipairs(res.entrants) do
    local t = total[e.name]
    t.games, t.won, t.first = t.games + res.games, t.won + e.won, t.first + e.first
  end
  drawn, n = drawn + res.drawn, n + res.games
end
print(("### round robin, %.2f s per move%s: all tables\n"):format(time,
      prune and ", action pruning" or ""))
print("| search | games | won | rate (95% interval) | first places |")
print("|---|---|---|---|---|")
for _, a in ipairs(algos) do
  local t = total[a]
  local lo, hi = T.interval(t.won, t.games)
  print(("| %s | %d | %d | %.1f%% (%.1f-%.1f%%) | %d |"):format(a, t.games, t.won,
        100 * t.won / t.games, 100 * lo, 100 * hi, t.first))
end
print(("\n%d games, %d drawn; the equal-strength share is 33.3%%; %d s."):format(n, drawn,
      os.time() - t0))
