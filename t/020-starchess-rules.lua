-- 020-starchess-rules.lua: the Star Chess rules, one by one, on small scenarios.
-- Every expected number is computed by hand from ../shared/rules/starchess.md (the comments
-- show the computation); none was copied from the engine's output.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

---------------------------------------------------------------------------------------------
-- helpers

local sct = require "sctest"
local col, fl, res, game = sct.col, sct.fl, sct.res, sct.game

local function play(g, ...)
  for _, c in ipairs({...}) do g:play(c) end
  return g
end

local function ships(g, s)
  local f = g:sector(s).fleet
  return f and f.ships or 0
end
local function owner(g, s)
  local f = g:sector(s).fleet
  return f and f.owner or 0
end
local function pop(g, s)
  local c = g:sector(s).colony
  return c and c.pop or 0
end
local function reserves(g, p)
  local e = g:empire(p)
  return e.materials .. "/" .. e.credits
end

-- an illegal command: refused with a message naming the rule, and the state unchanged
-- (one claim: the error is raised, its message matches `pattern`, the position is the same)
local function refused(g, cmd, pattern, desc)
  local before, n = g:position(), #g:history()
  local ok, err = pcall(g.play, g, cmd)
  err = tostring(err)
  local same = g:position() == before and #g:history() == n
  if not t.ok(not ok and err:find(pattern) ~= nil and same,
              desc .. " (refused: " .. cmd .. ", state unchanged)") then
    t.diag(ok and "no error raised" or "error: " .. err)
    t.diag("expected the message to match: " .. pattern)
    t.diag(same and "state unchanged" or "STATE CHANGED")
  end
end

local function has_move(g, m)
  for _, x in ipairs(g:moves()) do if x == m then return true end end
  return false
end

---------------------------------------------------------------------------------------------
-- setup

do
  local g = assert(sg.new("starchess", {seed = 5}))
  local a1 = g:sector("A1")
  t.ok(a1.colony.owner == 1 and a1.colony.pop == 20 and a1.colony.homeworld,
       "setup: player 1's homeworld colony of 20 at A1")
  t.ok(a1.fleet.owner == 1 and a1.fleet.ships == 20, "setup: 20 ships of player 1 at A1")
  local hw = {A4 = 2, D4 = 3, D1 = 4}
  local okall = true
  for s, p in pairs(hw) do
    local x = g:sector(s)
    okall = okall and x.colony.owner == p and x.colony.pop == 20 and x.fleet.ships == 20 and
            x.planet == "terran"
  end
  t.ok(okall and a1.planet == "terran", "setup: homeworlds A4 D4 D1 of players 2 3 4, terran")
  t.is(reserves(g, 3), "400/800",
       "setup: reserves start at 400 materials and 800 credits (rules file; appendix A says 0)")
  local zero = assert(sg.new("starchess", {seed = 5, rules = {start_materials = 0, start_credits = 0}}))
  t.is(reserves(zero, 2), "0/0", "setup: start_materials = start_credits = 0 gives appendix A's start")
  t.is_deeply(g:scores(), {0, 0, 0, 0}, "setup: symmetric start scores 0 (3*30 - 3*30)")
end

---------------------------------------------------------------------------------------------
-- combat: player 1 moves `att` ships from A1 into player 2's `def` ships at B2

local function fight(att, def)
  local g = game{fleets = {A1 = fl(1, att), B2 = fl(2, def)}}
  g:play(("move A1 B2 %d"):format(att))
  return g, g:sector("B2").fleet
end

do
  local g, f = fight(10, 10)
  t.ok(f == nil and g:sector("A1").fleet == nil, "combat 10 vs 10: equal fleets annihilate")
  g, f = fight(15, 10)   -- 15 < 20: loses 10
  t.ok(f.owner == 1 and f.ships == 5, "combat: attacker 15 vs 10 (below 2x) keeps 15-10 = 5")
  t.is(f.moved, 5, "combat: the attacker's survivors are marked moved")
  g, f = fight(13, 7)    -- 13 < 14: loses 7
  t.ok(f.owner == 1 and f.ships == 6, "combat: attacker 13 vs 7 (just below 2x) keeps 6")
  g, f = fight(14, 7)    -- 14 <= 14 < 21: loses ceil(7/2) = 4
  t.ok(f.owner == 1 and f.ships == 10, "combat: attacker 14 vs 7 (exactly 2x) loses ceil(7/2)=4, keeps 10")
  g, f = fight(20, 7)    -- loses 4
  t.ok(f.owner == 1 and f.ships == 16, "combat: attacker 20 vs 7 (2x..3x) keeps 16")
  g, f = fight(20, 10)   -- 20 < 30: loses 5
  t.ok(f.owner == 1 and f.ships == 15, "combat: attacker 20 vs 10 (2x, even) loses 5, keeps 15")
  g, f = fight(21, 7)    -- 21 >= 21: no loss
  t.ok(f.owner == 1 and f.ships == 21, "combat: attacker 21 vs 7 (exactly 3x) loses nothing")
  g, f = fight(100, 7)
  t.ok(f.owner == 1 and f.ships == 100, "combat: attacker 100 vs 7 loses nothing")
  g, f = fight(10, 15)   -- defender 15 < 20: loses 10
  t.ok(f.owner == 2 and f.ships == 5, "combat: defender 15 vs attacker 10 keeps 5")
  t.is(g:sector("A1").fleet, nil, "combat: the losing attacker is annihilated")
  g, f = fight(7, 14)    -- defender loses ceil(7/2) = 4
  t.ok(f.owner == 2 and f.ships == 10, "combat: defender 14 vs attacker 7 (exactly 2x) keeps 10")
  g, f = fight(7, 20)
  t.ok(f.owner == 2 and f.ships == 16, "combat: defender 20 vs attacker 7 keeps 16")
  g, f = fight(7, 21)
  t.ok(f.owner == 2 and f.ships == 21, "combat: defender 21 vs attacker 7 (3x) loses nothing")
  g, f = fight(7, 13)    -- 13 < 14: loses 7
  t.ok(f.owner == 2 and f.ships == 6, "combat: defender 13 vs attacker 7 (below 2x) keeps 6")
  -- a partial move: the ships left behind stay
  g = game{fleets = {A1 = fl(1, 30), B2 = fl(2, 5)}}
  g:play("move A1 B2 12")   -- 12 >= 10, < 15: loses ceil(5/2) = 3
  t.ok(ships(g, "A1") == 18 and ships(g, "B2") == 9 and owner(g, "B2") == 1,
       "combat: 12 of 30 attack 5: A1 keeps 18, B2 holds 12-3 = 9")
  t.is(g:undo(), "move A1 B2 12", "undo takes back the attack")
  t.ok(ships(g, "A1") == 30 and ships(g, "B2") == 5 and owner(g, "B2") == 2,
       "undo restores both fleets after combat")
