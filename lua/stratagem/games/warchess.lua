-- War chess defaults (Nan et al. 2016): rules, weights, default terrain and unit kinds (the
-- only copy), the scenario table turned into the position text, and g:enumerate.
-- ../shared/rules/warchess.md is the specification of the model.
local core = require "stratagem.core"
local data = require "stratagem.data"

local levels = require "stratagem.levels"
local M = {
  title = "War chess: two armies of units, every unit acts once per turn (Nan et al. 2016)",
  -- said at the start of stratagem play, with the game's own turn limit
  objective = function(g)
    return ("Kill the enemy leader, or every enemy unit, within %d turns (then the game is " ..
            "drawn). Each turn, move and attack with each of your units, then 'end'."):format(
            g:config().rules.max_turns)
  end,
  notation = "u<unit> x,y (move), u<unit> stay, optionally followed by x u<enemy> (attack), "
             .. "or end; e.g. u1 3,4 x u5",
  players = {"red", "blue"},
  -- max_turns: full turns (red and blue) before the game is drawn
  rules = {max_turns = 100},
  -- Red's score minus blue's, each side: unit_value per living unit, leader_value per living
  -- leader, hp per health point, threat per enemy within a unit's mp + range, position per
  -- tile of closeness to the nearest enemy (64 - distance, summed over the units)
  weights = {unit_value = 100, leader_value = 200, hp = 10, threat = 5, position = 1},
  variant = {},
  -- scenario: a table (see below) or the name of a file under scenarios/warchess/
  options = {scenario = "figure3"},
  -- the exact single-turn planner (src/ai/warplan.h): a whole turn per search
  search = {algo = "turn"},
  -- --level 1 to 10: each unit moved at random, then the exact single-turn planner on a
  -- growing share of the turns (the others at random: blunder), then on every turn, the
  -- strongest player found (looking whole turns ahead was not measured stronger than it); the
  -- shares were chosen so that each level is measurably stronger than the one below
  -- (doc/manual.md, 7.14)
  play = {seats = {"human", "ai"}, ai = {algo = "turn"},
          -- the level the web page (stratagem serve) starts at
          default_level = 10,
          levels = levels.list(
            {algo = "random", text = "moves each unit at random"},
            levels.blunder({algo = "turn"}, {3.5, 7, 11, 17, 25, 36, 50, 67},
                           "plans the best whole turn, exactly, on %s of its turns; moves its " ..
                           "units at random on the others"),
            {algo = "turn", text = "plans the best whole turn, exactly, every turn (play's default)"})},
  -- terrain letters: cost = movement cost for every kind, a table {kind = cost} per kind, or
  -- false (impassable); shoot_over: ranged attacks pass over it
  terrain = {
    ["."] = {name = "plain", cost = 1},
    A = {name = "hill", cost = false},
    B = {name = "water", cost = false, shoot_over = true},
  },
  kinds = {
    swordsman = {mp = 2, hp = 10, atk = 4, range = 1},
    archer = {mp = 2, hp = 6, atk = 3, range = 2},
  },
  -- the limits of the C model (src/games/warchess.h)
  limits = {width = 32, height = 32, units = 32, side_units = 16, kinds = 8, terrain = 16,
            mp = 10, range = 8, cost = 9, hp = 30000, atk = 30000},
}

local fmt = string.format
local SIDES = {"red", "blue"}

