-- 022-starchess-ai.lua: the Star Chess computer player (turn generator), piece by piece, on
-- small hand-built positions.  Every expected value is computed by hand from the seed's
-- sections 3.1-3.5 (../shared/seeds/000_a8e782ad8063d490.txt) and the rules file
-- (../shared/rules/starchess.md, "What the AI needs fixed" and the default request table);
-- the comments show the computation.  None was copied from the program's output.
--
-- Notation in the comments: hood(X) = X and its up to 8 neighbours; near_p = the union of
-- hood(c) over player p's colonies (the sectors p may move into); T = threat count.
-- Processing orders (section 3.1):
--   1: A1 A2 B1 C1 B2 A3 A4 B3 C2 D1 D2 C3 B4 C4 D3 D4
--   2: A4 B4 A3 A2 B3 C4 D4 C3 B2 A1 B1 C2 D3 D2 C1 D1
--   3: D4 D3 C4 B4 C3 D2 D1 C2 B3 A4 A3 B2 C1 B1 A2 A1
--   4: D1 C1 D2 D3 C2 B1 A1 B2 C3 D4 C4 B3 A2 A3 B4 A4
-- Support capacity (rules file): max(0, min(floor(net m / 10), floor(net c / 20))); a terran
-- colony of n gives +min(n, 200) materials and +min(n, 1000) credits, a barren one
-- +min(5n, 1000) materials and -min(n, 200) credits; blockaded colonies give nothing.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"
local sc = sg.starchess

---------------------------------------------------------------------------------------------
-- helpers (as in 020-starchess-rules.lua)

local sct = require "sctest"
local col, fl, res, game = sct.col, sct.fl, sct.res, sct.game

local function J(list) return table.concat(list, "; ") end

-- the paper's support capacity for CompSupBuild and CompScrap too: income only, reserves not
-- counted (priorities.reserve_turns = 0); the default counts a tenth of the reserves
local INCOME = {reserve_turns = 0}

-- the paper's CompMove: these hand-worked turns are the paper's procedures, without the
-- gathering the default adds after CompMove (beyond the paper; t/023 tests it)
local function paper(pr)
  local o = {gather = false}
  for k, v in pairs(pr or {}) do o[k] = v end
  return o
end

-- the whole turn CompLevel generates, as one string
local function plan(g, mask, pr)
  return J(sc.plan(g, {mask = mask or {}, priorities = paper(pr)}))
end

-- only the move commands of the plan (the CompMove part)
local function moves(g, mask, pr)
  local out = {}
  for _, c in ipairs(sc.plan(g, {mask = mask or {}, priorities = paper(pr)})) do
    if c:match("^move ") then out[#out + 1] = c end
  end
  return J(out)
end

local function has(list, cmd)
  for _, c in ipairs(list) do if c == cmd then return true end end
  return false
end

-- a request as "SECTOR kind priority command min/max T"
local function rq(r)
  return ("%s %s %d %s %d/%d T%d"):format(r.sector, r.kind, r.priority, r.command, r.min, r.max,
                                         r.threats)
end
local function reqs(g, pr)
  local out = {}
  for i, r in ipairs(sc.requests(g, pr)) do out[i] = rq(r) end
  return out
end
local function find(list, sector)
  for _, r in ipairs(sc.requests(list)) do if r.sector == sector then return rq(r) end end
end

---------------------------------------------------------------------------------------------
-- 3.1 processing orders

do
  local want = {
    "A1 A2 B1 C1 B2 A3 A4 B3 C2 D1 D2 C3 B4 C4 D3 D4",
    "A4 B4 A3 A2 B3 C4 D4 C3 B2 A1 B1 C2 D3 D2 C1 D1",
    "D4 D3 C4 B4 C3 D2 D1 C2 B3 A4 A3 B2 C1 B1 A2 A1",
    "D1 C1 D2 D3 C2 B1 A1 B2 C3 D4 C4 B3 A2 A3 B4 A4",
  }
  for p = 1, 4 do
    t.is(table.concat(sc.order(p), " "), want[p], "processing order of player " .. p .. " (3.1)")
  end
end

---------------------------------------------------------------------------------------------
-- 3.2 CountThreats and the standard mask
--
-- Position T1: colonies P1 A1 C1, P2 A4 B3, P3 D4 (P4 defeated).  Fleets: P1 A1 20;
-- P2 A2 7, C3 4, D2 3; P3 C2 11.
--   near1 = {A1 A2 B1 B2} u {B1 C1 D1 B2 C2 D2} = A1 A2 B1 B2 C1 C2 D1 D2
--   near2 = {A3 B3 A4 B4} u hood(B3) = A2 A3 A4 B2 B3 B4 C2 C3 C4
--   near3 = hood(D4) = C3 C4 D3 D4
-- Contributions to player 1's threats (enemy = P2, P3):
--   P2 A2 (7):  7 at A2; neighbours A1 B1 B2 A3 B3, of which near2: B2 A3 B3 (+7)
--   P2 C3 (4):  4 at C3; neighbours in near2: B2 C2 B3 B4 C4 (+4)
--   P2 D2 (3):  3 at D2; neighbours C1 D1 C2 C3 D3, in near2: C2 C3 (+3)
--   P3 C2 (11): 11 at C2; neighbours in near3: C3 D3 (+11)
-- Totals: A1 0, A2 7, A3 7, A4 0, B1 0, B2 11, B3 11, B4 4, C1 0, C2 18, C3 18, C4 4,
--         D1 0, D2 3, D3 11, D4 0.

local function T1(player)
  return game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20), B3 = col(2, 20),
                          D4 = col(3, 20)},
              fleets = {A1 = fl(1, 20), A2 = fl(2, 7), C3 = fl(2, 4), D2 = fl(2, 3),
                        C2 = fl(3, 11)},
              player = player}
end

