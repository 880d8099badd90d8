package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 031-pgn.lua: PGN out and in: the tag roster, movetext, wrapping, comments, variations and
-- NAGs skipped, set-up positions, several games, files, and messages on bad text.
local t = require "tap"
local sg = require "stratagem"
local pgn = sg.chess.pgn

t.is(pgn, require("stratagem.pgn"), "sg.chess.pgn is the PGN module")

local function game(moves, fen)
  local g = sg.new("chess", {position = fen})
  for m in moves:gmatch("%S+") do g:play(m) end
  return g
end

-- writing: the seven tag roster in order, SAN with move numbers, the result at the end
local g = game("e4 e5 Nf3 Nc6 Bb5")
local text = pgn.write(g, {White = "Ann", Black = "Bob", Event = "Club"})
t.is(text, '[Event "Club"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "Ann"]\n' ..
           '[Black "Bob"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n',
     "a game in export format: roster, movetext, result")
local fool = game("f2f3 e7e5 g2g4 d8h4")
local ftext = pgn.write(fool)
t.like(ftext, '%[Result "0%-1"%]', "a finished game's result comes from the game")
t.like(ftext, "\n1%. f3 e5 2%. g4 Qh4# 0%-1\n$", "UCI moves are written as SAN, mate as #")
t.like(pgn.write(game("e4 d5 Bb5"), {Termination = "normal", TimeControl = "10+0.1"}),
       '%[Result "%*"%]\n%[Termination "normal"%]\n%[TimeControl "10%+0%.1"%]\n',
       "other tags follow the roster, by name")
t.like(pgn.write({game = g, result = "1-0", tags = {White = "X"}}),
       '%[White "X"%].-%[Result "1%-0"%].-Bb5 1%-0\n$', "a record's result and tags win")
t.like(pgn.write({game = g, comments = {[1] = "book move", [2] = "{braces} gone"}}),
       "1%. e4 {book move} 1%.%.%. e5 {braces gone} 2%. Nf3",
       "comments after moves; black's move after a comment gets its number")

