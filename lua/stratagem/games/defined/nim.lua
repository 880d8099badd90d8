-- Nim (one heap): take 1, 2 or 3 objects; whoever takes the last one wins (or, misère, loses).
-- A game defined in Lua (doc/new-game.md): the state is a small table, never changed once
-- made; its two variant settings (the heap's size, misère) come in sg.new's options.
local sg = require "stratagem"

return sg.define{
  name = "nim",
  title = "Nim: one heap, take 1 to 3, the last to take wins (misère: loses)",
  notation = "how many to take: 1, 2 or 3",
  players = 2,
  player_names = {"first", "second"},
  variants = {
    heap = {type = "integer", default = 21, min = 1, max = 1000, label = "Heap",
            doc = "how many objects the heap holds at the start"},
    misere = {type = "boolean", default = false, label = "Misère",
              doc = "whoever takes the last object loses instead of winning"},
  },
  -- position "HEAP PLAYER" starts elsewhere; misère is the game's, not the position's
  start = function(options)
    return {heap = options.variant.heap, mover = 1, misere = options.variant.misere}
  end,
  player = function(s) return s.mover end,
  moves = function(s)
    local list = {}
    for k = 1, math.min(3, s.heap) do list[k] = tostring(k) end
    return list
  end,
  play = function(s, move)
    return {heap = s.heap - tonumber(move), mover = 3 - s.mover, misere = s.misere}
  end,
  status = function(s)
    if s.heap == 0 then   -- the player who took the last wins, or in misère the other one
      return "won", s.misere and s.mover or 3 - s.mover
    end
    return "playing"
  end,
  -- theory: the player to move loses exactly when the heap is a multiple of 4; in misère,
  -- when it is one more than a multiple of 4 (the other must then take the last)
  eval = function(s, player)
    local good = s.heap % 4 ~= (s.misere and 1 or 0)
    if s.mover ~= player then good = not good end
    return good and 100 or -100
  end,
  position = function(s) return s.heap .. " " .. s.mover end,
  parse = function(text, options)
    local heap, mover = text:match("^(%d+) ([12])$")
    if not heap then return nil, "expected 'HEAP PLAYER', e.g. '21 1'" end
    return {heap = tonumber(heap), mover = tonumber(mover), misere = options.variant.misere}
  end,
  render = function(s)
    return string.format("heap: %d %s\nplayer %d to move%s\n", s.heap, string.rep("|", s.heap),
                         s.mover, s.misere and " (misère: the last to take loses)" or "")
  end,
}
