-- 011-bad-input.lua: every misuse is an error that says what was wrong and what was expected,
-- and the state is unchanged afterwards.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

-- sg.new
t.errors(function() sg.new() end, "game name must be a string, got nil %(known games: .*tictactoe",
         "sg.new() without a name")
t.errors(function() sg.new(42) end, "must be a string, got number", "sg.new(42)")
t.errors(function() sg.new("chequers") end, "unknown game 'chequers' %(known games: .*tictactoe",
         "an unknown game is named with the known ones")
t.errors(function() sg.new("chess\0evil") end, "unknown game 'chess\\0evil'",
         "a name with a NUL byte names no game (C would read only 'chess')", true)
t.errors(function() sg.info("chess\0x") end, "unknown game", "nor for sg.info")
t.ok(not require("stratagem.core").known("chess\0x"), "core.known: false for a name with a NUL byte")
t.errors(function() sg.new("tictactoe", 5) end, "options must be a table, got number",
         "options not a table")
t.errors(function() sg.new("tictactoe", {sead = 1}) end,
         "unknown option 'sead' for tictactoe %(valid options: position, rules, seed, variant, weights%)",
         "a misspelled option names the key and the valid ones")
t.errors(function() sg.new("tictactoe", {weights = {too = 3}}) end,
         "unknown weights key 'too' for tictactoe %(valid keys: one, two%)",
         "an unknown weights key is named with the valid ones")