do
  local g = T1(1)
  local th, mask = sc.threats(g)
  t.is_deeply(th, {A1 = 0, A2 = 7, A3 = 7, A4 = 0, B1 = 0, B2 = 11, B3 = 11, B4 = 4, C1 = 0,
                   C2 = 18, C3 = 18, C4 = 4, D1 = 0, D2 = 3, D3 = 11, D4 = 0},
              "CountThreats for player 1 in T1: all 16 sectors")
  t.is(th.A1, 0, "threats: P2's 7 ships next door at A2 do not count at A1 (A1 is not next to a P2 colony)")
  t.is(th.C2, 18, "threats: C2 = 11 in the sector + 4 (C3) + 3 (D2); P2's 7 at A2, two away, do not count")
  t.is(th.D3, 11, "threats: D3 counts P3's 11 from C2 (next to P3's D4) but not P2's 4 at C3 or 3 at D2")
  t.is(th.B2, 11, "threats: B2 = 7 (A2) + 4 (C3), both owners may move there; own fleets never count")
  -- reachable = near1; safe = own colony with T 0: A1 and C1
  t.is(table.concat(mask, " "), "A2 B1 B2 C2 D1 D2",
       "standard mask: reachable and not safe (A1, C1 safe), in player 1's processing order")
  t.is_deeply(reqs(g), {
    "A2 colonise 4 colonise 27/41 T7",   -- 7+20, 21+20
    "B1 colonise 4 colonise 20/20 T0",
    "B2 colonise 4 colonise 31/53 T11",
    "C2 colonise 4 colonise 38/74 T18",  -- 18+20, 54+20
    "D1 colonise 4 colonise 20/20 T0",
    "D2 colonise 4 colonise 23/29 T3",
  }, "T1 requests of player 1: one colonise request per masked-in sector, sizes T+20 and 3T+20")
end

-- the same position with player 2 to move: enemies are P1 and P3
--   P1 A1 (20): 20 at A1; neighbours in near1: A2 B1 B2 (+20)
--   P3 C2 (11): 11 at C2; C3 D3 (+11)
--   threats: A1 20, A2 20, B1 20, B2 20, C2 11, C3 11, D3 11, the rest 0
--   reachable = near2; safe: A4, B3 (own, T 0)
--   mask in P2's order: B4 A3 A2 C4 C3 B2 C2
do
  local g = T1(2)
  local th, mask = sc.threats(g)
  t.is_deeply(th, {A1 = 20, A2 = 20, A3 = 0, A4 = 0, B1 = 20, B2 = 20, B3 = 0, B4 = 0,
                   C1 = 0, C2 = 11, C3 = 11, C4 = 0, D1 = 0, D2 = 0, D3 = 11, D4 = 0},
              "CountThreats for player 2 in T1 (P2's own fleets at A2, C3, D2 do not count)")
  t.is(table.concat(mask, " "), "B4 A3 A2 C4 C3 B2 C2", "player 2's standard mask, in player 2's order")
  t.is_deeply(reqs(g), {
    "B4 colonise 4 colonise 20/20 T0",
    "A3 colonise 4 colonise 20/20 T0",
    "A2 colonise 4 colonise 40/80 T20",
    "C4 colonise 4 colonise 20/20 T0",
    "C3 colonise 4 colonise 31/53 T11",
    "B2 colonise 4 colonise 40/80 T20",
    "C2 colonise 4 colonise 31/53 T11",
  }, "player 2's requests: same priority, sorted by player 2's processing order")
end

---------------------------------------------------------------------------------------------
-- 3.4.4 CreateRequests: every kind
--
-- Position R1: colonies P1 A1 A3 C1, P2 A4 C2, P3 D4.  Fleets: P2 A1 11, B4 5, D3 6; P3 C1 4.
--   near1 = A1 A2 A3 A4 B1 B2 B3 B4 C1 C2 D1 D2
--   near2 = hood(A4) u hood(C2) = A3 A4 B1 B2 B3 B4 C1 C2 C3 D1 D2 D3;  near3 = C3 C4 D3 D4
--   P2 A1 (11): 11 at A1; neighbours A2 B1 B2, in near2: B1 B2 (+11)
--   P2 B4 (5):  5 at B4; neighbours A3 B3 C3 A4 C4, in near2: A3 B3 C3 A4 (+5)
--   P2 D3 (6):  6 at D3; neighbours C2 D2 C3 C4 D4, in near2: C2 D2 C3 (+6)
--   P3 C1 (4):  4 at C1; neighbours B1 D1 B2 C2 D2: none in near3
--   T: A1 11, A2 0, B1 11, C1 4, B2 11, A3 5, A4 5, B3 5, C2 6, D1 0, D2 6, B4 5
--   no own colony is safe, so all 12 reachable sectors are masked in.
-- Requests (default table):
--   A1 own homeworld, enemy ships there: defend_homeworld p1, min 11/3+1 = 4, max 33
--   C1 other own colony, enemy ships there: defend_colony p2, min 4/3+1 = 2, max 12
--   A4 enemy homeworld: attack_homeworld p2, min 5+1 = 6, max max(15, 50) = 50
--   A3 own colony threatened from B4 only: garrison p3, min 5/3+1 = 2, max 15
--   C2 other enemy colony: attack_colony p3, min 6+1 = 7, max max(18, 50) = 50
--   A2 20/20, B1 31/53, B2 31/53, B3 25/35, D1 20/20, D2 26/38, B4 25/35: colonise p4
-- Order: priority, then player 1's order (C1 before A4, A3 before C2, A2 B1 B2 B3 D1 D2 B4).

local function R1()
  return game{colonies = {A1 = col(1, 20), A3 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20),
                          C2 = col(2, 20), D4 = col(3, 20)},
              fleets = {A1 = fl(2, 11), B4 = fl(2, 5), D3 = fl(2, 6), C1 = fl(3, 4)}}
end

do
  local g = R1()
  local th, mask = sc.threats(g)
  t.is(table.concat(mask, " "), "A1 A2 B1 C1 B2 A3 A4 B3 C2 D1 D2 B4",
       "R1 mask: every reachable sector (no own colony is safe)")
  t.is(th.A1 .. " " .. th.C1 .. " " .. th.A3, "11 4 5",
       "R1: enemy ships in own sectors count even where their owner could not move (A1 11, C1 4)")
  local r = reqs(g)
  t.is(r[1], "A1 defend_homeworld 1 move 4/33 T11", "defend_homeworld: priority 1, min 11/3+1 = 4 (rounds down), max 33")
  t.is(r[2], "C1 defend_colony 2 move 2/12 T4", "defend_colony: priority 2, min 4/3+1 = 2, max 12")
  t.is(r[3], "A4 attack_homeworld 2 move 6/50 T5", "attack_homeworld: priority 2, min T+1 = 6, max at least 50")
  t.is(r[4], "A3 garrison 3 move 2/15 T5", "garrison: priority 3, min 5/3+1 = 2, max 15")
  t.is(r[5], "C2 attack_colony 3 move 7/50 T6", "attack_colony: priority 3, min 7, max at least 50")
  t.is(r[6], "A2 colonise 4 colonise 20/20 T0", "colonise: priority 4, command colonise, 0+20 / 0+20")
  t.is(r[7], "B1 colonise 4 colonise 31/53 T11", "colonise with T 11: 31 / 53")
  t.is_deeply(r, {
    "A1 defend_homeworld 1 move 4/33 T11",
    "C1 defend_colony 2 move 2/12 T4",
    "A4 attack_homeworld 2 move 6/50 T5",
    "A3 garrison 3 move 2/15 T5",
    "C2 attack_colony 3 move 7/50 T6",
    "A2 colonise 4 colonise 20/20 T0",
    "B1 colonise 4 colonise 31/53 T11",
    "B2 colonise 4 colonise 31/53 T11",
    "B3 colonise 4 colonise 25/35 T5",
    "D1 colonise 4 colonise 20/20 T0",
    "D2 colonise 4 colonise 26/38 T6",
    "B4 colonise 4 colonise 25/35 T5",
  }, "R1: the whole request list, by priority then processing order")
