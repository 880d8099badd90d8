package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 035-starchess-strong.lua: the Star Chess AI beyond the paper: evaluation weights, wide root
-- masks, rollouts, the opponents' request table, balanced terraforming and the stronger player
-- (algo "strong").  Expected values are computed by hand in the comments, or by a reference
-- written here in Lua over sg.starchess.requests and sg.starchess.plan (CompLevel for one
-- mask), every command played through g:play.
local t = require "tap"
local sg = require "stratagem"
local sct = require "sctest"
local col, fl, res, game = sct.col, sct.fl, sct.res, sct.game

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local function count_kind(list, pattern)
  local n = 0
  for _, v in ipairs(list) do if v:match(pattern) then n = n + 1 end end
  return n
end

---------------------------------------------------------------------------------------------
-- EvalPlayers with the weights beyond the paper
--
-- Planets terran but B1 barren.  P1: colonies A1 (100), B1 (barren 50, blockaded by P2's 5
-- ships), 30 ships at A1.  P2: colony A4 (40).  Players 3 and 4 are defeated (B = 0).
-- Weights: pop_weight 10, homeworld_weight 50, capacity_weight 100, blockade_weight 4 (the
-- first three in hundredths of a point).
--   P1: inhabitants 150 -> 1500; homeworld 100 -> 5000; net income of the unblockaded A1:
--       m 100, c 100, supports min(10, 5) = 5 -> 500; 7000 / 100 = 70.  B = 30 + 2 x 10 + 70
--       - 4 (B1 blockaded) = 116.
--   P2: 40 -> 400; 40 -> 2000; A4: m 40, c 40 -> min(4, 2) = 2 -> 200; 2600 / 100 = 26.
--       B = 5 + 10 + 26 = 41.
--   E1 = 3 x 116 - 41 = 307; E2 = 3 x 41 - 2 x 116 = -109; E3 = E4 = -(2 x 116 + 2 x 41) = -314.
do
  local S = {planets = {B1 = "barren"},
             colonies = {A1 = col(1, 100), B1 = col(1, 50), A4 = col(2, 40)},
             fleets = {A1 = fl(1, 30), B1 = fl(2, 5)}}
  local w = {pop_weight = 10, homeworld_weight = 50, capacity_weight = 100, blockade_weight = 4}
  t.is_deeply(game(S, {weights = w}):scores(), {307, -109, -314, -314},
              "EvalPlayers with population, homeworld, capacity and blockade terms")
  -- the defaults leave the paper's EvalPlayers: B1 = 30 + 20 = 50, B2 = 5 + 10 = 15
  -- E1 = 150 - 15 = 135; E2 = 45 - 100 = -55; E3 = E4 = -(100 + 30) = -130
  t.is_deeply(game(S):scores(), {135, -55, -130, -130}, "the default weights are the paper's")
  -- self_weight 1: E1 = 50 - 15 = 35; E2 = 15 - 100 = -85; E3 = -130
  t.is_deeply(game(S, {weights = {self_weight = 1}}):scores(), {35, -85, -130, -130},
              "self_weight replaces the paper's P - 1 = 3")
end

---------------------------------------------------------------------------------------------
-- CompTerraform: "paper" against "balance"

-- Credits bind: A1, A2 terran 1000 (m 200 + 200, c 1000 + 1000), B1 barren 40 (m 200, c -40),
-- C1 barren 150 (m 750, c -150): net m 1350, c 1810, supports min(135, 90) = 90.
--   terraform B1: m 1350 - 200 + 40 = 1190 (119), c 1810 + 40 + 40 = 1890 (94): 94
--   terraform C1: m 1350 - 750 + 150 = 750 (75), c 1810 + 150 + 150 = 2110 (105): 75
-- "balance" terraforms B1 (94 > 90); the paper's rule the most populous barren colony, C1.
do
  local g = game{planets = {B1 = "barren", C1 = "barren"},
                 colonies = {A1 = col(1, 1000), A2 = col(1, 1000), B1 = col(1, 40),
                             C1 = col(1, 150), A4 = col(2, 20)},
                 reserves = {res(100000, 100000)}}
  local paper = sg.starchess.plan(g)
  local balance = sg.starchess.plan(g, {priorities = {terraform = "balance"}})
  t.ok(has(paper, "terraform C1") and count_kind(paper, "^terraform") == 1,
       "terraform = \"paper\": the most populous barren colony, C1")
  t.ok(has(balance, "terraform B1") and count_kind(balance, "^terraform") == 1,
       "terraform = \"balance\": B1, whose terraforming supports the most ships (94 > 90 > 75)")