end

-- building at a blockaded colony: the new ships fight at once
do
  local S = function() return {colonies = {A1 = col(1, 100), A4 = col(2, 20)},
                               fleets = {A1 = fl(2, 5)}, reserves = {res(1000, 1000)}} end
  local g = game(S())
  t.is(g:sector("A1").blockade, true, "blockade: enemy ships at a colony blockade it")
  g:play("build A1 8")   -- 8 vs 5: 8 < 10, loses 5 -> 3
  local f = g:sector("A1").fleet
  t.ok(f.owner == 1 and f.ships == 3 and f.built == 3,
       "build at a blockaded colony: 8 new ships vs 5 leave 3 (marked built)")
  t.is(g:sector("A1").blockade, false, "the blockade is broken")
  t.is(reserves(g, 1), "840/680", "the 8 ships were paid: 1000-160 / 1000-320")
  t.is(g:sector("A1").colony.worked, 8, "their workforce is used: 8 ships")
  g = game(S())
  g:play("build A1 4")   -- defender 5 vs 4: 5 < 8, loses 4 -> 1
  f = g:sector("A1").fleet
  t.ok(f.owner == 2 and f.ships == 1, "build 4 at a colony blockaded by 5: the blockaders keep 1")
  t.ok(g:sector("A1").blockade and reserves(g, 1) == "920/840",
       "still blockaded, the 4 ships paid (80/160)")
  g = game(S())
  g:play("build A1 10")  -- 10 >= 10, < 15: loses ceil(5/2) = 3 -> 7
  t.is(ships(g, "A1"), 7, "build 10 against 5 blockaders: loses ceil(5/2) = 3, keeps 7")
end

---------------------------------------------------------------------------------------------
-- bombardment: player 1's `n` ships at B2 against player 2's colony of `p` there

local function bombard(p, n, planet)
  local g = game{planets = {B2 = planet or "terran"},
                 colonies = {A1 = col(1, 20), A4 = col(2, 20), B2 = col(2, p)},
                 fleets = {B2 = fl(1, n)}, reserves = {res(10000, 10000)}}
  g:play("end")
  return g
end

do
  local g = bombard(95, 33)   -- ceil(95*33/100) = ceil(31.35) = 32
  t.is(pop(g, "B2"), 63, "bombardment: 33 ships take ceil(95*33/100) = 32 of 95, leaving 63")
  g = bombard(95, 80)         -- min(80,50) = 50: ceil(47.5) = 48
  t.is(pop(g, "B2"), 47, "bombardment: 80 ships are capped at 50%: 95 - 48 = 47")
  g = bombard(95, 1)          -- ceil(0.95) = 1
  t.is(pop(g, "B2"), 94, "bombardment: 1 ship on 95 takes ceil(0.95) = 1: every blockade bites")
  g = bombard(99, 1)          -- ceil(0.99) = 1 (rounding down took nothing, for ever)
  t.is(pop(g, "B2"), 98, "bombardment: 1 ship on 99 takes ceil(0.99) = 1")
  g = bombard(100, 2)         -- exactly 2: no rounding
  t.is(pop(g, "B2"), 98, "bombardment: 2 ships on 100 take exactly 2")
  g = bombard(40, 50)         -- 20 -> 20
  t.ok(pop(g, "B2") == 20 and g:sector("B2").planet == "terran",
       "bombardment: 40 - 20 = 20 is not below 20: the colony survives, planet terran")
  g = bombard(39, 50)         -- ceil(19.5) = 20 -> 19 < 20
  t.is(g:sector("B2").colony, nil, "bombardment: 39 - ceil(19.5) = 19 is below 20: eliminated")
  g = bombard(38, 50)         -- 19 -> 19 < 20
  t.is(g:sector("B2").planet, "barren", "bombardment: the terran planet of the eliminated colony turns barren")
  t.is(ships(g, "B2"), 50, "the bombarding fleet stays")
  t.is(g:empire(2).defeated, false, "losing a colony that is not the homeworld does not defeat")
  t.is(g:sector("B2").colony, nil, "bombardment: 38 - 19 = 19 is below 20: eliminated")
  g = bombard(38, 50, "barren")
  t.ok(g:sector("B2").colony == nil and g:sector("B2").planet == "barren",
       "bombardment: a barren planet losing its colony stays barren")
  -- nothing happens before the end of the turn
  local h = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), B2 = col(2, 95)},
                 fleets = {B2 = fl(1, 33)}}
  t.is(h:sector("B2").blockade, true, "enemy ships at a colony blockade it")
  t.is(pop(h, "B2"), 95, "no bombardment before the bombarding player ends the turn")
end

