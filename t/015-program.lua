package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 015-program.lua: the stratagem program's command line: options, scripts, arg, exit codes.
local t = require "tap"
local _   -- the results of t.run that a claim does not use
local S = t.q(t.stratagem)

local out, err, code = t.run(S .. " -v")
t.like(out, "^stratagem %d+%.%d+%.%d+ %(Lua 5%.4", "-v prints the version")
t.is(code, 0, "-v exits 0")
out, _, code = t.run(S .. " --help")
t.like(out, "usage: .* %[options%] %[script%.lua %[args%.%.%.%]%]", "--help prints the usage")
t.like(out, "%-e chunk", "and the options")
t.is(code, 0, "--help exits 0")
out, err, code = t.run(S .. " --frobnicate")
t.like(err, "unknown option '%-%-frobnicate'", "an unknown option is named")
t.is(code, 2, "and exits 2")
_, err, code = t.run(S .. " -e")
t.like(err, "'%-e' needs an argument", "-e without a chunk")
t.is(code, 2, "exits 2")

-- -e and its arguments
out, _, code = t.run(S .. [[ -e 'print(#arg, arg[1], arg[2])' one two]])
t.is(out, "2\tone\ttwo\n", "words after -e fill arg[1..] and are not run")
t.is(code, 0, "exit 0")
out = t.run(S .. [[ -e 'x = 6' -e 'print(x * 7)']])
t.is(out, "42\n", "several -e chunks run in order")
out = t.run(S .. [[ -e 'print(require("stratagem").version == require("stratagem.core").version)']])
t.is(out, "true\n", "the stratagem module is preloaded for chunks")
_, err, code = t.run(S .. [[ -e 'error("boom")']])
t.like(err, "boom", "an error in a chunk is reported")
t.is(code, 1, "and exits 1")
_, err, code = t.run(S .. [[ -e 'x = = 1']])
t.like(err, "unexpected symbol", "a syntax error is reported")
t.is(code, 1, "and exits 1")

