package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 047-svg.lua: g:svg for every game (well formed, deterministic, showing what the position
-- holds, bad options refused) and stratagem render.
local t = require "tap"
local sg = require "stratagem"
local S = t.q(t.stratagem)

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
t.ok(count(doc, "piece") == select(2, doc:gsub('<g class="piece[^"]*" transform="[^"]*">\n<path', "")),
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
         "g:svg: unknown option 'colour' (valid: all, last, player, size, title)", "an unknown option", true)
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
