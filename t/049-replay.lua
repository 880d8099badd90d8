-- 049-replay.lua: stratagem replay: a saved game as one self-contained HTML page: a frame per
-- position (each the difference from the one before, so a long game's page is small), the
-- move list, buttons and keys, no external reference, the script not broken by what the
-- frames hold; Star Chess with its charts (each empire in its board colour); a damaged or
-- missing file refused.  When node is installed the page's script is run against a small
-- stand-in for the browser's document (and rebuilds every frame of a long game); the page in
-- a real browser is t/075-browser.lua's.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"
local replay = require "stratagem.replay"
local S = t.q(t.stratagem)
local fmt = string.format

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))

-- the frames are differences, one a line in the list `diffs`
local function frames_of(html)
  local body = html:match("const diffs = %[(.-)%];\n")
  local n = 0
  for _ in (body or ""):gmatch("%[[^\n]*%],?\n?") do n = n + 1 end
  return n, body
end

-- chess: three moves, four frames
local g = sg.new("chess")
for _, m in ipairs({"e4", "e5", "Nf3"}) do g:play(m) end
assert(g:save(dir .. "/c.sav"))
local html = replay.html(g)
t.like(html, "^<!DOCTYPE html>", "a whole page")
t.is(frames_of(html), 4, "a frame per position: the start and after each move")
local items = 0
for _ in html:gmatch('<li><a href="#" data%-ply="%d+">') do items = items + 1 end
t.is(items, 3, "the move list")
t.ok(not html:find('src="http') and not html:find('href="http') and not html:find("<link"),
     "no external reference")
local _, scripts = html:gsub("</script>", "")
t.is(scripts, 1, "one script, not closed early by a frame")
t.like(html, "ArrowLeft.-ArrowRight.-Home.-End", "the arrow keys, Home and End")
t.is(replay.html(g), html, "the same game, the same page")
t.is(g:ply(), 3, "the game is unchanged")

-- what a frame holds stays inside its JavaScript string
t.is(replay.js_string('a</script>"\\\n'), '"a<\\/script>\\"\\\\\\n"',
     "a frame's </script>, quotes, backslashes and line breaks escaped")

-- the command: to a file and to standard output
local out, err, code = t.run(S .. " replay " .. t.q(dir .. "/c.sav") .. " -o " .. t.q(dir .. "/c.html"))
t.ok(code == 0 and err:find("replay of 3 moves written to"), "stratagem replay -o FILE")
t.is(assert(io.open(dir .. "/c.html")):read("a"), html, "the page written is the page made")
out, _, code = t.run(S .. " replay " .. t.q(dir .. "/c.sav"))
t.ok(code == 0 and out == html, "without -o: to standard output")
-- a PGN file's last game
assert(sg.chess.pgn.save(dir .. "/g.pgn", {g}))
out, _, code = t.run(S .. " replay " .. t.q(dir .. "/g.pgn"))
t.ok(code == 0 and frames_of(out) == 4, "a PGN file: its last game")

-- Star Chess: the empires' charts
local sc = sg.new("starchess", {seed = 2})
for i = 1, 30 do
  if sc:status() ~= "playing" then break end
  sc:play(sg.search(sc, {algo = "random", seed = i}).move)
