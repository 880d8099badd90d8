-- fuzz.lua: what each kind of input of t/fuzz/fuzz-lua.c must do.  Returns the function the
-- target calls with (kind, text); it raises only on a finding: a reader that raises where it
-- promises nil and a message, an error that is not a string naming its function, or a result
-- that breaks the reader's own contract.
local sg = require "stratagem"
local data = require "stratagem.data"
local pgn = require "stratagem.pgn"

local function finding(fmt, ...) error(string.format(fmt, ...), 0) end

-- f(...) may fail only with a string message starting with prefix
local function only_messages(prefix, f, ...)
  local ok, e = pcall(f, ...)
  if ok then return e end
  if type(e) ~= "string" then finding("%s raised a %s", prefix, type(e)) end
  if e == "interrupted!" then error(e, 0) end
  if not e:find(prefix, 1, true) then finding("%s raised an error not its own: %s", prefix, e) end
end

local kinds = {}

function kinds.data(text)   -- never raises; a value read is written and read back the same
  local v, err = data.parse(text)
  if v == nil and err ~= nil and type(err) ~= "string" then finding("data.parse: message %s", type(err)) end
  if v ~= nil then
    local ok, s = pcall(data.serialize, v)
    if ok then
      local w = data.parse(s)
      if data.serialize(w) ~= s then finding("data: written and read back differs") end
    end
  end
end

function kinds.load(text)   -- a game or nil and a message, never an error
  local g, err = sg.load(text)
  if g == nil and type(err) ~= "string" then finding("sg.load: no message") end
  if g then
    local again = sg.load(g:save())
    if not again or again:position{all = true} ~= g:position{all = true} then
      finding("sg.load: a loaded game's save does not load back the same")
    end
  end
end

function kinds.pgn(text)    -- records or nil and a message, never an error
  local games, err = pgn.read(text)
  if games == nil and type(err) ~= "string" then finding("pgn.read: no message") end
  if games then
    local back = pgn.read(pgn.write(games))
    if not back or #back ~= #games then finding("pgn: written and read back differs") end
  end
end

-- options: a game name on the first line, then a table of sg.new options, then of sg.search
function kinds.options(text)
  local name, rest = text:match("^(%w+)\n(.*)$")
  if not name or not sg.known or not pcall(sg.defaults, name) then return end
  local newopts, sopts = rest:match("^(.-)\n(.*)$")
  local o1 = data.parse(newopts or rest)
  if type(o1) ~= "table" then o1 = {} end
  local g = only_messages("sg.new", sg.new, name, o1)
  if not g then return end
  local o2 = data.parse(sopts or "")
  if type(o2) ~= "table" then return end
  for _, k in ipairs({"time", "depth", "nodes", "iterations", "samples", "turns", "levels",
                      "playout_depth", "threads", "hash", "plans", "rollout"}) do
    o2[k] = nil   -- the limits stay the target's, so one input cannot run for an hour
  end
  o2.nodes, o2.depth, o2.hash = 2000, nil, 1
  if g:status() == "playing" then only_messages("sg.search", sg.search, g, o2) end
end

-- text written to a temporary file of its own for each kind (made once), for the readers
-- that take a path; the path
local temp_paths = {}
local function as_file(kind, text)
  temp_paths[kind] = temp_paths[kind] or os.tmpname()
  local f = assert(io.open(temp_paths[kind], "wb"))
  f:write(text)
  f:close()
  return temp_paths[kind]
end

-- prefs: the text is a preferences file; reading it never raises, each problem is a message,
-- and every entry it keeps makes a game and passes the search check
local prefs = require "stratagem.prefs"
function kinds.prefs(text)
  local prefs_path = as_file("prefs", text)
  local saved = prefs.file
  prefs.file = prefs_path
  local ok, games, problems = pcall(prefs.read)
  prefs.file = saved
  if not ok then
    if games == "interrupted!" then error(games, 0) end
    finding("prefs.read raised: %s", tostring(games))
  end
  for _, p in ipairs(problems) do
    if type(p) ~= "string" then finding("prefs.read: a problem that is no message") end
  end
  for game, e in pairs(games) do
    local g = only_messages("sg.new", sg.new, game,
                            {variant = e.variant, rules = e.rules, weights = e.weights})
    if not g then finding("prefs.read kept %s's entry, which sg.new refuses", game) end
    if e.ai and not sg.search_check(game, e.ai) then
      finding("prefs.read kept %s's ai, which sg.search_check refuses", game)
    end
  end
end