local function keys_of(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = tostring(k) end
  table.sort(ks)
  return ks
end

-- Check that table t has only the keys in `valid` (a set); nil and a message naming the key.
local function only_keys(t, valid, where)
  for k in pairs(t) do
    if not valid[k] then
      return nil, fmt("%s: unknown key '%s' (valid keys: %s)", where, tostring(k),
                      table.concat(keys_of(valid), ", "))
    end
  end
  return true
end

local function whole(v, lo, hi)
  return math.type(v) == "integer" and v >= lo and v <= hi
end

local function bad(msg, ...) return nil, "scenario: " .. fmt(msg, ...) end

-- The kinds: the defaults, each replaced or completed by the scenario's.
local function read_kinds(S)
  local L = M.limits
  if S.kinds ~= nil and type(S.kinds) ~= "table" then
    return bad("kinds must be a table {name = {mp =, hp =, atk =, range =}, ...}")
  end
  local kinds = {}
  for name, k in pairs(M.kinds) do
    kinds[name] = {mp = k.mp, hp = k.hp, atk = k.atk, range = k.range}
  end
  for name, k in pairs(S.kinds or {}) do
    if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") or #name > 15 then
      return bad("kinds: a kind's name must be a word of at most 15 letters, got '%s'",
                 tostring(name))
    end
    if type(k) ~= "table" then return bad("kinds.%s must be a table", name) end
    local ok, err = only_keys(k, {mp = true, hp = true, atk = true, range = true},
                              "scenario: kinds." .. name)
    if not ok then return nil, err end
    local base = kinds[name] or {}
    for _, f in ipairs({"mp", "hp", "atk", "range"}) do
      local v = k[f]
      if v == nil then v = base[f] end
      if v == nil then return bad("kinds.%s.%s is missing", name, f) end
      base[f] = v
    end
    kinds[name] = base
  end
  local names = keys_of(kinds)
  if #names > L.kinds then return bad("kinds: at most %d kinds", L.kinds) end
  for _, name in ipairs(names) do
    local k = kinds[name]
    if not whole(k.mp, 0, L.mp) then return bad("kinds.%s.mp must be 0 to %d", name, L.mp) end
    if not whole(k.hp, 1, L.hp) then return bad("kinds.%s.hp must be 1 to %d", name, L.hp) end
    if not whole(k.atk, 0, L.atk) then return bad("kinds.%s.atk must be 0 to %d", name, L.atk) end
    if not whole(k.range, 1, L.range) then
      return bad("kinds.%s.range must be 1 to %d", name, L.range)
    end
  end
  return kinds, names
end

-- The terrain table: the defaults, each letter replaced or added by the scenario's.  Plain
-- ('.') comes first (a board without rows is all plain), then the letters in order.
local function read_terrain(S, kinds, knames)
  local L = M.limits
  if S.terrain ~= nil and type(S.terrain) ~= "table" then
    return bad("terrain must be a table {LETTER = {name =, cost =, shoot_over =}, ...}")
  end
  local terrain = {}
  for letter, t in pairs(M.terrain) do terrain[letter] = t end
  for letter, t in pairs(S.terrain or {}) do
    if type(letter) ~= "string" or #letter ~= 1 or not letter:match("%g") then
      return bad("terrain: a terrain's key must be one letter, got '%s'", tostring(letter))
    end
    if type(t) ~= "table" then return bad("terrain.%s must be a table", letter) end
    local ok, err = only_keys(t, {name = true, cost = true, shoot_over = true},
                              "scenario: terrain." .. letter)
    if not ok then return nil, err end
    if type(t.name) ~= "string" or not t.name:match("^[%a_][%w_]*$") or #t.name > 15 then
      return bad("terrain.%s.name must be a word of at most 15 letters", letter)
    end
    if t.shoot_over ~= nil and type(t.shoot_over) ~= "boolean" then
      return bad("terrain.%s.shoot_over must be a boolean", letter)
    end
    if type(t.cost) == "table" then
      for k, v in pairs(t.cost) do
        if not kinds[k] then
          return bad("terrain.%s.cost: unknown kind '%s' (kinds: %s)", letter, tostring(k),
                     table.concat(knames, ", "))
        end
        if v ~= false and not whole(v, 1, L.cost) then
          return bad("terrain.%s.cost.%s must be 1 to %d or false", letter, k, L.cost)
        end
      end
    elseif t.cost ~= false and not whole(t.cost, 1, L.cost) then
      return bad("terrain.%s.cost must be 1 to %d, false (impassable) or a table per kind",
                 letter, L.cost)
    end
    terrain[letter] = t
  end
  if not terrain["."] then return bad("terrain: plain '.' is needed") end
  local letters = keys_of(terrain)
  table.sort(letters, function(a, b)
    if a == "." or b == "." then return a == "." and b ~= "." end
    return a < b
  end)
  if #letters > L.terrain then return bad("terrain: at most %d terrains", L.terrain) end
  return terrain, letters
end

local function cost_of(t, kind)
  local c = t.cost
  if type(c) == "table" then
    c = c[kind]
    if c == nil then return false end   -- a kind the table does not name cannot enter
  end
  return c
end

-- The scenario table S as the position text (src/games/warchess.c); nil and a message.
local function scenario_text(S)
  local L = M.limits
  if type(S) ~= "table" then
    return bad("must be a table {board =, terrain =, kinds =, units =, side =} or a file name")
  end
  local ok, err = only_keys(S, {board = true, terrain = true, kinds = true, units = true,
                                side = true}, "scenario")
  if not ok then return nil, err end
  local kinds, knames = read_kinds(S)
  if not kinds then return nil, knames end
  local terrain, letters = read_terrain(S, kinds, knames)
  if not terrain then return nil, letters end
  local B = S.board
  if type(B) ~= "table" then
    return bad("board must be a table {kind =, width =, height =, terrain =}")
  end
  ok, err = only_keys(B, {kind = true, width = true, height = true, terrain = true},
                      "scenario: board")
  if not ok then return nil, err end
  local bkind = B.kind == nil and "square4" or B.kind
  if bkind ~= "square4" and bkind ~= "square8" and bkind ~= "hex" then
    return bad("board.kind must be 'square4', 'square8' or 'hex', got %s", tostring(B.kind))
  end
  local W, H = B.width, B.height
  if B.terrain ~= nil and type(B.terrain) ~= "table" then
    return bad("board.terrain must be an array of rows of terrain letters")
  end
  if W == nil and B.terrain and B.terrain[1] then W = #tostring(B.terrain[1]) end
  if H == nil and B.terrain then H = #B.terrain end
  if not whole(W, 1, L.width) then return bad("board.width must be 1 to %d", L.width) end
  if not whole(H, 1, L.height) then return bad("board.height must be 1 to %d", L.height) end
  local lines = {fmt("board %s %d %d", bkind, W, H)}
  for _, name in ipairs(knames) do
    local k = kinds[name]
    lines[#lines + 1] = fmt("kind %s %d %d %d %d", name, k.mp, k.hp, k.atk, k.range)
  end
  for _, letter in ipairs(letters) do
    local t = terrain[letter]
    local costs = {}
    for i, name in ipairs(knames) do
      local c = cost_of(t, name)
      costs[i] = c == false and "x" or tostring(c)
    end
    lines[#lines + 1] = fmt("terrain %s %s %s %s", letter, t.name, table.concat(costs, " "),
                            t.shoot_over and "s" or "-")
  end
  local rows = B.terrain
  local grid = {}
  if rows then
    if #rows ~= H then return bad("board.terrain has %d rows, the board is %d high", #rows, H) end
    for y, row in ipairs(rows) do
      if type(row) ~= "string" or #row ~= W then
        return bad("board.terrain[%d] must be a string of %d terrain letters", y, W)
      end
      for x = 1, W do
        local ch = row:sub(x, x)
        if not terrain[ch] then
          return bad("board.terrain[%d]: unknown terrain letter '%s' at x = %d (letters: %s)",
                     y, ch, x, table.concat(letters, " "))
        end
      end
      grid[y] = row
      lines[#lines + 1] = "row " .. row
    end
  end
  local units = S.units
  if type(units) ~= "table" then return bad("units must be an array of unit tables") end
  for k in pairs(units) do
    if math.type(k) ~= "integer" or k < 1 or k > #units then
      return bad("units must be an array of unit tables")
    end
  end
  if #units > L.units then return bad("units: at most %d units", L.units) end
  local UNIT_KEYS = {side = true, kind = true, x = true, y = true, mp = true, hp = true,
                     atk = true, range = true, leader = true}
  local taken, count = {}, {0, 0}
  for i, u in ipairs(units) do
    local where = fmt("units[%d]", i)
    if type(u) ~= "table" then return bad("%s must be a table", where) end
    ok, err = only_keys(u, UNIT_KEYS, "scenario: " .. where)
    if not ok then return nil, err end
    local side = u.side
    if side == "red" then side = 1 elseif side == "blue" then side = 2 end
    if side ~= 1 and side ~= 2 then
      return bad("%s.side must be 1 (red) or 2 (blue), got %s", where, tostring(u.side))
    end
    count[side] = count[side] + 1
    if count[side] > L.side_units then
      return bad("%s: at most %d units a side", where, L.side_units)
    end
    local k = kinds[u.kind]
    if not k then
      return bad("%s.kind: unknown kind '%s' (kinds: %s)", where, tostring(u.kind),
                 table.concat(knames, ", "))
    end
    if not whole(u.x, 1, W) or not whole(u.y, 1, H) then
      return bad("%s: %s,%s is off the board (x 1 to %d, y 1 to %d)", where, tostring(u.x),
                 tostring(u.y), W, H)
    end
    local ch = grid[u.y] and grid[u.y]:sub(u.x, u.x) or "."
    if cost_of(terrain[ch], u.kind) == false then
      return bad("%s: %d,%d is %s, which a %s cannot enter", where, u.x, u.y,
                 terrain[ch].name, u.kind)
    end
    local key = u.x .. "," .. u.y
    if taken[key] then
      return bad("%s: %d,%d is taken by units[%d]", where, u.x, u.y, taken[key])
    end
    taken[key] = i
    local v = {}
    for _, f in ipairs({"mp", "hp", "atk", "range"}) do
      v[f] = u[f] == nil and k[f] or u[f]
    end
    if not whole(v.mp, 0, L.mp) then return bad("%s.mp must be 0 to %d", where, L.mp) end
    if not whole(v.hp, 1, L.hp) then return bad("%s.hp must be 1 to %d", where, L.hp) end
    if not whole(v.atk, 0, L.atk) then return bad("%s.atk must be 0 to %d", where, L.atk) end
    if not whole(v.range, 1, L.range) then
      return bad("%s.range must be 1 to %d", where, L.range)
    end
    if u.leader ~= nil and type(u.leader) ~= "boolean" then
      return bad("%s.leader must be a boolean", where)
    end
    lines[#lines + 1] = fmt("unit %s %s %d,%d hp %d/%d mp %d atk %d range %d%s", SIDES[side],
                            u.kind, u.x, u.y, v.hp, v.hp, v.mp, v.atk, v.range,
                            u.leader and " leader" or "")
  end
  local side = S.side == nil and 1 or S.side
  if side == "red" then side = 1 elseif side == "blue" then side = 2 end
  if side ~= 1 and side ~= 2 then
    return bad("side must be 1 (red) or 2 (blue), got %s", tostring(S.side))
  end
  lines[#lines + 1] = "side " .. SIDES[side]
  lines[#lines + 1] = "turn 1"
  return table.concat(lines, "\n")
end
M.scenario_text = scenario_text

-- A scenario named by a file under scenarios/warchess/ (the file returns the table).
local function scenario_file(name)
  if not name:match("^[%w_%-]+$") then
    return bad("'%s' is not a scenario name (letters, digits, - and _)", name)
  end
  local dir = (core.paths() or {}).scenarios or "scenarios"
  local path = dir .. "/warchess/" .. name .. ".lua"
  local S, err = data.run_scenario(path, "cannot load '" .. name .. "'")
  if S == nil then return bad("%s", err) end
  return S
end

-- sg.new's hook: the scenario (or the default one) becomes the position text, which carries
-- the board; a position given as text is used as it is.
function M.setup(opts, c)
  local S = opts.scenario
  if S ~= nil and c.position then return nil, "give a scenario or a position, not both" end
  if S == nil then
    if c.position then return true end
    S = M.options.scenario
  end
  if type(S) == "string" then
    local err
    S, err = scenario_file(S)
    if not S then return nil, err end
  end
  local text, err = scenario_text(S)
  if not text then return nil, err end
  c.position = text
  return true
end

local ENUM_KEYS = {algorithm = true, time = true, states = true}

-- ---- the planner: sg.search(g, {algo = "turn"}) ----

-- The planner's options (descriptors of the schema, checked by sg.search): time, nodes, hash
-- and seed are the shared searches' (seed is accepted: the planner is deterministic); the
-- devices are booleans, all on by default (off only to measure them).
local function device(name, doc)
  return {name = name, type = "boolean", default = true, algos = {"turn"}, doc = doc}
end
local TURN_OPTIONS = {
  {name = "time", shared = true}, {name = "nodes", shared = true},
  {name = "hash", shared = true}, {name = "seed", shared = true},
  device("independence", "plan independent groups of units apart"),
  device("bound", "cut plans that cannot beat the best found (an upper bound)"),
  device("table", "a table of end states already met (hash = 0 also turns it off)"),
}

-- The planner's options completed from the descriptors' defaults (hash: the shared default,
-- given by C when nil).
local function turn_options(s)
  local o = {time = s.time or 0, nodes = s.nodes or 0, hash = s.hash}
  for i = 5, #TURN_OPTIONS do
    local d = TURN_OPTIONS[i]
    if s[d.name] == nil then o[d.name] = d.default else o[d.name] = s[d.name] end
  end
  return o
end

local function plan(g, s)
  if g:status() ~= "playing" then error("the game is over: no turn to plan", 0) end
  local o = turn_options(s)
  local r = core.warchess.plan(g, o.time, o.nodes, o.hash, o.independence, o.bound, o.table)
  r.check = nil
  r.algo = "turn"
  r.move = r.moves[1]
  r.generated = r.ops1
  r.depth = 1   -- whole turns searched
  if not r.exact then r.stopped = "limit" end
  return r
end
M.plan = plan

-- ---- lookahead: alpha-beta over whole turns, each side choosing among its best plans ----

local LOOK_OPTIONS = {
  {name = "depth", type = "integer", min = 1, max = 8, default = 2, algos = {"lookahead"},
   unit = "turns", doc = "whole turns searched"},
  {name = "plans", type = "integer", min = 1, max = 16, default = 4, algos = {"lookahead"},
   doc = "the best plans tried per turn"},
  {name = "hash", shared = true}, {name = "seed", shared = true}, {name = "time", shared = true},
}
local WIN = 1000000000   -- above any score (scores stay within +-2^29)

local function lookahead(g, s)
  if g:status() ~= "playing" then error("the game is over: no turn to plan", 0) end
  local depth = s.depth == nil and LOOK_OPTIONS[1].default or s.depth   -- checked by sg.search
  local k = s.plans == nil and LOOK_OPTIONS[2].default or s.plans
  local o = turn_options({time = s.time, hash = s.hash, seed = s.seed})
  local t0 = core.clock()
  local deadline = o.time > 0 and t0 + o.time or nil
  local gg = g:copy()
  local calls, ops1, nodes, complete = 0, 0, 0, true
  -- the value of gg for its side to move, searching d more turns; and the best plan's moves
  local function negamax(d, alpha, beta)
    if gg:status() ~= "playing" then return 0 end   -- drawn by max_turns (a win ends a plan)
    if d == 0 then return gg:scores()[gg:player()] end
    local left = 0
    if deadline then
      left = deadline - core.clock()
      if left <= 0 then
        complete = false
        return gg:scores()[gg:player()]
      end
    end
    local r = core.warchess.plan(gg, left, 0, o.hash, k == 1, true, true, k)
    calls, ops1, nodes = calls + 1, ops1 + r.ops1, nodes + r.nodes
    if not r.exact then complete = false end
    local alts = r.alternatives or {{moves = r.moves, score = r.score, win = r.win}}
    local best, moves = -math.huge, nil
    for _, a in ipairs(alts) do
      local v
      if a.win then
        v = WIN + d   -- a sooner win is better
      else
        for _, m in ipairs(a.moves) do gg:play(m) end
        v = -negamax(d - 1, -beta, -math.max(alpha, best))
        for _ = 1, #a.moves do gg:undo() end
      end
      if v > best then best, moves = v, a.moves end
      if best >= beta then break end
    end
    return best, moves
  end
  local value, moves = negamax(depth, -math.huge, math.huge)
  return {moves = moves, move = moves[1], score = value, depth = depth, plans = k,
          planner_calls = calls, ops1 = ops1, nodes = nodes, generated = ops1,
          exact = complete, stopped = not complete and "limit" or nil,
          time = core.clock() - t0, algo = "lookahead"}
end
M.lookahead = lookahead

M.algos = {
  -- The exact single-turn planner: the best whole turn of the side to move under the
  -- evaluation (every unit that has not acted acts once, in the order listed), as exhaustive
  -- enumeration would find it: {moves = {..., "end"}, score = (g:scores() of the end state),
  -- win =, plans =, ops1 =, nodes =, time =, exact =, groups =}.  A stopped search (time,
  -- nodes) returns the best plan found so far with exact = false.
  turn = {
    options = TURN_OPTIONS,
    run = plan,
  },
  -- Alpha-beta over whole turns to `depth` turns (default 2), each side choosing among its
  -- `plans` best plans (default 4; distinct end states) found by the planner; the leaves are
  -- scored by the evaluation, a win above all: {moves =, score = (for the side to move),
  -- depth =, plans =, planner_calls =, ops1 =, nodes =, exact =, time =}.  With a time limit
  -- the turns not reached are scored as they stand (exact = false).
  lookahead = {
    options = LOOK_OPTIONS,
    run = lookahead,
  },
}

-- Methods of war chess games.
M.methods = {
  -- g:enumerate{algorithm = "order" | "recursive", time = seconds, states = true}: every
  -- action plan of the side to move (Algorithm 2 or 5): {ops1 =, plans =, states =, time =,
  -- stopped =, states_full =}
  enumerate = function(g, opts)
    if opts ~= nil and type(opts) ~= "table" then
      error(fmt("enumerate: options must be a table, got %s", type(opts)), 2)
    end
    opts = opts or {}
    for k in pairs(opts) do
      if not ENUM_KEYS[k] then
        error(fmt("enumerate: unknown option '%s' (valid options: algorithm, states, time)",
                  tostring(k)), 2)
      end
    end
    local algo = opts.algorithm == nil and "recursive" or opts.algorithm
    if algo ~= "order" and algo ~= "recursive" then
      error(fmt("enumerate: algorithm must be 'order' (Algorithm 2) or 'recursive' "
                .. "(Algorithm 5), got %s", tostring(opts.algorithm)), 2)
    end
    local time = opts.time == nil and 0 or opts.time
    if type(time) ~= "number" or time < 0 then
      error(fmt("enumerate: time must be a number of seconds, 0 or more (0: no limit), got %s",
                tostring(opts.time)), 2)
    end
    local states = opts.states == nil or opts.states
    if type(states) ~= "boolean" then
      error(fmt("enumerate: states must be a boolean, got %s", tostring(opts.states)), 2)
    end
    return core.warchess.enumerate(g, algo, time, states)
  end,
  -- g:unit(n): unit n (from 1) as a table {side, kind, x, y, hp, hp_max, mp, atk, range,
  -- leader, alive, acted}
  unit = function(g, n) return core.warchess.unit(g, n) end,
  -- g:units(): the number of units (both sides)
  units = function(g) return core.warchess.units(g) end,
  -- g:turn(): the full turn number
  turn = function(g) return core.warchess.turn(g) end,
}

return M