end
local sh = replay.html(sc)
t.is(frames_of(sh), #sc:history() + 1, "Star Chess: a frame per command")
t.like(sh, '<div class="charts"><svg.-ships per turn.-</svg>%s*<svg.-colonies per turn', "and its charts")
-- each empire's colour in the charts is its colour on the board (the legend's squares)
local board_colours, chart_colours = {}, {}
for c in sc:svg{all = true}:gmatch('<rect class="legend" fill="(#%x+)"') do
  board_colours[#board_colours + 1] = c
end
local ships_chart = sh:match('<div class="charts">(<svg.-</svg>)')
for c in ships_chart:gmatch('<polyline class="series" fill="none" stroke="(#%x+)"') do
  chart_colours[#chart_colours + 1] = c
end
t.is(#board_colours, 4, "the board's legend: four empires")
t.is(table.concat(chart_colours, " "), table.concat(board_colours, " "),
     "the charts draw empires 1-4 in their colours on the board")

-- a long Star Chess game (the computer's planner for 100 full turns): the page is small,
-- its frames differences of the one before (whole, its frames made some 27 MB for a game of
-- 500 turns, 10 times more than the bound here)
local long = sg.new("starchess", {seed = 1, rules = {max_turns = 100}})
while long:status() == "playing" do
  for _, c in ipairs(sg.starchess.plan(long)) do long:play(c) end
end
local lh = replay.html(long)
local whole, pics = 0, {}
do
  local w = long:copy()
  while w:ply() > 0 do w:undo() end
  local moves = long:history()
  for ply = 0, #moves do
    if ply > 0 then w:play(moves[ply]) end
    pics[#pics + 1] = w:svg{size = 480, all = true}
    whole = whole + #pics[#pics]
  end
end
t.is(frames_of(lh), #long:history() + 1, "a long Star Chess game: a frame per command")
t.ok(#lh * 10 < whole, fmt("its page (%d bytes) is under a tenth of its frames whole (%d bytes)",
                           #lh, whole))

-- bad input
local _, e1, c1 = t.run(S .. " replay " .. t.q(dir .. "/missing.sav"))
t.ok(c1 == 1 and e1:find("missing%.sav"), "a missing file: its name, exit 1")
local f = assert(io.open(dir .. "/bad.sav", "w"))
f:write("return {game = 'chess', moves = {'e4', 'Ke8'}}\n")
f:close()
_, e1, c1 = t.run(S .. " replay " .. t.q(dir .. "/bad.sav"))
t.ok(c1 == 1 and e1:find("replay: ") and not e1:find("traceback"), "a damaged save: the loader's message, exit 1: " .. e1)
_, e1, c1 = t.run(S .. " replay")
t.ok(c1 == 2 and e1:find("which saved game"), "no file: usage, exit 2")
_, e1, c1 = t.run(S .. " replay x.sav --size 5")
t.ok(c1 == 2 and e1:find("%-%-size needs a whole number of pixels from 100 to 4000, got '5'"),
     "a bad --size refused")

-- the page's script against a stand-in document
if os.execute("command -v node >/dev/null 2>&1") then
  local js = dir .. "/dom.js"
  local w = assert(io.open(js, "w"))
  w:write([[
const fs = require('fs');
const html = fs.readFileSync(process.argv[2], 'utf8');
const script = html.match(/<script>([\s\S]*)<\/script>/)[1];
const els = {}; const handlers = {};
const moves = [...html.matchAll(/data-ply="(\d+)"/g)].map(m => ({dataset: {ply: m[1]}, className: ''}));
global.document = {
  getElementById(id) { return els[id] = els[id] || {id, innerHTML: '', textContent: ''}; },
  querySelectorAll() { return moves; },
  addEventListener(ev, f) { handlers[ev] = f; },
};
eval(script);
const out = [els.where.textContent];
handlers.keydown({key: 'ArrowRight'}); out.push(els.where.textContent);
handlers.keydown({key: 'End'}); out.push(els.where.textContent);
els.prev.onclick(); out.push(els.where.textContent);
handlers.keydown({key: 'Home'}); out.push(els.where.textContent);
moves[1].onclick({preventDefault() {}}); out.push(els.where.textContent + ' ' + moves[1].className);
out.push(els.board.innerHTML.length > 0 ? 'board' : 'no board');
console.log(out.join('|'));
]])
  w:close()
  local r = t.run("node " .. t.q(js) .. " " .. t.q(dir .. "/c.html"))
  t.is(r:gsub("%s+$", ""), "move 0 of 3|move 1 of 3|move 3 of 3|move 2 of 3|move 0 of 3|move 2 of 3 now|board",
       "the script steps with the keys, the buttons and the move list")
  -- the long game's frames as the page's script rebuilds them, each the game's picture
  w = assert(io.open(js, "a"))
  w:write([[
if (process.argv[3]) {
  const want = fs.readFileSync(process.argv[3], 'utf8').split('\0');
  const got = eval(script + '\n;frames');
  let bad = got.length === want.length ? -1 : got.length;
  for (let k = 0; bad < 0 && k < want.length; k++) if (got[k].join('\n') !== want[k]) bad = k;
  console.log(bad < 0 ? 'all ' + want.length + ' frames' : 'frame ' + bad + ' differs');
}
]])
  w:close()
  local f = assert(io.open(dir .. "/long.html", "w"))
  f:write(lh)
  f:close()
  f = assert(io.open(dir .. "/long.frames", "w"))
  f:write(table.concat(pics, "\0"))
  f:close()
  r = t.run("node " .. t.q(js) .. " " .. t.q(dir .. "/long.html") .. " " .. t.q(dir .. "/long.frames"))
  t.is(r:match("[^\n]*\n$"), "all " .. #pics .. " frames\n",
       "the script rebuilds every frame of the long game as it was drawn")
else
  t.skip("node is not installed: the page's script is not run here", 2)
end

os.execute("rm -rf " .. t.q(dir))
t.done()