-- an eliminated homeworld defeats its owner
do
  local g = game{planets = {B3 = "barren"},
                 colonies = {A1 = col(1, 20), A3 = col(1, 20), A4 = col(2, 20), C3 = col(2, 50),
                             B3 = col(2, 30), D4 = col(3, 20), D1 = col(4, 20)},
                 fleets = {A4 = fl(1, 10), C2 = fl(2, 7), B4 = fl(2, 4)},
                 reserves = {res(10000, 10000)}}
  g:play("end")   -- A4: ceil(20*10/100) = 2, 18 < 20: eliminated
  local e = g:empire(2)
  t.is(e.defeated, true, "homeworld A4 bombarded below 20: player 2 is defeated")
  t.ok(e.ships == 0 and e.colonies == 0, "player 2 has no ships and no colonies left")
  t.ok(g:sector("C3").colony == nil and g:sector("B3").colony == nil,
       "player 2's other colonies vanish")
  t.ok(g:sector("C2").fleet == nil and g:sector("B4").fleet == nil, "player 2's fleets vanish")
  t.is(g:sector("C3").planet .. " " .. g:sector("B3").planet, "terran barren",
       "the planets of the vanished colonies keep their class")
  t.is(g:sector("A4").planet, "barren", "the terran homeworld lost to bombardment turns barren")
  t.is(ships(g, "A4"), 10, "the bombarding fleet stays at A4")
  t.is(g:player(), 3, "the next player skips the defeated player 2")
  t.is(select(1, g:status()), "playing", "two players left: still playing")
  g:undo()
  t.ok(not g:empire(2).defeated and pop(g, "A4") == 20 and ships(g, "C2") == 7,
       "undo of the end brings player 2 back")
end

-- three defeated: the fourth wins
do
  local g = game{colonies = {A1 = col(1, 20), A3 = col(1, 20), A4 = col(2, 20)},
                 fleets = {A4 = fl(1, 10)}, reserves = {res(10000, 10000)}}
  t.ok(g:empire(3).defeated and g:empire(4).defeated and select(1, g:status()) == "playing",
       "players without a homeworld colony start defeated; two left: playing")
  g:play("end")
  local st, w = g:status()
  t.is(st, "won", "player 2's homeworld eliminated: three defeated, the game is won")
  t.is(w, 1, "by player 1")
  t.is(#g:moves(), 0, "no commands after the end")
  t.errors(function() g:play("end") end, "over", "a command after the end is refused")
end

---------------------------------------------------------------------------------------------
-- production and consumption (no ships: nothing to support)

do
  local g = game{planets = {B1 = "barren"},
                 colonies = {A1 = col(1, 100), B1 = col(1, 50), A4 = col(2, 20)}}
  g:play("end")
  -- materials 100 + 5*50 = 350; credits 100 - 50 = 50
  t.is(reserves(g, 1), "350/50", "production: terran 100 (+100/+100), barren 50 (+250/-50)")
  t.is(reserves(g, 2), "0/0", "the other player's reserves do not change")
  t.is(pop(g, "A4"), 20, "the other player's colony does not grow")

  g = game{planets = {B1 = "barren"},
           colonies = {A1 = col(1, 900), B1 = col(1, 200), A4 = col(2, 20)}}
  g:play("end")
  -- materials min(900,200) + min(1000,1000) = 1200; credits min(900,1000) - min(200,200) = 700
  t.is(reserves(g, 1), "1200/700", "production caps: terran 900 gives 200 materials; barren 200 gives 1000/-200")

  g = game({planets = {B1 = "barren"},
            colonies = {A1 = col(1, 1500), B1 = col(1, 300), A4 = col(2, 20)}},
           {rules = {barren_max_pop = 400, terran_max_pop = 2000}})
  g:play("end")
  -- materials 200 + min(1500,1000) = 1200; credits min(1500,1000) - min(300,200) = 800
  t.is(reserves(g, 1), "1200/800", "caps beyond the default populations: terran credits 1000, barren 1000 materials and 200 credits")
  t.is(pop(g, "A1") .. " " .. pop(g, "B1"), "1800 330", "and growth: 1500+300, 300+30")

  -- a blockaded colony neither produces, consumes nor grows
  g = game{planets = {B1 = "barren"},
           colonies = {A1 = col(1, 50), B1 = col(1, 100), A4 = col(2, 20)},
           fleets = {B1 = fl(2, 5)}}
  g:play("end")
  t.is(reserves(g, 1), "50/50", "blockade: only the free terran 50 produces (+50/+50)")
  t.is(pop(g, "B1"), 100, "blockade: the blockaded colony does not grow")
  t.is(pop(g, "A1"), 60, "the free terran colony grows 50 -> 60")

  -- production is added before consumption is subtracted
  g = game{planets = {B1 = "barren"},
           colonies = {A1 = col(1, 50), B1 = col(1, 40), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 1)}, reserves = {res(0, 20)}}
  g:play("end")
  -- materials 0+50+200 = 250, -10 support = 240; credits 20+50 = 70, -40 = 30, -20 = 10
  t.is(ships(g, "A1"), 1, "production first: 20+50 credits pay the 40 consumed, the ship stays")
  t.is(reserves(g, 1), "240/10", "reserves: 250-10 materials, 70-40-20 credits")

  -- consumption that cannot be paid
  g = game{planets = {B1 = "barren"},
           colonies = {A1 = col(1, 20), B1 = col(1, 100), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 10), B2 = fl(1, 5)}, reserves = {res(0, 30)}}
  g:play("end")
  -- materials 0+20+500 = 520; credits 30+20 = 50 < 100: credits 0, every ship scrapped
  t.is(g:empire(1).ships, 0, "unpaid consumption (50 < 100 credits): every ship is scrapped")
  t.is(reserves(g, 1), "520/0", "credits set to zero, materials 520, no support due")
  t.is(pop(g, "A1") .. " " .. pop(g, "B1"), "24 110", "the colonies are otherwise unharmed and grow")
end

---------------------------------------------------------------------------------------------
-- out of support, and ship support

