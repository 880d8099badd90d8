-- stratagem.words: sg.dict, the word list of the word games (seed 002, section 9.7): loading a
-- list from a file or a table, and the user dictionary of words the player taught it, kept in
-- $XDG_DATA_HOME/stratagem/words.txt (default ~/.local/share/stratagem/words.txt).  The C half
-- (src/words/dict.c through core.dict) normalises, sorts once, packs and searches.
local core = require "stratagem.core"
local data = require "stratagem.data"

local M = {}
local fmt = string.format

M.DEFAULT_PATH = "/usr/share/dict/american-english"
M.PACKAGE = "wamerican"

-- Misuse: an error blaming the caller's line.
local function fail(msg, ...) error(fmt(msg, ...), 3) end

-- The options table, or nil and what is wrong with it.
local function check_opts(fname, opts)
  if opts == nil then return {} end
  if type(opts) ~= "table" then
    return nil, fmt("%s: options must be a table {packed = true|false}, got %s", fname, type(opts))
  end
  for k in pairs(opts) do
    if k ~= "packed" and k ~= "names" then
      return nil, fmt("%s: unknown option '%s' (valid options: names, packed)", fname, tostring(k))
    end
  end
  for _, k in ipairs({"names", "packed"}) do
    if opts[k] ~= nil and type(opts[k]) ~= "boolean" then
      return nil, fmt("%s: %s must be true or false, got %s", fname, k, type(opts[k]))
    end
  end
  return opts
end

local function packed_of(opts)
  if opts.packed == nil then return true end   -- packed is the default form
  return opts.packed
end

-- sg.dict.normalise(word): the word in lower case a-z, or nil and why it is not a word
-- (3 or more letters, only a-z after case folding, at most 48).
function M.normalise(word)
  if type(word) ~= "string" then fail("sg.dict.normalise: expected a string, got %s", type(word)) end
  local w, why = core.dict.normalise(word)
  if not w then return nil, fmt("'%s' %s", word, why) end
  return w
end

-- sg.dict.load([path], [opts]): the word list of the file (default the Debian list), or nil
-- and a message naming the file (and the package that provides the default one).  The lines
-- that begin with a capital letter (proper nouns and abbreviations: Iowa, GPU, NATO) are left
-- out unless opts.names is true; a word listed both ways (March, march) stays.
function M.load(path, opts)
  if type(path) == "table" and opts == nil then path, opts = nil, path end
  if path ~= nil and type(path) ~= "string" then
    fail("sg.dict.load: expected a file name, got %s", type(path))
  end
  local why
  opts, why = check_opts("sg.dict.load", opts)
  if not opts then fail("%s", why) end
  local file = path or M.DEFAULT_PATH
  local hint = path == nil and fmt("; it comes from the package %s (apt-get install %s), or " ..
                                   "give a word list's path", M.PACKAGE, M.PACKAGE)
                           or (file == M.DEFAULT_PATH and fmt(" (from the package %s)", M.PACKAGE)
                               or "")
  local text, err = data.read_file(file)
  if not text then
    local reason = tostring(err):gsub("^" .. file:gsub("%p", "%%%0") .. ": ", "")
    return nil, fmt("sg.dict.load: cannot read the word list %s (%s)%s", file, reason, hint)
  end
  local d = core.dict.build(text, packed_of(opts), not opts.names)
  if #d == 0 then
    return nil, fmt("sg.dict.load: the word list %s has no words (expected one word a line, " ..
                    "3 or more letters a-z)%s", file, hint)
  end
  return d
end

