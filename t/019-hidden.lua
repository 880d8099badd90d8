-- 019-hidden.lua: the searches that do not cheat (pimc, ismcts) and the view and sample of a
-- game, on games without hidden information (every sample is the position itself: the
-- searches must then agree with the perfect-information ones).  The card and tile games test
-- them where information is hidden.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

-- views and samples of a game with nothing hidden
local g = sg.new("tictactoe", {position = "x../.o./..."})
t.is(g:view(), g:position(), "view: the position itself when nothing is hidden")
t.is(g:view(2), g:position(), "view of player 2: the same")
t.is(g:position{all = true}, g:position(), "position{all = true}: the same")
local s = g:sample(5)
t.is(s:position(), g:position(), "sample: a copy of the position")
t.is(s:ply(), 0, "sample: no history")
t.is(s:config().seed, g:config().seed, "sample: the game's seed")
t.errors(function() g:sample(1.5) end, "number has no integer representation", "sample: seed an integer")
t.errors(function() g:sample(1, 3) end, "sample: player 3 is not a player of this game %(1 to 2%)",
         "sample: a player out of range")
t.errors(function() g:view(0) end, "view: player 0 is not a player of this game %(1 to 2%)",
         "view: a player out of range")
t.errors(function() g:position{colour = true} end,
         "position: unknown option 'colour' or not of its type; expected start %(boolean%), all "
         .. "%(boolean%), player %(integer%)", "position: an unknown key")
t.errors(function() g:diagram(false, 3) end,
         "diagram: expected a boolean or a table {start =, all =, player =}, got number",
         "diagram: a wrong second argument")

-- pimc: one sample is its inner search
for _, pos in ipairs({"x../.o./...", "oo./.../xx.", "x.o/.x./o.."}) do
  local h = sg.new("tictactoe", {position = pos})
  local ab = sg.search(h, {depth = 9})
  local p = sg.search(h, {algo = "pimc", samples = 1, depth = 9})
  t.is(p.move, ab.move, "pimc, 1 sample, as alphabeta on " .. pos)
  t.is(p.score, ab.score, "pimc: the sample's score on " .. pos)
  t.ok(p.samples == 1 and p.votes == 1 and p.choices == 1 and p.exact == false,
       "pimc: 1 sample, 1 vote, 1 choice, not exact")
end
local p5 = sg.search(g, {algo = "pimc", samples = 5, depth = 9})
t.is(p5.votes, 5, "pimc: identical samples all vote alike")
t.is(sg.search(sg.new("tictactoe", {position = "oo./.../xx."}), {algo = "pimc", inner = "mcts",
     iterations = 3000}).move, "c1", "pimc with mcts inside: x wins at c1")
t.is(sg.search(sg.new("tictactoe", {position = "x../.x./o.."}), {algo = "pimc", inner = "maxn",
     samples = 2}).move, "c1", "pimc with maxn inside (depth 4 when nothing limits): o blocks")
local ch = sg.new("chexers")
local pc = sg.search(ch, {algo = "pimc", samples = 2, depth = 2})
t.ok(ch:legal(pc.move) and pc.samples == 2, "pimc on three players: maxn inside by default")
t.errors(function() sg.search(ch, {algo = "pimc", inner = "alphabeta"}) end,
         "inner 'alphabeta' needs one or two players; chexers has 3", "pimc: alphabeta inside needs two players")
local pn = sg.search(ch, {algo = "pimc", samples = 4, nodes = 400, depth = 30})
t.ok(pn.nodes <= 400 + 4 * 2 and pn.samples == 4, "pimc: the node limit shared out (" .. pn.nodes .. ")")

-- ismcts: as MCTS where nothing is hidden
local m = sg.search(sg.new("tictactoe", {position = "oo./.../xx."}), {algo = "ismcts", iterations = 2000})
t.is(m.move, "c1", "ismcts: x wins with c1")
t.ok(m.iterations == 2000 and m.tree_nodes <= 2001 and m.visits > 1000,
     "ismcts: 2000 iterations, a tree of at most 2001 nodes, most through c1")
t.ok(math.abs(m.scores[1] + m.scores[2] - 1) < 1e-9 and m.score == m.scores[1] and m.score > 0.9,
     "ismcts: rewards sum to 1, x's near 1")
m = sg.search(sg.new("tictactoe", {position = "x../.x./o.."}), {algo = "ismcts", iterations = 3000})
t.is(m.move, "c1", "ismcts: o blocks with c1")
local a = sg.search(ch, {algo = "ismcts", iterations = 300, seed = 9})
local b = sg.search(ch, {algo = "ismcts", iterations = 300, seed = 9})
t.ok(a.move == b.move and a.nodes == b.nodes and a.visits == b.visits,
     "ismcts: the same seed, the same search")
local lim = sg.search(ch, {algo = "ismcts", nodes = 5000})
t.ok(lim.nodes <= 5000 + 1000 and ch:legal(lim.move), "ismcts: a node limit (" .. lim.nodes .. ")")
t.errors(function() sg.search(g, {algo = "ismcts", depth = 3}) end,
         "depth %(algo 'ismcts'%): not an option of this algorithm", "ismcts: no depth")
t.errors(function() sg.search(g, {algo = "pimc", samples = 0}) end,
         "samples %(algo 'pimc'%): 0 is out of range; expected a whole number from 1 to 1048576",
         "pimc: at least one sample")
t.errors(function() sg.search(sg.new("tictactoe", {position = "xxx/oo./..."}), {algo = "ismcts"}) end,
         "the game is over", "ismcts: a finished game")

t.done()