do
  local g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 5), B2 = fl(1, 3), C3 = fl(1, 4), B3 = fl(1, 2),
                           C1 = fl(2, 6)},
                 reserves = {res(1000, 1000), res(1000, 1000)}}
  g:play("end")
  t.is(g:sector("C3").fleet, nil, "out of support: a fleet two sectors from every own colony is scrapped")
  t.is(g:sector("B3").fleet, nil, "out of support: next to an enemy colony does not count")
  t.is(ships(g, "A1") + ships(g, "B2"), 8, "fleets at and next to an own colony stay")
  -- 1000+20 - 8*10 = 940; 1000+20 - 8*20 = 860 (the scrapped ships cost nothing)
  t.is(reserves(g, 1), "940/860", "support of 10/20 per ship, paid only for the 8 in support")
  t.is(ships(g, "C1"), 6, "out of support checks only the player ending the turn (player 2's C1 stays)")
  g:play("end")
  t.is(g:sector("C1").fleet, nil, "player 2's C1 fleet, three from A4, goes at player 2's end")

  -- spreading with remainders: 15 ships, credits pay for 10
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 7), A2 = fl(1, 5), B1 = fl(1, 3)},
           reserves = {res(1000, 180)}}
  g:play("end")
  -- 1020/200: affordable min(102, 10) = 10, scrap 5: A1 35/15 = 2 r5, A2 25/15 = 1 r10,
  -- B1 15/15 = 1 r0; the 5th ship from A2 (largest remainder) -> A1 5, A2 3, B1 2
  t.is(ships(g, "A1") .. " " .. ships(g, "A2") .. " " .. ships(g, "B1"), "5 3 2",
       "support spreading: 7/5/3 lose 2/2/1 (floors 2/1/1, the extra to the largest remainder)")
  t.is(reserves(g, 1), "920/0", "the 10 kept ships are paid: 1020-100, 200-200")

  -- materials short: 11 ships, materials pay for 6 (material_price = 0, the default: credits
  -- do not pay for materials, appendix A's rule)
  g = game({colonies = {A1 = col(1, 20), A4 = col(2, 20)},
            fleets = {A1 = fl(1, 10), B1 = fl(1, 1)}, reserves = {res(40, 1000)}},
           {rules = {material_price = 0}})
  g:play("end")
  -- 60/1020: min(6, 51) = 6, scrap 5: A1 50/11 = 4 r6, B1 5/11 = 0 r5; the 5th from A1
  t.is(ships(g, "A1") .. " " .. ships(g, "B1"), "5 1",
       "support spreading: 10 and 1 lose 5 and 0 (remainder 6 beats 5)")
  t.is(reserves(g, 1), "0/900", "materials 60-60, credits 1020-120")

  -- the same with material_price = 20: credits pay 20 for each material short.
  -- 60/1020; n ships need 10n materials and 20n credits: 20n + 20 (10n - 60) <= 1020, 220n
  -- <= 2220, n = 10 (materials alone: 6): scrap 1, from A1 (10/11 = 0 r10 beats 1/11 = 0 r1)
  local price = {rules = {material_price = 20}}
  g = game({colonies = {A1 = col(1, 20), A4 = col(2, 20)},
            fleets = {A1 = fl(1, 10), B1 = fl(1, 1)}, reserves = {res(40, 1000)}}, price)
  g:play("end")
  t.is(ships(g, "A1") .. " " .. ships(g, "B1"), "9 1",
       "material_price 20: credits pay for the materials short, 10 of 11 ships kept (not 6)")
  -- materials 60 - 60 = 0; credits 1020 - 20*10 - 20*(100 - 60) = 1020 - 200 - 800 = 20
  t.is(reserves(g, 1), "0/20", "material_price 20: 40 materials short cost 800 credits")
  -- enough credits: every ship kept, 50 materials short cost 1000 credits
  g = game({colonies = {A1 = col(1, 20), A4 = col(2, 20)},
            fleets = {A1 = fl(1, 10), B1 = fl(1, 1)}, reserves = {res(40, 2000)}}, price)
  g:play("end")
  -- 60/2020: 110 materials due, 60 paid, 50 x 20 = 1000 credits, + 220: 2020 - 1220 = 800
  t.ok(ships(g, "A1") == 10 and ships(g, "B1") == 1 and reserves(g, 1) == "0/800",
       "material_price 20: 11 ships kept on 60 materials, reserves 0/800")
  -- credits short are not paid in materials: 1000 materials, 100 credits, 6 ships
  g = game({colonies = {A1 = col(1, 20), A4 = col(2, 20)},
            fleets = {A1 = fl(1, 6)}, reserves = {res(1000, 80)}}, price)
  g:play("end")
  -- 1020/100: min(102, 5) = 5, credits bind, the price does not help: 1 scrapped
  t.ok(ships(g, "A1") == 5 and reserves(g, 1) == "970/0",
       "material_price: credits short are not paid in materials (5 of 6 kept, 970/0)")

  -- the tie rule: equal remainders go by player 1's processing order (A1 A2 B1 C1 B2 ...)
  g = game{colonies = {A1 = col(1, 20), C1 = col(1, 20), A4 = col(2, 20)},
           fleets = {A2 = fl(1, 3), C1 = fl(1, 3), B2 = fl(1, 3)},
           reserves = {res(1000, 120)}}
  g:play("end")
  -- 1040/160: min(104, 8) = 8, scrap 1: every share 3/9 = 0 r3; A2 comes first in the order
  t.is(ships(g, "A2") .. " " .. ships(g, "C1") .. " " .. ships(g, "B2"), "2 3 3",
       "support tie: the ship comes from A2, first of A2 C1 B2 in processing order")
  t.is(reserves(g, 1), "960/0", "8 ships paid: 1040-80, 160-160")

  -- exactly tight: no scrapping
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 6)}, reserves = {res(40, 100)}}
  g:play("end")
  t.ok(ships(g, "A1") == 6 and reserves(g, 1) == "0/0",
       "support exactly affordable (60/120 for 6 ships): nothing scrapped, reserves 0/0")
end

---------------------------------------------------------------------------------------------
-- growth