end

-- Position P3 (player 3 to move): colonies P1 A1, P3 D4 B2; fleet P1 A1 20.
--   near3 = hood(D4) u hood(B2) = C3 D3 C4 D4 A1 B1 C1 A2 B2 C2 A3 B3;  near1 = A1 A2 B1 B2
--   P1 A1 (20): 20 at A1, +20 at A2 B1 B2.  D4 safe; B2 threatened (T 20).
--   A1 enemy homeworld: attack_homeworld p2, min 21, max max(60, 50) = 60
--   B2 garrison p3, min 20/3+1 = 7, max 60
--   colonise p4 in P3's order: D3 C4 C3 C2 B3 A3 C1 (20/20), B1 A2 (T 20: 40/80)
local function P3()
  return game{colonies = {A1 = col(1, 20), D4 = col(3, 20), B2 = col(3, 20)},
              fleets = {A1 = fl(1, 20)}, player = 3}
end

do
  local g = P3()
  local want = {
    "A1 attack_homeworld 2 move 21/60 T20",
    "B2 garrison 3 move 7/60 T20",
    "D3 colonise 4 colonise 20/20 T0",
    "C4 colonise 4 colonise 20/20 T0",
    "C3 colonise 4 colonise 20/20 T0",
    "C2 colonise 4 colonise 20/20 T0",
    "B3 colonise 4 colonise 20/20 T0",
    "A3 colonise 4 colonise 20/20 T0",
    "C1 colonise 4 colonise 20/20 T0",
    "B1 colonise 4 colonise 40/80 T20",
    "A2 colonise 4 colonise 40/80 T20",
  }
  local r = reqs(g)
  t.is(r[1], want[1], "attack max is 3T when that exceeds 50: T 20 gives 21 / 60")
  t.is_deeply(r, want, "player 3's request list: priority, then player 3's processing order")
  -- the priorities option: colonise made priority 1 moves the colonise requests to the front,
  -- still in player 3's order, with the sizes unchanged
  local pr = reqs(g, {colonise = {priority = 1}})
  local want2 = {}
  for i = 3, 11 do want2[#want2 + 1] = want[i]:gsub(" 4 colonise", " 1 colonise") end
  want2[#want2 + 1] = want[1]
  want2[#want2 + 1] = want[2]
  t.is_deeply(pr, want2, "priorities {colonise = {priority = 1}}: colonise requests first")
  local pg = reqs(g, {garrison = {priority = 1}})
  t.is(pg[1] .. " | " .. pg[2], "B2 garrison 1 move 7/60 T20 | A1 attack_homeworld 2 move 21/60 T20",
       "priorities {garrison = {priority = 1}}: the garrison request leads")
  local pm = sc.requests(g, {colonise = {min = {t = 2, add = 20}, max = {t = 4, add = 20}}})
  t.is(rq(pm[#pm]), "A2 colonise 4 colonise 60/100 T20",
       "priorities with other size formulas: colonise min 2T+20 = 60, max 4T+20 = 100")
end

---------------------------------------------------------------------------------------------
-- 3.5.1 CompMove

-- largest fleet first: P1 A1 (pop 20); fleets A1 25 and B1 30; only A2 (colonise 20/20) left
-- unmasked.  B1 (30) is served first: 20 go to A2.  A1 (25) finds A2's max at 0.
do
  local g = game{fleets = {A1 = fl(1, 25), B1 = fl(1, 30)}}
  t.is(moves(g, {"B1", "B2"}), "move B1 A2 20", "CompMove: the largest fleet (B1, 30) goes first")
  g = game{fleets = {A1 = fl(1, 25), B1 = fl(1, 25)}}
  t.is(moves(g, {"B1", "B2"}), "move A1 A2 20",
       "CompMove: fleets of equal size in processing order (A1 before B1)")
end

-- partial fleets: A1 50; requests A2 B1 B2 (20/20 each, all at distance 1).
-- 20 to A2, 20 to B1, 10 left < 20: B2 skipped, the 10 stay.
do
  local g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)}, fleets = {A1 = fl(1, 50)}}
  local p = sc.plan(g)
  local m = {}
  for _, c in ipairs(p) do if c:match("^move") then m[#m + 1] = c end end
  t.is(J(m), "move A1 A2 20; move A1 B1 20",
       "CompMove: a fleet of 50 sends partial fleets of the maximal size 20; 10 < min 20 for B2 stay")
  t.ok(not has(p, "colonise A2") and not has(p, "colonise B1"),
       "CompColonise: ships that moved this turn do not colonise (no active ships)")
  t.is(moves(g, {"A2"}), "move A1 B1 20; move A1 B2 20", "with A2 masked the fleet serves B1 and B2")
end

-- a fleet below every minimal size is skipped: A1 pop 1000, fleet 19, requests 20/20.
--   CompReqBuild and CompSupBuild have no credits; capacity min(200/10, 1000/20) = 20 >= 19:
--   nothing to scrap.  The plan is just "end".
do
  local g = game{colonies = {A1 = col(1, 1000), A4 = col(2, 20)}, fleets = {A1 = fl(1, 19)}}
  t.is(plan(g), "end", "CompMove: a fleet of 19 serves no request of min 20; nothing else to do")
end

-- priority before distance: colonies P1 A1 C1, P2 A4 D2; P1 fleet 25 at A2.
--   requests: D2 attack_colony p3 (T 0: 1/50), colonise A2 B1 B2 C2 D1 (20/20).
--   The fleet takes D2 first (priority 3 < 4) though A2 is its own sector: all 25 (<= 50).
--   A2 -> D2 is 3 sectors: first steps with distance 2 to D2: B1, B2, B3; B3 is next to no
--   P1 colony; B1 comes first in player 1's order -> "move A2 B1 25".
do
  local g = game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20), D2 = col(2, 20)},
                 fleets = {A2 = fl(1, 25)}}
  t.is(moves(g), "move A2 B1 25",
       "CompMove: requests by priority before distance (attack D2 three away before colonising A2)")
end

