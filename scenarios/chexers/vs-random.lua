-- Experiment: the seed's player, max^n with its evaluation (and, with --prune, its action
-- pruning at every node of the tree; with --prune-own, for its own moves only), against two
-- random players.  The seed reports that it always wins.
-- Usage: stratagem scenarios/chexers/vs-random.lua [GAMES] [--prune | --prune-own] [--depth N]
local depth, prune, rest = 3, false, {}
local i = 1
while i <= #arg do
  if arg[i] == "--prune" then prune = true
  elseif arg[i] == "--prune-own" then prune = "own"
  elseif arg[i] == "--depth" then i = i + 1; depth = math.tointeger(tonumber(arg[i])) or depth
  else rest[#rest + 1] = arg[i] end
  i = i + 1
end
require("stratagem.tournament").experiment{
  name = "chexers vs-random", game = "chexers", args = rest,
  label = ("max^n depth %d%s against two random players"):format(depth,
          prune == "own" and ", action pruning of its own moves" or
          prune and ", action pruning" or ""),
  entrants = {
    {name = "max^n", search = {algo = "maxn", depth = depth, prune_actions = prune}},
    {name = "random A", search = {algo = "random"}},
    {name = "random B", search = {algo = "random"}},
  },
}
