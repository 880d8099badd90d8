-- Breakthrough (Dan Troyka, 2000) on a 6x6 board, written in Lua with sg.define: a game of
-- some depth with an evaluation, to show a script-defined game played by every search.
--
-- Rules: each player has two rows of pawns (x on ranks 1-2, moving up; o on ranks 5-6,
-- moving down).  A pawn moves one square straight or diagonally forward to an empty square,
-- or captures an enemy pawn diagonally forward (never straight).  Whoever reaches the far
-- rank, or captures every enemy pawn, wins.  A player always has a move until then.
local sg = require "stratagem"

local N = 6
local FILES = "abcdef"
local X, O, EMPTY = ("x"):byte(), ("o"):byte(), ("."):byte()
local byte, sub, char = string.byte, string.sub, string.char

-- A state: a string of N*N squares (a1 b1 ... f1 a2 ... f6), then the mark to move.
local function sq(f, r) return (r - 1) * N + f end
local NAME = {}
for r = 1, N do
  for f = 1, N do NAME[sq(f, r)] = FILES:sub(f, f) .. r end
end

local function start()
  local rows = {}
  for r = 1, N do
    rows[r] = string.rep(r <= 2 and "x" or r >= N - 1 and "o" or ".", N)
  end
  return table.concat(rows) .. "x"
end

local function winner(s)
  local nx, no = 0, 0
  for i = 1, N * N do
    local c = byte(s, i)
    if c == X then
      nx = nx + 1
      if i > (N - 1) * N then return 1 end
    elseif c == O then
      no = no + 1
      if i <= N then return 2 end
    end
  end
  if no == 0 then return 1 end
  if nx == 0 then return 2 end
end

local function moves(s)
  local me = byte(s, N * N + 1)
  local them = me == X and O or X
  local dr = me == X and 1 or -1
  local list, n = {}, 0
  for i = 1, N * N do
    if byte(s, i) == me then
      local f, r = (i - 1) % N + 1, (i - 1) // N + 1
      local r2 = r + dr
      if r2 >= 1 and r2 <= N then
        for df = -1, 1 do
          local f2 = f + df
          if f2 >= 1 and f2 <= N then
            local j = sq(f2, r2)
            local c = byte(s, j)
            if c == EMPTY or (df ~= 0 and c == them) then
              n = n + 1
              list[n] = NAME[i] .. (c == EMPTY and "-" or "x") .. NAME[j]
            end
          end
        end
      end
    end
  end
  return list
end

local function square_of(text)
  local f, r = text:byte(1) - 96, text:byte(2) - 48
  return sq(f, r)
end

return sg.define{
  name = "breakthrough",
  title = "Breakthrough on 6x6 (Troyka): pawns race to the far rank (written in Lua)",
  notation = "from, '-' (a move) or 'x' (a capture), to: b2-b3, c3xd4",
  players = 2,
  player_names = {"x", "o"},
  max_moves = 3 * N * 2,
  -- the evaluation: a pawn is worth `pawn`, each rank it has advanced `advance`, and a pawn
  -- that no enemy pawn can stop any more (none ahead on its file or the two beside) `free`
  weights = {pawn = 100, advance = 8, free = 60},
  start = start,
  player = function(s) return byte(s, N * N + 1) == X and 1 or 2 end,
  moves = moves,
  play = function(s, move)
    local from, to = square_of(move), square_of(sub(move, 4, 5))
    local me = sub(s, N * N + 1)
    local b = {byte(s, 1, N * N)}
    b[to], b[from] = b[from], EMPTY
    return char(table.unpack(b)) .. (me == "x" and "o" or "x")
  end,
  status = function(s)
    local w = winner(s)
    if w then return "won", w end
    return "playing"
  end,
  eval = function(s, player, w)
    local score = 0
    for i = 1, N * N do
      local c = byte(s, i)
      if c ~= EMPTY then
        local f, r = (i - 1) % N + 1, (i - 1) // N + 1
        local sign, adv, dr, them = 1, r - 1, 1, O
        if c == O then sign, adv, dr, them = -1, N - r, -1, X end
        local v = w.pawn + w.advance * adv
        local free = true
        local rr = r + dr
        while free and rr >= 1 and rr <= N do
          for df = -1, 1 do
            local ff = f + df
            if ff >= 1 and ff <= N and byte(s, sq(ff, rr)) == them then free = false end
          end
          rr = rr + dr
        end
        if free then v = v + w.free end
        score = score + sign * v
      end
    end
    return player == 1 and score or -score
  end,
  -- the position: ranks from 6 down to 1, '/' between, then a space and the mark to move
  position = function(s)
    local rows = {}
    for r = N, 1, -1 do rows[#rows + 1] = sub(s, sq(1, r), sq(N, r)) end
    return table.concat(rows, "/") .. " " .. sub(s, N * N + 1)
  end,
  parse = function(text)
    local rows, mover = {}, text:match(" ([xo])$")
    for row in (text:match("^(%S+)") or ""):gmatch("[^/]+") do rows[#rows + 1] = row end
    if not mover or #rows ~= N then
      return nil, "expected 6 ranks of x, o or '.' separated by '/', rank 6 first, a space and " ..
                  "the mark to move, e.g. 'oooooo/oooooo/....../....../xxxxxx/xxxxxx x'"
    end
    local b = {}
    for r = N, 1, -1 do
      local row = rows[N - r + 1]
      if not row:match("^[xo.]+$") or #row ~= N then
        return nil, string.format("rank %d: '%s' is not 6 squares of x, o or '.'", r, row)
      end
      b[r] = row
    end
    return table.concat(b) .. mover
  end,
  render = function(s)
    local lines = {}
    for r = N, 1, -1 do
      lines[#lines + 1] = r .. "  " .. sub(s, sq(1, r), sq(N, r)):gsub(".", "%0 ")
    end
    lines[#lines + 1] = "   a b c d e f"
    return table.concat(lines, "\n") .. "\n" .. sub(s, N * N + 1) .. " to move\n"
  end,
}