-- distance within a priority: colonies P1 A1 C1; P1 fleet 20 at D2; D2 masked.
--   colonise A2 (distance 3), B1 (2), B2 (2), C2 (1), D1 (1): C2 first (C2 before D1 in order)
--   (in the plain processing order A2 would come first and the fleet would step to C1)
do
  local g = game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20)},
                 fleets = {D2 = fl(1, 20)}}
  t.is(moves(g, {"D2"}), "move D2 C2 20", "CompMove: within a priority the nearest request first")
end

-- supplementary fleets: colonies P1 A1 C1, P2 A4 C2 with P2 fleet 6 at C2; everything but C2
-- masked.  C2: attack_colony, T 6: min 7, max 50.  Fleets B1 30, B2 18, D1 5 (all next to C2).
--   B1 30 >= 7: all 30 go (30 >= 3*6: no loss, the 6 are destroyed); min 0, max 20
--   B2 18: min 0, no enemy left in C2: 18 go; max 2
--   D1 5 (< 7, could not serve alone): supplements with 2 = the remaining max
do
  local g = game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20), C2 = col(2, 20)},
                 fleets = {C2 = fl(2, 6), B1 = fl(1, 30), B2 = fl(1, 18), D1 = fl(1, 5)}}
  local r = sc.requests(g)
  t.is(find(g, "C2"), "C2 attack_colony 3 move 7/50 T6", "supplement position: C2 attack_colony 7/50")
  t.is(moves(g, {"A2", "B1", "C1", "B2", "D1", "D2"}), "move B1 C2 30; move B2 C2 18; move D1 C2 2",
       "CompMove: after min drops to 0, smaller fleets supplement up to the maximal size")
  t.is(#r, 7, "supplement position: 7 requests (A2 B1 C1 B2 C2 D1 D2)")
end

-- the check against enemy ships in the target: the same C2 (P2 fleet 6), P1 fleet 30 at A1
-- (two away) and a small fleet at B2.  A1's 30 meet min 7 and take a first step (B1 before B2
-- in player 1's order): min 0, max 20, but the 6 enemy ships are still in C2.
--   B2 with 5: 5 <= 6 enemy ships: not sent.   B2 with 7: 7 > 6: sent.
do
  local mask = {"A2", "B1", "C1", "B2", "D1", "D2"}
  local function pos(n)
    return game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20), C2 = col(2, 20)},
                fleets = {C2 = fl(2, 6), A1 = fl(1, 30), B2 = fl(1, n)}}
  end
  t.is(moves(pos(5), mask), "move A1 B1 30",
       "CompMove: a supplementary fleet of 5 is not sent against 6 enemy ships still in the target")
  t.is(moves(pos(7), mask), "move A1 B1 30; move B2 C2 7",
       "CompMove: a supplementary fleet of 7 > 6 enemy ships is sent")
end

-- defending: the minimal size T/3+1 is meant to be sent "no matter what the costs"
-- (3.4.4): P2's 30 ships at A1 (T 30: min 11, max 90); P1's 15 at A2 meet the minimum.
do
  local g = game{fleets = {A1 = fl(2, 30), A2 = fl(1, 15)}}
  t.is(find(g, "A1"), "A1 defend_homeworld 1 move 11/90 T30", "defend_homeworld with T 30: 11/90")
  t.is(moves(g), "move A2 A1 15", "CompMove: 15 >= min 11 defend the homeworld against 30")
end

---------------------------------------------------------------------------------------------
-- 3.5.2 CompMoveStep
--
-- colonies P1 A1 C1 (so C2 is reachable); P1 fleet 20 at A1; all but C2 (colonise 20/20)
-- masked.  A1 -> C2 is two sectors: first steps at distance 1 from C2: B1, B2 (A2 is not).

local MS_MASK = {"A2", "B1", "B2", "D1", "D2"}
local function ms(extra)
  local f = {A1 = fl(1, 20)}
  for k, v in pairs(extra or {}) do f[k] = v end
  return game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20)}, fleets = f}
end

do
  t.is(moves(ms(), MS_MASK), "move A1 B1 20",
       "CompMoveStep: a two-sector move takes one first step (B1, first in player 1's order)")
  t.is(moves(ms{B1 = fl(2, 2)}, MS_MASK), "move A1 B2 20",
       "CompMoveStep: a first step blocked by enemy ships (B1) is evaded through B2")
  t.is(moves(ms{B1 = fl(2, 2), B2 = fl(2, 2)}, MS_MASK), "",
       "CompMoveStep: both first steps blocked: the fleet stays (no move)")
  t.is(moves(ms{B1 = fl(2, 2), A2 = fl(2, 2)}, MS_MASK), "move A1 B2 20",
       "CompMoveStep: only the equally short routes count (A2 is no first step to C2)")
end

-- a first step the fleet may not move into: player 3, colonies D4 B3 (P1 A1 alive); P3 fleet
-- 20 at D1; only D3 (colonise) unmasked.  D1 -> D3: first steps D2, C2 (C1 is two from D3).
-- D2 comes first in player 3's order but is next to no P3 colony (D4 and B3 are two away):
-- illegal; C2 is next to B3 -> "move D1 C2 20".
do
  local g = game{colonies = {A1 = col(1, 20), D4 = col(3, 20), B3 = col(3, 20)},
                 fleets = {D1 = fl(3, 20)}, player = 3}
  local _, mask = sc.threats(g)
  t.is(table.concat(mask, " "), "D3 C4 B4 C3 C2 A4 A3 B2 A2", "player 3's mask (D4, B3 safe)")
  t.is(moves(g, {"C4", "B4", "C3", "C2", "A4", "A3", "B2", "A2"}), "move D1 C2 20",
       "CompMoveStep: an illegal first step (D2) is passed over for a legal one (C2)")
end

---------------------------------------------------------------------------------------------
-- 3.4.5 CompReqBuild

-- a blockaded colony: P1 A1 (terran 30) with P2's 9 ships; reserves 1000/1000; A2 B1 B2 masked.
--   A1 defend_homeworld T 9: min 4.  Capacity: A1 is blockaded, no income: 0.  Built anyway
--   (blockaded), as many as the workforce allows: 30/10 = 3 -> "build A1 3" (they fight: 9 >=
--   3*3, the 3 are lost).  CompSupBuild: capacity 0, nothing.
do
  local g = game{colonies = {A1 = col(1, 30), A4 = col(2, 20)}, fleets = {A1 = fl(2, 9)},
                 reserves = {res(1000, 1000)}}
  t.is(plan(g, {"A2", "B1", "B2"}), "build A1 3; end",
       "CompReqBuild: ships are built at a blockaded colony regardless of the support capacity (0)")
end

