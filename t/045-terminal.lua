-- 045-terminal.lua: what a person meets at the terminal: play's prompt (Ctrl-C, end of input,
-- mistyped commands, scores in the game's terms, levels, chess in SAN and PGN, --delay) and
-- the REPL (results shown as values, help, exit and quit, completion, the history file).
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"
local play = require "stratagem.play"
local repl = require "stratagem.repl"
local S = t.q(t.stratagem)

-- a game driven by lines (a function line gets the output so far; a table line {nil, why}
-- is read as nil and why: "interrupted" is Ctrl-C at the prompt)
local function session(o, lines)
  local out, i = {}, 0
  o.no_prefs = true
  local ok, g = play.run(o, function()
    i = i + 1
    local l = lines[i]
    if type(l) == "function" then l = l(table.concat(out)) end
    if type(l) == "table" then return l[1], l[2] end
    return l
  end, function(s) out[#out + 1] = s end)
  return table.concat(out), g, ok
end

-- ---- play ----

-- a mistyped command: a suggestion, not "malformed move"; the game unchanged
local out, g = session({game = "othello"}, {"hlep", "mvoes", "quti", "undoo", "quit"})
t.like(out, "unknown command or move 'hlep'; did you mean help%?", "hlep: did you mean help?")
t.like(out, "did you mean moves%?", "mvoes: moves")
t.like(out, "did you mean quit%?", "quti: quit")
t.like(out, "did you mean undo%?", "undoo: undo")
t.is(g:ply(), 0, "nothing was played")
t.is(play.meant("d3"), nil, "a move is no command")
t.is(play.meant("zzzz"), nil, "nor a word far from every command")
out = session({game = "othello"}, {"z9", "quit"})
t.like(out, "> malformed move 'z9': expected a square", "a malformed move still says what is wrong with it")

-- end of input: nothing saved, and it says so; after a save it says where
out = session({game = "tictactoe"}, {"b2"})
t.like(out, "end of input: the game was not saved", "end of input says nothing was saved")
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
out = session({game = "tictactoe"}, {"b2", "save " .. dir .. "/a.sav"})
t.like(out, "end of input %(the game is saved in .-a%.sav%)", "after a save, where it is")

-- Ctrl-C at the prompt: save and leave, leave, or go on
out, g = session({game = "tictactoe"}, {"b2", {nil, "interrupted"}, "s", dir .. "/ctrlc.sav"})
t.like(out, "Leave the game%? s = save it first, l = leave without saving, Enter = go on",
       "Ctrl-C at the prompt asks")
t.like(out, "saved to .-ctrlc%.sav", "s: saved")
local back = sg.loadfile(dir .. "/ctrlc.sav")
t.ok(back and back:ply() == g:ply() and back:ply() == 2, "the saved game loads with its moves")
out, g = session({game = "tictactoe"}, {"b2", {nil, "interrupted"}, "", "moves",
                                        {nil, "interrupted"}, "l"})
t.like(out, "left without saving", "l: left without saving")
t.like(out, "Enter = go on playing: x to move> [abc][123] ", "Enter went on playing")
t.is(g:ply(), 2, "and the game was not changed")
out = session({game = "tictactoe"}, {{nil, "interrupted"}, "s", dir .. "/no/such/dir/x.sav", "quit"})
t.like(out, "not left", "a save that fails does not leave the game")

-- saves never overwrite a file unasked; no is the default, and the answer without a terminal
local function slurp(p)
  local f = io.open(p, "rb")
  local s = f and f:read("a")
  if f then f:close() end
  return s
end
local function put(p, s)
  local f = assert(io.open(p, "wb"))
  f:write(s)
  f:close()
end
local keep = dir .. "/keep.sav"
put(keep, "an unrelated file\n")
out = session({game = "tictactoe", interactive = true}, {"b2", "save " .. keep, "", "quit", "y"})
t.like(out, "keep%.sav exists: overwrite it%? %[y/N%] [^\n]*keep%.sav is kept: not saved",
       "save FILE at a terminal: an existing FILE is overwritten only on yes (Enter: no)")
t.is(slurp(keep), "an unrelated file\n", "and the file is as it was")
out = session({game = "tictactoe"}, {"b2", "save " .. keep, "quit"})
t.like(out, "keep%.sav exists: not overwritten %(save! .-keep%.sav overwrites it%)",
       "save FILE with input not a terminal: refused, saying how to overwrite")
t.is(slurp(keep), "an unrelated file\n", "the file kept")
out, g = session({game = "tictactoe"}, {"b2", "save! " .. keep, "quit"})
back = sg.loadfile(keep)
t.ok(back and back:ply() == g:ply(), "save! FILE overwrites it")
put(keep, "an unrelated file\n")
session({game = "tictactoe", force = true}, {"b2", "save " .. keep, "quit"})
t.ok(sg.loadfile(keep), "--force: save FILE overwrites it")
put(keep, "an unrelated file\n")
out = session({game = "tictactoe"}, {"b2", {nil, "interrupted"}, "s", keep, "quit"})
t.like(out, "not overwritten.-%(not left", "Ctrl-C, save to an existing file: refused, not left")
t.is(slurp(keep), "an unrelated file\n", "the file kept")
put(dir .. "/chess.sav", "an earlier game\n")
t.is(play.free_name(dir .. "/chess"), dir .. "/chess-2.sav", "the name proposed is a new one")
put(dir .. "/chess-2.sav", "another\n")
t.is(play.free_name(dir .. "/chess"), dir .. "/chess-3.sav", "chess-3.sav after chess-2.sav")
t.is(play.free_name(dir .. "/othello"), dir .. "/othello.sav", "GAME.sav when there is none")

-- quit with moves not saved: asked at a terminal (no is the default), a note otherwise
out, g = session({game = "tictactoe", interactive = true}, {"b2", "quit", "", "moves", "quit", "y"})
t.like(out, "the game is not saved; quit anyway%? %[y/N%] %(not left",
       "quit with the game not saved: asked, and Enter stays")
t.like(out, "quit anyway%? %[y/N%] $", "y leaves")
out = session({game = "tictactoe", interactive = true}, {"b2", "save " .. dir .. "/q.sav", "quit"})
t.ok(not out:find("quit anyway"), "quit after a save: not asked")
out = session({game = "tictactoe", interactive = true}, {"quit"})
t.ok(not out:find("quit anyway"), "nor with no move played")
out = session({game = "tictactoe"}, {"b2", "quit"})
t.like(out, "note: the game was not saved", "input not a terminal: quit leaves, with a note")

-- the end of a game: a person at the terminal is offered to save it and its replay page
local FINISH = {"a1", "b1", "a2", "b2", "a3"}
local lines = {table.unpack(FINISH)}
for _, l in ipairs({"y", dir .. "/end.sav", "y"}) do lines[#lines + 1] = l end
out, g = session({game = "tictactoe", seats = {"human", "human"}, interactive = true}, lines)
t.like(out, "x wins.-Save this game%? %[y/N%] save to %[tictactoe[-%d]*%.sav%]: saved to .-end%.sav",
       "a finished game: save it? and where (a name not taken)")
back = sg.loadfile(dir .. "/end.sav")
t.ok(back and back:ply() == 5 and back:status() ~= "playing", "the finished game is saved")
t.like(slurp(dir .. "/end.html") or "", "<html", "and its replay page written beside it")
out = session({game = "tictactoe", seats = {"human", "human"}}, {table.unpack(FINISH)})
t.ok(not out:find("Save this game"), "input not a terminal: not asked")
-- --save FILE: written at the end, never over a file unless --force
do
  local f = dir .. "/ai.sav"
  local o1, e1, c1 = t.run(S .. " play tictactoe --seats ai,ai --no-prefs --save " .. t.q(f))
  back = sg.loadfile(f)
  t.ok(c1 == 0 and back and back:status() ~= "playing" and o1:find("saved to"),
       "--save FILE: a game of computers saved as it ended")
  put(f, "an unrelated file\n")
  local _, e2, c2 = t.run(S .. " play tictactoe --seats ai,ai --no-prefs --save " .. t.q(f))
  t.ok(c2 ~= 0 and e2:find("the file exists %(%-%-force overwrites it%)"),
       "--save over an existing file: refused before the game, saying --force")
  t.is(slurp(f), "an unrelated file\n", "the file kept")
  local _, _, c3 = t.run(S .. " play tictactoe --seats ai,ai --no-prefs --force --save " .. t.q(f))
  t.ok(c3 == 0 and sg.loadfile(f), "--force --save overwrites it")
end

-- at a terminal (script(1)): the questions are asked; NO_COLOR means no colour
if os.execute("command -v script >/dev/null 2>&1") then
  local function at_tty(cmd, feed)
    local parts = {"("}
    for _, f in ipairs(feed) do
      -- (the first line once the program waits at its prompt)
      parts[#parts + 1] = string.format("sleep %g; printf %s;", (#parts == 1 and 1 or 0.3) * t.slow,
                                        t.q(f))
    end
    parts[#parts + 1] = string.format(") | timeout %g script -qfc %s /dev/null",
                                      30 * t.slow, t.q(cmd))
    return (t.run("sh -c " .. t.q(table.concat(parts, " "))):gsub("\r", ""))
  end
  local function play_cmd(env)
    return "cd " .. t.q(dir) .. " && " .. env .. S .. " play tictactoe --no-prefs --seats human,human"
  end
  local cmd = play_cmd("")
  local text = at_tty(cmd, {"a1\n", "quit\n", "n\n", "b1\n", "a2\n", "b2\n", "a3\n", "\n"})
  t.like(text, "quit anyway%? %[y/N%]", "at a terminal: quit asks")
  t.like(text, "x wins.-Save this game%? %[y/N%]", "the end of the game offers to save it")
  t.like(text, "\27%[[%d;]*m", "the board in colour")
  text = at_tty(play_cmd("NO_COLOR=1 "), {"a1\n", "quit\n", "y\n"})
  t.ok(text:find("x to move>") and not text:find("\27%[[%d;]*m"), "NO_COLOR=1: no colour")
  text = at_tty(play_cmd("NO_COLOR= "), {"a1\n", "quit\n", "y\n"})
  t.like(text, "\27%[[%d;]*m", "NO_COLOR empty: colour")
  text = at_tty("cd " .. t.q(dir) .. " && NO_COLOR=1 " .. S, {'g = sg.new("tictactoe")\n',
                'g:play("b2")\n', "g\n", ""})
  t.ok(text:find("x") and not text:find("\27%[[%d;]*m"), "NO_COLOR=1: the REPL shows no colour")
else
  t.skip("script(1) is not installed: no pseudo-terminal for the tests at a terminal", 7)
end

-- scores in the game's terms, never a raw value
local WIN = 1 << 28
t.is(play.score_text("chess", {score = WIN - 5}), "mate in 3", "chess: mate in 3 (5 plies)")
t.is(play.score_text("chess", {score = -(WIN - 4)}), "mated in 2", "chess: mated in 2")
t.is(play.score_text("chess", {score = 125}), "+1.25 pawns", "chess: pawns")
t.is(play.score_text("chess", {score = -40}), "-0.40 pawns", "chess: a negative score")
t.is(play.score_text("othello", {score = WIN - 1024 + 12, exact = true}), "wins by 12 discs",
     "othello: an exact margin in discs")
t.is(play.score_text("connect4", {score = WIN - 1}), "wins in 1 move", "a win in 1")
t.is(play.score_text("tictactoe", {score = 0, exact = true}), "draw", "an exact 0: draw")
t.is(play.score_text("connect4", {score = 7}), "+7", "an evaluation as it is, signed")
-- each game in its own terms: Othello's discs when exact and an estimate otherwise, Chexers'
-- utility in the seed's units, dominoes' points and patience's cards over pimc's samples
t.is(play.score_text("othello", {score = 18, depth = 5, exact = false}), "+1.8 discs est.",
     "othello: the pattern evaluation's tenths of a disc, marked as an estimate")
t.is(play.score_text("othello", {score = 18, depth = 5, exact = false}, nil,
                     sg.new("othello", {weights = {preset = "blunt"}})), "+18 est.",
     "othello with Blunt's weighting scheme: its points (not discs), an estimate")
t.is(play.depth_text({score = 18, depth = 5, exact = false}), ", depth 5", "with its depth")
t.is(play.score_text("othello", {score = 26, margin = 26, depth = 14, exact = true}),
     "wins by 26 discs", "othello: the endgame solver's exact margin in discs")
t.is(play.score_text("othello", {score = -4, margin = -4, exact = true}), "loses by 4 discs",
     "othello: an exact loss")
t.is(play.depth_text({score = 26, depth = 14, exact = true}), ", exact", "exact, not a depth")
t.is(play.score_text("chexers", {score = 37275}), "+372.75 utility",
     "chexers: the utility in the seed's units (a piece 100, an exit 1000)")
t.is(play.score_text("dominoes", {score = 411.765, algo = "pimc", votes = 24}),
     "+4.12 points, mean of 24 samples", "dominoes: pimc's mean in points")
t.is(play.score_text("patience", {score = -22.167, algo = "pimc", votes = 12}),
     "-2.22 cards' worth, mean of 12 samples", "patience: pimc's mean in cards' worth")
t.is(play.score_text("dominoes", {score = (3 * WIN + 400) / 40, algo = "pimc", votes = 40}),
     "wins in 3 of 40 samples", "samples won: counted, not a raw mean")
t.is(play.score_text("chexers", {score = 0.5, algo = "mcts"}), "0.500 (mean result)",
     "MCTS: its mean result")
t.is(play.score_text("dominoes", {score = 0.75, algo = "pimc", votes = 4}, {inner = "mcts"}),
     "0.750 (mean result)", "pimc over MCTS: a mean result too")
out = session({game = "othello", position = ".wwbbbbb/b.wwbbbb/bbwwwwww/bbbwwbb./b.bwbbbb/" ..
                                             ".bwbbbb./.wwww.bb/.w.w.... b"}, {"hint", "quit"})
t.like(out, "hint: h4\n +%(wins by 26 discs, exact%)", "an Othello hint in the endgame: exact discs")
out = session({game = "othello"}, {"hint", "quit"})
t.like(out, "hint: [a-h][1-8]\n +%([+-]%d+%.%d discs est%., depth 5%)",
       "in the midgame: an estimate in discs")
out = session({game = "chexers"}, {"hint", "quit"})
t.like(out, "\n +%([+-]%d+%.%d%d utility, depth 4%)", "a Chexers hint: utility")
out = session({game = "dominoes", seed = 1}, {"hint", "quit"})
t.like(out, "\n +%([+-]%d+%.%d%d points, mean of %d+ samples%)", "a dominoes hint: points")
out = session({game = "patience", seed = 1}, {"hint", "quit"})
t.like(out, "\n +%([+-]%d+%.%d%d cards' worth, mean of 12 samples%)", "a patience hint: cards' worth")
t.ok(not out:find("mean result"), "not a 'mean result'")
out = session({game = "chess", position = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", level = 4},
              {"hint", "quit"})
t.like(out, "hint: Ra8#?\n +%(mate in 1", "a chess hint: SAN and mate in 1")
t.ok(not out:find("%d%d%d%d%d%d%d"), "no raw internal score anywhere")

-- chess in SAN, from a FEN, saved and loaded as PGN
out, g = session({game = "chess", level = 1}, {"e4", "moves", "save " .. dir .. "/g.pgn", "quit"})
t.like(out, "black %(AI%) plays [NBRQK]?[a-h]?x?[a-h][1-8]", "the AI's move in SAN")
t.like(out, "white to move> [^\n]*Nf3", "moves in SAN")
local games = assert(sg.chess.pgn.load(dir .. "/g.pgn"))
t.is(#games, 1, "save FILE.pgn writes PGN")
t.is(games[1].moves[1], "e4", "with the moves")
out, g = session({game = "chess", load = dir .. "/g.pgn", level = 1}, {"quit"})
t.is(g:ply(), 2, "--load FILE.pgn goes on with the game")
local ok, err = play.run({game = "chess", position = "not a fen", no_prefs = true},
                         function() return nil end, function() end)
t.ok(not ok and err:find("FEN"), "a bad --fen: the position's message")

-- levels: 1 to 10, mapped to search limits; bad values refused by name
-- the generic levels (a game without its own): a time a move, a depth at the lowest three
local lv1 = play.level_settings("breakthrough", {depth = 5}, 1)
local lv10 = play.level_settings("breakthrough", {depth = 5}, 10)
t.ok(lv1.depth == 1 and lv1.time == play.LEVEL_TIME[1], "a game without levels of its own (breakthrough, defined in Lua): level 1 depth 1")
t.ok(lv10.depth == 0 and lv10.time == play.LEVEL_TIME[10], "level 10: by time alone (depth 0: no limit)")
-- #34 item 1: the levels made of blunder (tic-tac-toe, war chess, dominoes, Qubic, Chexers):
-- random moves at level 1, then the strongest player's move on a growing share of the moves
-- (blunder falling), each level with its own settings and words
for _, game in ipairs{"tictactoe", "warchess", "dominoes", "qubic", "chexers"} do
  local prev, differ, falling, last = nil, true, true, 1
  for l = 1, 10 do
    local ai, _, about = play.ai_settings(game, nil, nil, l)
    local key = table.concat({tostring(ai.algo), tostring(ai.depth), tostring(ai.blunder),
                              tostring(ai.nodes), tostring(ai.guard)}, "/")
    differ = differ and key ~= prev and type(about) == "string" and ai.time == nil
    prev = key
    if l == 1 then falling = falling and ai.algo == "random" end
    if ai.blunder then
      falling = falling and ai.blunder < last and ai.blunder > 0 and
                about:find(("%g%%"):format(100 - 100 * ai.blunder), 1, true) ~= nil
      last = ai.blunder
    end
  end
  t.ok(differ and falling and last < 1,
       game .. ": ten levels, random at 1, then random moves on fewer of the moves, in words")
end
-- #34 item 1: Othello, Connect Four and draughts have their own ten levels, depth (and for
-- Othello the solver's empty squares) only, each deeper than the one below, no clock, with
-- words that say so; level 10 beyond the game's default search
for _, game in ipairs{"othello", "connect4", "draughts"} do
  local ok_l, prev = true, nil
  for l = 1, 10 do
    local ai, _, about = play.ai_settings(game, nil, nil, l)
    ok_l = ok_l and ai.time == nil and ai.nodes == nil and type(ai.depth) == "number" and
           ai.depth >= 1 and type(about) == "string" and
           about:find("looks " .. ai.depth .. " pl", 1, true) ~= nil
    if game == "othello" then
      ok_l = ok_l and type(ai.endgame) == "number" and
             about:find("solves the last " .. ai.endgame .. " empty squares", 1, true) ~= nil
    end
    if prev then
      ok_l = ok_l and ai.depth > prev.depth and
             (game ~= "othello" or ai.endgame > prev.endgame)
    end
    prev = ai
  end
  t.ok(ok_l and prev.depth > sg.defaults(game).search.depth,
       game .. ": ten levels, each deeper than the one below, by depth alone, in words")
end
-- Chexers: 6 to 9 max^n 1 to 4 deep, 10 paranoid to 5 (each measured stronger than the one
-- below), each with its words; a search each settings take
do
  local ok_c = true
  for l = 6, 10 do
    local ai, _, about = play.ai_settings("chexers", nil, nil, l)
    ok_c = ok_c and ai.depth == l - 5 and ai.time == nil and
           ai.blunder == nil and type(about) == "string" and
           ai.algo == (l == 10 and "paranoid" or "maxn")
  end
  local g10 = play.ai_settings("chexers", nil, nil, 10)
  t.ok(ok_c and sg.search(sg.new("chexers"), g10).move ~= nil,
       "chexers levels 6-10: max^n 1 to 4 actions deep, then paranoid 5, with their words")
end
-- level 10 searches deeper than the game's default search, and answers
for _, game in ipairs{"othello", "connect4", "draughts"} do
  local ai = play.ai_settings(game, nil, nil, 10)
  ai.nodes = 200000
  local r = sg.search(sg.new(game), ai)
  local default = sg.defaults(game).search.depth
  t.ok(r.move ~= nil and r.depth > default,
       ("%s level 10: depth %d with 200,000 nodes, beyond the default %d"):format(
       game, r.depth, default))
end
-- Qubic: random moves and level 5's on a share of the moves, then 1 to 3 plies, then the
-- threats player with more of the solver at each level; node limits only (a time a move
-- changed little)
do
  local ok_q, prev, default = true, nil, {}
  for _, e in ipairs(sg.search_schema("qubic", "threats")) do default[e.name] = e.default end
  for l = 5, 10 do
    local ai, _, about = play.ai_settings("qubic", nil, nil, l)
    ok_q = ok_q and ai.time == nil and type(about) == "string" and ai.blunder == nil
    if l <= 7 then
      ok_q = ok_q and ai.algo == "alphabeta" and ai.depth == l - 4
    else
      local function n(x, k) return x[k] or default[k] end
      ok_q = ok_q and ai.algo == "threats" and ai.random == nil and ai.history == nil
      if prev and prev.algo == "threats" then
        local more = false
        for _, k in ipairs{"depth", "nodes", "guard", "guard_nodes"} do
          ok_q = ok_q and n(ai, k) >= n(prev, k)
          more = more or n(ai, k) > n(prev, k)
        end
        ok_q = ok_q and more
      end
    end
    prev = ai
  end
  t.ok(ok_q, "qubic levels 5-10: 1 to 3 plies, then threats with more of the solver at each")
  local g8 = play.ai_settings("qubic", nil, nil, 8)
  t.ok(sg.search(sg.new("qubic"), g8).move ~= nil, "qubic level 8's settings are a search threats takes")
end
-- dominoes: random tiles, then level 10's tile (pimc, 40 deals, 5 plies: play's default) on
-- a growing share of the turns, no time limit
do
  local l1, l10 = play.ai_settings("dominoes", nil, nil, 1), play.ai_settings("dominoes", nil, nil, 10)
  local d = sg.defaults("dominoes").play.ai
  t.ok(l1.algo == "random" and l1.samples == nil and l10.algo == "pimc" and
       l10.samples == d.samples and l10.depth == d.depth and l10.blunder == nil,
       "dominoes levels 1 and 10: random (without pimc's settings), then play's default")
  local same = true
  for l = 2, 9 do
    local ai = play.ai_settings("dominoes", nil, nil, l)
    same = same and ai.samples == l10.samples and ai.depth == l10.depth and ai.time == nil
  end
  t.ok(same, "dominoes levels 2 to 9: level 10's search, with random tiles on some turns")
end
-- tic-tac-toe: random, then the search to the end on a growing share of the moves, then on
-- every move; war chess: random units' moves, then the exact turn planner on a growing share
-- of the turns, then on every turn
do
  local ttt, war = {}, {}
  for l = 1, 10 do
    ttt[l] = (play.ai_settings("tictactoe", nil, nil, l))
    war[l] = (play.ai_settings("warchess", nil, nil, l))
  end
  local ok_t = ttt[1].algo == "random" and ttt[1].symmetry == nil and ttt[10].depth == 0 and
               ttt[10].blunder == nil
  for l = 2, 9 do ok_t = ok_t and ttt[l].algo == "alphabeta" and ttt[l].depth == 0 end
  t.ok(ok_t, "tic-tac-toe levels: random (without alpha-beta's settings), then to the end")
  local ok_w = war[1].algo == "random" and war[10].algo == "turn" and war[10].blunder == nil
  for l = 2, 9 do ok_w = ok_w and war[l].algo == "turn" and war[l].nodes == nil end
  t.ok(ok_w, "war chess levels: random, then the exact planner on more of the turns")
  local pat = {}
  for l = 1, 10 do pat[l] = (play.ai_settings("patience", nil, nil, l)) end
  local ok_p = pat[1].algo == "random" and pat[1].samples == nil and
               pat[9].algo == "fair" and pat[9].blunder == nil and
               pat[10].algo == "fair" and pat[10].blunder == nil and pat[10].samples > pat[9].samples
  for l = 2, 8 do
    local a, b = pat[l - 1], pat[l]
    ok_p = ok_p and b.algo == "fair" and b.samples == pat[9].samples and
           b.nodes == pat[9].nodes and b.blunder > 0 and (a.blunder or 1) > b.blunder
  end
  t.ok(ok_p, "patience levels: random, level 9's move on more of the moves, then fair over more guesses")
  local r = sg.search(sg.new("tictactoe"), ttt[1])
  t.ok(r.move ~= nil, "tic-tac-toe level 1's settings are a search random takes")
end
local lsc = play.level_settings("starchess", {algo = "predict", turns = 3}, 2)
t.ok(lsc.turns == 0 and lsc.masks == play.OFF and lsc.time == nil and lsc.depth == nil,
     "Star Chess's own levels: level 2 is the request list (turns 0, masks off), no time")
out = session({game = "othello", level = 2}, {"quit"})
t.like(out, "Level 2: looks 2 plies ahead, solves the last 6 empty squares%.", "the level is shown in words")
-- chess's levels: Skill Levels of the UCI engine with their measured Elo, rising with the level
do
  local prev, rising, same, prevk = -1, true, true, -1
  for l = 1, 10 do
    local st, elo = play.level_settings("chess", {}, l)
    rising = rising and math.type(elo) == "integer" and elo > prev and st.elo == nil
    prev = elo or prev
    -- a UCI Skill Level k < 20 plays within 120 - 6k cp: the one with the same limits and Elo
    local k = l < 10 and (120 - (st.random or 0)) // 6 or 20
    rising = rising and k > prevk
    prevk = k
    local d = t.run(S .. " uci", "setoption name Skill Level value " .. k .. "\nd\n")
    if l < 10 then
      same = same and d:find(("Strength: skill %d%%.00 %%(depth at most %d, a move within %d cp " ..
                              "of the best%%), Elo %d at 100 ms a move"):format(k, st.depth,
                              st.random, elo)) ~= nil and st.time == 0.1
    else
      same = same and d:find(("Strength: full %%(skill 20, Elo %d at"):format(elo)) ~= nil and
             st.depth == false and st.random == false and st.time == 0.1
    end
  end
  t.ok(rising, "chess levels 1 to 10: an Elo each and a Skill Level each, rising with the level")
  t.ok(same, "each a Skill Level of the UCI engine, with the same limits and Elo")
end
local _, lv2elo = play.level_settings("chess", {}, 2)
out = session({game = "chess", level = 2}, {"quit"})
t.like(out, "Level 2: thinks up to 0%.1 s a move, at most 7 plies ahead, picks at random among moves " ..
       "within 108 of the best %(Elo " .. lv2elo ..
       ", anchored to Stockfish 15%.1's UCI_Elo at 0%.1 s a move%)%.", "chess's level line gives its Elo")
out = session({game = "chess", level = 2, time = 1}, {"quit"})
t.like(out, "Level 2: thinks up to 1 s a move, at most 7 plies ahead, picks at random among moves " ..
       "within 108 of the best%.\n", "but not when --time changes the level")
local _, e = t.run(S .. " play othello --level 0 --no-prefs </dev/null")
t.like(e, "%-%-level needs a whole number from 1 %(weakest%) to 10 %(strongest%), got '0'",
       "--level 0 refused")
_, e = t.run(S .. " play othello --delay x --no-prefs </dev/null")
t.like(e, "%-%-delay needs a number of seconds", "--delay x refused")
local o2 = t.run(S .. " play tictactoe --seats ai,ai --delay 5 --no-prefs </dev/null")
t.like(o2, "Drawn%.", "--delay: a game of AIs with standard output not a terminal plays at once")
local n = 0
for _ in o2:gmatch("Drawn%.") do n = n + 1 end
t.is(n, 1, "the result is printed once")

-- boards that read well
out = session({game = "warchess", scenario = "river"}, {"quit"})
t.like(out, "Kill the enemy leader, or every enemy unit, within 100 turns",
       "war chess states its objective at the start, with its turn limit in words")
t.ok(not out:find("max_turns", 1, true), "no internal rule name (max_turns) in what play shows")
out = session({game = "warchess", scenario = "river", rules = {max_turns = 30}}, {"quit"})
t.like(out, "within 30 turns", "the objective tells the game's own turn limit (--rules max_turns=30)")
t.like(out, "terrain: %. plain; A hill %(impassable%); B water %(impassable, shot over%); " ..
       "F forest %(costs 1%-2%)\n", "a legend of the terrain letters on the board, with their costs")
t.like(out, "units: 3r is u3 of red", "and of the unit labels")
do   -- every board row as wide in colour as without (the escapes left out)
  local wg = sg.new("warchess", {scenario = "river"})
  local plain, coloured = wg:diagram(false), wg:diagram(true):gsub("\27%[[%d;]*m", "")
  t.is(coloured, plain, "war chess in colour: the same columns as without colour")
end
out = session({game = "starchess"}, {"quit"})
t.like(out, "last one left wins %(a draw after 500 full turns%)", "Star Chess states its objective")
t.ok(not out:find("max_turns", 1, true), "in words, without max_turns")
out = session({game = "chexers"}, {"quit"})
t.like(out, "r= 0  %-3  %-2  %-1   0   1   2   3\n", "Chexers: each hex's q, in the board's layout")
do
  local lines = {}
  for l in out:gmatch("[^\n]+") do lines[#lines + 1] = l end
  local legend_row, board_row
  for _, l in ipairs(lines) do
    if l:match("^r= 0 ") and l:find("%-3") then legend_row = legend_row or l end
    if l:match("^r= 0 ") and l:find("R") then board_row = board_row or l end
  end
  t.ok(legend_row and board_row and legend_row:find("%-3") + 1 == board_row:find("R"),
       "the q labels line up with the hexes of the board (the last digit under the hex)")
end
out = session({game = "chess", unicode = true}, {"quit"})
t.like(out, "1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n", "chess with --unicode: figurines")
t.like(out, "\n  a b c d e f g h\n", "the file letters stay letters")
out = session({game = "othello", unicode = true}, {"quit"})
t.like(out, "has no figurines", "--unicode on a game without figurines says so")
t.ok(not sg.new("chess"):diagram(true):find("\27%[1;37m"),
     "white pieces are not bright white (invisible on a light terminal)")

-- progress: bench's estimate from its last run; the time left of a match
do
  local state = os.tmpname()
  os.remove(state)
  local env = "XDG_STATE_HOME=" .. t.q(state) .. " "
  local _, e1 = t.run(env .. S .. " bench tictactoe")
  t.like(e1, "1 benchmark: tictactoe; no estimate yet", "bench: no estimate the first time")
  local _, e2 = t.run(env .. S .. " bench tictactoe")
  t.like(e2, "1 benchmark: tictactoe; about %d+ s %(as the last run took%)", "then the last run's time")
  os.execute("rm -rf " .. t.q(state))
  local m = require "stratagem.match"
  t.is(m.time_left(10, 2, 6), "  20s left", "time left: 4 more items at 5 s")
  t.is(m.time_left(30, 1, 5), "  2m00s left", "in minutes")
  t.is(m.time_left(10, 5, 5), "", "nothing when done")
end

-- ---- the REPL ----

local r = t.run(S, 'x = {move = "e4", score = 25, pv = {"e4", "e5"}}\nx\n{1, 2, 3}\n"text"\n')
t.like(r, '{move = "e4", pv = {"e4", "e5"}, score = 25}', "a table shown as a value")
t.like(r, "{1, 2, 3}", "an array")
t.like(r, "\ntext\n", "a string as it is")
t.ok(not r:find("table: 0x"), "no table addresses")
r = t.run(S, "t = {} for i = 1, 100 do t[i] = i end\nt\n")
t.like(r, "%.%.%. %(70 more%)", "a long table is cut, saying how much more")
t.like(repl.show_value({a = {b = {c = 1}}}), "a = {b = {...}}", "one level deep")
r = t.run(S, "help\n")
t.like(r, "sg%.games%(%)", "help: how to begin")
r = t.run(S, "help(sg.search)\n")
t.like(r, "^sg%.search\n%-%-%-%-%-%-%-%-%-\n", "help(sg.search): its reference")
r = t.run(S, "help(sg.new('tictactoe').play)\n")
t.like(r, "g:play\n%-%-%-%-%-%-\n", "help of a game method")
r = t.run(S, "print(1)\nexit\nprint(2)\n")
t.ok(r:find("1\n") and not r:find("2\n"), "exit leaves")
r = t.run(S, "quit()\nprint(2)\n")
t.ok(not r:find("2\n"), "quit() leaves")
t.is_deeply(repl.complete("sg.sea", {sg = sg}),
            {"sg.search", "sg.search_algos", "sg.search_check", "sg.search_options",
             "sg.search_schema", "sg.search_table"}, "completion of sg.sea")
local env = {g = sg.new("tictactoe"), sg = sg}
local c = repl.complete("g:pl", env)
t.ok(#c >= 2 and c[1] == "g:play" and c[2] == "g:player", "completion of a game's methods")
t.is_deeply(repl.complete("sg.new.x", env), {}, "nothing below a function")
t.ok(#repl.complete("whi", {}) == 1, "keywords")
local xdg = dir .. "/state"
local saved_home = os.getenv("XDG_STATE_HOME")
local hp = t.run("XDG_STATE_HOME=" .. t.q(xdg) .. " " .. S ..
                 " -e 'print(require(\"stratagem.repl\").history_path())'")
t.like(hp, "state/stratagem/history", "the history file is in the XDG state folder")
t.ok(io.open(xdg .. "/stratagem", "r") ~= nil, "its folder made")
assert(saved_home == os.getenv("XDG_STATE_HOME"))
-- a new user's first session at a terminal (a pseudo-terminal made by script(1)) makes the file
if os.execute("command -v script >/dev/null 2>&1") then
  local fresh = dir .. "/fresh-state"
  t.run("XDG_STATE_HOME=" .. t.q(fresh) .. " timeout " .. 30 * t.slow .. " script -qfc " ..
        t.q(t.stratagem) .. " /dev/null", "x = 6 * 7\nprint(x)\nexit\n")
  local hf = io.open(fresh .. "/stratagem/history", "r")
  local text = hf and hf:read("a") or ""
  if hf then hf:close() end
  t.like(text, "^x = 6 %* 7\nprint%(x%)\n", "a fresh state folder: the history file made, with the lines")
  local mode = io.popen("stat -c %a " .. t.q(fresh .. "/stratagem/history") .. " " ..
                        t.q(fresh .. "/stratagem") .. " 2>/dev/null"):read("a")
  t.is(mode, "600\n700\n", "the file is the user's only (0600), its folder too (0700)")
else
  t.skip("no script(1) for a pseudo-terminal", 2)
end

-- ---- help: the same subcommands everywhere; every game in the man page ----
local names = {}
for k in pairs(require("stratagem.cli").commands) do names[#names + 1] = k end
table.sort(names)
local usage = t.run(S .. " --help")
t.like(usage, "Subcommands: " .. table.concat(names, ", "):gsub("%p", "%%%0") .. "\n",
       "stratagem --help lists the subcommands of stratagem help")
local listing = t.run(S .. " help")
for _, name in ipairs(names) do
  t.like(listing, "\n  stratagem " .. name .. "[ \n]", "stratagem help lists " .. name)
  local o1, e1, c1 = t.run(S .. " " .. name .. " --help")
  local o2 = t.run(S .. " help " .. name)
  t.ok(c1 == 0 and e1 == "" and o1:find("stratagem " .. name, 1, true) and o1 == o2,
       name .. " --help: its usage, the same as stratagem help " .. name)
end
local man = assert(io.open(sg.paths.doc .. "/stratagem.1")):read("a")
for _, game in ipairs(sg.games()) do
  t.ok(man:find("%f[%w]" .. game .. "%f[^%w]"), "the man page names the game " .. game)
end
for _, name in ipairs(names) do
  t.ok(man:find("\n%.BI? \"?" .. name .. "%f[^%w]"), "the man page describes the subcommand " .. name)
end

-- ---- the program installed elsewhere than configured (make install prefix=DIR), or copied ----
local bin = t.stratagem:match("^%S+")
local reloc = dir .. "/reloc"
os.execute(table.concat({"mkdir -p", t.q(reloc .. "/bin"), t.q(reloc .. "/share/stratagem"), "&&",
  "cp", t.q(bin), t.q(reloc .. "/bin/stratagem"), "&&",
  "ln -s", t.q(sg.paths.lua), t.q(reloc .. "/share/stratagem/lua")}, " "))
local ro, re = t.run("env -u STRATAGEM_LUADIR " .. t.q(reloc .. "/bin/stratagem") ..
                     " -e 'print(#require(\"stratagem\").games())'")
t.ok(tonumber(ro) and tonumber(ro) >= 10 and re == "",
     "a program under DIR/bin finds its Lua files in DIR/share/stratagem (" .. ro:gsub("\n", "") .. ")")
os.execute("cp " .. t.q(bin) .. " " .. t.q(dir .. "/alone"))
ro, re = t.run("env -u STRATAGEM_LUADIR " .. t.q(dir .. "/alone") .. " -e 'print(1)'")
t.like(re, "cannot find the Lua half of stratagem .-STRATAGEM_LUADIR=DIR",
       "a copied program says what it cannot find and how to point to it")

os.execute("rm -rf " .. t.q(dir))
t.done()
