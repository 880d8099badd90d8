-- stratagem.svg: a picture of any game's position as standalone SVG 1.1 text (g:svg), one
-- renderer per game, each reading the position through the public game methods only.
-- Pictures are drawn in a 600-unit wide viewBox and scaled by the width/height attributes, so
-- every size has the same shapes; numbers are formatted with fixed precision so that the same
-- position always gives the same bytes.
local M = {}
local fmt = string.format

local OPTIONS = {"all", "flip", "last", "player", "size", "title"}

-- XML text and attribute values: & < > " ' escaped.
local function esc(s)
  return (tostring(s):gsub("[&<>\"']", {["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
                                        ['"'] = "&quot;", ["'"] = "&#39;"}))
end
M.escape = esc

-- Numbers as short fixed text (at most two decimals, no "-0").
local function num(x)
  if math.type(x) == "integer" then return tostring(x) end
  local s = fmt("%.2f", x):gsub("0+$", ""):gsub("%.$", "")
  if s == "-0" then s = "0" end
  return s
end

-- A picture under construction: a list of element lines and the viewBox height.
local Pic = {}
Pic.__index = Pic

local function attrs(a)
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  table.sort(keys)
  local out = {}
  for _, k in ipairs(keys) do
    local v = a[k]
    if type(v) == "number" then v = num(v) end
    out[#out + 1] = fmt(' %s="%s"', k:gsub("_", "-"), esc(v))
  end
  return table.concat(out)
end

function Pic:el(name, a, text)
  if text == nil then
    self.out[#self.out + 1] = fmt("<%s%s/>", name, attrs(a))
  else
    self.out[#self.out + 1] = fmt("<%s%s>%s</%s>", name, attrs(a), esc(text), name)
  end
end
function Pic:rect(x, y, w, h, fill, a)
  a = a or {}
  a.x, a.y, a.width, a.height, a.fill = x, y, w, h, fill
  self:el("rect", a)
end
function Pic:circle(cx, cy, r, fill, a)
  a = a or {}
  a.cx, a.cy, a.r, a.fill = cx, cy, r, fill
  self:el("circle", a)
end
-- Text centred vertically on y by a shift of its baseline (dominant-baseline is not honoured
-- by every renderer).
function Pic:text(x, y, s, a)
  a = a or {}
  a.font_family = a.font_family or "sans-serif"
  a.font_size = a.font_size or 14
  a.x, a.y = x, y + a.font_size * 0.35
  a.text_anchor = a.text_anchor or "middle"
  a.fill = a.fill or "#222"
  self:el("text", a, s)
end
function Pic:open(name, a) self.out[#self.out + 1] = fmt("<%s%s>", name, attrs(a or {})) end
function Pic:close(name) self.out[#self.out + 1] = fmt("</%s>", name) end

-- Cells: every place a player clicks to make a move is an element with data-cell="NAME", NAME
-- as the game's move text writes the place (M.move_cells gives the names of a move); what lies
-- over a cell (pieces, labels, marks) has pointer-events="none", so a click on it reaches the
-- cell. The picture keeps each cell's outline (spots) for marking the last move's cells.
local THROUGH = "none"

-- Record the box of a cell, grown to hold every box given under the same name.
function Pic:spot(name, x, y, w, h)
  local b = self.spots[name]
  if not b then
    self.spots[name] = {x = x, y = y, w = w, h = h}
    return
  end
  local x1, y1 = math.max(b.x + b.w, x + w), math.max(b.y + b.h, y + h)
  b.x, b.y = math.min(b.x, x), math.min(b.y, y)
  b.w, b.h = x1 - b.x, y1 - b.y
end

-- A rectangle that is a cell: drawn as asked, named and recorded.
function Pic:cell_rect(name, x, y, w, h, fill, a)
  a = a or {}
  a.data_cell = name
  self:rect(x, y, w, h, fill, a)
  self:spot(name, x, y, w, h)
end

-- An invisible cell (a column, an empty pile, an end of the line): clickable though unpainted.
function Pic:target(name, x, y, w, h, class)
  self:cell_rect(name, x, y, w, h, "none", {class = "target " .. class, pointer_events = "all"})
end

-- Outline the cells named (those of the last move) that the picture has, each once, `inset`
-- (2) inside the cell.
function Pic:mark_cells(names, inset)
  inset = inset or 2
  local seen = {}
  for _, n in ipairs(names) do
    local b = self.spots[n]
    if b and not seen[n] then
      seen[n] = true
      if b.hex then
        self:el("polygon", {class = "last", points = b.hex(b.r - 4), fill = "none",
                            stroke = "#e0a000", stroke_width = 4, pointer_events = THROUGH})
      else
        self:rect(b.x + inset, b.y + inset, b.w - 2 * inset, b.h - 2 * inset, "none",
                  {class = "last", stroke = "#e0a000", stroke_width = 4, pointer_events = THROUGH})
      end
    end
  end
end

-- A line of text naming the last moves (for the moves no cell shows: end, draw, pass).
function Pic:last_line(x, y, moves)
  local s = "last: " .. table.concat(moves, "; ")
  if #s > 90 then s = s:sub(1, 86) .. " ..." end
  self:text(x, y, s, {class = "last moves", text_anchor = "start", font_size = 12})
end

local W = 600   -- the viewBox width

local function new_pic() return setmetatable({out = {}, h = 0, spots = {}}, Pic) end

-- The document: the caption (if any) above the drawing, the size scaled to opts.size.
local function finish(pic, height, opts, caption)
  local top = caption and 30 or 0
  local h = height + top
  local px = opts.size
  local lines = {
    '<?xml version="1.0" encoding="UTF-8"?>',
    fmt('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" ' ..
        'viewBox="0 0 %d %s">', px, math.floor(px * h / W + 0.5), W, num(h)),
    fmt('<rect class="background" x="0" y="0" width="%d" height="%s" fill="#ffffff"/>', W,
        num(h)),
  }
  if caption then
    lines[#lines + 1] = fmt('<text class="caption" x="300" y="24" font-family="sans-serif" ' ..
                            'font-size="16" text-anchor="middle" ' ..
                            'fill="#222">%s</text>', esc(caption))
  end
  lines[#lines + 1] = fmt('<g transform="translate(0,%d)">', top)
  for _, l in ipairs(pic.out) do lines[#lines + 1] = l end
  lines[#lines + 1] = "</g>"
  lines[#lines + 1] = "</svg>"
  return table.concat(lines, "\n") .. "\n"
end

local function split(s, sep)
  local t = {}
  for part in (s .. sep):gmatch("(.-)" .. sep:gsub("%p", "%%%0")) do t[#t + 1] = part end
  return t
end

local FILES = "abcdefghijklmnopqrstuvwxyz"

-- A square board: n columns by m rows of cells of side s at (x0, y0), light/dark colours,
-- file letters under it and rank numbers on its left (rank 1 at the bottom); name(c, r) names
-- the cell (its file letter and rank by default).
-- With `flip`, the board is seen from the other side (the last column on the left, rank 1 at
-- the top).
local function grid_board(pic, cols, rows, s, x0, y0, colour, labels, name, flip)
  name = name or function(c, r) return FILES:sub(c, c) .. r end
  local function col(c) return flip and cols + 1 - c or c end
  local function row(r) return flip and rows + 1 - r or r end
  for r = 1, rows do
    for c = 1, cols do
      pic:cell_rect(name(c, r), x0 + (col(c) - 1) * s, y0 + (rows - row(r)) * s, s, s,
                    colour(c, r), {class = "square", stroke = "#555", stroke_width = 0.5})
    end
  end
  if labels ~= false then
    for c = 1, cols do
      pic:text(x0 + (col(c) - 0.5) * s, y0 + rows * s + 14, FILES:sub(c, c),
               {class = "coord file"})
    end
    for r = 1, rows do
      pic:text(x0 - 14, y0 + (rows - row(r) + 0.5) * s, tostring(r), {class = "coord rank"})
    end
  end
end

-- ---- chess ----

-- Piece glyphs as paths in a 100x100 box (drawn by hand from simple shapes): each a list of
-- path strings; the same outline in both colours, filled light or dark.
local GLYPH = {
  p = {"M50 22a12 12 0 1 1 0.1 0ZM38 44h24l6 30h-36ZM26 76h48v10h-48Z"},
  r = {"M26 20h10v8h8v-8h12v8h8v-8h10v18l-8 6v30h-32v-30l-8-6ZM24 76h52v10h-52Z"},
  n = {"M30 86v-12c0-14 14-18 16-30l-16 6-8-8 20-24 8-4 4 8c16 6 22 26 20 64ZM24 76h54v10h-54Z"},
  b = {"M50 12a6 6 0 1 1 0.1 0ZM50 22c14 10 20 24 12 40h-24c-8-16-2-30 12-40Z" ..
       "M38 64h24l4 10h-32ZM26 76h48v10h-48Z",
       "M44 34l12 12"},
  q = {"M20 30l10 38h40l10-38-14 18-6-26-10 24-10-24-6 26ZM28 70h44l4 6h-52ZM26 78h48v8h-48Z",
       "M20 30a4 4 0 1 1 0.1 0ZM80 30a4 4 0 1 1 0.1 0ZM50 22a4 4 0 1 1 0.1 0Z"},
  k = {"M46 8h8v8h8v8h-8v10h-8v-10h-8v-8h8ZM50 34c22 0 28 14 20 34h-40c-8-20-2-34 20-34Z" ..
       "M28 70h44l4 6h-52ZM26 78h48v8h-48Z"},
}
local PIECE_NAME = {p = "pawn", n = "knight", b = "bishop", r = "rook", q = "queen", k = "king"}

local function chess_piece(pic, letter, x, y, s)
  local white = letter:match("%u") ~= nil
  local l = letter:lower()
  pic:open("g", {class = "piece " .. (white and "white" or "black") .. " " .. PIECE_NAME[l],
                 pointer_events = THROUGH,
                 transform = fmt("translate(%s,%s) scale(%s)", num(x), num(y), num(s / 100))})
  for _, d in ipairs(GLYPH[l]) do
    pic:el("path", {d = d, fill = white and "#fafafa" or "#222",
                    stroke = white and "#222" or "#ddd", stroke_width = 3,
                    stroke_linejoin = "round"})
  end
  pic:close("g")
end

-- The last move's squares from a move text: every coordinate like e2 (or d3, a1) in it.
local function squares_of(move)
  local t = {}
  for f, r in tostring(move or ""):gmatch("([a-z])(%d+)") do
    t[#t + 1] = {FILES:find(f), tonumber(r)}
  end
  return t
end

local function mark_last(pic, g, s, x0, y0, rows, only_last, flip)
  local h = g:history()
  local m = h[#h]
  if not m then return end
  local sq = squares_of(m)
  if only_last then sq = {sq[#sq]} end
  for _, c in ipairs(sq) do
    local x, y = c[1], c[2]
    if flip then x, y = rows + 1 - x, rows + 1 - y end
    pic:rect(x0 + (x - 1) * s + 2, y0 + (rows - y) * s + 2, s - 4, s - 4, "none",
             {class = "last", stroke = "#e0a000", stroke_width = 4, pointer_events = THROUGH})
  end
end

local renderers = {}

function renderers.chess(g, opts, pic)
  local s, x0, y0 = 66, 36, 10
  local fen = g:position()
  local rows = split(fen:match("^%S+"), "/")
  local flip = opts.flip
  grid_board(pic, 8, 8, s, x0, y0, function(c, r)
    return (c + r) % 2 == 0 and "#b58863" or "#f0d9b5"
  end, nil, nil, flip)
  if opts.last then mark_last(pic, g, s, x0, y0, 8, nil, flip) end
  for i, row in ipairs(rows) do
    local rank, c = 9 - i, 1
    for ch in row:gmatch(".") do
      if ch:match("%d") then c = c + tonumber(ch)
      else
        local x, y = c, rank
        if flip then x, y = 9 - c, 9 - rank end
        chess_piece(pic, ch, x0 + (x - 1) * s, y0 + (8 - y) * s, s)
        c = c + 1
      end
    end
  end
  return y0 + 8 * s + 30
end

function renderers.othello(g, opts, pic)
  local s, x0, y0 = 66, 36, 10
  local rows = split(g:position():match("^%S+"), "/")
  -- row 1 at the top, as the position text and the move names have it
  grid_board(pic, 8, 8, s, x0, y0, function() return "#2e8b57" end, false,
             function(c, r) return FILES:sub(c, c) .. (9 - r) end)
  for c = 1, 8 do
    pic:text(x0 + (c - 0.5) * s, y0 + 8 * s + 14, FILES:sub(c, c), {class = "coord file"})
  end
  for r = 1, 8 do pic:text(x0 - 14, y0 + (r - 0.5) * s, tostring(r), {class = "coord rank"}) end
  for r, row in ipairs(rows) do
    local c = 0
    for ch in row:gmatch(".") do
      c = c + 1
      if ch == "b" or ch == "w" then
        pic:circle(x0 + (c - 0.5) * s, y0 + (r - 0.5) * s, s * 0.4,
                   ch == "b" and "#111" or "#f5f5f5",
                   {class = "disc " .. (ch == "b" and "black" or "white"), stroke = "#000",
                    stroke_width = 1.5, pointer_events = THROUGH})
      end
    end
  end
  if opts.last then
    local h = g:history()
    local sq = squares_of(h[#h])[1]
    if sq then
      pic:circle(x0 + (sq[1] - 0.5) * s, y0 + (sq[2] - 0.5) * s, 6, "#e03030",
                 {class = "last", pointer_events = THROUGH})
    end
  end
  return y0 + 8 * s + 30
end

-- x/o boards drawn as discs (Connect Four, a disc in column `cell`) or marks (tic-tac-toe,
-- Qubic: clicks go through them to the cell).
local function xo_mark(pic, ch, cx, cy, r, disc, cell)
  if disc then
    pic:circle(cx, cy, r, ch == "x" and "#d33" or "#ec3",
               {class = "disc " .. (ch == "x" and "x red" or "o yellow"), stroke = "#333",
                data_cell = cell})
  elseif ch == "x" then
    pic:el("path", {class = "mark x", d = fmt("M%s %sL%s %sM%s %sL%s %s", num(cx - r), num(cy - r),
                    num(cx + r), num(cy + r), num(cx + r), num(cy - r), num(cx - r), num(cy + r)),
                    stroke = "#c22", stroke_width = r / 4, stroke_linecap = "round", fill = "none",
                    pointer_events = THROUGH})
  else
    pic:circle(cx, cy, r, "none", {class = "mark o", stroke = "#24c", stroke_width = r / 4,
                                   pointer_events = THROUGH})
  end
end

function renderers.connect4(g, opts, pic)
  local s, x0, y0 = 76, 36, 10
  local rows = split(g:position():match("^%S+"), "/")
  pic:rect(x0, y0, 7 * s, 6 * s, "#2456b0", {class = "frame", rx = 8})
  -- a column is the cell (a move names it): the frame's strip, its holes and discs
  for c = 1, 7 do pic:target(FILES:sub(c, c), x0 + (c - 1) * s, y0, s, 6 * s, "column") end
  for i, row in ipairs(rows) do
    local r = 7 - i
    local c = 0
    for ch in row:lower():gmatch(".") do
      c = c + 1
      local cx, cy = x0 + (c - 0.5) * s, y0 + (6 - r + 0.5) * s
      local col = FILES:sub(c, c)
      if ch == "x" or ch == "o" then xo_mark(pic, ch, cx, cy, s * 0.4, true, col)
      else pic:circle(cx, cy, s * 0.4, "#fff", {class = "hole", data_cell = col}) end
    end
  end
  for c = 1, 7 do
    pic:text(x0 + (c - 0.5) * s, y0 + 6 * s + 14, FILES:sub(c, c), {class = "coord file"})
  end
  for r = 1, 6 do pic:text(x0 - 14, y0 + (6 - r + 0.5) * s, tostring(r), {class = "coord rank"}) end
  if opts.last then
    local h = g:history()
    local m = h[#h]
    if m then
      local c = FILES:find(m:sub(1, 1):lower(), 1, true)
      local col_top
      for i, row in ipairs(rows) do
        if not col_top and row:sub(c, c) ~= "." then col_top = 7 - i end
      end
      if col_top then
        pic:circle(x0 + (c - 0.5) * s, y0 + (6 - col_top + 0.5) * s, 8, "#fff",
                   {class = "last", stroke = "#000", pointer_events = THROUGH})
      end
    end
  end
  return y0 + 6 * s + 30
end

function renderers.tictactoe(g, opts, pic)
  local s, x0, y0 = 160, 60, 10
  local rows = split(g:position():match("^%S+"), "/")
  grid_board(pic, 3, 3, s, x0, y0, function() return "#fdfdf8" end)
  if opts.last then mark_last(pic, g, s, x0, y0, 3) end
  for i, row in ipairs(rows) do
    local r, c = 4 - i, 0
    for ch in row:lower():gmatch(".") do
      c = c + 1
      if ch == "x" or ch == "o" then
        xo_mark(pic, ch, x0 + (c - 0.5) * s, y0 + (3 - r + 0.5) * s, s * 0.32, false)
      end
    end
  end
  return y0 + 3 * s + 30
end

-- Qubic: the four layers side by side, bottom layer (1) darkest, as the terminal tints them.
local LAYER_TINT = {"#9aa6b8", "#b4bfcf", "#ced7e3", "#e8edf4"}
function renderers.qubic(g, opts, pic)
  local s, gap, x0, y0 = 30, 22, 36, 30
  local layers = split(g:position():match("^%S+"), "/")
  local last = opts.last and g:history()[#g:history()]
  for L = 1, 4 do
    local lx = x0 + (L - 1) * (4 * s + gap)
    pic:text(lx + 2 * s, y0 - 16, "layer " .. L, {class = "layer-label"})
    local cells = layers[L] or ""
    for i = 1, 16 do
      local c, r = (i - 1) % 4 + 1, (i - 1) // 4 + 1
      local x, y = lx + (c - 1) * s, y0 + (4 - r) * s
      local name = fmt("%d%s%d", L, FILES:sub(c, c), r)
      pic:cell_rect(name, x, y, s, s, LAYER_TINT[L], {class = "cell", stroke = "#556",
                                                     stroke_width = 0.8})
      local ch = cells:sub(i, i):lower()
      if ch == "x" or ch == "o" then xo_mark(pic, ch, x + s / 2, y + s / 2, s * 0.3, false) end
      if last == name then
        pic:rect(x + 2, y + 2, s - 4, s - 4, "none", {class = "last", stroke = "#e0a000",
                                                     stroke_width = 3, pointer_events = THROUGH})
      end
    end
    for c = 1, 4 do
      pic:text(lx + (c - 0.5) * s, y0 + 4 * s + 12, FILES:sub(c, c),
               {class = "coord file", font_size = 12})
    end
    for r = 1, 4 do
      pic:text(lx - 8, y0 + (4 - r + 0.5) * s, tostring(r), {class = "coord rank", font_size = 12})
    end
  end
  return y0 + 4 * s + 30
end

-- English draughts: PDN squares 1-32 on the dark squares, 1-4 along the top row (black's side).
function renderers.draughts(g, opts, pic)
  local s, x0, y0 = 66, 36, 10
  local pos = g:position()
  local pieces = {}
  for colour, list in pos:gmatch(":([WB])([^:]*)") do
    for k, n in list:gmatch("(K?)(%d+)") do
      pieces[tonumber(n)] = {colour = colour == "W" and "white" or "black", king = k == "K"}
    end
  end
  for r = 0, 7 do
    for c = 0, 7 do
      local dark = (r + c) % 2 == 1
      local n = r * 4 + c // 2 + 1
      pic:rect(x0 + c * s, y0 + r * s, s, s, dark and "#8b5a2b" or "#f3e3c3",
               {class = "square", stroke = "#555", stroke_width = 0.5,
                data_cell = dark and tostring(n) or nil})
      if dark then
        pic:spot(tostring(n), x0 + c * s, y0 + r * s, s, s)
        pic:text(x0 + c * s + 10, y0 + r * s + 10, tostring(n),
                 {class = "coord square-number", font_size = 11, fill = "#f3e3c3",
                  pointer_events = THROUGH})
        local p = pieces[n]
        if p then
          local cx, cy = x0 + (c + 0.5) * s, y0 + (r + 0.5) * s
          pic:circle(cx, cy, s * 0.36, p.colour == "white" and "#f5f0e6" or "#262626",
                     {class = "piece " .. p.colour .. (p.king and " king" or " man"),
                      stroke = "#222", stroke_width = 1.5, pointer_events = THROUGH})
          if p.king then
            pic:text(cx, cy, "K", {class = "king-mark", font_size = 22, font_weight = "bold",
                                   fill = p.colour == "white" and "#222" or "#f5f0e6",
                                   pointer_events = THROUGH})
          end
        end
      end
    end
  end
  if opts.last then pic:mark_cells(M.last_cells(g)) end
  return y0 + 8 * s + 10
end

-- Chexers: axial (q, r) hexes of radius 3, pointy-top.
local CHEXERS = {red = "#d33", green = "#2a2", blue = "#36c"}

-- The corners of a pointy-top hex of radius R centred on (x, y), as SVG points.
local function hex_points(x, y, R)
  local pts = {}
  for k = 0, 5 do
    local a = math.rad(60 * k - 30)
    pts[#pts + 1] = num(x + R * math.cos(a)) .. "," .. num(y + R * math.sin(a))
  end
  return table.concat(pts, " ")
end

function renderers.chexers(g, opts, pic)
  local R = 42
  local cx0, cy0 = 300, 270
  local occupant = {}
  local pos = g:position()
  for _, side in ipairs{"red", "green", "blue"} do
    local list = pos:match(side .. ":([^|]*)") or ""
    for q, r in list:gmatch("(%-?%d+),(%-?%d+)") do occupant[q .. "," .. r] = side end
  end
  local sq3 = math.sqrt(3)
  for r = -3, 3 do
    for q = -3, 3 do
      if math.abs(q + r) <= 3 then
        local x = cx0 + R * sq3 * (q + r / 2)
        local y = cy0 + R * 1.5 * r
        local name = q .. "," .. r
        pic:el("polygon", {class = "hex", points = hex_points(x, y, R), fill = "#f4efe2",
                           stroke = "#776", stroke_width = 1, data_cell = name})
        pic.spots[name] = {r = R, hex = function(rad) return hex_points(x, y, rad) end}
        local who = occupant[name]
        if who then
          pic:circle(x, y - 4, R * 0.5, CHEXERS[who], {class = "piece " .. who, stroke = "#222",
                                                      pointer_events = THROUGH})
        end
        pic:text(x, y + R * 0.62, name, {class = "coord hex-label", font_size = 11,
                                         pointer_events = THROUGH})
      end
    end
  end
  local exits = pos:match("exits:([%d,]+)")
  local y = cy0 + 7 * R * 1.5 / 2 + 50
  local e = exits and split(exits, ",") or {}
  for i, side in ipairs{"red", "green", "blue"} do
    local x = 100 + (i - 1) * 170
    pic:circle(x, y, 9, CHEXERS[side], {class = "legend", stroke = "#222"})
    pic:text(x + 14, y, fmt("%s: exits %s", side, e[i] or "0"),
             {text_anchor = "start", class = "legend"})
    -- the mover's exits are where an EXIT goes: the second click after the piece's hex
    if i == g:player() and g:status() == "playing" then
      pic:target("EXIT", x - 14, y - 14, 150, 28, "exit")
      pic.spots.EXIT = nil   -- not outlined as a last move: the side it stands for changes
    end
  end
  if opts.last then
    local h = g:history()
    if #h > 0 then
      pic:mark_cells(M.last_cells(g))
      pic:last_line(100 - 9, y + 26, {h[#h]})
      y = y + 26
    end
  end
  return y + 20
end

-- War chess: terrain per cell (a colour per kind), units with labels and hp.
local TERRAIN_COLOURS = {"#e8e4c9", "#a58b5a", "#7fb2e5", "#6f9e5a", "#bdbdbd", "#d9b38c",
                         "#9c7fb0"}
function renderers.warchess(g, opts, pic)
  local text = g:position()
  local cols, rows = text:match("board %S+ (%d+) (%d+)")
  cols, rows = tonumber(cols) or 8, tonumber(rows) or 8
  local kinds, order, grid, units = {}, {}, {}, {}
  for line in text:gmatch("[^\n]+") do
    local sym, name = line:match("^terrain (%S) (%S+)")
    if sym then
      order[#order + 1] = sym
      kinds[sym] = {name = name, colour = TERRAIN_COLOURS[(#order - 1) % #TERRAIN_COLOURS + 1],
                    rest = line:match("^terrain %S %S+ (.*)$")}
    end
    local row = line:match("^row (%S+)")
    if row then grid[#grid + 1] = row end
    local side, kind, x, y, hp, hpmax = line:match("^unit (%S+) (%S+) (%d+),(%d+) hp (%d+)/(%d+)")
    if side then
      units[#units + 1] = {side = side, kind = kind, x = tonumber(x), y = tonumber(y),
                           hp = tonumber(hp), hpmax = tonumber(hpmax),
                           leader = line:find(" leader", 1, true) ~= nil}
    end
  end
  local s = math.floor(math.min(500 / cols, 420 / rows))
  local x0, y0 = 40, 24
  for y = 1, rows do
    local row = grid[y] or ""
    for x = 1, cols do
      local k = kinds[row:sub(x, x)]
      pic:cell_rect(x .. "," .. y, x0 + (x - 1) * s, y0 + (y - 1) * s, s, s,
                    k and k.colour or "#fff",
                    {class = "terrain " .. (k and k.name or "unknown"), stroke = "#777",
                     stroke_width = 0.5})
    end
  end
  for x = 1, cols do pic:text(x0 + (x - 0.5) * s, y0 - 12, tostring(x), {class = "coord x"}) end
  for y = 1, rows do pic:text(x0 - 14, y0 + (y - 0.5) * s, tostring(y), {class = "coord y"}) end
  local side_colour = {red = "#c62828", blue = "#1e56b4"}
  for i, u in ipairs(units) do
    if u.hp > 0 then
      local cx, cy = x0 + (u.x - 0.5) * s, y0 + (u.y - 0.5) * s
      pic:open("g", {class = "unit " .. u.side .. " " .. u.kind .. (u.leader and " leader" or ""),
                     pointer_events = THROUGH})
      pic:circle(cx, cy, s * 0.4, side_colour[u.side] or "#555",
                 {stroke = u.leader and "#ffd700" or "#111", stroke_width = u.leader and 3 or 1})
      pic:text(cx, cy - s * 0.1, "u" .. i, {font_size = math.max(10, s * 0.24), fill = "#fff",
                                            font_weight = "bold"})
      pic:text(cx, cy + s * 0.2, u.kind:sub(1, 1) .. " " .. u.hp .. "/" .. u.hpmax,
               {font_size = math.max(8, s * 0.17), fill = "#fff"})
      pic:close("g")
    end
  end
  local turn = opts.last and M.last_turn(g) or {}
  for _, step in ipairs(turn) do pic:mark_cells(step.cells or {}) end
  local ly = y0 + rows * s + 20
  for i, sym in ipairs(order) do
    local k = kinds[sym]
    local lx = 40 + (i - 1) * 180
    pic:rect(lx, ly - 8, 16, 16, k.colour, {class = "legend", stroke = "#555"})
    pic:text(lx + 22, ly, k.name .. " (" .. sym .. ")", {text_anchor = "start", class = "legend"})
  end
  ly = ly + 24
  pic:text(40, ly, "units: label u1... and kind/hp; red circles red, blue circles blue; " ..
           "gold ring: leader", {text_anchor = "start", class = "legend", font_size = 12})
  if #turn > 0 then
    ly = ly + 20
    pic:last_line(40, ly, M.moves_of(turn))
  end
  return ly + 16
end

-- Star Chess: the 4x4 sectors (A-D, 1-4 from the bottom) with planet, colony and fleet.
-- (the replay page's charts draw each empire in its colour from here: M.STARCHESS_COLOURS)
local PLAYER_COLOURS = {"#d32f2f", "#1976d2", "#388e3c", "#f9a825"}
M.STARCHESS_COLOURS = PLAYER_COLOURS
function renderers.starchess(g, opts, pic)
  local s, x0, y0 = 126, 40, 20
  for row = 1, 4 do
    for col = 1, 4 do
      local name = FILES:sub(col, col):upper() .. row
      local sec = g:sector(name)
      local x, y = x0 + (col - 1) * s, y0 + (4 - row) * s
      local owner = sec.colony and sec.colony.owner or (sec.fleet and sec.fleet.owner)
      pic:open("g", {class = "sector", id = "sector-" .. name})
      pic:cell_rect(name, x, y, s, s, sec.planet == "terran" and "#eef4ee" or "#e6e2dc",
                    {stroke = owner and PLAYER_COLOURS[owner] or "#888",
                     stroke_width = owner and 4 or 1})
      -- what the sector holds lets clicks through to it
      pic:open("g", {pointer_events = THROUGH})
      pic:text(x + 6, y + 12, name .. " " .. tostring(sec.planet),
               {text_anchor = "start", font_size = 12})
      if sec.colony then
        local c = sec.colony
        pic:rect(x + 6, y + 30, s - 12, 26, PLAYER_COLOURS[c.owner] or "#777",
                 {class = "colony player" .. c.owner, rx = 4})
        pic:text(x + s / 2, y + 43, fmt("P%d colony, pop %d%s", c.owner, c.pop,
                                        c.homeworld and " *" or ""),
                 {fill = "#fff", font_size = 11})
      end
      if sec.fleet and sec.fleet.ships and sec.fleet.ships > 0 then
        local f = sec.fleet
        pic:circle(x + 20, y + s - 30, 12, PLAYER_COLOURS[f.owner] or "#777",
                   {class = "fleet player" .. f.owner, stroke = "#222"})
        pic:text(x + 38, y + s - 30, fmt("%d:%d", f.owner, f.ships),
                 {text_anchor = "start", font_size = 14})
      end
      if sec.blockade then
        pic:text(x + s - 12, y + 12, "!", {class = "blockade", fill = "#c00"})
      end
      pic:close("g")
      pic:close("g")
    end
  end
  for col = 1, 4 do
    pic:text(x0 + (col - 0.5) * s, y0 + 4 * s + 14, FILES:sub(col, col):upper(),
             {class = "coord file"})
  end
  for row = 1, 4 do
    pic:text(x0 - 14, y0 + (4 - row + 0.5) * s, tostring(row), {class = "coord rank"})
  end
  local turn = opts.last and M.last_turn(g) or {}
  for _, step in ipairs(turn) do pic:mark_cells(step.cells or {}, 7) end
  local ly = y0 + 4 * s + 40
  for p = 1, g:players() do
    local e = g:empire(p)
    local x = 40 + (p - 1) * 135
    pic:rect(x, ly - 8, 16, 16, PLAYER_COLOURS[p], {class = "legend"})
    pic:text(x + 22, ly, fmt("player %d%s", p, e.defeated and " (out)" or ""),
             {text_anchor = "start", class = "legend"})
    pic:text(x, ly + 20, fmt("m %d  c %d  ships %d", e.materials, e.credits, e.ships),
             {text_anchor = "start", class = "legend", font_size = 11})
  end
  pic:text(40, ly + 42, "sector: planet; colony owner and population (* homeworld);",
           {text_anchor = "start", class = "legend", font_size = 12})
  pic:text(40, ly + 58, "fleet owner:ships; border in the owner's colour; ! blockade",
           {text_anchor = "start", class = "legend", font_size = 12})
  if #turn > 0 then
    pic:last_line(40, ly + 78, M.moves_of(turn))
    ly = ly + 20
  end
  return ly + 72
end

-- Playing cards and dominoes: a face-up card or a back.
local SUITS = {s = "\u{2660}", h = "\u{2665}", d = "\u{2666}", c = "\u{2663}"}
local SUIT_NAMES = {s = "spades", h = "hearts", d = "diamonds", c = "clubs"}
-- A card on the pile or column named `cell` (the card's rectangle takes clicks).
local function card(pic, x, y, text, cell)
  local w, h = 56, 78
  if text == "?" then
    pic:cell_rect(cell, x, y, w, h, "#3954a5", {class = "card back", rx = 5, stroke = "#223"})
    return
  end
  local rank, suit = text:sub(1, 1), text:sub(2, 2)
  local red = suit == "h" or suit == "d"
  pic:open("g", {class = "card face " .. (SUIT_NAMES[suit] or "")})
  pic:cell_rect(cell, x, y, w, h, "#fff", {rx = 5, stroke = "#333"})
  pic:text(x + 6, y + 12, (rank == "T" and "10" or rank) .. (SUITS[suit] or suit),
           {text_anchor = "start", font_size = 14, fill = red and "#c00" or "#111",
            pointer_events = THROUGH})
  pic:close("g")
end

function renderers.patience(g, opts, pic)
  local text = g:position{all = opts.all, player = opts.player}
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  local cols = split(words[1], "/")
  local function cards_of(s)
    local t = {}
    if s == "-" or s == nil then return t end
    for _ in s:gmatch("%?") do t[#t + 1] = "?" end
    if #t > 0 then return t end
    for c in s:gmatch("[%wT][shdc]") do t[#t + 1] = c end
    return t
  end
  -- stock and waste
  local stock, waste = cards_of(words[2]), cards_of(words[3])
  pic:text(40, 12, fmt("stock %d", #stock), {text_anchor = "start", class = "label"})
  if #stock > 0 then card(pic, 40, 24, "?", "s")
  else pic:target("s", 40, 24, 56, 78, "stock") end   -- turning the waste over
  pic:text(120, 12, fmt("waste %d", #waste), {text_anchor = "start", class = "label"})
  for i = math.max(1, #waste - 2), #waste do
    card(pic, 120 + (i - math.max(1, #waste - 2)) * 20, 24, waste[i], "w")
  end
  local found = split(words[4] or "0,0,0,0", ",")
  local RANKS = "A23456789TJQK"
  for i, suit in ipairs{"s", "h", "d", "c"} do
    local x = 280 + (i - 1) * 76
    local n = tonumber(found[i]) or 0
    pic:text(x + 28, 12, SUITS[suit], {class = "label", font_size = 16,
                                      fill = (suit == "h" or suit == "d") and "#c00" or "#111"})
    if n > 0 then card(pic, x, 24, RANKS:sub(n, n) .. suit, "f" .. suit)
    else pic:cell_rect("f" .. suit, x, 24, 56, 78, "none",
                       {class = "foundation empty", rx = 5, stroke = "#999",
                        stroke_dasharray = "4 3", pointer_events = "all"}) end
  end
  local y0, longest = 130, 1
  for i, col in ipairs(cols) do
    local x = 40 + (i - 1) * 76
    pic:text(x + 28, y0 - 10, tostring(i), {class = "coord column"})
    local down, up = col:match("^(.-)|(.*)$")
    if not down then down, up = "", col end
    local list = {}
    if col ~= "-" then
      for _ in down:gmatch("%?") do list[#list + 1] = "?" end
      for c in down:gmatch("[%wT][shdc]") do list[#list + 1] = c end   -- all = true
      for c in up:gmatch("[%wT][shdc]") do list[#list + 1] = c end
    end
    if #list == 0 then pic:target(tostring(i), x, y0, 56, 78, "column") end
    for j, c in ipairs(list) do card(pic, x, y0 + (j - 1) * 22, c, tostring(i)) end
    longest = math.max(longest, #list)
  end
  if opts.last then pic:mark_cells(M.last_cells(g)) end
  return y0 + (longest - 1) * 22 + 90
end

-- Dominoes: the line of play, the hands (hidden ones as backs) and the boneyard's count.
local function pips(pic, x, y, n, size)
  local spots = {
    [0] = {}, {{0, 0}}, {{-1, -1}, {1, 1}}, {{-1, -1}, {0, 0}, {1, 1}},
    {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}, {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
    {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
  }
  for _, p in ipairs(spots[n] or {}) do
    pic:circle(x + p[1] * size * 0.25, y + p[2] * size * 0.25, size * 0.08, "#111")
  end
end
-- A tile, face up (a, b) or a back; a face-up tile named `cell` takes clicks on all of it.
local function domino(pic, x, y, a, b, cell)
  local s = 30
  if a == nil then
    pic:rect(x, y, 2 * s, s, "#2d3a6b", {class = "tile back", rx = 4, stroke = "#111"})
    return
  end
  pic:open("g", {class = "tile face", id = nil})
  pic:rect(x, y, 2 * s, s, "#fffdf5", {rx = 4, stroke = "#111", data_cell = cell})
  if cell then pic:spot(cell, x, y, 2 * s, s) end
  pic:open("g", {pointer_events = THROUGH})
  pic:el("line", {x1 = x + s, y1 = y + 3, x2 = x + s, y2 = y + s - 3, stroke = "#111"})
  pips(pic, x + s / 2, y + s / 2, a, s)
  pips(pic, x + s * 1.5, y + s / 2, b, s)
  pic:close("g")
  pic:close("g")
end

function renderers.dominoes(g, opts, pic)
  local text = g:position{all = opts.all, player = opts.player}
  local f = {}
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  for i = 1, #words - 1, 2 do f[words[i]] = words[i + 1] end
  local function tiles(s)
    local t = {}
    if not s or s == "-" then return t end
    local hidden = s:match("^%?(%d+)$")
    if hidden then
      for _ = 1, tonumber(hidden) do t[#t + 1] = false end
      return t
    end
    for a, b in s:gmatch("(%d)(%d)") do t[#t + 1] = {tonumber(a), tonumber(b)} end
    return t
  end
  local y = 10
  pic:text(20, y, "line of play", {text_anchor = "start", class = "label"})
  y = y + 14
  local line = tiles(f.line)
  for i, t in ipairs(line) do
    local x = 20 + ((i - 1) % 8) * 70
    domino(pic, x, y + ((i - 1) // 8) * 38, t[1], t[2])
  end
  -- the open ends, L and R as the moves name them: the end tiles (the halves of a lone tile)
  if #line > 0 then
    local n = #line
    local xr, yr = 20 + ((n - 1) % 8) * 70, y + ((n - 1) // 8) * 38
    local half = n == 1 and 30 or 0
    pic:target("L", 20, y, 60 - half, 30, "end left")
    pic:target("R", xr + half, yr, 60 - half, 30, "end right")
  end
  y = y + math.max(1, (#line + 7) // 8) * 38 + 20
  local scores = split(f.scores or "0,0", ",")
  local mover = g:status() == "playing" and g:player()
  for p = 1, g:players() do
    local hand = tiles(f["hand" .. p])
    pic:text(20, y, fmt("player %d (score %s): %d tiles%s", p, scores[p] or "0", #hand,
                        tonumber(f.turn) == p and " - to move" or ""),
             {text_anchor = "start", class = "label"})
    y = y + 14
    for i, t in ipairs(hand) do
      local x = 20 + ((i - 1) % 8) * 70
      -- the mover's tiles are cells, named as the moves name them (the higher half first)
      if t then
        domino(pic, x, y + ((i - 1) // 8) * 38, t[1], t[2],
               p == mover and math.max(t[1], t[2]) .. "-" .. math.min(t[1], t[2]) or nil)
      else domino(pic, x, y + ((i - 1) // 8) * 38) end
    end
    y = y + math.max(1, (#hand + 7) // 8) * 38 + 16
  end
  local bone = tiles(f.bone)
  pic:text(20, y, fmt("boneyard: %d tiles", #bone), {text_anchor = "start", class = "label"})
  y = y + 14
  if opts.all then
    for i, t in ipairs(bone) do
      if t then domino(pic, 20 + ((i - 1) % 8) * 70, y + ((i - 1) // 8) * 38, t[1], t[2]) end
    end
    y = y + math.max(1, (#bone + 7) // 8) * 38
  end
  local turn = opts.last and M.last_turn(g) or {}
  if #turn > 0 then
    for _, step in ipairs(turn) do
      -- a lead has no end named: the line's one tile is it
      local cells = step.cells and #step.cells == 1 and {"L", "R"} or step.cells or {}
      pic:mark_cells(cells)
    end
    y = y + 6
    pic:last_line(20, y, M.moves_of(turn))
    y = y + 14
  end
  return y + 20
end

-- The word grid: 4x4 letter dice.
local function wordgrid(w, opts)
  local pic = new_pic()
  local s, x0, y0 = 120, 60, 10
  local faces = w:grid()
  for i = 1, 16 do
    local c, r = (i - 1) % 4, (i - 1) // 4
    local x, y = x0 + c * s, y0 + r * s
    pic:open("g", {class = "die"})
    pic:rect(x + 4, y + 4, s - 8, s - 8, "#fbf6e9", {rx = 14, stroke = "#665"})
    pic:text(x + s / 2, y + s / 2, faces[i], {font_size = 48, font_weight = "bold"})
    pic:close("g")
  end
  local caption = opts.title and (type(opts.title) == "string" and opts.title or "wordgrid")
  return finish(pic, y0 + 4 * s + 10, opts, caption)
end

-- ---- the cells of a move ----

-- The place names of a move (canonical text, the position before it), per game; nil for a
-- move no click makes.
local CELLS = {}
local function square_move(pattern)
  return function(_, m) return m:match(pattern) and {m} or nil end
end
CELLS.othello = square_move("^%l%d$")
CELLS.tictactoe = square_move("^%l%d$")
CELLS.qubic = square_move("^%d%l%d$")
CELLS.connect4 = square_move("^%l$")

function CELLS.chess(_, m)
  local from, to = m:match("^(%l%d)(%l%d)%l?$")
  return from and {from, to} or nil
end

-- 9-13, 15x22x29: every square the man stops on.
function CELLS.draughts(_, m)
  if not m:match("^%d+[-x]%d") then return nil end
  local t = {}
  for n in m:gmatch("%d+") do t[#t + 1] = n end
  return t
end

-- MOVE/JUMP (q,r) (q,r): both hexes; EXIT (q,r): the hex, then the mover's exits; PASS: nil.
function CELLS.chexers(_, m)
  local verb, a, b = m:match("^(%u+) %((%-?%d+,%-?%d+)%) %((%-?%d+,%-?%d+)%)$")
  if verb then return {a, b} end
  a = m:match("^EXIT %((%-?%d+,%-?%d+)%)$")
  return a and {a, "EXIT"} or nil
end

-- u3 12,7 [x u9]: the unit's tile, the tile it goes to (its own to stay), the target's tile.
function CELLS.warchess(g, m)
  local u, to, rest = m:match("^u(%d+) (%S+)(.*)$")
  if not u then return nil end
  local tiles = {}
  for x, y in g:position():gmatch("\nunit %S+ %S+ (%d+),(%d+)") do
    tiles[#tiles + 1] = x .. "," .. y
  end
  local from = tiles[tonumber(u)]
  local t = {from, to == "stay" and from or to}
  local v = rest:match("^ x u(%d+)$")
  if v then t[3] = tiles[tonumber(v)] end
  return t
end

-- move A1 B1 3: both sectors; build, scrap, colonise, terraform: the sector; end: nil.
function CELLS.starchess(_, m)
  local verb, a, rest = m:match("^(%a+) (%u%d)(.*)$")
  if verb == "move" then return {a, rest:match("^ (%u%d)")} end
  return verb and {a} or nil
end

-- 6-2L: the tile in hand (higher half first), then the end; a lead: the tile; draw, pass: nil.
function CELLS.dominoes(_, m)
  local a, b, e = m:match("^(%d)%-(%d)([LR]?)$")
  if not a then return nil end
  a, b = tonumber(a), tonumber(b)
  local t = {math.max(a, b) .. "-" .. math.min(a, b)}
  if e ~= "" then t[2] = e end
  return t
end

-- s: the stock; w: the waste; 1-7: the columns; fs fh fd fc: the foundations (a move to "f"
-- goes to the card's suit).
function CELLS.patience(g, m)
  local words = {}
  for w in g:position():gmatch("%S+") do words[#words + 1] = w end
  local function foundation(pile)
    local top
    for c in (pile or ""):gmatch("[%wT][shdc]") do top = c end
    return top and "f" .. top:sub(2, 2)
  end
  if m == "s" then return {"s"} end
  if m == "wf" then return {"w", foundation(words[3])} end
  local d = m:match("^w(%d)$")
  if d then return {"w", d} end
  d = m:match("^(%d)f$")
  if d then return {d, foundation(split(words[1], "/")[tonumber(d)])} end
  local a, b = m:match("^(%d)%-?(%d)")
  if a then return {a, b} end
  local suit, col = m:match("^f([shdc])(%d)$")
  return suit and {"f" .. suit, col} or nil
end

-- svg.move_cells(g, move): the cells a player clicks, in order, to make the legal move `move`
-- of g's position (their data-cell names in g:svg()); nil for a move no click makes (pass,
-- end, draw), nil and the reason for an illegal move.
function M.move_cells(g, move)
  if type(g) ~= "userdata" and type(g) ~= "table" or type(g.game) ~= "function" then
    local mt = getmetatable(g)
    error(fmt("svg.move_cells: expected a game, got %s",
              type(mt) == "table" and mt.__name or type(g)), 2)
  end
  if type(move) ~= "string" then
    error(fmt("svg.move_cells: expected a move text, got %s", type(move)), 2)
  end
  local cells = CELLS[g:game()]
  if not cells then error(fmt("svg.move_cells: no cells for the game '%s'", g:game()), 2) end
  local ok, why = g:legal(move)
  if not ok then return nil, why end
  local c = g:copy()   -- the history writes the move as the move list does
  c:play(move)
  local h = c:history()
  return cells(g, h[#h])
end

-- The last turn: each move with its cells (in the position before it), oldest first. A turn is
-- the last move; in games whose turn is a series of commands closed by `end`, the commands of
-- the turn going on or, after an `end`, of the turn it closed; in dominoes, the last move and
-- the draws before it.
local END_TURNS = {warchess = true, starchess = true}
function M.last_turn(g)
  local h = g:history()
  if #h == 0 then return {} end
  local first = #h
  if END_TURNS[g:game()] then
    if h[first] == "end" then first = first - 1 end
    while first >= 1 and h[first] ~= "end" do first = first - 1 end
    first = first + 1
  elseif g:game() == "dominoes" then
    while first > 1 and h[first - 1] == "draw" do first = first - 1 end
  end
  local c = g:copy()
  for _ = first, #h do c:undo() end
  local turn = {}
  for i = first, #h do
    turn[#turn + 1] = {move = h[i], cells = M.move_cells(c, h[i])}
    c:play(h[i])
  end
  return turn
end

-- The cells of the last move ({} at the start).
function M.last_cells(g)
  local turn = M.last_turn(g)
  return turn[#turn] and turn[#turn].cells or {}
end

-- The move texts of a turn.
function M.moves_of(turn)
  local t = {}
  for i, step in ipairs(turn) do t[i] = step.move end
  return t
end

local SIDES = {
  chess = {"white", "black"}, othello = {"black", "white"}, draughts = {"black", "white"},
  connect4 = {"x", "o"}, tictactoe = {"x", "o"}, qubic = {"x", "o"},
  chexers = {"red", "green", "blue"}, warchess = {"red", "blue"},
}

local function caption_of(g, name)
  local st, winner = g:status()
  local sides = SIDES[name]
  local function who(p) return sides and sides[p] or ("player " .. p) end
  if st == "playing" then
    if g:players() == 1 then return fmt("%s, move %d", name, g:ply() + 1) end
    return fmt("%s: %s to move", name, who(g:player()))
  elseif st == "won" then
    return fmt("%s: %s won", name, winner and who(winner) or "?")
  end
  return fmt("%s: %s", name, st)
end

-- Check opts against the game; the checked table (defaults filled in).
function M.check(_g, opts, players)
  if opts ~= nil and type(opts) ~= "table" then
    error(fmt("g:svg: options must be a table, got %s", type(opts)), 4)
  end
  opts = opts or {}
  for k in pairs(opts) do
    local ok = false
    for _, v in ipairs(OPTIONS) do ok = ok or v == k end
    if not ok then
      error(fmt("g:svg: unknown option '%s' (valid: %s)", tostring(k),
                table.concat(OPTIONS, ", ")), 4)
    end
  end
  local o = {size = 600, all = false, flip = false, last = false, title = true}
  if opts.size ~= nil then
    if math.type(opts.size) ~= "integer" or opts.size < 50 or opts.size > 10000 then
      error(fmt("g:svg: size must be a whole number of pixels from 50 to 10000, got %s",
                tostring(opts.size)), 4)
    end
    o.size = opts.size
  end
  for _, k in ipairs{"all", "flip", "last"} do
    if opts[k] ~= nil then
      if type(opts[k]) ~= "boolean" then
        error(fmt("g:svg: %s must be true or false, got %s", k, tostring(opts[k])), 4)
      end
      o[k] = opts[k]
    end
  end
  if opts.title ~= nil then
    if type(opts.title) ~= "boolean" and type(opts.title) ~= "string" then
      error(fmt("g:svg: title must be true, false or a caption text, got %s",
                type(opts.title)), 4)
    end
    o.title = opts.title
  end
  if opts.player ~= nil then
    if math.type(opts.player) ~= "integer" or opts.player < 1 or opts.player > players then
      error(fmt("g:svg: player must be a whole number from 1 to %d, got %s", players,
                tostring(opts.player)), 4)
    end
    o.player = opts.player
  end
  return o
end

-- g:svg(opts): the position as SVG text.
function M.render(g, opts)
  if getmetatable(g) and getmetatable(g).__name == "stratagem.wordgrid" then
    return wordgrid(g, M.check(g, opts, 1))
  end
  local o = M.check(g, opts, g:players())
  local name = g:game()
  if o.flip and name ~= "chess" then
    error(fmt("g:svg: flip (the board seen from black's side) is for chess, not %s", name), 2)
  end
  local r = renderers[name]
  local d = not r and require("stratagem").defaults(name)
  if d and d.defined and d.svg then   -- a game defined in Lua with a picture of its own
    return d.svg(require("stratagem.core").defined_state(g), o)
  end
  if not r then error(fmt("g:svg: no picture for the game '%s'", name), 2) end
  local pic = new_pic()
  local h = r(g, o, pic)
  local caption
  if o.title then caption = type(o.title) == "string" and o.title or caption_of(g, name) end
  return finish(pic, h, o, caption)
end

M.OPTIONS = OPTIONS
M.games = renderers
return M