-- scenario: the text is a scenario file, run in the sandbox (a table, or nil and a message,
-- never an error: budgets cut short for the fuzzer, 2 million instructions and 16 MB); a
-- table is then offered to the games that take scenarios, which may refuse it with messages
function kinds.scenario(text)
  local scenario_path = as_file("scenario", text)
  local ins, mem = data.SCENARIO_INSTRUCTIONS, data.SCENARIO_MEMORY
  data.SCENARIO_INSTRUCTIONS, data.SCENARIO_MEMORY = 2 * 1000 * 1000, 16 * 1024 * 1024
  local ok, v, err = pcall(data.run_scenario, scenario_path)
  data.SCENARIO_INSTRUCTIONS, data.SCENARIO_MEMORY = ins, mem
  if not ok then
    if v == "interrupted!" then error(v, 0) end
    finding("data.run_scenario raised: %s", tostring(v))
  end
  if v == nil then
    if type(err) ~= "string" or not err:find("scenario: ", 1, true) then
      finding("data.run_scenario: nil without a message naming the scenario")
    end
    return
  end
  if type(v) == "table" then
    for _, name in ipairs({"warchess", "starchess"}) do
      local g = only_messages("sg.new", sg.new, name, {scenario = v})
      if g then
        local again = sg.load(g:save())
        if not again or again:position{all = true} ~= g:position{all = true} then
          finding("%s: a game made from a scenario does not load back the same", name)
        end
      end
    end
  end
end

