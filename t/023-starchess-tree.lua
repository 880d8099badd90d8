package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 023-starchess-tree.lua: the prediction tree (TreePredict, CompTurn) against a brute-force
-- reference written here in Lua: max^n over request masks, built from sg.starchess.requests
-- and sg.starchess.plan (CompLevel for one mask) with every command played through g:play.
-- The pruned and the full tree, the positions generated and evaluated, thread counts, and
-- the legality of every AI turn over many games.
local t = require "tap"
local sg = require "stratagem"

-- the masks of section 2.2.2: none, each request, each pair, in request-list order
local function masks_of(g) return require("sctest").masks(sg.starchess.requests(g)) end

-- the reference TreePredict: the best score vector for the player of `level`
local function reference(g, level, o, counts)
  local q = o.players[level]
  local last = level == #o.players
  if g:status() ~= "playing" then
    counts.evaluated = counts.evaluated + 1
    return g:scores(), {}
  end
  if g:empire(q).defeated or g:player() ~= q then
    counts.generated = counts.generated + 1
    if last then
      counts.evaluated = counts.evaluated + 1
      return g:scores(), {}
    end
    return (reference(g, level + 1, o, counts)), {}
  end
  local masks = (q == o.root or not o.prune) and masks_of(g) or {{}}
  local best, bestmask
  for _, mask in ipairs(masks) do
    local child = g:copy()
    for _, c in ipairs(sg.starchess.plan(child, {mask = mask})) do child:play(c) end
    counts.generated = counts.generated + 1
    local v
    if last then
      counts.evaluated = counts.evaluated + 1
      v = child:scores()
    else
      v = reference(child, level + 1, o, counts)
    end
    if not best or v[q] > best[q] then best, bestmask = v, mask end
  end
  return best, bestmask
end

