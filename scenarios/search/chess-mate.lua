-- scenarios/search/chess-mate.lua: does the chess player mate a bare king?
--
--   stratagem scenarios/search/chess-mate.lua [NODES [SEED [COUNT [WEIGHTS]]]]
--
-- Plays COUNT (default 20) random positions of each ending (KR, KQ, KBB with bishops on both
-- colours, KBN and KRP against a bare king; white to move, legal, men placed by a generator
-- seeded with SEED, default 1) with the default player at NODES nodes a move (default 5000,
-- one thread, a 1 MB table) on both sides, until the game ends or 400 plies, and prints how
-- many white won (checkmate before the fifty-move rule) and in how many plies on average.
-- WEIGHTS, a Lua table, changes weights for both sides: '{mop_edge = 0, mop_close = 0,
-- mop_corner = 0}' plays without the mop-up term.  The same arguments give the same games.
local sg = require "stratagem"

local nodes = tonumber(arg[1]) or 5000
local rng = tonumber(arg[2]) or 1
local count = tonumber(arg[3]) or 20
local weights = arg[4] and assert(load("return " .. arg[4]))() or nil

local function rnd(n)
  rng = (rng * 1103515245 + 12345) % 2147483648
  return (rng >> 8) % n
end

local function colour(s) return (s % 8 + s // 8) % 2 end

-- a random position of kings and the given white men (B2: a bishop on the other colour than
-- the first B; P: a pawn on ranks 2 to 7), as FEN, white to move
local function position(men)
  local board = {}
  local function put(ch, ok)
    while true do
      local s = rnd(64)
      if not board[s] and (not ok or ok(s)) then board[s] = ch return s end
    end
  end
  put("K"); put("k")
  local first
  for _, m in ipairs(men) do
    if m == "B2" then put("B", function(s) return colour(s) ~= colour(first) end)
    elseif m == "P" then put("P", function(s) return s >= 8 and s < 56 end)
    else
      local s = put(m)
      if m == "B" then first = s end
    end
  end
  local rows = {}
  for r = 7, 0, -1 do
    local row, empty = "", 0
    for f = 0, 7 do
      local ch = board[r * 8 + f]
      if ch then
        if empty > 0 then row = row .. empty end
        row, empty = row .. ch, 0
      else
        empty = empty + 1
      end
    end
    if empty > 0 then row = row .. empty end
    rows[#rows + 1] = row
  end
  return table.concat(rows, "/") .. " w - - 0 1"
end

for _, e in ipairs({{"KR", {"R"}}, {"KQ", {"Q"}}, {"KBB", {"B", "B2"}}, {"KBN", {"B", "N"}},
                    {"KRP", {"R", "P"}}}) do
  local won, tried, plies = 0, 0, 0
  while tried < count do
    local g = sg.new("chess", {position = position(e[2]), weights = weights})
    if g and g:status() == "playing" then   -- not a position with black in check
      tried = tried + 1
      local n = 0
      while g:status() == "playing" and n < 400 do
        g:play(sg.search(g, {nodes = nodes, threads = 1, hash = 1}).move)
        n = n + 1
      end
      if g:result() == "1-0" then won, plies = won + 1, plies + n end
    end
  end
  print(string.format("%-4s v K: %3d of %d won at %d nodes a move, %5.1f plies on average", e[1],
                      won, tried, nodes, won > 0 and plies / won or 0))
end
