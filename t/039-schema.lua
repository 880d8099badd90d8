-- 039-schema.lua: the one schema of search requests: its defaults, the options each algorithm
-- takes on each game, the refusals (each naming the option, the algorithm and what it takes,
-- in the same words from Lua's checks and from C's reader), the one result shape, and the
-- manual's table made from it.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"
local core = require "stratagem.core"

-- ---- the shared schema and its defaults ----
local schema = sg.search_schema()
local by = {}
for _, d in ipairs(schema) do by[d.name] = d end
t.is(by.hash.default, 16.0, "hash: 16 megabytes by default, written once")
t.is(by.hash.unit, "megabytes; 0: no table", "hash has one contract: megabytes, 0 = no table")
t.is(by.depth.default, 0, "depth: no limit by default")
t.is(by.threads.default, 1, "threads: 1 by default")
t.is_deeply(by.threads.algos, {"alphabeta", "mcts", "solve"}, "threads: alphabeta, mcts and solve")
t.is(by.random.default, false, "random: off by default")
t.is(by.prune_actions.default, false, "prune_actions: off by default")
t.is_deeply(by.prune_actions.values, {false, true, "own"}, "prune_actions: false, true or \"own\"")
for _, f in ipairs({"pvs", "aspiration", "killers", "history", "null_move", "lmr", "quiescence"}) do
  t.ok(by[f].type == "boolean" and by[f].default == true and by[f].algos[1] == "alphabeta"
       and by[f].algos[2] == "pimc" and #by[f].algos == 2,
       f .. ": a boolean of alpha-beta's (and pimc's, for its inner search), on by default")
end
t.ok(by.probcut.type == "margin" and by.probcut.default == false and
     table.concat(by.probcut.algos, ",") == "alphabeta,pimc",
     "probcut: a margin of alpha-beta's (and pimc's), off by default")
t.ok(math.abs(by.exploration.default - math.sqrt(2)) < 1e-12, "exploration: the square root of 2")
t.is_deeply(by.iterations.algos, {"mcts", "pimc", "ismcts"}, "iterations: the MCTS searches'")
t.is_deeply(by.samples.algos, {"pimc"}, "samples: pimc's only")
t.is_deeply(by.inner.values, {"auto", "alphabeta", "maxn", "paranoid", "brs", "mcts"},
            "inner: the searches pimc can run on a sample")
t.is_deeply(by.omniscient.algos, {"alphabeta", "maxn", "paranoid", "brs", "mcts"},
            "omniscient: the searches that would otherwise see too much")
t.is_deeply(by.seed.algos, {"alphabeta", "random", "maxn", "paranoid", "brs", "mcts", "pimc",
                            "ismcts", "solve"},
            "seed: every algorithm")