-- round trip
local recs = assert(pgn.read(text))
t.is(#recs, 1, "read: one game")
t.is_deeply(recs[1].moves, {"e4", "e5", "Nf3", "Nc6", "Bb5"}, "read: the moves as SAN")
t.is(recs[1].tags.White, "Ann", "read: the tags")
t.is(recs[1].result, "*", "read: the result")
t.is(recs[1].game:fen(), g:fen(), "read: the game is replayed to the same position")
t.is(pgn.write(recs[1]), text, "a record read back writes the same text")
local frec = assert(pgn.read(ftext))[1]
t.is(frec.result, "0-1", "the mate's result")
t.is(frec.game:status(), "won", "and the replayed game is over")

-- a set-up position: SetUp and FEN tags, black to move first, move numbers from the FEN
local fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"
local e = game("Kd7 e4 Ke6", fen)
local etext = pgn.write(e)
t.like(etext, '%[SetUp "1"%]\n%[FEN "4k3/8/8/8/8/8/4P3/4K3 b %- %- 0 30"%]', "SetUp and FEN tags")
t.like(etext, "\n30%.%.%. Kd7 31%. e4 Ke6 %*\n$", "numbering starts from the FEN, black first")
local erec = assert(pgn.read(etext))[1]
t.is(erec.game:position(true), e:position(true), "read: replayed from the FEN tag")
t.is(erec.game:fen(), e:fen(), "to the same position")
t.ok(not pgn.write(game("")):find("FEN"), "no FEN tag for the standard start")

-- tags with quotes and backslashes
local q = pgn.write(g, {Event = 'say "hi" \\ bye'})
t.like(q, '%[Event "say \\"hi\\" \\\\ bye"%]', "quotes and backslashes are escaped")
t.is(assert(pgn.read(q))[1].tags.Event, 'say "hi" \\ bye', "and read back")
-- a tag value is one line: line breaks and other control characters are written as spaces, so
-- any record writes text that reads back (a fuzzer's finding: a value read as "a\<newline>b")
local cr = pgn.write(g, {Event = "two\nlines", Site = "tab\tand\rreturn"})
t.like(cr, '%[Event "two lines"%]', "a line break in a tag value is written as a space")
t.like(cr, '%[Site "tab and return"%]', "a tab and a carriage return too")
t.is(#assert(pgn.read(cr)), 1, "and the text reads back")
local r0, msg0 = pgn.read('[Event "a\\\nb"]\n\n1. e4 *\n')
t.is(r0, nil, "a backslash before a line break does not continue a tag value")
t.like(msg0, "^line 1: unterminated tag value of %[Event", "it is an unterminated value")
local interrupted = '[Event "x"]\n\n1. e4 e5 2.\n[Round "a\\\r\\\\b"]\n[White "\xff\\a"] ' ..
  '[Black "b"] [Result "*"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n'
local ir = assert(pgn.read(interrupted))
t.is(#ir, 2, "movetext cut by a tag section: two games")
t.is(#assert(pgn.read(pgn.write(ir))), 2, "written and read back: two games")

-- long games wrap under 80 columns
local long = sg.new("chess")
local x = 7
while long:status() == "playing" and long:ply() < 200 do
  local ms = long:moves()
  x = (x * 1103515245 + 12345) % 2147483648
  long:play(ms[x % #ms + 1])
end
local ltext = pgn.write(long)
local widest = 0
for line in ltext:gmatch("[^\n]+") do widest = math.max(widest, #line) end
t.ok(widest < 80 and widest > 60, "lines are wrapped under 80 columns (widest " .. widest .. ")")
local lrec = assert(pgn.read(ltext))[1]
t.is(lrec.game:fen(), long:fen(), "a long random game reads back to the same position")
t.is(#lrec.moves, long:ply(), "with every move")

-- import format: comments, NAGs, variations, annotations, numbers stuck to moves, 0-0
local messy = [[
% an escape line
[Event "messy"]
[White "A"] [Black "B"]

1.e4 {best by test} e5 $1 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; to the end of the line
3. Bb5!? a6?! 4. Ba4 Nf6 5. 0-0 {castles} Be7 1/2-1/2
]]
local mrec = assert(pgn.read(messy))
t.is_deeply(mrec[1].moves, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"},
            "comments, NAGs, variations and annotation marks are skipped")
t.is(mrec[1].result, "1/2-1/2", "the result token")
t.is(mrec[1].tags.Black, "B", "two tags on a line")

-- several games; a missing result token ends a game at the next tag section
local two = pgn.write({{game = g, tags = {Round = "1"}}, {game = fool, tags = {Round = "2"}}})
local trecs = assert(pgn.read(two))
t.is(#trecs, 2, "two games written and read")
t.is(trecs[2].tags.Round, "2", "each with its tags")
t.is(trecs[2].result, "0-1", "and its result")
local norecs = assert(pgn.read('[Event "a"]\n\n1. e4\n\n[Event "b"]\n\n1. d4 d5 *\n'))
t.is(#norecs, 2, "a game without a result token ends at the next tags")
t.is(norecs[1].result, "*", "its result is unknown")
t.is(#assert(pgn.read("")), 0, "an empty text has no games")
t.is(#assert(pgn.read("1. e4 e5 *")), 1, "movetext without tags is a game")

-- promotion and castling
local prom = assert(pgn.read('[SetUp "1"]\n[FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]\n\n1. e8=Q *'))
t.is(prom[1].moves[1], "e8=Q", "a promotion")

-- bad text: nil and a message naming the game, the move and its text; never an error
local bad = text .. "\n" .. '[Event "2"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nxe5 *\n'
local r, msg = pgn.read(bad)
t.is(r, nil, "an illegal move: nil")
t.like(msg, "^game 2, move 3%.%.%.: illegal move 'Nxe5'", "naming the game, move number and move")
r, msg = pgn.read("1. e4 zz9 *")
t.like(msg, "^game 1, move 1%.%.%.: malformed move 'zz9'", "a malformed move")
r, msg = pgn.read("1. e4 e5 2. Ke3 *")
t.like(msg, "^game 1, move 2%.: illegal move 'Ke3'", "an illegal white move")
r, msg = pgn.read("1. e4 {never closed")
t.like(msg, "^line 1: unterminated comment", "an unterminated comment")
r, msg = pgn.read('[Event "x\n\n1. e4 *')
t.like(msg, "^line 1: unterminated tag value", "an unterminated tag")
r, msg = pgn.read('[FEN "not a position"]\n\n*')
t.like(msg, "^game 1: bad FEN tag 'not a position'", "a bad FEN tag")
r, msg = pgn.read("1. e4 e5 ) *")
t.like(msg, "^game 1 %(line 1%): '%)' without a '%('", "an unbalanced ')'")
r, msg = pgn.read("1. e4 (1. d4 *")
t.like(msg, "unterminated variation", "an unterminated variation")
local raised = 0
local chars = {"[", "]", "\"", "{", "}", "(", ")", ";", "$", "1", ".", " ", "\n", "e4", "Nf3",
               "O-O", "x", "=Q", "*", "1-0", "\\", "%", "FEN", "K"}
x = 11
for _ = 1, 300 do
  local parts = {}
  for k = 1, 20 do
    x = (x * 1103515245 + 12345) % 2147483648
    parts[k] = chars[x % #chars + 1]
  end
  local ok = pcall(pgn.read, table.concat(parts))
  if not ok then raised = raised + 1 end
end
t.is(raised, 0, "300 random texts: read never raises")
t.errors(function() pgn.read(42) end, "pgn.read: expected the text", "read of a number is misuse")
t.errors(function() pgn.write(42) end, "pgn.write: expected a chess game", "write of a number")
t.errors(function() pgn.write(sg.new("tictactoe")) end, "must be a chess game",
         "write of another game")
t.errors(function() pgn.write({game = g, result = "2-0"}) end, "result must be", "a bad result")
t.errors(function() pgn.write({game = g, tgas = {}}) end, "unknown record key 'tgas'",
         "a misspelled record key")

-- files
local path = os.tmpname()
t.ok(pgn.save(path, {g, fool}, {Event = "saved"}), "save writes a file")
local lrecs = assert(pgn.load(path))
t.is(#lrecs, 2, "load reads its games")
t.is(lrecs[2].tags.Event, "saved", "with the common tags")
t.is(lrecs[2].game:fen(), fool:fen(), "and the positions")
os.remove(path)
r, msg = pgn.load(path)
t.is(r, nil, "load of a missing file: nil")
t.like(msg, "^pgn%.load: ", "and a message")
r, msg = pgn.save("/nonexistent-dir/x.pgn", g)
t.like(msg, "^pgn%.save: cannot write", "save to a folder that is not there")

-- streaming: pgn.games yields the records pgn.read returns, one at a time; a record's game
-- is made when asked for; the fast path (plain movetext) and the careful one (comments,
-- variations, NAGs) agree; a game without tags after another's result is read as a game
local mixed = '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event "b"]\n\n1. d4 {a comment} d5 '
              .. '(1... Nf6 2. c4) 2. c4 $1 e6 0-1\n\n[Event "c"]\n\n1.e4 c5 2.Nf3 d6 *\n'
local all = assert(pgn.read(mixed))
local streamed = {}
for rec in pgn.games(mixed) do streamed[#streamed + 1] = rec end
t.is(#streamed, 3, "pgn.games: three games")
for i = 1, 3 do
  t.is_deeply(streamed[i].moves, all[i].moves, "pgn.games: game " .. i .. " as pgn.read reads it")
  t.is(streamed[i].result, all[i].result, "pgn.games: game " .. i .. "'s result")
end
t.is_deeply(all[1].moves, {"e4", "e5", "Nf3", "Nc6"}, "the fast path: the moves in SAN")
t.is_deeply(all[2].moves, {"d4", "d5", "c4", "e6"}, "the careful path: comment, variation, NAG skipped")
t.is_deeply(all[3].moves, {"e4", "c5", "Nf3", "d6"}, "numbers stuck to their moves")
t.ok(rawget(all[1], "game") == nil, "a record's game is not made while reading")
t.is_deeply(all[1].game:history(), {"e2e4", "e7e5", "g1f3", "b8c6"}, "and made when asked for")
t.ok(rawget(all[1], "game") ~= nil, "then kept")
local notags = assert(pgn.read("1. e4 e5 1-0 1. d4 d5 *"))
t.is(#notags, 2, "a game without tags after a result: two games")
t.is_deeply(notags[2].moves, {"d4", "d5"}, "the second one's moves")
local it = pgn.games('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
t.errors(function() it() end, "pgn.games: game 1, move 2%.: illegal move 'Ke3'",
         "pgn.games raises naming the game and move")
t.errors(function() pgn.games(3) end, "pgn.games: expected the text of a PGN file, got number",
         "pgn.games on a number")
-- brace comments and NAGs (a database export's clocks and evaluations) are cut out on the fast
-- path; what must still read as the careful scanner reads it
local function moves_of(text)
  local recs, err = pgn.read(text)
  return recs and recs[1].moves or err
end
t.is_deeply(moves_of('[Event "x"]\n\n1. e4 $1 { [%eval 0.2] [%clk 0:03:00] } 1... e5 $2 2. Nf3 {a}' ..
                     ' Nc6 { [%clk 0:02:58] } 1-0\n'), {"e4", "e5", "Nf3", "Nc6"},
            "comments with clocks and evaluations, NAGs: skipped")
t.is_deeply(moves_of('1. e4 ; a note {\ne5 2. Nf3 {x} Nc6 *'), {"e4", "e5", "Nf3", "Nc6"},
            "a '{' inside a ';' comment opens no comment")
t.is_deeply(moves_of('1. e4 {1... c5 (better) 2. Nf3} e5 *'), {"e4", "e5"},
            "moves and parentheses inside a comment are not read")
t.like(select(2, pgn.read('1. e4 {oops e5 *')), "unterminated comment", "an unterminated comment")
t.like(select(2, pgn.read('1. e4 } e5 *')), "unexpected character '}'", "a '}' alone")
t.like(select(2, pgn.read('[Event "x"]\n\n1. e4 {c} e5 $4 2. Ke3 {d} *\n')),
       "game 1, move 2%.: illegal move 'Ke3'", "an illegal move after comments is named by its number")
t.is(select(2, pgn.read('1. e4 {c} e5 1-0 {after} 1. d4 d5 *')), nil,
     "a game after a result and a comment, without tags, is read")
t.is(#pgn.read('1. e4 {c} e5 1-0 {after} 1. d4 d5 *'), 2, "as a second game")

-- reading is linear: each game's region ends at its result, comments are cut in one pass (these
-- took minutes when every game's region ran to the end of the text)
local tagless = assert(pgn.read(('1. e4 e5 2. Nf3 Nc6 *\n\n'):rep(20000)))
local all4 = true
for _, r in ipairs(tagless) do all4 = all4 and #r.moves == 4 and r.result == "*" end
t.ok(#tagless == 20000 and all4, "20000 games without tags: each with its 4 moves and result")
t.like(select(2, pgn.read('[Event "x"]\n\n1. e4 ' .. ('{'):rep(40000) .. ' e5 *\n')),
       "unterminated comment", "40000 '{' without a '}': an unterminated comment")
t.is_deeply(moves_of('1. e4 ' .. ('{'):rep(40000) .. '} e5 *'), {"e4", "e5"},
            "40000 '{' closed by one '}': one comment")
t.is_deeply(moves_of('1. e4 {good for 1-0 or *} e5 2. Nf3 *'), {"e4", "e5", "Nf3"},
            "a result inside a comment does not end the game")
two = pgn.read('1. e4 e5 2.1-0\n1. d4 d5 2...* $1\n\n[Event "y"]\n\n1. c4 *\n')
t.ok(#two == 3 and two[1].result == "1-0" and #two[2].moves == 2 and two[3].tags.Event == "y",
     "results stuck to move numbers end their games; a glyph after a result is the game's")

-- what a file of games costs: the records keep tags and SAN only
local many = {}
for i = 1, 200 do many[i] = '[Event "m' .. i .. '"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n' end
local before = collectgarbage("count")
local big = assert(pgn.read(table.concat(many, "\n")))
collectgarbage()
t.ok(#big == 200 and collectgarbage("count") - before < 400,
     string.format("200 games read in %.0f KB (no game objects kept)", collectgarbage("count") - before))

t.done()
