package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 015-program.lua: the stratagem program's command line: options, scripts, arg, exit codes.
local t = require "tap"
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
t.done()