-- Lua's checker words what a descriptor takes as C's reader does
local c_words, lua_words = {}, {}
for _, algo in ipairs({"alphabeta", "mcts"}) do
  for _, e in ipairs(sg.search_schema("tictactoe", algo)) do
    if by[e.name] then   -- blunder is sg.search's own, not C's
      lua_words[#lua_words + 1], c_words[#c_words + 1] = e.expected, by[e.name].expected
    end
  end
end
t.is_deeply(lua_words, c_words, "the expected values in the same words from Lua and C")
local own = {}
for _, algo in ipairs(sg.search_algos("warchess")) do
  for _, e in ipairs(sg.search_schema("warchess", algo)) do
    if e.name == "blunder" then own[#own + 1] = e.expected end
  end
end
t.is(#own, #sg.search_algos("warchess"), "blunder: an option of every algorithm, the game's own too")
t.is(own[1], "a number from 0 to 1", "a share of the moves")

-- the defaults reach C: no options searches as the defaults spelled out
local d = sg.new("draughts", {seed = 3})
for _ = 1, 6 do d:play(sg.search(d, {algo = "random"}).move) end
local plain = sg.search(d, {depth = 5})
local spelled = sg.search(d, {depth = 5, hash = 16, random = false, threads = 1, pvs = true,
                              aspiration = true, killers = true, history = true,
                              null_move = true, lmr = true, quiescence = true,
                              symmetry = false, prune_actions = false, time = 0, nodes = 0})
t.ok(plain.nodes == spelled.nodes and plain.hash_hits == spelled.hash_hits and
     plain.move == spelled.move, "the defaults spelled out search the same nodes (" ..
     plain.nodes .. ")")
t.isnt(sg.search(d, {depth = 5, hash = 0}).hash_hits, plain.hash_hits,
       "and hash = 0 (no table) does not")
t.is(sg.search(d, {depth = 5, hash = 0}).hash_hits, 0, "hash = 0: no table, no hits")
t.is(sg.search(d, {depth = 2.0}).depth, 2, "a whole float is a whole number")

-- ---- the algorithms each game knows ----
local shared = {"alphabeta", "brs", "ismcts", "maxn", "mcts", "paranoid", "pimc", "random"}
t.is_deeply(sg.search_algos("tictactoe"), shared, "tictactoe: the shared searches")
t.is_deeply(sg.search_algos("othello"),
            {"alphabeta", "brs", "ismcts", "maxn", "mcts", "paranoid", "pimc", "random", "solve"},
            "othello: and its solver")
t.is_deeply(sg.search_algos("starchess"),
            {"alphabeta", "brs", "ismcts", "maxn", "mcts", "paranoid", "pimc", "predict",
             "random", "strong"}, "starchess: and the paper's predictor and the strong player")
local listed = sg.search_algos("chess")
listed[1] = "changed"
t.is(sg.search_algos("chess")[1], "alphabeta", "the list is a copy")
for _, name in ipairs(sg.games()) do
  for _, a in ipairs(sg.search_algos(name)) do
    t.ok(pcall(sg.search_options, name, a), name .. ": " .. a .. " has its options listed")
  end
end
t.like(select(2, pcall(sg.search_algos, "nosuch")), "sg.search_algos: .*nosuch",
       "an unknown game is refused, named")

-- ---- the options each algorithm takes, per game ----
t.is_deeply(sg.search_options("tictactoe"),
            {"algo", "aspiration", "beam", "blunder", "check_ext", "cont_history", "countermove", "depth", "futility",
             "hash", "history", "iir", "keep_history", "killers", "lmp", "lmr", "lmr_table",
             "multipv", "nodes",
             "null_move", "omniscient", "probcut", "prune_actions", "pvs", "quiescence",
             "random", "rfp", "see", "seed", "singular", "symmetry", "threads", "time"},
            "tictactoe, alphabeta: the shared options")
t.is_deeply(sg.search_options("tictactoe", "random"), {"algo", "blunder", "seed"}, "random: only the seed")
t.is_deeply(sg.search_options("chexers"),
            {"algo", "blunder", "depth", "hash", "nodes", "omniscient", "prune_actions", "random", "seed",
             "time"}, "chexers, maxn (its default)")
t.is_deeply(sg.search_options("chexers", "mcts"),
            {"algo", "blunder", "exploration", "hash", "iterations", "nodes", "omniscient",
             "playout_depth", "prune_actions", "seed", "threads", "time"}, "chexers, mcts")
t.is_deeply(sg.search_options("chexers", "pimc"),
            {"algo", "aspiration", "beam", "blunder", "check_ext", "cont_history", "countermove", "depth", "exploration",
             "futility", "hash", "history", "iir", "inner", "iterations", "killers", "lmp", "lmr",
             "lmr_table", "nodes", "null_move", "playout_depth", "probcut", "prune_actions",
             "pvs", "quiescence", "rfp", "samples", "see", "seed", "singular", "symmetry", "time"},
            "chexers, pimc: its own options and those of its inner searches")
t.is_deeply(sg.search_options("chexers", "ismcts"),
            {"algo", "blunder", "exploration", "hash", "iterations", "nodes", "playout_depth", "seed",
             "time"}, "chexers, ismcts")
t.ok(table.concat(sg.search_options("chess"), ","):find("probcut", 1, true),
     "chess's alpha-beta takes probcut too (the shared search's)")
do
  local ch = sg.new("chess")
  t.ok(sg.search(ch, {depth = 5, probcut = 100}).nodes ~= sg.search(ch, {depth = 5}).nodes,
       "chess: probcut reaches the search")
end
local ab = sg.search_options("othello")
t.ok(table.concat(ab, ","):find("endgame", 1, true), "othello, alphabeta: endgame too")
t.ok(not table.concat(sg.search_options("othello", "maxn"), ","):find("endgame", 1, true),
     "othello, maxn: no endgame")
t.is_deeply(sg.search_options("othello", "solve"),
            {"algo", "blunder", "hash", "nodes", "random", "seed", "threads", "time", "wld"}, "othello, solve")
t.is_deeply(sg.search_options("starchess"),
            {"algo", "blunder", "dedupe", "levels", "masks", "model_options", "model_top", "model_top_cheap", "model_turns", "opponent_model",
             "opponent_priorities", "priorities", "prune", "rollout", "seed", "skip_dead",
             "threads", "time", "turns", "weights", "wide"},
            "starchess, predict (its default)")
t.is_deeply(sg.search_options("warchess"),
            {"algo", "blunder", "bound", "hash", "independence", "nodes", "seed", "table", "time"},
            "warchess, turn (its default)")
t.is_deeply(sg.search_options("warchess", "lookahead"),
            {"algo", "blunder", "depth", "hash", "plans", "seed", "time"}, "warchess, lookahead")
t.errors(function() sg.search_options("tictactoe", "solve") end,
         "unknown algo 'solve' (valid: alphabeta, brs, ismcts, maxn, mcts, paranoid, pimc, random)",
         "solve is Othello's only", true)
-- a game's own descriptors take their defaults from the game's defaults, not a copy
local pred = {}
for _, e in ipairs(sg.search_schema("starchess")) do pred[e.name] = e end
t.is(pred.turns.default, sg.defaults("starchess").search.turns, "predict's turns default is the game's")
t.is(pred.time.expected, by.time.expected, "predict's time is the shared descriptor")

-- ---- refusals: option, algorithm, expectation; the game unchanged ----
local g = sg.new("tictactoe")
local before = g:save()
-- c_msg: what C's reader says when it differs (it knows no game, so it names Othello's solve
-- among the algorithms that take an option)
local function refused(opts, msg, desc, c_msg)
  local ok, e = pcall(sg.search, g, opts)
  e = tostring(e):gsub("^[^:]*:%d+: ", "")
  t.is(not ok and e, "sg.search: " .. msg, desc)
  -- C's reader, called directly, says the same for the shared searches, but for blunder,
  -- which sg.search plays itself
  local cok, ce = pcall(core.search, g, opts)
  t.is(not cok and ce, "sg.search: " .. (c_msg or (msg:gsub(", blunder$", ""))),
       desc .. " (C's reader)")
end
refused({algo = "alphabeta", iterations = 5},
        "iterations (algo 'alphabeta'): not an option of this algorithm (it belongs to 'ismcts', "
        .. "'mcts', 'pimc'); expected one of: algo, depth, time, nodes, hash, seed, random, beam, "
        .. "symmetry, prune_actions, threads, multipv, pvs, aspiration, killers, history, "
        .. "null_move, lmr, quiescence, probcut, check_ext, see, rfp, futility, lmp, lmr_table, countermove, iir, cont_history, singular, keep_history, omniscient, blunder",
        "an option of another algorithm")
refused({algo = "mcts", random = 0},
        "random (algo 'mcts'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', "
        .. "'maxn', 'paranoid'); expected one of: algo, time, nodes, hash, seed, prune_actions, "
        .. "threads, iterations, exploration, playout_depth, omniscient, blunder", "random is not MCTS's",
        "random (algo 'mcts'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', "
        .. "'maxn', 'paranoid', 'solve'); expected one of: algo, time, nodes, hash, seed, "
        .. "prune_actions, threads, iterations, exploration, playout_depth, omniscient")
refused({algo = "brs", pvs = false},
        "pvs (algo 'brs'): not an option of this algorithm (it belongs to 'alphabeta', 'pimc'); expected "
        .. "one of: algo, depth, time, nodes, hash, seed, random, prune_actions, omniscient, blunder",
        "alpha-beta's enhancements are refused by brs")
refused({algo = "random", hash = 1},
        "hash (algo 'random'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', "
        .. "'ismcts', 'maxn', 'mcts', 'paranoid', 'pimc'); expected one of: algo, seed, blunder",
        "random takes no table",
        "hash (algo 'random'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', "
        .. "'ismcts', 'maxn', 'mcts', 'paranoid', 'pimc', 'solve'); expected one of: algo, seed")
refused({depht = 3}, "depht (algo 'alphabeta'): unknown option; expected one of: algo, depth, "
        .. "time, nodes, hash, seed, random, beam, symmetry, prune_actions, threads, multipv, "
        .. "pvs, aspiration, killers, history, null_move, lmr, quiescence, probcut, check_ext, see, rfp, futility, lmp, lmr_table, countermove, iir, cont_history, singular, keep_history, omniscient, blunder",
        "an unknown option")
refused({depth = "3"}, 'depth (algo \'alphabeta\'): got the string "3"; expected a whole number '
        .. "from 0 to 126 (plies; 0: no limit)", "integer: wrong type")
refused({depth = 127}, "depth (algo 'alphabeta'): 127 is out of range; expected a whole number "
        .. "from 0 to 126 (plies; 0: no limit)", "integer: out of range")
refused({algo = "maxn", time = {}}, "time (algo 'maxn'): got table; expected a number, 0 or more "
        .. "(seconds; 0: no limit)", "number: wrong type")
refused({hash = 65537}, "hash (algo 'alphabeta'): 65537 is out of range; expected a number from "
        .. "0 to 65536 (megabytes; 0: no table)", "number: out of range")
refused({probcut = 0}, "probcut (algo 'alphabeta'): 0 is out of range; expected false or a whole "
        .. "number from 1 to 67108863 (in the score's units)", "probcut: a margin of 1 or more")
refused({killers = 0}, "killers (algo 'alphabeta'): got 0; expected true or false",
        "boolean: wrong type")
refused({algo = "paranoid", random = "some"}, 'random (algo \'paranoid\'): got the string "some"; '
        .. "expected false or a whole number from 0 to 67108863 (in the score's units; Othello "
        .. "solve: discs)", "margin: wrong type")
refused({beam = {3, 2.5}}, "beam (algo 'alphabeta'): entry 2 is not in range; expected a list of "
        .. "at most 32 whole numbers, each from 1 to 1073741824 (moves kept at plies 1, 2, ...)",
        "list: a bad entry")
local long = {}
for i = 1, 33 do long[i] = 1 end
refused({beam = long}, "beam (algo 'alphabeta'): 33 entries are too many; expected a list of at "
        .. "most 32 whole numbers, each from 1 to 1073741824 (moves kept at plies 1, 2, ...)",
        "list: too long")
refused({algo = "mcts", prune_actions = "mine"}, 'prune_actions (algo \'mcts\'): got the string '
        .. '"mine"; expected false, true or "own" (true: every player\'s moves, "own": the '
        .. "searching player's only)", "enum: an unknown value")
refused({algo = "mcts", threads = 0}, "threads (algo 'mcts'): 0 is out of range; expected a "
        .. "whole number from 1 to 256 (1: reproducible from the seed)", "threads: out of range")
t.is(g:save(), before, "refused searches leave the game unchanged")
-- a game's own algorithms are checked by the same checker
local o = sg.new("othello")
t.errors(function() sg.search(o, {algo = "solve", wld = "yes"}) end,
         "sg.search: wld (algo 'solve'): got the string \"yes\"; expected true or false",
         "solve's own option", true)
t.errors(function() sg.search(o, {algo = "solve", beam = {2}}) end,
         "sg.search: beam (algo 'solve'): not an option of this algorithm (it belongs to " ..
         "'alphabeta', 'pimc'); expected one of: algo, hash, nodes, random, seed, threads, time, wld",
         "solve refuses alpha-beta's options", true)
t.errors(function() sg.search(sg.new("starchess"), {turns = 17}) end,
         "sg.search: turns (algo 'predict'): 17 is out of range; expected a whole number from 0 " ..
         "to 16 (full turns)", "predict's own option", true)

-- sg.search_check: the same checks without searching
t.is(sg.search_check("chexers", {algo = "mcts", iterations = 10}), true, "a good request")
local ok, why = sg.search_check("chexers", {algo = "mcts", depth = 2})
t.ok(ok == nil and why:find("^depth %(algo 'mcts'%): not an option of this algorithm"),
     "a bad one: nil and the message (" .. tostring(why) .. ")")
ok, why = sg.search_check("chexers", {algo = "minimax"})
t.ok(ok == nil and why:find("unknown algo 'minimax'", 1, true), "an unknown algo")

-- saved AI settings are checked against the schema
sg.prefs.file = os.tmpname()
t.errors(function() sg.prefs.set("chexers", {ai = {algo = "mcts", depth = 2}}) end,
         "ai: depth (algo 'mcts'): not an option of this algorithm", "prefs: an option of another algorithm", true)
t.errors(function() sg.prefs.set("othello", {ai = {algo = "solve", wld = 1}}) end,
         "ai: wld (algo 'solve'): got 1; expected true or false", "prefs: a game's own algorithm", true)
t.ok(sg.prefs.set("chexers", {ai = {algo = "mcts", iterations = 100}}), "prefs: a good setting is saved")
os.remove(sg.prefs.file)

-- ---- one result shape ----
local function shape(r, algo, desc)
  t.ok(r.algo == algo and type(r.move) == "string" and type(r.score) == "number" and
       math.type(r.depth) == "integer" and math.type(r.nodes) == "integer" and
       type(r.time) == "number" and type(r.exact) == "boolean" and
       (r.stopped == nil or r.stopped == "limit"),
       desc .. ": algo, move, score, depth, nodes, time, exact, stopped")
end
local c = sg.new("chexers")
for _, algo in ipairs({"alphabeta", "random"}) do shape(sg.search(g, {algo = algo}), algo, algo) end
for _, algo in ipairs({"maxn", "paranoid", "brs"}) do
  shape(sg.search(c, {algo = algo, depth = 2}), algo, algo)
end
shape(sg.search(c, {algo = "mcts", iterations = 50}), "mcts", "mcts")
local e = sg.new("othello", {seed = 2})
while select(2, e:position():gsub("%.", "")) > 10 do e:play(sg.search(e, {algo = "random"}).move) end
shape(sg.search(e, {algo = "solve"}), "solve", "othello solve")
local sc = sg.search(sg.new("starchess"), {turns = 0})
shape(sc, "predict", "starchess predict")
t.is(sc.move, sc.moves[1], "predict: move is the turn's first command")
local w = sg.search(sg.new("warchess"))
shape(w, "turn", "warchess turn")
t.ok(w.hash_hits == nil and sg.search(g).hash_hits > 0, "table hits are hash_hits, the one name")

-- ---- the manual's table is the schema's ----
local f = assert(io.open(t.srcdir .. "/doc/manual.md"))
local manual = f:read("a")
f:close()
local table_text = manual:match("<!%-%- search options: sg%.search_table%(%) %-%->\n(.-)<!%-%- end %-%->")
t.ok(table_text, "doc/manual.md marks the generated table")
t.is(table_text, sg.search_table(), "doc/manual.md's table of search options is the schema's")
local games_checked = 0
for game, text in manual:gmatch('<!%-%- search options: sg%.search_table%("(%w+)"%) %-%->\n(.-)<!%-%- end %-%->') do
  t.is(text, sg.search_table(game), "doc/manual.md's table of " .. game .. "'s own options is its schema's")
  games_checked = games_checked + 1
end
t.is(games_checked, 4, "the manual shows the own options of othello, qubic, starchess and warchess")
t.like(sg.search_table(), "\n| `hash` | a number from 0 to 65536 %(megabytes; 0: no table%) | 16 |",
       "a row: option, what it takes, default")
t.done()