do
  local g = game{planets = {B1 = "barren", C1 = "barren", B2 = "barren"},
                 colonies = {A1 = col(1, 47), B1 = col(1, 55), C1 = col(1, 195), A2 = col(1, 999),
                             B2 = col(1, 200), C2 = col(1, 1000), A4 = col(2, 20)}}
  g:play("end")
  t.is(pop(g, "A1"), 56, "growth: terran 47 + floor(9.4) = 56")
  t.is(pop(g, "B1"), 60, "growth: barren 55 + floor(5.5) = 60")
  t.is(pop(g, "C1"), 200, "growth: barren 195 + 19 is capped at 200")
  t.is(pop(g, "A2"), 1000, "growth: terran 999 + 199 is capped at 1000")
  t.is(pop(g, "B2") .. " " .. pop(g, "C2"), "200 1000", "growth: colonies at their maximum stay")
  -- materials: 47 + 200 + 200 + 275 + 975 + 1000 = 2697
  -- credits: 47 + 999 + 1000 - (55 + 195 + 200) = 1596
  t.is(reserves(g, 1), "2697/1596", "production of six colonies with their caps")

  g = game({planets = {B1 = "barren", C1 = "barren"},
            colonies = {A1 = col(1, 20), B1 = col(1, 24), C1 = col(1, 50), A4 = col(2, 20)}},
           {rules = {barren_growth = 4, terran_growth = 4}})
  g:play("end")
  -- 20*4/100 = 0 -> 1; 24*4/100 = 0 -> 1; 50*4/100 = 2
  t.is(pop(g, "A1") .. " " .. pop(g, "B1") .. " " .. pop(g, "C1"), "21 25 52",
       "growth at 4%: at least +1 below the maximum (20 -> 21, 24 -> 25), else rounded down (50 -> 52)")
end

---------------------------------------------------------------------------------------------
-- build

do
  local g = game{colonies = {A1 = col(1, 35), B1 = col(1, 29), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 5)}, reserves = {res(1000, 1000)}}
  g:play("build A1 2")
  local f = g:sector("A1").fleet
  t.ok(f.ships == 7 and f.built == 2, "build A1 2: the fleet grows to 7, 2 marked built")
  t.is(reserves(g, 1), "960/920", "build: 20 materials and 40 credits per ship, at once")
  t.is(g:sector("A1").colony.worked, 2, "build: 2 ships' workforce used")
  refused(g, "build A1 2", "workforce", "workforce: pop 35 builds floor(35/10) = 3, 1 left")
  g:play("build A1 1")
  t.is(ships(g, "A1"), 8, "build A1 1: the third ship of the turn")
  refused(g, "build A1 1", "workforce", "workforce used up across build commands")
  g:play("build B1 2")
  t.is(ships(g, "B1"), 2, "build B1 2: each colony has its own workforce (floor(29/10) = 2)")
  refused(g, "build B1 1", "workforce", "B1's workforce is used up")
  refused(g, "build C1 1", "colony", "build where player 1 has no colony")
  refused(g, "build A4 1", "colony", "build at an enemy colony")
  t.is(reserves(g, 1), "900/800", "5 ships cost 100/200")
  g:play("end")
  -- production 35+29 = 64 each: 964/864; support 10 ships 100/200 -> 864/664
  t.is(reserves(g, 1), "864/664", "after the end: +64/+64 production, -100/-200 for 10 ships")
  local a1 = g:sector("A1")
  t.ok(a1.colony.worked == 0 and a1.fleet.built == 0 and g:sector("B1").fleet.built == 0,
       "the end of the turn clears the workforce and built marks")
  t.is(pop(g, "A1") .. " " .. pop(g, "B1"), "42 34", "growth 35+7, 29+floor(5.8)")

  -- material_price = 0 (the default, appendix A): the materials reserve alone pays for a
  -- ship's materials
  local old = {rules = {material_price = 0}}
  g = game({colonies = {A1 = col(1, 100), A4 = col(2, 20)}, reserves = {res(59, 1000)}}, old)
  t.ok(has_move(g, "build A1 2") and not has_move(g, "build A1 3"),
       "moves: 59 materials pay for 2 ships, not 3")
  refused(g, "build A1 3", "reserves", "reserves: 59 materials pay for 2 ships")
  g:play("build A1 2")
  t.is(reserves(g, 1), "19/920", "two ships paid: 59-40, 1000-80")
  refused(g, "build A1 1", "reserves", "reserves: 19 materials pay for no ship")
  g = game({colonies = {A1 = col(1, 100), A4 = col(2, 20)}, reserves = {res(1000, 119)}}, old)
  refused(g, "build A1 3", "reserves", "reserves: 119 credits pay for 2 ships")
  g:play("build A1 2")
  t.is(reserves(g, 1), "960/39", "two ships paid: 1000-40, 119-80")

  -- material_price = 20: credits pay 20 for each material short.  59/1000: n ships need
  -- 20n materials and 40n credits: 40n + 20 (20n - 59) <= 1000, 440n <= 2180, n = 4
  local price = {rules = {material_price = 20}}
  g = game({colonies = {A1 = col(1, 100), A4 = col(2, 20)}, reserves = {res(59, 1000)}}, price)
  t.ok(has_move(g, "build A1 4") and not has_move(g, "build A1 5"),
       "material_price 20: 59 materials and 1000 credits pay for 4 ships, not 5")
  refused(g, "build A1 5", "pay for 4 ships .*20 credits for each material short",
          "material_price 20: the refusal names the price")
  g:play("build A1 3")
  -- 60 materials due, 59 paid, 1 x 20 credits + 3 x 40 = 140: 0/860
  t.is(reserves(g, 1), "0/860", "material_price 20: three ships on 59 materials cost 140 credits")
  g:play("build A1 1")
  -- 20 short: 400 + 40 = 440: 0/420
  t.is(reserves(g, 1), "0/420", "material_price 20: a ship on no materials costs 440 credits")
  g = game({colonies = {A1 = col(1, 100), A4 = col(2, 20)}, reserves = {res(1000, 119)}}, price)
  refused(g, "build A1 3", "reserves", "material_price: credits short are not paid in materials")
