-- A river crossing on an 8-connected 10x10 board: five units a side, each led by a knight (MP 3),
-- face each other across a river "B" (no unit enters; archers shoot across it) with two
-- fords; forest "F" costs swordsmen and knights 2 and archers 1, and hills "A" close the
-- flanks.  Red (units 1-5) holds the north bank, blue (units 6-10) the south.
return {
  board = {
    kind = "square8",
    terrain = {
      "A....FF...",
      "..F....F.A",
      ".F...A....",
      "....F...F.",
      "BB.BBBB.BB",
      "....F...F.",
      "A.FF.....A",
      "......F...",
      "..A.....F.",
      ".....F....",
    },
  },
  terrain = {F = {name = "forest", cost = {swordsman = 2, archer = 1, knight = 2}}},
  kinds = {knight = {mp = 3, hp = 12, atk = 5, range = 1}},
  units = {
    {side = "red", kind = "knight", x = 5, y = 1, leader = true},
    {side = "red", kind = "swordsman", x = 3, y = 2},
    {side = "red", kind = "swordsman", x = 7, y = 3},
    {side = "red", kind = "archer", x = 4, y = 1},
    {side = "red", kind = "archer", x = 8, y = 1},
    {side = "blue", kind = "knight", x = 6, y = 10, leader = true},
    {side = "blue", kind = "swordsman", x = 4, y = 8},
    {side = "blue", kind = "swordsman", x = 8, y = 8},
    {side = "blue", kind = "archer", x = 5, y = 9},
    {side = "blue", kind = "archer", x = 9, y = 10},
  },
  side = "red",
}
