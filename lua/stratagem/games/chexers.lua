-- Chexers defaults: rules constants, the seed player's evaluation weights and search settings
-- (the only copy), and the position given as a table.
local levels = require "stratagem.levels"
local M = {
  title = "Chexers: three players race four pieces each across a 37-hex board",
  -- said at the start of stratagem play: the board with each hex's q (r is the row)
  legend = function()
    local lines = {"Hexes are (q,r): r is the row, q is written in each hex below, so the " ..
                   "hex right of (0,0) is (1,0):"}
    for r = -3, 3 do
      local cells = {}
      for q = math.max(-3, -3 - r), math.min(3, 3 - r) do cells[#cells + 1] = string.format("%2d", q) end
      lines[#lines + 1] = string.format("r=%2d %s%s", r, (" "):rep(2 * math.abs(r) + 1),
                                        table.concat(cells, "  "))
    end
    return table.concat(lines, "\n")
  end,
  notation = "MOVE (q,r) (q,r), JUMP (q,r) (q,r), EXIT (q,r) or PASS, hexes in axial "
             .. "coordinates, e.g. MOVE (-3,3) (-2,3)",
  players = {"red", "green", "blue"},
  -- max_turns: turns per player before the game is drawn (256: 768 actions, passes included;
  -- at most 256, the repetition history holds that many); win_exits: exits that win;
  -- repetitions: the occurrence of the same position (board and player to move) that draws
  rules = {max_turns = 256, win_exits = 4, repetitions = 4},
  -- The seed player's utility, per player, in hundredths of its units: average * (the mean
  -- over the player's pieces of defence value - squared distance to the nearest own exit hex)
  -- + 100 * (exits * exits made + pieces * pieces on the board).  Defence values in
  -- hundredths: corner hexes 1.5, edge hexes 1, centre hexes 0.5.
  weights = {
    average = 1,
    exits = 1000,
    pieces = 100,
    corner = 150,
    edge = 100,
    centre = 50,
  },
  variant = {},
  options = {},
  -- sg.new's position may be a table (see setup below) as well as the position text
  position_table = true,
  -- max^n (every player maximises its own score; shallow pruning from the evaluation's
  -- bounds) four actions deep.  prune_actions = true applies the seed's action pruning (EXIT
  -- when possible, else forward actions only) at every node, "own" to the searching player's
  -- actions only: much faster, but weaker (doc/chexers.md), so it is off by default.
  search = {algo = "maxn", depth = 4},
  -- scores shown in the seed's units (the utility above over 100: a piece on the board 100, an
  -- exit 1000)
  play = {seats = {"human", "ai", "ai"}, ai = {algo = "maxn", depth = 4, random = 0},
          score = {scale = 100, unit = "utility"},
          -- levels 6 to 10 measured each stronger than the one below (manual 7.14: max^n 1 to 4
          -- actions deep, then paranoid 5 deep; no deeper search measured stronger than paranoid
          -- 5: doc/chexers.md, "Depth and strength"); below them, random moves, then level 6's
          -- move on a growing share of the moves (blunder)
          -- the level the web page (stratagem serve) starts at
          default_level = 9,
          levels = levels.list(
            {algo = "random", text = "moves at random"},
            levels.blunder({algo = "maxn", depth = 1}, {15, 35, 60, 80},
                           "plays level 6's move on %s of its moves, a random one on the others"),
            {algo = "maxn", depth = 1, text = "looks 1 action ahead by max^n"},
            {algo = "maxn", depth = 2, text = "looks 2 actions ahead by max^n"},
            {algo = "maxn", depth = 3, text = "looks 3 actions ahead by max^n"},
            {algo = "maxn", depth = 4, text = "looks 4 actions ahead by max^n (the default search)"},
            {algo = "paranoid", depth = 5,
             text = "looks 5 actions ahead, as if both opponents played against it (paranoid)"})},
}

local COLOURS = {red = 1, green = 2, blue = 3}
local ORDER = {"red", "green", "blue"}

local function on_board(q, r)
  return q >= -3 and q <= 3 and r >= -3 and r <= 3 and q + r >= -3 and q + r <= 3
end

-- The position table {pieces = {red = {{q, r}, ...}, green = ..., blue = ...}, turn = "red",
-- exits = {red = 0, ...}} as the position text; nil and the fault when it is malformed.
local function position_text(t)
  local function bad(msg, ...) return nil, "malformed position table: " .. msg:format(...) end
  for k in pairs(t) do
    if k ~= "pieces" and k ~= "turn" and k ~= "exits" then
      return bad("unknown key '%s' (valid keys: exits, pieces, turn)", tostring(k))
    end
  end
  if type(t.pieces) ~= "table" then
    return bad("pieces must be a table {red = {{q, r}, ...}, green = ..., blue = ...}")
  end
  for k in pairs(t.pieces) do
    if not COLOURS[k] then
      return bad("pieces: unknown colour '%s' (red, green or blue)", tostring(k))
    end
  end
  local fields, seen = {}, {}
  for _, colour in ipairs(ORDER) do
    local list = t.pieces[colour] or {}
    if type(list) ~= "table" then
      return bad("pieces.%s must be an array of hexes {q, r}", colour)
    end
    local hexes = {}
    for k in pairs(list) do
      if math.type(k) ~= "integer" or k < 1 or k > #list then
        return bad("pieces.%s must be an array of hexes {q, r}", colour)
      end
    end
    for i, h in ipairs(list) do
      local q, r, keys = nil, nil, 0
      if type(h) == "table" then
        q, r = h[1], h[2]
        for _ in pairs(h) do keys = keys + 1 end
      end
      if keys ~= 2 or math.type(q) ~= "integer" or math.type(r) ~= "integer" then
        return bad("pieces.%s[%d] must be a pair of whole numbers {q, r}", colour, i)
      end
      if not on_board(q, r) then
        return bad("pieces.%s[%d]: (%d,%d) is off the board (q, r and -q-r each from -3 to 3)",
                   colour, i, q, r)
      end
      local key = q .. "," .. r
      if seen[key] then
        return bad("pieces.%s[%d]: (%d,%d) is given twice", colour, i, q, r)
      end
      seen[key] = true
      hexes[#hexes + 1] = key
    end
    fields[#fields + 1] = colour .. ":" .. table.concat(hexes, ";")
  end
  local exits = {}
  if t.exits ~= nil and type(t.exits) ~= "table" then
    return bad("exits must be a table {red = n, green = n, blue = n}")
  end
  for k in pairs(t.exits or {}) do
    if not COLOURS[k] then
      return bad("exits: unknown colour '%s' (red, green or blue)", tostring(k))
    end
  end
  for _, colour in ipairs(ORDER) do
    local e = (t.exits or {})[colour] or 0
    if math.type(e) ~= "integer" or e < 0 or e > 3 then
      return bad("exits.%s must be a whole number from 0 to 3 (4 exits end the game), got %s",
                 colour, tostring(e))
    end
    exits[#exits + 1] = e
  end
  fields[#fields + 1] = "exits:" .. table.concat(exits, ",")
  local turn = t.turn == nil and "red" or t.turn
  if not COLOURS[turn] then
    return bad("turn must be 'red', 'green' or 'blue', got %s", tostring(turn))
  end
  fields[#fields + 1] = "turn:" .. turn
  return table.concat(fields, "|")
end

-- sg.new's hook: a position given as a table becomes the position text.
function M.setup(_opts, c)
  if type(c.position) ~= "table" then return true end
  local text, err = position_text(c.position)
  if not text then return nil, err end
  c.position = text
  return true
end

return M
