-- Qubic defaults: evaluation weights and search settings (the only copy), the solver
-- (g:solve, stratagem solve qubic) and the checker of its proofs (sg.qubic.check).
local core = require "stratagem.core"
local data = require "stratagem.data"

local levels = require "stratagem.levels"
local M = {
  title = "Qubic (4x4x4 noughts and crosses, 76 lines)",
  notation = "a cell: layer 1-4, column a-d, row 1-4, e.g. 2b3",
  players = {"x", "o"},
  -- `stratagem solve qubic` runs g:solve (below)
  proof_solver = true,
  -- rules constants: the standard cube has none to change
  rules = {},
  -- evaluation at the search horizon, from x's point of view (o gets the opposite): each line
  -- holding marks of one player only is worth `one`, `two` or `three` to that player by the
  -- number of its marks (a three is a threat: its empty cell wins); each empty cell on two or
  -- more of a player's lines of two (playing it makes a double threat) is worth `fork`; the
  -- player to move gets `tempo`
  weights = {one = 1, two = 8, three = 60, fork = 40, tempo = 20},
  variant = {},
  -- the game's own sg.new keys beyond the common ones (none)
  options = {},
  -- sg.search defaults: the shared alpha-beta to depth 3 (forcing moves, a win to take or a
  -- three to block, are searched past it), moves in the game's order (wins, blocks, double
  -- threats, threes, then open lines), which history and killers would only disturb
  search = {algo = "alphabeta", depth = 3, hash = 16, history = false, killers = false},
  -- what `stratagem play qubic` seats by default, and how its AI plays
  play = {seats = {"human", "ai"}, ai = {algo = "alphabeta", depth = 3, random = 0,
                                         history = false, killers = false},
          -- --level 1 to 10: random moves, then level 5's move on a growing share of the moves
          -- (blunder), then alpha-beta 1 to 3 plies, then the threats player (the solver beside
          -- alpha-beta) with more of the solver; node limits only, so a level plays the same on
          -- any machine.  Levels 6 to 10 were each measured stronger than the level below, as
          -- levels 2 to 6 before the random ones were put under them; a deeper alpha-beta or
          -- more of the solver above them was not (doc/manual.md, 7.14)
          -- the level the web page (stratagem serve) starts at
          default_level = 8,
          levels = levels.list(
            {algo = "random", text = "plays at random"},
            levels.blunder({depth = 1}, {15, 35, 65},
                           "plays level 5's move on %s of its moves, a random one on the others"),
            {depth = 1, text = "looks 1 ply ahead"},
            {depth = 2, text = "looks 2 plies ahead"},
            {depth = 3, text = "looks 3 plies ahead (the default search)"},
            {algo = "threats", guard = 0,
             text = "3 plies, and plays a winning attack the solver proves (20,000 nodes)"},
            {algo = "threats",
             text = "3 plies and the solver: plays a proven attack, avoids moves that let one in"},
            {algo = "threats", nodes = 200000, guard = 16, guard_nodes = 20000,
             text = "3 plies and the solver, ten times the nodes, 16 moves guarded"})},
}

-- ---- the solver: proof-number search with threat-space leaves (src/ai/qubicpns.c) ----

local SOLVE_KEYS = {time = true, nodes = true, memory = true, vcf_depth = true,
                    vcf_nodes = true, out = true, proof = true, progress = true,
                    symmetry = true, order = true, transpositions = true, format = true,
                    answers = true}
local SOLVE_VALID = "answers, format, memory, nodes, order, out, progress, proof, symmetry, time, " ..
                    "transpositions, vcf_depth, vcf_nodes"

-- The header of a proof file: its format, the position, the winner, the number of moves.
-- Format 2 (the graph) counts its positions instead.
local function proof_text(g, r, graph)
  local winner = r.value == "win" and g:player() or 3 - g:player()
  local head = ("qubic proof %d\nposition %s\nwinner %s\n%s %d\n"):format(
    graph and 2 or 1, g:position(), winner == 1 and "x" or "o", graph and "positions" or "moves",
    r.proof_size)
  return head .. r.proof
