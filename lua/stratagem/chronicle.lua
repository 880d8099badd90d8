-- stratagem.chronicle: what Star Chess commands did, in words.  A command is played on the
-- game and the sectors and empires before and after are compared, so the events come from the
-- rules as the engine applied them, never from a second copy of the rules here.
--
--   local events = chronicle.play(g, "move A1 B2 15")   -- as g:play, then the events
--   local events = chronicle.turn(g, r.moves)           -- a list of commands in order
--   for _, e in ipairs(events) do print(e.text) end
--   chronicle.summary(p, turn, cmds, events)  -- a player's turn in lines (play, serve)
--   chronicle.recent(g, seat, max)            -- the others' turns since seat's last
--
-- Each event is a table with `kind`, `text` (one line), `turn` (the full turn it happened in),
-- `player` (whose command it was) and fields of its kind:
--   battle       sector, attacker, defender, ships = {[p] = ships that fought}, lost = {[p] = n}
--   founded      sector, owner, pop                       (a colony founded)
--   bombarded    sector, owner, by, from, to              (inhabitants before and after)
--   lost         sector, owner, by, pop, barren, homeworld (a colony bombarded out; barren is
--                                                           true when the planet turned barren)
--   terraformed  sector, owner
--   unsupported  ships                                     (scrapped at the end of the turn)
--   defeated     defeated, by, ships, colonies             (what vanished with the player)
--   won          winner
--   drawn        ranking
local M = {}
local fmt = string.format

