-- 077-define.lua: games defined in Lua (sg.define, issue #37): the checks of a definition,
-- the game methods, every shared search, errors raised inside the script's functions, the
-- games folders and `stratagem play FILE.lua`, on the shipped Nim, tic-tac-toe and Breakthrough.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"
local S = t.q(t.stratagem)
local GAMES = t.srcdir .. "/lua/stratagem/games/defined"

-- ---- sg.define checks its table ----
local function nim_spec(over)
  local s = {
    name = "nim_t", title = "test nim", players = 2,
    start = function() return {heap = 5, mover = 1} end,
    player = function(s) return s.mover end,
    moves = function(s)
      local l = {}
      for k = 1, math.min(3, s.heap) do l[k] = tostring(k) end
      return l
    end,
    play = function(s, m) return {heap = s.heap - tonumber(m), mover = 3 - s.mover} end,
    status = function(s)
      if s.heap == 0 then return "won", 3 - s.mover end
      return "playing"
    end,
  }
  for k, v in pairs(over or {}) do s[k] = v end
  return s
end

t.errors(function() sg.define(nim_spec{moves = false}) end,
         "field 'moves' must be a function, got boolean", "a mistyped field is named", true)
t.errors(function() local s = nim_spec() s.status = nil sg.define(s) end,
         "missing field 'status'", "a missing field is named", true)
t.errors(function() sg.define(nim_spec{colour = 1}) end, "unknown field 'colour'",
         "an unknown field is named", true)
t.errors(function() sg.define(nim_spec{name = "chess"}) end, "'chess' is a built-in game",
         "a built-in game's name is refused", true)
t.errors(function() sg.define(nim_spec{name = "9 lives"}) end, "letters, digits and _",
         "a name with a space is refused", true)
t.errors(function() sg.define(nim_spec{name = "tune"}) end, "taken by the module",
         "a name of one of stratagem's modules is refused", true)
t.errors(function() sg.define(nim_spec{name = "bench"}) end, "taken by the module stratagem.bench",
         "a subcommand's module (stratagem/cmd/bench.lua) is refused too", true)
t.errors(function() sg.define(nim_spec{players = 9}) end, "players must be 1 to 8",
         "9 players are refused", true)
t.errors(function() sg.define(nim_spec{position = function() return "" end}) end,
         "'position' and 'parse' go together", "position without parse is refused", true)
t.ok(not pcall(sg.new, "nim_t"), "a refused definition defines nothing")
t.is(sg.define(nim_spec()), "nim_t", "sg.define returns the name")
t.ok(table.concat(sg.games(), " "):find("nim_t", 1, true), "the defined game is in sg.games()")

-- ---- the methods on a defined game ----
local g = sg.new("nim_t")
t.is(table.concat(g:moves(), " "), "1 2 3", "moves")
t.is(g:player(), 1, "player 1 moves first")
t.errors(function() g:play("4") end, "illegal move '4' in nim_t; legal moves: 1, 2, 3",
         "an illegal move is refused, naming the legal ones", true)
t.is(g:ply(), 0, "a refused move changes nothing")
g:play("2")
t.is(g:player(), 2, "the turn passes")
t.is(table.concat(g:moves(), " "), "1 2 3", "heap 3: three moves")
local h = g:copy()
h:play("3")
t.is(select(1, h:status()), "won", "taking the last wins")
t.is(select(2, h:status()), 2, "... for the player who took it")
t.is(#h:moves(), 0, "no moves once won")
t.is(select(1, g:status()), "playing", "the copy's moves leave the original as it was")
t.is(g:undo(), "2", "undo returns the move taken back")
t.is(table.concat(g:history(), " "), "", "and the history is empty again")
-- perft: with heap 5 every sequence of 1..3 stops only when the heap is empty; by hand:
-- depth 1: 3; depth 2: 3 + 3 + 2 (heaps 4, 3, 2 left) = 8
t.is(g:perft(1), 3, "perft 1")
t.is(g:perft(2), 8, "perft 2")
t.like(tostring(g), "nim_t after 0 moves", "tostring without render or position")

-- the script's states are let go when no game holds them any more (undo, collected games)
do
  local alive = setmetatable({}, {__mode = "k"})
  local function new(t) alive[t] = true return t end
  sg.define(nim_spec{name = "nim_gc", start = function() return new{heap = 9, mover = 1} end,
                     play = function(s, m) return new{heap = s.heap - tonumber(m), mover = 3 - s.mover} end})
  local function count()
    collectgarbage() collectgarbage()
    local n = 0
    for _ in pairs(alive) do n = n + 1 end
    return n
  end
  local a = sg.new("nim_gc")
  for _ = 1, 5 do a:play("1") end
  a:undo() a:undo()
  local c = a:copy()
  c:play("2")
  t.is(count(), 5, "held: the start and 3 moves of a, and c's own move (2 taken back)")
  a = nil   -- luacheck: ignore 311 (the reference dropped, for the collector)
  t.is(count(), 5, "a collected: its states are still c's")
  c = nil   -- luacheck: ignore 311 (the reference dropped, for the collector)
  t.is(count(), 0, "c collected too: none left")
end

-- Nim, the shipped one (lua/stratagem/games/defined/nim.lua, found by name in the games folder)
local nim = sg.new("nim")
t.is(nim:position(), "21 1", "Nim starts with 21")
t.like(tostring(nim), "heap: 21", "tostring uses render")
local p = sg.new("nim", {position = "10 2"})
t.is(p:player(), 2, "a position parsed by the script")
local bad, err = sg.new("nim", {position = "ten"})
t.ok(bad == nil and err:find("expected 'HEAP PLAYER'", 1, true), "a bad position: nil and the script's message")
nim:play("3")
nim:play("1")
local saved = nim:save()
local back = assert(sg.load(saved))
t.is(back:position(), "17 1", "save and sg.load round trip")
t.is(table.concat(back:history(), " "), "3 1", "with the history")

-- ---- searches: Nim's theory, the winning move leaves a multiple of 4 ----
for _, case in ipairs({{"21 1", "1"}, {"10 1", "2"}, {"7 2", "3"}}) do
  local n = sg.new("nim", {position = case[1]})
  for _, algo in ipairs({"alphabeta", "maxn", "paranoid", "brs"}) do
    local r = sg.search(n, {algo = algo, depth = 12})
    t.is(r.move, case[2], string.format("%s from heap %s takes %s", algo, case[1], case[2]))
  end
end
local r = sg.search(sg.new("nim", {position = "6 1"}), {algo = "mcts", iterations = 3000, seed = 7})
t.is(r.move, "2", "mcts from heap 6 takes 2")
r = sg.search(nim, {algo = "random", seed = 1})
t.ok(r.move == "1" or r.move == "2" or r.move == "3", "random gives a legal move")
t.errors(function() sg.search(nim, {threads = 2}) end, "runs on 1 thread",
         "threads > 1 are refused with a reason", true)

-- ---- variants (sg.define's variants, passed to start and parse in options.variant) ----
local VARIANT_BAD = {
  {{size = {type = "float", default = 1, doc = "x"}},
   "variants.size: type must be one of boolean, enum, integer, number, string, got float"},
  {{size = {type = "integer", default = 2}},
   "variants.size: doc must be a line saying what the setting does"},
  {{size = {type = "integer", default = 0, min = 1, max = 9, doc = "x"}},
   "variants.size: default must be a whole number from 1 to 9, got 0"},
  {{size = {type = "integer", default = 1.5, doc = "x"}},
   "variants.size: default must be a whole number, got 1.5"},
  {{rule = {type = "enum", default = "a", doc = "x"}}, "variants.rule: an enum needs values"},
  {{rule = {type = "enum", values = {"a", "b"}, default = "c", doc = "x"}},
   "variants.rule: default must be one of 'a', 'b', got c"},
  {{size = {type = "boolean", default = true, doc = "x", max = 3}},
   "variants.size: max goes with the types integer and number"},
  {{size = {type = "integer", default = 1, doc = "x", step = 1}},
   "variants.size: unknown field 'step'"},
  {{["2x"] = {type = "boolean", default = true, doc = "x"}},
   "a setting's name must be letters, digits and _, got '2x'"},
  {{size = 3}, "variants.size: expected a table {type =, default =, doc =}, got number"},
}
for _, case in ipairs(VARIANT_BAD) do
  t.errors(function() sg.define(nim_spec{name = "nim_v", variants = case[1]}) end, case[2],
           "a bad variant setting is refused: " .. case[2], true)
end
t.ok(not pcall(sg.new, "nim_v"), "and nothing is defined")
-- a test game: the heap's size, misère, and a choice of moves by name; start and parse see them
local seen = {}
sg.define(nim_spec{name = "nim_v", variants = {
    size = {type = "integer", default = 5, min = 1, max = 50, doc = "the heap at the start"},
    misere = {type = "boolean", default = false, doc = "the last to take loses"},
    takes = {type = "enum", values = {"one_two", "one_three"}, default = "one_three",
             doc = "how many may be taken"}},
  start = function(o) seen.start = o.variant return {heap = o.variant.size, mover = 1} end,
  position = function(s) return s.heap .. " " .. s.mover end,
  parse = function(text, o)
    seen.parse = o and o.variant
    local hp, mv = text:match("^(%d+) (%d)$")
    return {heap = tonumber(hp), mover = tonumber(mv)}
  end})
local vg = sg.new("nim_v", {variant = {size = 9, takes = "one_two"}})
t.is(vg:position(), "9 1", "start(options) gets the variant chosen (size 9)")
t.ok(seen.start.misere == false and seen.start.takes == "one_two",
     "options.variant holds every setting, the defaults for those not given")
t.is(string.format("%s %s %s", vg:config().variant.size, vg:config().variant.misere,
                   vg:config().variant.takes), "9 false one_two", "g:config().variant gives them back")
t.is(vg:copy():config().variant.size, 9, "a copy keeps them")
t.is(sg.defaults("nim_v").variant.size, 5, "sg.defaults(name).variant: the defaults")
for _, case in ipairs({
    {{size = 0}, "sg.new: variant.size of nim_v must be a whole number from 1 to 50, got 0"},
    {{size = 51}, "must be a whole number from 1 to 50, got 51"},
    {{size = 2.5}, "must be a whole number from 1 to 50, got 2.5"},
    {{size = "9"}, "sg.new: variant.size must be a number, got string"},
    {{takes = "all"}, "variant.takes of nim_v must be one of 'one_two', 'one_three', got 'all'"},
    {{colour = 1}, "unknown variant key 'colour' for nim_v (valid keys: misere, size, takes)"}}) do
  t.errors(function() sg.new("nim_v", {variant = case[1]}) end, case[2],
           "a bad variant value is refused: " .. case[2], true)
end
local vs = sg.new("nim_v", {variant = {size = 7, misere = true}})
vs:play("2")
local vl = assert(sg.load(vs:save()))
t.ok(vl:position() == "5 2" and vl:config().variant.size == 7 and vl:config().variant.misere == true
     and seen.parse and seen.parse.misere == true,
     "save and sg.load keep the variant; parse(text, options) sees it")
-- the shipped Nim: heap and misère.  Theory of the subtraction game {1, 2, 3}: the player to
-- move loses exactly at heaps 4k (normal play: whoever takes the last wins) and at heaps 4k + 1
-- (misère: whoever takes the last loses); the winning move goes to such a heap.
t.is(sg.new("nim", {variant = {heap = 30}}):position(), "30 1", "nim --variant heap=30 starts at 30")
local wrong = {}
for heap = 2, 14 do
  for _, misere in ipairs({false, true}) do
    local lose = misere and 1 or 0
    if heap % 4 ~= lose then
      local n = sg.new("nim", {variant = {heap = heap, misere = misere}})
      local mv = sg.search(n, {depth = heap}).move
      if (heap - tonumber(mv)) % 4 ~= lose then
        wrong[#wrong + 1] = string.format("%d%s:%s", heap, misere and "m" or "", mv)
      end
    end
  end
end
t.is(table.concat(wrong, " "), "", "heaps 2 to 14, normal and misère: alpha-beta moves to the " ..
     "losing heaps of the theory")
local mis = sg.new("nim", {variant = {heap = 1, misere = true}})
mis:play("1")
t.ok(select(1, mis:status()) == "won" and select(2, mis:status()) == 2,
     "misère: whoever takes the last loses")
local mp = sg.new("nim", {variant = {misere = true}, position = "5 1"})
mp:play("1")
t.is(select(2, sg.load(mp:save()):copy():status()) or "playing", "playing",
     "a misère game from a position")
t.ok(assert(sg.load(mp:save())):config().variant.misere, "its save keeps misère")
local hout = t.run(S .. " play nim --help")
t.like(hout, "heap=21  how many objects the heap holds at the start %(a whole number from 1 to 1000%)",
       "play nim --help shows each variant with its doc and the values it takes")
local pout, perr, pcode = t.run(S .. " play nim --variant heap=5,misere=true --seats ai,ai --delay 0")
t.ok(pcode == 0 and pout:find("heap: 5", 1, true) and pout:find("second wins.", 1, true),
     "play nim --variant heap=5,misere=true: the second player wins (5 = 4 + 1): " .. perr)
local _, zerr, zcode = t.run(S .. " play nim --variant heap=0 --seats ai,ai")
t.ok(zcode ~= 0 and zerr:find("variant.heap of nim must be a whole number from 1 to 1000, got 0",
                              1, true), "play nim --variant heap=0: refused, saying why")
-- the preferences keep a Lua game's variant (play --save-prefs); stratagem prefs NAME shows it
local pdir = os.tmpname()
os.remove(pdir)
local penv = "XDG_CONFIG_HOME=" .. t.q(pdir) .. " XDG_STATE_HOME=" .. t.q(pdir) .. " "
t.run(penv .. S .. " play nim --variant heap=6,misere=true --save-prefs --seats ai,ai --delay 0")
t.like(t.run(penv .. S .. " play nim --seats ai,ai --delay 0"), "heap: 6 |",
       "a Lua game's saved variant is played the next time")
pout, perr, pcode = t.run(penv .. S .. " prefs nim")
t.ok(pcode == 0 and pout:find("heap = 6", 1, true) and pout:find("misere = true", 1, true),
     "stratagem prefs nim shows it (a game of the games folders is found by name): " .. perr)
os.execute("rm -rf " .. t.q(pdir))

-- ---- tic-tac-toe in Lua: the reference counts (t/data, from the rules) ----
local ref = {}
for line in io.lines(t.srcdir .. "/t/data/tictactoe-perft.txt") do
  local k, v = line:match("^(%w+)%s+(%d+)")
  if k then ref[k] = tonumber(v) end
end
local x = sg.new("tictactoe_lua")
for d = 1, 9 do
  t.is(x:perft(d), ref[tostring(d)], "tictactoe_lua perft(" .. d .. ")")
end
-- complete games: every sequence to a finished game, through g:play and g:undo
local games = 0
local function walk(game)
  if game:status() ~= "playing" then games = games + 1 return end
  for _, m in ipairs(game:moves()) do
    game:play(m)
    walk(game)
    game:undo()
  end
end
walk(sg.new("tictactoe_lua"))
t.is(games, ref.games, "complete games of tictactoe_lua: " .. ref.games)
t.is(sg.new("tictactoe_lua"):position(), sg.new("tictactoe"):position(),
     "the same position text as the C game")

r = sg.search(sg.new("tictactoe_lua"), {algo = "alphabeta"})
t.is(r.score, 0, "alphabeta at full depth: the empty board is a draw")
t.ok(r.exact, "and the score is exact")
-- x to move can win at once on c1 (a1 b1 taken by x)
local won = sg.new("tictactoe_lua", {position = ".../oo./xx."})
for _, algo in ipairs({"alphabeta", "maxn", "paranoid", "brs"}) do
  t.is(sg.search(won, {algo = algo, depth = 3}).move, "c1", algo .. " finds the win in one")
end
t.is(sg.search(won, {algo = "mcts", iterations = 2000, seed = 3}).move, "c1", "mcts finds the win in one")
-- o to move must block on c1
local block = sg.new("tictactoe_lua", {position = ".../.o./xx."})
t.is(sg.search(block, {algo = "alphabeta"}).move, "c1", "alphabeta blocks")
-- node counts: the search runs on the Lua class, and a node limit is honoured
r = sg.search(sg.new("tictactoe_lua"), {algo = "mcts", nodes = 5000, seed = 1})
t.ok(r.nodes >= 5000 and r.nodes < 5000 + 1100, "mcts honours a node limit: " .. r.nodes)
r = sg.search(sg.new("tictactoe_lua"), {algo = "alphabeta", depth = 2})
t.is(r.depth, 2, "a depth limit is honoured")
-- weights reach eval: with two = -10 a line of two is worth less than none
local w = sg.new("tictactoe_lua", {weights = {two = -10}})
t.is(w:config().weights.two, -10, "weights are kept in the game's config")
local open = sg.new("tictactoe_lua", {position = ".../.../xo."})
t.isnt(sg.search(open, {depth = 1}).score,
       sg.search(sg.new("tictactoe_lua", {position = ".../.../xo.", weights = {two = -10}}),
                 {depth = 1}).score, "the weights change the evaluation")
t.errors(function() sg.new("tictactoe_lua", {weights = {three = 1}}) end,
         "unknown weights key 'three'", "an unknown weight is refused", true)

-- ---- Breakthrough 6x6 (lua/stratagem/games/defined/breakthrough.lua): the rules and its AI ----
local b = sg.new("breakthrough")
-- by hand: the six pawns of rank 2 move straight or diagonally (the edge ones two ways):
-- 6 * 3 - 2 = 16 moves; black's answer cannot meet them (ranks 3 and 4 are empty): 16 * 16
t.is(b:perft(1), 16, "breakthrough perft 1 = 16 (by hand)")
t.is(b:perft(2), 256, "breakthrough perft 2 = 16 * 16 (by hand)")
local face = sg.new("breakthrough", {position = "oooooo/....../..o.../..x.../xx.xxx/xxxxxx x"})
t.ok(not face:legal("c3-c4") and not face:legal("c3xc4"), "a pawn neither moves nor captures straight into a pawn")
t.ok(face:legal("b2-b3") and face:legal("c3-b4") and face:legal("c3-d4"), "... but steps aside")
local cap = sg.new("breakthrough", {position = "oooooo/....../...o../..x.../xx.xxx/xxxxxx x"})
t.ok(cap:legal("c3xd4"), "a pawn captures diagonally forward")
cap:play("c3xd4")
t.like(cap:position(), "^oooooo/....../...x../....../xx%.xxx/xxxxxx o$", "the captured pawn is gone")
local race = sg.new("breakthrough", {position = "oooooo/x...../....../....../....../...xxx x"})
t.is(sg.search(race, {depth = 2}).move, "a5xb6", "alphabeta reaches the far rank at once (a5xb6, the only way)")
race:play("a5xb6")
t.is(table.concat({race:status()}, " "), "won 1", "reaching the far rank wins")
local last = sg.new("breakthrough", {position = "....../....../..o.../...x../....../....x. x"})
last:play("d3xc4")
t.is(table.concat({last:status()}, " "), "won 1", "taking the last enemy pawn wins")
-- the evaluation makes the AI better than chance: alphabeta at depth 2 against random moves
local wins = 0
for seed = 1, 4 do
  local game = sg.new("breakthrough", {seed = seed})
  while game:status() == "playing" do
    local who = game:player()
    local opts = ((who == 1) == (seed % 2 == 1)) and {depth = 2} or {algo = "random", seed = seed * 100 + game:ply()}
    game:play(sg.search(game, opts).move)
  end
  local _, w = game:status()
  if (w == 1) == (seed % 2 == 1) then wins = wins + 1 end
end
t.is(wins, 4, "alphabeta depth 2 beats random play in 4 games of 4, with either colour")

-- weights: g:set_weights changes them for this game only, checked like sg.new's
local bw = sg.new("breakthrough", {position = "oooooo/....../....../....../....../xxxxx. x"})
local before = bw:scores()[1]
local twin = bw:copy()
bw:set_weights{pawn = 200}
t.is(bw:scores()[1] - before, (5 - 6) * 100, "set_weights reaches eval: 5 x against 6 o, pawn 100 -> 200")
t.is(twin:scores()[1], before, "... and not the copy made before")
t.errors(function() bw:set_weights{queen = 9} end, "unknown weights key 'queen' for breakthrough",
         "set_weights refuses an unknown weight", true)
t.errors(function() bw:set_weights{pawn = "x"} end, "pawn must be a number", "... and a non-number", true)

-- the lab: sprt and tune play a defined game like any other (one job: see the report)
local out0, err0, code0 = t.run(S .. " sprt breakthrough --a '{search = {depth = 1}}' " ..
                                "--b '{search = {depth = 2}}' --elo1 50 --max-games 20 --jobs 1 --quiet")
t.ok(code0 == 0 and out0:find("sprt breakthrough:", 1, true), "sprt on breakthrough runs: " .. err0)
out0, err0, code0 = t.run(S .. " tune breakthrough --params advance --iterations 1 --games 1 " ..
                          "--jobs 1 --base '{search = {depth = 1}}' --quiet")
t.ok(code0 == 0 and out0:find("weights = {advance = ", 1, true), "tune on breakthrough's weights runs: " .. err0)

-- ---- errors inside the script's functions ----
local function faulty(name, over)
  local spec = nim_spec(over)
  spec.name = name
  sg.define(spec)
  return sg.new(name)
end
-- eval raises after the move '1' was played twice (heap 3)
local e = faulty("nim_eval", {eval = function(s)
  if s.heap == 3 then error("eval cannot count") end
  return 0
end})
local ok, msg = pcall(sg.search, e, {algo = "alphabeta", depth = 4})
t.ok(not ok and msg:find("game nim_eval: eval (after the move '", 1, true) and
     msg:find("eval cannot count", 1, true), "an error in eval stops the search, named: " .. tostring(msg))
t.is(e:ply(), 0, "the game is unchanged")
t.is(e:perft(2), 8, "and usable after the error")
for _, algo in ipairs({"maxn", "paranoid", "brs"}) do
  ok, msg = pcall(sg.search, e, {algo = algo, depth = 4})
  t.ok(not ok and msg:find("eval cannot count", 1, true), algo .. " stops on the error too: " .. tostring(msg))
end
ok, msg = pcall(sg.search, e, {algo = "pimc", depth = 4})
t.ok(not ok and msg:find("eval cannot count", 1, true), "pimc stops on the error too: " .. tostring(msg))
local pl = faulty("nim_play", {play = function(s, m)
  if m == "3" then error("no taking 3") end
  return {heap = s.heap - tonumber(m), mover = 3 - s.mover}
end})
ok, msg = pcall(sg.search, pl, {depth = 3})
t.ok(not ok and msg:find("game nim_play: play('3')", 1, true) and msg:find("no taking 3", 1, true),
     "an error in play names the move: " .. tostring(msg))
ok, msg = pcall(sg.search, pl, {algo = "mcts", iterations = 100})
t.ok(not ok and msg:find("play('3')", 1, true), "mcts stops on it too: " .. tostring(msg))
local never = faulty("nim_never", {play = function() error("no move today") end})
ok, msg = pcall(sg.playout, never, {seed = 1})
t.ok(not ok and msg:find("game nim_never: play('", 1, true) and msg:find("no move today", 1, true),
     "sg.playout stops on it too: " .. tostring(msg))
local boom = faulty("boom", {play = function() error("no move") end})
ok, msg = pcall(sg.search, boom, {depth = 2})
t.ok(not ok and msg:find("sg.search: game boom: play('", 1, true),
     "the game's name stays in sg.search's message (a one-word name too): " .. tostring(msg))
ok, msg = pcall(pl.perft, pl, 3)
t.ok(not ok and msg:find("play('3')", 1, true), "perft stops on it too")
ok, msg = pcall(pl.play, pl, "3")
t.ok(not ok and msg:find("no taking 3", 1, true), "g:play raises it directly")
t.is(pl:ply(), 0, "and the game is unchanged")
local mv = faulty("nim_moves", {moves = function() return {"1", 2} end})
ok, msg = pcall(mv.moves, mv)
t.ok(not ok and msg:find("game nim_moves: moves: move 2 is a number; expected strings", 1, true),
     "moves returning a non-string: " .. tostring(msg))
ok, msg = pcall(sg.search, mv, {depth = 2})
t.ok(not ok and msg:find("move 2 is a number", 1, true), "... also inside a search")
local dup = faulty("nim_dup", {moves = function() return {"1", "1"} end})
t.errors(function() dup:moves() end, "listed the move \"1\" twice", "a duplicated move", true)
local st = faulty("nim_status", {status = function() return "over" end})
t.errors(function() st:status() end, "returned \"over\" (string); expected \"playing\"",
         "a wrong status", true)
local st2 = faulty("nim_status2", {status = function() return "won", 3 end})
t.errors(function() st2:status() end, "a player number from 1 to 2", "a winner out of range", true)
local who = faulty("nim_player", {player = function() return 0 end})
t.errors(function() who:player() end, "game nim_player: player: returned number; expected a player number",
         "a player out of range", true)
local same = faulty("nim_same", {play = function(s) s.heap = s.heap - 1 return s end})
t.errors(function() same:play("1") end, "returned the state it was given",
         "play must return a new state", true)
local nilp = faulty("nim_nil", {play = function() end})
t.errors(function() nilp:play("1") end, "play('1'): returned nil; expected the new state",
         "play returning nothing", true)

-- ---- Ctrl-C stops a search on a defined game (its script runs in the search's hot loop) ----
do
  local script = table.concat({
    S .. " -e " .. t.q('local sg = require "stratagem" ' ..
                       'sg.search(sg.new("tictactoe_lua"), {algo = "mcts", time = 30})') ..
      " >/dev/null 2>err.$$ &",
    "pid=$!", string.format("sleep %g", 0.5 * t.slow), "kill -INT $pid",
    "i=0", "while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do sleep 0.02; i=$((i+1)); done",
    "if kill -0 $pid 2>/dev/null; then kill -9 $pid; echo KILLED; fi",
    "wait $pid; echo \"code $?\"", "head -1 err.$$; rm -f err.$$"}, "\n")
  local out = t.run("sh -c " .. t.q(script))
  t.ok(not out:find("KILLED") and out:find("interrupted!", 1, true) and not out:find("code 0"),
       "Ctrl-C stops an MCTS search on tictactoe_lua within 2 s, saying interrupted: " .. out)
end

-- a tournament (stratagem.tournament) between an AI and random play on a defined game
do
  local out = t.run(S .. " -e " .. t.q('require("stratagem.tournament").experiment{name = "bt", ' ..
    'game = "breakthrough", args = {"2"}, entrants = {{name = "AI", search = {depth = 1}}, ' ..
    '{name = "random", search = {algo = "random"}}}}'))
  t.like(out, "| AI | 2 of 2 |", "a tournament runs on breakthrough (the AI wins both games)")
end
t.ok(sg.known("breakthrough") and not sg.known("go"), "sg.known")

-- ---- the games folder (XDG data), stratagem games and stratagem play FILE.lua ----
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir .. "/stratagem/games"))
local f = assert(io.open(dir .. "/stratagem/games/mynim.lua", "w"))
f:write([[
local sg = require "stratagem"
sg.define{name = "mynim", title = "my own Nim", players = 2,
  start = function() return 4 end, player = function(s) return s % 2 + 1 end,
  moves = function(s) local l = {} for k = 1, math.min(2, s) do l[k] = tostring(k) end return l end,
  play = function(s, m) return s - tonumber(m) end,
  status = function(s) if s == 0 then return "won", (s + 1) % 2 + 1 end return "playing" end}
]])
f:close()
local env = "XDG_DATA_HOME=" .. t.q(dir) .. " "
local out, errout, code = t.run(env .. S .. " games")
t.like(out, "\nmynim +my own Nim\n", "stratagem games lists a game of the XDG games folder")
t.like(out, "\nnim +Nim: one heap", "and the shipped ones")
t.is(code, 0, "exit 0")
out, errout, code = t.run(env .. S .. " play mynim --seats ai,ai --delay 0")
t.ok(code == 0 and out:find("wins%.") ~= nil, "stratagem play finds it by name: " .. errout)
out, errout, code = t.run(S .. " play " .. t.q(dir .. "/stratagem/games/mynim.lua") ..
                          " --seats ai,ai --delay 0")
t.ok(code == 0 and out:find("wins%.") ~= nil, "stratagem play FILE.lua: " .. errout)
out, errout, code = t.run(S .. " play " .. t.q(GAMES .. "/tictactoe_lua.lua") .. " --seats ai,ai --delay 0")
t.ok(code == 0 and out:find("Drawn%.") ~= nil, "tictactoe_lua, AI against AI, is drawn")
os.execute("rm -rf " .. t.q(dir))

t.done()
