-- 010-api.lua: the Lua API of DESIGN.md on tic-tac-toe.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

t.like(sg.version, "^%d+%.%d+%.%d+$", "sg.version is MAJOR.MINOR.PATCH")
local games = sg.games()
t.ok(type(games) == "table" and #games >= 1, "sg.games() is an array")
local sorted = true
for i = 2, #games do sorted = sorted and games[i - 1] < games[i] end
t.ok(sorted, "sg.games() is sorted")
local found = false
for _, n in ipairs(games) do found = found or n == "tictactoe" end
t.ok(found, "tictactoe is a game")
-- the word game (not a game of moves) is listed with "all" (#34 item 6), sorted in
local all = sg.games("all")
t.is(#all, #games + 1, "sg.games('all') has one game more than sg.games()")
t.is(table.concat(all, ","), table.concat((function()
  local l = {table.unpack(games)}
  l[#l + 1] = "wordgrid"
  table.sort(l)
  return l
end)(), ","), "... the word game, in its sorted place")
t.ok(getmetatable(sg.new("wordgrid", {seed = 1})) ~= nil, "... and sg.new makes it")
t.errors(function() sg.games("words") end, "sg.games: expected nothing %(the games of moves%) or \"all\"",
         "sg.games with anything else is an error saying what it takes")

local g = sg.new("tictactoe")
t.is(g:game(), "tictactoe", "g:game() names the game")
t.is(g:players(), 2, "two players")
t.is(g:player(), 1, "player 1 (x) moves first")
t.is(#g:moves(), 9, "nine moves from the empty board")
t.is(table.concat(g:moves(), " "), "a1 b1 c1 a2 b2 c2 a3 b3 c3", "moves in notation, in order")
t.is(select(1, g:status()), "playing", "status: playing")
t.is(select(2, g:status()), nil, "no winner yet")
t.is(g:play("b2"), g, "play returns the game")
t.is(g:player(), 2, "then o moves")
t.is(g:ply(), 1, "one move played")
t.is(#g:moves(), 8, "eight moves left")
t.is(g:position(), ".../.x./...", "position text after b2")
t.is(g:position(true), ".../.../...", "the start position is kept")
t.is_deeply(g:scores(), {4, -4}, "scores: x holds four open lines of weight 1")
t.is(g:undo(), "b2", "undo returns the move taken back")
t.is(g:ply(), 0, "back at the start")
t.is(g:player(), 1, "x to move again")

-- a full game to a win
for _, m in ipairs({"a1", "a2", "b1", "b2", "c1"}) do g:play(m) end
local status, winner = g:status()
t.is(status, "won", "x wins with a1 b1 c1")
t.is(winner, 1, "the winner is player 1")
t.is(#g:moves(), 0, "no moves after the end")
t.is_deeply(g:history(), {"a1", "a2", "b1", "b2", "c1"}, "history lists every move")
t.like(tostring(g), "1  x x x", "tostring draws the board (rank 1)")
t.like(tostring(g), "a b c", "and the files")
t.like(g:diagram(true), "\27%[", "diagram(true) uses colour")
t.ok(not tostring(g):find("\27"), "tostring has no colour")

-- a draw
local d = sg.new("tictactoe")
for m in ("b2 a1 c1 a3 a2 c2 b1 b3 c3"):gmatch("%S+") do d:play(m) end
t.is(select(1, d:status()), "drawn", "a full board without a line is drawn")
t.is(select(2, d:status()), nil, "with no winner")

-- copy is independent
local c = g:copy()
t.is(c:position(), g:position(), "a copy has the same position")
t.is_deeply(c:history(), g:history(), "and the same history")
c:undo()
t.isnt(c:position(), g:position(), "undo on the copy leaves the original")
t.is(#g:history(), 5, "the original keeps its history")
local big = sg.new("tictactoe")
for m in ("a1 b1 c1 a2 b2 c2 a3"):gmatch("%S+") do big:play(m) end
local bc = big:copy()
t.is_deeply(bc:history(), big:history(), "a copy of a longer game keeps all its history")
t.is(bc:undo(), "a3", "and undoes it")

-- perft through the API
local p = sg.new("tictactoe")
t.is(p:perft(0), 1, "perft(0) = 1")
t.is(p:perft(1), 9, "perft(1) = 9")
t.is(p:perft(3), 504, "perft(3) = 504")

-- legal
t.is(p:legal("a1"), true, "legal: a1 is legal")
local ok, why = p:legal("z9")
t.ok(ok == false and why:find("malformed"), "legal: z9 is not, with the reason")

-- options and config
local w = sg.new("tictactoe", {weights = {two = 50}, seed = 7})
local cfg = w:config()
t.is(cfg.weights.two, 50, "weights given are used")
t.is(cfg.weights.one, 1, "weights not given keep their defaults")
t.is(cfg.seed, 7, "the seed is kept")
t.is(cfg.variant.misere, false, "misere is off by default")
local dflt = sg.defaults("tictactoe")
t.is(dflt.weights.one, 1, "sg.defaults gives the Lua defaults")
dflt.weights.one = 99
t.is(sg.defaults("tictactoe").weights.one, 1, "and a copy of them")

-- the Lua defaults and the C parameter names agree
local core = require "stratagem.core"
local params = core.params("tictactoe")
for _, group in ipairs({"rules", "weights", "variant"}) do
  local lua_keys, c_keys = {}, {}
  for k in pairs(sg.defaults("tictactoe")[group]) do lua_keys[#lua_keys + 1] = k end
  for _, k in ipairs(params[group]) do c_keys[#c_keys + 1] = k end
  table.sort(lua_keys)
  table.sort(c_keys)
  t.is_deeply(lua_keys, c_keys, "the " .. group .. " keys of the Lua defaults are C's")
end

-- weights changed on a live game
local sw = sg.new("tictactoe")
sw:play("b2")
t.is(sw:set_weights{one = 5}, sw, "set_weights returns the game")
t.is(sw:config().weights.one, 5, "set_weights changes a weight")
t.is_deeply(sw:scores(), {20, -20}, "and the evaluation uses it at once")
t.is(sw:config().weights.two, 10, "other weights keep their values")
t.is_deeply(sg.load(sw:save()):config().weights, sw:config().weights, "a save keeps them")

-- a given position
local q = sg.new("tictactoe", {position = "x.o/.x./..."})
t.is(q:player(), 2, "o to move in x.o/.x./...")
t.is(#q:moves(), 6, "six empty squares")

-- variant: misere
local m = sg.new("tictactoe", {variant = {misere = true}})
for mv in ("a1 a2 b1 b2 c1"):gmatch("%S+") do m:play(mv) end
t.is(select(2, m:status()), 2, "in misere, x's three in a row makes o the winner")

-- hash changes with the position and comes back after undo
local h = sg.new("tictactoe")
local h0 = h:hash()
h:play("a1")
t.isnt(h:hash(), h0, "the hash changes with a move")
h:undo()
t.is(h:hash(), h0, "and comes back after undo")

-- distinct moves
t.is_deeply(sg.new("tictactoe"):moves{distinct = true}, {"a1", "b1", "b2"},
            "three essentially different first moves: corner, edge, centre")
local e = sg.new("tictactoe")
e:play("b2")
t.is(#e:moves{distinct = true}, 2, "after b2: a corner or an edge")
t.is(#e:moves{distinct = false}, 8, "distinct = false lists all")

-- a game's own options reach C through its defaults' setup hook
local defaults = require "stratagem.tictactoe"
defaults.options.layout = "empty"
defaults.setup = function(opts, c)
  if opts.layout == "corner" then c.position = "x../.../..." end
  if opts.layout == "bad" then return nil, "unknown layout 'bad'" end
  return true
end
t.is(sg.new("tictactoe", {layout = "corner"}):position(), "x../.../...", "setup turns an own option into a position")
local none, refusal = sg.new("tictactoe", {layout = "bad"})
t.ok(none == nil and refusal == "unknown layout 'bad'", "setup can refuse a value with nil, message")
defaults.options.layout, defaults.setup = nil, nil

-- sg.sleep: waits at least the time asked, refuses what is no duration, stops at Ctrl-C
do
  local t0 = sg.clock()
  sg.sleep(0.05)
  t.ok(sg.clock() - t0 >= 0.05, "sg.sleep(0.05) waits at least 0.05 s")
  sg.sleep(0)
  t.errors(function() sg.sleep(-1) end, "seconds must be from 0 to 1e9", "sg.sleep(-1) is refused")
  t.errors(function() sg.sleep(0 / 0) end, "seconds must be from 0 to 1e9", "sg.sleep(nan) is refused")
  t.errors(function() sg.sleep("soon") end, "number expected", "sg.sleep('soon') is refused")
  local cmd = t.q(t.stratagem) .. [[ -e 'require("stratagem").sleep(30) print("slept")' & ]] ..
              [[p=$!; sleep 0.3; kill -INT $p; wait $p]]
  local out, err = t.run("sh -c " .. t.q(cmd))
  t.ok(out == "" and err:find("interrupted!", 1, true), "Ctrl-C ends sg.sleep with 'interrupted!'")
end

-- closing
do
  local x <close> = sg.new("tictactoe")
  x:play("a1")
end
t.ok(true, "a game can be a to-be-closed variable")
-- sg.info: the declared properties of a game class
local info = sg.info("tictactoe")
t.is(info.name, "tictactoe", "info names the game")
t.is_deeply(info.players, {min = 2, max = 2}, "tic-tac-toe: two players")
t.is(info.utility, "zero-sum", "tic-tac-toe is zero-sum")
t.ok(info.chance == false and info.hidden == false, "no chance, nothing hidden")
t.is_deeply(info.hooks, {"symmetry"}, "its one optional hook: the board symmetries")
t.is(info.bounds, "none", "no score bounds")
local cx = sg.info("chexers")
t.is_deeply(cx.players, {min = 3, max = 3}, "Chexers: three players")
t.is(cx.utility, "general-sum", "Chexers is general-sum")
t.is(cx.bounds, "weights", "Chexers' bounds come from its weights")
info.players.min = 5
t.is(sg.info("tictactoe").players.min, 2, "changing the table changes nothing")
t.errors(function() sg.info("go") end, "sg.info: unknown game 'go'", "an unknown game")
-- the Chexers bounds for the default weights: -average * 3600 each, and 3 * average * corner
-- + 100 * 12 * exits for the sum (src/games/chexers.c), then none with a negative weight
local cg = sg.new("chexers")
t.is_deeply(cg:score_bounds(), {min_each = -3600, max_sum = 3 * 150 + 100 * 12 * 1000},
            "g:score_bounds() for the default weights")
cg:set_weights({pieces = -1})
t.is(cg:score_bounds(), nil, "a negative weight: no bounds")
t.is(sg.new("othello"):score_bounds(), nil, "Othello declares none")

-- the layout of the Lua half (doc/manual.md, "The Lua half's layout"): a game's defaults live in
-- stratagem/games/, the subcommands in stratagem/cmd/, and require finds them by the old names
t.like(sg.paths.modules or "", "/stratagem/games/%?%.lua;.*/stratagem/cmd/%?%.lua$",
       "sg.paths.modules names the games and cmd folders")
for _, name in ipairs(sg.games("all")) do   -- the built-in games (none defined in Lua yet)
  local file = package.searchpath(name, sg.paths.modules or "")
  t.like(file or "", "/stratagem/games/" .. name .. "%.lua$", name .. "'s defaults are in games/")
  t.ok(package.searchpath("stratagem." .. name, package.path) == nil,
       "  and not also flat in lua/stratagem/")
  t.is(type(require("stratagem." .. name)), "table", "  require 'stratagem." .. name .. "' loads them")
end
for _, name in ipairs({"cli", "play", "serve", "bench", "repl"}) do
  t.like(package.searchpath(name, sg.paths.modules or "") or "", "/stratagem/cmd/" .. name .. "%.lua$",
         "the subcommand module " .. name .. " is in cmd/")
end
-- without require "stratagem" first: the searcher is the program's, not init.lua's
local out, err = t.run(t.q(t.stratagem) .. [[ -e 'print(type(require("stratagem.play").main), ]] ..
                       [[require("stratagem.draughts").title)']])
t.is(out, "function\tEnglish draughts (checkers) on an 8x8 board\n",
     "stratagem.play and stratagem.draughts load first thing: " .. err)
local loaded, msg = pcall(require, "stratagem.nosuch")
t.ok(not loaded and msg:find("stratagem/games/nosuch.lua", 1, true) and
     msg:find("stratagem/cmd/nosuch.lua", 1, true), "a missing module's message names the folders tried")
t.done()
