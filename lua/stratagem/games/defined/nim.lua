-- Nim (one heap): take 1, 2 or 3 objects; whoever takes the last one wins.  A game defined in
-- Lua (doc/new-game.md): the state is a small table, never changed once made.
local sg = require "stratagem"

return sg.define{
  name = "nim",
  title = "Nim: one heap, take 1 to 3, the last to take wins",
  notation = "how many to take: 1, 2 or 3",
  players = 2,
  player_names = {"first", "second"},
  -- the heap size: options.variant is not used; position "HEAP PLAYER" starts elsewhere
  start = function() return {heap = 21, mover = 1} end,
  player = function(s) return s.mover end,
  moves = function(s)
    local list = {}
    for k = 1, math.min(3, s.heap) do list[k] = tostring(k) end
    return list
  end,
  play = function(s, move) return {heap = s.heap - tonumber(move), mover = 3 - s.mover} end,
  status = function(s)
    if s.heap == 0 then return "won", 3 - s.mover end   -- the player who took the last
    return "playing"
  end,
  -- theory: the player to move loses exactly when the heap is a multiple of 4
  eval = function(s, player)
    local good = s.heap % 4 ~= 0
    if s.mover ~= player then good = not good end
    return good and 100 or -100
  end,
  position = function(s) return s.heap .. " " .. s.mover end,
  parse = function(text)
    local heap, mover = text:match("^(%d+) ([12])$")
    if not heap then return nil, "expected 'HEAP PLAYER', e.g. '21 1'" end
    return {heap = tonumber(heap), mover = tonumber(mover)}
  end,
  render = function(s)
    return string.format("heap: %d %s\nplayer %d to move\n", s.heap, string.rep("|", s.heap),
                         s.mover)
  end,
}