-- a long list of keys (chess's weights) is not spelt out: the nearest names and where the rest are
local ok_new, err_new = pcall(sg.new, "chess", {weights = {king_atack_knight = 1}})
t.ok(not ok_new and err_new:find("unknown weights key 'king_atack_knight' for chess (nearest valid "
     .. "keys: king_attack_knight, ", 1, true) and err_new:find("in all, listed by "
     .. 'sg.defaults("chess").weights)', 1, true) and #err_new < 400,
     "a misspelled chess weight: the nearest names first, not all of them (" .. #tostring(err_new) .. " bytes)")
local cw = sg.new("chess")
local ok_sw, err_sw = pcall(cw.set_weights, cw, {pst_knight_e9_mg = 1})
t.ok(not ok_sw and err_sw:find("nearest valid keys: pst_knight_e1_mg, ", 1, true) and
     err_sw:find("in all, listed by g:config().weights)", 1, true) and #err_sw < 400,
     "set_weights: the nearest chess weights (" .. tostring(err_sw):sub(1, 120) .. ")")
t.errors(function() sg.new("tictactoe", {rules = {size = 4}}) end,
         "unknown rules key 'size' for tictactoe %(valid keys: none%)",
         "tic-tac-toe has no rules keys")
t.errors(function() sg.new("tictactoe", {variant = {misere = "yes"}}) end,
         "variant.misere must be a boolean, got string", "a variant switch must be a boolean")
t.errors(function() sg.new("tictactoe", {weights = {one = "big"}}) end,
         "weights.one must be a number, got string", "a weight must be a number")
t.errors(function() sg.new("tictactoe", {weights = {one = 1.5}}) end,
         "one = 1.5 must be a whole number", "an integer weight refuses fractions")
t.errors(function() sg.new("tictactoe", {weights = {one = 1e9}}) end,
         "out of range %(expected %-1e%+06 to 1e%+06%)", "an out-of-range weight gives the range")
t.errors(function() sg.new("tictactoe", {weights = 3}) end, "weights must be a table",
         "weights not a table")
t.errors(function() sg.new("tictactoe", {seed = 1.5}) end, "seed must be an integer",
         "a fractional seed")
t.errors(function() sg.new("tictactoe", {position = 12}) end, "position must be a string",
         "a position that is not a string")

-- malformed positions: nil and a message (recoverable)
local g, err = sg.new("tictactoe", {position = "xx/.../..."})
t.ok(g == nil and err == "position: rank 3: 'xx' has 2 squares; expected 3 squares, each x, o or .",
     "a malformed position gives nil and what is expected")
g, err = sg.new("tictactoe", {position = "xxx/.../..."})
t.ok(g == nil and err:find("x has 3 marks and o 0"), "an impossible position says why")
g, err = sg.new("tictactoe", {position = "xxx/ooo/x.."})
t.ok(g == nil and err:find("^position: lines: play would have stopped at the first three in a row; expected"), "a position with two lines is impossible")

-- moves
g = sg.new("tictactoe")
g:play("b2")
local before = g:save()
t.errors(function() g:play("b2") end, "illegal move 'b2': b2 is already taken",
         "a taken square is refused with the rule")
t.errors(function() g:play("d4") end, "malformed move 'd4': expected a square a1 to c3",
         "a malformed move says what is expected")
t.errors(function() g:play("") end, "malformed move ''", "the empty move")
t.errors(function() g:play(5) end, "bad move: expected a string in tictactoe's notation, got number",
         "a move that is not a string")
t.errors(function() g:play() end, "got no value", "no move at all")
t.errors(function() g:moves{distinkt = true} end,
         "moves: unknown option 'distinkt' %(valid options: distinct%)", "moves with an unknown option")
t.errors(function() g:moves{distinct = 1} end, "distinct must be a boolean", "distinct not a boolean")
t.errors(function() g:moves(7) end, "table expected, got number", "moves with a number")
t.errors(function() g:perft(-1) end, "perft: depth %-1 is out of range; expected 0 to 63", "a negative perft depth")
t.errors(function() g:perft("x") end, "number expected, got string", "a perft depth that is no number")
t.is(g:save(), before, "the failed calls left the game unchanged")
local won = sg.new("tictactoe")
for m in ("a1 a2 b1 b2 c1"):gmatch("%S+") do won:play(m) end
t.errors(function() won:play("c3") end, "illegal move 'c3': the game is over", "no move after the end")

-- set_weights: checked in full before anything changes
local sw = sg.new("tictactoe")
t.errors(function() sw:set_weights{one = 3, thre = 1} end,
         "set_weights: unknown weights key 'thre' for tictactoe %(valid keys: one, two%)",
         "set_weights names an unknown key and the valid ones")
t.errors(function() sw:set_weights{one = "x"} end, "one must be a number, got string",
         "set_weights refuses a value of the wrong type")
t.errors(function() sw:set_weights{two = 1e12} end, "out of range", "set_weights refuses a value out of range")
t.errors(function() sw:set_weights(5) end, "table expected, got number", "set_weights needs a table")
local _, where_err = pcall(function() sw:set_weights{thre = 1} end)
t.like(where_err, "^[^\n]*011%-bad%-input%.lua:%d+: set_weights: unknown",
       "set_weights' error is placed at the caller's line, not in the library")
_, where_err = pcall(function() sw:set_weights(5) end)
t.like(where_err, "011%-bad%-input%.lua:%d+: bad argument #1 to 'set_weights' %(table expected",
       "and a wrong argument is named as the method's first")
t.is(sw:config().weights.one, 1, "after the failures no weight has changed")

-- undo
local u = sg.new("tictactoe")
t.errors(function() u:undo() end, "undo: nothing to undo", "undo with nothing to undo")
t.is(u:ply(), 0, "and the game is unchanged")

-- a closed game
local closed
do
  local c <close> = sg.new("tictactoe")
  closed = c
end
t.errors(function() closed:moves() end, "attempt to use a closed game", "a closed game refuses methods")
t.like(tostring(closed), "tictactoe game %(closed%)", "and prints as closed")
t.errors(function() sg.search(closed) end, "closed game", "searching a closed game is refused")

-- errors point at the caller's line
local ok, msg = pcall(function() sg.new("tictactoe", {weights = {zz = 1}}) end)
t.like(msg, "^[^:]*011%-bad%-input%.lua:%d+: sg%.new: ", "an option error names the caller's line")
ok, msg = pcall(function() sg.search(sg.new("tictactoe"), {hash = 1e6}) end)
t.like(msg, "^[^:]*011%-bad%-input%.lua:%d+: sg%.search: hash", "a search error names the caller's line")

-- methods on something that is not a game
t.errors(function() g.play({}, "a1") end, "stratagem.game expected, got table", "a method on a table")
t.errors(function() g.moves(nil) end, "stratagem.game expected, got nil", "a method on nil")

-- sg.search
t.errors(function() sg.search("g") end, "sg.search: expected a game %(from sg.new%), got string",
         "search on a string")
t.errors(function() sg.search(g, 3) end, "options must be a table, got number", "search options not a table")
t.errors(function() sg.search(g, {deep = 3}) end,
         "sg%.search: deep %(algo 'alphabeta'%): unknown option; expected one of: algo, depth, time, nodes, hash, seed, random, beam, symmetry, prune_actions, threads, multipv, pvs, aspiration, killers, history, null_move, lmr, quiescence, probcut, check_ext, see, rfp, futility, lmp, lmr_table, countermove, iir, cont_history, singular, keep_history, omniscient, blunder$",
         "an unknown search option lists the valid ones")
t.errors(function() sg.search(g, {algo = "minimax"}) end,
         "unknown algo 'minimax' %(valid: alphabeta, brs, ismcts, maxn, mcts, paranoid, pimc, random%)", "an unknown algo")
-- every option error names the option, the algorithm and what it takes
local function bad(opts, msg, desc)
  t.errors(function() sg.search(g, opts) end, "sg.search: " .. msg, desc, true)
end
local AB = " (algo 'alphabeta'): "
bad({depth = -1}, "depth" .. AB .. "-1 is out of range; expected a whole number from 0 to 126 (plies; 0: no limit)",
    "a negative depth")
bad({depth = 2.5}, "depth" .. AB .. "got 2.5; expected a whole number from 0 to 126", "a fractional depth")
bad({time = "soon"}, "time" .. AB .. 'got the string "soon"; expected a number, 0 or more (seconds; 0: no limit)',
    "a time that is no number")
bad({time = -1}, "time" .. AB .. "-1 is out of range; expected a number, 0 or more", "a negative time")
bad({nodes = -5}, "nodes" .. AB .. "-5 is out of range; expected a whole number, 0 or more (0: no limit)",
    "negative nodes")
bad({hash = 1e9}, "hash" .. AB .. "1000000000 is out of range; expected a number from 0 to 65536 (megabytes; 0: no table)",
    "a huge table")
bad({random = -1}, "random" .. AB .. "-1 is out of range; expected false or a whole number from 0 to 67108863",
    "a negative margin")
bad({random = true}, "random" .. AB .. "got boolean; expected false or a whole number", "random = true")
bad({beam = 3}, "beam" .. AB .. "got 3; expected a list of at most 32 whole numbers, each from 1 to",
    "a beam that is no table")
bad({beam = {2, 0}}, "beam" .. AB .. "entry 2 is not in range; expected a list of at most 32 whole numbers",
    "a beam width of 0")
bad({symmetry = "yes"}, "symmetry" .. AB .. 'got the string "yes"; expected true or false', "symmetry not a boolean")
bad({prune_actions = "all"}, "prune_actions" .. AB .. 'got the string "all"; expected false, true or "own"',
    "prune_actions: an unknown value")
t.errors(function() sg.search(g, {algo = "maxn", threads = 2}) end,
         "threads %(algo 'maxn'%): not an option of this algorithm", "more threads than the algo has")
bad({threads = 300}, "threads" .. AB .. "300 is out of range; expected a whole number from 1 to 256", "too many threads")
bad({seed = 0.5}, "seed" .. AB .. "got 0.5; expected an integer", "a fractional search seed")
t.errors(function() sg.search(won) end, "the game is over", "search on a finished game")
t.is(g:save(), before, "failed searches left the game unchanged")

-- sg.load: malformed text is nil and a message
local function load_fails(text, pattern, desc)
  local r, e = sg.load(text)
  t.ok(r == nil and type(e) == "string" and e:find(pattern), desc .. (e and (": " .. e) or ""))
end
load_fails("", "not a saved game", "empty text")
load_fails("hello", "not a saved game", "words")
load_fails("return {format = 1, game = 'tictactoe', moves = {'a1'", "not a saved game", "cut short")
load_fails("return os.exit(3)", "not a saved game", "code is not run")
load_fails("return {format = 2}", "unknown save format 2", "a future format")
load_fails("return {format = 1, game = 'go', moves = {}}", "unknown game 'go'", "an unknown game")
load_fails("return {format = 1, game = 'tictactoe'}", "no move list", "no moves")
load_fails("return {format = 1, game = 'tictactoe', moves = {'a1', 'a1'}}",
           "move 2 %(a1%): illegal move 'a1': a1 is already taken", "an illegal move names its number")
load_fails("return {format = 1, game = 'tictactoe', weights = {three = 1}, moves = {}}",
           "unknown weights key 'three'", "an unknown weights key")
load_fails("return {format = 1, game = 'tictactoe', start = 'xx', moves = {}}",
           "position: rank 3: 'xx' has 2 squares", "a malformed start position")
t.errors(function() sg.load(nil) end, "expected the text of a saved game, got nil", "load(nil) is misuse")
local r, e = sg.loadfile("/nonexistent/dir/game.sav")
t.ok(r == nil and e:find("No such file"), "an unreadable file is nil and a message")
-- every game's position parser: nil and a message in one form, "position: FIELD: what was
-- wrong; expected ..." (the messages worked out from each parser's rules)
local refusals = {
  chess = {"8/8/8/8/8/8/8/8 w - - 0 1", "position: FEN placement: white does not have exactly "
           .. "one king; expected exactly one king of each colour"},
  connect4 = {"q....../......./......./......./......./.......",
              "position: row 1: unknown cell 'q'; expected 6 rows of 7 cells (x, o or .) from "
              .. "the top, separated by '/'"},
  chexers = {"red:0,0|green:|blue:|turn:pink",
             "position: turn: 'pink' is not a colour; expected red, green or blue"},
  dominoes = {"hand 1 turn 1 leader 1 scores 0,0 line - hand1 66,65,64,63,62,61,60 hand2 "
              .. "55,54,53,52,51,50,66 bone 44,43,42,41,40,33,32,31,30,22,21,20,11,10,00",
              "position: tiles: 6-6 appears twice; expected each of the 28 tiles once"},
  draughts = {"B:W21:B33", "position: B: '33' is not a square; expected squares 1 to 32 "
              .. "separated by commas, ranges such as 1-12 allowed, K before a king"},
  othello = {"......../......../......../...wb.../...bw.../......../......../........ q",
             "position: side: 'q' is not a side; expected b or w"},
  patience = {"Kh/-/-/-/-/-/- - - 0,0,0,0 0 0 0 q",
              "position: generator: 'q'; expected four 16-digit hex words joined by ':'"},
  qubic = {"xq/// o", "position: layer 1: unknown cell 'q'; expected 4 layers (bottom to top) of 16 cells (x, o or .) "
           .. "separated by '/', then the player to move, e.g. .....x/// o (a short layer is filled with .)"},
  starchess = {"turn 7 player 5", "position: player: missing, or P out of range; expected "
               .. "'player P' after the turn, P from 1 to 4"},
  tictactoe = {"x../.../..q", "position: rank 1: 'q' on c1 is not a square's content; "
               .. "expected x, o or . for each square"},
  warchess = {"board square4 5 3\nkind a 2 6 3 1\nterrain . plain 1 -\nrow .....\nrow .....\n"
              .. "row .....\nunit red a 9,1 hp 6/6 mp 2 atk 3 range 1\n",
              "position: line 7: unit 1 is malformed; expected 'unit red|blue KIND X,Y hp HP/MAX "
              .. "mp MP atk ATK range R [leader] [acted]' on the board, at most 32 units"},
}
for _, name in ipairs(sg.games()) do
  local case = refusals[name]
  t.ok(case ~= nil, name .. ": has a malformed position in this test")
  if case then
    local g2, e2 = sg.new(name, {position = case[1]})
    t.ok(g2 == nil, name .. ": a malformed position is refused")
    t.is(e2, case[2], name .. ": the message in the one form")
  end
end
t.done()
