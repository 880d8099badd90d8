-- Star Chess defaults: rules constants, evaluation weights, scenarios (the only copy).
-- ../shared/rules/starchess.md is the specification of every number here.
local core = require "stratagem.core"

-- Levels 1-7 of play are the paper's player exactly, as the ladder was measured: its
-- evaluation (self_weight 3, colony_weight 10) and CompMove (no gathering), without the
-- deviations of `search` below.
local PAPER_W, PAPER_P = {self_weight = 3, colony_weight = 10}, {gather = false}

local M = {
  title = "Star Chess: four empires on a 4x4 galaxy (Nahr 2001)",
  -- said at the start of stratagem play, with the game's own turn limit
  objective = function(g)
    return ("Take the other empires' homeworld colonies: a player who loses its homeworld " ..
            "is defeated, and the last one left wins (a draw after %d full turns)."):format(
            g:config().rules.max_turns)
  end,
  notation = "move FROM TO N, build SECTOR N, colonise SECTOR, terraform SECTOR, " ..
             "scrap SECTOR N, end (sectors A1 to D4)",
  players = {"player 1", "player 2", "player 3", "player 4"},
  rules = {
    barren_share = 0.5,          -- chance that a non-homeworld planet is barren at setup
    start_ships = 20,            -- ships at each homeworld at the start
    start_pop = 20,              -- inhabitants of each homeworld colony at the start
    start_materials = 400,       -- each player's reserves at the start: two turns of support
    start_credits = 800,         -- for the 20 starting ships (appendix A says 0; rules file)
    max_fleet = 999,             -- ships of one owner a sector holds at most
    ship_materials = 20,         -- cost of a ship
    ship_credits = 40,
    workforce = 10,              -- colonists needed per ship built in a turn
    colonise_ships = 20,         -- ships a new colony takes
    colony_pop = 20,             -- inhabitants of a new colony
    min_pop = 20,                -- a colony bombarded below this is eliminated
    terraform_cost = 1000,       -- materials
    bombard_cap = 50,            -- percent of inhabitants lost at most (one per ship)
    barren_materials = 5,        -- per inhabitant and turn
    barren_materials_cap = 1000,
    barren_credits_use = 1,      -- consumption per inhabitant and turn
    barren_credits_use_cap = 200,
    barren_growth = 10,          -- percent per turn
    barren_max_pop = 200,
    terran_materials = 1,
    terran_materials_cap = 200,
    terran_credits = 1,
    terran_credits_cap = 1000,
    terran_growth = 20,
    terran_max_pop = 1000,
    support_materials = 10,      -- per ship and turn
    support_credits = 20,
    material_price = 0,          -- credits paid for each material the reserves lack for
                                 -- building or supporting ships (0: none, appendix A: the
                                 -- ships are not built, or scrapped; doc/starchess.md)
    max_turns = 500,             -- full turns before the game is drawn
  },
  -- EvalPlayers (section 3.3): B = ship_weight * ships + colony_weight * colonies; the basic
  -- score of every player stronger than the one scored is multiplied by stronger_factor
  -- (1 turns the improvement of step 3 off)
  -- Beyond the paper (these defaults keep EvalPlayers exactly): B also counts, in hundredths
  -- of a point, pop_weight per inhabitant, homeworld_weight per homeworld inhabitant (once
  -- more) and capacity_weight per ship the net income supports; less blockade_weight per
  -- colony under blockade.  E(s) = self_weight B(s) - the others.
  weights = {ship_weight = 1, colony_weight = 10, stronger_factor = 2, self_weight = 3,
             pop_weight = 0, homeworld_weight = 0, capacity_weight = 0, blockade_weight = 0},
  variant = {},
  -- The AI's request table (sections 3.4.4, rules file): for each situation the priority
  -- (1 highest), the command, and the minimal and maximal request sizes as formulas of the
  -- threat count T: t*T + t3*floor(T/3) + add, at least at_least (missing keys are 0).
  priorities = {
    defend_homeworld = {priority = 1, command = "move", min = {t3 = 1, add = 1}, max = {t = 3}},
    defend_colony = {priority = 2, command = "move", min = {t3 = 1, add = 1}, max = {t = 3}},
    attack_homeworld = {priority = 2, command = "move", min = {t = 1, add = 1},
                        max = {t = 3, at_least = 50}},
    attack_colony = {priority = 3, command = "move", min = {t = 1, add = 1},
                     max = {t = 3, at_least = 50}},
    garrison = {priority = 3, command = "move", min = {t3 = 1, add = 1}, max = {t = 3}},
    colonise = {priority = 4, command = "colonise", min = {t = 1, add = 20},
                max = {t = 3, add = 20}},
    -- the support capacity of CompSupBuild and CompScrap counts the income plus one
    -- reserve_turns-th of the reserves (CompReqBuild counts the income only, as the paper)
    reserve_turns = 10,
    -- CompTerraform: "paper" (section 3.4.6: two barren colonies or more, at most twice as many
    -- terran ones, the most populous barren one) or "balance" (beyond the paper: the barren
    -- colony whose terraforming raises the ships the net income supports the most, if any)
    terraform = "paper",
    -- beyond the paper: idle fleets that together meet an unmet request's minimal size, but
    -- none alone, gather at the own colony nearest to its sector (doc/starchess.md)
    gather = true,
  },
  options = {scenario = false},
  -- sg.search's defaults: the prediction tree over request masks, three full turns (the
  -- paper's default from version 1.2.0, footnote 7), pruned; its own evaluation weights laid over the game's: E(s) = B(s) - the others
  -- (self_weight 1, not the paper's P - 1 = 3), a colony worth the 20 ships that found it
  -- (colony_weight 20, not 10); with gather above, the deviations that make the games end
  -- (doc/starchess.md, "Games that end")
  search = {algo = "predict", turns = 3, prune = true, skip_dead = false, masks = true,
            threads = 1, dedupe = true, wide = false, rollout = 0,
            opponent_model = "table", model_turns = 1, model_top = 0,
            weights = {self_weight = 1, colony_weight = 20}},
  -- The stronger player, beyond the paper (sg.search(g, {algo = "strong"})): the paper's tree
  -- with these options laid over its defaults (doc/starchess.md has the measurements that
  -- chose them): wider alternatives at the root, every leaf played on for `rollout` full
  -- turns of unmasked request lists before it is evaluated, garrisons put last, and a
  -- colony founded by any 20 ships, whatever the threats (min 20, not T + 20: the rollout
  -- judges the risk).
  -- (The stronger player keeps the paper's evaluation and CompMove, as it was measured: the
  -- paper player's deviations of doc/starchess.md, "Games that end", are off.)
  strong = {turns = 3, wide = true, rollout = 5, weights = {self_weight = 3, colony_weight = 10},
            priorities = {garrison = {priority = 4}, colonise = {min = {add = 20}},
                          gather = false}},
  -- the lab (sprt, tune, ladder): no random commands before a round (--opening 0), since each
  -- round's galaxy is drawn from its seed and a random command is as likely to scrap or send
  -- away a player's whole fleet (doc/starchess.md, "The lab's opening")
  lab = {opening = 0},
  -- terminal play: seats, the AI seats' search, and the module that tells what commands did
  play = {seats = {"human", "ai", "ai", "ai"}, ai = {algo = "predict", turns = 3},
          chronicle = "stratagem.chronicle",
          -- --level 1 to 10: from the paper's player one turn ahead (weaker than its request
          -- list alone: measured) to the stronger player, each level measured against three
          -- of the level below (doc/starchess.md, "Levels 1-10")
          levels = {
            {algo = "predict", turns = 1, weights = PAPER_W, priorities = PAPER_P,
             text = "the paper's player, one full turn ahead"},
            {algo = "predict", turns = 0, off = {"masks"}, weights = PAPER_W, priorities = PAPER_P,
             text = "plays the paper's request list as it stands, no look-ahead"},
            {algo = "predict", turns = 2, weights = PAPER_W, priorities = PAPER_P,
             text = "the paper's player, two full turns ahead"},
            {algo = "predict", turns = 3, weights = PAPER_W, priorities = PAPER_P,
             text = "the paper's player, three full turns ahead (as the paper has it)"},
            {algo = "predict", turns = 3, weights = PAPER_W,
             priorities = {garrison = {priority = 4}, gather = false},
             text = "the paper's player, three turns ahead, garrisons last"},
            {algo = "predict", turns = 3, weights = PAPER_W,
             priorities = {garrison = {priority = 4}, colonise = {min = {t3 = 1, add = 20}},
                           gather = false},
             text = "three turns ahead, garrisons last, colonies escorted by T/3 + 20 ships"},
            {algo = "predict", turns = 3, weights = PAPER_W,
             priorities = {garrison = {priority = 4}, colonise = {min = {add = 20}},
                           gather = false},
             text = "three turns ahead, garrisons last, colonies founded by any 20 ships"},
            {algo = "strong", rollout = 0,
             text = "level 7 with wider alternatives at the root (the stronger player, no rollouts)"},
            {algo = "strong", rollout = 1,
             text = "level 8 with every leaf played on 1 full turn (the stronger player, short rollouts)"},
            {algo = "strong", opponent_model = "auto", model_top = 4, model_top_cheap = 0,
             text = "the stronger player (algo = \"strong\"), all its settings, predicting "
                    .. "the others by the known player their last turns show (opponent_model = "
                    .. "\"auto\")"},
          }},
}

local SECTORS = {}
for r = 1, 4 do for c = 1, 4 do SECTORS[#SECTORS + 1] = ("ABCD"):sub(c, c) .. r end end
local INDEX = {}
for i, s in ipairs(SECTORS) do INDEX[s] = i end
M.sectors = SECTORS

local SCENARIO_KEYS = {planets = true, colonies = true, fleets = true, reserves = true,
                       player = true, turn = true}

-- Parse the position text into a table per sector (see src/games/starchess.c).
local function parse_position(text)
  local turn, player, rest = text:match("^turn (%d+) player (%d+) reserves (.*)$")
  local res, sectors = {}, {}
  local rtext, stext = rest:match("^(.-) sectors (.*)$")
  for m, c in rtext:gmatch("(%d+)/(%d+)") do res[#res + 1] = {materials = tonumber(m), credits = tonumber(c)} end
  for tok in stext:gmatch("%S+") do
    local s = {planet = tok:sub(1, 1)}
    local co, cp = tok:match(",c(%d):(%d+)")
    if co then s.colony = {owner = tonumber(co), pop = tonumber(cp)} end
    local fo, fs = tok:match(",f(%d):(%d+)")
    if fo then s.fleet = {owner = tonumber(fo), ships = tonumber(fs)} end
    sectors[#sectors + 1] = s
  end
  return tonumber(turn), tonumber(player), res, sectors
end

local function whole(v, lo, hi)
  return math.type(v) == "integer" and v >= lo and (not hi or v <= hi)
end

-- The scenario table S as a position text: what S names replaces the seeded setup.
local function scenario_position(S, c)
  if type(S) ~= "table" then
    return nil, "scenario must be a table (planets, colonies, fleets, reserves, player, turn)"
  end
  for k in pairs(S) do
    if not SCENARIO_KEYS[k] then
      return nil, ("scenario: unknown key '%s' (valid keys: colonies, fleets, planets, " ..
                   "player, reserves, turn)"):format(tostring(k))
    end
  end
  local start = assert(core.new("starchess", {seed = c.seed, rules = c.rules,
                                              weights = c.weights, variant = c.variant}))
  local turn, player, res, sec = parse_position(start:position())
  local function sector_of(key, what)
    local i = type(key) == "string" and INDEX[key:upper()]
    if not i then
      return nil, ("scenario: %s: unknown sector '%s' (expected A1 to D4)"):format(what, tostring(key))
    end
    return i
  end
  local function each(tbl, what, f)
    if tbl == nil then return true end
    if type(tbl) ~= "table" then return nil, ("scenario: %s must be a table"):format(what) end
    local seen = {}
    for k, v in pairs(tbl) do
      local i, err = sector_of(k, what)
      if not i then return nil, err end
      if seen[i] then
        return nil, ("scenario: %s: sector %s is given twice (%s and %s)"):format(what,
                     SECTORS[i], seen[i], k)
      end
      seen[i] = k
      local ok, e = f(i, v)
      if not ok then return nil, ("scenario: %s.%s: %s"):format(what, k, e) end
    end
    return true
  end
  local ok, err = each(S.planets, "planets", function(i, v)
    if v ~= "terran" and v ~= "barren" then return nil, "expected \"terran\" or \"barren\"" end
    sec[i].planet = v == "terran" and "T" or "B"
    return true
  end)
  if not ok then return nil, err end
  if S.colonies ~= nil then
    for _, s in ipairs(sec) do s.colony = nil end
    ok, err = each(S.colonies, "colonies", function(i, v)
      if type(v) ~= "table" or not whole(v.owner, 1, 4) or not whole(v.pop, 0) then
        return nil, "expected {owner = 1 to 4, pop = inhabitants}"
      end
      for k in pairs(v) do
        if k ~= "owner" and k ~= "pop" then return nil, "unknown key '" .. tostring(k) .. "'" end
      end
      if v.pop < c.rules.min_pop then
        return nil, ("a colony of %d inhabitants is below the minimum of %d"):format(v.pop, c.rules.min_pop)
      end
      sec[i].colony = {owner = v.owner, pop = v.pop}
      return true
    end)
    if not ok then return nil, err end
  end
  if S.fleets ~= nil then
    for _, s in ipairs(sec) do s.fleet = nil end
    ok, err = each(S.fleets, "fleets", function(i, v)
      if type(v) ~= "table" or not whole(v.owner, 1, 4) or not whole(v.ships, 1) then
        return nil, "expected {owner = 1 to 4, ships = 1 or more}"
      end
      for k in pairs(v) do
        if k ~= "owner" and k ~= "ships" then return nil, "unknown key '" .. tostring(k) .. "'" end
      end
      if v.ships > c.rules.max_fleet then
        return nil, ("%d ships; a sector holds at most %d"):format(v.ships, c.rules.max_fleet)
      end
      sec[i].fleet = {owner = v.owner, ships = v.ships}
      return true
    end)
    if not ok then return nil, err end
  end
  if S.reserves ~= nil then
    if type(S.reserves) ~= "table" then return nil, "scenario: reserves must be an array of 4 tables" end
    for k in pairs(S.reserves) do
      if not whole(k, 1, 4) then
        return nil, "scenario: reserves: expected entries for players 1 to 4, got key " .. tostring(k)
      end
    end
    for p = 1, 4 do
      local r = S.reserves[p]
      if r ~= nil then
        if type(r) ~= "table" then
          return nil, ("scenario: reserves[%d]: expected {materials = 0 or more, credits = 0 " ..
                       "or more}, got %s"):format(p, type(r))
        end
        for k, v in pairs(r) do
          if k ~= "materials" and k ~= "credits" then
            return nil, ("scenario: reserves[%d]: unknown key '%s' (valid keys: credits, " ..
                         "materials)"):format(p, tostring(k))
          end
          if not whole(v, 0, 2000000000) then
            return nil, ("scenario: reserves[%d].%s must be a whole number from 0 to " ..
                         "2000000000, got %s"):format(p, k, tostring(v))
          end
        end
        res[p] = {materials = r.materials or 0, credits = r.credits or 0}
      end
    end
  end
  if S.player ~= nil then
    if not whole(S.player, 1, 4) then return nil, "scenario: player must be 1 to 4" end
    player = S.player
  end
  if S.turn ~= nil then
    if not whole(S.turn, 1, 65535) then return nil, "scenario: turn must be a whole number from 1" end
    turn = S.turn
  end
  local out = {("turn %d player %d reserves"):format(turn, player)}
  for p = 1, 4 do out[#out + 1] = ("%d/%d"):format(res[p].materials, res[p].credits) end
  out[#out + 1] = "sectors"
  for _, s in ipairs(sec) do
    local t = s.planet
    if s.colony then t = t .. (",c%d:%d"):format(s.colony.owner, s.colony.pop) end
    if s.fleet then t = t .. (",f%d:%d"):format(s.fleet.owner, s.fleet.ships) end
    out[#out + 1] = t
  end
  return table.concat(out, " ")
end

-- sg.new's hook: a scenario becomes the start position.
function M.setup(opts, c)
  if opts.scenario == nil or opts.scenario == false then return true end
  if c.position then return nil, "give a scenario or a position, not both" end
  local pos, err = scenario_position(opts.scenario, c)
  if not pos then return nil, err end
  c.position = pos
  return true
end

-- ---- the AI: sg.search(g, {algo = "predict", ...}) ----

local PRIORITY_FIELDS = {priority = "number", command = "string", min = "table", max = "table"}
-- What the request table accepts (src/lua/lstarchess.c reads it): a situation's priority, a
-- term of a min or max formula, reserve_turns.
local RANGES = {priority = {min = 1, max = 4, type = "integer"},
                term = {min = -100000, max = 100000, type = "integer"},
                reserve_turns = {min = 0, max = 1000, type = "integer"}}
M.priority_ranges = RANGES

-- The default priorities with the user's laid over them: a situation's fields are replaced one
-- by one (min and max each as a whole formula).
local function merge_priorities(user, base)
  local merged = {}
  for k, rule in pairs(base or M.priorities) do
    if type(rule) == "table" then
      merged[k] = {priority = rule.priority, command = rule.command, min = rule.min, max = rule.max}
    else
      merged[k] = rule
    end
  end
  if user == nil then return merged end
  if type(user) ~= "table" then error("priorities must be a table of situations", 0) end
  for kind, rule in pairs(user) do
    if kind == "terraform" then
      if rule ~= "paper" and rule ~= "balance" then
        error(("priorities.terraform must be \"paper\" or \"balance\", got %s"):format(tostring(rule)), 0)
      end
      merged.terraform = rule
      goto continue
    end
    if kind == "gather" then
      if type(rule) ~= "boolean" then
        error(("priorities.gather must be true or false, got %s"):format(tostring(rule)), 0)
      end
      merged.gather = rule
      goto continue
    end
    if kind == "reserve_turns" then
      local r = RANGES.reserve_turns
      if math.type(rule) ~= "integer" or rule < r.min or rule > r.max then
        error(("priorities.reserve_turns must be a whole number from %d to %d (0: reserves " ..
               "do not count), got %s"):format(r.min, r.max, tostring(rule)), 0)
      end
      merged.reserve_turns = rule
      goto continue
    end
    if not merged[kind] then
      error(("priorities: unknown situation '%s' (valid: attack_colony, attack_homeworld, " ..
             "colonise, defend_colony, defend_homeworld, gather, garrison, reserve_turns, terraform)"):format(tostring(kind)), 0)
    end
    if type(rule) ~= "table" then error(("priorities.%s must be a table"):format(kind), 0) end
    for f, v in pairs(rule) do
      if not PRIORITY_FIELDS[f] then
        error(("priorities.%s: unknown field '%s' (valid: command, max, min, priority)")
              :format(kind, tostring(f)), 0)
      end
      if type(v) ~= PRIORITY_FIELDS[f] then
        error(("priorities.%s.%s must be a %s"):format(kind, f, PRIORITY_FIELDS[f]), 0)
      end
      merged[kind][f] = v
    end
    ::continue::
  end
  return merged
end
M.merge_priorities = merge_priorities

-- The prediction tree's options: descriptors of the schema (doc/lua-api.md), checked by
-- sg.search; the defaults are M.search's.
local function predict_option(name, type, doc, range)
  local d = {name = name, type = type, default = M.search[name], algos = {"predict", "strong"},
             doc = doc}
  for k, v in pairs(range or {}) do d[k] = v end
  return d
end
local PREDICT_OPTIONS = {
  predict_option("turns", "integer", "full turns of the tree (0: the root level only)",
                 {min = 0, max = 16, unit = "full turns"}),
  predict_option("levels", "integer", "levels of the tree, instead of turns",
                 {min = 1, max = 64, default_text = "4 x turns"}),
  predict_option("prune", "boolean", "cut the tree's alternatives by the paper's pruning"),
  predict_option("skip_dead", "boolean", "levels go to the surviving players only"),
  predict_option("masks", "boolean", "alternatives by request masks"),
  predict_option("threads", "integer", "threads sharing the root's alternatives",
                 {min = 1, max = 64}),
  predict_option("dedupe", "boolean", "alternatives that give the same commands are searched once"),
  predict_option("wide", "boolean", "wider alternatives at the root"),
  predict_option("rollout", "integer", "full turns of unmasked play before a leaf is evaluated",
                 {min = 0, max = 100, unit = "full turns"}),
  predict_option("priorities", "table", "the request table laid over the defaults",
                 {default_text = "the game's priorities"}),
  predict_option("opponent_priorities", "table", "the request table the opponents are "
                 .. "predicted with", {default_text = "the player's own"}),
  predict_option("opponent_model", "enum", "the opponents' turns in the tree's first "
                 .. "`model_turns` full turns: \"table\", their request lists; \"predict\", "
                 .. "the game's default player's (its default search run for them); "
                 .. "\"strong\", the stronger player's; \"auto\", the known player "
                 .. "(the game's default or a level of `play`) that played their last turns",
                 {values = {"table", "predict", "strong", "auto"}, default_text = '"table"'}),
  predict_option("model_turns", "integer", "full turns of the tree whose opponent turns "
                 .. "`opponent_model` predicts", {min = 0, max = 16, unit = "full turns"}),
  predict_option("model_top", "integer", "with a model: the root's alternatives are searched "
                 .. "first without it and only this many best of them again with it "
                 .. "(0: all of them with it)", {min = 0, max = 161, unit = "alternatives"}),
  predict_option("model_top_cheap", "integer", "`model_top` for a model that plays no "
                 .. "rollouts (the paper's players, levels 1-8 of `play`), which costs little "
                 .. "(0: all of them with it)", {min = 0, max = 161, unit = "alternatives",
                 default_text = "`model_top`"}),
  predict_option("model_options", "table", "search options laid over the model's defaults "
                 .. "(turns, levels, prune, skip_dead, masks, dedupe, wide, rollout, priorities, "
                 .. "opponent_priorities, weights)", {default_text = "none"}),
  predict_option("weights", "table", "evaluation weights laid over the player's own",
                 {default_text = "{self_weight = 1, colony_weight = 20} (strong: the paper's) over the game's"}),
  {name = "seed", shared = true}, {name = "time", shared = true},
}

-- The stronger player's defaults: the paper's search with the preset laid over it; its
-- priorities are laid over the paper's request table.
local STRONG = {}
for k, v in pairs(M.search) do STRONG[k] = v end
for k, v in pairs(M.strong) do if k ~= "priorities" then STRONG[k] = v end end
STRONG.algo = "strong"
local STRONG_PRIORITIES = merge_priorities(M.strong.priorities)

-- the search options model_options may set
local MODEL_KEYS = {turns = true, levels = true, prune = true, skip_dead = true, masks = true,
                    dedupe = true, wide = true, rollout = true, priorities = true,
                    opponent_priorities = true, weights = true}

-- opponent_model = "auto": the known players a model is chosen from, the strongest first (of
-- players that play alike on the evidence, the model assumes the stronger): the levels of
-- `play` as their search options, and the game's default player (sg.search(g, {})) after
-- level 8.
local function known_players()
  local list = {}
  for _, i in ipairs{10, 9, 8, 0, 7, 6, 5, 4, 3, 1, 2} do
    local lv = M.play.levels[i]
    if i == 0 then
      list[#list + 1] = {algo = "predict", options = {}, name = "default"}
    elseif lv then
      local o = {}
      -- a level's own model is left out: a model has no model of its own (level 10 is
      -- found as the stronger player)
      for k, v in pairs(lv) do
        if k ~= "algo" and k ~= "text" and k ~= "elo" and k ~= "off" and
           not k:match("^model_") and k ~= "opponent_model" then
          o[k] = v
        end
      end
      for _, k in ipairs(lv.off or {}) do o[k] = false end
      list[#list + 1] = {algo = lv.algo, options = o, name = "level " .. i}
    end
  end
  return list
end

-- The other players' turns of the last `rounds` rounds (at most 3 x rounds), newest first:
-- {pos = the game before the turn, cmds = its commands, "end" included}.
local function recent_turns(g, rounds)
  local x, h, me = g:copy(), g:history(), g:player()
  local i = #h
  while i > 0 and h[i] ~= "end" do x:undo(); i = i - 1 end   -- this turn's commands so far
  local turns, own = {}, 0
  while i > 0 and #turns < 3 * rounds do
    local j = i
    repeat x:undo(); j = j - 1 until j == 0 or h[j] == "end"
    if x:player() == me then
      own = own + 1
      if own == rounds then break end
    else
      turns[#turns + 1] = {pos = x:copy(), cmds = table.concat(h, " ", j + 1, i)}
    end
    i = j
  end
  return turns
end

-- The known player that played every one of the other players' turns of the last two
-- rounds exactly, or nil (a person, a player of other settings, or the first turn).  When
-- several did (early in a game most players play alike), the turns of six rounds decide
-- among them, and then known_players' order.  `last`, the one found before, is kept while
-- it fits the last round (it fitted the rounds before when it was found or kept).  Its
-- searches run without a clock or threads (the known players read neither).
local KNOWN
local function identify(g, last)
  KNOWN = KNOWN or known_players()
  local search = require("stratagem").search
  local function fits(c, turns)
    for _, t in ipairs(turns) do
      local o = {algo = c.algo}
      for k, v in pairs(c.options) do o[k] = v end
      if table.concat(search(t.pos, o).moves, " ") ~= t.cmds then return false end
    end
    return true
  end
  if last and fits(last, recent_turns(g, 1)) then return last end   -- the older were checked
  local turns = recent_turns(g, 2)
  if #turns == 0 then return nil end
  local found = {}
  for _, c in ipairs(KNOWN) do
    if fits(c, turns) then found[#found + 1] = c end
  end
  if #found > 1 then
    local long = recent_turns(g, 6)
    if #long > #turns then
      local keep = {}
      for _, c in ipairs(found) do
        if fits(c, long) then keep[#keep + 1] = c end
      end
      found = #keep > 0 and keep or found
    end
  end
  return found[1]
end
local identified = setmetatable({}, {__mode = "k"})   -- game -> player -> the one found last

-- The prediction tree with the options s (merged over `defaults`); raises on misuse.  base:
-- the request table the user's priorities are laid over.
local function predict(g, s, defaults, base)
  if s.turns ~= nil and s.levels ~= nil and s.turns ~= defaults.turns then
    error(("levels (algo '%s'): given with turns; expected turns or levels, not both")
          :format(s.algo), 0)
  end
  if s.levels ~= nil then s.turns = nil end
  local pr = merge_priorities(s.priorities, base)
  local wg = g
  -- the user's weights are laid over the player's own (defaults.weights), key by key
  local weights = nil
  for _, w in ipairs{defaults.weights or {}, s.weights ~= defaults.weights and s.weights or {}} do
    if type(w) ~= "table" then error("weights must be a table of evaluation weights", 0) end
    for k, v in pairs(w) do weights = weights or {}; weights[k] = v end
  end
  if weights ~= nil then
    local cfg = g:config()
    for k, v in pairs(weights) do
      if cfg.weights[k] == nil then
        local keys = {}
        for name in pairs(cfg.weights) do keys[#keys + 1] = name end
        table.sort(keys)
        error(("unknown weights key '%s' for starchess (valid keys: %s)"):format(tostring(k),
              table.concat(keys, ", ")), 0)
      end
      cfg.weights[k] = v
    end
    wg = assert(core.new("starchess", {seed = cfg.seed, rules = cfg.rules,
                                       weights = cfg.weights, variant = cfg.variant}))
  end
  local o = {algo = s.algo, turns = s.turns, levels = s.levels, prune = s.prune, skip_dead = s.skip_dead,
             masks = s.masks, threads = s.threads, priorities = pr, dedupe = s.dedupe,
             wide = s.wide, rollout = s.rollout, time = s.time,
             opponent_priorities = s.opponent_priorities ~= nil and
               merge_priorities(s.opponent_priorities) or nil}
  if s.opponent_model == "table" then
    local k = s.model_options ~= nil and "model_options" or (s.model_top or 0) > 0 and "model_top"
              or s.model_top_cheap and "model_top_cheap"
    if k then
      error(k .. ': given without a model; expected opponent_model = "predict" or '
            .. '"strong" with it', 0)
    end
  end
  local auto, asked_auto = nil, s.opponent_model == "auto"
  if asked_auto then
    if s.model_options ~= nil then
      error('model_options: given with opponent_model = "auto", which chooses its own; '
            .. 'expected "predict" or "strong" with it', 0)
    end
    local by = identified[g] or {}
    identified[g] = by
    auto = identify(g, by[g:player()])
    by[g:player()] = auto
    s.opponent_model = auto and auto.algo or "table"
    s.model_options = auto and auto.options or nil
  end
  if s.opponent_model == "predict" or s.opponent_model == "strong" then
    -- the opponents' own player: what sg.search(g, {algo = opponent_model}) plays with the
    -- game's defaults (it reads no seed and no clock), with model_options laid over them,
    -- run for their turns in the first model_turns full turns of the tree
    local mo = s.model_options or {}
    local req = {algo = s.opponent_model}
    for k, v in pairs(mo) do
      if not MODEL_KEYS[k] then
        local keys = {}
        for name in pairs(MODEL_KEYS) do keys[#keys + 1] = name end
        table.sort(keys)
        error(("model_options: unknown key '%s'; expected some of: %s"):format(tostring(k),
              table.concat(keys, ", ")), 0)
      end
      req[k] = v
    end
    local ok, why = require("stratagem").search_check("starchess", req)
    if not ok then error("model_options: " .. why, 0) end
    local strong = s.opponent_model == "strong"
    local d = {}
    for k, v in pairs(strong and STRONG or M.search) do d[k] = v end
    for k, v in pairs(mo) do if k ~= "weights" then d[k] = v end end
    if mo.turns ~= nil and mo.levels == nil then d.levels = nil end
    if mo.levels ~= nil then d.turns = nil end
    local cfg = g:config()
    for _, w in ipairs{(strong and STRONG or M.search).weights or {}, mo.weights or {}} do
      for k, v in pairs(w) do
        if cfg.weights[k] == nil then
          error(("model_options: unknown weights key '%s'"):format(tostring(k)), 0)
        end
        cfg.weights[k] = v
      end
    end
    o.model = {turns = d.turns, levels = d.levels, prune = d.prune, skip_dead = d.skip_dead,
               masks = d.masks, dedupe = d.dedupe, wide = d.wide, rollout = d.rollout,
               priorities = merge_priorities(mo.priorities, strong and STRONG_PRIORITIES or nil),
               opponent_priorities = mo.opponent_priorities ~= nil and
                 merge_priorities(mo.opponent_priorities) or nil,
               turns_modelled = s.model_turns,
               -- a model without rollouts is cheap: model_top_cheap, when given, is its top
               top = (d.rollout or 0) == 0 and s.model_top_cheap or s.model_top,
               weights_game = assert(core.new("starchess", {seed = cfg.seed, rules = cfg.rules,
                                                            weights = cfg.weights,
                                                            variant = cfg.variant}))}
  end
  local r = core.starchess.predict(g, o, wg)
  -- the shared result shape beside the tree's own fields
  r.algo, r.move, r.score, r.depth = s.algo, r.moves[1], r.scores[g:player()], r.levels
  if asked_auto or s.opponent_model ~= "table" then
    r.model = auto and auto.name or s.opponent_model   -- the opponents' model used
  end
  r.exact = false
  if r.stopped == nil and not r.complete then r.stopped = "limit" end   -- "interrupted": Ctrl-C
  return r
end

M.algos = {
  predict = {
    options = PREDICT_OPTIONS,
    run = function(g, s) return predict(g, s, M.search) end,
  },
  strong = {
    options = PREDICT_OPTIONS,
    defaults = STRONG,
    run = function(g, s) return predict(g, s, STRONG, STRONG_PRIORITIES) end,
  },
}

-- sg.starchess: what the AI sees, for the REPL.
M.api = {
  -- the request list of the player to move, in order
  requests = function(g, priorities)
    return core.starchess.requests(g, merge_priorities(priorities))
  end,
  -- the commands of CompLevel (the whole turn) for the player to move, with the requests of
  -- the sectors in opts.mask left out; opts.priorities overrides the request table
  plan = function(g, opts)
    opts = opts or {}
    for k in pairs(opts) do
      if k ~= "mask" and k ~= "priorities" then
        error(("sg.starchess.plan: unknown option '%s' (valid options: mask, priorities)"):format(tostring(k)), 2)
      end
    end
    return core.starchess.plan(g, opts.mask or {}, merge_priorities(opts.priorities))
  end,
  -- threat counts per sector, and the standard mask (the sectors requests may be made for)
  threats = function(g) return core.starchess.threats(g) end,
  -- the sector processing order of player p (section 3.1)
  order = function(p) return core.starchess.order(p) end,
}

-- Methods of Star Chess games (g:sector, g:empire, g:turn).
M.methods = {
  sector = core.starchess.sector,
  empire = core.starchess.empire,
  turn = core.starchess.turn,
}

return M
