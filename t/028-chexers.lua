package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 028-chexers.lua: Chexers through the API: the table position, actions, undo, the end,
-- saves, perft, bad tables, and random games played to the end.
local t = require "tap"
local sg = require "stratagem"

t.like(table.concat(sg.games(), " "), "^chess chexers ", "chexers is a game, listed in order")

local g = sg.new("chexers")
t.is(g:players(), 3, "three players")
t.is(#g:moves(), 8, "Red has eight actions at the start")
t.is(g:moves()[1], "MOVE (-3,0) (-2,-1)", "in the referee's notation")
t.is_deeply(g:scores(), {36525, 36525, 36525}, "the start: the seed's utility for each")
g:play("MOVE (-3,3) (-2,3)")
t.is(g:player(), 2, "Green moves second")
g:play("move (0,-3)(0,-2)")
t.is(g:player(), 3, "Blue third (the action read in lower case without a space)")
t.like(tostring(g), "blue to move", "the diagram says whose turn it is")
t.like(tostring(g), "r=%-3%s+%.%s+G%s+G%s+G", "the diagram shows row r = -3")
t.like(tostring(g), "exits: red 0, green 0, blue 0", "and the exits")
t.errors(function() g:play("MOVE (0,-2) (0,-1)") end,
         "illegal action 'MOVE (0,-2) (0,-1)': not your piece", "Green's piece on Blue's turn",
         true)
t.errors(function() g:play("PASS") end, "PASS while other actions exist", "no PASS", true)
t.errors(function() g:play("MOVE (0,3)") end, "MOVE takes two hexes, e.g. MOVE (-3,3) (-2,3)",
         "malformed", true)
g:undo()
t.is(g:player(), 2, "undo gives the action back")
t.like(g:position(), "turn:green|actions:1|history:hi$", "the position text after one action")

for line in io.lines(t.srcdir .. "/t/data/chexers-perft.txt") do
  local d, n = line:match("^(%d+) (%d+)$")
  if d and tonumber(d) <= 4 then
    t.is(sg.new("chexers"):perft(tonumber(d)), tonumber(n), "perft(" .. d .. ")")
  end
end

-- the table position: a conversion, then the win
local p = sg.new("chexers", {position = {pieces = {red = {{0, 0}, {3, -1}}, green = {{1, 0}},
                                                   blue = {{-3, 3}}},
                                         turn = "red", exits = {red = 3}}})
t.is(p:position(), "red:3,-1;0,0|green:1,0|blue:-3,3|exits:3,0,0|turn:red|actions:0",
     "the table becomes the position text")
t.is_deeply(p:moves(), {"EXIT (3,-1)", "MOVE (3,-1) (2,-1)", "MOVE (3,-1) (3,-2)",
                        "MOVE (3,-1) (3,0)", "MOVE (3,-1) (2,0)",
                        "MOVE (0,0) (-1,0)", "MOVE (0,0) (0,-1)", "MOVE (0,0) (1,-1)",
                        "JUMP (0,0) (2,0)", "MOVE (0,0) (0,1)", "MOVE (0,0) (-1,1)"},
            "Red's actions: pieces row by row, each its EXIT first, then the six directions")
p:play("JUMP (0,0) (2,0)")
t.like(p:position(), "^red:3,%-1;1,0;2,0|green:|", "the jumped green piece is now red")
t.is_deeply(p:moves(), {"PASS"}, "Green, without pieces, passes")
p:play("PASS")
p:play("MOVE (-3,3) (-2,3)")
p:play("EXIT (3,-1)")
t.is_deeply({p:status()}, {"won", 1}, "the fourth exit: Red wins")
t.like(tostring(p), "red wins", "the diagram gives the result")
t.is_deeply(p:moves(), {}, "no actions after the end")

-- save and load: the whole game, history included
local q = sg.new("chexers", {position = {pieces = {red = {{0, 0}}, green = {{-3, 3}}, blue = {}},
                                         turn = "green"}})
for _, m in ipairs({"MOVE (-3,3) (-2,3)", "PASS", "MOVE (0,0) (1,0)"}) do q:play(m) end
local back = assert(sg.load(q:save()))
t.is(back:position(), q:position(), "a saved game loads back to the same position")
t.is_deeply(back:history(), q:history(), "and the same actions")
t.is(sg.new("chexers", {position = q:position()}):position(), q:position(),
     "the position text reads back")

-- the repetition draw through the API, from the start
local r = sg.new("chexers")
local cycle = {"MOVE (-3,3) (-2,3)", "MOVE (0,-3) (0,-2)", "MOVE (0,3) (0,2)",
               "MOVE (-2,3) (-3,3)", "MOVE (0,-2) (0,-3)", "MOVE (0,2) (0,3)"}
for i = 1, 17 do r:play(cycle[(i - 1) % 6 + 1]) end
t.is(r:status(), "playing", "17 shuffling actions: playing")
r:play(cycle[6])
local st, winner, ranking = r:status()
t.ok(st == "drawn" and winner == nil and #ranking == 3, "the start's 4th occurrence draws")
t.like(tostring(r), "drawn %(the same position for the 4th time%)", "the diagram says why")
r:undo()
t.is(r:status(), "playing", "undo takes the draw back")

-- rules constants
local short = sg.new("chexers", {rules = {max_turns = 1}})
for _ = 1, 3 do short:play(short:moves()[1]) end
t.is(short:status(), "drawn", "max_turns = 1: drawn after three actions")
t.errors(function() sg.new("chexers", {rules = {max_turns = 300}}) end,
         "max_turns = 300 is out of range", "max_turns above 256 refused", true)

-- bad tables
local function bad(position, want, desc)
  local x, err = sg.new("chexers", {position = position})
  t.ok(x == nil and type(err) == "string" and err:find(want, 1, true),
       desc .. ": " .. tostring(err))
end
bad({pieces = {red = {{0, 0}}, purple = {}}}, "pieces: unknown colour 'purple'", "a bad colour")
bad({pieces = {red = {{0, 0.5}}}}, "pieces.red[1] must be a pair of whole numbers {q, r}",
    "a fraction")
bad({pieces = {red = {{0, 0, 1}}}}, "pieces.red[1] must be a pair", "three numbers")
bad({pieces = {red = {"0,0"}}}, "pieces.red[1] must be a pair", "a string")
bad({pieces = {red = {{4, 0}}}}, "pieces.red[1]: (4,0) is off the board", "off the board")
bad({pieces = {red = {{0, 0}}, blue = {{0, 0}}}}, "pieces.blue[1]: (0,0) is given twice",
    "a hex twice")
bad({pieces = {}, turn = "yellow"}, "turn must be 'red', 'green' or 'blue', got yellow",
    "a bad turn")
bad({pieces = {}, exits = {red = 4}}, "exits.red must be a whole number from 0 to 3",
    "exits of 4")
bad({pieces = {}, exits = {pink = 1}}, "exits: unknown colour 'pink'", "exits of a bad colour")
bad({pieces = {}, extra = 1}, "unknown key 'extra'", "an unknown key")
bad({turn = "red"}, "pieces must be a table", "no pieces")
bad({pieces = {red = {{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-2, 3}}, green = {{0, -3}, {1, -3},
    {2, -3}, {3, -3}}, blue = {{3, 0}, {2, 1}, {1, 2}, {0, 3}}}}, "13 pieces", "13 pieces")
bad("red:|green:|blue:|turn:red|history:xx", "position: history: 'xx' is not an action; expected", "a bad history in the text")
t.errors(function() sg.new("draughts", {position = {}}) end,
         "position must be a string", "other games still take only text", true)

-- random games to the end: every action legal, the end reached, pieces + exits stay 12
local function pieces_and_exits(x)
  local text = x:position()
  local n = 0
  for colour in ("red green blue"):gmatch("%a+") do
    local list = text:match(colour .. ":([^|]*)")
    for _ in list:gmatch("[^;]+") do n = n + 1 end
  end
  local a, b, c = text:match("exits:(%d+),(%d+),(%d+)")
  return n + a + b + c
end
local legal, ended, twelve, actions = true, 0, true, 0
for seed = 1, 20 do
  local x = sg.new("chexers", {seed = seed})
  while x:status() == "playing" do
    local res = sg.search(x, {algo = "random"})
    local found = false
    for _, m in ipairs(x:moves()) do found = found or m == res.move end
    legal = legal and found
    x:play(res.move)
    actions = actions + 1
    twelve = twelve and pieces_and_exits(x) == 12
  end
  ended = ended + 1
  local st, w = x:status()
  if st == "won" then
    twelve = twelve and x:position():match("exits:[^|]*"):find("4") ~= nil and w ~= nil
  end
end
t.ok(legal, ("20 random games: every action chosen was legal (%d actions)"):format(actions))
t.is(ended, 20, "every game reached its end")
t.ok(twelve, "pieces on the board + exits stayed 12; each win has 4 exits")
local po = sg.playout(sg.new("chexers"), {seed = 7})
t.ok(po.status == "won" or po.status == "drawn", "sg.playout plays to the end: " .. po.status)
-- the multi-player searches on Chexers
do
  local g = sg.new("chexers")
  for i = 1, 20 do g:play(sg.search(g, {algo = "random", seed = i}).move) end
  local r = sg.search(g)
  t.is(#r.scores, 3, "the default search (max^n) gives a score vector of three")
  t.ok(g:legal(r.move), "and a legal action: " .. r.move)
  for _, a in ipairs({"paranoid", "brs", "mcts"}) do
    local o = {algo = a, depth = 2}
    if a == "mcts" then o = {algo = a, iterations = 300} end
    local ra = sg.search(g, o)
    t.ok(g:legal(ra.move) and #ra.scores == 3, a .. " plays a legal action on Chexers")
  end
  -- the seed's action pruning: an EXIT is taken when there is one
  local e = sg.new("chexers", {position = {pieces = {red = {{3, -1}, {-3, 3}}, green = {{-1, 1}},
                                                      blue = {{1, 1}}}, turn = "red"}})
  t.like(sg.search(e, {depth = 2, prune_actions = true}).move, "^EXIT %(3,%-1%)",
         "prune_actions = true: EXIT whenever possible")
  t.like(sg.search(e, {depth = 2, prune_actions = "own"}).move, "^EXIT %(3,%-1%)",
         "prune_actions = 'own' prunes the searching player's actions the same way")
  local n_all = sg.search(e, {depth = 4, prune_actions = true, hash = 0}).nodes
  local n_own = sg.search(e, {depth = 4, prune_actions = "own", hash = 0}).nodes
  local n_off = sg.search(e, {depth = 4, hash = 0}).nodes
  t.ok(n_all < n_own and n_own < n_off, ("pruning every player searches fewest nodes, only " ..
       "the own player's more, none most (%d < %d < %d)"):format(n_all, n_own, n_off))
  t.errors(function() sg.search(e, {prune_actions = "mine"}) end,
           "prune_actions %(algo 'maxn'%): got the string \"mine\"; expected false, true or \"own\" %(true: every player's moves",
           "an unknown prune_actions value")
end
t.done()
