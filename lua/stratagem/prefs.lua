-- stratagem.prefs: the player's preferred variants and AI settings per game, kept in
-- $XDG_CONFIG_HOME/stratagem/prefs.lua (default ~/.config/stratagem/prefs.lua).  The file is
-- plain data: it is read by the data parser, never run, every entry is checked against the
-- game before use, and it is written atomically (a temporary file flushed and renamed into
-- place), so an interrupted write never loses the old preferences.
local core = require "stratagem.core"
local data = require "stratagem.data"

local M = {}
local fmt = string.format
local FORMAT = 1
local ENTRY_KEYS = {"ai", "rules", "seats", "variant", "weights"}

local function sg() return require "stratagem" end   -- loaded after stratagem itself

local function copy(v)
  if type(v) ~= "table" then return v end
  local t = {}
  for k, x in pairs(v) do t[k] = copy(x) end
  return t
end

-- sg.prefs.file: set it to keep the preferences in another file (scripts, tests).
M.file = nil

-- The file's path, or nil and why there is none.
function M.path()
  if M.file ~= nil then
    if type(M.file) ~= "string" then
      error("sg.prefs.file must be a file name or nil, got " .. type(M.file), 0)
    end
    return M.file
  end
  local dir = require("stratagem.data").xdg_dir("config")
  if dir then return dir .. "/prefs.lua" end
  return nil, "neither XDG_CONFIG_HOME nor HOME is set, so there is no place for preferences"
end

-- Check one game's entry; nil when it is good, else what is wrong with it.
local function entry_problem(game, e)
  local S = sg()
  local known = false
  for _, n in ipairs(S.games()) do known = known or n == game end
  known = known or S.known(game)
  if not known then return fmt("unknown game '%s'", tostring(game)) end
  if type(e) ~= "table" then return "expected a table of settings, got " .. type(e) end
  local validkeys = {}
  for _, k in ipairs(ENTRY_KEYS) do validkeys[k] = true end
  for k in pairs(e) do
    if not validkeys[k] then
      return fmt("unknown key '%s' (valid keys: %s)", tostring(k), table.concat(ENTRY_KEYS, ", "))
    end
  end
  for _, k in ipairs({"variant", "rules", "weights", "ai"}) do
    if e[k] ~= nil and type(e[k]) ~= "table" then
      return fmt("%s must be a table, got %s", k, type(e[k]))
    end
  end
  local ok, g, err = pcall(S.new, game, {variant = e.variant, rules = e.rules, weights = e.weights})
  if not ok then return (tostring(g):gsub("^.-sg%.new: ", "")) end
  if not g then return err end
  if e.seats ~= nil then
    if type(e.seats) ~= "table" or #e.seats ~= g:players() then
      return fmt("seats must be an array of %d entries, 'human' or 'ai'", g:players())
    end
    for k, s in pairs(e.seats) do
      if math.type(k) ~= "integer" or (s ~= "human" and s ~= "ai") then
        return fmt("seats must be an array of %d entries, 'human' or 'ai'", g:players())
      end
    end
  end
  if e.ai ~= nil then   -- checked against the schema of the search options, not by running one
    local valid, why = S.search_check(game, e.ai)
    if not valid then return "ai: " .. why end
  end
  return nil
end

-- Read the file: the table of games' entries that passed their checks, and a list of the
-- problems met (a damaged file or entry is reported there and ignored, never run).
function M.read()
  local path, why = M.path()
  if not path then return {}, {why} end
  local f = io.open(path, "rb")
  if not f then return {}, {} end   -- no preferences yet
  local text, rerr = f:read("a")
  f:close()
  if type(text) ~= "string" then   -- a folder where the file should be, an I/O error
    return {}, {fmt("%s cannot be read (%s); it is ignored", path, tostring(rerr))}
  end
  local t, err = data.parse(text)
  if t == nil and err then
    return {}, {fmt("%s is damaged (%s); it is ignored", path, err)}
  end
  if type(t) ~= "table" or t.format ~= FORMAT or type(t.games) ~= "table" then
    return {}, {fmt("%s is not a preferences file of format %d; it is ignored", path, FORMAT)}
  end
  local games, problems = {}, {}
  for game, e in pairs(t.games) do
    local p = entry_problem(game, e)
    if p then
      problems[#problems + 1] = fmt("%s: preferences for %s ignored: %s", path, tostring(game), p)
    else
      games[game] = e
    end
  end
  table.sort(problems)
  return games, problems
end

-- sg.prefs.get(game): that game's preferences (a table, empty when none), and a message when
-- the file had problems.
function M.get(game)
  if type(game) ~= "string" then
    error("sg.prefs.get: expected a game name, got " .. type(game), 2)
  end
  local games, problems = M.read()
  return copy(games[game] or {}), problems[1] and table.concat(problems, "\n") or nil
end

-- sg.prefs.set(game, entry): save entry (variant, rules, weights, ai, seats) as that game's
-- preferences, or forget them with entry = nil.  Misuse raises; true, or nil and a message
-- when the file cannot be written.  A damaged file is kept beside as prefs.lua.bad.
function M.set(game, entry)
  if type(game) ~= "string" then
    error("sg.prefs.set: expected a game name, got " .. type(game), 2)
  end
  if entry ~= nil then
    local p = entry_problem(game, entry)
    if p then error("sg.prefs.set: " .. game .. ": " .. p, 2) end
  else
    local S = sg()
    local known = false
    for _, n in ipairs(S.games()) do known = known or n == game end
    known = known or S.known(game)
    if not known then error(fmt("sg.prefs.set: unknown game '%s'", game), 2) end
  end
  local path, why = M.path()
  if not path then return nil, "sg.prefs.set: " .. why end
  local games, problems = M.read()
  if #problems > 0 then   -- keep what could not be read rather than write over it
    local f = io.open(path, "rb")
    if f then
      local old = f:read("a")
      f:close()
      if type(old) ~= "string" then
        return nil, fmt("sg.prefs.set: %s cannot be read or replaced (a folder?)", path)
      end
      local ok, err = data.write_file(path .. ".bad", old)
      if not ok then return nil, "sg.prefs.set: " .. err end
    end
  end
  games[game] = copy(entry)
  local dir = path:match("^(.*)/[^/]*$")
  if dir and dir ~= "" then
    local ok, err = core.mkdir(dir)
    if not ok then return nil, "sg.prefs.set: " .. err end
  end
  local text = "-- stratagem preferences: written by stratagem (sg.prefs.set, or the offer in\n" ..
               "-- stratagem play); read as plain data, never run.\nreturn " ..
               data.serialize({format = FORMAT, games = games}) .. "\n"
  local ok, err = data.write_file(path, text)
  if not ok then return nil, "sg.prefs.set: " .. err end
  return true, #problems > 0 and ("the damaged preferences were kept in " .. path .. ".bad") or nil
end

return M
