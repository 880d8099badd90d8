-- make-corpus.lua: the seed inputs of t/fuzz/fuzz-position.c, one file per game and position:
-- "GAME\nPOSITION\x01MOVE\x01CHOICES" from each game's start and from positions of seeded
-- random play; and those of t/fuzz/fuzz-lua.c, "KIND\nTEXT": saved games, data, PGN, options.
-- Run from the source tree after adding a game:
--   ./stratagem t/fuzz/make-corpus.lua t/fuzz/corpus/position t/fuzz/corpus/lua
local sg = require "stratagem"
local dir = arg[1] or "t/fuzz/corpus/position"
local ldir = arg[2] or "t/fuzz/corpus/lua"
os.execute("mkdir -p '" .. dir .. "' '" .. ldir .. "'")
local function put(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end
for _, name in ipairs(sg.games()) do
  for k = 0, 3 do
    local g = sg.new(name, {seed = k + 1})
    for i = 1, k * 12 do
      if g:status() ~= "playing" then break end
      g:play(sg.search(g, {algo = "random", seed = i * 7 + k}).move)
    end
    local moves = g:status() == "playing" and g:moves() or {}
    local choices = {}
    for i = 1, 8 do choices[i] = string.char(40 + (i * 37 + k) % 80) end
    local text = name .. "\n" .. g:position{all = true} .. "\1" .. (moves[1] or "") .. "\1"
                 .. table.concat(choices)
    put(string.format("%s/%s-%d", dir, name, k), text)
    if k == 1 then
      put(string.format("%s/load-%s", ldir, name), "load\n" .. g:save())
      put(string.format("%s/options-%s", ldir, name), "options\n" .. name .. "\n{seed = 3}\n"
          .. sg.data.serialize(sg.defaults(name).search or {}))
    end
  end
end
put(ldir .. "/data-1", "data\n" .. sg.data.serialize({format = 1, games = {tictactoe =
    {weights = {centre = 2}, seats = {"human", "ai"}}}, list = {1, 2.5, "x\n", true}}))
local cg = sg.new("chess")
for _, m in ipairs({"e4", "e5", "Nf3", "Nc6", "Bb5"}) do cg:play(m) end
put(ldir .. "/pgn-1", "pgn\n" .. sg.chess.pgn.write({{game = cg, tags = {Event = "fuzz",
    White = "a", Black = "b"}}}))
-- movetext cut by a second tag section whose values hold escapes, a carriage return and bytes
-- above 127 (a finding of the fuzzer: a value read as "a\<newline>b" did not write back)
put(ldir .. "/pgn-2", "pgn\n" .. '[Event "x"]\n\n1. e4 e5 2.\n[Round "a\\\r\\\\b"]\n' ..
    '[White "\xff\\a"] [Black "b"] [Result "*"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n')
