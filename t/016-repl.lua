package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 016-repl.lua: the REPL driven through a pipe.
local t = require "tap"
local S = t.q(t.stratagem)

local out, err, code = t.run(S, "1 + 2\n'a' .. 'b'\n=3*3\n")
t.is(out, "3\nab\n9\n", "expressions are printed (=expr too)")
t.is(code, 0, "end of input ends the REPL with exit 0")

out = t.run(S, "x = 4\nx\nlocal y = 1\n")
t.is(out, "4\n", "statements print nothing; globals persist between lines")

out = t.run(S, "for i = 1, 3 do\nio.write(i, ' ')\nend\nprint()\nfunction f(a)\nreturn a * 2\nend\nf(21)\n")
t.is(out, "1 2 3 \n42\n", "multi-line statements are read to their end")

out, err = t.run(S, "error('first')\nprint('still here')\nnil + 1\n2\n")
t.like(err, "first", "an error is reported")
t.like(err, "attempt to perform arithmetic on a nil value", "and a runtime error too")
t.is(out, "still here\n2\n", "errors never end the session")

out = t.run(S, "g = sg.new('tictactoe')\ng:play('b2')\n#g:moves()\nsg.search(g).score\n")
t.like(out, "^3  %. %. %.\n2  %. x %.\n", "sg is a global in the REPL; a game prints as its board")
t.like(out, "\n8\n0\n$", "the API works from the REPL")

out, err = t.run(S, "sg.new('tictactoe'):play('zz')\nprint('ok')\n")
t.like(err, "malformed move 'zz'", "a bad move in the REPL is explained")
t.is(out, "ok\n", "and the session goes on")

out, err = t.run(S, "for i = 1,\n")
t.like(err, "unexpected symbol near <eof>", "an unfinished statement at end of input is reported")

out = t.run(S, "print(1, nil, 3)\nreturn 1, 2\n")
t.is(out, "1\tnil\t3\n1\t2\n", "several results are printed")

-- Ctrl-C: SIGINT interrupts running Lua code and returns to the prompt
local cmd = "(printf 'while true do end\\nprint(\"alive\")\\n'; sleep 3) | " .. S ..
            " & pid=$!; sleep 1; kill -INT $pid; wait $pid"
out, err, code = t.run("sh -c " .. t.q(cmd))
t.like(err, "interrupted!", "Ctrl-C interrupts a running loop")
t.is(out, "alive\n", "and the REPL goes on with the next line")
t.is(code, 0, "then ends normally")
-- Ctrl-C while the REPL waits for a line: the line is abandoned, the REPL goes on
cmd = "(sleep 2; printf 'print(\"alive\")\\n') | " .. S ..
      " & pid=$!; sleep 1; kill -INT $pid; wait $pid"
out, err, code = t.run("sh -c " .. t.q(cmd))
t.is(out, "\nalive\n", "Ctrl-C at the prompt does not end the REPL")
t.is(code, 0, "which ends normally at the end of its input")
-- help's Markdown as a terminal shows it (repl.render_markdown), with and without colour
local ok_repl, repl = pcall(require, "stratagem.repl")
if ok_repl then
  local md = table.concat({
    "### sg.thing", "", "Use `sg.thing(a | b)` with ``x`y`` and **care**; *see* [the manual](https://e.x/m)",
    "or [Options](#options); 2 * 3 stays.", "",
    "- a bullet `c`", "  - nested", "",
    "| name | meaning |", "|------|---------|", "| `a` | first |", "| `long\\|x` | second one |", "",
    "```", "local g = sg.new(`x`)  -- **kept**", "```", "after"}, "\n")
  t.is(repl.render_markdown(md, false), table.concat({
    "sg.thing", "--------", "",
    "Use sg.thing(a | b) with x`y and care; see the manual (https://e.x/m)",
    "or Options; 2 * 3 stays.", "",
    "- a bullet c", "  - nested", "",
    "  name    meaning", "  ------  ----------", "  a       first", "  long|x  second one", "",
    "    local g = sg.new(`x`)  -- **kept**", "after"}, "\n"),
    "Markdown for a terminal without colour: headings underlined, code without backticks, " ..
    "links as text (url), bullets kept, tables aligned, code blocks indented")
  local coloured = repl.render_markdown("## Title\n**b** `c`", true)
  t.is(coloured, "\27[1;4mTitle\27[0m\n\27[1mb\27[0m c", "with colour: ANSI bold and underline")
  t.is(repl.render_markdown("| `é` | x |\n|--|--|\n| ab | y |", true),
       "  é   x\n  --  -\n  ab  y", "columns measured in characters, not bytes")
  -- help(f) in the REPL through a pipe: no colour, no Markdown marks
  out = t.run(S, "help(sg.new)\n")
  t.ok(out:find("^sg%.new\n%-%-%-%-%-%-\n") and not out:find("```", 1, true) and
       not out:find("###", 1, true), "help(sg.new) is rendered, without Markdown's marks")
  -- at a terminal (a pseudo-terminal made by script(1)): colour, unless NO_COLOR is set
  if os.execute("command -v script >/dev/null 2>&1") then
    local tty = "timeout " .. 30 * t.slow .. " script -qfc " .. t.q(t.stratagem) .. " /dev/null"
    out = t.run("NO_COLOR= " .. tty, "help(sg.new)\n")
    t.ok(out:find("\27[1;4msg.new\27[0m", 1, true), "at a terminal, the heading bold and underlined")
    out = t.run("NO_COLOR=1 " .. tty, "help(sg.new)\n")
    t.ok(out:find("sg.new", 1, true) and not out:find("\27[1", 1, true),
         "NO_COLOR: no bold or underline even at a terminal")
  else
    t.skip("no script(1) for a pseudo-terminal", 2)
  end
else
  t.skip("stratagem.repl is not on the path", 6)
end
t.done()