-- words: the text as a word list (src/words/dict.c): both forms hold the same words, in byte
-- order, each found by binary search and in its prefix range; and as a user dictionary file,
-- read without raising (a damaged one is kept aside: removed here after each input)
function kinds.words(text)
  local core = require "stratagem.core"
  local a, b = core.dict.build(text, false), core.dict.build(text, true)
  local wa, wb = a:words(), b:words()
  if #wa ~= #wb then finding("dict: %d plain words, %d packed", #wa, #wb) end
  for i, w in ipairs(wa) do
    if wb[i] ~= w then finding("dict: word %d plain %s, packed %s", i, w, tostring(wb[i])) end
    if i > 1 and not (wa[i - 1] < w) then finding("dict: %s before %s", wa[i - 1], w) end
    if not a:has(w) or not b:has(w) then finding("dict: %s not found", w) end
    local p = w:sub(1, 1 + i % #w)
    local _, na = a:prefix(p)
    local _, nb = b:prefix(p)
    if na ~= nb or na < 1 then finding("dict: prefix %s: %d plain, %d packed", p, na, nb) end
  end
  sg.dict.user.file = as_file("words", text)
  local ok, words, msg = pcall(sg.dict.user.load)
  if not ok then finding("sg.dict.user.load raised: %s", tostring(words)) end
  if type(words) ~= "table" or (msg ~= nil and type(msg) ~= "string") then
    finding("sg.dict.user.load: not words and a message")
  end
  os.remove(sg.dict.user.file .. ".damaged")
end

-- http: a request to stratagem serve's handler (Server:handle), as
--   METHOD PATH[?QUERY]\nHeader: value\n...\n\nBODY
-- against one server whose computer thinks 3 ms a move (no socket: stratagem.http is a stub
-- here); a finding when the handler raises, answers 500 or more, or answers an error in JSON
-- without a message.  "@ID" in the text stands for the session made last, so that inputs reach
-- the moves of a game.
local http_server, http_id = nil, "none"
function kinds.http(text)
  if not http_server then
    package.preload["stratagem.http"] = package.preload["stratagem.http"]
        or function() return {available = false} end
    local serve = require "stratagem.serve"
    http_server = assert(serve.server{files = {["index.html"] = "", ["play.js"] = "",
                                               ["play.css"] = ""},
                                      sessions = 20, ai = {time = 0.003}, token = "1"})
  end
  text = text:gsub("@ID", http_id)
  local head, body = text:match("^(.-)\n\n(.*)$")
  head, body = head or text, body or ""
  local line, rest = head:match("^([^\n]*)\n?(.*)$")
  local method, target = line:match("^(%S+)%s+(%S+)")
  if not method then return end
  local path, query = target:match("^([^?]*)%??(.*)$")
  local req = {method = method, path = path, query = {}, headers = {}, body = body}
  for k, v in query:gmatch("([^&=]*)=?([^&]*)") do   -- decoded, as libmicrohttpd gives them
    local function dec(x) return (x:gsub("%%(%x%x)", function(h) return string.char(tonumber(h, 16)) end)) end
    if k ~= "" then req.query[dec(k)] = dec(v) end
  end
  for k, v in rest:gmatch("([^:\n]+):[ \t]*([^\n]*)") do req.headers[k:lower()] = v end
  if not req.headers.host then req.headers.host = "127.0.0.1:8080" end
  local ok, status, ctype, answer = pcall(http_server.handle, http_server, req)
  if not ok then
    if status == "interrupted!" then error(status, 0) end
    finding("Server:handle raised: %s", tostring(status))
  end
  if math.type(status) ~= "integer" or status < 100 or status >= 500 then
    finding("Server:handle answered %s", tostring(status))
  end
  if status >= 400 and tostring(ctype):find("json", 1, true) and
     not tostring(answer):find('"error":"[^"]', 1) then
    finding("Server:handle answered %d without a message: %s", status, tostring(answer))
  end
  if status == 200 and path == "/api/new" then
    http_id = tostring(answer):match('"id":"(%x+)"') or http_id
  end
end

-- ---- the lab's files: sprt/tune settings, job and result lines, openings, checkpoints ----
local lab = require "stratagem.lab"

-- f(...) as a reader: its value, or nil and a string message; raising is a finding
local function reader(name, f, ...)
  local ok, v, err = pcall(f, ...)
  if not ok then
    if v == "interrupted!" then error(v, 0) end
    finding("%s raised: %s", name, tostring(v))
  end
  if v == nil and type(err) ~= "string" then finding("%s: nil without a message", name) end
  return v, err
end

-- settings: a game name on the first line, then the settings text; a table or nil and a
-- message, and settings accepted make a search the schema accepts (none is run)
function kinds.settings(text)
  local name, rest = text:match("^(%w+)\n(.*)$")
  if not name or not pcall(sg.defaults, name) then name, rest = "connect4", text end
  local f = io.open(rest, "rb")   -- a text that names a file would be read as one
  if f then f:close() return end
  local v = reader("lab.read_settings", lab.read_settings, name, rest, "fuzz")
  if v == nil then return end
  if not sg.search_check(name, lab.search_of(name, v, 1)) then
    finding("lab.read_settings accepted settings whose search sg.search_check refuses")
  end
end

-- job: a job line; a job or nil and a message, and a result of an accepted job goes through
-- its result line and back
function kinds.job(text)
  local job = reader("lab.read_job", lab.read_job, text)
  if job == nil then return end
  local res = {run = job.run, index = job.index, round = job.round, seats = job.seats,
               first = 1, status = "won", moves = 1, time = 0,
               job = {game = job.game, seed = job.seed, round = job.round, players = job.players,
                      rounds = job.rounds, elo0 = job.elo0, elo1 = job.elo1, alpha = job.alpha,
                      beta = job.beta, max_games = job.max_games, fixed = job.fixed}}
  local back, berr = lab.read_result(lab.result_line(res))
  if not back then finding("a result of an accepted job does not read back: %s", berr) end
end

-- merge: a file of result lines; a summary and plan (which report) or nil and a message
function kinds.merge(text)
  local sum, p = reader("lab.merge", lab.merge, {as_file("merge", text)})
  if sum == nil then return end
  local rok, lines = pcall(lab.report, p, sum)
  if not rok then finding("lab.report of a merge raised: %s", tostring(lines)) end
end

-- openings: an openings file (PGN, FEN or EPD lines); openings or nil and a message
local match = require "stratagem.match"
function kinds.openings(text)
  local list = reader("match.load_openings", match.load_openings, as_file("openings", text))
  if list == nil then return end
  for i, o in ipairs(list) do
    if (o.fen ~= nil and type(o.fen) ~= "string") or (o.moves ~= nil and type(o.moves) ~= "table") then
      finding("match.load_openings: opening %d is not {fen =, moves =}", i)
    end
  end
end

-- checkpoint: a checkpoint of tune (connect4, spsa, two weights); a state or nil and a
-- message, and a state accepted keeps tune's invariants and draws its chart
local tune = require "stratagem.tune"
local tune_params
function kinds.checkpoint(text)
  tune_params = tune_params or assert(tune.params("connect4", {"threat", "two"}))
  local s = reader("tune.read_checkpoint", tune.read_checkpoint, text, "fuzz.ckpt", "connect4",
                   "spsa", tune_params)
  if s == nil then return end
  if #s.theta ~= 2 or s.iteration > s.iterations or #s.history ~= s.iteration then
    finding("tune.read_checkpoint accepted a state that breaks tune's invariants")
  end
  s.params = tune_params
  local ok, e = pcall(tune.svg, s)
  if not ok then finding("tune.svg of an accepted checkpoint raised: %s", tostring(e)) end
end
-- ---- end of the lab's files ----

return function(kind, text)
  local f = kinds[kind]
  if not f then   -- any other first line: the text goes to every reader
    for _, k in ipairs({"data", "load", "pgn", "prefs"}) do kinds[k](text) end
    return
  end
  f(text)
end
