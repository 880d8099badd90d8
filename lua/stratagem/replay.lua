-- stratagem.replay: a saved game as one self-contained HTML page that steps through it: the
-- board after every move (an SVG picture where the game has one, its text diagram otherwise),
-- buttons and the arrow keys, the move list (click a move to go there), and for Star Chess each
-- empire's ships and colonies per turn as small charts.  No network, no external script.
local sg = require "stratagem"
local M = {}
local fmt = string.format

local function esc(s)
  return (tostring(s):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

-- A Lua string as a JavaScript string literal that cannot end the script element.
local function js_string(s)
  s = s:gsub("\\", "\\\\"):gsub('"', '\\"'):gsub("\n", "\\n"):gsub("\r", "\\r")
       :gsub("</", "<\\/"):gsub("\226\128\168", "\\u2028"):gsub("\226\128\169", "\\u2029")
  return '"' .. s .. '"'
end

M.js_string = js_string

-- The picture of a position: the game's SVG when it has one, else its diagram as text.
local function frame(g, size)
  if g.svg then
    local ok, svg = pcall(g.svg, g, {size = size, all = true})
    if ok and type(svg) == "string" then return svg end
  end
  return "<pre>" .. esc(g:diagram(false, sg.info(g:game()).hidden and {all = true} or nil)) .. "</pre>"
end

-- The frames as differences, each from the one before, by lines: a frame is a list of
-- operations on the previous frame's lines: a number n > 0 keeps its next n lines, n < 0
-- leaves out its next -n lines, a string is a new line and {k} the k-th new line of the page
-- again (a line seen before, counted from 0).  The first frame is all new lines.  The page's
-- script rebuilds them (a whole Star Chess game is some 1/20 of its frames' size).
local function split_lines(s)
  local t = {}
  for l in (s .. "\n"):gmatch("(.-)\n") do t[#t + 1] = l end
  return t
end

local function diff(a, b, seen, lines, out)
  local i, j = 1, 1
  local function op(v)
    local last = out[#out]
    if math.type(v) == "integer" and math.type(last) == "integer" and (last > 0) == (v > 0) then
      out[#out] = last + v
    else
      out[#out + 1] = v
    end
  end
  local function new(l)
    local k = seen[l]
    if k then out[#out + 1] = fmt("[%d]", k)
    else
      seen[l] = #lines
      lines[#lines + 1] = l
      out[#out + 1] = js_string(l)
    end
  end
  local LOOK = 40
  while j <= #b do
    if i <= #a and a[i] == b[j] then
      op(1)
      i, j = i + 1, j + 1
    else
      -- the nearest line again in step: b[j] a little further in a, or a[i] further in b
      local skip, add
      for k = i + 1, math.min(#a, i + LOOK) do
        if a[k] == b[j] then skip = k - i break end
      end
      for k = j + 1, math.min(#b, j + LOOK) do
        if b[k] == a[i] then add = k - j break end
      end
      if skip and (not add or skip <= add) then
        op(-skip)
        i = i + skip
      elseif add then
        for k = j, j + add - 1 do new(b[k]) end
        j = j + add
      else
        if i <= #a then op(-1) i = i + 1 end
        new(b[j])
        j = j + 1
      end
    end
  end
  return out
end

-- Star Chess: each empire's ships and colonies at the start of every full turn, as charts,
-- each empire in its colour on the board.
local function empire_charts(game_at)
  local plot = require "stratagem.plot"
  local colours = require("stratagem.svg").STARCHESS_COLOURS
  local players = game_at(0):players()
  local ships, colonies = {}, {}
  for p = 1, players do ships[p], colonies[p] = {}, {} end
  local last_turn = -1
  local ply = 0
  while true do
    local g = game_at(ply)
    if not g then break end
    local turn = g:turn()
    if turn ~= last_turn then
      for p = 1, players do
        local e = g:empire(p)
        ships[p][#ships[p] + 1] = {turn, e.ships}
        colonies[p][#colonies[p] + 1] = {turn, e.colonies}
      end
      last_turn = turn
    end
    ply = ply + 1
  end
  local function series(t)
    local out = {}
    for p = 1, players do out[p] = {name = "player " .. p, points = t[p], colour = colours[p]} end
    return out
  end
  return plot.lines{title = "ships per turn", xlabel = "full turn", ylabel = "ships",
                    series = series(ships)},
         plot.lines{title = "colonies per turn", xlabel = "full turn", ylabel = "colonies",
                    series = series(colonies)}
end

-- M.html(g [, opts]) -> text: the page for game g (its whole history).  opts: title, size
-- (the picture's width, default 480).
function M.html(g, opts)
  opts = opts or {}
  local size = opts.size or 480
  local moves = g:history()
  local start = g:copy()
  while start:ply() > 0 do start:undo() end
  -- the position after each ply, made once, in order
  local cursor, at = start:copy(), 0
  local function game_at(ply)
    if ply > #moves then return nil end
    if ply < at then cursor, at = start:copy(), 0 end
    while at < ply do
      at = at + 1
      cursor:play(moves[at])
    end
    return cursor
  end
  local frames, prev, seen, lines = {}, {}, {}, {}
  for ply = 0, #moves do
    local now = split_lines(frame(game_at(ply), size))
    local ops = {}
    for _, v in ipairs(diff(prev, now, seen, lines, {})) do
      ops[#ops + 1] = type(v) == "number" and tostring(v) or v
    end
    frames[#frames + 1] = "[" .. table.concat(ops, ",") .. "]"
    prev = now
  end
  local charts = ""
  if g:game() == "starchess" then
    local a, b = empire_charts(game_at)
    charts = '<div class="charts">' .. a .. b .. "</div>"
  end
  local status, winner = g:status()
  local result = status == "won" and fmt("won by player %d", winner) or status
  local title = opts.title or fmt("%s: %d moves, %s", g:game(), #moves, result)
  local items = {}
  for i, m in ipairs(moves) do
    items[#items + 1] = fmt('<li><a href="#" data-ply="%d">%s</a></li>', i, esc(m))
  end
  return table.concat({
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    "<title>" .. esc(title) .. "</title>",
    "<style>",
    "body{font-family:sans-serif;margin:1em;color:#222;background:#fff}",
    "#main{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}",
    "#board svg{max-width:100%;height:auto}",
    "#board pre{font-size:13px;background:#f6f6f6;padding:.5em}",
    "#moves{position:relative;max-height:70vh;overflow-y:auto;overflow-x:hidden;" ..
      "min-width:14em;max-width:24em;margin:0;padding:0 1em 0 3.5em;overflow-wrap:anywhere}",
    "#moves a{text-decoration:none;color:#124}#moves a.now{background:#fd6;font-weight:bold}",
    "button{font-size:1em;min-width:3em}.charts svg{max-width:48%;height:auto}",
    "</style></head><body>",
    "<h1>" .. esc(title) .. "</h1>",
    '<div id="main"><div><div id="board"></div>',
    '<p><button id="first" title="start (Home)">|&lt;</button> ' ..
      '<button id="prev" title="back (left arrow)">&lt;</button> ' ..
      '<button id="next" title="on (right arrow)">&gt;</button> ' ..
      '<button id="last" title="end (End)">&gt;|</button> <span id="where"></span></p></div>',
    '<ol id="moves">' .. table.concat(items) .. "</ol></div>",
    charts,
    "<script>",
    "const diffs = [" .. table.concat(frames, ",\n") .. "];",
    "const frames = [], seen = [];",
    "diffs.forEach(function (ops) {",
    "  const last = frames.length ? frames[frames.length - 1] : [], now = [];",
    "  let i = 0;",
    "  ops.forEach(function (op) {",
    "    if (typeof op === 'number') {",
    "      if (op > 0) { for (let k = 0; k < op; k++) now.push(last[i++]); } else i -= op;",
    "    } else if (typeof op === 'string') { seen.push(op); now.push(op); }",
    "    else now.push(seen[op[0]]);",
    "  });",
    "  frames.push(now);",
    "});",
    "let ply = 0;",
    "const links = document.querySelectorAll('#moves a');",
    "function show(p) {",
    "  ply = Math.max(0, Math.min(frames.length - 1, p));",
    "  document.getElementById('board').innerHTML = frames[ply].join('\\n');",
    "  document.getElementById('where').textContent = 'move ' + ply + ' of ' + (frames.length - 1);",
    "  let now = null;",
    "  links.forEach(function (a) {",
    "    a.className = Number(a.dataset.ply) === ply ? 'now' : '';",
    "    if (a.className) now = a;",
    "  });",
    "  // the current move in view inside the list's box (the page itself does not move)",
    "  const box = document.getElementById('moves');",
    "  if (!now) box.scrollTop = 0;",
    "  else if (now.offsetTop < box.scrollTop) box.scrollTop = now.offsetTop;",
    "  else if (now.offsetTop + now.offsetHeight > box.scrollTop + box.clientHeight)",
    "    box.scrollTop = now.offsetTop + now.offsetHeight - box.clientHeight;",
    "}",
    "document.getElementById('first').onclick = function () { show(0); };",
    "document.getElementById('prev').onclick = function () { show(ply - 1); };",
    "document.getElementById('next').onclick = function () { show(ply + 1); };",
    "document.getElementById('last').onclick = function () { show(frames.length - 1); };",
    "links.forEach(function (a) { a.onclick = function (e) { e.preventDefault(); show(Number(a.dataset.ply)); }; });",
    "document.addEventListener('keydown', function (e) {",
    "  if (e.key === 'ArrowLeft') show(ply - 1);",
    "  else if (e.key === 'ArrowRight') show(ply + 1);",
    "  else if (e.key === 'Home') show(0);",
    "  else if (e.key === 'End') show(frames.length - 1);",
    "});",
    "show(0);",
    "</script></body></html>", ""}, "\n")
end

M.USAGE = "stratagem replay SAVEFILE [-o FILE.html] [--size PX] [--title TEXT]"

-- stratagem replay: a saved game (or a PGN file's last game) as an HTML page.
function M.main(...)
  local args, o = {...}, {}
  local i = 1
  local function fail(msg)
    io.stderr:write("stratagem: replay: ", msg, "\nusage: ", M.USAGE, "\n")
    return 2
  end
  while i <= #args do
    local a = args[i]
    if a == "-o" or a == "--out" or a == "--size" or a == "--title" then
      local v = args[i + 1]
      if v == nil then return fail(a .. " needs a value") end
      if a == "--size" then
        o.size = math.tointeger(tonumber(v))
        if not o.size or o.size < 100 or o.size > 4000 then
          return fail("--size needs a whole number of pixels from 100 to 4000, got '" .. v .. "'")
        end
      elseif a == "--title" then o.title = v
      else o.out = v end
      i = i + 2
    elseif a:sub(1, 1) == "-" then
      return fail("unknown option '" .. a .. "'")
    elseif not o.file then
      o.file, i = a, i + 1
    else
      return fail("unexpected '" .. a .. "'")
    end
  end
  if not o.file then return fail("which saved game? (a file written by save or g:save, or PGN)") end
  local g, err
  if o.file:lower():match("%.pgn$") then
    local games, perr = sg.chess.pgn.load(o.file)
    if not games then
      io.stderr:write("stratagem: replay: ", perr, "\n")
      return 1
    end
    if #games == 0 then
      io.stderr:write("stratagem: replay: ", o.file, ": no game in this PGN file\n")
      return 1
    end
    g = games[#games].game
  else
    g, err = sg.loadfile(o.file)
    if not g then
      io.stderr:write("stratagem: replay: ", tostring(err), "\n")
      return 1
    end
  end
  local html = M.html(g, {size = o.size, title = o.title})
  if o.out then
    local ok, werr = sg.data.write_file(o.out, html)
    if not ok then
      io.stderr:write("stratagem: replay: ", tostring(werr), "\n")
      return 1
    end
    io.stderr:write(fmt("replay of %d moves written to %s\n", #g:history(), o.out))
  else
    io.write(html)
  end
  return 0
end

return M
