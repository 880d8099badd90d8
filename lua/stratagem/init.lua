-- stratagem: the Lua half of the module: options checked against each game's defaults,
-- search defaults, save and load.  The C half is stratagem.core.
local core = require "stratagem.core"
local data = require "stratagem.data"

local M = {}
M.version = core.version
M.paths = core.paths() or {}

local fmt = string.format
local methods = core.methods
local defaults_cache_set   -- defined below (sg.define registers a game's defaults)   -- the methods of every game object

local COMMON_OPTIONS = {"position", "rules", "seed", "variant", "weights"}
-- The shared searches that core.search runs; their options come from the schema in C
-- (src/ai/options.c): one descriptor per option, in the manual's order.
local ALGOS = {"alphabeta", "brs", "ismcts", "maxn", "mcts", "paranoid", "pimc", "random"}
local SCHEMA = core.search_schema()
local SCHEMA_BY_NAME = {}
for _, d in ipairs(SCHEMA) do SCHEMA_BY_NAME[d.name] = d end

local function sorted_keys(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = tostring(k) end
  table.sort(ks)
  return ks
end

-- Levenshtein's edit distance between two strings.
local function edits(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur, ca = {[0] = i}, a:byte(i)
    for j = 1, #b do
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca == b:byte(j) and 0 or 1))
    end
    prev = cur
  end
  return prev[#b]
end

-- The valid keys an error names after an unknown key `bad`: all of them when there are few;
-- of a long list (chess has 858 weights) the eight nearest by spelling, and where to read
-- them all (`where`).
local function valid_keys(valid, bad, where)
  if #valid <= 40 then
    return "valid keys: " .. (#valid > 0 and table.concat(valid, ", ") or "none")
  end
  local near = {}
  for i, k in ipairs(valid) do near[i] = {k = k, d = edits(tostring(bad), k)} end
  table.sort(near, function(x, y) return x.d < y.d or (x.d == y.d and x.k < y.k) end)
  local names = {}
  for i = 1, 8 do names[i] = near[i].k end
  return string.format("nearest valid keys: %s; %d in all, listed by %s",
                       table.concat(names, ", "), #valid, where)
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
  msg = msg:gsub("^[%w.]+: ", "", 1)
  fail("%s: %s", prefix, msg)
end

-- sg.games(): the games of moves and turns, every one sg.search plays; sg.games("all"): the
-- word game too (sg.new("wordgrid") makes it; it has no moves to search).  Sorted.
function M.games(which)
  if which ~= nil and which ~= "all" then
    fail("sg.games: expected nothing (the games of moves) or \"all\" (with the word game), " ..
         "got %s", type(which) == "string" and "'" .. which .. "'" or type(which))
  end
  local list = core.games()
  if which == "all" then list[#list + 1] = "wordgrid" end
  table.sort(list)
  return list
end

-- ---- games defined in Lua (sg.define) and the games folders ----

local DEFINE_FIELDS = {
  name = "string", title = "string", players = "integer", start = "function",
  player = "function", moves = "function", play = "function", status = "function",
  eval = "function", position = "function", parse = "function", render = "function",
  svg = "function", weights = "table", max_moves = "integer", search = "table",
  notation = "string", player_names = "table", variants = "table",
}
-- The kinds of a defined game's variant settings (spec.variants[key].type).
local VARIANT_TYPES = {boolean = "boolean", integer = "number", number = "number",
                       string = "string", enum = "string"}
local DEFINE_REQUIRED = {"name", "title", "players", "start", "player", "moves", "play", "status"}
local defined = {}          -- name -> the spec of a game defined in this program
local defining = nil        -- while a games-folder file runs: the names it defines

-- The folders games are looked up in by name: the user's ($XDG_DATA_HOME/stratagem/games,
-- default ~/.local/share/stratagem/games), then the ones shipped with the program (the Lua
-- half's stratagem/games/defined, beside the built-in games' defaults in stratagem/games).
function M.game_folders()
  local folders = {}
  local xdg = os.getenv("XDG_DATA_HOME")
  if not xdg or xdg == "" then
    local home = os.getenv("HOME")
    xdg = home and home ~= "" and home .. "/.local/share" or nil
  end
  if xdg then folders[#folders + 1] = xdg .. "/stratagem/games" end
  if M.paths.lua then folders[#folders + 1] = M.paths.lua .. "/stratagem/games/defined" end
  return folders
end

-- What a variant setting v takes, for messages: "a whole number from 1 to 1000", ...
local function variant_expected(v)
  if v.type == "boolean" then return "true or false" end
  if v.type == "enum" then return "one of '" .. table.concat(v.values, "', '") .. "'" end
  if v.type == "string" then return "a string" end
  local what = v.type == "integer" and "a whole number" or "a number"
  if v.min and v.max then return fmt("%s from %s to %s", what, v.min, v.max) end
  if v.min then return fmt("%s, %s or more", what, v.min) end
  if v.max then return fmt("%s, %s or less", what, v.max) end
  return what
end

-- Whether x is a value of variant setting v (its type, range or choices).
local function variant_ok(v, x)
  if v.type == "integer" and math.type(x) ~= "integer" then return false end
  if type(x) ~= VARIANT_TYPES[v.type] then return false end
  if v.type == "number" and x ~= x then return false end
  if (v.min and x < v.min) or (v.max and x > v.max) then return false end
  if v.type == "enum" then
    for _, c in ipairs(v.values) do if c == x then return true end end
    return false
  end
  return true
end

-- A defined game's variant setting: {type =, default =, doc =, [min =, max =] (numbers),
-- [values =] (enum), [label =]}, each field checked; the message names the setting.
local function check_variant_spec(k, v)
  if type(k) ~= "string" or not k:match("^[%a_][%w_]*$") then
    fail("sg.define: variants: a setting's name must be letters, digits and _, got '%s'",
         tostring(k))
  end
  local function bad(msg, ...) fail("sg.define: variants.%s: " .. msg, k, ...) end
  if type(v) ~= "table" then
    bad("expected a table {type =, default =, doc =}, got %s", type(v))
  end
  local known = {type = true, default = true, doc = true, min = true, max = true, values = true,
                 label = true}
  for f in pairs(v) do
    if not known[f] then
      bad("unknown field '%s' (valid: default, doc, label, max, min, type, values)", tostring(f))
    end
  end
  if not VARIANT_TYPES[v.type] then
    bad("type must be one of boolean, enum, integer, number, string, got %s", tostring(v.type))
  end
  if type(v.doc) ~= "string" or v.doc == "" then
    bad("doc must be a line saying what the setting does, got %s", type(v.doc))
  end
  if v.label ~= nil and type(v.label) ~= "string" then bad("label must be a string") end
  for _, f in ipairs({"min", "max"}) do
    if v[f] ~= nil and (v.type ~= "integer" and v.type ~= "number") then
      bad("%s goes with the types integer and number, not %s", f, v.type)
    end
    if v[f] ~= nil and (type(v[f]) ~= "number" or
                        (v.type == "integer" and math.type(v[f]) ~= "integer")) then
      bad("%s must be %s, got %s", f, v.type == "integer" and "an integer" or "a number",
          tostring(v[f]))
    end
  end
  if v.min and v.max and v.min > v.max then bad("min (%s) is above max (%s)", v.min, v.max) end
  if v.type == "enum" then
    if type(v.values) ~= "table" or #v.values == 0 then
      bad("an enum needs values, a list of the strings it takes")
    end
    for i, c in ipairs(v.values) do
      if type(c) ~= "string" then bad("values[%d] must be a string, got %s", i, type(c)) end
    end
  elseif v.values ~= nil then
    bad("values go with the type enum, not %s", v.type)
  end
  if v.default == nil or not variant_ok(v, v.default) then
    bad("default must be %s, got %s", variant_expected(v), tostring(v.default))
  end
end

local function check_define(spec)
  if type(spec) ~= "table" then
    fail("sg.define: expected a table describing the game, got %s", type(spec))
  end
  local valid = sorted_keys(DEFINE_FIELDS)
  for k, v in pairs(spec) do
    local want = DEFINE_FIELDS[k]
    if not want then
      fail("sg.define: unknown field '%s' (valid fields: %s)", tostring(k), table.concat(valid, ", "))
    end
    if (want == "integer" and math.type(v) ~= "integer") or (want ~= "integer" and type(v) ~= want) then
      fail("sg.define: field '%s' must be a %s, got %s", k, want, math.type(v) or type(v))
    end
  end
  for _, k in ipairs(DEFINE_REQUIRED) do
    if spec[k] == nil then
      fail("sg.define: missing field '%s' (a %s); required: %s", k, DEFINE_FIELDS[k],
           table.concat(DEFINE_REQUIRED, ", "))
    end
  end
  local name = spec.name
  if not name:match("^[%a_][%w_]*$") or #name > 40 then
    fail("sg.define: name '%s' must be 1 to 40 letters, digits and _, not starting with a digit", name)
  end
  if (core.known(name) and not defined[name]) or name == "wordgrid" then
    fail("sg.define: name '%s' is a built-in game; choose another name", name)
  end
  if not defined[name] and (package.searchpath("stratagem." .. name, package.path) or
                            M.paths.modules and package.searchpath(name, M.paths.modules)) then
    fail("sg.define: name '%s' is taken by the module stratagem.%s; choose another name", name, name)
  end
  if spec.players < 1 or spec.players > 8 then
    fail("sg.define: players must be 1 to 8, got %d", spec.players)
  end
  if spec.max_moves and (spec.max_moves < 1 or spec.max_moves > 1 << 20) then
    fail("sg.define: max_moves must be 1 to %d, got %d", 1 << 20, spec.max_moves)
  end
  if (spec.position == nil) ~= (spec.parse == nil) then
    fail("sg.define: fields 'position' and 'parse' go together (a saved game is reloaded " ..
         "from its position text); %s is missing", spec.position and "parse" or "position")
  end
  for k, v in pairs(spec.weights or {}) do
    if type(k) ~= "string" or type(v) ~= "number" then
      fail("sg.define: weights must map names to numbers; '%s' is a %s", tostring(k), type(v))
    end
  end
  for k, v in pairs(spec.variants or {}) do
    check_variant_spec(k, v)
  end
end

-- sg.define(spec): a game whose rules are Lua functions (doc/lua-api.md#sgdefine); returns
-- its name, from then on a game like the built-in ones.
function M.define(spec)
  check_define(spec)
  local name = spec.name
  local two = spec.players == 2
  local algo = two and "alphabeta" or "mcts"
  local d = {
    title = spec.title, notation = spec.notation, players = spec.player_names,
    rules = {}, weights = copy(spec.weights or {}), variant = {}, options = {},
    variant_docs = copy(spec.variants or {}),
    search = copy(spec.search or {algo = algo}),
    play = {seats = {"human", "ai"}, ai = {algo = (spec.search or {}).algo or algo}},
    defined = true, svg = spec.svg,
  }
  for k, v in pairs(spec.variants or {}) do
    d.variant[k] = v.default
    d.variant_docs[k].expected = variant_expected(v)   -- for play --help and serve's page
  end
  -- sg.new has checked each value's type against its default; here its range or choices
  d.setup = function(_, c)
    for k, x in pairs(c.variant) do
      local v = d.variant_docs[k]
      if not variant_ok(v, x) then
        fail("sg.new: variant.%s of %s must be %s, got %s", k, name, variant_expected(v),
             type(x) == "string" and "'" .. x .. "'" or tostring(x))
      end
    end
    return true
  end
  core.define({name = name, players = spec.players, max_moves = spec.max_moves or 256,
               start = spec.start, player = spec.player, moves = spec.moves, play = spec.play,
               status = spec.status, eval = spec.eval, position = spec.position,
               parse = spec.parse, render = spec.render})
  defined[name] = spec
  defaults_cache_set(name, d)
  if defining then defining[#defining + 1] = name end
  return name
end

-- sg.define_file(path): run a file that defines one game; its name, or nil and a message.
function M.define_file(path)
  if type(path) ~= "string" then fail("sg.define_file: expected a file name, got %s", type(path)) end
  local chunk, err = loadfile(path)
  if not chunk then return nil, "sg.define_file: " .. err end
  local outer = defining
  defining = {}
  local ok, perr = pcall(chunk)
  local names = defining
  defining = outer
  if not ok then return nil, fmt("sg.define_file: %s: %s", path, tostring(perr)) end
  if #names ~= 1 then
    return nil, fmt("sg.define_file: %s defines %d games with sg.define; expected one", path, #names)
  end
  return names[1]
end

-- The file of the games folders that defines name (NAME.lua), or nil.
local function game_file(name)
  if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then return nil end
  for _, dir in ipairs(M.game_folders()) do
    local path = dir .. "/" .. name .. ".lua"
    local f = io.open(path, "r")
    if f then
      f:close()
      return path
    end
  end
end

-- A game of the games folders not defined yet: defined now (errors raised as the caller's).
local function autoload(fname, name)
  if core.known(name) then return end
  local path = game_file(name)
  if not path then return end
  local got, err = M.define_file(path)
  if not got then fail("%s: %s", fname, err) end
  if got ~= name then fail("%s: %s defines '%s', not '%s'", fname, path, got, name) end
end

-- sg.known(name): whether name is a game, built in or defined in Lua (a game of the games
-- folders is defined on the way).
function M.known(name)
  if type(name) ~= "string" then return false end
  pcall(autoload, "sg.known", name)
  return core.known(name)
end

-- sg.load_games(): define every game of the games folders not defined yet; returns the
-- names defined and a list of problems (files that failed, each "path: message").
function M.load_games()
  local names, problems, seen = {}, {}, {}
  for _, dir in ipairs(M.game_folders()) do
    local ls = io.popen("ls -1 '" .. dir:gsub("'", "'\\''") .. "' 2>/dev/null")
    for file in (ls and ls:lines() or function() end) do
      local name = file:match("^([%a_][%w_]*)%.lua$")
      if name and not seen[name] then
        seen[name] = true
        if not core.known(name) then
          local got, err = M.define_file(dir .. "/" .. file)
          if got then names[#names + 1] = got else problems[#problems + 1] = err end
        end
      end
    end
    if ls then ls:close() end
  end
  return names, problems
end

local function check_game_name(fname, name)
  if type(name) == "string" then autoload(fname, name) end
  if type(name) ~= "string" then
    fail("%s: the game name must be a string, got %s (known games: %s)", fname, type(name),
         table.concat(M.games(), ", "))
  end
  if not core.known(name) then
    fail("%s: unknown game '%s' (known games: %s)", fname, (name:gsub("%z", "\\0")),
         table.concat(M.games(), ", "))
  end
end

-- The declared properties of a game's class (doc/lua-api.md): name, players {min, max},
-- utility, chance, hidden, hooks, bounds and score_bounds.  A new table each call.
function M.info(name)
  check_game_name("sg.info", name)
  return core.info(name)
end

local defaults_cache = {}
defaults_cache_set = function(name, d)
  defaults_cache[name] = d
  package.loaded["stratagem." .. name] = d
end
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
      fail("sg.new: unknown %s key '%s' for %s (%s)", group, tostring(k), game,
           valid_keys(sorted_keys(defaults or {}), k,
                      string.format("sg.defaults(%q).%s", game, group)))
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
  if name == "wordgrid" then return require("stratagem.wordgrid").new(opts) end   -- not in C
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
  local g, err = call_core("sg.new", core.new, name, c)
  if not g then return nil, err end
  -- a game's defaults file may finish a new game in created(g) (Othello attaches the pattern
  -- weights its evaluation reads)
  if d.created then d.created(g) end
  return g
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

-- g:set_weights(t): a value chosen by name (d.enums) reaches C as its index, as in sg.new;
-- then the game's defaults file may finish the change in created(g), as after sg.new.
local core_set_weights = methods.set_weights
function methods.set_weights(g, t)
  local d = game_defaults(game_name(g))
  if type(t) == "table" and d.enums then
    local c = {}
    for k, v in pairs(t) do
      local names = d.enums[k]
      if names and type(v) == "string" then
        local idx
        for i, nm in ipairs(names) do if nm == v then idx = i - 1 end end
        if not idx then
          fail("set_weights: %s must be one of '%s', got '%s'", k, table.concat(names, "', '"), v)
        end
        v = idx
      end
      c[k] = v
    end
    t = c
  end
  -- C's errors are raised again at the caller's line, not this wrapper's, with the method's
  -- own name and argument number
  local r = table.pack(pcall(core_set_weights, g, t))
  if not r[1] then
    local msg = tostring(r[2]):gsub("^[^\n]-init%.lua:%d+: ", "")
    msg = msg:gsub("^bad argument #2 to '[^']*'", "bad argument #1 to 'set_weights'")
    fail("%s", msg)
  end
  if d.created then d.created(g) end
  return table.unpack(r, 2, r.n)
end

local function is_game(g)
  return getmetatable(g) == GAME_MT
end

-- ---- the schema of search requests ----
-- A descriptor: {name =, type = "integer" | "number" | "boolean" | "margin" | "list" | "enum" |
-- "function" | "table", min =, max =, max_len = (list), values = (enum), default =,
-- default_text =, algos = {...}, unit =, doc =}.  The shared searches' descriptors come from
-- C; a game's own algorithms (d.algos[name].options) and its extra options for the shared
-- searches (d.search_options) are descriptors in the same form, where {name = "hash",
-- shared = true} stands for the shared descriptor of that name.  A bare name (a string) is
-- an option taken without checks (chess, until its search moves onto the shared one).

local function whole_range(lo, hi)
  lo, hi = lo or math.mininteger, hi or math.maxinteger
  if lo == math.mininteger and hi == math.maxinteger then return "an integer" end
  if hi == math.maxinteger then return fmt("a whole number, %d or more", lo) end
  return fmt("a whole number from %d to %d", lo, hi)
end

-- What a descriptor takes, as the end of an error message: the rules of C's
-- options_expected, for the games' descriptors as for the shared ones (t/039-schema.lua checks
-- that both give the same words).
local function expected(d)
  local t, e = d.type
  if t == "integer" then e = whole_range(d.min, d.max)
  elseif t == "number" then
    e = (d.max == nil or d.max == math.huge) and fmt("a number, %.14g or more", d.min or 0)
        or fmt("a number from %.14g to %.14g", d.min or 0, d.max)
  elseif t == "boolean" then e = "true or false"
  elseif t == "margin" then e = "false or " .. whole_range(d.min, d.max)
  elseif t == "list" then
    e = fmt("a list of at most %d whole numbers, each from %d to %d", d.max_len, d.min, d.max)
  elseif t == "enum" then
    local vs = {}
    for i, v in ipairs(d.values) do
      vs[i] = type(v) == "string" and fmt('"%s"', v) or tostring(v)
    end
    e = #vs == 1 and vs[1] or table.concat(vs, ", ", 1, #vs - 1) .. " or " .. vs[#vs]
  elseif t == "function" then e = "a function"
  elseif t == "table" then e = "a table"
  else e = "anything" end
  if d.unit then e = e .. " (" .. d.unit .. ")" end
  return e
end

local function got(v)
  if math.type(v) == "integer" then return fmt("got %d", v) end
  if math.type(v) == "float" then return fmt("got %.14g", v) end
  if type(v) == "string" then return fmt('got the string "%s"', v:sub(1, 40)) end
  return "got " .. type(v)
end

local function as_whole(v)
  if math.type(v) == "float" then return math.tointeger(v) end
  if math.type(v) == "integer" then return v end
  return nil
end

-- What is wrong with v as the value of descriptor d (nil: nothing), and v as it is passed on
-- (a whole float as an integer).
local function value_problem(d, v)
  local t = d.type
  if t == "integer" or t == "margin" then
    if t == "margin" and v == false then return nil, v end
    local i = as_whole(v)
    if i == nil then return got(v) end
    if i < (d.min or math.mininteger) or i > (d.max or math.maxinteger) then
      return fmt("%d is out of range", i)
    end
    return nil, i
  elseif t == "number" then
    if type(v) ~= "number" then return got(v) end
    if not (v >= (d.min or -math.huge) and v <= (d.max or math.huge)) then
      return fmt("%.14g is out of range", v)
    end
  elseif t == "boolean" then
    if type(v) ~= "boolean" then return got(v) end
  elseif t == "list" then
    if type(v) ~= "table" then return got(v) end
    if #v > d.max_len then return fmt("%d entries are too many", #v) end
    for i = 1, #v do
      local x = as_whole(v[i])
      if x == nil or x < d.min or x > d.max then return fmt("entry %d is not in range", i) end
    end
  elseif t == "enum" then
    for _, x in ipairs(d.values) do if x == v then return nil, v end end
    return got(v)
  elseif t == "function" or t == "table" then
    if type(v) ~= t then return got(v) end
  end
  return nil, v
end

local function accepts(d, algo)
  for _, a in ipairs(d.algos or {}) do if a == algo then return true end end
  return false
end

-- blunder, an option of every algorithm (sg.search plays it, not the algorithm): the share
-- of moves played at random instead, each drawn from the search's seed.  A game's levels
-- below its strongest player are made of it where more search stops buying strength.
local BLUNDER = {name = "blunder", type = "number", min = 0, max = 1, default = 0, default_text = "0",
                 doc = "the share of moves played at random instead of the search's (each drawn "
                       .. "with the seed): a weaker player; 0: none"}

-- The descriptors of the options algo takes on a game (defaults d), in the manual's order,
-- "algo" left out; blunder last.
local schema_cache = setmetatable({}, {__mode = "k"})   -- d -> algo -> its descriptors
local function algo_schema(d, algo)
  local per = schema_cache[d]
  if not per then
    per = {}
    schema_cache[d] = per
  end
  if per[algo] then return per[algo] end
  local list = {}
  local function add(e)
    if type(e) == "string" then
      if e ~= "algo" then list[#list + 1] = {name = e} end
    elseif e.shared then
      list[#list + 1] = assert(SCHEMA_BY_NAME[e.name], e.name)
    else
      list[#list + 1] = e
    end
  end
  local own = d.algos and d.algos[algo]
  if own then
    for _, e in ipairs(own.options) do add(e) end
  else
    for _, e in ipairs(SCHEMA) do if accepts(e, algo) then list[#list + 1] = e end end
    for _, e in ipairs(d.search_options or {}) do
      if type(e) == "string" or accepts(e, algo) then add(e) end
    end
  end
  list[#list + 1] = BLUNDER
  -- beside the array: the descriptors by name, and the names in order after "algo"
  local by_name, names = {}, {"algo"}
  for _, e in ipairs(list) do by_name[e.name], names[#names + 1] = e, e.name end
  per[algo] = {list = list, by_name = by_name, names = names}
  return per[algo]
end

-- The algorithms sg.search runs on a game: the shared ones and the game's own, sorted.
local algos_cache = setmetatable({}, {__mode = "k"})   -- d -> {sorted names, set}
local function game_algos(d)
  local c = algos_cache[d]
  if not c then
    local algos = copy(ALGOS)
    for k in pairs(d.algos or {}) do
      if not set_of(ALGOS)[k] then algos[#algos + 1] = k end
    end
    table.sort(algos)
    c = {algos, set_of(algos)}
    algos_cache[d] = c
  end
  return c[1], c[2]
end

local function check_algo(d, algo)
  if type(algo) ~= "string" or not select(2, game_algos(d))[algo] then
    return fmt("unknown algo '%s' (valid: %s)", tostring(algo),
               table.concat(game_algos(d), ", "))
  end
end

-- The options of a request for algo on a game checked against the schema: nil, or the
-- message "OPTION (algo 'X'): what was wrong; expected ...".  schema: the descriptors of
-- the options algo takes (from algo_schema).  A whole float of an integer option becomes an
-- integer in opts.
local function request_problem(d, algo, opts, schema)
  local by_name, names = schema.by_name, schema.names
  local keys = sorted_keys(opts)
  for _, k in ipairs(keys) do
    local e = by_name[k]
    if k ~= "algo" and not e then
      local owners = {}
      for _, a in ipairs(game_algos(d)) do
        if algo_schema(d, a).by_name[k] then owners[#owners + 1] = "'" .. a .. "'" end
      end
      local what = #owners == 0 and "unknown option" or
        fmt("not an option of this algorithm (it belongs to %s)", table.concat(owners, ", "))
      return fmt("%s (algo '%s'): %s; expected one of: %s", tostring(k), algo, what,
                 table.concat(names, ", "))
    end
    if e and e.type then
      local why, v = value_problem(e, opts[k])
      if why then
        return fmt("%s (algo '%s'): %s; expected %s", k, algo, why, expected(e))
      end
      opts[k] = v
    end
  end
end

-- sg.search_options(name [, algo]): the option names sg.search takes for that game and
-- algorithm (default: the game's own default algorithm), sorted.
function M.search_options(name, algo)
  check_game_name("sg.search_options", name)
  local d = game_defaults(name)
  algo = algo or (d.search and d.search.algo) or "alphabeta"
  local bad = check_algo(d, algo)
  if bad then fail("sg.search_options: %s", bad) end
  local keys = copy(algo_schema(d, algo).names)
  table.sort(keys)
  return keys
end

-- sg.search_algos(name): the algorithms sg.search knows for that game (the shared ones and
-- the game's own), sorted.  A shared search that does not fit the game (alpha-beta on four
-- players) is listed, and refused by sg.search with the reason.
function M.search_algos(name)
  check_game_name("sg.search_algos", name)
  return copy((game_algos(game_defaults(name))))
end

-- sg.search_check(name, opts): whether opts (algo included, or the game's default algorithm)
-- is a good request for that game: true, or nil and what is wrong (the message sg.search
-- raises, without its prefix).  Values the schema does not cover (a Star Chess priority
-- table's inside) are checked by the search itself.
function M.search_check(name, opts)
  check_game_name("sg.search_check", name)
  if type(opts) ~= "table" then fail("sg.search_check: options must be a table, got %s", type(opts)) end
  local d = game_defaults(name)
  local algo = opts.algo or (d.search and d.search.algo) or "alphabeta"
  local bad = check_algo(d, algo) or request_problem(d, algo, copy(opts), algo_schema(d, algo))
  if bad then return nil, bad end
  return true
end

-- sg.search_schema([name [, algo]]): descriptors (copies).  Without a game, the shared
-- searches' schema (what C reads); with one, the options algo takes on that game (default:
-- the game's default algorithm), each with `expected`, the words of its error messages.
function M.search_schema(name, algo)
  if name == nil then return copy(SCHEMA) end
  check_game_name("sg.search_schema", name)
  local d = game_defaults(name)
  algo = algo or (d.search and d.search.algo) or "alphabeta"
  local bad = check_algo(d, algo)
  if bad then fail("sg.search_schema: %s", bad) end
  local out = {}
  for i, e in ipairs(algo_schema(d, algo).list) do
    out[i] = copy(e)
    if e.type then out[i].expected = expected(e) end
  end
  return out
end

-- sg.search_table([name]): the schema as a markdown table (doc/manual.md holds the shared
-- one; with a game, the options of its own algorithms and its extra ones).
function M.search_table(name)
  local rows = {"| option | takes | default | algorithms | meaning |",
                "|---|---|---|---|---|"}
  local function row(e, algos)
    rows[#rows + 1] = fmt("| `%s` | %s | %s | %s | %s |", e.name, expected(e):gsub("|", "\\|"),
                          e.default_text or tostring(e.default), algos, e.doc or "")
  end
  if name == nil then
    for _, e in ipairs(SCHEMA) do row(e, table.concat(e.algos, ", ")) end
    row(BLUNDER, "every algorithm (sg.search plays it)")
  else
    check_game_name("sg.search_table", name)
    local d = game_defaults(name)
    for _, e in ipairs(d.search_options or {}) do
      if type(e) == "table" then row(e, table.concat(e.algos, ", ")) end
    end
    local seen = {}   -- a descriptor several algorithms share is one row
    for _, a in ipairs(sorted_keys(d.algos or {})) do
      for _, e in ipairs(d.algos[a].options) do
        if type(e) == "table" and not e.shared and not seen[e] then
          seen[e] = true
          row(e, e.algos and table.concat(e.algos, ", ") or a)
        end
      end
    end
  end
  return table.concat(rows, "\n") .. "\n"
end

-- A number in [0, 1) drawn from a seed (a 64-bit mix of it).
local function seed_unit(seed)
  local x = seed * 0x9E3779B97F4A7C15 ~ 0x632BE59BD9B4E019
  x = (x ~ (x >> 30)) * 0xBF58476D1CE4E5B9
  x = (x ~ (x >> 27)) * 0x94D049BB133111EB
  x = x ~ (x >> 31)
  return (x >> 11) / 2.0 ^ 53
end

-- The seed of a search or playout given none: from the game's seed, yet different at every
-- move of a game.
local function move_seed(g) return g:config().seed * 1000003 + g:ply() end

-- sg.search(g, opts): the game's search defaults merged with opts, checked against the
-- schema of the chosen algorithm, and run.
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
  local bad = check_algo(d, algo)
  if bad then fail("sg.search: %s", bad) end
  local own = d.algos and d.algos[algo]
  local schema = algo_schema(d, algo)
  local valid = schema.by_name
  local s = {}   -- the game's defaults (an algorithm may have its own) the algorithm takes
  for k, v in pairs(own and own.defaults or d.search or {}) do
    if valid[k] then s[k] = copy(v) end
  end
  for k, v in pairs(opts) do s[k] = v end
  s.algo = algo
  bad = request_problem(d, algo, s, schema)   -- checked, and made whole
  if bad then fail("sg.search: %s", bad) end
  local blunder = s.blunder
  s.blunder = nil
  if blunder and blunder > 0 then
    -- this move at random instead, drawn from the seed (the one the search would use)
    local seed = s.seed or move_seed(g)
    if seed_unit(seed) < blunder then
      local r = call_core("sg.search", core.search, g, {algo = "random", seed = seed})
      r.blunder = true
      return r
    end
  end
  if own then   -- an algorithm of the game's own (Star Chess's prediction tree)
    local ok, r = pcall(own.run, g, s)
    if not ok then
      if r == "interrupted!" then error(r, 0) end
      local msg = tostring(r):gsub("^[^\n:]+%.lua:%d+: ", ""):gsub("^sg%.search: ", ""):gsub("^search: ", "")
      fail("sg.search: %s", msg)
    end
    if type(r) == "table" and r.algo == nil then r.algo = algo end
    return r
  end
  if s.seed == nil then s.seed = move_seed(g) end
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
  if seed == nil then seed = move_seed(g) end
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
    start = g:position{start = true, all = true},
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

-- g:svg([opts]): a picture of the position as SVG text (stratagem.svg draws it).
function methods.svg(g, opts)
  return require("stratagem.svg").render(g, opts)
end

-- sg.load(text): the game saved in text, or nil and what is wrong with the text.
function M.load(text)
  if type(text) ~= "string" then
    fail("sg.load: expected the text of a saved game, got %s", type(text))
  end
  local t, err = data.parse(text)
  if t == nil then return nil, "sg.load: not a saved game: " .. (err or "no value") end
  if type(t) ~= "table" then return nil, "sg.load: not a saved game: expected a table" end
  if t.game == "wordgrid" then return require("stratagem.wordgrid").load(t) end
  if t.format ~= SAVE_FORMAT then
    return nil, fmt("sg.load: unknown save format %s (this version reads %d)",
                    tostring(t.format), SAVE_FORMAT)
  end
  if type(t.game) == "string" then pcall(autoload, "sg.load", t.game) end
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
  local text, err = data.read_file(path)
  if not text then return nil, "sg.loadfile: " .. err end
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
-- the word list (sg.dict) and the word game that is not a C class (sg.new("wordgrid"))
M.dict = require "stratagem.words"
M.wordgrid = setmetatable({}, {__index = function(_, k) return require("stratagem.wordgrid")[k] end})
-- the heuristics lab (stratagem.lab: sprt, ...), loaded when first used
M.lab = setmetatable({}, {__index = function(_, k) return require("stratagem.lab")[k] end})
M.clock = core.clock
M.sleep = core.sleep
M.isatty = core.isatty
M.methods = methods

return M
