package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 027-prefs.lua: the player's preferences (sg.prefs): where they live, the round trip, checks
-- on write and on read, a damaged file reported and kept, and stratagem play using them.
local t = require "tap"
local sg = require "stratagem"
local S = t.stratagem

local dir = os.tmpname()
os.remove(dir)
local function read_file(p)
  local f = io.open(p, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end
local function write_file(p, s)
  local f = assert(io.open(p, "wb"))
  f:write(s)
  f:close()
end

-- where: XDG_CONFIG_HOME, else ~/.config; a relative XDG_CONFIG_HOME is ignored (XDG rule)
local out = t.run("XDG_CONFIG_HOME=/x/y " .. S .. " -e 'print(require([[stratagem]]).prefs.path())'")
t.is(out, "/x/y/stratagem/prefs.lua\n", "the file is under XDG_CONFIG_HOME")
out = t.run("env -u XDG_CONFIG_HOME HOME=/home/z " .. S .. " -e 'print(require([[stratagem]]).prefs.path())'")
t.is(out, "/home/z/.config/stratagem/prefs.lua\n", "else under ~/.config")
out = t.run("XDG_CONFIG_HOME=rel HOME=/home/z " .. S .. " -e 'print(require([[stratagem]]).prefs.path())'")
t.is(out, "/home/z/.config/stratagem/prefs.lua\n", "a relative XDG_CONFIG_HOME is ignored")

-- the round trip, in a folder that does not exist yet
local path = dir .. "/deep/stratagem/prefs.lua"
sg.prefs.file = path
t.is_deeply(sg.prefs.get("othello"), {}, "no file: no preferences")
t.ok(sg.prefs.set("othello", {variant = {forfeit_on_illegal = true}, ai = {depth = 3},
                              seats = {"ai", "human"}}), "set writes the file (and its folders)")
t.is_deeply(sg.prefs.get("othello"), {variant = {forfeit_on_illegal = true}, ai = {depth = 3},
                                      seats = {"ai", "human"}}, "get reads them back")
t.ok(sg.prefs.set("tictactoe", {variant = {misere = true}}), "another game's preferences")
t.is(sg.prefs.get("othello").ai.depth, 3, "are added beside the first game's")
local text = read_file(path)
t.like(text, "^%-%- stratagem preferences", "the file says what it is")
t.ok(sg.data.parse(text).format == 1, "and is plain data")
local left = io.popen("ls -a " .. t.q(dir .. "/deep/stratagem")):read("a")
t.is(left, ".\n..\nprefs.lua\n", "no temporary file is left beside it")
t.ok(sg.prefs.set("tictactoe", nil), "set(game, nil) forgets a game")
t.is_deeply(sg.prefs.get("tictactoe"), {}, "which then has none")
t.is(sg.prefs.get("othello").ai.depth, 3, "and the other game keeps its own")

-- checked on write: nothing is written when an entry is wrong
local before = read_file(path)
t.errors(function() sg.prefs.set("othello", {variant = {forfeit = true}}) end,
         "unknown variant key 'forfeit' for othello", "an unknown variant key")
t.errors(function() sg.prefs.set("othello", {ai = {depht = 3}}) end,
         "ai: depht %(algo 'alphabeta'%): unknown option; expected one of: algo, depth,", "a misspelled AI setting")
t.errors(function() sg.prefs.set("othello", {ai = {depth = -1}}) end,
         "ai: depth %(algo 'alphabeta'%): %-1 is out of range; expected a whole number from 0 to 126", "an AI setting out of range")
t.errors(function() sg.prefs.set("othello", {seats = {"ai"}}) end,
         "seats must be an array of 2 entries", "a wrong number of seats")
t.errors(function() sg.prefs.set("othello", {colour = "blue"}) end,
         "unknown key 'colour'", "an unknown key")
t.errors(function() sg.prefs.set("chequers", {}) end, "unknown game 'chequers'", "an unknown game")
t.errors(function() sg.prefs.set(42) end, "expected a game name", "a game that is no name")
t.is(read_file(path), before, "failed sets left the file as it was")

-- checked on read: a damaged file is reported and ignored, never run; kept on the next write
write_file(path, "return {format = 1, games = {}} os.execute('touch " .. dir .. "/ran')")
local p, problem = sg.prefs.get("othello")
t.is_deeply(p, {}, "a damaged file gives no preferences")
t.like(problem, "is damaged %(.*%); it is ignored", "and says so: " .. tostring(problem))
t.is(read_file(dir .. "/ran"), nil, "its code was never run")
local ok, note = sg.prefs.set("othello", {ai = {depth = 2}})
t.ok(ok, "a set over a damaged file succeeds")
t.like(note, "kept in .*prefs%.lua%.bad", "and says where the old text went")
t.like(read_file(path .. ".bad"), "os%.execute", "the damaged text is kept, not lost")
t.is(sg.prefs.get("othello").ai.depth, 2, "the new file is good")
-- one bad entry: the others still count
write_file(path, sg.data.serialize({format = 1, games = {
  othello = {variant = {forfeit_on_illegal = 7}}, tictactoe = {variant = {misere = true}}}}))
p, problem = sg.prefs.get("tictactoe")
t.is(p.variant.misere, true, "a good entry is used beside a bad one")
t.like(problem, "preferences for othello ignored: variant%.forfeit_on_illegal must be a boolean",
       "the bad one is named with what is wrong")
write_file(path, "return {format = 9, games = {}}")
p, problem = sg.prefs.get("othello")
t.like(problem, "not a preferences file of format 1", "an unknown format is ignored")

-- stratagem play reads them, offers to save what the command line changes, and --no-prefs
local env = "XDG_CONFIG_HOME=" .. t.q(dir .. "/play") .. " "
out = t.run(env .. S .. " play othello --variant forfeit_on_illegal=true --seats human,ai",
            "y\nquit\n")
t.like(out, "Save these settings as your preferences for othello", "play offers to save")
t.like(out, "Saved: othello uses them from now on", "and saves on yes")
local saved = sg.data.parse(read_file(dir .. "/play/stratagem/prefs.lua"))
t.is(saved.games.othello.variant.forfeit_on_illegal, true, "the variant is in the file")
out = t.run(env .. S .. " play othello", "a1\nquit\n")
t.ok(not out:find("Save these settings"), "no offer when nothing changed")
t.ok(not out:find("flips no disc") and out:find("white %(AI%) plays"),
     "the saved variant is used: a1 forfeits black's turn and white plays")
out = t.run(env .. S .. " play othello --no-prefs", "a1\nquit\n")
t.like(out, "flips no disc", "--no-prefs: the standard rules refuse a1")
out = t.run(env .. S .. " play othello --depth 2", "n\nquit\n")
t.like(out, "Save these settings", "a changed AI depth is offered")
saved = sg.data.parse(read_file(dir .. "/play/stratagem/prefs.lua"))
t.is(saved.games.othello.ai, nil, "and not saved on no")
out = t.run(env .. S .. " play othello --seats ai,ai --ai depth=1 --save-prefs", "")
t.like(out, "Saved: othello", "--save-prefs saves without asking")
saved = sg.data.parse(read_file(dir .. "/play/stratagem/prefs.lua"))
t.is_deeply(saved.games.othello.seats, {"ai", "ai"}, "seats are saved")
t.is(saved.games.othello.variant.forfeit_on_illegal, true, "earlier choices stay")
write_file(dir .. "/play/stratagem/prefs.lua", "garbage {")
out = t.run(env .. S .. " play othello --seats human,ai", "quit\n")
t.like(out, "note: .*is damaged", "play reports a damaged file and goes on")
local _, err, code = t.run(env .. S .. " play othello --variant forfeit=1", "quit\n")
t.like(err, "unknown variant key 'forfeit'", "a wrong --variant is refused")
t.is(code, 1, "exit 1")

-- stratagem prefs shows and forgets them
write_file(dir .. "/play/stratagem/prefs.lua", sg.data.serialize({format = 1, games = {
  othello = {ai = {depth = 4}}, tictactoe = {variant = {misere = true}}}}))
out = t.run(env .. S .. " prefs othello")
t.like(out, "depth = 4", "stratagem prefs GAME shows that game's")
t.ok(not out:find("misere"), "and only that game's")
out, _, code = t.run(env .. S .. " prefs tictactoe --clear")
t.like(out, "forgot the preferences for tictactoe", "--clear forgets a game's")
out = t.run(env .. S .. " prefs")
t.ok(out:find("depth = 4") and not out:find("misere"), "the others stay")
_, err, code = t.run(env .. S .. " prefs go")
t.like(err, "unknown game 'go'", "an unknown game is named")
t.is(code, 2, "exit 2")


-- a prefs file holding a form feed or a vertical tab (blanks to Lua) is read; a folder where
-- the file should be is reported, and play goes on without preferences
local fdir = os.tmpname()
os.remove(fdir)
os.execute("mkdir -p " .. t.q(fdir .. "/stratagem"))
write_file(fdir .. "/stratagem/prefs.lua", "return {\f format = 1,\v games = {}}\n")
out, err, code = t.run("XDG_CONFIG_HOME=" .. t.q(fdir) .. " " .. S .. " play tictactoe", "quit\n")
t.ok(code == 0 and err == "", "\\f and \\v in the prefs file are blanks: " .. err)
os.remove(fdir .. "/stratagem/prefs.lua")
os.execute("mkdir -p " .. t.q(fdir .. "/stratagem/prefs.lua"))
out, err, code = t.run("XDG_CONFIG_HOME=" .. t.q(fdir) .. " " .. S .. " play tictactoe", "quit\n")
t.is(code, 0, "a folder where the prefs file should be: play goes on")
t.like(out .. err, "prefs.lua cannot be read %(Is a directory%); it is ignored", "with a message")
t.ok(not (out .. err):find("traceback"), "and no traceback")
os.execute("rm -rf " .. t.q(fdir))
os.execute("rm -rf " .. t.q(dir))
t.done()
