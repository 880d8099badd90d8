-- stratagem.repl: what the interactive prompt does besides running Lua: results shown as
-- readable values, help from the Lua API reference, tab completion, the history file.
local M = {}
local fmt = string.format

local MAX_ITEMS = 30     -- a table shows at most this many entries, then how many more
local INNER_ITEMS = 8    -- a table inside a table shows at most this many values
local WIDTH = 100        -- longer than this, a table is shown one entry a line

local function is_ident(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil
end

local function scalar(v)
  local t = type(v)
  if t == "string" then return fmt("%q", v):gsub("\\\n", "\\n") end
  if t == "number" then
    if math.type(v) == "float" and v == math.floor(v) and math.abs(v) < 1e15 then
      return fmt("%.1f", v)
    end
    return tostring(v)
  end
  if t == "boolean" or t == "nil" then return tostring(v) end
  local mt = getmetatable(v)
  if type(mt) == "table" and mt.__tostring then
    local ok, s = pcall(tostring, v)
    if ok then return s end
  end
  return tostring(v)
end

-- The keys of t in a stable order: the array part first, then the others by name.
local function keys_of(t)
  local n, ks, rest = #t, {}, {}
  for i = 1, n do ks[i] = i end
  for k in pairs(t) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then rest[#rest + 1] = k end
  end
  table.sort(rest, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "string" or ta == "number" then return a < b end
    return tostring(a) < tostring(b)
  end)
  for _, k in ipairs(rest) do ks[#ks + 1] = k end
  return ks, n
end

local function key_text(k, array_n)
  if math.type(k) == "integer" and k >= 1 and k <= array_n then return nil end
  if is_ident(k) then return k end
  return "[" .. scalar(k) .. "]"
end

-- A table inside a shown table: its first values on one line, nested tables as {...}.
local function inner(t)
  local ks, n = keys_of(t)
  local parts = {}
  for i, k in ipairs(ks) do
    if i > INNER_ITEMS then
      parts[#parts + 1] = fmt("... (%d in all)", #ks)
      break
    end
    local v = t[k]
    local vs = type(v) == "table" and (next(v) == nil and "{}" or "{...}") or scalar(v)
    local kt = key_text(k, n)
    parts[#parts + 1] = kt and (kt .. " = " .. vs) or vs
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- One value as the prompt shows it: a string as it is, a table one level deep.
function M.show_value(v)
  if type(v) ~= "table" or (getmetatable(v) and getmetatable(v).__tostring) then
    return type(v) == "string" and v or scalar(v)
  end
  local ks, n = keys_of(v)
  if #ks == 0 then return "{}" end
  local parts = {}
  for i, k in ipairs(ks) do
    if i > MAX_ITEMS then
      parts[#parts + 1] = fmt("... (%d more)", #ks - MAX_ITEMS)
      break
    end
    local x = v[k]
    local vs = type(x) == "table" and inner(x) or scalar(x)
    local kt = key_text(k, n)
    parts[#parts + 1] = kt and (kt .. " = " .. vs) or vs
  end
  local one = "{" .. table.concat(parts, ", ") .. "}"
  if #one <= WIDTH then return one end
  if n == #ks then   -- an array: as many values a line as fit
    local lines, line = {}, ""
    for i, part in ipairs(parts) do
      local piece = part .. (i < #parts and "," or "")
      if line ~= "" and #line + 1 + #piece > WIDTH - 4 then
        lines[#lines + 1] = line
        line = piece
      else
        line = line == "" and piece or (line .. " " .. piece)
      end
    end
    lines[#lines + 1] = line
    return "{\n  " .. table.concat(lines, "\n  ") .. "\n}"
  end
  return "{\n  " .. table.concat(parts, ",\n  ") .. "\n}"
end

-- The prompt's results, each as show_value gives it, separated by tabs as print does.
function M.show(...)
  local out = {}
  for i = 1, select("#", ...) do out[i] = M.show_value((select(i, ...))) end
  io.write(table.concat(out, "\t"), "\n")
  io.flush()
end

-- ---- help ----

M.INTRO = [[
This is Lua 5.4 with the stratagem module in the global sg.  To begin:
  sg.games()                          the games
  g = sg.new("othello")               a game (sg.new(name, {seed =, variant =, ...}))
  g                                   its board
  g:moves()  g:play("d3")  g:undo()   moves
  r = sg.search(g, {depth = 6})       ask the computer; r.move, r.score, r.pv
  g:play(r.move)
help(f) shows the reference of a function (help(sg.search), help(g.play)); help "name" looks a
name up (help "sg.new").  exit, quit or Ctrl-D leave; Ctrl-C stops a running search, which
returns the best it found so far (marked stopped = "interrupted").  Tab completes names.
The reference is doc/lua-api.md; the manual, doc/manual.md.]]

-- The name of a function of the module or a game method, by looking for it.
local function name_of(f)
  local sg = require "stratagem"
  for k, v in pairs(type(sg.methods) == "table" and sg.methods or {}) do
    if v == f then return "g:" .. k end
  end
  for k, v in pairs(sg) do
    if v == f then return "sg." .. k end
  end
  for k, v in pairs(sg) do
    if type(v) == "table" then
      for k2, v2 in pairs(v) do
        if v2 == f then return "sg." .. k .. "." .. k2 end
      end
    end
  end
  local ok, g = pcall(sg.new, "tictactoe")
  if ok and g then
    local mt = getmetatable(g)
    local idx = type(mt) == "table" and mt.__index
    if type(idx) == "table" then
      for k, v in pairs(idx) do
        if v == f then return "g:" .. k end
      end
    end
  end
  return nil
end

-- The section of the Lua API reference about name ("sg.search", "g:play"): its lines up to
-- the next heading, at most max of them.
function M.reference(name, max)
  local sg = require "stratagem"
  local dir = (sg.paths and sg.paths.doc) or "doc"
  local f = io.open(dir .. "/lua-api.md", "r")
  if not f then return nil, "the Lua API reference (lua-api.md) is not in " .. dir end
  local text = f:read("a")
  f:close()
  local out, inside, level = {}, false, nil
  for line in (text .. "\n"):gmatch("(.-)\n") do
    local hashes, title = line:match("^(#+)%s+(.-)%s*$")
    if inside then
      if hashes and #hashes <= level then break end
      out[#out + 1] = line
    elseif hashes and (title == name or title == "`" .. name .. "`" or
                       title:match("^`?" .. name:gsub("%p", "%%%0") .. "[%s%(`]")) then
      inside, level = true, #hashes
      out[#out + 1] = line
    end
  end
  if #out == 0 then
    -- a bullet of a section of several functions: "- `sg.prefs.get(game) -> ..."
    for line in (text .. "\n"):gmatch("(.-)\n") do
      if #out > 0 then
        if line:match("^%- ") or line:match("^#") or line == "" then break end
        out[#out + 1] = line
      elseif line:find("- `" .. name, 1, true) == 1 then
        out[1] = line
      end
    end
  end
  if #out == 0 then return nil, "no entry for " .. name .. " in " .. dir .. "/lua-api.md" end
  while out[#out] == "" do out[#out] = nil end
  max = max or 40
  if #out > max then
    for i = #out, max + 1, -1 do out[i] = nil end
    out[#out + 1] = fmt("... (the rest in %s/lua-api.md)", dir)
  end
  return table.concat(out, "\n")
end

-- ---- Markdown for a terminal ----

local BOLD, UNDERLINE, RESET = "\27[1m", "\27[1;4m", "\27[0m"

-- Colour (ANSI attributes) when standard output is a terminal and NO_COLOR is unset or empty.
function M.colour()
  local no = os.getenv("NO_COLOR")
  local ok, isatty = pcall(function() return require("stratagem.core").isatty(1) end)
  return ok and isatty and (no == nil or no == "")
end

-- The width of text on the screen: UTF-8 characters, ANSI attributes not counted.
local function width(s)
  s = s:gsub("\27%[[%d;]*m", "")
  return utf8.len(s) or #s
end

-- One line's inline Markdown: `code` without its backticks, **bold**, *emphasis* as plain
-- text, [text](url) as text (url) ([text](#section) as text), <url> as url, backslash
-- escapes; nothing inside code spans is changed.
local function inline(line, colour)
  local out, i = {}, 1
  local function prose(s)
    s = s:gsub("%[([^%]]*)%]%(([^%)%s]+)%)", function(text, url)
      if text == url or url:sub(1, 1) == "#" then return text end   -- a section: its name
      return text .. " (" .. url .. ")"
    end)
    s = s:gsub("<(%a[%w+.-]*://[^>%s]+)>", "%1")
    s = s:gsub("%*%*(.-)%*%*", colour and (BOLD .. "%1" .. RESET) or "%1")
    s = s:gsub("%f[%w*]%*([^%s*][^*]-)%*%f[^%w*]", "%1")   -- *emphasis*, not a * b
    return (s:gsub("\\([%p])", "%1"))
  end
  while i <= #line do
    local a, b, ticks = line:find("(`+)", i)
    if not a then break end
    local c, d = line:find(ticks, b + 1, true)
    if not c then break end
    out[#out + 1] = prose(line:sub(i, a - 1))
    local code = line:sub(b + 1, c - 1)
    if #ticks > 1 then code = code:gsub("^ (.-) $", "%1") end
    out[#out + 1] = code
    i = d + 1
  end
  out[#out + 1] = prose(line:sub(i))
  return table.concat(out)
end

-- A table row's cells: split at | outside code spans and not escaped.
local function cells(row)
  row = row:gsub("^%s*|", ""):gsub("|%s*$", "")
  local list, cur, code, i = {}, {}, false, 1
  while i <= #row do
    local ch = row:sub(i, i)
    if ch == "\\" and row:sub(i + 1, i + 1) == "|" then
      cur[#cur + 1] = "|"
      i = i + 1
    elseif ch == "`" then
      code = not code
      cur[#cur + 1] = ch
    elseif ch == "|" and not code then
      list[#list + 1] = table.concat(cur)
      cur = {}
    else
      cur[#cur + 1] = ch
    end
    i = i + 1
  end
  list[#list + 1] = table.concat(cur)
  for k, c in ipairs(list) do list[k] = c:match("^%s*(.-)%s*$") end
  return list
end

-- A Markdown table's rows as aligned columns, a line of dashes under the header.
local function table_lines(rows, colour, out)
  local grid, widths = {}, {}
  for _, row in ipairs(rows) do
    if not row:match("^[%s|:%-]+$") then
      local r = cells(row)
      for k, c in ipairs(r) do
        r[k] = inline(c, colour)
        widths[k] = math.max(widths[k] or 0, width(r[k]))
      end
      grid[#grid + 1] = r
    end
  end
  for n, r in ipairs(grid) do
    local parts = {}
    for k = 1, #widths do
      local c = r[k] or ""
      parts[k] = k < #widths and (c .. string.rep(" ", widths[k] - width(c))) or c
    end
    out[#out + 1] = "  " .. table.concat(parts, "  ")
    if n == 1 and #grid > 1 then
      local dashes = {}
      for k = 1, #widths do dashes[k] = string.rep("-", widths[k]) end
      out[#out + 1] = "  " .. table.concat(dashes, "  ")
    end
  end
end

-- Markdown (the Lua API reference's) as a terminal shows it: headings bold and underlined
-- with colour, else underlined with dashes; code blocks indented, without their fences;
-- bullets kept; tables aligned.  colour defaults to M.colour().
function M.render_markdown(text, colour)
  if colour == nil then colour = M.colour() end
  local out, rows, fenced = {}, nil, false
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if rows and not line:match("^%s*|") then
      table_lines(rows, colour, out)
      rows = nil
    end
    if line:match("^%s*```") then
      fenced = not fenced
    elseif fenced then
      out[#out + 1] = "    " .. line
    elseif line:match("^%s*|") then
      rows = rows or {}
      rows[#rows + 1] = line
    else
      local title = line:match("^#+%s+(.-)%s*#*%s*$")
      if title then
        title = inline(title, false)
        if colour then
          out[#out + 1] = UNDERLINE .. title .. RESET
        else
          out[#out + 1] = title
          out[#out + 1] = string.rep("-", width(title))
        end
      else
        out[#out + 1] = inline(line, colour)
      end
    end
  end
  if rows then table_lines(rows, colour, out) end
  return (table.concat(out, "\n"):gsub("\n$", ""))
end

-- help, help(f), help("sg.new"): what the prompt offers, or a function's reference.
function M.help(x)
  if x == nil then
    print(M.INTRO)
    return
  end
  local name = type(x) == "string" and x or name_of(x)
  if not name then
    if type(x) == "table" then
      local ks = {}
      for k in pairs(x) do ks[#ks + 1] = tostring(k) end
      table.sort(ks)
      print("a table with the fields: " .. table.concat(ks, ", "))
    else
      print(fmt("no help for a %s that is not a function of the module (try help(sg.search))",
                type(x)))
    end
    return
  end
  name = name:gsub("^g%.", "g:")
  local text, err = M.reference(name)
  print(text and M.render_markdown(text) or err)
end

-- ---- tab completion ----

local KEYWORDS = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function",
                  "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then",
                  "true", "until", "while", "help", "exit", "quit"}

-- The names a table (or a value with an __index table) offers.
local function fields(v, methods_only)
  local names, seen = {}, {}
  local function add(k, val)
    if is_ident(k) and not seen[k] and (not methods_only or type(val) == "function") then
      seen[k] = true
      names[#names + 1] = k
    end
  end
  if type(v) == "table" then
    for k, val in pairs(v) do add(k, val) end
  end
  local mt = type(v) == "string" and {__index = string} or getmetatable(v)
  local idx = type(mt) == "table" and rawget(mt, "__index")
  if type(idx) == "table" then
    for k, val in pairs(idx) do add(k, val) end
  elseif type(v) == "userdata" then
    -- a game: the methods every game has, then its own (its defaults file's methods)
    local sg = require "stratagem"
    local ok, name = pcall(function() return v:game() end)
    if ok and type(sg.methods) == "table" then
      for k, val in pairs(sg.methods) do add(k, val) end
      local mok, mod = pcall(require, "stratagem." .. tostring(name))
      if mok and type(mod) == "table" and type(mod.methods) == "table" then
        for k, val in pairs(mod.methods) do add(k, val) end
      end
    end
  end
  return names
end

-- The completions of text ("sg.sea", "g:pl", "pri"): whole words as they would be typed.
function M.complete(text, env)
  env = env or _G
  local path, sep, last = text:match("^(.-)([%.:])([%w_]*)$")
  local base, names
  if not path then
    if not text:match("^[%a_][%w_]*$") and text ~= "" then return {} end
    names = fields(env)
    for _, k in ipairs(KEYWORDS) do names[#names + 1] = k end
    last, path = text, nil
  else
    base = env
    for seg in (path .. "."):gmatch("([^%.]*)%.") do
      if not is_ident(seg) then return {} end
      local ok, v = pcall(function() return base[seg] end)
      if not ok or v == nil then return {} end
      base = v
    end
    names = fields(base, sep == ":")
  end
  local out, prefix = {}, path and (path .. sep) or ""
  for _, k in ipairs(names) do
    if k:sub(1, #last) == last then out[#out + 1] = prefix .. k end
  end
  table.sort(out)
  return out
end

-- ---- history ----

-- The history file: $XDG_STATE_HOME/stratagem/history (else ~/.local/state/stratagem/history),
-- its folder made; nil when neither variable is set or the folder cannot be made.
function M.history_path()
  local dir = require("stratagem.data").xdg_dir("state")
  if not dir or not require("stratagem.core").mkdir(dir) then return nil end
  return dir .. "/history"
end

return M
