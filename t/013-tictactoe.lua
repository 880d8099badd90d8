package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 013-tictactoe.lua: tic-tac-toe through the API: the reference counts, symmetry, and an AI
-- that never loses against any sequence of replies.
local t = require "tap"
local sg = require "stratagem"

-- reference counts from t/data (taken from ../shared/rules/classic.md)
local ref = {}
for line in io.lines(t.srcdir .. "/t/data/tictactoe-perft.txt") do
  local k, v = line:match("^(%w+)%s+(%d+)")
  if k then ref[k] = tonumber(v) end
end
local g = sg.new("tictactoe")
for d = 1, 9 do
  t.is(g:perft(d), ref[tostring(d)], "perft(" .. d .. ")")
end
t.is(#g:moves{distinct = true}, ref.openings, "essentially different openings")

-- the AI never loses: it plays one side with its play settings (random among equal moves,
-- symmetry images), the other side tries every legal reply
local ai = sg.defaults("tictactoe").play.ai
local function explore(game, side, stats)
  local status, winner = game:status()
  if status ~= "playing" then
    stats.games = stats.games + 1
    if winner == side then stats.won = stats.won + 1 end
    if winner and winner ~= side then stats.lost = stats.lost + 1 end
    return
  end
  if game:player() == side then
    local o = {}
    for k, v in pairs(ai) do o[k] = v end
    o.seed = stats.games * 7 + game:ply()
    local r = sg.search(game, o)
    game:play(r.move)
    explore(game, side, stats)
    game:undo()
  else
    for _, m in ipairs(game:moves()) do
      game:play(m)
      explore(game, side, stats)
      game:undo()
    end
  end
end
for side = 1, 2 do
  local stats = {games = 0, won = 0, lost = 0}
  explore(sg.new("tictactoe"), side, stats)
  t.is(stats.lost, 0, ("as player %d the AI loses none of %d games (wins %d)"):format(side,
       stats.games, stats.won))
  t.ok(stats.won > 0, "and it wins when the opponent errs")
end

-- misere: the AI still draws from the start, and a forced loss is seen
local m = sg.new("tictactoe", {variant = {misere = true}})
local r = sg.search(m)
t.is(r.score, 0, "misere tic-tac-toe is a draw with best play")
t.done()
