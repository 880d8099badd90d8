-- Patience (seven-column Klondike) defaults: rules constant, evaluation weights, variant,
-- search and play settings (the only copy), and the game's own functions.
local core = require "stratagem.core"
local levels = require "stratagem.levels"

local M = {
  title = "Patience: seven-column Klondike, one player (hidden cards)",
  notation = "s turns the stock; wf / w3 the waste's card to a foundation / column 3; 3f "
             .. "column 3's top card to a foundation; 3-5 column 3 onto column 5 (3-5x2: "
             .. "the top 2 cards); fh3 the hearts foundation's top card to column 3",
  players = {"player"},
  -- max_idle: the deal ends, unwon, after this many moves without progress (a face-down card
  -- turned up, or more cards on the foundations than ever before), so every game ends
  rules = {max_idle = 200},
  -- evaluation (the AI's judgement of an unfinished deal): per card on the foundations, per
  -- face-down card turned up, per card still in the stock or waste, per empty column
  weights = {foundation = 10, revealed = 6, unplayed = -1, empty = 2},
  -- the seed's four variants (002, 9.1.1) and the shuffle (9.5.4)
  variant = {empty_column = "king", stock = "unlimited", split_runs = true, draw = 3,
             shuffle = "fisher_yates"},
  enums = {empty_column = {"king", "picture"}, stock = {"unlimited", "reshuffle", "one_pass"},
           shuffle = {"fisher_yates", "swaps"}},
  options = {},
  -- sg.search defaults: the fair player, determinized search over what the player sees
  -- (face-down cards and the stock's order unknown): 12 samples, each searched 2 moves deep
  search = {algo = "pimc", samples = 12, depth = 2, hash = 4},
  -- scores shown as the evaluation over weights.foundation, "cards' worth": a card on the
  -- foundations 1, one turned up 0.6, one left in the stock or waste -0.1, an empty column 0.2
  -- --level 1 to 10 (a computer playing alone, hints): random moves; levels 2 to 8 play level
  -- 9's move on a growing share of their moves (the search option blunder) and a random move
  -- on the others; 9 is the hindsight player (fair) solving 2 guesses of the hidden cards, 10
  -- the same with 12 guesses (fair's default).  The shares were chosen so that each level is
  -- measurably stronger than the one below (doc/manual.md, 7.14); more guesses or positions
  -- than level 10's did not measurably win more.  No time limit: a time a move left every
  -- level above a few alike.  Without --level, play uses its ai (pimc, quick hints)
  play = {seats = {"human"}, ai = {algo = "pimc", samples = 12, depth = 2},
          score = {scale = 10, unit = "cards' worth"},
          levels = levels.list(
            {algo = "random", text = "moves at random"},
            levels.blunder({algo = "fair", samples = 2, nodes = 20000}, {11, 13, 16, 20, 25, 60, 75},
                           "plays level 9's move on %s of its moves, a random one on the others"),
            {algo = "fair", samples = 2, nodes = 20000,
             text = "solves 2 guesses of the hidden cards, 20,000 positions a move"},
            {algo = "fair", samples = 12, nodes = 20000,
             text = "solves 12 guesses of the hidden cards, 20,000 positions a move (the fair player's default)"})},
}

-- sg.patience: the two shuffles on a small pack (for the statistics of the shuffle test)
M.api = {
  -- sg.patience.shuffle(n, seed, method): the pack 1..n shuffled by "fisher_yates" or
  -- "swaps" (2n random swaps of two positions: the seed's 104 for 52 cards)
  shuffle = function(n, seed, method)
    if method ~= "fisher_yates" and method ~= "swaps" then
      error(("sg.patience.shuffle: method must be 'fisher_yates' or 'swaps', got '%s'")
            :format(tostring(method)), 2)
    end
    if math.type(n) ~= "integer" or n < 1 or n > 52 then
      error("sg.patience.shuffle: n must be a whole number of cards from 1 to 52", 2)
    end
    if math.type(seed) ~= "integer" then
      error("sg.patience.shuffle: seed must be an integer", 2)
    end
    return core.patience.shuffle(n, seed, method == "swaps" and 2 * n or 0)
  end,
}

-- ---- the fair solver: sg.search(g, {algo = "fair", ...}) ----
-- Hindsight optimisation (Bjarnason, Fern and Tadepalli's HOP on Klondike).  With unlimited
-- passes it first looks through the stock (look, default true): while the stock holds cards
-- not yet seen it turns it without searching (the view then shows the stock's order, and a
-- turn-over restores the deal).  Then `samples` deals consistent with what the player sees
-- (g:sample, from the view only); every legal move is played in each and the deal after it
-- solved as if every card were known, with nodes / (samples x moves) nodes, the solves left
-- unknown again with 4 times as many while the move's budget lasts; the move after which
-- the most samples are won is played, ties going to the move that starts the most of the
-- samples' own winning lines (each sample solved from here too: without this a won deal is
-- played back and forth), then to the one that gains most in what the player sees (2 a card
-- home, 1 a card turned up), then to the one whose won samples took the fewest nodes to
-- solve (the easier position).  When no move is won in any sample, the move most of the
-- samples' own winning lines start with; when none is won at all, as pimc (the default
-- search) would.  r.score: the best move's share of samples won, an estimate of the chance
-- to win from here; r.per: the nodes of the last round's solves.
local FAIR_OPTIONS = {
  {name = "samples", shared = true}, {name = "nodes", shared = true},
  {name = "seed", shared = true}, {name = "look", type = "boolean", default = true,
   doc = "turn the stock first while it holds cards not yet seen (unlimited passes)"},
}

-- The face-down cards of a game's columns, as the player sees them.
local GROW = 4   -- the fair player's rounds: each gives the unknown solves this many times more

local function face_down(g)
  local cols = g:position():match("^(%S+)")
  local n = 0
  for col in cols:gmatch("[^/]+") do
    local dn = col:match("^(.-)|")
    if dn then n = n + #dn end
  end
  return n
end

-- With unlimited passes, whether the stock still holds cards the player has not seen (its
-- word in the view has '?').
local function stock_unseen(g)
  if g:config().variant.stock ~= "unlimited" then return false end
  local stock = g:position():match("^%S+ (%S+)")
  return stock:find("?", 1, true) ~= nil
end

local function fair(g, s)
  if g:status() ~= "playing" then error("the game is over: there is no move to search", 0) end
  local t0 = core.clock()
  local samples = s.samples or 2
  local nodes = (s.nodes and s.nodes > 0) and s.nodes or 20000
  local seed = s.seed or g:config().seed * 1000003 + g:ply()
  local moves = g:moves()
  if #moves == 1 then
    return {move = moves[1], score = 0, samples = 0, nodes = 0, time = core.clock() - t0,
            algo = "fair"}
  end
  if s.look ~= false and stock_unseen(g) then
    -- the stock not yet seen, with unlimited passes: turn it (a pass brings every card of it
    -- into sight and the turn-over restores the deal as it was, the stock's order now known)
    for _, m in ipairs(moves) do
      if m == "s" then
        return {move = m, score = 0, samples = 0, nodes = 0, time = core.clock() - t0,
                algo = "fair"}
      end
    end
  end
  local wins, cost, gain, total = {}, {}, {}, 0
  for j = 1, #moves do wins[j], cost[j] = 0, 0 end
  local home0, down0 = g:cards_home(), face_down(g)
  local index = {}
  for j, m in ipairs(moves) do   -- what the player sees a move gain: cards home, cards turned up
    local c = g:copy()
    c:play(m)
    gain[j] = 2 * (c:cards_home() - home0) + (down0 - face_down(c))
    index[m] = j
  end
  -- the jobs: each sample from here (j = 0: its own plan) and after each move (j)
  local jobs, votes = {}, {}
  for i = 1, samples do
    local h = g:sample(seed * 7919 + i)
    jobs[#jobs + 1] = {g = h, i = i, j = 0}
    for j, m in ipairs(moves) do
      local c = h:copy()
      c:play(m)
      local st = c:status()
      if st == "won" then
        wins[j] = wins[j] + 1
      elseif st == "playing" then
        jobs[#jobs + 1] = {g = c, i = i, j = j}
      end
    end
  end
  -- rounds: the first gives each job nodes / (samples x moves) nodes; then every job still
  -- unknown is solved again with GROW times as many, while the move's budget (nodes, and
  -- that share again for each sample's own plan) lasts.  A job won or lost is final (the
  -- solver is exact and deterministic), and a sample lost from here is lost after every move
  -- (its other jobs are not solved)
  local per = math.max(nodes // (samples * #moves), 1)
  local per0 = math.max(nodes // (2 * samples), per)   -- a sample's own plan, first round
  local budget = nodes + samples * per0
  local open, lost_sample, round = jobs, {}, 1
  while true do
    local still = {}
    for _, job in ipairs(open) do
      if not lost_sample[job.i] then
        local n = (round == 1 and job.j == 0) and per0 or per
        local r = job.g:solve{nodes = n, hash = math.min(1, math.max(n * 32, 65536) / 1048576)}
        total = total + r.nodes
        if r.result == "won" then
          if job.j == 0 then
            local j = index[r.moves[1]]
            if j then votes[j] = (votes[j] or 0) + 1 end
          else
            wins[job.j], cost[job.j] = wins[job.j] + 1, cost[job.j] + r.nodes
          end
        elseif r.result == "lost" then
          if job.j == 0 then lost_sample[job.i] = true end
        else
          still[#still + 1] = job
        end
      end
    end
    open = {}
    for _, job in ipairs(still) do
      if not lost_sample[job.i] then open[#open + 1] = job end
    end
    if #open == 0 then break end
    local next_per = math.min(per * GROW, (budget - total) // #open)
    if next_per <= per then break end
    per, round = next_per, round + 1
  end
  local best = 1
  for j = 2, #moves do
    local vj, vb = votes[j] or 0, votes[best] or 0
    if wins[j] ~= wins[best] then
      if wins[j] > wins[best] then best = j end
    elseif vj ~= vb then
      if vj > vb then best = j end
    elseif gain[j] ~= gain[best] then
      if gain[j] > gain[best] then best = j end
    elseif cost[j] < cost[best] then
      best = j
    end
  end
  if wins[best] == 0 and (votes[best] or 0) > 0 then
    -- no move's solves won, but some samples' own plans did: the move most of them start with
    return {move = moves[best], score = 0, votes = 0, plans = votes[best], samples = samples,
            nodes = total, per = per, time = core.clock() - t0, algo = "fair"}
  end
  if wins[best] == 0 then   -- no sample won whatever the move: play as pimc, at once
    local sg = require "stratagem"
    local r = sg.search(g, {algo = "pimc", seed = seed})
    r.nodes = (r.nodes or 0) + total
    r.time = core.clock() - t0
    r.score, r.algo, r.per = 0, "fair", per
    return r
  end
  return {move = moves[best], score = wins[best] / samples, votes = wins[best],
          samples = samples, nodes = total, per = per, time = core.clock() - t0,
          algo = "fair"}
end

M.algos = {
  fair = {options = FAIR_OPTIONS, run = fair},
}

local SOLVE_KEYS = {nodes = true, time = true, hash = true, depth = true, defer = true,
                    cover = true}

-- Methods of patience games.
M.methods = {
  -- g:cards_home(): the cards on the foundations (52 when won), the score of a lost deal
  cards_home = function(g)
    local a, b, c, d = g:position():match(" (%d+),(%d+),(%d+),(%d+) ")
    return tonumber(a) + tonumber(b) + tonumber(c) + tonumber(d)
  end,
  -- g:solve{nodes =, time =, hash = MB, depth =, defer =, cover =}: the solver that sees every
  -- card (it cheats: an upper bound on what a player could win).  Returns a table: result
  -- "won" (moves: a winning line from here), "lost" (no line wins: the search over every move
  -- was complete) or "unknown" (a limit stopped it), nodes, time, positions (searched),
  -- table_full (positions that found no room in the table), dead (positions found blocked at
  -- once), first_nodes (the first, pruned search's nodes when the search over every move
  -- followed; else 0), idle_cuts (positions of the search over every move below which the
  -- rules' idle limit cut a line: "lost" is then not claimed), covered (positions left out
  -- because the same position with more of the talon in reach had been searched).  Defaults:
  -- 10,000,000 nodes, no time limit, 64 MB, lines of at most 1500 moves, defer true (the
  -- search over every move defers splits of runs, cards back from the foundations and columns
  -- emptied onto other columns to their use, and its key leaves out the most cards ever home:
  -- patience.c; false: no deferral; "runs": the search before the columns were deferred,
  -- splits and cards back only), cover true (false: no position left out as covered); the
  -- last two for comparisons.
  solve = function(g, opts)
    opts = opts or {}
    if type(opts) ~= "table" then
      error("solve: options must be a table {nodes =, time =, hash =, depth =, defer =, "
            .. "cover =}", 2)
    end
    for k, v in pairs(opts) do
      if not SOLVE_KEYS[k] then
        error(("solve: unknown option '%s' (valid options: cover, defer, depth, hash, nodes, "
               .. "time)")
              :format(tostring(k)), 2)
      end
      if k == "defer" then
        if type(v) ~= "boolean" and v ~= "runs" then
          error(("solve: defer must be true, false or \"runs\", got %s"):format(tostring(v)), 2)
        end
      elseif k == "cover" then
        if type(v) ~= "boolean" then
          error(("solve: cover must be true or false, got %s"):format(tostring(v)), 2)
        end
      elseif type(v) ~= "number" or v < 0 then
        error(("solve: %s must be a number 0 or more, got %s"):format(k, tostring(v)), 2)
      end
      if k == "depth" and (v < 1 or v > 100000) then
        error(("solve: depth must be a number of moves from 1 to 100000, got %s"):format(v), 2)
      end
    end
    local nodes = math.floor(opts.nodes or 10000000)
    local hash = math.floor((opts.hash or 64) * 1024 * 1024)
    local result, moves, n, t, cut, pos, full, dead, first, idle_cuts, covered =
      core.patience.solve(g, nodes, opts.time or 0, hash, math.floor(opts.depth or 1500),
                          opts.defer == nil or opts.defer, opts.cover ~= false)
    return {result = result, moves = moves, nodes = n, time = t, depth_cut = cut,
            positions = pos, table_full = full, dead = dead, first_nodes = first,
            idle_cuts = idle_cuts, covered = covered}
  end,
}

return M
