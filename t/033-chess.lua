package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 033-chess.lua: chess through the API and the program: FEN in and out, moves in UCI and SAN,
-- errors that leave the game unchanged, save and load with repetition and the fifty-move count,
-- weights at run time, the search (mates, limits, a Lua evaluation), perft, and the UCI engine.
local t = require "tap"
local sg = require "stratagem"
local S = t.q(t.stratagem)

local START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
local g = sg.new("chess")
t.is(g:fen(), START, "the standard start")
t.is(g:position(), START, "position() is the FEN too")
t.is(#g:moves(), 20, "twenty moves")
t.is(g:san("g1f3"), "Nf3", "SAN of a UCI move")
t.is(g:san("e4"), "e4", "SAN of a SAN move")
g:play("e4"):play("e7e5"):play("Nf3")
t.is(g:fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "moves in either notation")
t.is_deeply(g:history(), {"e2e4", "e7e5", "g1f3"}, "the history is in UCI")
t.is(g:player(), 2, "black to move")

-- errors leave the game as it was
local before = g:fen()
t.errors(function() g:play("e5e3") end, "illegal move 'e5e3': the pawn on e5 cannot move to e3", "an impossible pawn move")
t.errors(function() g:play("Qh4+x") end, "malformed move", "a malformed move")
t.errors(function() g:play("e2e4") end, "there is no piece on e2", "an empty square")
t.errors(function() g:san("a1a8") end, "is white's and black is to move", "san checks legality")
t.errors(function() g:san(5) end, "expected a move as a string", "san wants a string")
t.is(g:fen(), before, "nothing changed")
local ok, why = g:legal("Nc6")
t.ok(ok == true and why == nil, "legal(Nc6)")
ok, why = g:legal("Ke7e6")
t.ok(ok == false and why:find("no black king can move to e6", 1, true), "legal() gives the reason: " .. tostring(why))

-- bad FEN: nil and a message naming the field
local none, err = sg.new("chess", {position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"})
t.ok(none == nil and err:find("^position: FEN en passant: 'e9' is not a square; expected"), "a bad en passant square: " .. tostring(err))
none, err = sg.new("chess", {position = "rnbqkbnr/pppppppp/8/8 w - - 0 1"})
t.ok(none == nil and err:find("^position: FEN placement: "), "too few ranks: " .. tostring(err))
none, err = sg.new("chess", {position = "8/8/8/8/8/8/8/8 w - - 0 1"})
t.ok(none == nil and err:find("exactly one king"), "no kings: " .. tostring(err))

-- random byte strings never crash the parser and always explain themselves
math.randomseed(33)
local refused, accepted = 0, 0
for i = 1, 3000 do
  local n, b = math.random(0, 70), {}
  for j = 1, n do b[j] = string.char(math.random(0, 255)) end
  local s = table.concat(b)
  if i % 3 == 0 then   -- mostly FEN characters
    s = s:gsub(".", function(c) local a = "pnbrqkPNBRQK12345678/ wb-" local k = c:byte() % #a + 1 return a:sub(k, k) end)
  end
  local x, e = sg.new("chess", {position = s})
  if x then accepted = accepted + 1 elseif type(e) == "string" and e:find("FEN") then refused = refused + 1 end
end
t.is(refused + accepted, 3000, "3000 random strings: each accepted or refused with a FEN message")

-- the end of the game and its reason
local m = sg.new("chess"):play("f3"):play("e5"):play("g4"):play("Qh4")
t.is(m:status(), "won", "fool's mate")
local res, reason = m:result()
t.is(res .. " " .. reason, "0-1 checkmate", "result and reason")
t.errors(function() m:play("a2a3") end, "the game is over %(checkmate%)", "no move after mate")
local r3 = sg.new("chess")
for _ = 1, 2 do for _, mv in ipairs({"Nf3", "Nf6", "Ng1", "Ng8"}) do r3:play(mv) end end
t.is(r3:status(), "drawn", "threefold repetition")
t.is(select(2, r3:result()), "threefold repetition", "named")
local st = sg.new("chess", {position = "7k/5Q2/8/6K1/8/8/8/8 b - - 0 1"})
t.is(select(2, st:result()), "stalemate", "stalemate")
local fifty = sg.new("chess", {position = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"}):play("Ra2")
t.is(select(2, fifty:result()), "fifty-move rule", "fifty-move rule")
local nofifty = sg.new("chess", {position = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", rules = {draw_fifty = 0}}):play("Ra2")
t.is(nofifty:status(), "playing", "rules.draw_fifty = 0 turns it off")
t.errors(function() sg.new("chess", {rules = {repetitions = 1}}) end, "repetitions must be 0", "one repetition is no rule")

-- save and load keep the start and every move: repetition counts survive
local sv = sg.new("chess", {position = "4k3/8/8/8/8/8/8/R3K3 w - - 10 40"})
for _, mv in ipairs({"Ra2", "Ke7", "Ra1", "Ke8", "Ra2", "Ke7", "Ra1"}) do sv:play(mv) end
local text = sv:save()
local back = sg.load(text)
t.is(back:fen(), sv:fen(), "the loaded game has the same position")
t.is(back:status(), "playing", "twice so far")
back:play("Ke8")
t.is(back:status(), "drawn", "the third time after loading draws: the earlier positions were kept")
t.is(back:fen():match("%d+ %d+$"), "18 44", "the fifty-move count went on from the FEN")

-- weights: set at creation, changed at run time, checked
local w = sg.new("chess", {weights = {queen = 1000}, preset = "seed"})
t.is(w:config().weights.queen, 1000, "a weight at creation")
local s0 = w:scores()[1]
w:set_weights({tempo = 50})
t.is(w:scores()[1], s0 + 40, "set_weights changes the evaluation at once")
t.errors(function() sg.new("chess", {weights = {queeen = 1}}) end, "queeen", "a misspelt weight is named")

-- the terms beyond the seed's in the seed's weighted sum (model 0, the preset "seed"), each
-- alone (every other weight 0), worked out by hand
local ZERO = {model = 0, pawn = 0, knight = 0, bishop = 0, rook = 0, queen = 0, position = 0, space = 0,
              attacks = 0, open_files = 0, in_check = 0, connected_pawns = 0, passed_pawns = 0,
              bishop_pair = 0, tempo = 0}
local function term(fen, name, value)
  local wt = {}
  for k, v in pairs(ZERO) do wt[k] = v end
  wt[name] = value
  return sg.new("chess", {weights = wt, position = fen}):scores()[1]
end
for _, k in ipairs{"mobility", "king_shield", "king_zone", "doubled_pawns", "isolated_pawns",
                   "passed_pawns_end"} do
  t.is(sg.defaults("chess").weights[k], 0, k .. ": off by default (the seed preset is the seed's sum)")
end
t.is(term("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "mobility", 3), 24, "mobility: a knight on d4 reaches 8 squares")
t.is(term("4k3/8/2p5/8/3N4/8/4P3/4K3 w - - 0 1", "mobility", 1), 6,
     "mobility: not onto an own piece (e2) nor a square a black pawn attacks (b5); c6 counts")
t.is(term("q3k3/8/8/8/8/8/PPP5/QK6 w - - 0 1", "king_shield", 24), 24,
     "king_shield: three pawns before the king, two queens on (phase 8 of 24): 3 * 24 * 8/24")
t.is(term("4k3/8/8/8/8/8/PPP5/1K6 w - - 0 1", "king_shield", 24), 0, "king_shield: nothing in a pawn ending")
t.is(term("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "king_zone", 24), -2,
     "king_zone: a rook attacks d1 beside the king (phase 2): -1 * 24 * 2/24")
t.is(term("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", "doubled_pawns", 5), -5, "doubled_pawns: the rear one counts")
t.is(term("4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1", "isolated_pawns", 5), -10, "isolated_pawns: a2 and c2")
t.is(term("4k3/8/8/P7/8/8/8/4K3 w - - 0 1", "passed_pawns_end", 2), 18,
     "passed_pawns_end: a5 has advanced 3 ranks: 2 * 9 in a pawn ending")
t.is(term("4k3/1p6/8/P7/8/8/8/4K3 w - - 0 1", "passed_pawns_end", 2), 0, "passed_pawns_end: b7 stops a5")
-- the whole evaluation with every term on is the same for a position and its mirror image
local ALL = {model = 0, mobility = 3, king_shield = 9, king_zone = 7, doubled_pawns = 11, isolated_pawns = 13,
             passed_pawns_end = 5}
local function mirror(fen)
  local board, side, castle = fen:match("^(%S+) (%S+) (%S+)")
  local ranks = {}
  for r in board:gmatch("[^/]+") do table.insert(ranks, 1, (r:gsub("%a", function(ch)
    return ch:match("%l") and ch:upper() or ch:lower() end))) end
  local c = castle == "-" and "-" or castle:gsub("%a", function(ch)
    return ch:match("%l") and ch:upper() or ch:lower() end)
  return table.concat(ranks, "/") .. " " .. (side == "w" and "b" or "w") .. " " .. c .. " - 0 1"
end
for _, fen in ipairs{"r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 1",
                     "8/5pk1/6p1/1P6/P7/6P1/5PK1/8 w - - 0 1",
                     "2kr3r/ppp2ppp/2n5/3q4/3P4/2P2N2/P4PPP/R2Q1RK1 b - - 0 1"} do
  local a = sg.new("chess", {weights = ALL, position = fen}):scores()[1]
  local b = sg.new("chess", {weights = ALL, position = mirror(fen)}):scores()[2]
  t.is(a, b, "every term on: white here scores what black scores in the mirror image (" .. fen .. ")")
end

-- search
local mate1 = sg.new("chess", {position = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"})
local r = sg.search(mate1, {depth = 4})
t.is(r.move, "a1a8", "mate in one")
t.is(r.mate, 1, "reported as mate 1")
t.ok(r.score > 1000000, "a mate scores above any evaluation")
r = sg.search(sg.new("chess", {position = "7k/8/5K2/8/8/8/8/6R1 w - - 0 1"}), {depth = 6})
t.ok(r.mate == 2 and r.move == "f6f7", "mate in two: " .. r.move .. " mate " .. tostring(r.mate))
r = sg.search(sg.new("chess"), {depth = 5})
t.ok(r.depth == 5 and #r.pv >= 5 and r.nodes > 0, "depth 5 with a PV of " .. #r.pv)
r = sg.search(sg.new("chess"), {nodes = 3000})
t.ok(r.nodes <= 3100, "a node limit: " .. r.nodes)
-- (how soon it answers is measured by `stratagem bench timing`, not asserted on a shared machine)
r = sg.search(sg.new("chess"), {time = 0.2})
t.ok(r.stopped == "limit" and r.depth >= 1, "a time limit stops the search, which says so")
-- the chess-strength techniques (issue 30 item 2): each one acts, shown by the nodes of a
-- fixed-depth search with it switched off (same position, same depth, one thread); the
-- pruning ones search fewer nodes with it on (measured with the seed's evaluation, where they
-- were tuned: with the tapered one, iir searched more nodes on these three positions)
local TECH_FENS = {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                   "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
                   "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}
local function tech_nodes(extra)
  local total = 0
  for _, fen in ipairs(TECH_FENS) do
    local o = {depth = 7}
    for k, v in pairs(extra) do o[k] = v end
    total = total + sg.search(sg.new("chess", {position = fen, preset = "seed"}), o).nodes
  end
  return total
end
local all_on = tech_nodes({})
for _, k in ipairs({"see", "rfp", "futility", "lmp", "iir"}) do
  local off = tech_nodes({[k] = false})
  t.ok(all_on < off, string.format("%s prunes: %d nodes to depth 7 with it, %d without", k,
                                   all_on, off))
end
for _, k in ipairs({"check_ext", "lmr_table", "countermove"}) do
  local off = tech_nodes({[k] = false})
  t.ok(all_on ~= off, string.format("%s changes the tree: %d nodes to depth 7 with it, %d without",
                                    k, all_on, off))
end
t.errors(function() sg.search(sg.new("chess"), {depth = 2, rfp = 0}) end,
         "rfp %(algo 'alphabeta'%): 0 is out of range; expected false or a whole number from 1", "rfp = 0 refused")
t.errors(function() sg.search(sg.new("chess"), {depth = 2, see = 1.5}) end,
         "see", "see = 1.5 refused")
t.errors(function() sg.search(sg.new("chess"), {depth = 2, lmp = 1}) end,
         "lmp", "lmp = 1 refused")
-- continuation history (the piece_to hook: piece x 64 + target square) and singular
-- extensions (from depth 7: a search of 9 plies has them at its first plies)
t.ok(table.concat(sg.info("chess").hooks, ","):find("piece_to", 1, true),
     "chess offers the piece_to hook continuation history reads")
local ch_off = tech_nodes({cont_history = false})
t.ok(sg.defaults("chess").search.cont_history == true and all_on ~= ch_off,
     string.format("cont_history (on in chess's defaults) changes the tree: %d nodes to depth " ..
                   "7 with it, %d without", all_on, ch_off))
local function se_nodes(on)
  local total = 0
  for _, fen in ipairs(TECH_FENS) do
    total = total + sg.search(sg.new("chess", {position = fen}), {depth = 9, singular = on}).nodes
  end
  return total
end
local se_on, se_off = se_nodes(true), se_nodes(false)
t.ok(se_on ~= se_off, string.format("singular extensions change the tree: %d nodes to depth 9 " ..
                                    "with them, %d without", se_on, se_off))
t.is(se_nodes(true), se_on, "with singular extensions a search is reproducible: the same nodes")
for _, k in ipairs({"cont_history", "singular"}) do
  local mt = sg.search(sg.new("chess", {position = "7k/8/5K2/8/8/8/8/6R1 w - - 0 1"}),
                       {depth = 9, [k] = true})
  t.ok(mt.mate == 2 and mt.move == "f6f7", k .. " on: the mate in two is found: " .. mt.move)
  t.errors(function() sg.search(sg.new("chess"), {depth = 2, [k] = 1}) end,
           k .. " %(algo .alphabeta.%): got 1; expected true or false", k .. " = 1 refused")
end
-- keep_history: the game object keeps each player's history tables from one search to the
-- next (halved); a copy starts without them
do
  local fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
  local kg = sg.new("chess", {position = fen})
  local plain = sg.search(sg.new("chess", {position = fen}), {depth = 7, keep_history = false}).nodes
  local first = sg.search(kg, {depth = 7}).nodes
  local second = sg.search(kg, {depth = 7}).nodes
  t.ok(sg.defaults("chess").search.keep_history == true and first == plain and second ~= plain,
       string.format("keep_history, chess's default: the first search as without (%d nodes, " ..
                     "%d), the next from its tables (%d)", first, plain, second))
  t.is(sg.search(kg, {depth = 7, keep_history = false}).nodes, plain,
       "keep_history off: the kept tables are not read")
  t.is(sg.search(kg:copy(), {depth = 7}).nodes, plain, "a copy of the game starts with empty tables")
  kg:play("a3")   -- black's tables are its own: its first search is a fresh one
  t.is(sg.search(kg, {depth = 6}).nodes, sg.search(kg:copy(), {depth = 6, keep_history = false}).nodes,
       "each player has its own tables")
  -- the UCI engine keeps them between goes; ucinewgame and Clear Hash empty them (and the table)
  local uo = t.run(S .. " uci", table.concat({"position startpos", "go depth 6", "isready",
    "go depth 6", "isready", "ucinewgame", "position startpos", "go depth 6", "isready",
    "setoption name Clear Hash", "go depth 6", "isready"}, "\n") .. "\n")
  local un = {}
  for chunk in uo:gmatch("(.-)bestmove") do
    un[#un + 1] = tonumber(chunk:match(".*info depth 6 .-nodes (%d+)"))
  end
  t.ok(#un == 4 and un[1] and un[2] ~= un[1] and un[3] == un[1] and un[4] == un[1],
       "UCI: a second go starts from the first's tables; after ucinewgame or Clear Hash it is " ..
       "the first search again (nodes " .. table.concat(un, ", ") .. ")")
  t.errors(function() sg.search(kg, {depth = 2, keep_history = 1}) end,
           "keep_history %(algo .alphabeta.%): got 1; expected true or false",
           "keep_history = 1 refused")
end
-- a Lua evaluation replaces the C one: this one loves the a-pawn's advance
local calls = 0
r = sg.search(sg.new("chess"), {depth = 2, eval = function(fen)
  calls = calls + 1
  local side = fen:match(" (%a) ")
  local v = fen:find("^rnbqkbnr/pppppppp/8/8/P7") and 500 or 0
  return side == "b" and -v or v
end})
t.ok(calls > 0 and r.move == "a2a4", "a Lua evaluation is used (" .. calls .. " calls): " .. r.move)
-- an evaluation that changes or lets go of the game under search (issue 20, item 2: a
-- use-after-free the sanitizer build reports): the search runs on a private copy
local busy = sg.new("chess")
local played = 0
r = sg.search(busy, {depth = 3, eval = function()
  if pcall(busy.play, busy, played == 0 and "e4" or "e5") then played = played + 1 end
  if played < 2 then pcall(busy.undo, busy) end
  return 0
end})
local start_moves = {}
for _, mv in ipairs(sg.new("chess"):moves()) do start_moves[mv] = true end
t.ok(start_moves[r.move], "an eval that plays and takes back moves on the searched game: the " ..
     "search answers for the position it was given (" .. r.move .. ")")
do
  local doomed = sg.new("chess")
  r = sg.search(doomed, {depth = 3, eval = function()
    doomed = nil
    collectgarbage()
    return 0
  end})
  t.ok(start_moves[r.move], "an eval that drops its game and runs the collector: the search ends well")
end
t.errors(function() sg.search(sg.new("chess"), {depth = 2, eval = function() error("boom") end}) end, "boom", "its errors surface")
t.errors(function() sg.search(sg.new("chess"), {depth = 2, eval = function() return "x" end}) end, "must return a number", "and bad values")
for _, bad in ipairs{0 / 0, math.huge, -math.huge} do
  t.errors(function() sg.search(sg.new("chess"), {depth = 2, eval = function() return bad end}) end,
           "must return a number of centipawns, got %-?%a+ %(not a finite number%)",
           "an eval returning " .. tostring(bad) .. " is refused (no cast of a non-finite number)")
end
t.errors(function() sg.search(sg.new("chess"), {deep = 3}) end, "deep %(algo 'alphabeta'%): unknown option; expected one of: algo, aspiration, check_ext, cont_history, countermove, depth, eval, futility,", "unknown options are named")
t.errors(function() sg.search(sg.new("chess"), {depth = -1}) end, "depth %(algo 'alphabeta'%): %-1 is out of range; expected a whole number from 0 to 126", "bad depth")
t.errors(function() sg.search(m, {depth = 1}) end, "game is over", "no search after the end")

-- perft through the API and the program
t.is(sg.new("chess", {position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}):perft(3), 97862, "kiwipete perft(3)")
local out = t.run(S .. " perft chess 3")
t.like(out, "perft%(3%) = 8902 ", "stratagem perft chess 3")
out = t.run(S .. " perft chess '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' 2 --divide")
t.like(out, "perft%(2%) = 191", "divide from a FEN")

-- the UCI engine
local code
out, err, code = t.run(S .. " uci", table.concat({
  "uci", "isready", "setoption name Hash value 8", "setoption name knight value 300",
  "setoption name bogus value 1", "ucinewgame", "position startpos moves e2e4 e7e5",
  "go depth 4", "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3",
  "frobnicate", "position fen not-a-fen", "go movetime 50"}, "\n") .. "\n")
-- (no quit at the end: the reader thread acts on quit as soon as it reads it, stopping
-- whatever search is running, and here it reads the whole input at once; the end of input
-- lets a limited search finish instead, so every search above runs to its depth)
t.is(code, 0, "uci exits 0")
t.like(out, "id name stratagem", "id name")
t.like(out, "option name Hash type spin", "Hash option")
t.like(out, "option name knight type spin default 320", "every weight is an option")
t.like(out, "uciok\n", "uciok")
t.like(out, "readyok\n", "readyok")
t.like(out, "info string setoption: unknown option 'bogus' ignored", "unknown options are reported")
t.like(out, "info depth 4 seldepth %d+ score cp %-?%d+ nodes %d+ nps %d+ time %d+ pv ", "info lines")
t.like(out, "score mate 1 ", "mate scores")
t.like(out, "bestmove a1a8", "the mate is played")
t.like(out, "info string unknown command 'frobnicate' ignored", "unknown commands are reported")
t.like(out, "info string position: FEN placement: ", "a bad FEN is reported and ignored")
local nbest = select(2, out:gsub("bestmove ", ""))
t.is(nbest, 3, "three searches, three bestmoves")
-- end of input during a search: it finishes and answers
out = t.run(S .. " uci", "position startpos\ngo depth 3\n")
t.like(out, "bestmove %a%d%a%d", "at the end of input the running search finishes and answers")
out = t.run(S .. " uci", "position startpos\ngo infinite\n")
t.like(out, "bestmove %a%d%a%d", "an infinite search is stopped by the end of input")
out = t.run(S .. " uci", "position startpos\ngo infinite\nstop\nisready\nquit\n")
t.like(out, "bestmove %a%d%a%d.*readyok", "stop ends an infinite search with a bestmove")
out = t.run(S .. " uci", "position startpos\ngo perft 4\n")
t.like(out, "Nodes searched: 197281", "go perft")
-- weaker play: Skill Level, UCI_LimitStrength and UCI_Elo
out = t.run(S .. " uci", "uci\n")
t.like(out, "option name Skill Level type spin default 20 min 0 max 20\n", "Skill Level is offered")
t.like(out, "option name UCI_LimitStrength type check default false\n", "UCI_LimitStrength too")
local emax, emin, emax2 = out:match("option name UCI_Elo type spin default (%d+) min (%d+) max (%d+)\n")
emin, emax = tonumber(emin), tonumber(emax)
t.ok(emin and emax == tonumber(emax2) and emin < emax, "and UCI_Elo, its default the top of its range")
-- the strength played, as d reports it: skill (hundredths), depth cap, margin, Elo; full: nil
local function strength(setup)
  local o = t.run(S .. " uci", setup .. "d\n")
  if o:find("Strength: full") then return nil, tonumber(o:match("Strength: full %(skill 20, Elo (%d+)")) end
  local a, b, d, m, e = o:match("Strength: skill (%d+)%.(%d+) %(depth at most (%d+), a move within " ..
                                "(%d+) cp of the best%), Elo (%d+) at 100 ms a move")
  return {skill = tonumber(a) * 100 + tonumber(b), depth = tonumber(d), margin = tonumber(m),
          elo = tonumber(e)}
end
local LS = "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value "
local low = strength(LS .. emin .. "\n")
t.ok(low and low.skill == 0 and low.depth == 7 and low.margin == 120 and low.elo == emin,
     "UCI_Elo at its minimum: skill 0 (7 plies, 120 cp), the minimum's Elo")
local top, top_elo = strength(LS .. emax .. "\n")
t.ok(top == nil and top_elo == emax, "UCI_Elo at its maximum: full strength")
do   -- every 25 Elo across the range: never stronger settings for a lower Elo
  local prev, mono, near, steps = nil, true, true, 0
  for e = emin, emax - 1, 25 do
    local s = strength(LS .. e .. "\n")
    if not s then mono = false break end
    if prev and (s.skill < prev.skill or s.depth < prev.depth or s.margin > prev.margin or
                 s.elo < prev.elo) then mono = false end
    if prev and s.skill > prev.skill then steps = steps + 1 end
    near = near and math.abs(s.elo - e) <= 5
    prev = s
  end
  t.ok(mono and steps >= (emax - emin) // 25 - 2,
       "UCI_Elo maps monotonically onto the skill, its depth cap and its random margin")
  t.ok(near, "and the skill chosen is worth the Elo asked for, within 5")
end
do   -- the measured table: each Skill Level worth more than the one below
  local prev, rising = -1, true
  for s = 0, 19 do
    local st = strength("setoption name Skill Level value " .. s .. "\n")
    local tt = 1200 + 40 * s   -- the old skill scale, in hundredths: 12 + 2s/5
    rising = rising and st ~= nil and st.elo > prev and st.depth == 1 + tt // 200 and
             st.margin == 15 * (2000 - tt) // 100
    prev = st and st.elo or prev
  end
  t.ok(rising and prev < emax, "Skill Levels 0 to 20: each worth more Elo than the one below")
end
out = t.run(S .. " uci", "setoption name UCI_Elo value " .. (emin - 1) .. "\nsetoption name UCI_Elo value " ..
            (emax + 1) .. "\n")
t.like(out, ("UCI_Elo must be a whole number from %d to %d, got '%d'"):format(emin, emax, emin - 1),
       "UCI_Elo below the measured range refused")
t.like(out, ("got '%d'"):format(emax + 1), "and above it")
out = t.run(S .. " uci", "setoption name UCI_Elo value " .. (emin + 1) .. "\nd\n")
t.like(out, "Strength: full", "UCI_Elo without UCI_LimitStrength leaves full strength")
out = t.run(S .. " uci", "setoption name Skill Level value 0\nposition startpos\ngo depth 9\n")
t.ok(out:find("bestmove %a%d%a%d") and out:find("info depth 7 ") and not out:find("info depth 8 "),
     "Skill Level 0: seven plies, whatever depth is asked")
local first = t.run(S .. " uci", "setoption name Skill Level value 0\nposition startpos moves e2e4\ngo depth 1\n")
out = t.run(S .. " uci", "setoption name Skill Level value 0\nposition startpos moves e2e4\ngo depth 1\n")
t.is(out:match("bestmove (%S+)"), first:match("bestmove (%S+)"),
     "a weakened engine's choice is reproducible (chosen from the position)")
out = t.run(S .. " uci", LS .. emin .. "\nposition startpos\ngo depth 9\n")
t.ok(out:find("bestmove") and not out:find("info depth 8 "),
     "the lowest UCI_Elo with UCI_LimitStrength: seven plies")
out = t.run(S .. " uci", "setoption name UCI_Elo value " .. emin .. "\nposition startpos\ngo depth 3\n")
t.like(out, "info depth 3 ", "UCI_Elo without UCI_LimitStrength changes nothing")
out = t.run(S .. " uci", "setoption name Skill Level value 21\nsetoption name UCI_Elo value x\n" ..
            "setoption name UCI_LimitStrength value 1\n")
t.like(out, "Skill Level must be a whole number from 0 to 20, got '21'", "a bad Skill Level refused")
t.like(out, ("UCI_Elo must be a whole number from %d to %d, got 'x'"):format(emin, emax), "a bad UCI_Elo refused")
t.like(out, "UCI_LimitStrength must be true or false, got '1'", "a bad UCI_LimitStrength refused")
-- MultiPV: one info line per line at each depth, numbered best first; bestmove is line 1's
out = t.run(S .. " uci", "uci\n")
t.like(out, "option name MultiPV type spin default 1 min 1 max 256\n", "MultiPV is offered")
local mpv_fen = "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n"
out = t.run(S .. " uci", "setoption name MultiPV value 3\n" .. mpv_fen .. "go depth 4\n")
local lines4 = {}
for k, score, pv in out:gmatch("info depth 4 seldepth %d+ multipv (%d+) score (%a+ %-?%d+) " ..
                               "nodes %d+ nps %d+ time %d+ pv (%S+)") do
  lines4[#lines4 + 1] = {k = tonumber(k), score = score, move = pv}
end
t.is(#lines4, 3, "MultiPV 3: three info lines at depth 4")
t.ok(lines4[1] and lines4[1].k == 1 and lines4[1].score == "mate 1" and lines4[1].move == "a1a8",
     "multipv 1 is the mate in one")
local cp2 = lines4[2] and tonumber(lines4[2].score:match("^cp (%-?%d+)$"))
local cp3 = lines4[3] and tonumber(lines4[3].score:match("^cp (%-?%d+)$"))
t.ok(lines4[2] and lines4[2].k == 2 and cp2 and lines4[3].k == 3 and cp3 and cp3 <= cp2,
     "multipv 2 and 3 follow in order, scored in centipawns, the better first")
t.ok(lines4[2] and lines4[3] and lines4[2].move ~= "a1a8" and lines4[3].move ~= "a1a8" and
     lines4[2].move ~= lines4[3].move, "with other moves than the mate and each other")
t.like(out, "info depth 1 seldepth %d+ multipv 1 .*info depth 1 seldepth %d+ multipv 2 ",
       "every depth has its lines")
t.like(out, "bestmove a1a8", "bestmove is line 1's move")
out = t.run(S .. " uci", "setoption name MultiPV value 256\nposition fen 7k/8/8/8/8/8/7p/K7 w - - 0 1\n" ..
            "go depth 3\n")
local n3 = select(2, out:gsub("info depth 3 [^\n]*multipv", ""))
t.is(n3, 3, "MultiPV 256 with 3 legal moves: 3 lines a depth")
out = t.run(S .. " uci", "position startpos\ngo depth 3\n")
t.ok(out:find("info depth 3 ") and not out:find("multipv"), "MultiPV 1 (the default): no multipv field")
out = t.run(S .. " uci", "setoption name MultiPV value 2\nsetoption name Skill Level value 0\n" ..
            "position startpos\ngo depth 3\n")
t.ok(out:find("bestmove") and not out:find("multipv 2"), "a weakened engine shows one line")
out = t.run(S .. " uci", "setoption name MultiPV value 2\nsetoption name Threads value 2\n" ..
            "position startpos\ngo depth 5\n")
t.ok(out:find("multipv 2 ") and out:find("bestmove %a%d%a%d"), "MultiPV with 2 threads")
out = t.run(S .. " uci", "setoption name MultiPV value 0\nsetoption name MultiPV value 257\n" ..
            "setoption name MultiPV value two\n")
t.like(out, "MultiPV must be a whole number from 1 to 256, got '0'.*got '257'.*got 'two'",
       "bad MultiPV values refused")
local _, uerr, ucode = t.run(S .. " uci extra")
t.ok(ucode == 2 and uerr:find("expected nothing or --preset NAME, got 'extra'", 1, true),
     "uci takes no arguments but --preset")
_, uerr, ucode = t.run(S .. " uci --preset fast")
t.ok(ucode == 2 and uerr:find("--preset must be modern or seed, got 'fast'", 1, true),
     "uci --preset names a bad preset")

-- the move buffers: the most moves of a reachable position (218, Petrovic's position) fit,
-- material no game can reach is refused (it could exceed any buffer), and the most a side
-- can have (9 queens, 2 rooks, 2 bishops, 2 knights) is searched without overflow
local max218 = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"
t.is(#sg.new("chess", {position = max218}):moves(), 218, "the 218-move position has 218 moves")
local crowd = "QQQQQQQB/Q6Q/Q6Q/Q6Q/K1Q4Q/Q6Q/NR5Q/kBQQQQQB w - - 0 1"
local cg, cerr = sg.new("chess", {position = crowd})
t.ok(cg == nil and cerr:find("position: FEN placement: white has material no game can reach; "
     .. "expected at most 16 men and 8 pawns a side, and no more promoted pieces than missing "
     .. "pawns", 1, true), "265 moves of unreachable material: refused with a message")
t.ok(sg.new("chess", {position = "8/8/8/8/8/8/8/QQQQQQQQ w - - 0 1"}) == nil,
     "no kings and eight queens: refused")
local g9, e9 = sg.new("chess", {position = "r6k/3q4/2q1q1q1/3q1q2/2q1q1q1/4b3/PP6/KB1n1n1r b - - 0 1"})
t.ok(g9 and #g9:moves() > 100 and #g9:moves() <= 323,
     "eight queens and more: within the buffer (" .. (g9 and #g9:moves() or e9) .. ")")
if g9 then
  t.ok(g9:perft(2) > 0 and g9:legal(sg.search(g9, {depth = 2}).move),
       "and searched and counted without overflow")
end
local uo = t.run(S .. " uci", "position fen " .. crowd .. "\nd\nquit\n")
t.like(uo, "material no game can reach", "UCI: the position refused with a message")

-- UCI robustness (each run under `timeout`: a hang fails the test instead of the suite)
local function uci(input) return t.run("timeout 30 " .. S .. " uci", input) end
-- the input kept open until `want` bestmoves (default 1, and a readyok if `ready`) have come,
-- or for at most 2 s x TEST_TIME_FACTOR, then closed (no test waits longer than its answers
-- take); what the engine printed until it ended.  (It was killed after those 2 s: a loaded
-- sanitizer build that had not answered yet lost its output, twice in CI.)
local function uci_open(input, want, ready)
  local script = {"mkfifo in.$$", S .. " uci <in.$$ >out.$$ 2>&1 &", "pid=$!", "exec 3>in.$$",
                  "printf '%s' " .. t.q(input) .. " >&3", "i=0",
                  string.format("while { [ $(grep -c bestmove out.$$) -lt %d ]%s; } && " ..
                                "[ $i -lt %d ]; do sleep 0.02; i=$((i+1)); done", want or 1,
                                ready and " || ! grep -q readyok out.$$" or "",
                                math.ceil(2 * t.slow / 0.02)),
                  -- then the end of the input, not a kill: a search still going (its answer
                  -- late on a loaded machine) finishes and says all it has to say, and the
                  -- engine ends; a watchdog ends an engine that hangs
                  "exec 3>&-",
                  string.format("( sleep %d; kill $pid ) >/dev/null 2>&1 & w=$!",
                                math.ceil(60 * t.slow)),
                  "wait $pid 2>/dev/null", "kill $w 2>/dev/null", "cat out.$$",
                  "rm -f in.$$ out.$$"}
  return (t.run("sh -c " .. t.q(table.concat(script, "\n"))))
end
local uo2, _, uc2 = uci_open("position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1\ngo depth 1000\n")
t.ok(uo2:find("bestmove a1a8", 1, true),
     "go depth 1000 means the deepest depth: the mate is found and played without stop")
uo2 = uci_open("position startpos\ngo wtime 0 btime 1000\n")
t.ok(uo2:find("bestmove %a%d%a%d"), "go wtime 0: a move at once")
uo2 = uci_open("position startpos\ngo wtime -100 btime 1000 winc 0\n")
t.ok(uo2:find("bestmove %a%d%a%d"), "go wtime -100: a move at once")
uo2 = uci_open("position startpos\ngo wtime nan btime nan\n")
t.ok(uo2:find("bestmove %a%d%a%d"), "go wtime nan: no clock to plan by, a move at once")
uo2 = uci_open("position startpos\ngo depth 1e247 nodes 2000\ngo movestogo -1e300 wtime 100\n", 2)
t.ok(select(2, uo2:gsub("bestmove %a%d%a%d", "")) == 2,
     "numbers beyond int (depth 1e247, movestogo -1e300) are clamped: both searches answer")
uo2 = uci_open("position startpos\ngo infinite\nposition startpos moves e2e4\nd\n"
               .. "go depth 2\nsetoption name Hash value 2\nucinewgame\nisready\n", 2, true)
nbest = select(2, uo2:gsub("bestmove", ""))
t.ok(nbest == 2 and uo2:find("readyok", 1, true),
     "after go infinite, position, d, go, setoption and ucinewgame are answered (" .. nbest
     .. " bestmoves)")
t.like(uo2, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
       "d during a search shows the position just set")
uo2, _, uc2 = uci("position startpos\ngo infinite\nstop\nquit\n")
t.ok(uc2 == 0 and uo2:find("bestmove", 1, true), "go infinite, stop, quit")
local dance = {}
for i = 1, 500 do dance[i] = "g1f3 g8f6 f3g1 f6g8" end   -- 2000 plies, a line of 10000 bytes
uo2, _, uc2 = uci("setoption name repetitions value 0\nposition startpos moves "
                  .. table.concat(dance, " ") .. " e2e4\nd\n")
t.ok(uc2 == 0 and uo2:find("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1001", 1, true),
     "a position line of 10,000 bytes is read whole")
uo2 = uci("position startpos moves e2e4\nposition startpos moves d2d4 e7e5 e1e3\nd\n")
t.ok(uo2:find("the position is unchanged", 1, true) and
     uo2:find("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 1, true),
     "an illegal move in position ... moves leaves the position as it was")
uo2 = uci("setoption name repetitions value 1\nsetoption name repetitions value 2x\n")
t.like(uo2, "setoption: rules.repetitions must be 0 %(off%) or from 2 to 10, got 1",
       "setoption repetitions 1 is refused as sg.new refuses it")
t.like(uo2, "repetitions must be a whole number from 0 to 10, got '2x'", "and 2x")
uo2 = uci("go perft 64\ngo perft 0\n")
t.like(uo2, "go perft: depth must be 1 to 20, got '64'", "go perft 64: refused, no overflowed count")
t.ok(not uo2:find("18446744073709551615", 1, true), "no count of 2^64 - 1")

-- D12: a limit of zero or less, and a clock for the side not to move only, answer without
-- stop.  Each command goes in after the bestmove of the go before it, the input kept open (a
-- go that waits for stop would be ended by the next go, or by the end of the input); a hang
-- fails after 60 s in all.
local function uci_paced(cmds)
  local script = {"mkfifo in.$$", S .. " uci <in.$$ >out.$$ 2>&1 &", "pid=$!", "exec 3>in.$$",
                  "n=0", "i=0"}
  for _, c in ipairs(cmds) do
    script[#script + 1] = "printf '%s\\n' " .. t.q(c) .. " >&3"
    if c:find("^go") then
      script[#script + 1] = "n=$((n+1)); while [ $(grep -c bestmove out.$$) -lt $n ] && "
        .. "[ $i -lt 3000 ]; do sleep 0.02; i=$((i+1)); done"
    end
  end
  for _, l in ipairs({"[ $i -lt 3000 ] || echo 'TIMED OUT'", "exec 3>&-", "wait $pid",
                      "cat out.$$", "rm -f in.$$ out.$$"}) do
    script[#script + 1] = l
  end
  return (t.run("sh -c " .. t.q(table.concat(script, "\n"))))
end
uo2 = uci_paced({"position startpos", "go movetime 0", "go movetime -5", "go depth 0", "go nodes 0",
                 "position startpos moves e2e4", "go wtime 0", "go wtime 1000 winc 10", "quit"})
t.ok(select(2, uo2:gsub("bestmove %a%d%a%d", "")) == 6 and not uo2:find("TIMED OUT", 1, true),
     "go movetime 0, movetime -5, depth 0, nodes 0, and a clock for the other side: each moves")
t.ok(not uo2:find("info depth 2 ", 1, true), "each at depth 1")
t.like(uo2, "info string go: no clock for the side to move %(btime%): a move at once",
       "a go without the mover's clock says so")

-- Move Overhead (#30): taken off the clock before planning; no floor that overdraws a short clock
uo2 = uci_open("uci\nposition startpos\ngo wtime 3 btime 1000\n")
t.like(uo2, "option name Move Overhead type spin default 10 min 0 max 5000", "uci lists Move Overhead")
t.ok(uo2:find("info string go: 3 ms left, too little after Move Overhead %(10 ms%): a move at once")
     and uo2:find("bestmove %a%d%a%d") and not uo2:find("info depth 2 ", 1, true),
     "3 ms on the clock: a move at once at depth 1 (the old 5 ms floor searched longer)")
uo2 = uci_open("setoption name Move Overhead value 200\nposition startpos\ngo wtime 150 btime 1000\n")
t.ok(uo2:find("150 ms left, too little after Move Overhead (200 ms)", 1, true) and
     uo2:find("bestmove %a%d%a%d"), "a clock below Move Overhead: a move at once")
-- (searched: "debug on" says the plan; how deep 150 ms reaches depends on the machine's load)
uo2 = uci_open("debug on\nsetoption name Move Overhead value 0\nposition startpos\n" ..
               "go wtime 150 btime 1000\n")
t.ok(not uo2:find("too little after Move Overhead", 1, true) and
     uo2:find("info string time: soft %d+ ms, hard [1-9]%d* ms %(150 ms left") and
     uo2:find("bestmove %a%d%a%d"), "with Move Overhead 0 the same clock is searched")
-- time management (#30 item 3), as "debug on" says it: the plan of each timed go, then how the
-- search ended
local plans = {}
for _, go in ipairs({"go wtime 6000 btime 6000", "go wtime 1000 btime 1000 movestogo 1",
                     "go wtime 2000 btime 2000 movestogo 20 winc 100 binc 100"}) do
  uo2 = uci_open("debug on\nposition startpos\n" .. go .. "\nposition startpos\n")
  local soft, hard = uo2:match("info string time: soft (%d+) ms, hard (%d+) ms")
  plans[#plans + 1] = {soft = tonumber(soft), hard = tonumber(hard)}
end
t.ok(plans[1].hard and plans[2].hard and plans[3].hard, "debug on: each timed go says its plan")
if plans[1].hard and plans[2].hard and plans[3].hard then
  t.ok(plans[1].hard <= 3 * 6000 / 30 and plans[1].soft < plans[1].hard,
       string.format("sudden death, 6 s: no move over 3 times the average budget (hard %d ms)",
                     plans[1].hard))
  t.ok(plans[2].hard >= 800 and plans[2].hard < 1000,
       string.format("movestogo 1, 1 s: the last move before the control may use most of the "
                     .. "clock (hard %d ms), not half of it", plans[2].hard))
  t.ok(plans[3].hard <= 3 * (2000 / 20 + 100) and plans[3].soft >= 0.6 * 1900 / 20.5,
       string.format("movestogo 20, 2 s + 0.1 s: soft %d ms, hard %d ms", plans[3].soft,
                     plans[3].hard))
end
uo2 = uci_open("debug on\nposition fen 7k/8/8/8/8/8/1r6/K6r w - - 0 1\ngo wtime 10000 btime 10000\n"
               .. "position startpos\n")
t.ok(uo2:find("time: one legal move, played at once", 1, true) and uo2:find("bestmove a1b2", 1, true)
     and not uo2:find("info depth 2 ", 1, true), "one legal move on a clock: played at once, depth 1")
-- an easy move (the queen that gives check taken back) is stable from the first iteration:
-- the search stops at 0.4 of the soft limit
-- (once in a CI run under ThreadSanitizer the line was missing, cause unknown: the output of
-- a run without it is shown, and the run is tried up to three times)
local stable, scale
for _ = 1, 3 do
  uo2 = uci_open("debug on\nposition fen r3k3/8/8/8/8/8/3q1PPP/R3K3 w Q - 0 1\n"
                 .. "go wtime 20000 btime 20000\nposition startpos\n")
  stable, scale = uo2:match("the best move stable for (%d+) iterations, soft limit x([%d.]+)")
  if stable then break end
  t.diag("no 'stable for' line in the engine's output:\n" .. uo2)
end
t.ok(uo2:find("bestmove e1d2", 1, true) and tonumber(stable or 0) >= 6 and scale == "0.4",
     string.format("an easy move: stable for %s iterations, the soft limit x%s", stable, scale))
uo2 = uci("setoption name Move Overhead value -1\nsetoption name Move Overhead value 5001\n")
t.like(uo2, "Move Overhead must be a whole number from 0 to 5000, got '%-1'", "Move Overhead -1 refused")
t.like(uo2, "got '5001'", "Move Overhead 5001 refused")

-- D14: every numeric option refuses trailing text and values out of range, and keeps its value
uo2 = uci("setoption name Threads value 1e9\nsetoption name Hash value 16abc\n"
          .. "setoption name Threads value 0\nsetoption name Hash\n"
          .. "setoption name knight value 300\nsetoption name knight value 400x\n"
          .. "setoption name knight value 99999999999999999999\n"
          .. "setoption name MultiPV value 2\nsetoption name MultiPV value 3 lines\n"
          .. "uci\nposition startpos\ngo depth 2\n")
t.like(uo2, "setoption: Threads must be a whole number from 1 to 256, got '1e9'", "Threads 1e9 refused")
t.like(uo2, "setoption: Hash must be a whole number from 1 to 65536, got '16abc'", "Hash 16abc refused")
t.like(uo2, "Threads must be a whole number from 1 to 256, got '0'", "Threads 0 refused")
t.like(uo2, "Hash must be a whole number from 1 to 65536, got ''", "Hash without a value refused")
t.like(uo2, "knight must be a whole number from %-100000 to 100000, got '400x'", "knight 400x refused")
t.like(uo2, "got '99999999999999999999'", "a number beyond long refused")
t.like(uo2, "option name knight type spin default 300 ", "knight keeps 300")
t.ok(uo2:find("multipv 2 ", 1, true) and not uo2:find("multipv 3 ", 1, true),
     "MultiPV keeps 2 after '3 lines'")

-- D17: a position drawn by rule that has moves gets a legal move; 0000 only without one
uo2 = uci("position fen 8/8/4k3/8/8/3K4/8/8 w - - 0 1\ngo depth 3\n"
          .. "position fen 4k3/8/8/8/8/8/R7/4K3 w - - 100 80\ngo depth 3\n"
          .. "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\ngo depth 3\n"
          .. "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n")
local bests = {}
for m in uo2:gmatch("bestmove (%w+)") do bests[#bests + 1] = m end
t.is(#bests, 4, "four searches, four bestmoves")
-- each answer played in the position (an illegal one leaves it unchanged, and says so)
local starts = {"fen 8/8/4k3/8/8/3K4/8/8 w - - 0 1", "fen 4k3/8/8/8/8/8/R7/4K3 w - - 100 80",
                "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"}
for i, start in ipairs(starts) do
  local o = uci("position " .. start .. (i == 3 and " " or " moves ") .. (bests[i] or "0000") .. "\n")
  t.ok(bests[i] and bests[i] ~= "0000" and not o:find("unchanged", 1, true),
       "drawn by rule (" .. start .. "): a legal move, " .. tostring(bests[i]))
end
t.is(bests[4], "0000", "stalemate: bestmove 0000")
t.like(uo2, "the position is drawn %(insufficient material%)", "the draw is said")
-- go searchmoves: only those moves; a bad one is said and ignored; none left: all moves
uo2 = uci("position startpos\ngo depth 3 searchmoves h2h4 e2e5 x\ngo searchmoves a2a3 Nc3 depth 2\n"
          .. "go searchmoves e2e5\ngo depth 1\n")
bests = {}
for m in uo2:gmatch("bestmove (%w+)") do bests[#bests + 1] = m end
t.is(bests[1], "h2h4", "go searchmoves h2h4: h2h4")
t.ok(bests[2] == "a2a3" or bests[2] == "b1c3", "searchmoves in SAN, then depth: " .. tostring(bests[2]))
t.like(uo2, "go searchmoves: illegal move 'e2e5'.*%(ignored%)", "an illegal one is said and ignored")
t.ok(#bests == 4 and bests[3] ~= "0000", "no searchmove left: every move is searched")

-- D18: move counters beyond 16 bits, through moves, FEN in and out, and undo
local knights = {}
for i = 1, 50000 do knights[i] = "g1f3 g8f6 f3g1 f6g8" end
local longfen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 200001 100001"
uo2 = uci("setoption name repetitions value 0\nsetoption name draw_fifty value 0\n"
          .. "position startpos moves " .. table.concat(knights, " ") .. " g1f3\nd\n"
          .. "position fen " .. longfen .. " moves g8f6\nd\n")
t.ok(uo2:find("Fen: " .. longfen, 1, true), "200,001 plies: the counters 200001 and 100001")
t.ok(uo2:find("Fen: rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 200002 100002", 1, true),
     "and read back from the FEN, a move on")
local lg = sg.new("chess", {position = longfen, rules = {draw_fifty = 0}})
t.is(lg and lg:fen(), longfen, "sg.new takes the counters")
if lg then
  lg:play("g8f6")
  lg:undo()
  t.is(lg:fen(), longfen, "and undo restores them")
else
  t.ok(false, "and undo restores them")
end
t.ok(select(2, sg.new("chess", {position = "8/8/8/8/8/8/8/K6k w - - 0 2147483648"})),
     "a fullmove beyond 2^31 - 1 is refused")

-- D23: go perft runs on the search thread: isready is answered, stop and quit end it (perft 9
-- takes hours, so the failure is a hang, ended by the timeout)
local uo3, _, uc3 = t.run("timeout 60 " .. S .. " uci", "go perft 9\nisready\nstop\nquit\n")
t.ok(uc3 == 0 and uo3:find("readyok", 1, true) and uo3:find("go perft 9: stopped", 1, true),
     "go perft 9, isready, stop, quit: answered and ended (exit " .. tostring(uc3) .. ")")
uo3, _, uc3 = t.run("timeout 60 " .. S .. " uci", "go perft 9\nstop\ngo perft 3\n")
t.ok(uc3 == 0 and uo3:find("Nodes searched: 8902", 1, true),
     "stop ends go perft 9 and the next go perft answers (exit " .. tostring(uc3) .. ")")

-- D19: Ctrl-C on `stratagem uci`: the bestmove, one line on stderr, no traceback, exit 130
do
  local script = table.concat({
    -- the input stays open while the engine runs (its pid in a file: wait waits for the pipe)
    "(printf 'position startpos\\ngo infinite\\n'; while [ ! -s pid.$$ ] || kill -0 $(cat pid.$$) 2>/dev/null; do sleep 0.1; done) | "
      .. S .. " uci 2>err.$$ &",
    "pid=$!",
    "echo $pid > pid.$$",
    "sleep " .. 0.5 * t.slow,
    "kill -INT $pid",
    "i=0",   -- a hang is ended after 60 s
    "while kill -0 $pid 2>/dev/null && [ $i -lt 3000 ]; do sleep 0.02; i=$((i+1)); done",
    "if kill -0 $pid 2>/dev/null; then kill -9 $pid; echo KILLED; fi",
    "wait $pid; echo \"code $?\"",
    "cat err.$$ >&2; rm -f err.$$ pid.$$",
  }, "\n")
  local io3, ie3 = t.run("sh -c " .. t.q(script))
  t.ok(io3:find("bestmove %a%d%a%d") and io3:find("code 130", 1, true),
       "Ctrl-C: a bestmove, exit 130 (" .. (io3:match("code %d+") or "?") .. ")")
  t.is(ie3, "stratagem: uci: interrupted!\n", "and one line on stderr, no traceback")
end

t.done()
