-- Symmetry reduction (Blunt, section 9.1.2): of the 9 opening squares only 3 are essentially
-- different; the search examines one move per class and then plays a random image of it.
local sg = require "stratagem"

local g = sg.new("tictactoe")
print("opening moves:          " .. table.concat(g:moves(), " "))
print("essentially different:  " .. table.concat(g:moves{distinct = true}, " "))
local plain = sg.search(g, {hash = 0})
local sym = sg.search(g, {hash = 0, symmetry = true})
print(("full solve: %d nodes without symmetry, %d with it; both score %d"):format(
  plain.nodes, sym.nodes, sym.score))
local seen = {}
for seed = 1, 40 do
  local r = sg.search(g, {symmetry = true, random = 0, seed = seed})
  seen[r.move] = (seen[r.move] or 0) + 1
end
local list = {}
for m, n in pairs(seen) do list[#list + 1] = ("%s x%d"):format(m, n) end
table.sort(list)
print("first moves over 40 seeds: " .. table.concat(list, ", "))