-- sg.dict.new(words, [opts]): a dictionary of an array of strings (the ones that are not words
-- left out, as when loading a file; capitalised ones are kept, folded, unless opts.names is
-- false).
function M.new(words, opts)
  if type(words) ~= "table" then
    fail("sg.dict.new: expected an array of words, got %s", type(words))
  end
  local why
  opts, why = check_opts("sg.dict.new", opts)
  if not opts then fail("%s", why) end
  local lines = {}
  for i, w in ipairs(words) do
    if type(w) ~= "string" then
      fail("sg.dict.new: word %d must be a string, got %s", i, type(w))
    end
    if not w:find("[\r\n]") then lines[#lines + 1] = w end   -- a line break is not a letter
  end
  return core.dict.build(table.concat(lines, "\n"), packed_of(opts), opts.names == false)
end

-- ---- the user dictionary ----

M.user = {}
M.user.file = nil   -- set it to keep the user's words in another file (scripts, tests)

-- The file's path, or nil and why there is none (the XDG base directory rule, as for prefs).
function M.user.path()
  if M.user.file ~= nil then
    if type(M.user.file) ~= "string" then
      error("sg.dict.user.file must be a file name or nil, got " .. type(M.user.file), 0)
    end
    return M.user.file
  end
  local dir = require("stratagem.data").xdg_dir("data")
  if dir then return dir .. "/words.txt" end
  return nil, "neither XDG_DATA_HOME nor HOME is set, so there is no place for a user dictionary"
end

-- A free name beside path for a damaged file: path.damaged, path.damaged.2, ...
local function aside_name(path)
  local name = path .. ".damaged"
  local i = 1
  while true do
    local f = io.open(name, "rb")
    if not f then return name end
    f:close()
    i = i + 1
    name = fmt("%s.damaged.%d", path, i)
  end
end

-- sg.dict.user.load(): the user's words (a sorted array, no duplicates) and a message or nil.
-- A file with lines that are not words is damaged: it is renamed aside (words.txt.damaged),
-- never written over, and the words it has are returned and written back to the path
-- (atomically, by sg.dict.user.save).  No file: no words, no message.
function M.user.load()
  local path, why = M.user.path()
  if not path then return {}, why end
  local f = io.open(path, "rb")
  if not f then return {} end
  f:close()
  local text, err = data.read_file(path, 16 * 1024 * 1024)
  if not text then return {}, "the user dictionary cannot be read: " .. tostring(err) end
  local words, seen, bad, first_bad = {}, {}, 0, nil
  local n = 0
  for line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    line = line:gsub("\r$", "")
    if line ~= "" and line:sub(1, 1) ~= "#" then
      local w = line:match("^[a-z]+$") and #line >= 3 and #line <= 48 and line
      if w then
        if not seen[w] then seen[w] = true; words[#words + 1] = w end
      else
        bad = bad + 1
        first_bad = first_bad or n
      end
    end
  end
  table.sort(words)
  if bad == 0 then return words end
  local aside = aside_name(path)
  local ok, rerr = os.rename(path, aside)
  if not ok then
    return words, fmt("the user dictionary %s is damaged (%d lines are not words, the first " ..
                      "line %d) and could not be kept aside (%s): it is left as it is", path,
                      bad, first_bad, tostring(rerr))
  end
  local what = fmt("the user dictionary %s was damaged (%d lines are not words of 3 or more " ..
                   "letters a-z, the first line %d): it is kept as %s", path, bad, first_bad,
                   aside)
  -- the good words go back to the usual path, so the next game has them without a save
  local sok, serr = M.user.save(words)
  if not sok then
    return words, fmt("%s; its %d good words are loaded for this game but could not be " ..
                      "written back (%s)", what, #words, tostring(serr))
  end
  return words, fmt("%s, and its %d good words are loaded and written back to %s", what, #words,
                    path)
end

-- sg.dict.user.save(words): write the user's words (an array; normalised, sorted, without
-- duplicates) atomically.  true, or nil and a message.  Misuse (a word that is not one) raises.
function M.user.save(words)
  if type(words) ~= "table" then
    fail("sg.dict.user.save: expected an array of words, got %s", type(words))
  end
  local list, seen = {}, {}
  for i, w in ipairs(words) do
    local nw, why
    if type(w) == "string" then nw, why = core.dict.normalise(w) end
    if not nw then
      fail("sg.dict.user.save: word %d %s", i, type(w) == "string" and
           fmt("'%s' %s", w, why) or "must be a string, got " .. type(w))
    end
    if not seen[nw] then seen[nw] = true; list[#list + 1] = nw end
  end
  table.sort(list)
  local path, why = M.user.path()
  if not path then return nil, "sg.dict.user.save: " .. why end
  local dir = path:match("^(.*)/[^/]*$")
  if dir and dir ~= "" then
    local ok, err = core.mkdir(dir)
    if not ok then return nil, "sg.dict.user.save: " .. tostring(err) end
  end
  local text = "# stratagem user dictionary: words the player taught the word games, one a line\n" ..
               table.concat(list, "\n") .. (#list > 0 and "\n" or "")
  local ok, err = data.write_file(path, text)
  if not ok then return nil, "sg.dict.user.save: " .. tostring(err) end
  return true
end

return M