end

-- new ships cannot move; moved ships cannot move again or colonise
do
  local g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 5)}, reserves = {res(1000, 1000)}}
  g:play("build A1 2")
  refused(g, "move A1 B1 6", "built", "new ships cannot move: only 5 of 7 may")
  g:play("move A1 B1 5")
  local f = g:sector("B1").fleet
  t.ok(f.ships == 5 and f.moved == 5, "move A1 B1 5: 5 moved ships at B1")
  refused(g, "move A1 B1 1", "built", "the 2 new ships left at A1 cannot move")
  refused(g, "move B1 A2 1", "moved", "moved ships cannot move again")

  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)}, fleets = {A1 = fl(1, 25)}}
  g:play("move A1 B1 25")
  refused(g, "colonise B1", "moved", "moved ships cannot colonise")
  t.ok(not has_move(g, "colonise B1"), "moves: no colonise with moved ships")
end

---------------------------------------------------------------------------------------------
-- colonise

do
  local g = game{planets = {B2 = "barren"}, colonies = {A1 = col(1, 20), A4 = col(2, 20)},
                 fleets = {B2 = fl(1, 20)}}
  t.ok(has_move(g, "colonise B2"), "moves: colonise B2 with 20 unmoved ships")
  g:play("colonise B2")
  local b2 = g:sector("B2")
  t.ok(b2.colony and b2.colony.owner == 1 and b2.colony.pop == 20,
       "colonise: a colony of 20 inhabitants of player 1")
  t.is(b2.fleet, nil, "colonise: the 20 ships are gone")
  t.is(b2.planet, "barren", "colonise: the planet keeps its class")
  t.is(g:empire(1).colonies, 2, "player 1 has 2 colonies")
  g:play("end")
  -- A1 terran 20: +20/+20; B2 barren 20: +100/-20 -> 120/0
  t.is(reserves(g, 1), "120/0", "the new colony produces at the end: 20+100 materials, 20-20 credits")
  t.is(pop(g, "B2"), 22, "and grows 20 -> 22")

  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)}, fleets = {B2 = fl(1, 19)}}
  refused(g, "colonise B2", "20", "colonise with 19 ships")
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)}, fleets = {A1 = fl(1, 30)}}
  refused(g, "colonise A1", "colony", "colonise where a colony stands (own)")
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), B2 = col(2, 20)}, fleets = {B2 = fl(1, 30)}}
  refused(g, "colonise B2", "colony", "colonise where an enemy colony stands")
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)}, fleets = {B2 = fl(2, 30)}}
  refused(g, "colonise B2", "20", "colonise with the enemy's ships")

  -- 10 moved in + 30 unmoved: the 20 colonists come from the unmoved ships
  g = game{planets = {B2 = "barren"}, colonies = {A1 = col(1, 20), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 10), B2 = fl(1, 30)}, reserves = {res(1000, 1000)}}
  g:play("move A1 B2 10")
  g:play("colonise B2")
  local f = g:sector("B2").fleet
  t.ok(f.ships == 20 and f.moved == 10 and pop(g, "B2") == 20,
       "colonise with 30 unmoved + 10 moved ships: 20 ships stay, 10 of them moved")
  g:play("end")
  -- 1000+20+100 = 1120 - 200 = 920; 1000+20-20 = 1000 - 400 = 600
  t.is(reserves(g, 1), "920/600", "end: production of both colonies, support of 20 ships")
end

---------------------------------------------------------------------------------------------
-- terraform

do
  local g = game{planets = {B1 = "barren", A4 = "terran"},
                 colonies = {A1 = col(1, 20), B1 = col(1, 20), A4 = col(2, 20)},
                 reserves = {res(999, 0)}}
  t.ok(not has_move(g, "terraform B1"), "moves: no terraform with 999 materials")
  refused(g, "terraform B1", "1000", "terraform costs 1000 materials, player has 999")
  g = game{planets = {B1 = "barren", B2 = "barren"},
           colonies = {A1 = col(1, 20), B1 = col(1, 20), A4 = col(2, 20)},
           reserves = {res(1000, 0)}}
  refused(g, "terraform A1", "terran", "terraform a terran planet")
  refused(g, "terraform B2", "colony", "terraform without a colony")
  refused(g, "terraform A4", "colony", "terraform an enemy colony")
  t.ok(has_move(g, "terraform B1"), "moves: terraform B1 with 1000 materials")
  g:play("terraform B1")
  t.is(g:sector("B1").planet, "terran", "terraform: B1 becomes terran")
  t.is(reserves(g, 1), "0/0", "terraform: 1000 materials paid")
  g:play("end")
  -- both terran 20: +40/+40; B1 grows 20%: 24
  t.is(reserves(g, 1), "40/40", "the terraformed colony produces as terran (+20/+20)")
  t.is(pop(g, "B1"), 24, "and grows as terran (20% of 20)")
end

-- a blockaded colony cannot be terraformed (rules file: a blockade stops all local production)
do
  local g = game{planets = {B1 = "barren"},
                 colonies = {A1 = col(1, 20), B1 = col(1, 20), A4 = col(2, 20)},
                 fleets = {B1 = fl(2, 3)}, reserves = {res(5000, 0)}}
  t.ok(not has_move(g, "terraform B1"), "moves: no terraform of the blockaded colony B1")
  local before = g:position()
  refused(g, "terraform B1", "blockaded", "terraform a blockaded colony")
  t.is(g:position(), before, "the refused terraform leaves the game unchanged")
end

---------------------------------------------------------------------------------------------
-- movement

