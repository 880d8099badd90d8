-- chess evaluation weights with the six terms beyond the seed turned on, tuned by SPSA at depth 4
-- (doc/lab.md, "Chess, fourth try"); H1 against the defaults at 30 ms a move, +103 Elo:
--   stratagem sprt chess --a '{search = {time = 0.03}}' --b doc/lab-chess-extended.lua --elo1 10
-- sg.new("chess", {weights = dofile("doc/lab-chess-extended.lua").weights}) plays with them.
return {
  search = {
    time = 0.03,
  },
  weights = {
    model = 0,   -- the seed's weighted sum (preset "seed"), which these weights tune
    attacks = 2,
    bishop_pair = 39,
    connected_pawns = 4,
    doubled_pawns = 10,
    in_check = 13,
    isolated_pawns = 11,
    king_shield = 6,
    king_zone = 2,
    mobility = 3,
    open_files = 8,
    passed_pawns = 6,
    passed_pawns_end = 5,
    position = 83,
    space = 1,
    tempo = 4,
  },
}
