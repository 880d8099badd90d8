package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 047-svg.lua: g:svg for every game (well formed, deterministic, showing what the position
-- holds, bad options refused) and stratagem render.
local t = require "tap"
local sg = require "stratagem"
local S = t.q(t.stratagem)
local fmt = string.format

-- A small XML checker: one root <svg> with xmlns and viewBox, tags balanced and nested,
-- attributes quoted and unique, text with no raw '<' and only known entities, no script.
local function well_formed(doc)
  if doc:find("<script", 1, true) then return false, "a script element" end
  if doc:find("href", 1, true) then return false, "an external reference" end
  local body = doc:gsub("^<%?xml[^?]*%?>%s*", "")
  local stack, roots, pos = {}, 0, 1
  local function text_ok(s)
    if s:find("[<>]") then return false end
    for ent in s:gmatch("&([^;]*);?") do
      if not (ent == "amp" or ent == "lt" or ent == "gt" or ent == "quot" or ent == "#39") then
        return false
      end
    end
    return select(2, s:gsub("&", "")) == select(2, s:gsub("&[%w#]+;", ""))
  end
  while pos <= #body do
    local a, b, close, name, rest, selfclose = body:find("^<(/?)([%a][%w:-]*)(.-)(/?)>", pos)
    if a then
      if close == "/" then
        if rest:match("%S") then return false, "attributes on a closing tag </" .. name .. ">" end
        if stack[#stack] ~= name then
          return false, "</" .. name .. "> closes <" .. tostring(stack[#stack]) .. ">"
        end
        stack[#stack] = nil
      else
        if #stack == 0 then
          roots = roots + 1
          if name ~= "svg" or roots > 1 then return false, "the root is not one <svg>" end
          if not rest:find(' xmlns="http://www.w3.org/2000/svg"', 1, true) then
            return false, "no xmlns"
          end
          if not rest:find(' viewBox="0 0 [%d.]+ [%d.]+"') then return false, "no viewBox" end
        end
        local seen = {}
        local left = rest:gsub('%s+([%a][%w:-]*)="([^"]*)"', function(k, v)
          if seen[k] then seen.dup = k end
          seen[k] = true
          if not text_ok(v) then seen.bad = k end
          return ""
        end)
        if left:match("%S") then return false, "unquoted attribute text '" .. left .. "'" end
        if seen.dup then return false, "attribute " .. seen.dup .. " twice" end
        if seen.bad then return false, "attribute " .. seen.bad .. " not escaped" end
        if selfclose ~= "/" then stack[#stack + 1] = name end
      end
      pos = b + 1
    else
      local c, d = body:find("^[^<]+", pos)
      if not c then return false, "a stray '<' at " .. pos end
      local txt = body:sub(c, d)
      if not text_ok(txt) then return false, "unescaped text '" .. txt .. "'" end
      if #stack == 0 and txt:match("%S") then return false, "text outside the root" end
      pos = d + 1
    end
  end
  if #stack > 0 then return false, "<" .. stack[#stack] .. "> not closed" end
  if roots ~= 1 then return false, "no root" end
  return true
end

-- The number of elements whose class holds every word of `words`.
local function count(doc, words)
  local n = 0
  for cls in doc:gmatch('class="([^"]*)"') do
    local all = true
    for w in words:gmatch("%S+") do
      local found = false
      for c in cls:gmatch("%S+") do found = found or c == w end
      all = all and found
    end
    if all then n = n + 1 end
  end
  return n
end

-- The texts of the text elements.
local function texts(doc)
  local set = {}
  for s in doc:gmatch("<text[^>]*>([^<]*)</text>") do set[s] = true end
  return set
end

-- the checker itself refuses what it should
t.ok(not well_formed('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g></svg>'),
     "checker: an unclosed tag is refused")
t.ok(not well_formed('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>a<b</text></svg>'),
     "checker: a raw '<' in text is refused")
t.ok(not well_formed('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect x=1/></svg>'),
     "checker: an unquoted attribute is refused")
t.ok(not well_formed('<svg viewBox="0 0 1 1"></svg>'), "checker: a root without xmlns is refused")
t.ok(not well_formed('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>R&D</text></svg>'),
     "checker: a raw '&' is refused")

-- every game: well formed, deterministic, a title, sized
local all_games = sg.games()
all_games[#all_games + 1] = "wordgrid"
for _, name in ipairs(all_games) do
  local g = sg.new(name, {seed = 5})
  if name ~= "wordgrid" then
    for _ = 1, 4 do
      local ms = g:moves()
      if g:status() == "playing" and #ms > 0 then g:play(ms[(g:ply() * 7) % #ms + 1]) end
    end
  end
  local doc = g:svg()
  local ok, why = well_formed(doc)
  t.ok(ok, name .. ": the SVG is well formed" .. (why and " (" .. why .. ")" or ""))
  t.is(g:svg(), doc, name .. ": the same position gives the same bytes")
  if name ~= "wordgrid" then
    t.is(g:copy():svg(), doc, name .. ": a copy of the game gives the same picture")
  end
  t.like(doc, '^<%?xml version="1.0" encoding="UTF%-8"%?>\n' ..
              '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="600" ' ..
              'height="%d+" viewBox="0 0 600 [%d.]+">',
         name .. ": SVG 1.1 with xmlns, a viewBox and the default width 600")
  t.like(g:svg{size = 300}, '<svg [^>]*width="300"', name .. ": size sets the width")
  t.like(doc, 'class="caption"', name .. ": a caption line by default")
  t.ok(not g:svg{title = false}:find('class="caption"', 1, true), name .. ": title = false drops it")
end

-- chess: 32 pieces at the start, 16 per colour, coordinates; counts follow captures
local g = sg.new("chess")
local doc = g:svg()
t.is(count(doc, "piece"), 32, "chess start: 32 pieces")
t.is(count(doc, "piece white"), 16, "16 white")
t.is(count(doc, "piece black"), 16, "16 black")
t.is(count(doc, "piece white king"), 1, "one white king")
t.is(count(doc, "piece black knight"), 2, "two black knights")
t.ok(not doc:find("<text[^>]*>[\u{2654}-\u{265F}]"), "the pieces are not font characters")
t.ok(count(doc, "piece") == select(2, doc:gsub('<g class="piece[^"]*"[^>]*>\n<path', "")),
     "each piece is drawn with a path")
local tx = texts(doc)
local coords = true
for c in ("abcdefgh12345678"):gmatch(".") do coords = coords and tx[c] == true end
t.ok(coords, "chess: coordinates a-h and 1-8 are written")
for m in ("e4 d5 exd5 Qxd5 Nc3"):gmatch("%S+") do g:play(m) end
doc = g:svg()
local fen = g:position():match("^%S+")
t.is(count(doc, "piece white"), select(2, fen:gsub("%u", "")), "after captures: white pieces as in the FEN")
t.is(count(doc, "piece black"), select(2, fen:gsub("%l", "")), "black pieces as in the FEN")
t.is(count(doc, "piece"), 30, "30 pieces after two captures")
t.is(count(doc, "last"), 0, "no last-move mark unless asked")
t.is(count(g:svg{last = true}, "last"), 2, "last = true marks the two squares of Nc3")

-- Othello
g = sg.new("othello")
doc = g:svg()
t.is(count(doc, "disc"), 4, "othello start: 4 discs")
t.is(count(doc, "disc black"), 2, "2 black")
g:play("d3"); g:play("c3")
local pos = g:position()
doc = g:svg{last = true}
t.is(count(doc, "disc black"), select(2, pos:match("^%S+"):gsub("b", "")), "othello: black discs as in the position")
t.is(count(doc, "disc white"), select(2, pos:match("^%S+"):gsub("w", "")), "white discs as in the position")
t.is(count(doc, "last"), 1, "the last move is marked")
tx = texts(doc)
t.ok(tx.a and tx.h and tx["1"] and tx["8"], "othello: coordinates")

-- Connect Four, tic-tac-toe, Qubic
g = sg.new("connect4")
for m in ("d d c e"):gmatch("%S+") do g:play(m) end
doc = g:svg{last = true}
t.is(count(doc, "disc"), 4, "connect4: 4 discs after 4 moves")
t.is(count(doc, "disc x"), 2, "2 of x")
t.is(count(doc, "hole"), 38, "38 empty holes")
t.is(count(doc, "last"), 1, "the last move is marked")
g = sg.new("tictactoe")
for m in ("b2 a1 c3"):gmatch("%S+") do g:play(m) end
doc = g:svg{last = true}
t.is(count(doc, "mark x"), 2, "tictactoe: 2 x marks")
t.is(count(doc, "mark o"), 1, "1 o mark")
t.is(count(doc, "last"), 1, "the last move is marked")
g = sg.new("qubic")
for m in ("1a1 2b3 4d4"):gmatch("%S+") do g:play(m) end
doc = g:svg{last = true}
t.is(count(doc, "cell"), 64, "qubic: 64 cells")
t.is(count(doc, "mark"), 3, "3 marks")
t.is(count(doc, "layer-label"), 4, "4 labelled layers")
t.ok(doc:find(">layer 1</text>", 1, true) and doc:find(">layer 4</text>", 1, true), "layers 1 to 4 named")
t.is(count(doc, "last"), 1, "the last move is marked")

-- draughts: 24 men, square numbers 1-32, kings
g = sg.new("draughts")
doc = g:svg()
t.is(count(doc, "piece"), 24, "draughts start: 24 men")
t.is(count(doc, "piece man black"), 12, "12 black men")
t.is(count(doc, "square-number"), 32, "the 32 PDN square numbers")
g = sg.new("draughts", {position = "W:WK1,30:B12"})
doc = g:svg()
t.is(count(doc, "piece white king"), 1, "a white king")
t.is(count(doc, "piece white man"), 1, "a white man")
t.is(count(doc, "piece black"), 1, "a black man")

-- Chexers
g = sg.new("chexers")
doc = g:svg()
t.is(count(doc, "hex"), 37, "chexers: 37 hexes")
t.is(count(doc, "piece"), 12, "12 pieces")
t.is(count(doc, "piece red"), 4, "4 red")
t.ok(texts(doc)["-3,0"] and texts(doc)["0,0"] and texts(doc)["3,-3"], "hexes labelled q,r")

-- war chess: a unit element per living unit
g = sg.new("warchess")
doc = g:svg()
t.is(count(doc, "unit"), 8, "warchess: 8 units")
t.is(count(doc, "unit red"), 4, "4 red")
t.ok(texts(doc).u1 and texts(doc).u8, "units labelled u1...u8")
t.ok(count(doc, "terrain water") > 0 and count(doc, "legend") >= 3, "terrain and a legend")
local wtext = g:position():gsub("(unit blue archer 6,8 hp )6/6", "%10/6")
local gd = sg.new("warchess", {position = wtext})
if gd then
  doc = gd:svg()
  t.is(count(doc, "unit"), 7, "a dead unit is not drawn")
  t.ok(not texts(doc).u8, "its label is gone")
else
  t.skip("a position with a dead unit is refused", 2)
end

-- Star Chess
g = sg.new("starchess")
doc = g:svg()
t.is(count(doc, "sector"), 16, "starchess: 16 sectors")
t.is(count(doc, "colony"), 4, "4 colonies")
t.is(count(doc, "fleet"), 4, "4 fleets")
t.ok(doc:find(">1:20</text>", 1, true), "fleets written owner:ships")
t.ok(texts(doc)["player 4"], "a legend of the players")

-- dominoes: the other hand hidden unless all
g = sg.new("dominoes", {seed = 1})
local full = g:position{all = true}
doc = g:svg()
t.is(count(doc, "tile back"), 7, "dominoes: the other player's 7 tiles as backs")
t.is(count(doc, "tile face"), 7, "the mover's 7 tiles face up")
local d_all = g:svg{all = true}
t.is(count(d_all, "tile face"), 28, "all = true shows every tile")
t.is(count(d_all, "tile back"), 0, "and no backs")
-- the same view with different hidden tiles gives the same picture
local h2 = full:match("hand2 (%d%d)")
local b1 = full:match("bone (%d%d)")
local swapped = full:gsub("hand2 " .. h2, "hand2 XX"):gsub("bone " .. b1, "bone " .. h2)
                    :gsub("hand2 XX", "hand2 " .. b1)
local g2 = sg.new("dominoes", {position = swapped})
t.ok(g2 and g2:position() == g:position(), "a second deal with the same view")
t.is(g2:svg(), doc, "the hidden tiles are not in the picture")
t.isnt(g2:svg{all = true}, d_all, "all = true shows them")
t.is(count(g:svg{player = 2}, "tile back"), 7, "player = 2 sees player 1's tiles as backs")

-- patience
g = sg.new("patience", {seed = 1})
doc = g:svg()
t.is(count(doc, "card face"), 7, "patience: 7 face-up cards")
t.is(count(doc, "card back"), 22, "21 face-down cards and the stock")
t.is(count(g:svg{all = true}, "card face"), 28, "all = true: the whole tableau face up")

-- wordgrid
local w = sg.new("wordgrid", {position = "CATS/OREQu/DINU/LEST"})
doc = w:svg()
t.is(count(doc, "die"), 16, "wordgrid: 16 dice")
t.ok(texts(doc).Qu and texts(doc).C, "the faces are written")

-- flip: chess from black's side (#34 item 10), the same squares and pieces turned round
do
  local c = sg.new("chess")
  c:play("e2e4")
  local plain, turned = c:svg{last = true}, c:svg{last = true, flip = true}
  local function at(doc, sq)
    local x, y = doc:match('<rect [^>]*data%-cell="' .. sq .. '"[^>]*x="([%d.]+)" y="([%d.]+)"')
    return tonumber(x), tonumber(y)
  end
  local ax, ay = at(plain, "a1")
  local hx, hy = at(turned, "h8")
  t.ok(ax == hx and ay == hy, "flip: h8 is where a1 was (bottom left)")
  local fx, fy = at(turned, "a1")
  local gx, gy = at(plain, "h8")
  t.ok(fx == gx and fy == gy, "flip: a1 is where h8 was (top right)")
  local _, n1 = plain:gsub('class="piece ', "")
  local _, n2 = turned:gsub('class="piece ', "")
  t.ok(n1 == 32 and n2 == 32, "flip: the 32 pieces drawn")
  -- the white king on e1 is drawn over e1's square in both pictures
  local function king(doc)
    return doc:match('class="piece white king" pointer%-events="none" transform="translate%(([%d.]+),([%d.]+)%)')
  end
  local kx, ky = king(turned)
  local ex, ey = at(turned, "e1")
  t.ok(tonumber(kx) == ex and tonumber(ky) == ey, "flip: the white king stands on e1's square, turned round")
  local lx, ly = turned:match('<rect class="last"[^>]*x="([%d.]+)" y="([%d.]+)"')
  local e4x, e4y = at(turned, "e2")
  t.ok(tonumber(lx) == e4x + 2 and tonumber(ly) == e4y + 2, "flip: the last move's mark follows its square")
end

-- escaping
g = sg.new("tictactoe")
doc = g:svg{title = [[Tom & "Jerry" <x>]]}
t.ok(well_formed(doc), "a caption with & < > \" is still well formed")
t.ok(doc:find("Tom &amp; &quot;Jerry&quot; &lt;x&gt;", 1, true), "and escaped")

-- bad options: refused with their message, the game unchanged
g = sg.new("chess")
g:play("e4")
local before, ply = g:position(), g:ply()
t.errors(function() g:svg{colour = 1} end,
         "g:svg: unknown option 'colour' (valid: all, flip, last, player, size, title)", "an unknown option", true)
t.errors(function() g:svg{flip = 1} end, "flip must be true or false, got 1", "a bad flip", true)
t.errors(function() sg.new("othello"):svg{flip = true} end,
         "g:svg: flip (the board seen from black's side) is for chess, not othello", "flip is for chess", true)
t.errors(function() g:svg{size = 0} end, "size must be a whole number of pixels from 50 to 10000, got 0",
         "a bad size", true)
t.errors(function() g:svg{size = 600.5} end, "size must be a whole number", "a fractional size", true)
t.errors(function() g:svg{all = "yes"} end, "all must be true or false", "a bad all", true)
t.errors(function() g:svg{player = 3} end, "player must be a whole number from 1 to 2, got 3",
         "a player out of range", true)
t.errors(function() g:svg("big") end, "options must be a table", "options not a table", true)
t.errors(function() w:svg{bogus = true} end, "unknown option 'bogus'", "wordgrid refuses too", true)
t.is(g:position(), before, "the game is unchanged")
t.is(g:ply(), ply, "and its move count")

-- cells: what a player clicks carries data-cell="NAME", and svg.move_cells names a move's clicks
local svgm = require "stratagem.svg"

-- The tags of a document: each {name =, attrs = {k = v}}.
local function tags(doc)
  local list = {}
  for name, rest in doc:gmatch("<([%a][%w:-]*)([^>]*)>") do
    local a = {}
    for k, v in rest:gmatch('([%a][%w:-]*)="([^"]*)"') do a[k] = v end
    list[#list + 1] = {name = name, attrs = a}
  end
  return list
end
local function cell_set(doc)
  local set = {}
  for c in doc:gmatch('data%-cell="([^"]*)"') do set[c] = true end
  return set
end
-- The moves no click makes, per game.
local NO_CLICK = {othello = {pass = true}, chexers = {PASS = true},
                  dominoes = {draw = true, pass = true}, starchess = {["end"] = true},
                  warchess = {["end"] = true}}
-- What is drawn over a cell: it must let clicks through to the cell (or be the cell itself).
local OVER = {piece = true, disc = true, mark = true, last = true, unit = true,
              ["king-mark"] = true, ["square-number"] = true, ["hex-label"] = true}

-- every legal move of random playouts (3 seeds, every position): its cells are in the picture
for _, name in ipairs(sg.games()) do
  local positions, moves, clicks, missing, unclickable, nil_ok, blocking = 0, 0, 0, {}, {}, true, {}
  for seed = 1, 3 do
    local g = sg.new(name, {seed = seed})
    local rng = seed
    for _ = 1, 40 do
      if g:status() ~= "playing" then break end
      local doc = g:svg()
      positions = positions + 1
      local set = cell_set(doc)
      for _, tag in ipairs(tags(doc)) do
        local a = tag.attrs
        if a["data-cell"] and a.fill == "none" and a["pointer-events"] ~= "all" then
          unclickable[#unclickable + 1] = a["data-cell"]
        end
        for w in (a.class or ""):gmatch("%S+") do
          if OVER[w] and not a["data-cell"] and a["pointer-events"] ~= "none" then
            blocking[#blocking + 1] = a.class
          end
        end
      end
      local ms = g:moves()
      for _, m in ipairs(ms) do
        moves = moves + 1
        local cells = svgm.move_cells(g, m)
        if cells then
          clicks = clicks + 1
          for _, c in ipairs(cells) do
            if not set[c] then missing[#missing + 1] = m .. " -> " .. c end
          end
        elseif not (NO_CLICK[name] or {})[m] then
          nil_ok = false
          missing[#missing + 1] = m .. " -> nil"
        end
      end
      rng = (rng * 1103515245 + 12345) % 2147483648
      g:play(ms[rng % #ms + 1])
    end
  end
  t.is(table.concat(missing, ", "), "",
       fmt("%s: every cell of the %d moves in %d positions is a data-cell of the picture",
           name, moves, positions))
  t.ok(clicks > 0 and nil_ok, name .. ": only pass, end and draw are made by no click")
  t.is(table.concat(unclickable, " "), "",
       name .. ": every cell takes clicks (filled, or pointer-events)")
  t.is(table.concat(blocking, ", "), "",
       name .. ": pieces, labels and marks let clicks through to the cell")
end

-- The attributes of the first element whose data-cell is `name`.
local function cell_at(doc, name)
  for _, tag in ipairs(tags(doc)) do
    if tag.attrs["data-cell"] == name then return tag.attrs end
  end
  return {}
end
-- the names are where the coordinates say
local a = cell_at(sg.new("chess"):svg(), "e2")
t.ok(a.x == "300" and a.y == "406", "chess: e2 is the fifth file, second rank from the bottom")
a = cell_at(sg.new("othello"):svg(), "d3")
t.ok(a.x == "234" and a.y == "142", "othello: d3 is the third row from the top")
a = cell_at(sg.new("tictactoe"):svg(), "a1")
t.ok(a.x == "60" and a.y == "330", "tictactoe: a1 is bottom left")
a = cell_at(sg.new("draughts"):svg(), "1")
t.ok(a.x == "102" and a.y == "10", "draughts: square 1 is the top row's first dark square")
a = cell_at(sg.new("qubic"):svg(), "2a4")
t.ok(a.x == "178" and a.y == "30", "qubic: 2a4 is the second layer's top left cell")
a = cell_at(sg.new("connect4"):svg(), "d")
t.ok(a.x == "264" and a.height == "456", "connect4: column d is a column-high cell")
a = cell_at(sg.new("warchess"):svg(), "3,1")
t.ok(a.class == "terrain plain" and a.x == "144" and a.y == "24", "warchess: tiles named x,y (3,1: top row)")
a = cell_at(sg.new("starchess"):svg(), "A4")
t.ok(a.x == "40" and a.y == "20", "starchess: A4 is the top left sector")
doc = sg.new("chexers"):svg()
t.ok(cell_at(doc, "0,0").class == "hex" and cell_at(doc, "-3,3").class == "hex", "chexers: hexes named q,r")
t.ok(cell_at(doc, "EXIT").class, "and the mover's exits are a cell")

-- move_cells
local function cells(g, m) return table.concat(svgm.move_cells(g, m) or {"nil"}, " ") end
g = sg.new("chess", {position = "8/4P3/8/8/8/8/k7/7K w - - 0 1"})
t.is(cells(g, "e7e8q"), "e7 e8", "chess: a promotion is its two squares")
t.is(cells(g, "e8=N"), "e7 e8", "a move in SAN too")
t.is(cells(sg.new("chess", {position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}), "e1g1"), "e1 g1",
     "castling: the king's squares")
t.is(cells(sg.new("draughts", {position = "B:W18,26:B15"}), "15x22x31"), "15 22 31",
     "draughts: every square of a double jump")
t.is(cells(sg.new("othello"), "d3"), "d3", "othello: the square")
t.is(cells(sg.new("connect4"), "d"), "d", "connect4: the column")
t.is(cells(sg.new("qubic"), "1a1"), "1a1", "qubic: the cell")
g = sg.new("chexers", {position = "red:3,-3|green:0,-3|blue:3,0|exits:0,0,0|turn:red"})
t.is(cells(g, "MOVE (3,-3) (2,-3)"), "3,-3 2,-3", "chexers: MOVE, both hexes")
t.is(cells(g, "exit (3,-3)"), "3,-3 EXIT", "EXIT: the hex, then the exits")
g = sg.new("warchess")
t.is(cells(g, "u3 4,2 x u7"), "3,1 4,2 6,2", "warchess: the unit's tile, where it goes, its target's tile")
t.is(cells(g, "u1 2,4"), "2,4 2,4", "a unit staying: its tile twice")
t.is(cells(g, "end"), "nil", "end: no click")
g = sg.new("starchess", {seed = 2})
t.is(cells(g, "move A1 B1 3"), "A1 B1", "starchess: move, both sectors")
t.is(cells(g, "scrap A1 2"), "A1", "scrap: the sector")
g = sg.new("dominoes", {seed = 1})
g:play(g:moves()[1])
for _, m in ipairs(g:moves()) do
  local tile, e = m:match("^(%d%-%d)([LR]?)$")
  if tile then
    t.is(cells(g, m), tile .. (e ~= "" and " " .. e or ""), "dominoes: " .. m .. ", the tile then the end")
    break
  end
end
g = sg.new("dominoes", {rules = {players = 3}, seed = 2})
while g:player() ~= 3 do g:play(g:moves()[1]) end
local set, all_in, clicked = cell_set(g:svg()), true, 0
for _, m in ipairs(g:moves()) do
  for _, c in ipairs(svgm.move_cells(g, m) or {}) do
    all_in, clicked = all_in and set[c] == true, clicked + 1
  end
end
t.ok(all_in and clicked > 0, "dominoes, 3 players: player 3's tiles are cells")
g = sg.new("patience", {seed = 3})
t.is(cells(g, "5f"), "5 fc", "patience: a column to the foundation of its card's suit")
t.is(cells(g, "7-6"), "7 6", "a column onto a column")
t.is(cells(g, "s"), "s", "the stock")
local none, why = svgm.move_cells(sg.new("othello"), "a1")
t.ok(none == nil and why:find("a1", 1, true), "an illegal move: nil and the reason")
t.errors(function() svgm.move_cells(sg.new("wordgrid"), "x") end,
         "svg.move_cells: expected a game, got stratagem.wordgrid", "not a game: an error", true)
t.errors(function() svgm.move_cells(sg.new("chess"), 1) end, "expected a move text, got number",
         "a move not a string: an error", true)

-- last = true: nothing at the start, a mark after a move, in every game
for _, name in ipairs(sg.games()) do
  g = sg.new(name, {seed = 2})
  t.is(g:svg{last = true}, g:svg(), name .. ": last = true changes nothing at the start")
  g:play(g:moves()[1])
  t.isnt(g:svg{last = true}, g:svg(), name .. ": after " .. g:history()[1] .. " it marks the last move")
end
g = sg.new("draughts", {position = "B:W18,26:B15"}):play("15x22x31")
t.is(count(g:svg{last = true}, "last"), 3, "draughts: the three squares of a double jump marked")
g = sg.new("warchess")
for m in ("u1 2,3|u3 3,1"):gmatch("[^|]+") do g:play(m) end
doc = g:svg{last = true}
t.is(count(doc, "last moves"), 1, "warchess: the turn's actions written")
t.is(count(doc, "last") - 1, 3, "and their tiles marked (u1's two, u3's own)")
g:play("end")
t.ok(g:svg{last = true}:find("last: u1 2,3; u3 3,1; end", 1, true), "after end: the turn it closed")
g:play("end")
t.ok(g:svg{last = true}:find("last: end<", 1, true), "a turn of end alone is written too")
g = sg.new("starchess", {seed = 2}):play("move A1 B2 5"):play("end")
doc = g:svg{last = true}
t.is(count(doc, "last") - 1, 2, "starchess: the sectors of the last turn marked")
t.ok(doc:find("last: move A1 B2 5; end<", 1, true), "and its commands written")
g = sg.new("chexers")
g:play("MOVE (-3,0) (-2,-1)")
doc = g:svg{last = true}
t.is(count(doc, "last") - 1, 2, "chexers: both hexes of the move marked")
g = sg.new("patience", {seed = 3}):play("7-6")
t.is(count(g:svg{last = true}, "last"), 2, "patience: both columns marked")

-- stratagem render
local out, err, code = t.run(S .. " render chess")
t.is(code, 0, "render chess: exit 0")
t.ok(well_formed(out), "render chess: a well formed SVG on standard output")
t.is(count(out, "piece"), 32, "of the start position")
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir " .. t.q(dir))
local file = dir .. "/board.svg"
out, err, code = t.run(S .. " render othello --position " ..
                       t.q("......../......../......../...wb.../...bbb../......../......../........ w") ..
                       " --size 300 -o " .. t.q(file))
t.is(code, 0, "render to a file: exit 0")
t.is(out, "", "nothing on standard output")
local f = io.open(file, "rb")
local written = f and f:read("a") or ""
if f then f:close() end
t.is(count(written, "disc"), 5, "the file holds the position given")
t.like(written, 'width="300"', "at the size given")
-- a saved game
local sv = sg.new("tictactoe")
for m in ("b2 a1"):gmatch("%S+") do sv:play(m) end
sv:save(dir .. "/ttt.sav")
out, err, code = t.run(S .. " render " .. t.q(dir .. "/ttt.sav"))
t.is(code, 0, "render a saved game: exit 0")
t.is(count(out, "mark"), 2, "its position")
-- a PGN file: its last game
local pg = sg.new("chess")
for m in ("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6"):gmatch("%S+") do pg:play(m) end
sg.chess.pgn.save(dir .. "/g.pgn", {sg.new("chess"), pg})
out, err, code = t.run(S .. " render " .. t.q(dir .. "/g.pgn"))
t.is(code, 0, "render a PGN file: exit 0")
t.is(count(out, "piece black"), 15, "its last game's position")
-- damaged files and bad arguments
f = io.open(dir .. "/bad.sav", "w")
f:write("-- stratagem saved game\nreturn {format = 1, game = \"tictactoe\", moves = {\"b2\", \"b2\"}}\n")
f:close()
out, err, code = t.run(S .. " render " .. t.q(dir .. "/bad.sav"))
t.is(code, 1, "a damaged save: exit 1")
t.like(err, "move 2 %(b2%)", "the loader's message names the bad move")
t.is(out, "", "and nothing is drawn")
f = io.open(dir .. "/cut.sav", "w")
f:write("-- stratagem saved game\nreturn {format = 1, game = ")
f:close()
out, err, code = t.run(S .. " render " .. t.q(dir .. "/cut.sav"))
t.ok(code == 1 and err:find("not a saved game", 1, true), "a truncated save: exit 1, named")
out, err, code = t.run(S .. " render chess --size huge")
t.is(code, 2, "a bad --size: exit 2")
t.like(err, "%-%-size: expected a width in pixels from 50 to 10000, got 'huge'", "named with the accepted values")
out, err, code = t.run(S .. " render chess --player 3")
t.ok(code == 2 and err:find("--player: expected a player's number from 1 to 2", 1, true),
     "a player out of range: exit 2, named")
out, err, code = t.run(S .. " render chess --colour red")
t.ok(code == 2 and err:find("unknown option '--colour'", 1, true), "an unknown option: exit 2")
out, err, code = t.run(S .. " render chequers")
t.ok(code == 2 and err:find("neither a game", 1, true), "an unknown game: exit 2")
out, err, code = t.run(S .. " render chess --position 'not a fen'")
t.ok(code == 2 and err:find("position", 1, true), "a malformed --position: exit 2, named")
out, err, code = t.run(S .. " render dominoes --seed 1 --player 2")
t.ok(code == 0 and count(out, "tile back") == 7, "render --player shows that player's view")
out = t.run(S .. " render dominoes --seed 1 --all")
t.is(count(out, "tile face"), 28, "render --all shows everything")
out = t.run(S .. " render --help")
t.like(out, "usage: stratagem render GAME|SAVEFILE", "render --help")
-- the README's picture is what the command it names makes
local shipped = io.open(sg.paths.doc .. "/board.svg", "rb")
if shipped then
  local want = shipped:read("a")
  shipped:close()
  out = t.run(S .. " render chess --position " ..
              t.q("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4") .. " --size 480")
  t.is(out, want, "doc/board.svg is what stratagem render makes of the README's command")
else
  t.skip("doc/board.svg is not installed here")
end
os.execute("rm -rf " .. t.q(dir))

t.done()
