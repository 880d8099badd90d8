-- A small hex skirmish: two swordsmen and an archer a side, a lake in the middle that the
-- archers can shoot across, and a hill on each flank.
return {
  board = {
    kind = "hex",
    terrain = {
      "......",
      ".A....",
      "..BB..",
      "..BB..",
      "....A.",
      "......",
    },
  },
  units = {
    {side = "red", kind = "swordsman", x = 1, y = 2, leader = true},
    {side = "red", kind = "swordsman", x = 2, y = 4},
    {side = "red", kind = "archer", x = 1, y = 3},
    {side = "blue", kind = "swordsman", x = 6, y = 5, leader = true},
    {side = "blue", kind = "swordsman", x = 5, y = 3},
    {side = "blue", kind = "archer", x = 6, y = 4},
  },
}
