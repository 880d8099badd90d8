-- The double huff of Blunt's Archimedes Gamemakers Manual (section 9.1.1): under the huffing
-- rule, Black offers two pieces to two different white men.  Whichever capture White takes,
-- Black huffs the other man, which failed to take its piece: each side loses exactly one.
-- Usage: stratagem scenarios/draughts/double-huff.lua
local sg = require "stratagem"

local start = "B:W21,24,28:B1,13,19"
local function count(g, side)   -- pieces of a side, from the position text
  local list = g:position():match(side == "W" and ":W([^:]*)" or ":B([^:]*)") or ""
  local n = 0
  for _ in list:gmatch("%d+") do n = n + 1 end
  return n
end

local g = assert(sg.new("draughts", {variant = {capture = "huff"}, position = start}))
print("Huffing variant; Black to move:\n")
print(g)
g:play("13-17")
print("\nBlack plays 13-17: 17 can be taken by 21, and 19 by 24.")
print("White's moves: " .. table.concat(g:moves(), " "))
for _, line in ipairs({{"21x14", "huff 24"}, {"24x15", "huff 21"}}) do
  local x = g:copy()
  local b0, w0 = count(x, "B"), count(x, "W")
  x:play(line[1])
  print(("\nWhite takes %s; the man that could have taken the other piece is huffable."):format(line[1]))
  print("Black's moves: " .. table.concat(x:moves(), " "))
  x:play(line[2])
  print(("Black plays %s and still has the move:"):format(line[2]))
  print(x)
  print(("Black lost %d piece, White lost %d piece."):format(b0 - count(x, "B"), w0 - count(x, "W")))
end