-- the nearest own colony: P1 A1 (terran 1000), C1 (terran 200); reserves 10000/10000; only D2
-- (colonise 20/20) unmasked.  Capacity: m 200+200 = 400 -> 40, c 1000+200 = 1200 -> 60: 40.
--   D2: not an own colony; nearest own colony C1 (distance 1; A1 is 3): build C1 min(20, 40-0)
--   CompSupBuild: 40 - 20 = 20 more at the most populous colony A1 (limit 100): build A1 20.
do
  local g = game{colonies = {A1 = col(1, 1000), C1 = col(1, 200), A4 = col(2, 20)},
                 reserves = {res(10000, 10000)}}
  t.is(plan(g, {"A2", "B1", "B2", "C2", "D1"}, INCOME), "build C1 20; build A1 20; end",
       "CompReqBuild at the own colony nearest the request (C1), then CompSupBuild at the most populous (A1)")
  -- counting a tenth of the reserves (the default): CompReqBuild keeps the income-only rule
  -- (build C1 20: reserves 9600/9200 left, 20 ships).  CompSupBuild adds n ships with
  -- 10 (20 + n) <= 400 + (9600 - 20 n) / 10 (materials: n <= 11600 / 120 = 96) and
  -- 20 (20 + n) <= 1200 + (9200 - 40 n) / 10 (credits: n <= 17200 / 240 = 71; 72 would need
  -- 1840 <= 1200 + 632): 71, all at A1 (workforce 100).
  t.is(plan(g, {"A2", "B1", "B2", "C2", "D1"}), "build C1 20; build A1 71; end",
       "CompSupBuild counts a tenth of the reserves left after paying: 71 more ships")
end

-- within the capacity, counting the ships there are: P1 A1 (terran 300), fleet 10 at A1;
-- reserves 10000/10000; only A2 unmasked.  Capacity min(200/10, 300/20) = 15.
--   CompMove: 10 < 20.  CompReqBuild: min(20, 15 - 10) = 5 -> "build A1 5".  CompSupBuild:
--   15 - 15 = 0.  CompScrap: 15 ships, capacity 15: nothing.
do
  local g = game{colonies = {A1 = col(1, 300), A4 = col(2, 20)}, fleets = {A1 = fl(1, 10)},
                 reserves = {res(10000, 10000)}}
  t.is(plan(g, {"B1", "B2"}, INCOME), "build A1 5; end",
       "CompReqBuild stays within the support capacity: 15 - 10 ships = 5 of the 20 wanted")
end

-- in request-list order: P1 A1 (terran 300), C1 (terran 300); A2 and D2 unmasked.
--   Capacity: m 400 -> 40, c 600 -> 30: 30.  A2 first (nearest A1): 20; then D2 (nearest C1):
--   min(20, 30 - 20) = 10.
do
  local g = game{colonies = {A1 = col(1, 300), C1 = col(1, 300), A4 = col(2, 20)},
                 reserves = {res(10000, 10000)}}
  t.is(plan(g, {"B1", "B2", "C2", "D1"}, INCOME), "build A1 20; build C1 10; end",
       "CompReqBuild serves requests in list order until the capacity is used up")
end

---------------------------------------------------------------------------------------------
-- 3.4.5 CompColonise
--
-- P1 A1 (terran 1000); P2 A4 and C3 colonies, P2 fleet 6 at C2 (next to C3: may move to B2).
-- B2: colonise, T 6: min 26, max 38.  P1 fleet at B2; A2 and B1 masked.

local function cc(n)
  return game{colonies = {A1 = col(1, 1000), A4 = col(2, 20), C3 = col(2, 20)},
              fleets = {C2 = fl(2, 6), B2 = fl(1, n)}}
end

do
  local g = cc(24)
  t.is(find(g, "B2"), "B2 colonise 4 colonise 26/38 T6", "B2 colonise request with T 6: 26/38")
  local legal = false
  for _, m in ipairs(g:moves()) do legal = legal or m == "colonise B2" end
  t.ok(legal, "colonise B2 with 24 unmoved ships is legal")
  t.ok(not has(sc.plan(g, {mask = {"A2", "B1"}}), "colonise B2"),
       "CompColonise: 24 ships do not meet the minimal request size 26: no colony")
  -- 26: CompMove keeps all 26 at B2 (min 26 <= 26 <= max 38); CompColonise: 26 >= 26.
  -- Then capacity with the new colony (terran 20): m 220 -> 22, c 1020 -> 51: 22 > 6 ships;
  -- CompSupBuild has no reserves: nothing.
  t.is(plan(cc(26), {"A2", "B1"}), "colonise B2; end",
       "CompColonise: 26 ships meet the minimal size 26: colonise B2")
end

---------------------------------------------------------------------------------------------
-- 3.4.6 CompSupBuild