do
  local g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 10), B2 = fl(1, 10)}}
  refused(g, "move A1 C3 1", "next to", "move two sectors away")
  refused(g, "move A1 A1 1", "next to", "move to the same sector")
  refused(g, "move B2 C3 1", "colony", "move next to B2 but two from every own colony (C3)")
  refused(g, "move B2 B3 1", "colony", "move to B3, two from A1")
  refused(g, "move B2 C1 1", "colony", "move to C1, two from A1")
  refused(g, "move C2 B2 1", "ships", "move from a sector without own ships")
  refused(g, "move A4 A3 1", "ships", "move enemy ships")
  g:play("move B2 A2 3")
  t.ok(ships(g, "A2") == 3 and ships(g, "B2") == 7, "move B2 A2 3: to a sector next to A1")
  g:play("move A1 B2 4")
  local f = g:sector("B2").fleet
  t.ok(f.ships == 11 and f.moved == 4, "move A1 B2 4 (diagonal): joins the 7, 4 marked moved")
  refused(g, "move A1 B1 7", "6", "move 7 of the 6 ships left")
  g:play("move B2 B1 7")
  t.is(ships(g, "B1"), 7, "the 7 unmoved ships of a mixed fleet may still move")

  g = game{colonies = {A1 = col(1, 20), C3 = col(1, 20), A4 = col(2, 20)},
           fleets = {B2 = fl(1, 10)}}
  g:play("move B2 C3 2")
  g:play("move B2 B3 3")
  t.ok(ships(g, "C3") == 2 and ships(g, "B3") == 3,
       "moves to a sector holding an own colony (C3) and next to one (B3)")

  -- moving into an enemy colony's sector blockades it
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), B2 = col(2, 20)},
           fleets = {A1 = fl(1, 10)}}
  g:play("move A1 B2 10")
  t.is(g:sector("B2").blockade, true, "ships moved to an enemy colony blockade it")
end

-- the 999 cap
do
  local g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 990), B1 = fl(1, 10)}, reserves = {res(100000, 100000)}}
  refused(g, "move B1 A1 10", "999", "move: 990 + 10 would exceed 999")
  g:play("move B1 A1 9")
  t.is(ships(g, "A1"), 999, "move: 990 + 9 = 999 is allowed")
  refused(g, "build A1 1", "999", "build at a fleet of 999")
  g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 995)}, reserves = {res(100000, 100000)}}
  refused(g, "build A1 5", "999", "build: 995 + 5 would exceed 999")
  g:play("build A1 4")
  t.is(ships(g, "A1"), 999, "build: 995 + 4 = 999 is allowed")
end

-- scrap
do
  local g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 10), A4 = fl(2, 5)}, reserves = {res(1000, 1000)}}
  g:play("move A1 B1 6")
  g:play("scrap B1 4")
  local f = g:sector("B1").fleet
  t.ok(f.ships == 2 and f.moved == 2, "scrap 4 of 6 moved ships: 2 moved ships stay")
  g:play("build A1 3")
  g:play("scrap A1 5")
  t.is(ships(g, "A1"), 2, "scrap 5 of 7 (4 unmoved, 3 new): 2 stay")
  t.is(reserves(g, 1), "940/880", "scrapping refunds nothing (3 ships bought at 60/120)")
  g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)}, reserves = {res(1000, 1000)}}
  g:play("build A1 3")
  g:play("scrap A1 3")
  t.is(g:sector("A1").fleet, nil, "the ships built this turn can be scrapped")
  g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)},
           fleets = {A1 = fl(1, 10), A4 = fl(2, 5)}}
  refused(g, "scrap A1 11", "10", "scrap more ships than the fleet has")
  refused(g, "scrap A4 1", "ships", "scrap enemy ships")
  refused(g, "scrap C3 1", "ships", "scrap where there are no ships")
end

---------------------------------------------------------------------------------------------
-- end of turn: the next surviving player, the turn counter

do
  local four = {A1 = col(1, 20), A4 = col(2, 20), D4 = col(3, 20), D1 = col(4, 20)}
  local g = game{colonies = four}
  local seq = {}
  for _ = 1, 4 do
    g:play("end")
    seq[#seq + 1] = g:player() .. "@" .. g:turn()
  end
  t.is(table.concat(seq, " "), "2@1 3@1 4@1 1@2", "end passes to 2, 3, 4, then 1 in turn 2")
  g = game{colonies = {A1 = col(1, 20), D4 = col(3, 20), D1 = col(4, 20)}}
  seq = {}
  for _ = 1, 3 do
    g:play("end")
    seq[#seq + 1] = g:player() .. "@" .. g:turn()
  end
  t.is(table.concat(seq, " "), "3@1 4@1 1@2", "a defeated player 2 is skipped")
  g = game{colonies = four, player = 4, turn = 5}
  g:play("end")
  t.is(g:player() .. "@" .. g:turn(), "1@6", "scenario player 4 in turn 5: end gives player 1, turn 6")
  g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), D4 = col(3, 20)}, player = 3, turn = 7}
  g:play("end")
  t.is(g:player() .. "@" .. g:turn(), "1@8", "player 3 ends, defeated 4 skipped: player 1, turn 8")
end

-- the draw at max_turns, with the ranking
do
  local g = game({colonies = {A1 = col(1, 20), A4 = col(2, 20), D4 = col(3, 20), C4 = col(3, 20),
                              D1 = col(4, 20)},
                  fleets = {A1 = fl(1, 5), D1 = fl(4, 2)},
                  reserves = {res(10000, 10000), res(10000, 10000), res(10000, 10000),
                              res(10000, 10000)}},
                 {rules = {max_turns = 2}})
  for _ = 1, 7 do g:play("end") end
  t.is(g:player() .. "@" .. g:turn() .. " " .. g:status(), "4@2 playing",
       "max_turns 2: after 7 ends player 4 moves in turn 2, still playing")
  g:play("end")
  local st, w, rank = g:status()
  t.is(st, "drawn", "after 2 full turns the game is drawn")
  t.is(w, nil, "no winner")
  -- B: p1 5+10 = 15, p2 10, p3 20, p4 2+10 = 12
  -- E1 = 45 - (10 + 2*20 + 12) = -17; E2 = 30 - (2*15 + 2*20 + 2*12) = -64
  -- E3 = 60 - (15 + 10 + 12) = 23;     E4 = 36 - (2*15 + 10 + 2*20) = -44
  t.is_deeply(g:scores(), {-17, -64, 23, -44}, "EvalPlayers at the draw")
  t.is_deeply(rank, {3, 1, 4, 2}, "the ranking by score: 3, 1, 4, 2")
  t.errors(function() g:play("end") end, "over", "no command after the draw")