local function players_for(g, levels, skip_dead)
  local ps, p = {}, g:player()
  while #ps < levels do
    if not skip_dead or not g:empire(p).defeated then ps[#ps + 1] = p end
    p = p % 4 + 1
  end
  return ps
end

local function set(list)
  local s = {}
  for _, x in ipairs(list) do s[x] = true end
  return s
end

-- positions: openings and midgames of AI games with rich reserves (so that there is fighting)
local function rich(seed)
  local R = {}
  for p = 1, 4 do R[p] = {materials = 2000, credits = 2000} end
  return sg.new("starchess", {seed = seed, scenario = {reserves = R}})
end
local positions = require("sctest").ai_positions(4, rich, function(seed) return 4 * (6 + 3 * seed) end)
t.ok(#positions >= 6, "test positions: " .. #positions)

local agree, counted, cases, deduped, saved_gen, all_gen = true, true, 0, true, 0, 0
for i, g in ipairs(positions) do
  for _, case in ipairs({{levels = 1, prune = true}, {levels = 2, prune = true},
                         {levels = 2, prune = false}, {levels = 5, prune = true},
                         {levels = 3, prune = false}}) do
    local o = {players = players_for(g, case.levels, false), root = g:player(), prune = case.prune}
    local counts = {generated = 0, evaluated = 0}
    local want, wantmask = reference(g, 1, o, counts)
    -- dedupe = false: every mask's subtree searched, so the counts are the paper's; the
    -- reference evaluates by g:scores(), the game's weights (EvalPlayers), so the tree is given
    -- those, not the player's own (self_weight 1, colony_weight 20)
    local W = sg.defaults("starchess").weights
    local got = sg.search(g, {levels = case.levels, prune = case.prune, dedupe = false, weights = W})
    local dd = sg.search(g, {levels = case.levels, prune = case.prune, weights = W})
    if not (t.same(dd.scores, got.scores) and t.same(dd.mask, got.mask) and
            t.same(dd.moves, got.moves) and dd.generated <= got.generated and
            dd.evaluated <= got.evaluated) then
      deduped = false
      t.diag(("position %d, levels %d, prune %s: dedupe changes the result"):format(i,
             case.levels, tostring(case.prune)))
    end
    saved_gen, all_gen = saved_gen + dd.generated, all_gen + got.generated
    cases = cases + 1
    local same_mask = #got.mask == #wantmask
    local ws = set(wantmask)
    for _, s in ipairs(got.mask) do same_mask = same_mask and ws[s] end
    if not (t.same(got.scores, want) and same_mask) then
      agree = false
      t.diag(("position %d, levels %d, prune %s: got mask {%s} scores {%s}, reference {%s} {%s}")
             :format(i, case.levels, tostring(case.prune), table.concat(got.mask, ","),
                     table.concat(got.scores, ","), table.concat(wantmask, ","), table.concat(want, ",")))
    end
    if got.generated ~= counts.generated or got.evaluated ~= counts.evaluated then
      counted = false
      t.diag(("position %d, levels %d: generated %d/%d, evaluated %d/%d (tree/reference)")
             :format(i, case.levels, got.generated, counts.generated, got.evaluated, counts.evaluated))
    end
    -- the turn played is the plan of the chosen mask
    local plan = sg.starchess.plan(g, {mask = got.mask})
    if table.concat(plan, ";") ~= table.concat(got.moves, ";") then
      agree = false
      t.diag("position " .. i .. ": the commands are not the chosen mask's plan")
    end
  end
end
t.ok(agree, ("the C tree's best mask and scores equal the brute-force reference (%d cases, pruned and full)"):format(cases))
t.ok(counted, "its positions generated and evaluated equal the reference's counts")
t.ok(deduped, ("dedupe (masks ending in the same position searched once) gives the same " ..
               "masks, scores and commands, generating %d positions where the full tree " ..
               "generates %d"):format(saved_gen, all_gen))
t.ok(saved_gen < all_gen, "and saves work on these positions")

-- the counts the shape implies: with prune, levels = 4 * turns, root masks m
do
  local g = positions[1]
  local m = #masks_of(g)
  local r0 = sg.search(g, {turns = 0, dedupe = false})
  t.is(r0.generated, m, ("turns = 0: one position per mask (%d)"):format(m))
  t.is(r0.evaluated, m, "each evaluated")
  local r1 = sg.search(g, {turns = 1, dedupe = false})
  t.is(r1.generated, 4 * m, "turns = 1 pruned: each root mask and three unmasked turns")
  t.is(r1.evaluated, m, "and one evaluation per root mask")
  local plain = sg.search(g, {masks = false})
  t.is(plain.generated, 1, "masks = false: the plain request list only")
  t.is(#plain.mask, 0, "masks nothing")
end

-- threads: the same result, whatever the number
local same = true
for _, g in ipairs(positions) do
  local one = sg.search(g, {turns = 1, threads = 1})
  for _, n in ipairs({2, 3, 7}) do
    local r = sg.search(g, {turns = 1, threads = n})
    if not (t.same(r.scores, one.scores) and t.same(r.mask, one.mask) and t.same(r.moves, one.moves)
            and r.generated == one.generated and r.evaluated == one.evaluated) then
      same = false
    end
  end
end
t.ok(same, "threads = 2, 3, 7 give the result of one thread, counts included")

-- skip_dead: levels over the survivors only
do
  local g = sg.new("starchess", {seed = 1, scenario = {
    colonies = {A1 = {owner = 1, pop = 100}, A4 = {owner = 2, pop = 100}},
    fleets = {A1 = {owner = 1, ships = 20}, A4 = {owner = 2, ships = 20}}}})
  local a = sg.search(g, {turns = 1, skip_dead = true})
  local b = sg.search(g, {turns = 1, skip_dead = false})
  local c = sg.search(g, {turns = 2, skip_dead = false})
  t.is(a.levels, 4, "skip_dead: the levels stay 4 x turns (the paper's nLevels)")
  t.is(b.levels, 4, "without it, 4 levels too (two of them the defeated players' empty turns)")
  -- with two survivors the 4 levels of skip_dead are players 1 2 1 2: two full turns, the
  -- tree of turns = 2 without skip_dead less its empty levels
  t.ok(t.same(a.scores, c.scores) and t.same(a.mask, c.mask) and t.same(a.moves, c.moves) and
       a.evaluated == c.evaluated,
       "skip_dead, turns 1 with two survivors predicts what turns 2 does without it")
  t.ok(a.evaluated > b.evaluated, "and looks further than turns 1 without it (" ..
       a.evaluated .. " > " .. b.evaluated .. " positions evaluated)")
  local full = sg.new("starchess", {seed = 3})
  local x = sg.search(full, {turns = 1, skip_dead = true})
  local y = sg.search(full, {turns = 1, skip_dead = false})
  t.ok(t.same(x.moves, y.moves) and x.generated == y.generated,
       "with nobody defeated skip_dead changes nothing")
end

-- every AI turn is legal: many seeded games, the commands played through the rules engine
local legal, games, commands = true, 0, 0
for seed = 1, 300 do
  local g = seed % 2 == 0 and rich(seed) or sg.new("starchess", {seed = seed})
  local turns = 0
  while g:status() == "playing" and turns < 4 * 25 do
    local r = sg.search(g, {turns = seed % 3 == 0 and 1 or 0})
    local ok, err = pcall(function() for _, c in ipairs(r.moves) do g:play(c) end end)
    if not ok or r.moves[#r.moves] ~= "end" then
      legal = false
      t.diag(("seed %d: %s"):format(seed, tostring(err)))
      break
    end
    commands = commands + #r.moves
    turns = turns + 1
  end
  games = games + 1
end
t.ok(legal, ("every AI turn of %d games (%d commands) is legal and ends with end"):format(games, commands))

-- Games that end (doc/starchess.md): a stalled position, full turn 100 of seed 1062 among
-- four players as the paper has them, frozen from there to the draw at turn 500: every
-- empire is at the ships its income supports, and its only requests are colonisations whose
-- minimal size (T + 20) no fleet of its own meets alone.
local function stalled()
  return assert(sg.new("starchess", {seed = 1062, scenario = {
    planets = {A1 = "terran", B1 = "terran", C1 = "barren", D1 = "terran", A2 = "terran",
               B2 = "terran", C2 = "barren", D2 = "terran", A3 = "barren", B3 = "barren",
               C3 = "barren", D3 = "barren", A4 = "terran", B4 = "terran", C4 = "barren",
               D4 = "terran"},
    colonies = {A1 = {owner = 1, pop = 1000}, B1 = {owner = 1, pop = 1000},
                A2 = {owner = 1, pop = 1000}, B2 = {owner = 1, pop = 1000},
                A4 = {owner = 2, pop = 1000}, B4 = {owner = 2, pop = 1000},
                D4 = {owner = 3, pop = 1000},
                D1 = {owner = 4, pop = 1000}, D2 = {owner = 4, pop = 1000}},
    fleets = {B1 = {owner = 1, ships = 42}, C1 = {owner = 1, ships = 17},
              A2 = {owner = 1, ships = 21}, A4 = {owner = 2, ships = 16},
              B4 = {owner = 2, ships = 24}, D4 = {owner = 3, ships = 20},
              D1 = {owner = 4, ships = 30}, D2 = {owner = 4, ships = 10}},
    reserves = {{materials = 8, credits = 157584}, {materials = 95, credits = 90663},
                {materials = 92, credits = 41388}, {materials = 4, credits = 90330}},
    turn = 100, player = 1}}))
end
local function sectors(g) return (g:position():match(" sectors (.*)$")) end
local function play_turns(g, opts, n)
  local all_end = true
  for _ = 1, n do
    if g:status() ~= "playing" then break end
    local r = sg.search(g, opts)
    all_end = all_end and #r.moves == 1 and r.moves[1] == "end"
    for _, m in ipairs(r.moves) do g:play(m) end
  end
  return all_end
end
do
  local paper = {weights = sg.defaults("starchess").weights, priorities = {gather = false}}
  local g = stalled()
  local before = sectors(g)
  t.ok(play_turns(g, paper, 8) and sectors(g) == before,
       "stalled: the paper's player as the paper has it plays end, end, end, end, twice over")
  g = stalled()
  t.ok(play_turns(g, {priorities = {gather = false}}, 8) and sectors(g) == before,
       "the player's own evaluation (self_weight 1, colony_weight 20) alone does not move it")
  -- by hand: player 1's colonise request at C1 has T = 30 + 10 (player 4's fleets at D1 and
  -- D2, next to its colonies and to C1), so a minimal size of T + 20 = 60; its fleets (42 at
  -- B1, 17 at C1, 21 at A2) meet it together, none alone; the site is the own colony nearest
  -- C1 first in its processing order (A1 A2 B1 C1 B2 ...): B1
  g = stalled()
  local c1
  for _, q in ipairs(sg.starchess.requests(g)) do if q.sector == "C1" then c1 = q end end
  t.ok(c1 and c1.kind == "colonise" and c1.min == 60, "the request at C1 asks for 60 ships")
  t.is_deeply(sg.starchess.plan(g, {priorities = {gather = false}}), {"end"},
              "without gathering CompLevel plays end")
  t.is_deeply(sg.starchess.plan(g), {"move A2 B1 21", "move C1 B1 17", "end"},
              "gather (the default): the idle fleets step to B1, where the first one stands")
  local ok = pcall(play_turns, g, {}, 4 * 100)
  local status, winner = g:status()
  t.ok(ok and status == "won",
       ("the default player ends it: %s by player %s in full turn %s (limit 200)"):format(
         status, tostring(winner), g:position():match("^turn (%d+)")))
end

-- bad options
local g = sg.new("starchess")
t.errors(function() sg.search(g, {turns = -1}) end, "turns %(algo 'predict'%): %-1 is out of range; expected a whole number from 0 to 16 %(full turns%)", "negative turns")
t.errors(function() sg.search(g, {turns = 1, levels = 3}) end, "turns or levels, not both", "turns and levels")
t.errors(function() sg.search(g, {prune = "yes"}) end, "prune %(algo 'predict'%): got the string \"yes\"; expected true or false", "prune not a boolean")
t.errors(function() sg.search(g, {threads = 0}) end, "threads %(algo 'predict'%): 0 is out of range; expected a whole number from 1 to 64", "no threads")
t.errors(function() sg.search(g, {depth = 3}) end, "depth %(algo 'predict'%): not an option of this algorithm %(it belongs to 'alphabeta', 'brs', 'maxn', 'paranoid', 'pimc'%)", "depth is not predict's")
t.errors(function() sg.search(g, {priorities = {attack = {}}}) end, "unknown situation 'attack'", "an unknown situation")
t.errors(function() sg.search(g, {priorities = {garrison = {priority = 9}}}) end, "priority must be 1 to 4", "a priority out of range")
t.errors(function() sg.search(g, {priorities = {garrison = {min = {tt = 1}}}}) end, "unknown key 'tt'", "an unknown size key")
t.errors(function() sg.search(g, {priorities = {gather = "yes"}}) end, "priorities.gather must be true or false, got yes", "gather not a boolean")
t.errors(function() sg.search(g, {weights = {ships = 1}}) end, "unknown weights key 'ships'", "an unknown weight")
t.errors(function() sg.search(g, {algo = "alphabeta"}) end, "alphabeta needs a one%- or two%-player game", "alpha-beta on four players")
t.done()