-- the most populous unblockaded colony: P1 A1 (terran 190), B1 (barren 20), B2 (barren 200,
-- blockaded by P2's 3 ships); reserves 1100/10000; every request masked.
--   Net income without B2: m 190 + 100 = 290 -> 29; c 190 - 20 = 170 -> 8.  Capacity 8.
--   (B2 counted would give c -30: capacity 0.)  Site: B2 is the most populous but blockaded:
--   A1 (190) -> "build A1 8".  CompTerraform: 2 barren, 1 terran, but 1100 - 160 = 940 < 1000.
do
  local g = game{planets = {B1 = "barren", B2 = "barren"},
                 colonies = {A1 = col(1, 190), B1 = col(1, 20), B2 = col(1, 200), A4 = col(2, 20)},
                 fleets = {B2 = fl(2, 3)}, reserves = {res(1100, 10000)}}
  local _, mask = sc.threats(g)
  t.is(table.concat(mask, " "), "A2 C1 B2 A3 B3 C2 C3", "SupBuild position: the mask (A1, B1 safe)")
  t.is(plan(g, mask, INCOME), "build A1 8; end",
       "CompSupBuild: capacity from unblockaded colonies (8), at the most populous unblockaded one")
end

-- equal populations in processing order, and on to the next colony: A1, A2, B1 terran 100.
--   Capacity: m 300 -> 30, c 300 -> 15.  A1 first (order): 100/10 = 10, then A2: 5.
do
  local g = game{colonies = {A1 = col(1, 100), A2 = col(1, 100), B1 = col(1, 100), A4 = col(2, 20)},
                 reserves = {res(10000, 10000)}}
  t.is(plan(g, {"B2", "A3", "B3", "C1", "C2"}, INCOME), "build A1 10; build A2 5; end",
       "CompSupBuild: ties in processing order; the rest at the next most populous colony")
  -- A1 terran 40, B1 terran 60: capacity min(100/10, 100/20) = 5, at B1 (60) though A1 comes first
  g = game{colonies = {A1 = col(1, 40), B1 = col(1, 60), A4 = col(2, 20)},
           reserves = {res(10000, 10000)}}
  t.is(plan(g, {"A2", "B2", "C1", "C2"}, INCOME), "build B1 5; end",
       "CompSupBuild: the most populous colony first (B1 60 before A1 40)")
end

---------------------------------------------------------------------------------------------
-- 3.4.6 CompScrap
--
-- P1 A1 (terran 1000), C1 (barren 100); fleets B1 40, B2 11, A1 6; only A2 unmasked.
--   Capacity: m 200 + 500 = 700 -> 70; c 1000 - 100 = 900 -> 45: 45.
--   CompMove: B1 (40) sends 20 to A2 (assigned).  B2, A1: A2's max is 0.
--   Ships 57 > 45: scrap 12 unassigned, in player 1's order: A1 6, A2 none (all 20 assigned),
--   B1 6 of its 20 unassigned.  B2 is not reached.
do
  local g = game{planets = {C1 = "barren"},
                 colonies = {A1 = col(1, 1000), C1 = col(1, 100), A4 = col(2, 20)},
                 fleets = {B1 = fl(1, 40), B2 = fl(1, 11), A1 = fl(1, 6)}}
  t.is(plan(g, {"B1", "B2", "C2", "D1", "D2"}), "move B1 A2 20; scrap A1 6; scrap B1 6; end",
       "CompScrap: unassigned ships in processing order down to the capacity; assigned ones stay")
  -- too few unassigned ships: A1 terran 300 alone: capacity min(200/10, 300/20) = 15; fleets
  -- B1 22 (20 go to A2) and A1 4: 26 ships, 11 too many: A1 4, A2 none (assigned), B1 2;
  -- the other 5 are assigned and left to the end-of-turn support rule.
  g = game{colonies = {A1 = col(1, 300), A4 = col(2, 20)},
           fleets = {B1 = fl(1, 22), A1 = fl(1, 4)}}
  t.is(plan(g, {"B1", "B2"}), "move B1 A2 20; scrap A1 4; scrap B1 2; end",
       "CompScrap: only unassigned ships; the rest is left to the end of the turn")
end

---------------------------------------------------------------------------------------------
-- 3.4.6 CompTerraform (credits 0: nothing can be built; no ships: nothing moves)

local function tf(cols, planets_, m, fleets)
  cols.A4 = col(2, 20)
  return game{planets = planets_, colonies = cols, fleets = fleets, reserves = {res(m, 0)}}
end

do
  local B = "barren"
  -- A1 T 20, B1 B 50, B2 B 80, C1 B 60: 3 barren, 1 terran <= 6, 2000 >= 1000: the most
  -- populous barren B2, one only
  local g = tf({A1 = col(1, 20), B1 = col(1, 50), B2 = col(1, 80), C1 = col(1, 60)},
               {B1 = B, B2 = B, C1 = B}, 2000)
  t.is(plan(g), "terraform B2; end", "CompTerraform: the most populous barren colony, only one")
  g = tf({A1 = col(1, 20), B1 = col(1, 50), B2 = col(1, 80)}, {B1 = B, B2 = B}, 999)
  t.is(plan(g), "end", "CompTerraform: not with 999 materials")
  g = tf({A1 = col(1, 20), B1 = col(1, 50), B2 = col(1, 80)}, {B1 = B, B2 = B}, 1000)
  t.is(plan(g), "terraform B2; end", "CompTerraform: 2 barren, 1 terran, exactly 1000 materials")
  g = tf({A1 = col(1, 20), B1 = col(1, 50), B2 = col(1, 80)}, {B1 = B}, 2000)
  t.is(plan(g), "end", "CompTerraform: not with a single barren colony")
  -- 4 terran (A1 A2 B1 B2) = 2 x 2 barren (C1 50, C2 40): allowed
  g = tf({A1 = col(1, 20), A2 = col(1, 20), B1 = col(1, 20), B2 = col(1, 20), C1 = col(1, 50),
          C2 = col(1, 40)}, {C1 = B, C2 = B}, 2000)
  t.is(plan(g), "terraform C1; end", "CompTerraform: terran colonies = twice the barren ones is allowed")
  g = tf({A1 = col(1, 20), A2 = col(1, 20), B1 = col(1, 20), B2 = col(1, 20), A3 = col(1, 20),
          C1 = col(1, 50), C2 = col(1, 40)}, {C1 = B, C2 = B}, 2000)
  t.is(plan(g), "end", "CompTerraform: not with 5 terran > 2 x 2 barren")
  -- the most populous barren colony B2 is blockaded (P2 2 ships): B1 instead
  g = tf({A1 = col(1, 20), B1 = col(1, 50), B2 = col(1, 80)}, {B1 = B, B2 = B}, 2000,
         {B2 = fl(2, 2)})
  t.is(plan(g), "terraform B1; end", "CompTerraform: the most populous unblockaded barren colony")
end

---------------------------------------------------------------------------------------------
-- the priorities option changes what the planner does
--
-- P1 A1 with 25 ships; P2 A4 and B2 (colony 20).  Requests: B2 attack_colony p3 (T 0: 1/50),
-- A2 B1 colonise p4 (20/20).
--   default: B2 first: all 25 (<= 50) -> "move A1 B2 25"
--   colonise priority 1: A2 (20), then B1 (5 < 20, skipped), then B2 (5 >= 1)

local function PR()
  return game{colonies = {A1 = col(1, 20), A4 = col(2, 20), B2 = col(2, 20)},
              fleets = {A1 = fl(1, 25)}}
end

do
  local g = PR()
  t.is(moves(g), "move A1 B2 25", "default priorities: the fleet attacks B2 (priority 3)")
  t.is(moves(g, {}, {colonise = {priority = 1}}), "move A1 A2 20; move A1 B2 5",
       "priorities {colonise = {priority = 1}}: 20 colonise-bound to A2, the 5 left attack B2")
  local before = g:position()
  sc.plan(g, {priorities = {colonise = {priority = 1}}})
  t.is(g:position(), before, "sg.starchess.plan leaves the game unchanged")
end

---------------------------------------------------------------------------------------------
-- a whole turn on a busier position (RICH): every step of CompLevel at once
--
-- Planets terran except B1 B2 C3 barren.  Colonies P1 A1 200, B2 100, B1 60; P2 A4 100,
-- C3 50; P3 D4 60.  Fleets P1 A1 30, A2 22, B1 12; P2 C2 8, B4 15; P3 D4 20.
-- Reserves 5000/5000 for players 1-3.
--   near1 = A1 A2 B1 B2 C1 A3 B3 C2 C3;  near2 = A3 A4 B3 B4 B2 C2 D2 C3 D3 C4 D4;
--   near3 = C3 D3 C4 D4

local function RICH(player)
  return game{planets = {B1 = "barren", B2 = "barren", C3 = "barren"},
              colonies = {A1 = col(1, 200), B2 = col(1, 100), B1 = col(1, 60), A4 = col(2, 100),
                          C3 = col(2, 50), D4 = col(3, 60)},
              fleets = {A1 = fl(1, 30), A2 = fl(1, 22), B1 = fl(1, 12), C2 = fl(2, 8),
                        B4 = fl(2, 15), D4 = fl(3, 20)},
              reserves = {res(5000, 5000), res(5000, 5000), res(5000, 5000), res(0, 0)},
              player = player}
end

do
  -- player 1.  P2 C2 (8) threatens B2 D2 B3 C3 D3; P2 B4 (15) A3 B3 C3 A4 C4; P3 D4 (20)
  -- C3 D3 C4.  T: B2 8, A3 15, B3 23, C2 8, C3 43, A1 A2 B1 C1 0.  Safe: A1, B1.
  --   B2 garrison p3 3/24; C3 attack_colony p3 44/129; colonise A2 20/20, C1 20/20,
  --   A3 35/65, B3 43/89, C2 28/44
  local g = RICH(1)
  t.is_deeply(reqs(g), {
    "B2 garrison 3 move 3/24 T8",
    "C3 attack_colony 3 move 44/129 T43",
    "A2 colonise 4 colonise 20/20 T0",
    "C1 colonise 4 colonise 20/20 T0",
    "A3 colonise 4 colonise 35/65 T15",
    "B3 colonise 4 colonise 43/89 T23",
    "C2 colonise 4 colonise 28/44 T8",
  }, "RICH, player 1: the request list")
  -- CompMove: A1 (30): B2 (priority 3, distance 1) takes 24 = max; 6 left meet nothing.
  --   A2 (22): B2 full, C3 44 > 22; A2 itself (distance 0): 20 stay.  B1 (12): nothing.
  -- CompReqBuild: capacity: m 200 + 500 + 300 = 1000 -> 100, c 200 - 100 - 60 = 40 -> 2;
  --   64 ships: nothing.  CompColonise: A2 has 22 unmoved >= 20: colonise A2.
  -- CompSupBuild: none.  CompScrap: with A2 (terran 20) c 60 -> capacity 3; 44 ships:
  --   41 too many: A1 6 (free), A2 2 (free after colonising), B1 12; B2's 24 are assigned.
  -- CompTerraform: barren B2 100, B1 60; terran A1, A2 (2 <= 4); 5000 >= 1000: B2.
  t.is(plan(g, {}, INCOME), "move A1 B2 24; colonise A2; scrap A1 6; scrap A2 2; scrap B1 12; terraform B2; end",
       "RICH, player 1: CompMove, CompColonise, CompScrap, CompTerraform in one turn")
  -- counting a tenth of the reserves (default): CompScrap's capacity is
  -- min((1020 + 500) / 10, (60 + 500) / 20) = 28 (income m 200 + 500 + 300 + 20, c 200 - 100
  -- - 60 + 20): 44 - 28 = 16 too many: A1 6, A2 2, B1 8.
  t.is(plan(g), "move A1 B2 24; colonise A2; scrap A1 6; scrap A2 2; scrap B1 8; terraform B2; end",
       "RICH, player 1, reserves counted: CompScrap scraps only down to 28 ships")
  -- player 2.  P1 A1 (30) threatens A2 B1 B2; A2 (22) A1 B1 B2 A3 B3; B1 (12) A1 C1 A2 B2 C2;
  -- P3 D4 (20) C3 D3 C4.  T: A3 22, B3 22, B2 64, C2 12, C3 20, D3 20, C4 20, D4 20, A4 B4 D2 0.
  --   D4 attack_homeworld p2 21/60; C3 garrison p3 7/60; B2 attack_colony p3 65/192; colonise
  --   B4 20/20, A3 42/86, B3 42/86, C4 40/80, C2 32/56, D3 40/80, D2 20/20.
  -- CompMove: B4 (15): D4 needs 21; C3 garrison: 15 (<= 60) -> move B4 C3 15 (min 0, max 45).
  --   C2 (8): D4 no; C3: supplements 8, no enemy there -> move C2 C3 8.
  -- CompReqBuild: capacity m 100 + 250 = 350 -> 35, c 100 - 50 = 50 -> 2 < 23 ships: nothing.
  -- CompScrap: 21 too many, but all 23 ships are assigned to C3: nothing.  One barren colony.
  t.is(plan(RICH(2), {}, INCOME), "move B4 C3 15; move C2 C3 8; end",
       "RICH, player 2: a garrison served by two fleets; assigned ships are not scrapped")
  -- reserves counted: income m 350, c 50, reserves 5000/5000, 23 ships.  CompSupBuild:
  -- credits 20 (23 + n) <= 50 + (5000 - 40 n) / 10: n <= (500 + 5000 - 4600) / 240 = 3
  -- (materials allow 51); at the most populous colony, A4 (100).
  t.is(plan(RICH(2)), "move B4 C3 15; move C2 C3 8; build A4 3; end",
       "RICH, player 2, reserves counted: CompSupBuild builds 3 at A4")
  -- player 3.  T: C3 8 + 15 = 23 (attack_colony 24/69), D3 8 (colonise 28/44), C4 15 (35/65);
  -- D4 safe.  The 20 at D4 meet no minimum.  Capacity min(60/10, 60/20) = 3: scrap D4 17.
  t.is(plan(RICH(3), {}, INCOME), "scrap D4 17; end", "RICH, player 3: no request met, unassigned ships scrapped")
  -- reserves counted: income 60/60, reserves 5000/5000, 20 ships: credits
  -- 20 (20 + n) <= 60 + (5000 - 40 n) / 10 gives n <= (600 + 5000 - 4000) / 240 = 6
  -- (7 would need 540 <= 532); workforce 60 / 10 = 6.
  t.is(plan(RICH(3)), "build D4 6; end", "RICH, player 3, reserves counted: no scrapping, 6 more built")
end

---------------------------------------------------------------------------------------------
-- sg.search (algo predict)

local function playable(g, list)
  for i, c in ipairs(list) do
    local ok, err = pcall(g.play, g, c)
    if not ok then return false, ("command %d '%s': %s"):format(i, c, tostring(err)) end
  end
  return true
end

do
  -- masks = false: only the unmasked request list, whatever the depth
  for _, c in ipairs({{"R1", R1}, {"P3", P3}, {"PR", PR}, {"T1 player 2", function() return T1(2) end},
                      {"RICH player 1", function() return RICH(1) end},
                      {"RICH player 2", function() return RICH(2) end}}) do
    local g = c[2]()
    local r0 = sg.search(g, {algo = "predict", turns = 0, masks = false, priorities = paper()})
    t.ok(J(r0.moves) == plan(g) and #r0.mask == 0,
         "sg.search masks=false turns=0 equals plan with no mask (" .. c[1] .. ")")
  end
  local g = R1()
  local gr = RICH(1)
  local r1 = sg.search(gr, {algo = "predict", turns = 1, masks = false, priorities = paper()})
  t.is(J(r1.moves), plan(gr), "sg.search masks=false turns=1 equals plan with no mask (RICH player 1)")
  local g2 = PR()
  local pr = {colonise = {priority = 1}}
  t.is(J(sg.search(g2, {algo = "predict", turns = 0, masks = false, priorities = paper(pr)}).moves),
       plan(g2, {}, pr), "sg.search with priorities equals plan with the same priorities")

  -- turns = 0, masks: the full mask, each single request, each pair: 1 + 12 + 66 = 79
  local r = sg.search(g, {algo = "predict", turns = 0, dedupe = false})
  t.is(r.generated, 79, "R1, turns 0: 1 + 12 + 66 = 79 request masks generated")
  t.is(r.evaluated, 79, "R1, turns 0: and 79 positions evaluated")
  -- RICH player 1: 7 requests -> 1 + 7 + 21 = 29 masks
  local rr = sg.search(RICH(1), {algo = "predict", turns = 0, priorities = paper()})
  t.is(rr.generated, 29, "RICH player 1, turns 0: 1 + 7 + 21 = 29 request masks")
  t.ok(#rr.mask <= 2 and J(rr.moves) == plan(RICH(1), rr.mask),
       "the result masks at most two requests and its commands are CompLevel's with that mask")

  -- one full turn with pruning (PR: 3 requests -> 1 + 3 + 3 = 7 root masks): the root level
  -- branches 7 ways; players 2, 3, 4 (3 and 4 defeated: an empty turn) one position each:
  -- 4 x 7 = 28 generated, 7 evaluated
  local rp = sg.search(PR(), {algo = "predict", turns = 1, prune = true, dedupe = false})
  t.is(rp.generated .. "/" .. rp.evaluated, "28/7",
       "restricted masking, one full turn: 7 root masks x 4 levels generated, 7 evaluated")

  -- nothing can be done (no ships, no reserves): every mask gives the same score; the first
  -- enumerated, the full mask, wins
  local g3 = game{}
  local r3 = sg.search(g3, {algo = "predict", turns = 0})
  t.ok(#r3.mask == 0 and J(r3.moves) == "end", "equal scores: the full mask (first enumerated) wins")

  -- threads do not change the result
  local a = sg.search(RICH(1), {algo = "predict", turns = 1, threads = 1})
  local b = sg.search(RICH(1), {algo = "predict", turns = 1, threads = 3})
  t.ok(J(a.moves) == J(b.moves) and J(a.mask) == J(b.mask) and t.same(a.scores, b.scores),
       "sg.search: 3 threads give the same moves, mask and scores as 1")

  -- every command of the result is legal in order, and the last is "end"
  local cases = {
    {"R1 turns 1", R1, 1}, {"T1 player 2 turns 1", function() return T1(2) end, 1},
    {"P3 turns 1", P3, 1}, {"PR turns 2", PR, 2},
    {"RICH player 1 turns 1", function() return RICH(1) end, 1},
    {"RICH player 2 turns 2", function() return RICH(2) end, 2},
    {"RICH player 3 turns 1", function() return RICH(3) end, 1},
    {"seed 3 start turns 1", function() return sg.new("starchess", {seed = 3}) end, 1},
  }
  for _, c in ipairs(cases) do
    local gg = c[2]()
    local who = gg:player()
    local res_ = sg.search(gg, {algo = "predict", turns = c[3]})
    local ok, err = playable(gg, res_.moves)
    t.ok(ok and res_.moves[#res_.moves] == "end" and gg:player() ~= who,
         "sg.search's commands are legal in order and end the turn (" .. c[1] .. ")")
    if not ok then t.diag(err) end
  end
end

-- mid-turn: only active ships move (3.5.1: "present and active ships only" for a move)
do
  local g = assert(sg.new("starchess", {seed = 1, scenario = {
    planets = {B2 = "terran"},
    colonies = {A1 = {owner = 1, pop = 20}, A4 = {owner = 2, pop = 20}, B2 = {owner = 2, pop = 20}},
    fleets = {A1 = {owner = 1, ships = 15}, A2 = {owner = 1, ships = 10}}}}))
  g:play("move A2 A1 10")   -- A1 now holds 25 ships, 10 of them moved this turn
  local plan = sg.starchess.plan(g)
  t.is(plan[1], "move A1 B2 15", "mid-turn, a fleet sends only its 15 active ships (found by review)")
end

---------------------------------------------------------------------------------------------
-- an empire starved of materials (rules material_price, doc/starchess.md): a terran colony of
-- 200 (200 materials and 200 credits a turn), 20 ships, no materials and 100,000 credits

do
  local function starved(price)
    return sct.game({colonies = {A1 = sct.col(1, 200), A4 = sct.col(2, 20)},
                     fleets = {A1 = sct.fl(1, 20)}, reserves = {sct.res(0, 100000)}},
                    {rules = {material_price = price}})
  end
  local function builds(g)
    for _, c in ipairs(sg.starchess.plan(g)) do if c:match("^build") then return c end end
  end
  -- price 0: no materials, no ship can be built (20 materials each)
  t.is(builds(starved(0)), nil, "material_price 0: an empire without materials builds nothing")
  -- price 20: CompSupBuild builds at A1, up to its workforce 200/10 = 20: with n = 20 the
  -- reserves after paying are 0 materials and 100,000 - 20 (40 + 20 x 20) = 91,200 credits,
  -- and the capacity counting a tenth of them, (9,320 + 20 x 200) / (20 + 20 x 10) = 60,
  -- covers the 40 ships
  t.is(builds(starved(20)), "build A1 20",
       "material_price 20: CompSupBuild buys the materials with credits: build A1 20")
  -- ten turns of the paper's player: with price 0 the materials income (200) supports 20
  -- ships and no more; with price 20 the credits pay for more
  local n = {}
  for _, price in ipairs{0, 20} do
    local g = starved(price)
    for _ = 1, 10 do
      for _, c in ipairs(sg.search(g).moves) do g:play(c) end
    end
    n[price] = g:empire(1).ships
  end
  t.ok(n[0] <= 20 and n[20] > 20, ("a starved empire: %d ships after ten turns at price 0 " ..
       "(at most 20), %d at price 20 (more)"):format(n[0], n[20]))
end

t.done()
