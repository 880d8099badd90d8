package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 075-browser.lua: the replay pages (a short chess game, a long Star Chess game: its last frame
-- rebuilt, its move list not cut off and following the move) and the page of stratagem serve in
-- a real browser (its start page, games played by clicks, the page at 420 px, an expired game):
-- headless
-- Chromium driven by Selenium (t/browser.py, which prints the checks).  Skipped with a message
-- when Chromium, ChromeDriver or Python's selenium is absent (Debian: chromium chromium-driver
-- python3-selenium; .ci/run installs them).
local t = require "tap"
local sg = require "stratagem"
local core = require "stratagem.core"
local http = require "stratagem.http"

local function skip_all(why)
  print("1..0 # SKIP " .. why)
  os.exit(0)
end

if not http.available then skip_all("built without libmicrohttpd, so there is no server") end
local chromium = os.getenv("CHROMIUM") or "/usr/bin/chromium"
local driver = os.getenv("CHROMEDRIVER") or "/usr/bin/chromedriver"
local python = os.getenv("PYTHON3") or "/usr/bin/python3"
for _, f in ipairs({chromium, driver, python}) do
  local h = io.open(f, "rb")
  if not h then
    skip_all(f .. " is absent (apt-get install chromium chromium-driver python3-selenium)")
  end
  h:close()
end
if not os.execute(python .. " -c 'import selenium' 2>/dev/null") then
  skip_all(python .. " has no selenium module (apt-get install python3-selenium)")
end

-- a replay page of a short chess game
local dir = os.tmpname()
os.remove(dir)
assert(core.mkdir(dir))
local g = sg.new("chess")
for _, m in ipairs({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) do g:play(m) end
local save = dir .. "/game.sav"
assert(g:save(save))
local replay = dir .. "/game.html"
local _, err, rc = t.run(("%s replay %s -o %s"):format(t.stratagem, save, replay))
if rc ~= 0 then
  print("1..1\nnot ok 1 - stratagem replay made the page\n# " .. err)
  os.exit(1)
end

-- and of a long Star Chess game (the computer's planner for 100 full turns), with its last
-- position's picture to compare the page's last frame with
local sc = sg.new("starchess", {seed = 1, rules = {max_turns = 100}})
while sc:status() == "playing" do
  for _, c in ipairs(sg.starchess.plan(sc)) do sc:play(c) end
end
assert(sc:save(dir .. "/star.sav"))
local star = dir .. "/star.html"
_, err, rc = t.run(("%s replay %s -o %s"):format(t.stratagem, dir .. "/star.sav", star))
if rc ~= 0 then
  print("1..1\nnot ok 1 - stratagem replay made the Star Chess page\n# " .. err)
  os.exit(1)
end
local f = assert(io.open(dir .. "/star.svg", "w"))
f:write(sc:svg{size = 480, all = true})
f:close()

local srv = assert(core.spawn({t.stratagem, "serve", "--port", "0", "--quiet"}, {stderr = "null"}))
local first = srv:recv(10 * t.slow)
local port = first and first:match("http://127%.0%.0%.1:(%d+)/")
if not port then
  print("1..1\nnot ok 1 - serve printed its address\n# got " .. tostring(first))
  os.exit(1)
end
-- and one whose games expire after 0.01 minutes (0.6 s), for the page's "expired" message
local srv2 = assert(core.spawn({t.stratagem, "serve", "--port", "0", "--quiet", "--expire", "0.01"},
                               {stderr = "null"}))
local port2 = (srv2:recv(10 * t.slow) or ""):match("http://127%.0%.0%.1:(%d+)/")
local shots = os.getenv("SHOT_DIR") or dir
-- two words on the word game's grid of seed 1, as its solver finds them (the page is given them)
local found = sg.new("wordgrid", {seed = 1}):solve()
local ok = os.execute(("%s %s/t/browser.py http://127.0.0.1:%s/ %s %s %s %s http://127.0.0.1:%s/ %s"):format(
                      python, t.srcdir, port, replay, shots, star, dir .. "/star.svg", tostring(port2),
                      found[1] .. "," .. found[2]))
os.execute("kill -INT " .. srv:pid())
srv:close()
os.execute("kill -INT " .. srv2:pid())
srv2:close()
if not os.getenv("SHOT_DIR") then os.execute("rm -rf " .. dir) end
os.exit(ok and 0 or 1)
