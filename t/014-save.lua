package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 014-save.lua: save and load round trips, files written atomically, and the data reader.
local t = require "tap"
local sg = require "stratagem"
local data = sg.data

local g = sg.new("tictactoe", {seed = 9, weights = {two = 33}, variant = {misere = true}})
for m in ("b2 a1 c3"):gmatch("%S+") do g:play(m) end
local text = g:save()
t.like(text, "^%-%- stratagem saved game\nreturn {", "a save is a commented Lua table")
t.like(text, 'game = "tictactoe"', "it names its game")
local h = sg.load(text)
t.ok(h, "the text loads")
t.is(h:position(), g:position(), "same position")
t.is_deeply(h:history(), g:history(), "same history")
t.is_deeply(h:config(), g:config(), "same seed, rules, weights and variant")
t.is(h:save(), text, "saving again gives the same text")
t.is(h:undo(), "c3", "undo works after a load")
t.is(h:player(), 1, "with the right player to move")

-- a game that started from a position
local p = sg.new("tictactoe", {position = "x.o/.../..."})
p:play("b2")
local q = sg.load(p:save())
t.is(q:position(true), "x.o/.../...", "the start position survives")
t.is(q:position(), p:position(), "and the moves after it")

-- files, atomically
local dir = os.tmpname()
os.remove(dir)
assert(os.execute("mkdir " .. t.q(dir)))
local path = dir .. "/game.sav"
t.is(g:save(path), true, "save to a file")
local f = assert(io.open(path))
t.is(f:read("a"), text, "the file holds the save text")
f:close()
local l = sg.loadfile(path)
t.ok(l and l:position() == g:position(), "sg.loadfile reads it back")
g:play("a3")
t.is(g:save(path), true, "saving over the file")
t.is(#sg.loadfile(path):history(), 4, "replaces it")
local leftovers = io.popen("ls " .. t.q(dir)):read("a")
t.is(leftovers, "game.sav\n", "and leaves no temporary file")
local ok, err = g:save(dir .. "/no/such/dir/x.sav")
t.ok(ok == nil and err:find("^save: "), "an unwritable path is nil and a message: " .. tostring(err))
t.is(#sg.loadfile(path):history(), 4, "the old file is untouched by a failed save")
t.errors(function() g:save(42) end, "path must be a string", "a path that is no string")
os.execute("rm -rf " .. t.q(dir))

-- the data reader and writer
local v = {1, 2, "three", {x = true, y = false}, name = "a\n\"b\"", n = -1.5, big = 1 << 40,
           ["not an ident"] = 3, ["end"] = 4}
local s = data.serialize(v)
t.is_deeply(data.parse(s), v, "serialize then parse is the identity")
t.is(data.serialize(data.parse(s)), s, "and writing is deterministic")
t.is_deeply(data.parse("return {a = 1, [2] = 'x', 'y'}"), {a = 1, [2] = "x", [1] = "y"},
            "keys in brackets and positional values")
t.is(data.parse("-- comment\n 0x10 "), 16, "comments and hex numbers")
t.is_deeply(data.parse("return {a = 1,\f b =\v 2}"), {a = 1, b = 2},
            "form feed and vertical tab are blanks, as in Lua")
local pv, pe = data.parse("return {a = \0}")
t.ok(pv == nil and pe:find("line 1: unexpected", 1, true), "a NUL byte: nil and a message")
t.is(data.parse("'\\65\\x42\\n'"), "AB\n", "escapes in strings")
local bad = {"{a = }", "{1, 2", "x", "{f()}", "{a = 1, a = 2}", "'abc", "{[nil] = 1}",
             "return {} extra", ("{"):rep(200) .. ("}"):rep(200), "{a = os.exit}"}
for _, b in ipairs(bad) do
  local r, e = data.parse(b)
  t.ok(r == nil and type(e) == "string" and e:find("^line %d+:"),
       ("malformed data %q is refused: %s"):format(b:sub(1, 30), tostring(e)))
end
t.errors(function() data.serialize({f = print}) end, "cannot write a value of type function",
         "functions cannot be written")
local cyc = {}
cyc.self = cyc
t.errors(function() data.serialize(cyc) end, "contains itself", "cycles cannot be written")

local function slurp(p)
  local f = io.open(p, "rb")
  if not f then return nil end
  local x = f:read("a")
  f:close()
  return x
end

-- atomic writes: through a symlink to its target (the link stays), never through a planted
-- temporary name, and no temporary file left behind
do
  local core = require "stratagem.core"
  local d = os.tmpname()
  os.remove(d)
  os.execute("mkdir -p " .. t.q(d))
  local f = assert(io.open(d .. "/real", "wb")); f:write("old"); f:close()
  os.execute("ln -s " .. t.q(d .. "/real") .. " " .. t.q(d .. "/link"))
  t.ok(core.write_atomic(d .. "/link", "new"), "write through a symlink")
  t.is(slurp(d .. "/real"), "new", "the target holds the new text")
  local lk = io.popen("test -L " .. t.q(d .. "/link") .. " && echo link"):read("a")
  t.is(lk, "link\n", "the symlink is still a symlink")
  -- a trap planted at the old predictable temporary name is left alone
  f = assert(io.open(d .. "/victim", "wb")); f:write("keep"); f:close()
  os.execute("ln -s " .. t.q(d .. "/victim") .. " " .. t.q(d .. "/save.tmp" .. 1))
  t.ok(core.write_atomic(d .. "/save", "data"), "write beside a planted symlink")
  t.is(slurp(d .. "/victim"), "keep", "the planted symlink's target is untouched")
  local left = io.popen("ls " .. t.q(d)):read("a")
  t.is(left, "link\nreal\nsave\nsave.tmp1\nvictim\n", "no temporary file is left behind")
  local dn, de
  os.execute("ln -s " .. t.q(d .. "/nowhere/x") .. " " .. t.q(d .. "/dangling2"))
  dn, de = core.write_atomic(d .. "/dangling2", "x")
  t.ok(dn == nil and de:find("symlink whose target cannot be reached", 1, true),
       "a dangling symlink: refused with a message")
  -- temporary files of a killed write (older than a minute) are removed at the next write;
  -- a fresh one (a write running now) and other names are left alone
  os.execute("touch -d '2 minutes ago' " .. t.q(d .. "/save.tmpAbC123") .. " && touch " ..
             t.q(d .. "/save.tmpXyZ789") .. " " .. t.q(d .. "/other.tmpQqQqQq"))
  t.ok(core.write_atomic(d .. "/save", "again"), "write beside stale temporary files")
  left = io.popen("ls " .. t.q(d)):read("a")
  t.is(left, "dangling2\nlink\nother.tmpQqQqQq\nreal\nsave\nsave.tmp1\nsave.tmpXyZ789\nvictim\n",
       "a killed write's old temporary file is removed, a fresh one and others are kept")
  local nn, ne = core.write_atomic(d .. "/save\0x", "x")
  t.ok(nn == nil and ne:find("NUL", 1, true), "a name with a NUL byte is refused")
  os.execute("rm -rf " .. t.q(d))
end

-- another user's symlink in a folder anyone may write to is not followed (the kernel's
-- protected_symlinks rule); our own link there is.  Needs root, to give a link to nobody.
do
  local core = require "stratagem.core"
  local root = io.popen("id -u"):read("l") == "0"
  local d = os.tmpname()
  os.remove(d)
  os.execute("mkdir -p " .. t.q(d .. "/shared") .. " && chmod 1777 " .. t.q(d .. "/shared"))
  local f = assert(io.open(d .. "/victim", "wb")); f:write("precious"); f:close()
  os.execute("ln -s " .. t.q(d .. "/victim") .. " " .. t.q(d .. "/shared/mine.sav"))
  t.ok(core.write_atomic(d .. "/shared/mine.sav", "saved"), "our own link in a sticky folder: followed")
  t.is(slurp(d .. "/victim"), "saved", "its target holds the text")
  if root and os.execute("ln -s " .. t.q(d .. "/victim") .. " " .. t.q(d .. "/shared/game.sav") ..
                         " && chown -h nobody " .. t.q(d .. "/shared/game.sav") .. " 2>/dev/null") then
    local ok, err = core.write_atomic(d .. "/shared/game.sav", "attack")
    t.ok(ok == nil and err:find("owned by another user", 1, true) and err:find("protected_symlinks", 1, true),
         "another user's link in a sticky folder is refused: " .. tostring(err))
    t.is(slurp(d .. "/victim"), "saved", "and the file it points to is untouched")
    local data = require "stratagem.data"
    local ok2, err2 = data.write_file(d .. "/shared/game.sav", "attack")
    t.ok(ok2 == nil and err2:find("owned by another user", 1, true), "data.write_file says the same")
    -- a chain: our link to nobody's link
    os.execute("ln -s " .. t.q(d .. "/shared/game.sav") .. " " .. t.q(d .. "/chain"))
    local ok3, err3 = core.write_atomic(d .. "/chain", "attack")
    t.ok(ok3 == nil and err3:find("owned by another user", 1, true), "nor through a chain of links")
    t.is(slurp(d .. "/victim"), "saved", "the target is still untouched")
  else
    t.skip("needs root to give a symlink to user nobody", 5)
  end
  os.execute("rm -rf " .. t.q(d))
end

t.done()
