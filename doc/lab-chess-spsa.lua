-- chess evaluation weights tuned by SPSA (doc/lab.md): stratagem sprt chess --b doc/lab-chess-spsa.lua ...
return {
  search = {
    depth = 4,
  },
  weights = {
    model = 0,   -- the seed's weighted sum (preset "seed"), which these weights tune
    attacks = 1,
    bishop_pair = 39,
    connected_pawns = 4,
    in_check = 12,
    open_files = 9,
    passed_pawns = 8,
    position = 76,
    space = 2,
    tempo = 6,
  },
}
