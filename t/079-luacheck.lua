-- 079-luacheck.lua: luacheck (Debian's lua-check) finds nothing in the Lua of the source tree:
-- lua/, scenarios/, the Lua tests, the fuzz target's Lua and the lab's files in doc/, with the
-- top-level .luacheckrc (the Lua side's counterpart of -Wall -Wextra).  Skipped where luacheck
-- is not installed.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"

local SRC = t.srcdir:find("^/") and t.srcdir or os.getenv("PWD") .. "/" .. t.srcdir
local TREES = "lua scenarios t/*.lua t/fuzz/*.lua doc/*.lua"

if not os.execute("command -v luacheck >/dev/null 2>&1") then
  t.skip("luacheck not installed (Debian package lua-check)", 3)
  t.done()
end

local function luacheck(dir, files)
  return t.run("cd " .. t.q(dir) .. " && luacheck --no-color --codes -q --config " ..
               t.q(SRC .. "/.luacheckrc") .. " " .. files)
end

-- the check can fail: the same configuration reports an accidental global, an unused variable
-- and a shadowing that hides the outer value (outside t/)
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
local f = assert(io.open(dir .. "/bad.lua", "w"))
f:write("local function count(list)\n  n = 0\n  local unused, sum = 1, 0\n",
        "  for _, x in ipairs(list) do local sum = x + 1; n = n + sum end\n  return n + sum\nend\n",
        "return count\n")
f:close()
local out, err, code = luacheck(dir, "bad.lua")
local refused = code ~= 0 and out:find("(W111)", 1, true) and out:find("(W211)", 1, true) and
                out:find("(W421)", 1, true)
t.ok(refused, "a file with a global, an unused variable and a shadowing local is refused" ..
     (refused and "" or ": " .. out .. err))
os.remove(dir .. "/bad.lua")
os.remove(dir)

-- the trees themselves: no warning, no error
out, err, code = luacheck(SRC, TREES)
t.is(code, 0, "luacheck " .. TREES .. " exits 0" .. (code ~= 0 and ":\n" .. out .. err or ""))
local files = tonumber(out:match("in (%d+) files"))
t.ok(files and files >= 100 and out:find("Total: 0 warnings / 0 errors in", 1, true),
     "no warnings and no errors in " .. tostring(files) .. " files")
t.done()