end

local function solve(g, opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("solve: options must be a table {time =, nodes =, memory =, out =, proof =}", 2)
  end
  opts = opts or {}
  for k in pairs(opts) do
    if not SOLVE_KEYS[k] then
      error(("solve: unknown option '%s' (valid options: %s)"):format(tostring(k), SOLVE_VALID), 2)
    end
  end
  local ranges = {time = {0, 1e9, "a number of seconds, 0 or more (0: no limit)"},
                  nodes = {0, 2e9, "a whole number of tree nodes, 0 to 2e9 (0: the pool's size)", true},
                  memory = {1, 65536, "megabytes of the tree's pool, 1 to 65536 (default 256)"},
                  progress = {0, 1e9, "a number of seconds between progress lines, 0 or more (0: none)"},
                  vcf_depth = {0, 32, "a whole number of attacker moves, 0 to 32", true},
                  vcf_nodes = {1, 1e9, "a whole number of positions, 1 to 1e9", true}}
  for k, r in pairs(ranges) do
    local v = opts[k]
    if v ~= nil and (type(v) ~= "number" or v < r[1] or v > r[2] or (r[4] and not math.tointeger(v))) then
      error(("solve: %s: got %s; expected %s"):format(k, tostring(v), r[3]), 2)
    end
  end
  for _, k in ipairs{"symmetry", "order", "transpositions", "answers"} do
    if opts[k] ~= nil and type(opts[k]) ~= "boolean" then
      error(("solve: %s: got %s; expected true or false"):format(k, tostring(opts[k])), 2)
    end
  end
  if opts.format ~= nil and opts.format ~= "tree" and opts.format ~= "graph" then
    error(("solve: format: got %s; expected \"tree\" (every line of play, format 1) or \"graph\" "
           .. "(each position once, keyed by its canonical form, format 2)"):format(tostring(opts.format)), 2)
  end
  if opts.out ~= nil and type(opts.out) ~= "string" then
    error("solve: out must be a file name (a string)", 2)
  end
  if g:status() ~= "playing" then error("solve: the game is over: nothing to solve", 2) end
  local want = opts.out ~= nil or opts.proof == true
  local r = core.qubic.solve(g, {time = opts.time, nodes = opts.nodes, memory = opts.memory,
                                 progress = opts.progress, symmetry = opts.symmetry, order = opts.order,
                                 transpositions = opts.transpositions, answers = opts.answers,
                                 vcf_depth = opts.vcf_depth, vcf_nodes = opts.vcf_nodes,
                                 proof = want, graph = opts.format == "graph"})
  if r.proof then
    local text = proof_text(g, r, opts.format == "graph")
    if opts.out then
      local ok, err = data.write_file(opts.out, text)
      if not ok then return nil, err end
      r.out = opts.out
    end
    if opts.proof then r.proof = text else r.proof = nil end
  end
  return r
end

-- ---- the checker of a proof: independent of the solver, it uses only the game's rules ----

-- sg.qubic.check(text) -> true, {moves =, depth =, winner =, position =} or nil, message.  A proof is
-- valid when, from its position, the winner has exactly one move at each of its turns, every
-- legal reply of the other player is listed once at each of theirs, and every line of play
-- ends with the winner completing a line (doc/qubic.md, "The proof format").

-- The checker's own geometry, from the cube alone (no table of the solver's or the game's):
-- cell index = layer * 16 + row * 4 + column (0-3 each); the 76 lines as bit masks; the 192
-- symmetries as arrays (the image of cell c at c + 1), each verified to be a permutation that
-- sends every line onto a line, which is all the checker relies on.
local geometry_cache
local function geometry()
  if geometry_cache then return geometry_cache end
  local function cell(l, r, c) return l * 16 + r * 4 + c end
  local lines, lineset = {}, {}
  for dl = -1, 1 do for dr = -1, 1 do for dc = -1, 1 do
    if dl ~= 0 or dr ~= 0 or dc ~= 0 then
      for l = 0, 3 do for r = 0, 3 do for c = 0, 3 do
        local el, er, ec = l + 3 * dl, r + 3 * dr, c + 3 * dc
        if el >= 0 and el <= 3 and er >= 0 and er <= 3 and ec >= 0 and ec <= 3 then
          local m = 0
          for k = 0, 3 do m = m | 1 << cell(l + k * dl, r + k * dr, c + k * dc) end
          if not lineset[m] then lineset[m] = true; lines[#lines + 1] = m end
        end
      end end end
    end
  end end end
  assert(#lines == 76, "checker: the cube has 76 lines")
  local maps = {{0, 1, 2, 3}, {0, 2, 1, 3}, {1, 0, 3, 2}, {2, 0, 3, 1}}
  local perms = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}}
  local syms, distinct = {}, {}
  for _, u in ipairs(maps) do
    for rev = 0, 7 do
      for _, p in ipairs(perms) do
        local s, hit = {}, {}
        for l = 0, 3 do for r = 0, 3 do for c = 0, 3 do
          local v = {u[l + 1], u[r + 1], u[c + 1]}
          for a = 1, 3 do if rev >> (a - 1) & 1 == 1 then v[a] = 3 - v[a] end end
          local w = {v[p[1]], v[p[2]], v[p[3]]}
          local img = cell(w[1], w[2], w[3])
          s[cell(l, r, c) + 1] = img
          assert(not hit[img], "checker: a symmetry is not a permutation")
          hit[img] = true
        end end end
        for _, m in ipairs(lines) do
          local im = 0
          for c = 0, 63 do if m >> c & 1 == 1 then im = im | 1 << s[c + 1] end end
          assert(lineset[im], "checker: a symmetry does not map the lines onto lines")
        end
        local key = table.concat(s, ",")
        if not distinct[key] then distinct[key] = true; syms[#syms + 1] = s end
      end
    end
  end
  assert(#syms == 192, "checker: 192 distinct symmetries")
  geometry_cache = {lines = lines, syms = syms}
  return geometry_cache
end

local function cell_name(i)
  return ("%d%s%d"):format(i // 16 + 1, ("abcd"):sub(i % 4 + 1, i % 4 + 1), i % 16 // 4 + 1)
end

-- Format 2, the graph: after the header, one entry a line, "XXXX OOOO CELL": a position where
-- the winner is to move (x's and o's cells, 16 hex digits each: bit i is cell i), and the
-- winner's move there.  At each turn of the winner, either the winner completes a line at once,
-- or some symmetry of the cube maps the position onto an entry, whose move, mapped back, is
-- played; at each turn of the loser, every legal reply is followed.
local function check_graph(lines)
  local pos = (lines[2] or ""):match("^position (.+)$")
  if not pos then return nil, "proof: line 2: expected 'position TEXT'" end
  local wname = (lines[3] or ""):match("^winner ([xo])$")
  if not wname then return nil, "proof: line 3: expected 'winner x' or 'winner o'" end
  local npos = math.tointeger(tonumber((lines[4] or ""):match("^positions (%d+)$")))
  if not npos then return nil, "proof: line 4: expected 'positions N'" end
  local sg = require "stratagem"
  local g, err = sg.new("qubic", {position = pos})
  if not g then return nil, "proof: line 2: " .. err end
  local geo = geometry()
  local winner = wname == "x" and 1 or 2
  local start = g:position()
  local entry, eline, n = {}, {}, 0
  for i = 5, #lines do
    local xs, os_, c = lines[i]:match("^(%x%x%x%x%x%x%x%x%x%x%x%x%x%x%x%x) (%x%x%x%x%x%x%x%x%x%x%x%x%x%x%x%x) (%w+)$")
    local ci = c and (function()
      local l, col, r = c:match("^([1-4])([a-dA-D])([1-4])$")
      if l then return (l - 1) * 16 + (r - 1) * 4 + (col:lower():byte() - 97) end
    end)()
    if not ci then
      return nil, ("proof: line %d: expected 'XXXXXXXXXXXXXXXX OOOOOOOOOOOOOOOO CELL' (16 hex digits "
                   .. "each, a cell such as 2b3), got '%s'"):format(i, lines[i])
    end
    local key = xs:lower() .. " " .. os_:lower()
    if entry[key] then return nil, ("proof: line %d: the position of line %d again"):format(i, eline[key]) end
    entry[key], eline[key], n = ci, i, n + 1
  end
  if n ~= npos then return nil, ("proof: %d positions listed, the header says %d"):format(n, npos) end
  local proven, used, maxdepth = {}, {}, 0
  local via   -- the line of the last entry played on the way to the current position
  local function fail(msg)
    error({("proof: %s%s (at position %s)"):format(via and ("after the move of line %d: "):format(via) or "",
          msg, g:position())}, 0)
  end
  local function sets()
    local x, o = 0, 0
    local p = g:position():match("^(%S+)"):gsub("/", "")
    for i = 1, 64 do
      local ch = p:sub(i, i)
      if ch == "x" then x = x | 1 << (i - 1) elseif ch == "o" then o = o | 1 << (i - 1) end
    end
    return x, o
  end
  local function image(s, b)
    local r = 0
    for c = 0, 63 do if b >> c & 1 == 1 then r = r | 1 << s[c + 1] end end
    return r
  end
  local function node(depth)
    if depth > maxdepth then maxdepth = depth end
    local status, who = g:status()
    if status ~= "playing" then
      if status ~= "won" or who ~= winner then
        fail(("the line of play ends %s"):format(status == "drawn" and "drawn" or "with the loser's line"))
      end
      return
    end
    local x, o = sets()
    local key = ("%016x %016x"):format(x, o)
    if proven[key] then return end
    if g:player() == winner then
      local mine, theirs = winner == 1 and x or o, winner == 1 and o or x
      for _, m in ipairs(geo.lines) do
        local r = m & ~mine
        if r ~= 0 and r & (r - 1) == 0 and r & theirs == 0 then proven[key] = true; return end
      end
      local move, line
      for _, s in ipairs(geo.syms) do
        local k = ("%016x %016x"):format(image(s, x), image(s, o))
        local e = entry[k]
        if e then
          for c = 0, 63 do if s[c + 1] == e then move = c break end end
          used[k], line = true, eline[k]
          break
        end
      end
      if not move then fail("no entry for this position, where the winner is to move") end
      local outer = via
      via = line
      local ok, e = pcall(g.play, g, cell_name(move))
      if not ok then fail(tostring(e):gsub("^.-: ", "", 1)) end
      node(depth + 1)
      g:undo()
      via = outer
    else
      for _, m in ipairs(g:moves()) do
        g:play(m)
        node(depth + 1)
        g:undo()
      end
    end
    proven[key] = true
  end
  local ok, res = pcall(node, 1)
  if not ok then
    if type(res) == "table" then return nil, res[1] end
    error(res, 0)
  end
  local nused = 0
  for _ in pairs(used) do nused = nused + 1 end
  return true, {positions = n, used = nused, depth = maxdepth, winner = wname, position = start,
                format = 2}
end

local function check(text)
  if type(text) ~= "string" then return nil, "check: expected the text of a proof" end
  local lines = {}
  for l in (text .. (text:sub(-1) == "\n" and "" or "\n")):gmatch("(.-)\r?\n") do
    lines[#lines + 1] = l
  end
  if lines[1] == "qubic proof 2" then return check_graph(lines) end
  if lines[1] ~= "qubic proof 1" then
    return nil, "proof: line 1: expected 'qubic proof 1' or 'qubic proof 2'"
  end
  local pos = (lines[2] or ""):match("^position (.+)$")
  if not pos then return nil, "proof: line 2: expected 'position TEXT'" end
  local wname = (lines[3] or ""):match("^winner ([xo])$")
  if not wname then return nil, "proof: line 3: expected 'winner x' or 'winner o'" end
  local nmoves = math.tointeger(tonumber((lines[4] or ""):match("^moves (%d+)$")))
  if not nmoves then return nil, "proof: line 4: expected 'moves N'" end
  local sg = require "stratagem"
  local g, err = sg.new("qubic", {position = pos})
  if not g then return nil, "proof: line 2: " .. err end
  local winner = wname == "x" and 1 or 2
  local start = g:position()
  local D, C = {}, {}
  for i = 5, #lines do
    local d, c = lines[i]:match("^(%d+) (%w+)$")
    if not d then return nil, ("proof: line %d: expected 'DEPTH CELL', got '%s'"):format(i, lines[i]) end
    D[#D + 1], C[#C + 1] = tonumber(d), c
  end
  if #D ~= nmoves then
    return nil, ("proof: %d moves listed, the header says %d"):format(#D, nmoves)
  end
  local maxdepth = 0
  -- a failure names the line of the file and the position where the proof fails
  local function fail(i, msg)
    error({("proof: line %d: %s (at position %s)"):format(i + 4, msg, g:position())}, 0)
  end
  local function node(i, depth)
    if depth > maxdepth then maxdepth = depth end
    local status, who = g:status()
    if status ~= "playing" then
      if status ~= "won" or who ~= winner then
        fail(i - 1, ("the line of play ends %s"):format(status == "drawn" and "drawn"
             or "with the loser's line"))
      end
      if D[i] == depth then fail(i, "a move after the end of the game") end
      return i
    end
    if D[i] ~= depth then
      fail(i, ("expected a move at depth %d (the position after line %d is not over)")
           :format(depth, i + 3))
    end
    if g:player() == winner then
      local ok, e = pcall(g.play, g, C[i])
      if not ok then fail(i, tostring(e):gsub("^.-: ", "", 1)) end
      local j = node(i + 1, depth + 1)
      g:undo()
      if D[j] == depth then fail(j, "a second move of the winner at the same turn") end
      return j
    end
    local seen, n = {}, 0
    while D[i] == depth do
      if seen[C[i]] then fail(i, "the reply " .. C[i] .. " is listed twice") end
      local ok, e = pcall(g.play, g, C[i])
      if not ok then fail(i, tostring(e):gsub("^.-: ", "", 1)) end
      seen[C[i]], n = true, n + 1
      local j = node(i + 1, depth + 1)
      g:undo()
      i = j
    end
    for _, m in ipairs(g:moves()) do
      if not seen[m] then fail(i, "the loser's reply " .. m .. " is missing") end
    end
    return i
  end
  local ok, res = pcall(node, 1, 1)
  if not ok then
    if type(res) == "table" then return nil, res[1] end
    error(res, 0)
  end
  if res <= #D then return nil, ("proof: line %d: a move outside the tree"):format(res + 4) end
  return true, {moves = #D, depth = maxdepth, winner = wname, position = start}
end

-- ---- threats: sg.search(g, {algo = "threats", ...}) ----
-- The alpha-beta player with the solver beside it, for the forcing play that decides Qubic:
-- first the solver, given `nodes` tree nodes, looks for a win of the player to move (a
-- sequence of threats the opponent cannot stop, found by threat-space search at its leaves);
-- when it proves one, its move is played.  Otherwise alpha-beta to `depth` ranks the moves
-- (its `guard` best lines), and the first of them after which the solver, given `guard_nodes`,
-- cannot prove a win for the opponent is played: the move that lets the opponent start a
-- winning attack is passed over.  When every ranked move loses so, alpha-beta's best is
-- played.  Node limits only: the same position gives the same move on any machine.
local THREAT_OPTIONS = {
  {name = "depth", type = "integer", min = 1, max = 16, default = 3, algos = {"threats"},
   unit = "plies", doc = "the alpha-beta's depth, which ranks the moves when no win is proven"},
  {name = "nodes", type = "integer", min = 1, max = 100000000, default = 20000,
   algos = {"threats"}, unit = "tree nodes",
   doc = "the solver's budget for a win of the player to move"},
  {name = "guard", type = "integer", min = 0, max = 64, default = 8, algos = {"threats"},
   unit = "moves", doc = "alpha-beta's best moves checked for a winning reply (0: none)"},
  {name = "guard_nodes", type = "integer", min = 1, max = 100000000, default = 2000,
   algos = {"threats"}, unit = "tree nodes",
   doc = "the solver's budget for the opponent's win after each checked move"},
  {name = "memory", type = "integer", min = 1, max = 4096, default = 16, algos = {"threats"},
   unit = "MB", doc = "the solver's pool"},
  {name = "hash", shared = true}, {name = "seed", shared = true},
}

local PROVEN = (1 << 27) + 1   -- the search's win score is 1 << 28 less the plies

local function threats(g, s)
  if g:status() ~= "playing" then error("the game is over: there is no move to search", 0) end
  local function opt(i) local e = THREAT_OPTIONS[i]; return s[e.name] == nil and e.default or s[e.name] end
  local depth, nodes, guard, guard_nodes, memory = opt(1), opt(2), opt(3), opt(4), opt(5)
  local t0 = core.clock()
  local r = core.qubic.solve(g, {nodes = nodes, memory = memory})
  -- solver_nodes: its tree nodes and the threat-space searches' positions
  local solved, tree = 1, r.nodes + r.vcf_nodes
  if r.value == "win" then
    -- a proven win of unknown length: above half the search's win score, as alpha-beta
    -- scores a win beyond its horizon (play shows "wins")
    return {move = r.move, score = PROVEN, proven = "win", depth = depth, nodes = tree,
            solver_calls = solved, solver_nodes = tree, time = core.clock() - t0,
            algo = "threats"}
  end
  local sg = require "stratagem"
  local ab = sg.search(g, {algo = "alphabeta", depth = depth, hash = s.hash, seed = s.seed,
                           multipv = math.max(guard, 1), history = false, killers = false})
  local lines = ab.lines or {{move = ab.move, score = ab.score}}
  local out = {move = ab.move, score = ab.score, depth = depth, nodes = ab.nodes, pv = ab.pv,
               algo = "threats"}
  if r.value == "loss" then out.proven, out.score = "loss", -PROVEN end
  for i = 1, math.min(guard, #lines) do
    local c = g:copy()
    c:play(lines[i].move)
    local safe = c:status() ~= "playing"
    if not safe then
      local q = core.qubic.solve(c, {nodes = guard_nodes, memory = memory})
      solved, tree = solved + 1, tree + q.nodes + q.vcf_nodes
      safe = q.value ~= "win"
    end
    if safe then
      out.move, out.score, out.guarded = lines[i].move, lines[i].score, i
      if i > 1 then out.pv = nil end
      break
    end
  end
  out.solver_calls, out.solver_nodes, out.time = solved, tree, core.clock() - t0
  out.nodes = out.nodes + tree
  return out
end

M.algos = {
  threats = {options = THREAT_OPTIONS, run = threats},
}

M.methods = {
  -- g:solve{time =, nodes =, memory = MB, progress = S, out = FILE, proof = true}: the
  -- solver's verdict for the player to move (value "win", "loss", "draw" or "unknown"), the
  -- winning move, nodes, time, proof_size; with out, the proof written to that file
  -- (atomically); with proof, its text in r.proof; with progress, a line on standard error
  -- every S seconds.  When unknown: stopped ("limit", "memory", "interrupted"), the root's
  -- pn and dn, attacker, root_moves, pool_nodes and decided (the root's moves decided).
  solve = solve,
}

-- sg.qubic: the checker, and the lines and symmetries (for tests and scripts)
M.api = {
  check = check,
  lines = function() return core.qubic.lines() end,
  symmetries = function() return core.qubic.symmetries() end,
}

return M