-- scripts
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir " .. t.q(dir))
local script = dir .. "/s.lua"
local f = assert(io.open(script, "w"))
f:write([[
local sg = require "stratagem"
print(arg[0]:match("s%.lua$") ~= nil, arg[1], arg[2], #arg, select("#", ...))
print(sg.new("tictactoe"):perft(2))
]])
f:close()
out, err, code = t.run(S .. " " .. t.q(script) .. " a b")
t.is(out, "true\ta\tb\t2\t2\n72\n", "a script gets arg and its ... arguments")
t.is(code, 0, "exit 0")
-- from another working directory
out, _, code = t.run("cd / && " .. S .. " " .. t.q(script) .. " x")
t.is(out, "true\tx\tnil\t1\t1\n72\n", "it runs from any working directory")
local bad = dir .. "/bad.lua"
f = assert(io.open(bad, "w"))
f:write("local g = require('stratagem').new('tictactoe')\ng:play('q7')\n")
f:close()
_, err, code = t.run(S .. " " .. t.q(bad))
t.like(err, "bad%.lua:2: malformed move 'q7'", "a script error names the file, line and reason")
t.like(err, "stack traceback", "with a traceback")
t.is(code, 1, "and exits 1")
_, err, code = t.run(S .. " " .. t.q(dir .. "/none.lua"))
t.like(err, "cannot open", "a missing script is reported")
t.is(code, 1, "and exits 1")

-- standard input as a script, and -i
out, _, code = t.run(S .. " -", "print(1 + 1)\n")
t.is(out, "2\n", "'-' runs standard input as a script")
out, _, code = t.run(S .. " -i " .. t.q(script), "print(sg.version ~= nil)\n")
t.like(out, "72\ntrue\n$", "-i runs the script, then the REPL on standard input (a pipe)")
t.is(code, 0, "exit 0")
out = t.run(S .. [[ -i -e 'y = 5']], "y * 2\n")
t.is(out, "10\n", "-i after -e keeps the chunk's globals")

-- the Lua files are found from the build tree; STRATAGEM_LUADIR overrides
out = t.run(S .. [[ -e 'print(package.searchpath("stratagem", package.path) ~= nil)']])
t.is(out, "true\n", "the Lua half of the module is found")
out, err = t.run("STRATAGEM_LUADIR=" .. t.q(dir) .. " " .. S .. [[ -e 'require "stratagem.cli"']])
t.like(err, "module 'stratagem.cli' not found", "STRATAGEM_LUADIR decides where the Lua files are")
os.execute("rm -rf " .. t.q(dir))
-- Ctrl-C reaches a loop inside a coroutine; a second Ctrl-C ends a program that swallowed the
-- first (as the standalone lua does)
local function sigint_run(chunk, waits)
  local c = "sh -c " .. t.q(S .. " -e " .. t.q(chunk) .. " & pid=$!; " .. waits ..
                           " kill -0 $pid 2>/dev/null && { echo alive; kill -9 $pid; }; wait $pid")
  return t.run(c)
end
local so, se = sigint_run("local co = coroutine.wrap(function() while true do end end); co()",
                          "sleep 0.5; kill -INT $pid; sleep 0.5;")
t.ok(not so:find("alive") and se:find("interrupted!", 1, true),
     "Ctrl-C stops a loop inside a coroutine")
so = sigint_run("while true do pcall(function() while true do end end) end",
                "sleep 0.5; kill -INT $pid; sleep 0.3; kill -INT $pid; sleep 0.5;")
t.ok(not so:find("alive"), "a second Ctrl-C ends a program that caught the first")

-- a piped REPL line of any length
local long = "print(#'" .. string.rep("x", 10000) .. "')\n"
so = t.run(S, long)
t.is(so, "10000\n", "a REPL line of 10,000 bytes is read whole")

-- scenarios run in a sandbox with budgets: an endless loop and a memory hog end with a message
local tmp = os.tmpname()
local function scen(text)
  local f = assert(io.open(tmp, "wb"))
  f:write(text)
  f:close()
  return t.run("timeout 60 " .. S .. " play starchess " .. t.q(tmp), "quit\n")
end
local _, e1, c1 = scen("return (function() while true do end end)()\n")
t.ok(c1 ~= 0 and c1 ~= 124 and e1:find("ran more than 200 million instructions", 1, true),
     "a scenario that never ends is stopped with a message: " .. e1)
local _, e2, c2 = scen("local t = {} for i = 1, 1e9 do t[i] = {i} end return t\n")
t.ok(c2 ~= 0 and c2 ~= 124 and e2:find("used more than 256 MB of memory", 1, true),
     "a scenario that fills the memory is stopped with a message: " .. e2)
local _, e3, c3 = scen("return {turn = 1, x = os.exit(3)}\n")
t.ok(c3 ~= 3 and e3:find("attempt to index a nil value", 1, true) ~= nil,
     "a scenario sees no os: " .. e3)
local _, e4, c4 = scen("local x = 1\n")
t.ok(c4 ~= 0 and e4:find("returned nothing; expected a table", 1, true) ~= nil,
     "a scenario that returns nothing is refused with a message: " .. e4)
local data = require "stratagem.data"
f = assert(io.open(tmp, "wb"))
f:write("return 42\n")
f:close()
local sv, serr = data.run_scenario(tmp)
t.ok(sv == nil and serr:find("returned number; expected a table", 1, true) ~= nil,
     "data.run_scenario: a number is no scenario: " .. tostring(serr))
-- the memory budget is the allocator's: one operation cannot go past it between two checks
-- (s .. s doubles in one instruction; 25 doublings are 32 MB against a budget of 1 MB)
local function run_scen(text, mem)
  local fh = assert(io.open(tmp, "wb"))
  fh:write(text)
  fh:close()
  local old = data.SCENARIO_MEMORY
  data.SCENARIO_MEMORY = mem or old
  local v, err = data.run_scenario(tmp)
  data.SCENARIO_MEMORY = old
  return v, err
end
local dv, derr = run_scen("local s = 'x' for i = 1, 25 do s = s .. s end return {n = #s}\n",
                          1024 * 1024)
t.ok(dv == nil and derr:find("used more than 1 MB of memory", 1, true),
     "string doubling is stopped at the memory budget: " .. tostring(derr))
dv, derr = run_scen("local t = {} for i = 1, 1e6 do t[i] = i end return {n = #t}\n", 1024 * 1024)
t.ok(dv == nil and derr:find("used more than 1 MB of memory", 1, true),
     "so is a growing table: " .. tostring(derr))
-- strings have no methods: no rep to allocate, no pattern matching to run inside one C call
for _, src in ipairs{"local s = ('x'):rep(1e9) return {}", "local s = ('a'):rep(30) " ..
                     "return {s:find('.-.-.-.-b')}", "return {('x'):len()}"} do
  dv, derr = run_scen(src .. "\n")
  t.ok(dv == nil and derr:find("strings have no methods in a scenario", 1, true),
       "string methods are out of a scenario's reach: " .. tostring(derr))
end
-- the result is data, copied out of the scenario's own state
dv = run_scen("local k = {x = 1, 'a'} return {a = k, b = k, n = 2^53, i = 7, f = 0.5, s = 'z\\0y', " ..
              "t = true, [3] = {{{}}}}\n")
t.ok(dv and dv.a == dv.b and dv.a.x == 1 and dv.a[1] == "a" and math.type(dv.i) == "integer" and
     dv.f == 0.5 and dv.s == "z\0y" and dv.t == true and type(dv[3][1][1]) == "table",
     "a scenario's table is copied whole, shared tables kept shared")
dv, derr = run_scen("return {units = {{side = 'red', act = function() end}}}\n")
t.ok(dv == nil and derr:find("it holds a function, and a scenario is data", 1, true),
     "a function in the result is refused: " .. tostring(derr))
dv, derr = run_scen("local t = {} local c = t for i = 1, 500 do c[1] = {} c = c[1] end return t\n")
t.ok(dv == nil and derr:find("nested more than 200 deep", 1, true),
     "tables nested too deep are refused: " .. tostring(derr))
dv, derr = run_scen("return {print ~= nil, string ~= nil, _G ~= nil, load ~= nil}\n")
t.ok(dv and dv[1] == false and dv[2] == false and dv[3] == false and dv[4] == false,
     "a scenario's globals are empty")
os.remove(tmp)

-- files that never end or are too big are refused, not read into memory
local lg, lerr = require("stratagem").loadfile("/dev/zero")
t.ok(lg == nil and lerr:find("larger than 256 MB", 1, true), "sg.loadfile('/dev/zero'): refused")

t.done()