end

-- Materials bind: A1 terran 1000 (m 200, c 1000), B1 and C1 barren 20 (m 100, c -20 each):
-- m 400, c 960, supports min(40, 48) = 40; terraforming B1 gives m 320 (32): worse.
do
  local g = game{planets = {B1 = "barren", C1 = "barren"},
                 colonies = {A1 = col(1, 1000), B1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20)},
                 reserves = {res(100000, 100000)}}
  t.ok(has(sg.starchess.plan(g), "terraform B1"),
       "the paper's rule terraforms B1 (2 barren, 1 terran; equal populations in processing order)")
  t.is(count_kind(sg.starchess.plan(g, {priorities = {terraform = "balance"}}), "^terraform"), 0,
       "\"balance\" does not terraform an empire short of materials")
end

---------------------------------------------------------------------------------------------
-- the reference tree (prune = true): the root player branches over its masks (wide ones at
-- the root with `wide`), the others play their unmasked request list (with `opr`); each leaf
-- is played on for `rollout` full turns of unmasked request lists before EvalPlayers.

local paper_masks = sct.masks

-- the wide masks: the paper's, then all but one request (more than 3 requests), then each
-- priority class masked (more than 2 requests in it, not all) and all but each class (more
-- than 2 requests outside it, some in it)
local function wide_masks(req)
  local m = paper_masks(req)
  local n = #req
  if n > 3 then
    for i = 1, n do
      local x = {}
      for j = 1, n do if j ~= i then x[#x + 1] = req[j].sector end end
      m[#m + 1] = x
    end
  end
  for p = 1, 4 do
    local inside, outside = {}, {}
    for _, r in ipairs(req) do
      if r.priority == p then inside[#inside + 1] = r.sector else outside[#outside + 1] = r.sector end
    end
    if #inside > 2 and #inside < n then m[#m + 1] = inside end
    if #outside > 2 and #inside > 0 then m[#m + 1] = outside end
  end
  return m
end

local function play_plan(g, mask, pr)
  for _, c in ipairs(sg.starchess.plan(g, {mask = mask, priorities = pr})) do g:play(c) end
end

local function leaf_scores(g, o)
  if (o.rollout or 0) > 0 then
    local x = g:copy()
    local stop = x:turn() + o.rollout
    while x:turn() < stop and x:status() == "playing" do
      local pr = o.opr
      if x:player() == o.root then pr = o.pr end
      play_plan(x, {}, pr)
    end
    return x:scores()
  end
  return g:scores()
end

local function reference(g, level, o)
  local q = o.players[level]
  local last = level == #o.players
  if g:status() ~= "playing" then return leaf_scores(g, o), {} end
  if g:empire(q).defeated or g:player() ~= q then
    if last then return leaf_scores(g, o), {} end
    return (reference(g, level + 1, o)), {}
  end
  local pr = o.opr
  if q == o.root then pr = o.pr end
  local masks = {{}}
  if q == o.root then
    local req = sg.starchess.requests(g, pr)
    masks = (level == 1 and o.wide) and wide_masks(req) or paper_masks(req)
  end
  local best, bestmask
  for _, mask in ipairs(masks) do
    local child = g:copy()
    play_plan(child, mask, pr)
    local v = last and leaf_scores(child, o) or reference(child, level + 1, o)
    if not best or v[q] > best[q] then best, bestmask = v, mask end
  end
  return best, bestmask
end

local function ref_search(g, turns, o)
  o.root, o.players = g:player(), {}
  local p = g:player()
  for _ = 1, turns == 0 and 1 or 4 * turns do
    o.players[#o.players + 1] = p
    p = p % 4 + 1
  end
  return reference(g, 1, o)
end

local function same_set(a, b)
  if #a ~= #b then return false end
  local s = {}
  for _, x in ipairs(a) do s[x] = true end
  for _, x in ipairs(b) do if not s[x] then return false end end
  return true
end

-- positions: the start, and midgames of the paper's AI on the default rules
local positions = sct.ai_positions(3, function(seed) return sg.new("starchess", {seed = seed}) end,
                                   function(seed) return 4 * (10 + 8 * seed) end)
t.ok(#positions >= 5, "test positions: " .. #positions)

-- wide masks, counted: RICH player 1 of 022-starchess-ai.lua has 7 requests (2 of priority 3,
-- 5 of priority 4): 1 + 7 + 21 = 29 masks, 7 with all but one, "priority 4 masked" (5 of 7)
-- and "all but priority 3 masked" (5 outside it): 38
do
  local g = game{planets = {B1 = "barren", B2 = "barren", C3 = "barren"},
                 colonies = {A1 = col(1, 200), B2 = col(1, 100), B1 = col(1, 60), A4 = col(2, 100),
                             C3 = col(2, 50), D4 = col(3, 60)},
                 fleets = {A1 = fl(1, 30), A2 = fl(1, 22), B1 = fl(1, 12), C2 = fl(2, 8),
                           B4 = fl(2, 15), D4 = fl(3, 20)},
                 reserves = {res(5000, 5000), res(5000, 5000), res(5000, 5000), res(0, 0)}}
  t.is(#sg.starchess.requests(g), 7, "RICH player 1: 7 requests")
  t.is(sg.search(g, {turns = 0, dedupe = false}).generated, 29, "the paper's masks: 29")
  t.is(sg.search(g, {turns = 0, dedupe = false, wide = true}).generated, 38,
       "wide masks: 29 + 7 all-but-one + 2 priority-class masks = 38")
  t.is(#wide_masks(sg.starchess.requests(g)), 38, "the reference's wide masks agree")
end

-- the C tree against the reference: wide, rollout, opponents' priorities, alone and together
local cases = {
  {turns = 0, wide = true},
  {turns = 1, wide = true},
  {turns = 0, rollout = 2},
  {turns = 1, rollout = 1},
  {turns = 1, opr = {garrison = {priority = 4}, colonise = {priority = 1}}},
  {turns = 1, wide = true, rollout = 2, pr = {garrison = {priority = 4}}},
  {turns = 1, wide = true, rollout = 2, pr = {garrison = {priority = 4}}, opr = {}},
}
-- the reference evaluates by g:scores(), the game's weights, so the tree is given those (the
-- paper's player's own default is self_weight 1, colony_weight 20)
local W = sg.defaults("starchess").weights
local agree, n = true, 0
for i, g in ipairs(positions) do
  for _, c in ipairs(cases) do
    local o = {wide = c.wide, rollout = c.rollout, pr = c.pr, opr = c.opr or c.pr}
    local want, wantmask = ref_search(g, c.turns, o)
    local got = sg.search(g, {turns = c.turns, wide = c.wide or false, rollout = c.rollout or 0,
                              priorities = c.pr, opponent_priorities = c.opr, weights = W})
    local full = sg.search(g, {turns = c.turns, wide = c.wide or false, rollout = c.rollout or 0,
                               priorities = c.pr, opponent_priorities = c.opr, dedupe = false,
                               weights = W})
    local plan = sg.starchess.plan(g, {mask = got.mask, priorities = c.pr})
    n = n + 1
    if not (t.same(got.scores, want) and same_set(got.mask, wantmask) and t.same(got.moves, plan)
            and t.same(full.moves, got.moves) and t.same(full.scores, got.scores)) then
      agree = false
      t.diag(("position %d, turns %d, wide %s, rollout %s: got {%s} {%s}, reference {%s} {%s}")
             :format(i, c.turns, tostring(c.wide), tostring(c.rollout),
                     table.concat(got.mask, ","), table.concat(got.scores, ","),
                     table.concat(wantmask, ","), table.concat(want, ",")))
    end
  end
end
t.ok(agree, ("wide masks, rollouts and the opponents' request table: the C tree equals the " ..
             "reference, with and without dedupe (%d cases)"):format(n))

-- a rollout looks further: on a midgame position it evaluates other states than no rollout
do
  local g = positions[#positions]
  local a = sg.search(g, {turns = 0})
  local b = sg.search(g, {turns = 0, rollout = 3})
  t.ok(b.generated > a.generated, ("rollout = 3 generates the rollout's turns too (%d > %d)")
       :format(b.generated, a.generated))
end

---------------------------------------------------------------------------------------------
-- the stronger player: algo "strong" is the preset laid over the paper's defaults

do
  local d = sg.defaults("starchess")
  t.is(d.search.turns, 3, "the paper's player looks three full turns ahead by default")
  local preset = d.strong
  t.ok(type(preset) == "table" and preset.rollout and preset.wide ~= nil,
       "the preset is data in lua/stratagem/games/starchess.lua")
  for i, g in ipairs(positions) do
    if i > 3 then break end
    local s = sg.search(g, {algo = "strong"})
    local o = {algo = "predict"}
    for k, v in pairs(preset) do o[k] = v end
    local p = sg.search(g, o)
    t.ok(t.same(s.moves, p.moves) and t.same(s.scores, p.scores) and s.generated == p.generated,
         ("position %d: algo strong equals predict with the preset's options"):format(i))
  end
  -- priorities given to strong are laid over the preset's: garrison stays last
  local g = positions[2]
  local a = sg.search(g, {algo = "strong", priorities = {colonise = {priority = 3}}})
  local o = {algo = "predict"}
  for k, v in pairs(preset) do o[k] = v end
  -- the preset's request table with colonise's priority replaced, field by field
  o.priorities = {}
  for kind, rule in pairs(preset.priorities) do
    if type(rule) == "table" then
      o.priorities[kind] = {}
      for f, v in pairs(rule) do o.priorities[kind][f] = v end
    else
      o.priorities[kind] = rule   -- gather = false
    end
  end
  o.priorities.colonise = o.priorities.colonise or {}
  o.priorities.colonise.priority = 3
  t.ok(t.same(a.moves, sg.search(g, o).moves), "priorities given to strong are laid over its own")
  t.ok(#sg.search(g, {algo = "strong", turns = 1}).moves >= 1, "strong takes predict's options")
end

---------------------------------------------------------------------------------------------
-- the time limit: past it the best of the root masks searched to the end is played

do
  local g = positions[#positions]
  local free = sg.search(g, {algo = "strong"})
  local roomy = sg.search(g, {algo = "strong", time = 1000})
  t.ok(free.complete and roomy.complete and t.same(free.moves, roomy.moves),
       "a time limit that holds changes nothing (complete = true)")
  -- turns 6 without dedupe on a midgame position cannot end in a microsecond
  local r = sg.search(g, {turns = 6, dedupe = false, time = 1e-6})
  t.is(r.complete, false, "a time limit that runs out: complete = false")
  t.ok(t.same(r.moves, sg.starchess.plan(g, {mask = r.mask})),
       "and the turn played is the plan of a mask (" .. table.concat(r.mask, ",") .. ")")
  local x = g:copy()
  local ok = pcall(function() for _, c in ipairs(r.moves) do x:play(c) end end)
  t.ok(ok, "which is legal")
end

---------------------------------------------------------------------------------------------
-- opponent_model = "predict": the opponents' turns of the tree's first full turn are those of
-- the game's own player (sg.search(g, {}) reads no seed and no clock), so a tree of one full
-- turn without rollouts predicts exactly the position that its turn and the three paper
-- turns after it reach: its scores are that position's evaluation (the strong player's
-- weights are the game's, which g:scores() uses).  The request-table model predicts other
-- turns, and on some of these positions another choice.

do
  local checked, exact, differs = 0, 0, 0
  local g = sg.new("starchess", {seed = 3003})
  for i = 1, 4 * 40 do
    if g:status() ~= "playing" then break end
    if i % 8 == 1 then
      local o = {algo = "strong", turns = 1, rollout = 0, opponent_model = "predict"}
      local r = sg.search(g, o)
      local x = g:copy()
      for _, c in ipairs(r.moves) do x:play(c) end
      for _ = 1, 3 do
        if x:status() ~= "playing" then break end
        for _, c in ipairs(sg.search(x, {}).moves) do x:play(c) end
      end
      checked = checked + 1
      if table.concat(x:scores(), " ") == table.concat(r.scores, " ") then exact = exact + 1 end
      local a = sg.search(g, {algo = "strong", turns = 2, rollout = 1})
      local b = sg.search(g, {algo = "strong", turns = 2, rollout = 1, opponent_model = "predict"})
      if table.concat(a.moves, " ") ~= table.concat(b.moves, " ") then differs = differs + 1 end
    end
    for _, c in ipairs(sg.search(g, {}).moves) do g:play(c) end
  end
  t.ok(checked >= 10, ("positions checked: %d"):format(checked))
  t.is(exact, checked, "opponent_model = \"predict\": the tree's scores are those of the position " ..
       "its turn and the paper players' three turns reach")
  t.ok(differs > 0, ("and the stronger player chooses another turn on some positions (%d of %d)")
       :format(differs, checked))
  local o1 = {algo = "strong", turns = 2, rollout = 1, opponent_model = "predict", model_turns = 2}
  local one = sg.search(g, o1)
  o1.threads = 2
  local two = sg.search(g, o1)
  t.is(table.concat(two.moves, " ") .. table.concat(two.scores, " ") .. two.generated,
       table.concat(one.moves, " ") .. table.concat(one.scores, " ") .. one.generated,
       "opponent_model = \"predict\" on two threads: the same turn, scores and positions as on one")
  local cut = sg.search(g, {algo = "strong", opponent_model = "predict", model_turns = 3, time = 1e-6})
  t.ok(cut.complete == false and cut.moves[#cut.moves] == "end",
       "opponent_model = \"predict\" with a time limit that runs out: a turn, complete = false")
  local p = sg.search(g, {algo = "strong", turns = 1, rollout = 0, opponent_model = "predict", model_turns = 0})
  local q = sg.search(g, {algo = "strong", turns = 1, rollout = 0})
  t.is(table.concat(p.moves, " ") .. table.concat(p.scores, " "),
       table.concat(q.moves, " ") .. table.concat(q.scores, " "),
       "model_turns = 0: the request-table model, as without the option")
end

---------------------------------------------------------------------------------------------
-- opponent_model = "strong" with model_options: the opponents' turns of the tree's first full
-- turn are those the stronger player with those options plays (it reads no seed and no clock
-- either), so against three such players the tree of one full turn predicts the position
-- exactly, as above; the model's options reach it (rollouts of 1 and of 0 predict other turns
-- on some positions).

do
  local checked, exact, differs = 0, 0, 0
  local g = sg.new("starchess", {seed = 3005})
  local model = {rollout = 1, turns = 2}
  for i = 1, 4 * 40 do
    if g:status() ~= "playing" then break end
    if i % 12 == 1 then
      local o = {algo = "strong", turns = 1, rollout = 0, opponent_model = "strong",
                 model_options = model}
      local r = sg.search(g, o)
      local x = g:copy()
      for _, c in ipairs(r.moves) do x:play(c) end
      for _ = 1, 3 do
        if x:status() ~= "playing" then break end
        for _, c in ipairs(sg.search(x, {algo = "strong", rollout = 1, turns = 2}).moves) do
          x:play(c)
        end
      end
      checked = checked + 1
      if table.concat(x:scores(), " ") == table.concat(r.scores, " ") then exact = exact + 1 end
      o.model_options = {rollout = 0, turns = 1}
      local b = sg.search(g, o)
      if table.concat(b.scores, " ") ~= table.concat(r.scores, " ") then differs = differs + 1 end
    end
    for _, c in ipairs(sg.search(g, {}).moves) do g:play(c) end
  end
  t.ok(checked >= 8, ("positions checked: %d"):format(checked))
  t.is(exact, checked, "opponent_model = \"strong\", model_options = {rollout = 1, turns = 2}: " ..
       "the tree's scores are those of the position its turn and three such players' turns reach")
  t.ok(differs > 0, ("and other model options predict other turns on some positions (%d of %d)")
       :format(differs, checked))
end

---------------------------------------------------------------------------------------------
-- model_top = k: the root's alternatives searched without the model first, the k best again
-- with it.  k = 1 plays the request-table tree's turn (with the model's scores); k at least
-- the number of alternatives is the model for all; two threads give the same as one.
-- opponent_model = "auto": the known player that played the others' last turns is found
-- (none on the first turn: the table), and its model is used.

do
  local g = sg.new("starchess", {seed = 3007})
  local lv9 = {algo = "strong", rollout = 1}
  local function turn(o) for _, c in ipairs(sg.search(g, o).moves) do g:play(c) end end
  local first = sg.search(g, {algo = "strong", opponent_model = "auto"})
  t.is(first.model, "table", "auto on the first turn, with no turns of the others yet: the table")
  local top1, same1, all, sameall, two = 0, 0, 0, 0, 0
  local cheap_dear, cheap_same, cheap_differs = 0, 0, 0
  local function key(r) return table.concat(r.moves, " ") .. " " .. table.concat(r.scores, " ") end
  local found, exact, asked = 0, 0, 0
  for i = 1, 4 * 24 do
    if g:status() ~= "playing" then break end
    if g:player() == 1 and i > 4 then
      local m = {algo = "strong", rollout = 0, turns = 2, opponent_model = "strong",
                 model_options = {rollout = 1}}
      local full = sg.search(g, m)
      m.model_top = 1
      local one = sg.search(g, m)
      local plain = sg.search(g, {algo = "strong", rollout = 0, turns = 2})
      top1 = top1 + 1
      if table.concat(one.moves, " ") == table.concat(plain.moves, " ") then same1 = same1 + 1 end
      -- model_top_cheap is the top of a model without rollouts only: level 9's model (one
      -- full turn of rollouts) keeps model_top = 1; with no rollouts it searches all
      m.model_top_cheap = 161
      local dear = sg.search(g, m)
      if key(dear) == key(one) then cheap_dear = cheap_dear + 1 end
      m.model_options = {rollout = 0}
      local cheap = sg.search(g, m)
      m.model_top, m.model_top_cheap = 0, nil
      local cheap_all = sg.search(g, m)
      if key(cheap) == key(cheap_all) then cheap_same = cheap_same + 1 end
      if key(cheap_all) ~= key(plain) then cheap_differs = cheap_differs + 1 end
      m.model_options = {rollout = 1}
      m.model_top = 161
      local big = sg.search(g, m)
      all = all + 1
      if table.concat(big.moves, " ") .. table.concat(big.scores, " ") ==
         table.concat(full.moves, " ") .. table.concat(full.scores, " ") then
        sameall = sameall + 1
      end
      m.model_top, m.threads = 3, 1
      local a = sg.search(g, m)
      m.threads = 2
      local b = sg.search(g, m)
      if table.concat(a.moves, " ") .. table.concat(a.scores, " ") ==
         table.concat(b.moves, " ") .. table.concat(b.scores, " ") then
        two = two + 1
      end
      -- the others are level 9 of play: auto finds it once their turns tell it from the rest
      local au = sg.search(g, {algo = "strong", rollout = 0, turns = 2, opponent_model = "auto"})
      if i > 4 * 12 then
        asked = asked + 1
        if au.model == "level 9" or au.model == "level 10" then found = found + 1 end
        m.threads, m.model_top = 1, 0
        m.model_options = {rollout = 1}
        local want = sg.search(g, m)
        if table.concat(au.moves, " ") .. table.concat(au.scores, " ") ==
           table.concat(want.moves, " ") .. table.concat(want.scores, " ") then
          exact = exact + 1
        end
      end
      turn({algo = "strong", rollout = 0, turns = 2})
    else
      turn(lv9)
    end
  end
  t.ok(top1 >= 8, ("positions: %d"):format(top1))
  t.is(same1, top1, "model_top = 1: the turn of the request-table tree, on every position")
  t.is(sameall, all, "model_top above the alternatives: the turn and scores of the model for all")
  t.is(two, top1, "model_top = 3 on two threads: the same turns and scores as on one")
  t.is(cheap_dear, top1, "model_top_cheap = 161 with a model of rollouts: model_top = 1 still")
  t.is(cheap_same, top1, "model_top_cheap = 161 with a model of no rollouts: every alternative " ..
       "with the model (as model_top = 0)")
  t.ok(cheap_differs > 0, ("and that model's turn is not the table's on some positions (%d of %d)")
       :format(cheap_differs, top1))
  t.ok(asked >= 4, ("positions after full turn 12: %d"):format(asked))
  t.is(found, asked, "auto against three players of level 9: level 9 or 10 found on every one " ..
       "(the strongest known player that played their turns of the last rounds)")
  t.ok(exact >= asked * 3 // 4, ("and its turn and scores are those of level 9's model given " ..
       "by hand on %d of %d"):format(exact, asked))
end

do
  local g = sg.new("starchess", {seed = 3009})
  local models = {}
  for r = 1, 24 do
    for _ = 1, 4 do for _, c in ipairs(sg.search(g, {}).moves) do g:play(c) end end
    if r % 4 == 0 then
      local before = g:position()
      local au = sg.search(g, {algo = "strong", rollout = 0, opponent_model = "auto"})
      models[#models + 1] = au.model
      if g:position() ~= before then models[#models + 1] = "the game changed" end
    end
  end
  t.is(table.concat(models, ", "), ("default, "):rep(5) .. "default",
       "auto against the game's default players: the default player found, the game unchanged")
end

---------------------------------------------------------------------------------------------
-- bad input: every new option is checked, the game is unchanged

do
  local g = positions[2]
  local before = g:position()
  local function bad(opts, pattern, desc)
    t.errors(function() sg.search(g, opts) end, pattern, desc, true)
  end
  bad({wide = 1}, "wide (algo 'predict'): got 1; expected true or false", "wide: not a boolean")
  bad({rollout = -1}, "rollout (algo 'predict'): -1 is out of range; expected a whole number from 0 to 100 (full turns)", "rollout below 0")
  bad({rollout = 2.5}, "rollout (algo 'predict'): got 2.5; expected a whole number from 0 to 100 (full turns)", "rollout not whole")
  bad({dedupe = "yes"}, "dedupe (algo 'predict'): got the string \"yes\"; expected true or false", "dedupe: not a boolean")
  bad({time = -1}, "time (algo 'predict'): -1 is out of range; expected a number, 0 or more (seconds; 0: no limit)", "time below 0")
  bad({algo = "strong", time = "soon"}, "time (algo 'strong'): got the string \"soon\"; expected a number, 0 or more",
      "time not a number")
  bad({opponent_priorities = {garison = {}}}, "unknown situation 'garison'",
      "opponent_priorities: a misspelled situation")
  bad({priorities = {terraform = "best"}}, "priorities.terraform must be \"paper\" or \"balance\"",
      "terraform: an unknown rule")
  bad({priorities = {reserve_turns = -1}}, "reserve_turns must be a whole number from 0 to 1000",
      "reserve_turns below 0")
  bad({algo = "strong", weights = {pop_weigth = 1}}, "unknown weights key 'pop_weigth' for starchess (valid keys: blockade_weight",
      "a misspelled weight is named with the valid keys")
  bad({algo = "strong", rollout = 101}, "rollout (algo 'strong'): 101 is out of range; expected a whole number from 0 to 100",
      "strong checks its options like predict")
  bad({algo = "strong", depth = 3}, "depth (algo 'strong'): not an option of this algorithm (it belongs to 'alphabeta', 'brs', 'maxn', 'paranoid', 'pimc')",
      "an option strong does not take")
  bad({algo = "strong", opponent_model = "exact"}, "opponent_model (algo 'strong'): got the string \"exact\"; " ..
      "expected \"table\", \"predict\", \"strong\" or \"auto\"", "opponent_model: an unknown model")
  bad({algo = "strong", model_options = {rollout = 1}}, "model_options: given without a model; " ..
      "expected opponent_model = \"predict\" or \"strong\" with it", "model_options without a model")
  bad({algo = "strong", opponent_model = "strong", model_options = {threads = 2}},
      "model_options: unknown key 'threads'; expected some of: dedupe, levels, masks",
      "model_options: a key the model does not take")
  bad({algo = "strong", opponent_model = "strong", model_options = {rollout = "x"}},
      "model_options: rollout (algo 'strong'): got the string \"x\"; expected a whole number from 0 to 100",
      "model_options: a bad value, named with what it takes")
  bad({algo = "strong", opponent_model = "predict", model_options = {weights = {colony_weigth = 1}}},
      "model_options: unknown weights key 'colony_weigth'", "model_options: a misspelled weight")
  bad({algo = "strong", model_top = 2}, "model_top: given without a model; expected " ..
      "opponent_model = \"predict\" or \"strong\" with it", "model_top without a model")
  bad({algo = "strong", model_top_cheap = 0}, "model_top_cheap: given without a model; " ..
      "expected opponent_model = \"predict\" or \"strong\" with it", "model_top_cheap without a model")
  bad({algo = "strong", opponent_model = "auto", model_top_cheap = 1.5},
      "model_top_cheap (algo 'strong'): got 1.5; expected a whole number from 0 to 161",
      "model_top_cheap not a whole number")
  bad({algo = "strong", opponent_model = "auto", model_options = {rollout = 1}},
      "model_options: given with opponent_model = \"auto\", which chooses its own",
      "model_options with auto")
  bad({algo = "strong", opponent_model = "strong", model_top = 162},
      "model_top (algo 'strong'): 162 is out of range; expected a whole number from 0 to 161",
      "model_top above the most alternatives")
  bad({algo = "strong", opponent_model = "strong", model_options = 3},
      "model_options (algo 'strong'): got 3; expected a table", "model_options: not a table")
  bad({algo = "strong", model_turns = 17}, "model_turns (algo 'strong'): 17 is out of range; expected a whole " ..
      "number from 0 to 16 (full turns)", "model_turns above 16")
  t.is(g:position(), before, "refused searches leave the game unchanged")
  local function refused(scenario, pattern, desc)
    local ok, why = sg.new("starchess", {scenario = scenario})
    t.ok(ok == nil and tostring(why):match(pattern), desc .. " (" .. tostring(why) .. ")")
  end
  refused({reserves = {{materials = -5}}}, "reserves%[1%]%.materials must be a whole number from 0",
          "a scenario with negative reserves is refused")
  refused({reserves = {[2] = {credits = "lots"}}}, "reserves%[2%]%.credits must be a whole number.*got lots",
          "a scenario with reserves that are not numbers is refused")
  refused({reserves = {{gold = 1}}}, "unknown key 'gold'", "an unknown reserve is named")
  t.errors(function() sg.new("starchess", {rules = {start_materials = -1}}) end,
           "start_materials = -1 is out of range", "negative starting reserves in the rules", true)
end

-- bench starchess's threads lines (#33 item 6): interleaved rounds, the spread and the work
-- per round printed, the results compared with one thread's
do
  local B = require "stratagem.bench"
  local ps = {}
  for seed = 1, 2 do
    local g = sg.new("starchess", {seed = seed})
    for _ = 1, 12 do
      if g:status() ~= "playing" then break end
      for _, c in ipairs(sg.search(g, {turns = 1}).moves) do g:play(c) end
    end
    ps[#ps + 1] = g
  end
  local lines = {}
  B.starchess_threads(function(l) lines[#lines + 1] = l end, ps, 2)
  t.like(lines[1], "^  turns = 4, dedupe on  on 2 threads: median speed%-up [%d.]+x %([%d.]+ to " ..
         "[%d.]+%) over 2 interleaved rounds of %d+ ms on one thread, results identical to one thread$",
         "bench starchess: two threads against one over interleaved rounds at turns = 4")
  t.like(lines[2], "^  turns = 3, dedupe off on 2 threads: .* results identical to one thread$",
         "and at turns = 3 without dedupe")
  if io.open("/proc/loadavg") then
    t.like(lines[3], "^  %(load average [%d.]+ before", "the load average is printed")
  else
    t.skip("no /proc/loadavg", 1)
  end
end

t.done()
