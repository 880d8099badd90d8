-- tap.lua: a small TAP producer for the Lua tests: plan, ok, is, isnt, like, errors, diag.
local M = {}

local run, failed, planned = 0, 0, nil

-- The first caller outside this file: the test's line.
local function where()
  for level = 2, 20 do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if info.currentline > 0 and not info.short_src:find("tap%.lua$") then
      return info.short_src .. ":" .. info.currentline
    end
  end
  return "?"
end

local function report(pass, desc, ...)
  run = run + 1
  -- one line: a description that quotes a program's output keeps it on the result's line (a
  -- line of it beginning "ok" would be read as another result)
  desc = tostring(desc or ""):gsub("\r?\n", " / ")
  io.write(pass and "ok " or "not ok ", run, " - ", desc, "\n")
  if not pass then
    failed = failed + 1
    io.write("#   Failed test at ", where(), "\n")
    for _, line in ipairs({...}) do io.write("#   ", line, "\n") end
  end
  io.stdout:flush()
  return pass
end

function M.plan(n)
  planned = n
  io.write("1..", n, "\n")
end

function M.ok(cond, desc)
  return report(not not cond, desc)
end

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

function M.is(got, want, desc)
  return report(got == want, desc, "     got: " .. show(got), "expected: " .. show(want))
end

function M.isnt(got, want, desc)
  return report(got ~= want, desc, "     got: " .. show(got), "expected anything else")
end

-- got is a string matching the Lua pattern
function M.like(got, pattern, desc)
  return report(type(got) == "string" and got:find(pattern) ~= nil, desc,
                "     got: " .. show(got), "expected to match: " .. show(pattern))
end

-- f(...) raises an error whose message matches pattern (plain text when plain is true)
function M.errors(f, pattern, desc, plain)
  local ok, err = pcall(f)
  if ok then return report(false, desc, "expected an error matching " .. show(pattern), "but none was raised") end
  err = tostring(err)
  return report(err:find(pattern, 1, plain) ~= nil, desc, "   error: " .. show(err),
                "expected to match: " .. show(pattern))
end

-- deep comparison of plain tables
local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
M.same = same

function M.is_deeply(got, want, desc)
  local data = require "stratagem.data"
  local okg, sg = pcall(data.serialize, got)
  local okw, sw = pcall(data.serialize, want)
  return report(same(got, want), desc, "     got: " .. (okg and sg or tostring(got)),
                "expected: " .. (okw and sw or tostring(want)))
end

-- n tests (default 1) skipped, with the reason (a TAP SKIP directive)
function M.skip(reason, n)
  for _ = 1, n or 1 do
    run = run + 1
    io.write("ok ", run, " # SKIP ", reason, "\n")
  end
  io.stdout:flush()
end

function M.diag(msg)
  io.write("# ", tostring(msg):gsub("\n", "\n# "), "\n")
end

function M.done()
  if not planned then io.write("1..", run, "\n") end
  io.stdout:flush()
  if failed > 0 or (planned and planned ~= run) then os.exit(1) end
  os.exit(0)
end

-- The program under test, and the source folder (set by make check; defaults for a manual run).
M.stratagem = os.getenv("STRATAGEM") or "./stratagem"
if not M.stratagem:find("^/") then M.stratagem = os.getenv("PWD") .. "/" .. M.stratagem end
M.srcdir = os.getenv("SRCDIR") or "."

-- How much slower than usual the program runs (a ThreadSanitizer build: TEST_TIME_FACTOR=10):
-- tests that wait for something scale their waits by it.
M.slow = tonumber(os.getenv("TEST_TIME_FACTOR") or "") or 1

-- Run a shell command; its stdout, stderr and exit code.
function M.run(cmd, input)
  local out, err = os.tmpname(), os.tmpname()
  local inp
  if input then
    inp = os.tmpname()
    local f = assert(io.open(inp, "wb"))
    f:write(input)
    f:close()
  end
  local full = string.format("%s <%s >%s 2>%s", cmd, inp or "/dev/null", out, err)
  local _, _, code = os.execute(full)
  local function slurp(p)
    local f = io.open(p, "rb")
    local s = f and f:read("a") or ""
    if f then f:close() end
    os.remove(p)
    return s
  end
  if inp then os.remove(inp) end
  return slurp(out), slurp(err), code
end

-- Quote a word for the shell.
function M.q(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

return M