end

---------------------------------------------------------------------------------------------
-- EvalPlayers

do
  local S = function() return {colonies = {A1 = col(1, 20), A4 = col(2, 20), D4 = col(3, 20),
                                           D1 = col(4, 20)},
                               fleets = {A1 = fl(1, 30), A4 = fl(2, 10), D1 = fl(4, 25)}} end
  -- B = 40, 20, 10, 35
  -- E1 = 120 - (20+10+35) = 55; E2 = 60 - (80+10+70) = -100
  -- E3 = 30 - (80+40+70) = -160; E4 = 105 - (80+20+10) = -5
  t.is_deeply(game(S()):scores(), {55, -100, -160, -5},
              "EvalPlayers: stronger players' B doubled")
  -- factor 1: E = 3B - (105 - B) = 4B - 105
  t.is_deeply(game(S(), {weights = {stronger_factor = 1}}):scores(), {55, -25, -65, 35},
              "EvalPlayers with stronger_factor = 1: 4B - 105")
  -- weights ship 2, colony 5: B = 65, 25, 5, 55
  -- E1 = 195 - 85 = 110; E2 = 75 - (130+5+110) = -170; E3 = 15 - (130+50+110) = -275
  -- E4 = 165 - (130+25+5) = 5
  t.is_deeply(game(S(), {weights = {ship_weight = 2, colony_weight = 5}}):scores(),
              {110, -170, -275, 5}, "EvalPlayers with ship_weight 2, colony_weight 5")
  -- equal B is not multiplied: B = 40, 40, 10, 35
  local g = game{colonies = {A1 = col(1, 20), A4 = col(2, 20), D4 = col(3, 20), D1 = col(4, 20)},
                 fleets = {A1 = fl(1, 30), A4 = fl(2, 30), D1 = fl(4, 25)}}
  -- E1 = E2 = 120 - (40+10+35) = 35; E3 = 30 - (80+80+70) = -200; E4 = 105 - (80+80+10) = -65
  t.is_deeply(g:scores(), {35, 35, -200, -65}, "EvalPlayers: an equal player is not 'stronger'")
  -- a defeated player counts 0 (B = 0, 30, 0... ) with two players
  g = game{colonies = {A1 = col(1, 20), B1 = col(1, 20), A4 = col(2, 20)}, fleets = {A4 = fl(2, 3)}}
  -- B = 20, 13, 0, 0: E1 = 60 - 13 = 47; E2 = 39 - 40 = -1; E3 = E4 = 0 - (40 + 26) = -66
  t.is_deeply(g:scores(), {47, -1, -66, -66}, "EvalPlayers with two defeated players (B = 0)")
end

---------------------------------------------------------------------------------------------
-- scenario refusals

do
  local function refuse(s, pattern, desc)
    local g, err = sg.new("starchess", {seed = 1, scenario = s})
    t.ok(g == nil and type(err) == "string" and err:find(pattern) ~= nil,
         desc .. " (" .. tostring(err) .. ")")
  end
  refuse({fleets = {b2 = fl(1, 5), B2 = fl(2, 5)}}, "twice", "scenario: fleets b2 and B2 name one sector")
  refuse({fleets = {A1 = fl(1, 1000)}}, "999", "scenario: a fleet of 1000 ships")
  refuse({colonies = {A1 = col(1, 20), B2 = col(1, 19)}}, "20", "scenario: a colony of 19 inhabitants")
  refuse({fleets = {E5 = fl(1, 5)}}, "unknown sector", "scenario: sector E5")
  refuse({planets = {Z9 = "barren"}}, "unknown sector", "scenario: planet Z9")
  refuse({ships = {}}, "unknown key", "scenario: unknown key 'ships'")
  local g = sg.new("starchess", {seed = 1, scenario = {fleets = {b2 = fl(1, 5)}}})
  t.ok(g and ships(g, "B2") == 5, "scenario: a lower-case sector name is accepted")
end

---------------------------------------------------------------------------------------------
-- undo within a turn restores everything

do
  local g = game{colonies = {A1 = col(1, 100), A4 = col(2, 20)},
                 fleets = {A1 = fl(1, 10)}, reserves = {res(1000, 1000)}}
  local p0 = g:position()
  g:play("build A1 3")
  local p1 = g:position()
  g:play("move A1 B1 5")
  local p2 = g:position()
  g:play("scrap B1 2")
  t.is(g:undo(), "scrap B1 2", "undo returns the scrap")
  t.is(g:position(), p2, "undo of scrap: the 5 moved ships are back")
  g:undo()
  local a1 = g:sector("A1").fleet
  t.ok(g:position() == p1 and g:sector("B1").fleet == nil and a1.ships == 13 and a1.built == 3 and
       a1.moved == 0, "undo of move: A1 has 13 ships again, 3 built, none moved")
  g:undo()
  t.ok(g:position() == p0 and reserves(g, 1) == "1000/1000" and g:sector("A1").colony.worked == 0 and
       g:sector("A1").fleet.built == 0, "undo of build: reserves, workforce and built marks restored")
  play(g, "build A1 2", "end")
  t.is(g:player(), 2, "after the end player 2 moves")
  g:undo()
  t.ok(g:player() == 1 and g:sector("A1").fleet.built == 2 and reserves(g, 1) == "960/920",
       "undo of end: player 1 again, before support, built marks back")
end

t.done()
