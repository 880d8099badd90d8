-- .luacheckrc: luacheck (Debian's lua-check) over stratagem's Lua: lua/, scenarios/, the Lua
-- tests t/*.lua and t/fuzz/*.lua and the lab's files in doc/.  `make check` runs it
-- (t/079-luacheck.lua) and fails on any warning; doc/manual.md, section 9, says how to run it.
std = "lua54"

-- No globals of our own: every file gets the module with `local sg = require "stratagem"`
-- (the REPL's global `sg` is made for what is typed there, not for files), the tests their
-- harness with `local t = require "tap"`; scripts see only Lua's own globals (arg among them).

-- `local a, b, c = f()` keeping the values a caller does not use is how a function of several
-- results is read (t.run's out, err, code): only values that are all unused are reported.
unused_secondaries = false

-- STYLE.md sets no line length; the long lines are data (positions, expected counts, messages).
max_line_length = false

ignore = {
  "581",   -- `not (x >= 0)` is how a NaN is refused along with the negatives; kept as written
}

-- A test file is a flat list of claims: its blocks and helpers reuse the short names (g, f, out,
-- err, doc) on purpose, each claim reading what its own block made; shadowing there hides
-- nothing (every case was read when this file was written), so it is not reported in t/.
files["t/"] = {ignore = {"421", "431"}}
