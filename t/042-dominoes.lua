-- 042-dominoes.lua: dominoes, fives and threes (doc/manual.md, "Dominoes"; the rules:
-- ../shared/rules/dominoes.md).  Every expected number below is worked out by hand from the
-- rules: the scoring table, positions built tile by tile, and invariants over seeded games.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

-- ---- helpers ----

local ALL = {}   -- the 28 tiles as "ab", a >= b
for a = 0, 6 do for b = 0, a do ALL[#ALL + 1] = a .. b end end

local function key(tile)   -- "35" and "53" are the same tile
  local a, b = tile:sub(1, 1), tile:sub(2, 2)
  return a >= b and a .. b or b .. a
end

-- A position: the line (as laid, left half first), the hands, the boneyard = every tile left.
local function pos(o)
  local used = {}
  local function list(ts)
    for _, x in ipairs(ts) do used[key(x)] = true end
    return #ts == 0 and "-" or table.concat(ts, ",")
  end
  local parts = {("hand %d turn %d leader %d scores %s line %s"):format(o.hand or 1, o.turn or 1,
                 o.leader or 1, table.concat(o.scores or {0, 0}, ","), list(o.line))}
  for p, h in ipairs(o.hands) do parts[#parts + 1] = ("hand%d %s"):format(p, list(h)) end
  local bone = {}
  if o.bone then   -- the tiles left over go to the last hand
    bone = o.bone
    list(bone)
    local last = o.hands[#o.hands]
    for _, x in ipairs(ALL) do if not used[x] then last[#last + 1] = x end end
    parts[#parts] = nil
    parts[#parts + 1] = ("hand%d %s"):format(#o.hands, list(last))
  else
    for _, x in ipairs(ALL) do if not used[x] then bone[#bone + 1] = x end end
  end
  parts[#parts + 1] = "bone " .. (#bone == 0 and "-" or table.concat(bone, ","))
  if o.extra then parts[#parts + 1] = o.extra end
  return table.concat(parts, " ")
end

-- The fields of a position text: {hand =, turn =, leader =, scores = {...}, line = {...},
-- hands = {{...}, ...} (or a number when unknown), bone = {...} or a number, avoid = {...}}.
local function fields(text)
  local f = {hands = {}, avoid = {}}
  f.hand = tonumber(text:match("^hand (%d+)"))
  f.turn = tonumber(text:match(" turn (%d+)"))
  f.leader = tonumber(text:match(" leader (%d+)"))
  f.scores = {}
  for s in text:match(" scores (%S+)"):gmatch("%d+") do f.scores[#f.scores + 1] = tonumber(s) end
  local function tiles(w)
    if w == "-" then return {} end
    if w:sub(1, 1) == "?" then return tonumber(w:sub(2)) end
    local r = {}
    for x in w:gmatch("%d%d") do r[#r + 1] = x end
    return r
  end
  f.line = tiles(text:match(" line (%S+)"))
  for p, w in text:gmatch(" hand(%d) (%S+)") do f.hands[tonumber(p)] = tiles(w) end
  f.bone = tiles(text:match(" bone (%S+)"))
  for p, w in text:gmatch(" avoid(%d) (%S+)") do f.avoid[tonumber(p)] = w end
  return f
end

local function new(o, opts)
  opts = opts or {}
  opts.position = pos(o)
  local g, err = sg.new("dominoes", opts)
  if not g then error(err, 2) end
  return g
end

local function score(g, p) return fields(g:position{all = true}).scores[p] end

-- ---- the scoring table (the rules file's words) ----

local P = sg.dominoes.points
local table_ok = P(5) == 1 and P(6) == 2 and P(9) == 3 and P(10) == 2 and P(12) == 4 and
                 P(15) == 8 and P(18) == 6 and P(20) == 4
t.ok(table_ok, "points: 5 scores 1, 6 2, 9 3, 10 2, 12 4, 15 8, 18 6, 20 4")
t.ok(P(4) == 0 and P(7) == 0 and P(8) == 0 and P(11) == 0 and P(0) == 0, "points: 4, 7, 8, 11, 0 score nothing")

-- The C rules, through play: each total of the table made by a lead or a tile laid.
-- A lead scores both its ends (a lone double both halves once).
local function lead_points(tile)
  local a, b = tile:sub(1, 1), tile:sub(3, 3)
  local mine = {a .. b}
  local others = {}
  for _, x in ipairs(ALL) do
    if x ~= key(a .. b) and #mine < 7 then mine[#mine + 1] = x
    elseif x ~= key(a .. b) and #others < 7 then others[#others + 1] = x end
  end
  local g = new({line = {}, hands = {mine, others}})
  g:play(tile)
  return score(g, 1)
end
t.is(lead_points("3-2"), 1, "a lead of 3-2: total 5 scores 1")
t.is(lead_points("4-2"), 2, "a lead of 4-2: total 6 scores 2")
t.is(lead_points("6-3"), 3, "a lead of 6-3: total 9 scores 3")
t.is(lead_points("5-5"), 2, "a lead of double five: total 10 scores 2 (the rules file's example)")
t.is(lead_points("6-4"), 2, "a lead of 6-4: total 10 scores 2")
t.is(lead_points("6-6"), 4, "a lead of double six: total 12 scores 4")
t.is(lead_points("4-3"), 0, "a lead of 4-3: total 7 scores nothing")
t.is(lead_points("0-0"), 0, "a lead of double blank: total 0 scores nothing")

-- a tile laid: {line before, the mover's tile, move, expected points, why}
local laid = {
  {{"43"}, "32", "3-2R", 2, "ends 4 and 2 make 6: 2 (the rules file's example)"},
  {{"66"}, "63", "6-3R", 8, "ends double-6 (12) and 3 make 15: 8 (the rules file's example)"},
  {{"66", "63", "34"}, "64", "6-4R", 6, "ends double-6 (12) and 6 make 18: 6"},
  {{"66", "64"}, "44", "4-4R", 4, "ends double-6 (12) and double-4 (8) make 20: 4"},
  {{"53", "31"}, "10", "1-0R", 1, "ends 5 and 0 make 5: 1"},
}
for i = 1, 5 do
  local c = laid[i]
  local g = new({line = c[1], hands = {{c[2], "00"}, {"11", "22"}}})
  g:play(c[3])
  t.is(score(g, 1), c[4], c[5])
end
do   -- a double at the left end counts both halves only while it is an end
  local g = new({line = {"55", "53"}, hands = {{"65", "00"}, {"11", "22"}}})
  g:play("6-5L")   -- ends 6 and 3: 9
  t.is(score(g, 1), 3, "the double 5-5 covered: ends 6 and 3 make 9, 3 points")
end

-- ---- illegal moves: the rule named, the state unchanged, no hand revealed ----

do
  local g = new({line = {"53"}, hands = {{"64", "32", "50"}, {"61", "22"}}})
  local before = g:position{all = true}
  t.errors(function() g:play("6-4L") end, "6-4 matches neither end (5, 3)", "a tile that fits no end", true)
  t.errors(function() g:play("5-0R") end, "5-0 does not match the right end (3)", "the wrong end", true)
  t.errors(function() g:play("draw") end, "you hold a playable tile: draw refused", "draw with a playable tile", true)
  t.errors(function() g:play("pass") end, "you hold a playable tile: pass refused", "pass with a playable tile", true)
  t.errors(function() g:play("6-1L") end, "illegal move '6-1L': you do not hold 6-1", "a tile of the other hand", true)
  t.errors(function() g:play("4-4L") end, "illegal move '4-4L': you do not hold 4-4", "a tile of the boneyard: the same words", true)
  t.errors(function() g:play("7-1L") end, "malformed move '7-1L'", "a number over 6", true)
  t.errors(function() g:play("5-3X") end, "malformed move", "an end not L or R", true)
  t.is(g:position{all = true}, before, "refused moves leave the state unchanged")
  t.ok(g:legal("5-0L") and g:legal("50l") and g:legal("05L") and g:legal("3-2") and g:legal("23r"),
       "notation: 5-0L, 50l, 05L; 3-2 alone where it fits one end only")
  -- a tile by its number in the hand (the diagram numbers 3-2, 5-0, 6-4 in tile order)
  t.ok(g:legal("2") and g:legal("2L") and not g:legal("2R") and g:legal("1R") and not g:legal("3"),
       "numbers: 2 (5-0) fits the left end only, 1 (3-2) the right, 3 (6-4) neither")
  t.errors(function() g:play("4L") end, "illegal move '4L': you hold 3 tiles (numbered 1 to 3)",
           "a number beyond the hand", true)
  t.errors(function() g:play("3-5L") end, "illegal move '3-5L': you do not hold 5-3", "a tile of the line: not held", true)
end

-- ---- drawing until playable, and passing ----

do
  -- line 6-6 (both ends 6); player 1 holds no 6; the boneyard holds 9 tiles, three with a 6
  local g = new({line = {"66"}, hands = {{"00", "11", "22"}, {"60", "33"}},
                 bone = {"10", "20", "21", "30", "31", "32", "61", "62", "63"}})
  t.is(table.concat(g:moves(), " "), "draw", "no 6 in hand: the only move is draw")
  t.errors(function() g:play("pass") end, "the boneyard has 9 tiles (more than 0): draw first, pass refused",
           "pass refused while the boneyard can be drawn from", true)
  local drew, fine, held = 0, true, {}
  for _, x in ipairs({"00", "11", "22"}) do held[x] = true end
  local last
  while g:moves()[1] == "draw" do
    g:play("draw")
    drew = drew + 1
    local f = fields(g:position{all = true})
    fine = fine and g:player() == 1 and #f.hands[1] == 3 + drew and #f.bone == 9 - drew
    for _, x in ipairs(f.hands[1]) do
      if not held[x] then held[x], last = true, x end
    end
    -- every tile drawn before the last one lacks a 6
    if g:moves()[1] == "draw" then fine = fine and not last:find("6") end
  end
  t.ok(fine and last:find("6") and drew >= 1, ("player 1 drew %d tiles, still to move, until it drew a 6 (%s)"):format(drew, last))
  local a, b = last:sub(1, 1), last:sub(2, 2)
  t.is(table.concat(g:moves(), " "), ("%s-%sL %s-%sR"):format(a, b, a, b), "then the tile drawn last is the only one it can lay")
  -- player 2 saw player 1 draw at ends 6 and 6: every tile held before the last draw lacks a 6
  local v = fields(g:view(2))
  t.is(v.hands[1], 3 + drew, "player 2 sees the size of player 1's hand")
  local lacks, count = 0, 0
  for m in v.avoid[1]:gmatch("[^,]+") do
    count = count + 1
    if m:find("6") then lacks = lacks + 1 end
  end
  t.ok(count == 3 + drew and lacks == 3 + drew - 1, "what player 1 showed: all but the last drawn tile lack a 6 (" .. v.avoid[1] .. ")")
  -- a sample of player 2's view gives player 1 at most one 6 (the tile drawn last), though
  -- three 6s are unseen
  local ok6 = true
  for seed = 1, 60 do
    local s = fields(g:sample(seed, 2):position{all = true})
    local sixes = 0
    for _, x in ipairs(s.hands[1]) do if x:find("6") then sixes = sixes + 1 end end
    ok6 = ok6 and sixes <= 1
  end
  t.ok(ok6, "60 samples of player 2's view: player 1 never holds more than the one 6 it may have drawn last")
end

do -- draw_until: drawing stops with 2 tiles left; then pass, and others know the numbers lacked
  local g = new({line = {"66"}, hands = {{"00", "11", "22", "10", "20", "21", "30", "31", "32", "33", "40"},
                                         {"60"}}, bone = {"61", "62"}}, {rules = {draw_until = 2}})
  t.is(table.concat(g:moves(), " "), "pass", "draw_until 2 and 2 tiles left: pass")
  t.errors(function() g:play("draw") end, "the boneyard has 2 tiles left and drawing stops at 2: pass",
           "draw refused at draw_until", true)
  g:play("pass")
  t.is(g:player(), 2, "after a pass, the next player")
  local ok = true
  for seed = 1, 40 do
    local s = fields(g:sample(seed, 2):position{all = true})
    for _, x in ipairs(s.hands[1]) do ok = ok and not x:find("6") end
  end
  t.ok(ok, "40 samples of player 2's view after the pass: player 1 holds no 6")
  t.like(g:view(2), "avoid1 6,6,6,6,6,6,6,6,6,6,6$", "the view records the numbers player 1 lacks")
end

-- ---- a go, reaching the target mid-hand, blocked hands ----

do
  local g = new({line = {"43"}, hands = {{"32"}, {"11", "22", "00"}}, scores = {10, 7}, leader = 2})
  g:play("3-2R")   -- ends 4 and 2: 2 points, and the last tile: a go, 1 more
  local f = fields(g:position{all = true})
  t.is(f.scores[1], 13, "a go: 2 for the ends and 1 for going out (10 + 3)")
  t.ok(f.hand == 2 and #f.line == 0 and f.leader == 1 and g:player() == 1,
       "the next hand is dealt at once, led by the player who went out")
  t.ok(#f.hands[1] == 7 and #f.hands[2] == 7 and #f.bone == 14, "7 tiles each, 14 in the boneyard")
end

do
  local g = new({line = {"43"}, hands = {{"32", "55"}, {"11"}}, scores = {59, 60}})
  g:play("3-2R")   -- 2 points: 61, with a tile still in hand
  t.is(g:status(), "won", "59 + 2 reaches 61 mid-hand: the game is over at once")
  local _, w = g:status()
  t.is(w, 1, "player 1 wins")
  t.is(#g:moves(), 0, "no move after the end")
  t.errors(function() g:play("5-5L") end, "the game is over", "a move after the end is refused", true)
  local h = new({line = {"43"}, hands = {{"32", "55"}, {"11"}}, scores = {58, 60}})
  h:play("3-2R")
  t.is(h:status(), "playing", "58 + 2 = 60: not yet")
  local k = new({line = {"43"}, hands = {{"32"}, {"11"}}, scores = {58, 60}})
  k:play("3-2R")
  t.is(k:status(), "won", "58 + 2 + 1 for the go: 61 wins")
end

-- every 6 in the line after 5-6 is laid at the right: ends 6 and 6, nobody can play
local BLOCK_LINE = {"60", "01", "16", "66", "62", "23", "36", "64", "45"}
do
  local g = new({line = BLOCK_LINE, bone = {},
                 hands = {{"65", "00", "11", "20", "21", "22", "30", "31", "33"},
                          {"40", "41", "42", "43", "44", "50", "51", "52", "53", "55"}}})
  g:play("6-5R")   -- ends 6 and 6 make 12: 4; then blocked, player 1 has 24 pips to 66
  local f = fields(g:position{all = true})
  t.is(f.scores[1], 4 + 1, "blocked: 4 for the ends, 1 for the fewest pips (24 against 66)")
  t.ok(f.hand == 2 and f.leader == 1 and #f.line == 0, "a new hand, led by the player with the fewest pips")
  local h = new({line = BLOCK_LINE, bone = {}, leader = 2,
                 hands = {{"65", "00", "11", "21", "22", "30", "31", "33", "40", "41", "42", "44"},
                          {"55", "53", "52", "51", "50", "43", "20"}}})
  h:play("6-5R")   -- 45 pips each
  local e = fields(h:position{all = true})
  t.ok(e.scores[1] == 4 and e.scores[2] == 0, "blocked with 45 pips each: no point for the tie")
  t.ok(e.hand == 2 and e.leader == 2 and h:player() == 2, "after a tie the hand's leader leads again")
end

-- ---- the lead of the first hand ----

do
  local bad = 0
  for seed = 1, 300 do
    local f = fields(sg.new("dominoes", {seed = seed}):position{all = true})
    local best, who = -1, nil
    for p = 1, 2 do
      for _, x in ipairs(f.hands[p]) do
        local a, b = tonumber(x:sub(1, 1)), tonumber(x:sub(2, 2))
        local k = (a == b and 1000 or 0) + (a + b) * 10 + math.max(a, b)
        if k > best then best, who = k, p end
      end
    end
    if f.turn ~= who or f.leader ~= who then bad = bad + 1 end
  end
  t.is(bad, 0, "300 deals: the holder of the highest double leads (else of the heaviest tile)")
end

-- ---- invariants over seeded random games ----

local function check_state(g, np)
  local all = fields(g:position{all = true})
  local seen, n = {}, 0
  local function add(ts) for _, x in ipairs(ts) do n = n + 1; seen[key(x)] = (seen[key(x)] or 0) + 1 end end
  add(all.line)
  for p = 1, np do add(all.hands[p]) end
  add(all.bone)
  local ok = n == 28
  for _, x in ipairs(ALL) do ok = ok and seen[x] == 1 end
  -- each player's view: its own hand, the line, and only counts of the rest
  for p = 1, np do
    local v = fields(g:view(p))
    ok = ok and #v.line == #all.line and table.concat(v.hands[p], ",") == table.concat(all.hands[p], ",")
    for q = 1, np do
      if q ~= p then
        ok = ok and (v.hands[q] == #all.hands[q] or (#all.hands[q] == 0 and #v.hands[q] == 0))
      end
    end
    ok = ok and (v.bone == #all.bone or (#all.bone == 0 and type(v.bone) == "table" and #v.bone == 0))
    ok = ok and not g:diagram(false, {player = p}):find("player " .. (p % np + 1) .. " holds")
  end
  -- the whole state reads back: among its checks, that each hand can fill the records of
  -- the numbers its tiles lack (what the samples rely on is true of the real hands)
  if g:status() == "playing" then
    local text = g:position{all = true}
    local h = sg.new("dominoes", {position = text, rules = g:config().rules})
    ok = ok and h ~= nil and h:position{all = true} == text
  end
  return ok, all
end

local function random_games(np, games, first_seed, rules)
  local bad, unfinished, badscore, moves = 0, 0, 0, 0
  local rng = first_seed
  for seed = first_seed, first_seed + games - 1 do
    local g = sg.new("dominoes", {seed = seed, rules = rules or {players = np}})
    local last = {}
    for p = 1, np do last[p] = 0 end
    local n = 0
    while g:status() == "playing" and n < 3000 do
      if n % 7 == 0 then
        local ok = check_state(g, np)
        if not ok then bad = bad + 1 end
      end
      local ms = g:moves()
      rng = (rng * 1103515245 + 12345) % 2147483648
      g:play(ms[rng % #ms + 1])
      n = n + 1
      local sc = fields(g:position{all = true}).scores
      for p = 1, np do
        if sc[p] < last[p] then badscore = badscore + 1 end
        last[p] = sc[p]
      end
    end
    moves = moves + n
    if g:status() ~= "won" then unfinished = unfinished + 1 end
    local _, w = g:status()
    if w and last[w] < 61 then badscore = badscore + 1 end
    if not check_state(g, np) then bad = bad + 1 end
  end
  return bad, unfinished, badscore, moves
end

for _, np in ipairs({2, 3, 4}) do
  local games = np == 2 and 1000 or 300
  local bad, unfinished, badscore, moves = random_games(np, games, 100 * np)
  t.is(bad, 0, ("%d players, %d random games (%d moves): 28 tiles accounted for, views hide the other hands and the boneyard, the state reads back (its records of numbers lacked fit the real hands)"):format(np, games, moves))
  t.is(unfinished, 0, ("%d players: every game ends with a winner"):format(np))
  t.is(badscore, 0, ("%d players: scores never go down, the winner has reached 61"):format(np))
end

-- small hands draw much of the set (a hand of 1 may grow to 27 tiles)
for _, rules in ipairs({{hand_size = 1}, {hand_size = 3, draw_until = 4}, {players = 3, hand_size = 2}}) do
  local np = rules.players or 2
  local bad, unfinished, badscore = random_games(np, 150, 7000, rules)
  t.ok(bad == 0 and unfinished == 0 and badscore == 0,
       ("hand_size %d, draw_until %d, %d players: 150 random games keep every invariant and end")
       :format(rules.hand_size, rules.draw_until or 0, np))
end

do
  local g = sg.new("dominoes", {rules = {players = 4}})
  local f = fields(g:position{all = true})
  t.ok(#f.hands == 4 and #f.hands[1] == 5 and #f.hands[4] == 5 and #f.bone == 8,
       "4 players: 5 tiles each (the rules file), 8 in the boneyard")
  t.is(g:config().rules.hand_size, 5, "hand_size follows players unless given")
  t.is(sg.new("dominoes", {rules = {players = 3, hand_size = 6}}):config().rules.hand_size, 6,
       "hand_size given with players is kept")
  t.errors(function() sg.new("dominoes", {rules = {players = 4, hand_size = 7}}) end,
           "hand_size: 7 is out of range for 4 players", "4 hands of 7 do not fit in 28 tiles", true)
end

-- ---- replays, save and load ----

do
  local g = sg.new("dominoes", {seed = 77})
  local n = 0
  while g:status() == "playing" and n < 90 do
    local ms = g:moves()
    g:play(ms[(n * 7) % #ms + 1])
    n = n + 1
  end
  local h = sg.new("dominoes", {seed = 77})
  for _, m in ipairs(g:history()) do h:play(m) end
  t.is(h:position{all = true}, g:position{all = true}, "the same seed and moves give the same game (draws and deals included)")
  local l = assert(sg.load(g:save()))
  t.is(l:position{all = true}, g:position{all = true}, "save and load: the same state, " .. n .. " moves")
  t.is(table.concat(l:history(), " "), table.concat(g:history(), " "), "save and load: the same moves")
  local u = assert(sg.load(g:save()))
  for _ = 1, 10 do u:undo() end
  local ms = {}
  for i = #g:history() - 9, #g:history() do ms[#ms + 1] = g:history()[i] end
  for _, m in ipairs(ms) do u:play(m) end
  t.is(u:position{all = true}, g:position{all = true}, "undo 10 moves and play them again: the same draws")
  local p = g:position{all = true}
  if g:status() == "playing" then
    local q = assert(sg.new("dominoes", {position = p}))
    t.is(q:position{all = true}, p, "a position text reads back as itself")
  else
    t.ok(true, "(the game ended: no mid-game text to read back)")
  end
end

-- ---- malformed positions ----

do
  local base = {line = {"43"}, hands = {{"32"}, {"11"}}}
  local function refused(text, want, desc)
    local g, err = sg.new("dominoes", {position = text})
    t.ok(g == nil and err == want, desc .. (err and (": " .. err) or ""))
  end
  local text = pos(base)
  refused(text:gsub("bone ", "bone 32,"), "position: tiles: 3-2 appears twice; expected each of the 28 tiles once", "a tile twice")
  refused(text:gsub(",66", ""), "position: tiles: 6-6 is missing; expected each of the 28 tiles once (in the line, a hand or the boneyard)", "a tile missing")
  refused(text:gsub("hand2 11", "hand2 ?1"):gsub("bone (%S+)", function(b) return "bone " .. b .. ",11" end),
          "position: hand2: '?1' hides tiles; expected every tile given (a view cannot be played from)", "a view is refused")
  refused(pos({line = {"43", "21"}, hands = {{"32"}, {"11"}}}), "position: line: 43 does not meet 21; expected each tile's left half to match the right half of the tile before it", "a line that does not match")
  refused(pos({line = {"43"}, hands = {{"32"}, {"11"}}, scores = {61, 61}}), "position: scores: 2 players reached 61; expected at most one player at the target: the game stops at the first", "two players at the target")
  refused(pos({line = {"43"}, hands = {{"32", "11"}, {"22"}}, extra = "avoid1 123,-"}), "position: avoid1: hand 1 holds numbers its masks say it lacks; expected masks the hand's tiles can fill", "masks the hand contradicts")
  t.ok(sg.new("dominoes", {position = pos({line = {"43"}, hands = {{"32", "11"}, {"22"}}, extra = "avoid1 4,-"})}) ~= nil,
       "masks the hand fits are accepted")
end

-- ---- the computer players ----

do -- greedy: the placing that scores most
  local g = new({line = {"43"}, hands = {{"32", "64", "31"}, {"11", "22"}}})
  -- 3-2R: ends 4, 2 = 6: 2; 6-4L: ends 6, 3 = 9: 3; 3-1R: ends 4, 1 = 5: 1
  t.is(sg.search(g, {algo = "greedy"}).move, "6-4L", "greedy lays 6-4 at the left (9: 3 points)")
  g:play("3L")
  t.is(g:history()[1], "6-4L", "a tile by number: the hand is 1) 3-1 2) 3-2 3) 6-4, so 3L is 6-4L")
  local h = new({line = {"43"}, hands = {{"31", "41", "00"}, {"11", "22"}}})
  -- 3-1R: 4 + 1 = 5: 1; 4-1L: 1 + 3 = 4: 0; 4-1R? no (right end 3)
  t.is(sg.search(h, {algo = "greedy"}).move, "3-1R", "greedy prefers the placing that scores")
  local k = new({line = {"43"}, hands = {{"32", "62"}, {"11", "22"}}})
  -- nothing scores more than 3-2R (6: 2) ... 6-2? fits neither end
  t.is(sg.search(k, {algo = "greedy"}).move, "3-2R", "greedy: the only tile that fits")
  local d = new({line = {"66"}, hands = {{"00", "11"}, {"60"}}})
  t.is(sg.search(d, {algo = "greedy"}).move, "draw", "greedy draws when no tile fits")
end

do -- the searching players see only the mover's view
  local g = sg.new("dominoes", {seed = 5})
  for _ = 1, 4 do g:play(sg.search(g, {algo = "greedy"}).move) end
  local a, b = g:sample(11), g:sample(12)
  t.isnt(a:position{all = true}, b:position{all = true}, "two different deals of the unseen tiles")
  t.is(a:view(), b:view(), "that the mover sees alike")
  for _, algo in ipairs({"pimc", "ismcts", "greedy"}) do
    local o = {algo = algo, seed = 3}
    if algo == "ismcts" then o.iterations = 400 end
    if algo == "pimc" then o.samples = 8; o.depth = 3 end
    local ra, rb = sg.search(a, o), sg.search(b, o)
    t.ok(ra.move == rb.move and ra.nodes == rb.nodes, ("%s: the same move and work on both (%s, %s nodes)"):format(algo, ra.move, tostring(ra.nodes)))
  end
  t.errors(function() sg.search(g, {algo = "alphabeta"}) end, "hides information from its players",
           "alphabeta would see the hidden tiles: refused", true)
end

do -- greedy against random: 20 games each seat; greedy must win most
  local won = 0
  for seed = 1, 40 do
    local g = sg.new("dominoes", {seed = seed})
    local gs = seed % 2 + 1
    local n = 0
    while g:status() == "playing" do
      local algo = g:player() == gs and "greedy" or "random"
      g:play(sg.search(g, {algo = algo, seed = seed * 1000 + n}).move)
      n = n + 1
    end
    local _, w = g:status()
    if w == gs then won = won + 1 end
  end
  t.ok(won >= 30, ("greedy beats random in %d of 40 games (at least 30 expected)"):format(won))
end

-- ---- the program: play shows a person only their own hand ----

do
  local play = require "stratagem.play"
  local out = {}
  local input = {"moves", "hint", "board", "quit"}
  local i = 0
  play.run({game = "dominoes", seed = 3, no_prefs = true, ai = {algo = "greedy"}},
           function() i = i + 1; return input[i] end, function(s) out[#out + 1] = s end)
  local text = table.concat(out)
  t.like(text, "player 1 holds: 1%) ", "play: the person's hand, numbered")
  t.ok(not text:find("player 2 holds"), "play: the computer's hand is never shown")
  t.like(text, "player 2: %d+ tiles", "play: the computer's hand size is")
  t.like(text, "boneyard: %d+ tiles", "play: the boneyard's size is")
  local o2, e2, code = t.run("./stratagem games")
  t.like(o2, "dominoes", "stratagem games lists dominoes")
end

t.done()
