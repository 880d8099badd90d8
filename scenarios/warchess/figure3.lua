-- Figure 3 of Nan et al. (2016), reconstructed from its caption (the image is not
-- available): four red and four blue units, swordsmen and archers, on a square board with
-- hills "A" (no unit enters) and a river "B" (no unit enters; archers shoot across it).
-- Red (units 1-4) holds the west bank, blue (units 5-8) the east; the river has a ford at
-- rows 4-5, flanked by hills, so the swordsmen must meet there while the archers trade
-- shots across the water.  Each side's first swordsman is its leader.
return {
  board = {
    kind = "square4",
    terrain = {
      "....B...",
      "..A.B...",
      "....B.A.",
      "..A.....",
      ".....A..",
      ".A..B...",
      "....B.A.",
      "....B...",
    },
  },
  units = {
    {side = 1, kind = "swordsman", x = 2, y = 4, leader = true},
    {side = 1, kind = "swordsman", x = 3, y = 5},
    {side = 1, kind = "archer", x = 3, y = 1},
    {side = 1, kind = "archer", x = 3, y = 7},
    {side = 2, kind = "swordsman", x = 7, y = 5, leader = true},
    {side = 2, kind = "swordsman", x = 6, y = 4},
    {side = 2, kind = "archer", x = 6, y = 2},
    {side = 2, kind = "archer", x = 6, y = 8},
  },
  side = 1,
}
