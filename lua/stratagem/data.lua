-- stratagem.data: plain data as Lua table text, written deterministically and read back
-- without running it (saved games, preferences): tables, strings, numbers, booleans only.
local M = {}

local fmt = string.format

local function is_ident(s)
  return type(s) == "string" and s:match("^[%a_][%w_]*$") ~= nil and not ({
    ["and"]=1, ["break"]=1, ["do"]=1, ["else"]=1, ["elseif"]=1, ["end"]=1, ["false"]=1,
    ["for"]=1, ["function"]=1, ["goto"]=1, ["if"]=1, ["in"]=1, ["local"]=1, ["nil"]=1,
    ["not"]=1, ["or"]=1, ["repeat"]=1, ["return"]=1, ["then"]=1, ["true"]=1, ["until"]=1,
    ["while"]=1})[s]
end
M.is_ident = is_ident   -- a string that can stand as a table key without brackets

local function write(v, indent, out, seen)
  local t = type(v)
  if t == "string" then
    out[#out + 1] = fmt("%q", v)
  elseif t == "number" then
    if math.type(v) == "integer" then
      out[#out + 1] = fmt("%d", v)
    elseif v ~= v or v == math.huge or v == -math.huge then
      error("data: cannot write the number " .. tostring(v), 0)
    else
      out[#out + 1] = fmt("%.17g", v)
    end
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  elseif t == "table" then
    if seen[v] then error("data: cannot write a table that contains itself", 0) end
    seen[v] = true
    local n = #v
    local keys = {}
    for k in pairs(v) do
      if not (math.type(k) == "integer" and k >= 1 and k <= n) then
        if type(k) ~= "string" and math.type(k) ~= "integer" then
          error("data: cannot write a key of type " .. type(k), 0)
        end
        keys[#keys + 1] = k
      end
    end
    table.sort(keys, function(a, b)
      if type(a) == type(b) then return a < b end
      return type(a) == "number"
    end)
    local inner = indent .. "  "
    local simple = #keys == 0
    for i = 1, n do if type(v[i]) == "table" then simple = false end end
    if simple then   -- a plain array on one line
      out[#out + 1] = "{"
      for i = 1, n do
        if i > 1 then out[#out + 1] = ", " end
        write(v[i], inner, out, seen)
      end
      out[#out + 1] = "}"
    else
      out[#out + 1] = "{\n"
      for i = 1, n do
        out[#out + 1] = inner
        write(v[i], inner, out, seen)
        out[#out + 1] = ",\n"
      end
      for _, k in ipairs(keys) do
        out[#out + 1] = inner
        out[#out + 1] = is_ident(k) and k or fmt("[%s]", type(k) == "string" and fmt("%q", k) or k)
        out[#out + 1] = " = "
        write(v[k], inner, out, seen)
        out[#out + 1] = ",\n"
      end
      out[#out + 1] = indent .. "}"
    end
    seen[v] = nil
  else
    error("data: cannot write a value of type " .. t, 0)
  end
end

-- The text of a value: a Lua constructor that M.parse reads back.
function M.serialize(v)
  local out = {}
  write(v, "", out, {})
  return table.concat(out)
end

-- ---- reading: a small recursive-descent parser for the data subset of Lua ----

local MAXDEPTH = 100

local function parser(text)
  local pos, line = 1, 1
  local p = {}

  local function fail(msg)
    error({msg = fmt("line %d: %s", line, msg)}, 0)
  end

  local function skip()
    while true do
      local s, e = text:find("^[ \t\r\f\v]+", pos)   -- Lua's blanks, newlines apart
      if s then pos = e + 1 end
      local c = text:sub(pos, pos)
      if c == "\n" then
        line, pos = line + 1, pos + 1
      elseif text:sub(pos, pos + 3) == "--[[" then
        local close = text:find("]]", pos + 4, true)
        if not close then fail("unfinished long comment") end
        for _ in text:sub(pos, close):gmatch("\n") do line = line + 1 end
        pos = close + 2
      elseif text:sub(pos, pos + 1) == "--" then
        local nl = text:find("\n", pos, true)
        pos = nl or #text + 1
      elseif not s then
        return
      end
    end
  end

  local function peek()
    skip()
    return text:sub(pos, pos)
  end

  local escapes = {n = "\n", t = "\t", r = "\r", a = "\a", b = "\b", f = "\f", v = "\v",
                   ["\\"] = "\\", ['"'] = '"', ["'"] = "'", ["\n"] = "\n"}

  local function str()
    local q = text:sub(pos, pos)
    pos = pos + 1
    local buf = {}
    while true do
      local c = text:sub(pos, pos)
      if c == "" or c == "\n" then fail("unfinished string") end
      pos = pos + 1
      if c == q then break end
      if c == "\\" then
        local e = text:sub(pos, pos)
        if escapes[e] then
          buf[#buf + 1] = escapes[e]
          if e == "\n" then line = line + 1 end
          pos = pos + 1
        elseif e:match("%d") then
          local d = text:match("^%d%d?%d?", pos)
          local n = tonumber(d)
          if n > 255 then fail("bad escape \\" .. d) end
          buf[#buf + 1] = string.char(n)
          pos = pos + #d
        elseif e == "x" then
          local h = text:match("^%x%x", pos + 1)
          if not h then fail("bad escape \\x") end
          buf[#buf + 1] = string.char(tonumber(h, 16))
          pos = pos + 3
        else
          fail("bad escape \\" .. e)
        end
      else
        buf[#buf + 1] = c
      end
    end
    return table.concat(buf)
  end

  local function number()
    local s = text:match("^-?0[xX]%x+", pos) or
              text:match("^-?%d+%.?%d*[eE][+-]?%d+", pos) or
              text:match("^-?%d+%.?%d*", pos) or text:match("^-?%.%d+", pos)
    if not s then fail("expected a number") end
    pos = pos + #s
    local n = math.tointeger(tonumber(s)) or tonumber(s)
    if not n then fail("bad number '" .. s .. "'") end
    return n
  end

  local value

  local function tbl(depth)
    if depth > MAXDEPTH then fail("tables nested too deep") end
    pos = pos + 1   -- {
    local t, n = {}, 0
    while true do
      local c = peek()
      if c == "}" then pos = pos + 1; return t end
      if c == "" then fail("unfinished table (missing '}')") end
      local key
      if c == "[" then
        pos = pos + 1
        peek()
        key = value(depth + 1)
        if key == nil then fail("a table key cannot be nil") end
        if peek() ~= "]" then fail("expected ']'") end
        pos = pos + 1
        if peek() ~= "=" then fail("expected '=' after ']'") end
        pos = pos + 1
      else
        local id = text:match("^[%a_][%w_]*", pos)
        if id and not is_ident(id) then id = nil end
        if id then
          local save, saveline = pos, line
          pos = pos + #id
          if peek() == "=" and text:sub(pos + 1, pos + 1) ~= "=" then
            pos = pos + 1
            key = id
          else
            pos, line = save, saveline
          end
        end
      end
      peek()
      local v = value(depth + 1)
      if key == nil then
        n = n + 1
        t[n] = v
      else
        if t[key] ~= nil then fail("key '" .. tostring(key) .. "' given twice") end
        t[key] = v
      end
      c = peek()
      if c == "," or c == ";" then
        pos = pos + 1
      elseif c ~= "}" then
        fail("expected ',' or '}' in table")
      end
    end
  end

  function value(depth)
    local c = peek()
    if c == "{" then return tbl(depth) end
    if c == '"' or c == "'" then return str() end
    if c:match("[%d%-%.]") then return number() end
    for word, v in pairs({["true"] = true, ["false"] = false}) do
      if text:match("^" .. word .. "%f[^%w_]", pos) then
        pos = pos + #word
        return v
      end
    end
    if text:match("^nil%f[^%w_]", pos) then pos = pos + 3; return nil end
    if c == "" then fail("unexpected end of text") end
    fail(fmt("unexpected '%s' (only tables, strings, numbers and booleans are read)",
             (text:match("^[^%s]+", pos) or text:sub(pos, pos)):sub(1, 20)))
  end

  function p.document()
    skip()
    if text:match("^return%f[^%w_]", pos) then pos = pos + 6 end
    local v = value(0)
    if peek() == ";" then pos = pos + 1 end
    if peek() ~= "" then fail("unexpected text after the value") end
    return v
  end
  return p
end

-- Read a value written by serialize (optionally after "return"); nil and a message saying
-- where the text is wrong when it is not plain data.
function M.parse(text)
  if type(text) ~= "string" then
    error("data.parse: expected a string of data, got " .. type(text), 2)
  end
  local ok, v = pcall(parser(text).document)
  if ok then return v end
  if type(v) == "table" then return nil, v.msg end
  error(v, 0)
end

-- Read a whole file of at most max bytes (default M.MAX_FILE): its text, or nil and a message
-- (it cannot be opened or read, or it is larger: a device such as /dev/zero never ends).
M.MAX_FILE = 256 * 1024 * 1024
function M.read_file(path, max)
  max = max or M.MAX_FILE
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  -- a regular file says its size: one read, one copy of the text
  local size0 = f:seek("end")
  if size0 and size0 > 0 and f:seek("set") then
    if size0 > max then
      f:close()
      return nil, fmt("%s is larger than %d MB, more than any file this reads", path,
                      max // (1024 * 1024))
    end
    local text, rerr = f:read(size0)
    if text and #text == size0 and f:read(0) == nil then
      f:close()
      return text
    end
    if not text and rerr then
      f:close()
      return nil, fmt("%s cannot be read (%s)", path, tostring(rerr))
    end
    f:seek("set")   -- it changed while read: read it as a stream
  end
  local parts, size = {}, 0
  while true do
    local chunk, rerr = f:read(1 << 20)
    if chunk == nil then
      if rerr then
        f:close()
        return nil, fmt("%s cannot be read (%s)", path, tostring(rerr))
      end
      break
    end
    size = size + #chunk
    if size > max then
      f:close()
      return nil, fmt("%s is larger than %d MB, more than any file this reads", path,
                      max // (1024 * 1024))
    end
    parts[#parts + 1] = chunk
  end
  f:close()
  return table.concat(parts)
end

-- Run a scenario file (a Lua chunk that returns a table) in a sandbox: a Lua state of its own
-- with no library at all (no globals: no os, io, require or load; strings without methods),
-- text only, and budgets of instructions and memory that its allocator enforces (core.sandbox),
-- so that a broken or hostile scenario ends with a message instead of hanging or filling the
-- memory.  The result is copied out as data.  The table it returns, or nil and a message
-- naming the file; Ctrl-C raises "interrupted!".
M.SCENARIO_INSTRUCTIONS = 200 * 1000 * 1000
M.SCENARIO_MEMORY = 256 * 1024 * 1024
function M.run_scenario(path, what)
  what = what or "scenario"
  local text, rerr = M.read_file(path, 16 * 1024 * 1024)
  if not text then return nil, fmt("%s: cannot open %s", what, rerr) end
  local core = require "stratagem.core"
  local v, err, kind = core.sandbox(text, "@" .. path, M.SCENARIO_INSTRUCTIONS,
                                    M.SCENARIO_MEMORY)
  if kind == "interrupted" then error("interrupted!", 0) end
  if kind == "syntax" then return nil, fmt("%s: %s", what, err) end
  if kind == "error" and err:find("attempt to index a string value", 1, true) then
    err = err .. " (strings have no methods in a scenario)"
  end
  if kind then return nil, fmt("%s: %s failed: %s", what, path, err) end
  if type(v) ~= "table" then
    return nil, fmt("%s: %s returned %s; expected a table (return {...})", what, path,
                    v == nil and "nothing" or type(v))
  end
  return v
end

-- Write text to path atomically: a temporary file in the same folder renamed over the old one,
-- so an interrupted write never leaves a half-written file.  true, or nil and a message.
function M.write_file(path, text)
  local ok, core = pcall(require, "stratagem.core")
  if ok and core.write_atomic then   -- flushed to the disk before the rename
    return core.write_atomic(path, text)
  end
  local tmp = path .. ".tmp" .. tostring(os.time()) .. tostring(math.random(1 << 30))
  local f = io.open(tmp, "wb")
  if not f then
    -- say why in terms of the file asked for, not the temporary one
    local probe, perr = io.open(path, "ab")
    if probe then probe:close() end
    return nil, fmt("cannot write %s: %s", path, perr and perr:gsub("^.-: ", "") or
                    "cannot create a file in its folder")
  end
  local wok, werr = f:write(text)
  local cok, cerr = f:close()
  if not wok or not cok then
    os.remove(tmp)
    return nil, fmt("cannot write %s: %s", path, tostring(werr or cerr))
  end
  local rok, rerr = os.rename(tmp, path)
  if not rok then
    os.remove(tmp)
    return nil, fmt("cannot write %s: %s", path, tostring(rerr))
  end
  return true
end

-- The program's folder of one XDG kind ("config", "data" or "state"), by the XDG base
-- directory rule: $XDG_CONFIG_HOME/stratagem (a relative value is ignored), else
-- ~/.config/stratagem (~/.local/share, ~/.local/state); nil and why when neither variable
-- is set.  The folder is not made.
local XDG = {config = {"XDG_CONFIG_HOME", "/.config"}, data = {"XDG_DATA_HOME", "/.local/share"},
             state = {"XDG_STATE_HOME", "/.local/state"}}
function M.xdg_dir(kind)
  local k = assert(XDG[kind], "xdg_dir: kind is config, data or state")
  local xdg = os.getenv(k[1])
  if xdg and xdg:sub(1, 1) == "/" then return xdg .. "/stratagem" end
  local home = os.getenv("HOME")
  if home and home ~= "" then return home .. k[2] .. "/stratagem" end
  return nil, "neither " .. k[1] .. " nor HOME is set"
end

return M
