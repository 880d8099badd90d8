-- A scenario: player 1's fleet of 30 ships blockades player 2's barren colony at B3 (ships
-- may move there because player 1's colony at A2 is next to it); what
-- the end of player 1's turn does (bombardment) and what the blockade stops for player 2
-- (production and growth).  Usage: stratagem scenarios/starchess/blockade.lua
local sg = require "stratagem"

local g = assert(sg.new("starchess", {seed = 1, scenario = {
  planets = {B3 = "barren"},
  colonies = {A1 = {owner = 1, pop = 100}, A2 = {owner = 1, pop = 40},
              A4 = {owner = 2, pop = 100},
              D4 = {owner = 3, pop = 20}, D1 = {owner = 4, pop = 20},
              B3 = {owner = 2, pop = 60}},
  fleets = {B2 = {owner = 1, ships = 30}, A4 = {owner = 2, ships = 5}},
  reserves = {{materials = 1000, credits = 1000}, {materials = 500, credits = 500}},
}}))
print(g)
print("\nplayer 1: move B2 B3 30, then end")
g:play("move B2 B3 30")
print(("B3: fleet of player %d, blockade: %s"):format(g:sector("B3").fleet.owner,
      tostring(g:sector("B3").blockade)))
g:play("end")
print(("after the bombardment (30 ships: 30%% of 60): B3 has %d inhabitants")
      :format(g:sector("B3").colony.pop))
local before = g:empire(2)
g:play("end")
local after = g:empire(2)
print(("player 2's turn: the blockaded colony neither produces nor grows: B3 still %d, "
      .. "materials %d -> %d"):format(g:sector("B3").colony.pop, before.materials, after.materials))
print("\n" .. tostring(g))
