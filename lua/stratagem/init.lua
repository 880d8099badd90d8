-- stratagem: the Lua half of the module: options checked against each game's defaults,
-- search defaults, save and load.  The C half is stratagem.core.
local core = require "stratagem.core"
local data = require "stratagem.data"

local M = {}
M.version = core.version
M.paths = core.paths() or {}

local fmt = string.format
local methods = core.methods   -- the methods of every game object

local COMMON_OPTIONS = {"position", "rules", "seed", "variant", "weights"}
local SEARCH_OPTIONS = {"algo", "aspiration", "beam", "depth", "exploration", "hash", "history",
                        "iterations", "killers", "lmr", "nodes", "null_move", "playout_depth",
                        "prune_actions", "pvs", "quiescence", "random", "seed", "symmetry",
                        "threads", "time"}
local ALGOS = {"alphabeta", "brs", "maxn", "mcts", "paranoid", "random"}

local function sorted_keys(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = tostring(k) end
  table.sort(ks)
  return ks
end

local function set_of(list)
  local s = {}
  for _, v in ipairs(list) do s[v] = true end
  return s
end

local function copy(v)
  if type(v) ~= "table" then return v end
  local t = {}
  for k, x in pairs(v) do t[k] = copy(x) end
  return t
end

-- Misuse is raised as an error blaming the user's line: the first caller outside this module
-- (so helpers several calls deep still point at the call the user wrote).
local function fail(msg, ...)
  local here, level = debug.getinfo(1, "S").source, 2
  while true do
    local info = debug.getinfo(level, "S")
    if not info or info.source ~= here then break end
    level = level + 1
  end
  error(fmt(msg, ...), level)
end

-- Call a C function of the core; an error it raises gets the public function's prefix and is
-- raised again at the user's line ("interrupted!" stays as it is).
local function call_core(prefix, f, ...)
  local r = table.pack(pcall(f, ...))
  if r[1] then return table.unpack(r, 2, r.n) end
  local msg = tostring(r[2])
  if msg == "interrupted!" then error(msg, 0) end
  msg = msg:gsub("^%w+: ", "", 1)
  fail("%s: %s", prefix, msg)
end

function M.games()
  local list = core.games()
  table.sort(list)
  return list
end

local function check_game_name(fname, name)
  if type(name) ~= "string" then
    fail("%s: the game name must be a string, got %s (known games: %s)", fname, type(name),
         table.concat(M.games(), ", "))
  end
  if not core.known(name) then
    fail("%s: unknown game '%s' (known games: %s)", fname, name, table.concat(M.games(), ", "))
  end
end

-- The declared properties of a game's class (doc/lua-api.md): name, players {min, max},
-- utility, chance, hidden, hooks, bounds and score_bounds.  A new table each call.
function M.info(name)
  check_game_name("sg.info", name)
  return core.info(name)
end

local defaults_cache = {}
local function game_defaults(name)
  local d = defaults_cache[name]
  if not d then
    d = require("stratagem." .. name)
    defaults_cache[name] = d
  end
  return d
end

-- A copy of a game's defaults: rules, weights, variant, options, search, play.
function M.defaults(name)
  check_game_name("sg.defaults", name)
  return copy(game_defaults(name))
end

-- Merge a user's table of one group (rules, weights, variant) over the defaults, strictly.
local function merge_group(game, group, defaults, user)
  local merged = copy(defaults or {})
  if user == nil then return merged end
  if type(user) ~= "table" then
    fail("sg.new: %s must be a table of named values, got %s", group, type(user))
  end
  for k, v in pairs(user) do
    local def = merged[k]
    if def == nil then
      local valid = sorted_keys(defaults or {})
      fail("sg.new: unknown %s key '%s' for %s (valid keys: %s)", group, tostring(k), game,
           #valid > 0 and table.concat(valid, ", ") or "none")
    end
    if type(v) ~= type(def) then
      fail("sg.new: %s.%s must be a %s, got %s", group, k, type(def), type(v))
    end
    merged[k] = v
  end
  return merged
end

-- sg.new(name, opts): a new game; nil and a message when the position is malformed.
function M.new(name, opts)
  check_game_name("sg.new", name)
  if opts ~= nil and type(opts) ~= "table" then
    fail("sg.new: options must be a table, got %s", type(opts))
  end
  opts = opts or {}
  local d = game_defaults(name)
  local valid = set_of(COMMON_OPTIONS)
  for k in pairs(d.options or {}) do valid[k] = true end
  for k in pairs(opts) do
    if not valid[k] then
      fail("sg.new: unknown option '%s' for %s (valid options: %s)", tostring(k), name,
           table.concat(sorted_keys(valid), ", "))
    end
  end
  if opts.seed ~= nil and math.type(opts.seed) ~= "integer" then
    fail("sg.new: seed must be an integer, got %s", tostring(opts.seed))
  end
  if opts.position ~= nil and type(opts.position) ~= "string" and
     not (d.position_table and type(opts.position) == "table") then
    fail("sg.new: position must be a string in %s's position notation, got %s", name,
         type(opts.position))
  end
  local c = {seed = opts.seed, position = opts.position}
  for _, group in ipairs({"rules", "weights", "variant"}) do
    c[group] = merge_group(name, group, d[group], opts[group])
    -- a value chosen by name (d.enums: key -> its names) reaches C as its 0-based index
    for k, v in pairs(c[group]) do
      local names = d.enums and d.enums[k]
      if names then
        local idx
        for i, nm in ipairs(names) do if nm == v then idx = i - 1 end end
        if not idx then
          fail("sg.new: %s.%s must be one of '%s', got '%s'", group, k,
               table.concat(names, "', '"), tostring(v))
        end
        c[group][k] = idx
      end
    end
  end
  -- a game's own options (a scenario, say) are turned into what C takes by its defaults
  -- file's setup(opts, c), which may fill c.position; it returns nil, message for a
  -- malformed value, or raises for misuse
  if d.setup then
    local ok, err = d.setup(opts, c)
    if ok == nil and err then return nil, err end
  end
  return call_core("sg.new", core.new, name, c)
end

local GAME_MT = debug.getregistry()["stratagem.game"]   -- made by the C half

-- Methods that only one game's objects have come from its defaults file's `methods`; the
-- metatable looks there after the methods every game has.
local game_name = methods.game
GAME_MT.__index = function(g, k)
  local f = methods[k]
  if f ~= nil then return f end
  local ok, name = pcall(game_name, g)
  if not ok then return nil end
  local own = require("stratagem." .. name).methods
  return own and own[k]
end
-- g:config(): what C holds, with the values chosen by name given by their names again.
local core_config = methods.config
function methods.config(g)
  local c = core_config(g)
  local d = game_defaults(game_name(g))
  for _, group in ipairs({"rules", "weights", "variant"}) do
    for k, v in pairs(c[group]) do
      local names = d.enums and d.enums[k]
      if names then c[group][k] = names[v + 1] end
    end
  end
  return c
end

local function is_game(g)
  return getmetatable(g) == GAME_MT
end

-- The options an algorithm takes on a game: the generic ones (and the game's extra ones), or
-- a game's own algorithm's.  A sorted array.
local function search_keys(d, algo)
  local own = d.algos and d.algos[algo]
  local keys = own and own.options or SEARCH_OPTIONS
  if not own and d.search_options then
    keys = copy(SEARCH_OPTIONS)
    for _, k in ipairs(d.search_options) do keys[#keys + 1] = k end
    table.sort(keys)
  end
  return keys
end

-- sg.search_options(name [, algo]): the option names sg.search takes for that game and
-- algorithm (default: the game's own default algorithm).
function M.search_options(name, algo)
  check_game_name("sg.search_options", name)
  local d = game_defaults(name)
  return copy(search_keys(d, algo or (d.search and d.search.algo) or "alphabeta"))
end

-- sg.search(g, opts): the game's search defaults merged with opts, run in C.
function M.search(g, opts)
  if not is_game(g) then
    fail("sg.search: expected a game (from sg.new), got %s", type(g))
  end
  if opts ~= nil and type(opts) ~= "table" then
    fail("sg.search: options must be a table, got %s", type(opts))
  end
  opts = opts or {}
  local d = game_defaults(g:game())
  local algo = opts.algo or (d.search and d.search.algo) or "alphabeta"
  local own = d.algos and d.algos[algo]
  local s = copy(own and own.defaults or d.search or {})   -- an algorithm may have its own
  local keys = search_keys(d, algo)
  local valid = set_of(keys)
  for k in pairs(opts) do
    if not valid[k] then
      fail("sg.search: unknown option '%s'%s (valid options: %s)", tostring(k),
           own and (" for algo '" .. algo .. "'") or "", table.concat(keys, ", "))
    end
  end
  for k in pairs(s) do if not valid[k] then s[k] = nil end end   -- defaults of another algo
  for k, v in pairs(opts) do s[k] = v end
  s.algo = algo
  if own then   -- an algorithm of the game's own (Star Chess's prediction tree)
    local ok, r = pcall(own.run, g, s)
    if not ok then
      if r == "interrupted!" then error(r, 0) end
      local msg = tostring(r):gsub("^[^\n:]+%.lua:%d+: ", ""):gsub("^sg%.search: ", "")
      fail("sg.search: %s", msg)
    end
    return r
  end
  if not set_of(ALGOS)[algo] then
    local algos = copy(ALGOS)
    for k in pairs(d.algos or {}) do algos[#algos + 1] = k end
    table.sort(algos)
    fail("sg.search: unknown algo '%s' (valid: %s)", tostring(algo), table.concat(algos, ", "))
  end
  if s.seed == nil then
    -- reproducible from the game's seed, yet different at every move of a game
    s.seed = g:config().seed * 1000003 + g:ply()
  end
  if d.prepare_search then   -- the game turns its own options into generic ones, or answers
    local ok, res = pcall(d.prepare_search, g, s)   -- with a finished result of its own
    if not ok then
      if res == "interrupted!" then error(res, 0) end
      fail("sg.search: %s", tostring(res):gsub("^solve: ", ""))
    end
    if type(res) == "table" then return res end
  end
  return call_core("sg.search", core.search, g, s)
end

-- sg.playout(g, {seed =, max =}): a random game from g's position, played in C (g itself is
-- unchanged): {moves =, time =, status =, winner =}.
function M.playout(g, opts)
  if not is_game(g) then fail("sg.playout: expected a game (from sg.new), got %s", type(g)) end
  if opts ~= nil and type(opts) ~= "table" then
    fail("sg.playout: options must be a table, got %s", type(opts))
  end
  opts = opts or {}
  for k in pairs(opts) do
    if k ~= "seed" and k ~= "max" then
      fail("sg.playout: unknown option '%s' (valid options: max, seed)", tostring(k))
    end
  end
  local seed = opts.seed
  if seed == nil then seed = g:config().seed * 1000003 + g:ply() end
  if math.type(seed) ~= "integer" then fail("sg.playout: seed must be an integer") end
  if opts.max ~= nil and (math.type(opts.max) ~= "integer" or opts.max < 0) then
    fail("sg.playout: max must be a whole number of moves, 0 or more")
  end
  return call_core("sg.playout", core.playout, g, seed, opts.max or 0)
end

-- ---- save and load ----

local SAVE_FORMAT = 1

-- g:save([path]): the whole game as text (start position, settings, every move); with a path,
-- written to that file atomically, returning true or nil and a message.
function methods.save(g, path)
  local cfg = g:config()
  local text = "-- stratagem saved game\nreturn " .. data.serialize({
    format = SAVE_FORMAT,
    game = g:game(),
    version = M.version,
    seed = cfg.seed,
    start = g:position(true),
    rules = cfg.rules,
    weights = cfg.weights,
    variant = cfg.variant,
    moves = g:history(),
  }) .. "\n"
  if path == nil then return text end
  if type(path) ~= "string" then
    error(fmt("save: path must be a string, got %s", type(path)), 2)
  end
  local ok, err = data.write_file(path, text)
  if not ok then return nil, "save: " .. tostring(err) end
  return true
end

-- sg.load(text): the game saved in text, or nil and what is wrong with the text.
function M.load(text)
  if type(text) ~= "string" then
    fail("sg.load: expected the text of a saved game, got %s", type(text))
  end
  local t, err = data.parse(text)
  if t == nil then return nil, "sg.load: not a saved game: " .. (err or "no value") end
  if type(t) ~= "table" then return nil, "sg.load: not a saved game: expected a table" end
  if t.format ~= SAVE_FORMAT then
    return nil, fmt("sg.load: unknown save format %s (this version reads %d)",
                    tostring(t.format), SAVE_FORMAT)
  end
  if type(t.game) ~= "string" or not core.known(t.game) then
    return nil, fmt("sg.load: unknown game '%s' (known games: %s)", tostring(t.game),
                    table.concat(M.games(), ", "))
  end
  if type(t.moves) ~= "table" then return nil, "sg.load: the saved game has no move list" end
  local ok, g, perr = pcall(M.new, t.game, {seed = t.seed, position = t.start, rules = t.rules,
                                            weights = t.weights, variant = t.variant})
  if not ok then return nil, "sg.load: " .. tostring(g):gsub("^.-sg%.new: ", "") end
  if not g then return nil, "sg.load: " .. perr end
  for i, m in ipairs(t.moves) do
    local pok, perr2 = pcall(g.play, g, m)
    if not pok then
      return nil, fmt("sg.load: move %d (%s): %s", i, tostring(m), tostring(perr2))
    end
  end
  return g
end

-- sg.loadfile(path): sg.load on a file's text; nil and a message when it cannot be read.
function M.loadfile(path)
  if type(path) ~= "string" then
    fail("sg.loadfile: expected a file name, got %s", type(path))
  end
  local f, err = io.open(path, "rb")
  if not f then return nil, "sg.loadfile: " .. err end
  local text = f:read("a")
  f:close()
  return M.load(text)
end

-- Each game's own functions (sg.starchess, ...) from its defaults file's `api`.
for _, name in ipairs(core.games()) do
  local d = game_defaults(name)
  if d.api then M[name] = d.api end
end

-- PGN beside the chess game's own functions (sg.chess comes from its defaults file's api)
M.chess = M.chess or {}
M.chess.pgn = require "stratagem.pgn"

M.data = data
M.prefs = require "stratagem.prefs"
M.clock = core.clock
M.sleep = core.sleep
M.isatty = core.isatty
M.methods = methods

return M