M.SECTORS = {}
for r = 1, 4 do
  for c in ("ABCD"):gmatch(".") do M.SECTORS[#M.SECTORS + 1] = c .. r end
end

-- The state the comparisons need: every sector, every empire, whose turn, the status.
function M.snapshot(g)
  local s = {sectors = {}, empires = {}, player = g:player(), turn = g:turn()}
  for _, name in ipairs(M.SECTORS) do s.sectors[name] = g:sector(name) end
  for p = 1, g:players() do s.empires[p] = g:empire(p) end
  s.status, s.winner, s.ranking = g:status()
  return s
end

local function pname(p) return "player " .. p end

-- A fleet as the board draws it, with its marks in words: "! 1:15 (moved 5, built 2)".
local function fleet_text(sec)
  local f = sec.fleet
  if not f then return nil end
  local marks = {}
  if f.moved > 0 then marks[#marks + 1] = "moved " .. f.moved end
  if f.built > 0 then marks[#marks + 1] = "built " .. f.built end
  return fmt("%s%d:%d%s", sec.blockade and "! " or "", f.owner, f.ships,
             #marks > 0 and (" (" .. table.concat(marks, ", ") .. ")") or "")
end

-- A sector as the board draws it: "B2: col 2:20, ! 1:15 (moved 15)", "B2: empty".
function M.sector_text(name, sec)
  local parts = {}
  if sec.colony then parts[#parts + 1] = fmt("col %d:%d", sec.colony.owner, sec.colony.pop) end
  parts[#parts + 1] = fleet_text(sec)
  return name .. ": " .. (#parts > 0 and table.concat(parts, ", ") or "empty")
end

local function same_sector(a, b)
  local function f(x) return x and (x.owner .. ":" .. x.ships .. ":" .. x.moved .. ":" .. x.built) end
  local function c(x) return x and (x.owner .. ":" .. x.pop) end
  return a.planet == b.planet and a.blockade == b.blockade and f(a.fleet) == f(b.fleet) and
         c(a.colony) == c(b.colony)
end

-- The sectors whose state a step changed, in board order.
function M.changed(before, after)
  local list = {}
  for _, name in ipairs(M.SECTORS) do
    if not same_sector(before.sectors[name], after.sectors[name]) then list[#list + 1] = name end
  end
  return list
end

local function event(list, before, kind, fields, text)
  fields.kind, fields.text, fields.turn, fields.player = kind, text, before.turn, before.player
  list[#list + 1] = fields
end

-- A fight where ships of player p arrived (moved or built, `n` of them) at `name`, where
-- before stood the enemy fleet `e`: what each side lost follows from who holds it after.
local function battle(list, before, after, name, n)
  local p, e = before.player, before.sectors[name].fleet
  local f = after.sectors[name].fleet
  local q = e.owner
  local lost = {[p] = n, [q] = e.ships}
  if f and f.owner == p then lost[p] = n - f.ships end
  if f and f.owner == q then lost[q] = e.ships - f.ships end
  local function loss(x, had)
    return lost[x] == had and fmt("all %d", had) or lost[x] == 0 and "none" or tostring(lost[x])
  end
  event(list, before, "battle", {sector = name, attacker = p, defender = q,
                                 ships = {[p] = n, [q] = e.ships}, lost = lost},
        fmt("battle at %s: %s's %d ships against %s's %d; lost: %s %s, %s %s", name,
            pname(p), n, pname(q), e.ships, pname(p), loss(p, n), pname(q), loss(q, e.ships)))
end

-- The words of a command in canonical form ("MOVE a1 b2 5" -> {"move", "A1", "B2", 5}), as
-- the game accepts commands in any case.
local function words(cmd)
  local w = {}
  for x in cmd:gmatch("%S+") do
    w[#w + 1] = math.tointeger(tonumber(x)) or (#w == 0 and x:lower()) or x:upper()
  end
  return w
end

-- Events of one command other than end: battles, a colony founded, terraforming.
local function command_events(list, before, after, cmd)
  local w, p = words(cmd), before.player
  local at, n
  if w[1] == "move" then at, n = w[3], w[4] elseif w[1] == "build" then at, n = w[2], w[3] end
  local e = at and before.sectors[at].fleet
  if e and e.owner ~= p then battle(list, before, after, at, n) end
  for _, name in ipairs(M.SECTORS) do
    local b, a = before.sectors[name], after.sectors[name]
    if a.colony and not b.colony then
      event(list, before, "founded", {sector = name, owner = a.colony.owner, pop = a.colony.pop},
            fmt("colony founded at %s by %s (%d inhabitants)", name, pname(a.colony.owner),
                a.colony.pop))
    elseif a.colony and b.planet == "barren" and a.planet == "terran" then
      event(list, before, "terraformed", {sector = name, owner = a.colony.owner},
            fmt("%s terraformed by %s (barren to terran)", name, pname(a.colony.owner)))
    end
  end
end

-- What the end of player p's turn did to the other empires' colonies: bombardment, colonies
-- lost.  Colonies that vanish with a defeated owner count in the defeat, except the homeworld.
local function colony_events(list, before, after, fallen)
  local p = before.player
  for _, name in ipairs(M.SECTORS) do
    local b, a = before.sectors[name], after.sectors[name]
    local o = b.colony and b.colony.owner
    if o and o ~= p and not a.colony and (not fallen[o] or b.colony.homeworld) then
      local barren = b.planet ~= a.planet
      event(list, before, "lost", {sector = name, owner = o, by = p, pop = b.colony.pop,
                                   barren = barren, homeworld = b.colony.homeworld},
            fmt("%s's %s at %s bombarded out by %s%s", pname(o),
                b.colony.homeworld and "homeworld" or "colony", name, pname(p),
                barren and " (the planet turned barren)" or ""))
    elseif o and o ~= p and a.colony and a.colony.pop < b.colony.pop then
      event(list, before, "bombarded", {sector = name, owner = o, by = p, from = b.colony.pop,
                                        to = a.colony.pop},
            fmt("%s bombarded %s's colony at %s: %d to %d inhabitants", pname(p), pname(o),
                name, b.colony.pop, a.colony.pop))
    end
  end
end

local function plural(n, word) return fmt("%d %s%s", n, word, n == 1 and "" or "s") end

-- What vanishes with a defeated player: " (its 7 ships and 1 other colony vanish)", or "".
local function vanish(ships, colonies)
  local parts = {}
  if ships > 0 then parts[#parts + 1] = plural(ships, "ship") end
  if colonies > 0 then parts[#parts + 1] = colonies == 1 and "1 other colony" or
                                            fmt("%d other colonies", colonies) end
  if #parts == 0 then return "" end
  return " (its " .. table.concat(parts, " and ") .. (#parts == 1 and ships == 1 and colonies == 0
                                                     and " vanishes)" or " vanish)")
end

-- Events of an end of turn: bombardment, colonies lost, ships the player could not support,
-- defeats, the end of the game.
local function end_events(list, before, after)
  local p, fallen = before.player, {}
  for q, e in ipairs(after.empires) do fallen[q] = e.defeated and not before.empires[q].defeated end
  colony_events(list, before, after, fallen)
  local lost = before.empires[p].ships - after.empires[p].ships
  if lost > 0 then
    event(list, before, "unsupported", {ships = lost},
          fmt("%s scrapped %s it could not support", pname(p), plural(lost, "ship")))
  end
  for q = 1, #after.empires do
    if fallen[q] then
      local e = before.empires[q]
      event(list, before, "defeated", {defeated = q, by = p, ships = e.ships,
                                       colonies = e.colonies - 1},
            fmt("%s is defeated by %s in turn %d%s", pname(q), pname(p), before.turn,
                vanish(e.ships, e.colonies - 1)))
    end
  end
  if after.status == "won" then
    event(list, before, "won", {winner = after.winner}, pname(after.winner) .. " wins the game")
  elseif after.status == "drawn" then
    event(list, before, "drawn", {ranking = after.ranking},
          "the game is drawn at the turn limit (ranking by score: " ..
          table.concat(after.ranking or {}, ", ") .. ")")
  end
end

local function is_end(cmd) return words(cmd)[1] == "end" end

-- The events between two snapshots taken around the command cmd.
function M.compare(before, after, cmd)
  local list = {}
  if is_end(cmd) then end_events(list, before, after)
  else command_events(list, before, after, cmd) end
  return list
end

-- Play one command on g as g:play does (a refused command raises and changes nothing); the
-- events it caused, and the snapshots before and after.
function M.play(g, cmd)
  local before = M.snapshot(g)
  local ok, err = pcall(g.play, g, cmd)
  if not ok then error(err, 0) end   -- the game's message as it is, not where we called it
  local after = M.snapshot(g)
  return M.compare(before, after, cmd), before, after
end

-- Play a list of commands in order (a player's turn, or part of it); all their events.
function M.turn(g, cmds)
  local all = {}
  for _, c in ipairs(cmds) do
    for _, e in ipairs((M.play(g, c))) do all[#all + 1] = e end
  end
  return all
end

-- One line saying what a command did, for terminal play: its events, then for a command other
-- than end the sectors it changed as the board shows them and the reserves when they changed.
function M.describe(before, after, cmd, events)
  local parts = {}
  for _, e in ipairs(events) do parts[#parts + 1] = e.text end
  if not is_end(cmd) then
    for _, name in ipairs(M.changed(before, after)) do
      parts[#parts + 1] = M.sector_text(name, after.sectors[name])
    end
    local b, a = before.empires[before.player], after.empires[before.player]
    if a.materials ~= b.materials or a.credits ~= b.credits then
      parts[#parts + 1] = fmt("reserves %d/%d", a.materials, a.credits)
    end
  elseif #parts == 0 then
    parts[1] = fmt("%s's turn is over", pname(before.player))
  end
  return table.concat(parts, "; ")
end

-- ---- a player's whole turn in a few lines: terminal play and the web page say the same ----

-- Items in the order they first came, with their numbers summed: add(list, key, n).
local function tally()
  local t = {order = {}, n = {}}
  function t.add(key, n)
    if not t.n[key] then t.order[#t.order + 1] = key; t.n[key] = 0 end
    t.n[key] = t.n[key] + n
  end
  return t
end

-- One player's turn: a headline saying what its commands did ("player 2, turn 14: moved 15
-- ships from A4 to B4, 5 from A4 to A3; built 3 ships at A4; scrapped 2 ships at D1"; moves
-- between the same sectors are summed), then the text of each event (battles, colonies
-- founded, terraformed, bombarded or lost, ships unsupported, defeats, the end of the game).
-- cmds are the turn's commands in order, events what chronicle.play said of them.
function M.summary(player, turn, cmds, events)
  local moved, built, scrapped = tally(), tally(), tally()
  for _, c in ipairs(cmds) do
    local w = words(c)
    if w[1] == "move" and math.type(w[4]) == "integer" then moved.add(w[2] .. " to " .. w[3], w[4])
    elseif w[1] == "build" and math.type(w[3]) == "integer" then built.add(w[2], w[3])
    elseif w[1] == "scrap" and math.type(w[3]) == "integer" then scrapped.add(w[2], w[3]) end
  end
  local parts = {}
  local function say(verb, t, text)
    local list = {}
    for i, key in ipairs(t.order) do
      list[i] = text(i == 1 and plural(t.n[key], "ship") or tostring(t.n[key]), key)
    end
    if #list > 0 then parts[#parts + 1] = verb .. " " .. table.concat(list, ", ") end
  end
  say("moved", moved, function(n, k) return n .. " from " .. k end)
  say("built", built, function(n, k) return n .. " at " .. k end)
  say("scrapped", scrapped, function(n, k) return n .. " at " .. k end)
  if #parts == 0 then parts[1] = "no ships moved, built or scrapped" end
  local lines = {fmt("%s, turn %d: %s", pname(player), turn, table.concat(parts, "; "))}
  for _, e in ipairs(events) do lines[#lines + 1] = e.text end
  return lines
end

-- The turns the other players played on g since player `seat` last ended a turn (since the
-- start when it has not; the last `max` of them when max is given), oldest first, each
-- {player =, turn =, commands =, events =, lines = chronicle.summary's}.  They are replayed
-- through the chronicle on a copy of g; commands of seat's own turn going on are left out.
function M.recent(g, seat, max)
  local c, later, ends = g:copy(), {}, 0
  while c:ply() > 0 do
    local m = c:undo()
    if is_end(m) then
      if c:player() == seat or (max and ends >= max) then
        c:play(m)
        break
      end
      ends = ends + 1
    end
    later[#later + 1] = m
  end
  for i = 1, #later // 2 do later[i], later[#later + 1 - i] = later[#later + 1 - i], later[i] end
  local turns, cur = {}, nil
  for _, m in ipairs(later) do
    local p = c:player()
    if not cur then
      cur = {player = p, turn = c:turn(), commands = {}, events = {}}
      if p ~= seat then turns[#turns + 1] = cur end
    end
    cur.commands[#cur.commands + 1] = m
    for _, e in ipairs((M.play(c, m))) do cur.events[#cur.events + 1] = e end
    if is_end(m) then cur = nil end
  end
  for _, tn in ipairs(turns) do tn.lines = M.summary(tn.player, tn.turn, tn.commands, tn.events) end
  return turns
end

-- The final standings of g: one row per player, best first, {place, player, ships, colonies,
-- score, defeated = the turn it fell, or true when no event says, or nil}.  Players still in
-- the game come first: the winner, then by score (a draw's ranking), ties by number; then the
-- defeated, the last to fall first.  `events` are the game's events: their "defeated" ones
-- give the order and the turns.
function M.standings(g, events)
  local _, winner = g:status()
  local fell, order = {}, {}
  for i, e in ipairs(events or {}) do
    if e.kind == "defeated" then fell[e.defeated], order[e.defeated] = e.turn, i end
  end
  local scores, players = g:scores(), {}
  for p = 1, g:players() do players[p] = p end
  local function out(p) return g:empire(p).defeated end
  table.sort(players, function(a, b)
    if out(a) ~= out(b) then return out(b) end
    if out(a) then
      if (order[a] or 0) ~= (order[b] or 0) then return (order[a] or 0) > (order[b] or 0) end
    elseif a == winner or b == winner then return a == winner
    elseif scores[a] ~= scores[b] then return scores[a] > scores[b] end
    return a < b
  end)
  local rows = {}
  for i, p in ipairs(players) do
    local e = g:empire(p)
    rows[i] = {place = i, player = p, ships = e.ships, colonies = e.colonies, score = scores[p],
               defeated = e.defeated and (fell[p] or true) or nil}
  end
  return rows
end

-- The standings as text lines under a header.
function M.standings_text(rows)
  local lines = {"place  player    ships  colonies   score  defeated"}
  for _, r in ipairs(rows) do
    local fell = r.defeated == nil and "-" or r.defeated == true and "yes" or
                 ("in turn " .. r.defeated)
    lines[#lines + 1] = fmt("%5d  player %d  %5d  %8d  %6d  %s", r.place, r.player, r.ships,
                            r.colonies, r.score, fell)
  end
  return lines
end

return M
