-- stratagem.match: games between two UCI chess engines (each a program run as a child process):
-- openings played twice with the colours swapped, a clock kept by the runner, adjudication,
-- a PGN file of the games, and the Elo difference with its 95% margin.
local core = require "stratagem.core"

local M = {}
local fmt = string.format

local function stratagem() return require "stratagem" end

-- ---- Elo ----

local Z95 = 1.959964

-- The logistic Elo difference for a score fraction (+-inf at 100% and 0%).
function M.elo_of(p)
  if p <= 0 then return -math.huge end
  if p >= 1 then return math.huge end
  return -400 * math.log(1 / p - 1, 10) + 0.0   -- + 0.0: no "-0" at an even score
end

-- M.elo(wins, draws, losses): {score, elo, low, high, margin, text}: the Elo difference of the
-- score fraction and its 95% interval from the trinomial standard error.  At 100% (0%) the
-- difference is infinite and `bound` is the Elo of the lowest (highest) score fraction p with
-- p^n >= 2.5% (the exact one-sided bound when every game was won), the text
-- "+inf (every game won; 95% lower bound +X)".
function M.elo(w, d, l)
  local n = w + d + l
  if n == 0 then return {score = 0.5, elo = 0, low = -math.huge, high = math.huge,
                         margin = math.huge, text = "0 +/- inf (no games)"} end
  local s = (w + d / 2) / n
  local r = {score = s, elo = M.elo_of(s)}
  if s >= 1 or s <= 0 then
    local p = 0.025 ^ (1 / n)
    r.bound = M.elo_of(p) * (s >= 1 and 1 or -1)
    r.low = s >= 1 and r.bound or -math.huge
    r.high = s >= 1 and math.huge or r.bound
    r.margin = math.huge
    r.text = s >= 1 and fmt("+inf (every game won; 95%% lower bound %+.0f)", r.bound) or
             fmt("-inf (every game lost; 95%% upper bound %+.0f)", r.bound)
    return r
  end
  local var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
  local se = math.sqrt(var / n)
  r.low, r.high = M.elo_of(s - Z95 * se), M.elo_of(s + Z95 * se)
  r.margin = (r.high - r.low) / 2
  r.text = r.margin == math.huge and fmt("%+.1f +/- inf", r.elo) or
           fmt("%+.1f +/- %.1f", r.elo, r.margin)
  return r
end

-- ---- openings ----

-- Short balanced openings (SAN from the standard start), each played twice with the colours
-- swapped.
M.OPENINGS = {
  {name = "Italian Game", moves = "e4 e5 Nf3 Nc6 Bc4 Bc5"},
  {name = "Two Knights Defence", moves = "e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7"},
  {name = "Ruy Lopez", moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"},
  {name = "Scotch Game", moves = "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6"},
  {name = "Petrov Defence", moves = "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4"},
  {name = "Four Knights Game", moves = "e4 e5 Nf3 Nc6 Nc3 Nf6"},
  {name = "Vienna Game", moves = "e4 e5 Nc3 Nf6 Bc4 Nc6"},
  {name = "Philidor Defence", moves = "e4 e5 Nf3 d6 d4 exd4 Nxd4 Nf6"},
  {name = "Sicilian, Najdorf", moves = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"},
  {name = "Sicilian, Dragon", moves = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6"},
  {name = "Sicilian, Taimanov", moves = "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6"},
  {name = "Sicilian, Alapin", moves = "e4 c5 c3 Nf6 e5 Nd5"},
  {name = "Sicilian, Closed", moves = "e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7"},
  {name = "French, Winawer", moves = "e4 e6 d4 d5 Nc3 Bb4"},
  {name = "French, Tarrasch", moves = "e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7"},
  {name = "French, Advance", moves = "e4 e6 d4 d5 e5 c5 c3 Nc6"},
  {name = "Caro-Kann, Classical", moves = "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"},
  {name = "Caro-Kann, Advance", moves = "e4 c6 d4 d5 e5 Bf5"},
  {name = "Pirc Defence", moves = "e4 d6 d4 Nf6 Nc3 g6"},
  {name = "Modern Defence", moves = "e4 g6 d4 Bg7 Nc3 d6"},
  {name = "Scandinavian Defence", moves = "e4 d5 exd5 Qxd5 Nc3 Qa5"},
  {name = "Alekhine Defence", moves = "e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4"},
  {name = "Queen's Gambit Declined", moves = "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7"},
  {name = "Queen's Gambit Accepted", moves = "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6"},
  {name = "Slav Defence", moves = "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4"},
  {name = "Semi-Slav Defence", moves = "d4 d5 c4 c6 Nf3 Nf6 Nc3 e6"},
  {name = "Nimzo-Indian Defence", moves = "d4 Nf6 c4 e6 Nc3 Bb4"},
  {name = "Queen's Indian Defence", moves = "d4 Nf6 c4 e6 Nf3 b6"},
  {name = "Bogo-Indian Defence", moves = "d4 Nf6 c4 e6 Nf3 Bb4+"},
  {name = "King's Indian Defence", moves = "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"},
  {name = "Grunfeld Defence", moves = "d4 Nf6 c4 g6 Nc3 d5"},
  {name = "Benoni Defence", moves = "d4 Nf6 c4 c5 d5 e6"},
  {name = "Catalan Opening", moves = "d4 Nf6 c4 e6 g3 d5 Bg2 Be7"},
  {name = "London System", moves = "d4 d5 Nf3 Nf6 Bf4 e6"},
  {name = "Trompowsky Attack", moves = "d4 Nf6 Bg5 e6 e4 h6"},
  {name = "Dutch Defence", moves = "d4 f5 g3 Nf6 Bg2 e6"},
  {name = "English, Symmetrical", moves = "c4 c5 Nc3 Nc6 g3 g6"},
  {name = "English, Reversed Sicilian", moves = "c4 e5 Nc3 Nf6 Nf3 Nc6"},
  {name = "Reti Opening", moves = "Nf3 d5 c4 e6 g3 Nf6"},
  {name = "King's Indian Attack", moves = "Nf3 Nf6 g3 g6 Bg2 Bg7"},
}

-- The time left of a run, from the time its first done items took: "1m05s left".
function M.time_left(elapsed, done, total)
  if done <= 0 or total <= done then return "" end
  local left = math.floor(elapsed / done * (total - done) + 0.5)
  if left >= 3600 then return fmt("  %dh%02dm left", left // 3600, left % 3600 // 60) end
  if left >= 60 then return fmt("  %dm%02ds left", left // 60, left % 60) end
  return fmt("  %ds left", left)
end

local function words(s)
  local t = {}
  for w in s:gmatch("%S+") do t[#t + 1] = w end
  return t
end

-- The game at an opening's position, its moves played; nil and a message if they are wrong.
local function opening_game(o)
  local sg = stratagem()
  local ok, g, err = pcall(sg.new, "chess", {position = o.fen})
  if not ok then return nil, tostring(g) end
  if not g then return nil, err end
  local moves = type(o.moves) == "string" and words(o.moves) or o.moves or {}
  for _, m in ipairs(moves) do
    local pok, perr = pcall(g.play, g, m)
    if not pok then return nil, fmt("move '%s': %s", tostring(m), tostring(perr)) end
  end
  if g:status() ~= "playing" then return nil, "the game is already over" end
  return g
end

-- The openings of a PGN text, one game at a time: each game's start position, moves (UCI) and
-- name kept, its game closed before the next is read.  The list, or nil and a message.
local function pgn_openings(text, path)
  local list = {}
  local ok, err = pcall(function()
    for r in stratagem().chess.pgn.games(text) do
      local g = r.game
      list[#list + 1] = {fen = r.tags.FEN, moves = g:history(),
                         name = r.tags.Opening or r.tags.Event}
      getmetatable(g).__close(g)   -- its states now, not when the collector gets to it
    end
  end)
  if not ok then
    return nil, fmt("openings: %s: %s", path, tostring(err):gsub("^.-pgn%.games: ", "", 1))
  end
  return list
end

M.OPENINGS_MAX = 64 * 1024 * 1024   -- bytes of an openings file

-- M.load_openings(path): the openings of a file: a PGN file (each game's start position and
-- moves) or lines of FEN or EPD (4 fields and operations; '#' starts a comment), at most
-- M.OPENINGS_MAX bytes.  An array of {fen =, moves =, name =}, or nil and a message naming
-- the line.
function M.load_openings(path)
  local text, err = stratagem().data.read_file(path, M.OPENINGS_MAX)
  if not text then return nil, "openings: " .. err end
  local list = {}
  if text:find("^%s*%[") or text:find("^%s*1%.") then
    local perr
    list, perr = pgn_openings(text, path)
    if not list then return nil, perr end
  else
    local n = 0
    for line in (text .. "\n"):gmatch("([^\n]*)\n") do
      n = n + 1
      line = line:gsub("#.*", ""):gsub("^%s+", ""):gsub("%s+$", "")
      if line ~= "" then
        local w = words(line)
        local fen
        if #w >= 6 and w[5]:match("^%d+$") and w[6]:match("^%d+$") then
          fen = table.concat(w, " ", 1, 6)
        elseif #w >= 4 then
          fen = table.concat(w, " ", 1, 4) .. " 0 1"   -- EPD: operations after the 4 fields
        else
          return nil, fmt("openings: %s:%d: expected a FEN or EPD position, got '%s'", path, n, line)
        end
        local o = {fen = fen, name = line:match('id%s+"([^"]*)"')}
        local ok, why = opening_game(o)
        if not ok then return nil, fmt("openings: %s:%d: %s", path, n, why) end
        list[#list + 1] = o
      end
    end
  end
  if #list == 0 then return nil, fmt("openings: %s: no positions in the file", path) end
  return list
end

-- A seeded shuffle of 1..n (its own generator, so math.random is left alone).
local function shuffled(n, seed)
  local x, order = seed * 2654435761 + 1, {}
  for i = 1, n do order[i] = i end
  for i = n, 2, -1 do
    x = x * 6364136223846793005 + 1442695040888963407
    local j = ((x >> 33) % i) + 1
    order[i], order[j] = order[j], order[i]
  end
  return order
end

-- ---- engines ----

-- A command line split into words: spaces separate, quotes ('' and "") group, \ escapes.
function M.split_command(s)
  local argv, cur, i, quote, any = {}, {}, 1, nil, false
  while i <= #s do
    local c = s:sub(i, i)
    if quote then
      if c == quote then quote = nil
      elseif c == "\\" and quote == '"' and i < #s then i = i + 1; cur[#cur + 1] = s:sub(i, i)
      else cur[#cur + 1] = c end
    elseif c == "'" or c == '"' then
      quote, any = c, true
    elseif c == "\\" and i < #s then
      i = i + 1
      cur[#cur + 1], any = s:sub(i, i), true
    elseif c:match("%s") then
      if any or #cur > 0 then argv[#argv + 1] = table.concat(cur) end
      cur, any = {}, false
    else
      cur[#cur + 1] = c
    end
    i = i + 1
  end
  if quote then return nil, fmt("unterminated %s quote in '%s'", quote, s) end
  if any or #cur > 0 then argv[#argv + 1] = table.concat(cur) end
  if #argv == 0 then return nil, "an empty command" end
  return argv
end

-- Read lines from engine e until one satisfies want(line); each line goes to see(line) first.
-- The line, or nil and "timeout" or "eof".
local function read_until(e, timeout, want, see)
  local deadline = core.clock() + timeout
  while true do
    local line, why = e.proc:recv(math.max(0, deadline - core.clock()))
    if not line then return nil, why end
    if see then see(line) end
    if want(line) then return line end
  end
end

local function first_word(w)
  return function(line) return line:match("^%s*(%S+)") == w end
end

-- Kill an engine that has stopped behaving; it is started again before its next game.
local function drop(e)
  if e.proc then e.proc:close(0) end
  e.proc = nil
end

-- Start engine e and take it through uci, setoption and isready; raises a message on failure.
local function start_engine(e, ctx)
  local proc, err = core.spawn(e.argv, {stderr = ctx.stderr})
  if not proc then error(fmt("engine %d: %s", e.index, err), 0) end
  e.proc = proc
  proc:send("uci")
  local declared, id = {}, nil
  local ok, why = read_until(e, ctx.timeout, first_word("uciok"), function(line)
    local name = line:match("^%s*id%s+name%s+(.-)%s*$")
    if name then id = name end
    local opt = line:match("^%s*option%s+name%s+(.-)%s+type%s")
    if opt then declared[opt:lower()] = opt end
  end)
  if not ok then
    drop(e)
    error(fmt("engine %d (%s): no 'uciok' in answer to 'uci' (%s)", e.index,
              table.concat(e.argv, " "), why == "eof" and "it exited" or
              fmt("nothing within %g s", ctx.timeout)), 0)
  end
  e.id = id or e.argv[1]:match("[^/]*$")
  for _, o in ipairs(e.options) do
    local name = declared[o.name:lower()]
    if not name then
      local names = {}
      for _, v in pairs(declared) do names[#names + 1] = v end
      table.sort(names)
      drop(e)
      error(fmt("engine %d (%s) has no UCI option '%s' (its options: %s)", e.index, e.id, o.name,
                #names > 0 and table.concat(names, ", ") or "none"), 0)
    end
    proc:send(fmt("setoption name %s value %s", name, o.value))
  end
  proc:send("isready")
  ok, why = read_until(e, ctx.timeout, first_word("readyok"))
  if not ok then
    drop(e)
    error(fmt("engine %d (%s): no 'readyok' in answer to 'isready' (%s)", e.index, e.id,
              why == "eof" and "it exited" or fmt("nothing within %g s", ctx.timeout)), 0)
  end
end

-- Ready engine e for a new game, restarting it if it died or stopped answering.
local function new_game(e, ctx)
  if e.proc and e.proc:alive() then
    e.proc:send("ucinewgame")
    e.proc:send("isready")
    if read_until(e, ctx.timeout, first_word("readyok")) then return end
    drop(e)
  end
  if e.proc then drop(e) end
  start_engine(e, ctx)
end

-- The score and depth of an info line, from the engine's side: cp, or mate as +-(100000 - n).
local function parse_info(line, info)
  local d = line:match("%sdepth%s+(%d+)")
  local kind, v = line:match("%sscore%s+(%a+)%s+(%-?%d+)")
  if kind == "cp" then
    info.score, info.mate, info.depth = tonumber(v), nil, tonumber(d) or info.depth
  elseif kind == "mate" then
    local n = tonumber(v)
    info.score = n >= 0 and 100000 - n or -100000 - n
    info.mate, info.depth = n, tonumber(d) or info.depth
  end
end

-- ---- one game ----

local COLOUR = {"White", "Black"}

-- The text of a move's comment: score in pawns from the mover's side, depth, time.
local function move_comment(info, elapsed)
  local parts = {}
  if info.mate then
    parts[1] = fmt("%sM%d", info.mate >= 0 and "+" or "-", math.abs(info.mate))
  elseif info.score then
    parts[1] = fmt("%+.2f", info.score / 100)
  end
  if parts[1] and info.depth then parts[1] = parts[1] .. "/" .. info.depth end
  parts[#parts + 1] = fmt("%.3fs", elapsed)
  return table.concat(parts, " ")
end

-- The "position" command for the game so far.
local function position_command(g)
  local start = g:position{start = true, all = true}
  local pgn = stratagem().chess.pgn
  local s = (start:match("^(%S+ %S+ %S+ %S+)") == pgn.START:match("^(%S+ %S+ %S+ %S+)"))
            and "position startpos" or ("position fen " .. start)
  local h = g:history()
  if #h > 0 then s = s .. " moves " .. table.concat(h, " ") end
  return s
end

-- Adjudication from the scores of the last plies (white's view); a result and reason or nil.
local function adjudicate(scores, ply, ctx)
  local r = ctx.resign
  if r and #scores >= 2 * r.moves then
    local white, black = true, true
    for k = #scores - 2 * r.moves + 1, #scores do
      local s = scores[k]
      white = white and s ~= nil and s >= r.score
      black = black and s ~= nil and s <= -r.score
    end
    if white then return "1-0", "Black resigns (adjudication)" end
    if black then return "0-1", "White resigns (adjudication)" end
  end
  local d = ctx.draw
  if d and ply >= 2 * d.after and #scores >= 2 * d.moves then
    local quiet = true
    for k = #scores - 2 * d.moves + 1, #scores do
      local s = scores[k]
      quiet = quiet and s ~= nil and math.abs(s) <= d.score
    end
    if quiet then return "1/2-1/2", "draw by adjudication" end
  end
end

-- Ask the engine to move; the move, the info and the seconds it took, or nil and why it lost
-- ("time", "crash" with the exit, "unresponsive").
local function think(e, g, clocks, ctx)
  local proc = e.proc
  proc:send(position_command(g))
  local go, limit
  if ctx.mode == "tc" then
    local ms = function(s) return math.max(1, math.floor(s * 1000 + 0.5)) end
    go = fmt("go wtime %d btime %d winc %d binc %d", ms(clocks[1]), ms(clocks[2]),
             math.floor(ctx.inc * 1000 + 0.5), math.floor(ctx.inc * 1000 + 0.5))
    limit = clocks[g:player()] + ctx.margin
  elseif ctx.mode == "movetime" then
    go = fmt("go movetime %d", math.max(1, math.floor(ctx.movetime * 1000 + 0.5)))
    limit = ctx.movetime + ctx.margin
  elseif ctx.mode == "depth" then
    go, limit = fmt("go depth %d", ctx.depth), ctx.timeout
  else
    go, limit = fmt("go nodes %d", ctx.nodes), ctx.timeout
  end
  local t0 = core.clock()
  local sent, serr = proc:send(go)
  local info = {}
  local line, why
  if sent then
    line, why = read_until(e, limit, first_word("bestmove"), function(l)
      if l:match("^%s*info%s") then parse_info(l, info) end
    end)
  else
    why = "eof"
  end
  local elapsed = core.clock() - t0
  if not line then
    if why == "eof" then
      local code, how = proc:close(0.5)
      e.proc = nil
      return nil, "crash", fmt("%s %d", how == "signal" and "signal" or "exit code", code), serr
    end
    -- out of time: ask it to stop; an engine that will not is killed
    proc:send("stop")
    if not read_until(e, 1, first_word("bestmove")) then drop(e) end
    return nil, (ctx.mode == "depth" or ctx.mode == "nodes") and "unresponsive" or "time", elapsed
  end
  if ctx.mode ~= "depth" and ctx.mode ~= "nodes" and elapsed > limit then
    return nil, "time", elapsed
  end
  return line:match("^%s*bestmove%s+(%S+)") or "", info, elapsed
end

-- Play one game from opening o, engines[white] as White.  A record {game, white, black,
-- result, reason, termination, comments}.
local function play_game(ctx, o, white)
  local engines = ctx.engines
  local seat = {engines[white], engines[3 - white]}
  for _, e in ipairs(seat) do new_game(e, ctx) end
  local g = assert(opening_game(o))
  local clocks = {ctx.base, ctx.base}
  local scores, comments = {}, {}
  local rec = {game = g, white = seat[1].name, black = seat[2].name, opening = o.name,
               comments = comments}
  local function finish(result, termination, reason)
    rec.result, rec.termination, rec.reason = result, termination, reason
    return rec
  end
  local first = #g:history()
  while true do
    local status = g:status()
    if status ~= "playing" then
      local result, why = g:result()
      return finish(result, "normal", why)
    end
    local ply = #g:history()
    if ctx.max_moves and ply - first >= ctx.max_moves then
      return finish("1/2-1/2", "adjudication", fmt("move limit (%d moves)", ctx.max_moves))
    end
    local side = g:player()
    local e = seat[side]
    local loses = side == 1 and "0-1" or "1-0"
    local move, info, elapsed = think(e, g, clocks, ctx)
    if not move then
      if info == "crash" then
        return finish(loses, "abandoned", fmt("%s (%s) crashed (%s)", COLOUR[side], e.name, elapsed))
      elseif info == "unresponsive" then
        return finish(loses, "abandoned", fmt("%s (%s) did not answer 'go' within %g s",
                                              COLOUR[side], e.name, ctx.timeout))
      end
      return finish(loses, "time forfeit", fmt("%s (%s) loses on time", COLOUR[side], e.name))
    end
    local ok = move ~= "" and g:legal(move)
    if not ok then
      return finish(loses, "rules infraction", fmt("%s (%s) plays an illegal move '%s'",
                                                   COLOUR[side], e.name, move))
    end
    if ctx.mode == "tc" then
      clocks[side] = math.max(0, clocks[side] - elapsed) + ctx.inc
    end
    g:play(move)
    comments[#g:history()] = move_comment(info, elapsed)
    local s = info.score
    scores[#scores + 1] = s and (side == 1 and s or -s)
    local result, why = adjudicate(scores, #g:history(), ctx)
    if result then return finish(result, "adjudication", why) end
  end
end

-- ---- the match ----

local KEYS = {"depth", "draw", "engines", "event", "games", "margin", "max_moves", "movetime",
              "nodes", "openings", "pgn", "plot", "progress", "resign", "seed", "sprt", "stderr",
              "tc", "timeout"}
local SPRT = {elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05}
local RESIGN = {score = 1000, moves = 4}
local DRAW = {score = 10, moves = 8, after = 40}

local function fail(msg, ...) error("match: " .. fmt(msg, ...), 3) end

-- An adjudication setting: false/nil (off), true (the defaults) or a table over the defaults.
local function adjudication(name, v, defaults)
  if not v then return nil end
  local t = {}
  for k, x in pairs(defaults) do t[k] = x end
  if v == true then return t end
  if type(v) ~= "table" then fail("%s must be true, false or a table", name) end
  local valid = {}
  for k in pairs(defaults) do valid[#valid + 1] = k end
  table.sort(valid)
  for k, x in pairs(v) do
    if defaults[k] == nil then
      fail("%s: unknown key '%s' (valid keys: %s)", name, tostring(k), table.concat(valid, ", "))
    end
    if math.type(x) ~= "integer" or x < 0 then
      fail("%s.%s must be a whole number, 0 or more, got %s", name, k, tostring(x))
    end
    t[k] = x
  end
  if t.moves < 1 then fail("%s.moves must be 1 or more", name) end
  return t
end

-- A time control "BASE+INC" or "BASE" in seconds, or {base =, inc =}: base, inc.
function M.parse_tc(tc)
  if type(tc) == "table" then return tonumber(tc.base), tonumber(tc.inc or 0) end
  if type(tc) ~= "string" then return nil end
  local b, i = tc:match("^%s*([%d%.]+)%s*%+%s*([%d%.]+)%s*$")
  if not b then b = tc:match("^%s*([%d%.]+)%s*$") end
  return tonumber(b), tonumber(i or 0)
end

local function check(opts)
  if type(opts) ~= "table" then fail("expected a table of settings, got %s", type(opts)) end
  local valid = {}
  for _, k in ipairs(KEYS) do valid[k] = true end
  for k in pairs(opts) do
    if not valid[k] then
      fail("unknown setting '%s' (valid: %s)", tostring(k), table.concat(KEYS, ", "))
    end
  end
  local ctx = {}
  if type(opts.engines) ~= "table" or #opts.engines ~= 2 then
    fail("engines must be an array of two engines {cmd =, name =, options =}")
  end
  ctx.engines = {}
  for i, spec in ipairs(opts.engines) do
    if type(spec) ~= "table" then fail("engines[%d] must be a table {cmd =, name =, options =}", i) end
    for k in pairs(spec) do
      if k ~= "cmd" and k ~= "name" and k ~= "options" then
        fail("engines[%d]: unknown key '%s' (valid keys: cmd, name, options)", i, tostring(k))
      end
    end
    local argv = spec.cmd
    if type(argv) == "string" then
      local err
      argv, err = M.split_command(argv)
      if not argv then fail("engines[%d].cmd: %s", i, err) end
    elseif type(argv) ~= "table" or #argv == 0 then
      fail("engines[%d].cmd must be a command line or an array of words", i)
    end
    local options = {}
    if spec.options ~= nil and type(spec.options) ~= "table" then
      fail("engines[%d].options must be a table of UCI option names and values", i)
    end
    -- an array of {name, value} keeps the order; a table name = value is sent sorted
    for k, v in pairs(spec.options or {}) do
      if type(k) == "string" then options[#options + 1] = {name = k, value = tostring(v)} end
    end
    table.sort(options, function(a, b) return a.name < b.name end)
    for _, pair in ipairs(spec.options or {}) do
      if type(pair) ~= "table" or type(pair[1]) ~= "string" then
        fail("engines[%d].options: an array item must be {name, value}", i)
      end
      options[#options + 1] = {name = pair[1], value = tostring(pair[2])}
    end
    if spec.name ~= nil and type(spec.name) ~= "string" then fail("engines[%d].name must be a string", i) end
    ctx.engines[i] = {index = i, argv = argv, options = options, name = spec.name}
  end
  local function count(k, lo)
    local v = opts[k]
    if v ~= nil and (math.type(v) ~= "integer" or v < lo) then
      fail("%s must be a whole number, %d or more, got %s", k, lo, tostring(v))
    end
    return v
  end
  local function seconds(k, positive)
    local v = opts[k]
    if v ~= nil and (type(v) ~= "number" or v < 0 or (positive and v == 0)) then
      fail("%s must be a number of seconds, %s, got %s", k, positive and "more than 0" or
           "0 or more", tostring(v))
    end
    return v
  end
  ctx.games = count("games", 1) or 2
  ctx.seed = opts.seed or 1
  if math.type(ctx.seed) ~= "integer" then fail("seed must be an integer") end
  ctx.max_moves = count("max_moves", 1)
  if opts.max_moves == nil then ctx.max_moves = 600 end
  ctx.depth, ctx.nodes = count("depth", 1), count("nodes", 1)
  ctx.movetime = seconds("movetime", true)
  ctx.margin = seconds("margin") or 0.1
  ctx.timeout = seconds("timeout", true) or 30
  local n = (opts.tc and 1 or 0) + (ctx.movetime and 1 or 0) + (ctx.depth and 1 or 0) +
            (ctx.nodes and 1 or 0)
  if n > 1 then fail("give one of tc, movetime, depth and nodes") end
  if ctx.depth then ctx.mode = "depth"
  elseif ctx.nodes then ctx.mode = "nodes"
  elseif ctx.movetime then ctx.mode = "movetime"
  else
    ctx.mode = "tc"
    local base, inc = M.parse_tc(opts.tc or "10+0.1")
    if not base or not inc or base <= 0 or inc < 0 then
      fail("tc must be BASE+INC in seconds (e.g. '10+0.1') or {base =, inc =}, got '%s'",
           tostring(opts.tc))
    end
    ctx.base, ctx.inc = base, inc
    ctx.tc_text = type(opts.tc) == "string" and opts.tc:gsub("%s", "") or
                  fmt("%g+%g", base, inc)
  end
  if opts.sprt then   -- an SPRT of engine 1 against engine 2 over the game pairs
    if opts.sprt ~= true and type(opts.sprt) ~= "table" then
      fail("sprt must be true or a table {elo0 =, elo1 =, alpha =, beta =}")
    end
    local t = {}
    for k, x in pairs(SPRT) do t[k] = x end
    for k, x in pairs(opts.sprt == true and {} or opts.sprt) do
      if SPRT[k] == nil then
        fail("sprt: unknown key '%s' (valid keys: alpha, beta, elo0, elo1)", tostring(k))
      end
      if type(x) ~= "number" or x ~= x then fail("sprt.%s must be a number", k) end
      t[k] = x
    end
    if t.elo1 <= t.elo0 then fail("sprt: elo1 (%g) must be above elo0 (%g)", t.elo1, t.elo0) end
    for _, k in ipairs({"alpha", "beta"}) do
      if not (t[k] > 0 and t[k] < 0.5) then fail("sprt.%s must be above 0 and below 0.5", k) end
    end
    ctx.sprt = t
    if opts.games == nil then ctx.games = 20000 end
  end
  ctx.resign = adjudication("resign", opts.resign, RESIGN)
  ctx.draw = adjudication("draw", opts.draw, DRAW)
  if opts.openings ~= nil and (type(opts.openings) ~= "table" or #opts.openings == 0) then
    fail("openings must be a non-empty array of {fen =, moves =, name =} (see load_openings)")
  end
  ctx.openings = {}
  for i, o in ipairs(opts.openings or M.OPENINGS) do
    if type(o) == "string" then o = {fen = o} end
    ctx.openings[i] = o
    if type(o) ~= "table" then fail("openings[%d] must be a table {fen =, moves =}", i) end
    local ok, why = opening_game(o)
    if not ok then fail("openings[%d]%s: %s", i, o.name and (" (" .. o.name .. ")") or "", why) end
  end
  if opts.pgn ~= nil and type(opts.pgn) ~= "string" then fail("pgn must be a file name") end
  if opts.plot ~= nil and type(opts.plot) ~= "string" then
    fail("plot must be the name of an SVG file to write")
  end
  ctx.plot = opts.plot
  if opts.stderr ~= nil and opts.stderr ~= "null" and opts.stderr ~= "inherit" then
    fail("stderr must be 'null' or 'inherit', got '%s'", tostring(opts.stderr))
  end
  ctx.stderr = opts.stderr or "null"
  ctx.pgn, ctx.event = opts.pgn, opts.event or "stratagem match"
  ctx.progress = opts.progress ~= false
  return ctx
end

local function time_control_tag(ctx)
  return ctx.mode == "tc" and ctx.tc_text or "-"
end

-- The PGN record of a played game.
local function pgn_record(ctx, rec, round)
  local tags = {Event = ctx.event, Site = "?", Date = os.date("%Y.%m.%d"), Round = tostring(round),
                White = rec.white, Black = rec.black, Result = rec.result,
                Termination = rec.termination, TimeControl = time_control_tag(ctx)}
  if rec.opening then tags.Opening = rec.opening end
  local comments = {}
  for k, v in pairs(rec.comments) do comments[k] = v end
  local last = #rec.game:history()
  comments[last] = (comments[last] and comments[last] .. ", " or "") .. (rec.reason or "")
  return {game = rec.game, tags = tags, result = rec.result, comments = comments}
end

-- M.run(opts): play the match; the summary {games, wins, draws, losses, score, elo, names,
-- records, terminations, time, seed} from engine 1's side.  Raises "match: ..." on bad
-- settings or an engine that cannot be started.
function M.run(opts)
  local ctx = check(opts)
  local sum = {games = 0, wins = 0, draws = 0, losses = 0, records = {}, terminations = {},
               seed = ctx.seed}
  local pgn_texts = {}
  local order = shuffled(#ctx.openings, ctx.seed)
  local t0 = core.clock()
  -- SIGTERM and SIGHUP stop the match as Ctrl-C does, so the engines' groups are ended below
  core.catch_term(true)
  local ok, err = pcall(function()
    for _, e in ipairs(ctx.engines) do start_engine(e, ctx) end
    local a, b = ctx.engines[1], ctx.engines[2]
    a.name, b.name = a.name or a.id, b.name or b.id
    if a.name == b.name then a.name, b.name = a.name .. " (1)", b.name .. " (2)" end
    sum.names = {a.name, b.name}
    for gi = 1, ctx.games do
      local o = ctx.openings[order[((gi + 1) // 2 - 1) % #ctx.openings + 1]]
      local white = gi % 2 == 1 and 1 or 2
      local rec = play_game(ctx, o, white)
      rec.round = gi
      sum.games = sum.games + 1
      local r1 = rec.result == "1/2-1/2" and 0.5 or
                 ((rec.result == "1-0") == (white == 1) and 1 or 0)
      if rec.result == "*" then r1 = 0.5 end
      if r1 == 1 then sum.wins = sum.wins + 1
      elseif r1 == 0 then sum.losses = sum.losses + 1
      else sum.draws = sum.draws + 1 end
      local key = rec.termination == "normal" and (rec.reason or "normal") or rec.termination
      sum.terminations[key] = (sum.terminations[key] or 0) + 1
      local e = M.elo(sum.wins, sum.draws, sum.losses)
      sum.history = sum.history or {}
      sum.history[gi] = {games = gi, elo = e.elo, low = e.low, high = e.high}
      sum.records[gi] = rec
      if ctx.sprt then   -- the pair's points of engine 1 (same opening, colours swapped)
        local lab = require "stratagem.lab"
        if not sum.sprt then
          local lo, hi = lab.bounds(ctx.sprt.alpha, ctx.sprt.beta)
          sum.sprt = {counts = {[0] = 0, 0, 0, 0, 0}, lower = lo, upper = hi, llr = 0,
                      verdict = "inconclusive", pairs = 0}
          for k, x in pairs(ctx.sprt) do sum.sprt[k] = x end
        end
        local sp = sum.sprt
        sp.pending = (sp.pending or 0) + r1
        if gi % 2 == 0 then
          local k = math.floor(sp.pending * 2 + 0.5)
          sp.counts[k], sp.pending, sp.pairs = sp.counts[k] + 1, 0, sp.pairs + 1
          local st = lab.stats(sp.counts, 4, 2, ctx.sprt.elo0, ctx.sprt.elo1)
          sp.llr = st.llr
          if st.llr >= sp.upper then sp.verdict = "H1" elseif st.llr <= sp.lower then sp.verdict = "H0" end
        end
      end
      if ctx.pgn then
        pgn_texts[gi] = stratagem().chess.pgn.write(pgn_record(ctx, rec, gi))
        local wok, werr = stratagem().data.write_file(ctx.pgn, table.concat(pgn_texts, "\n"))
        if not wok then error("match: " .. werr, 0) end
      end
      if ctx.progress then
        io.stderr:write(fmt("\r[%d/%d] %s vs %s: +%d =%d -%d  Elo %s%s%s   ", gi, ctx.games, a.name,
                            b.name, sum.wins, sum.draws, sum.losses,
                            M.elo(sum.wins, sum.draws, sum.losses).text,
                            sum.sprt and fmt("  LLR %.2f (%.2f, %.2f)", sum.sprt.llr,
                                             sum.sprt.lower, sum.sprt.upper) or "",
                            sum.sprt and "" or M.time_left(core.clock() - t0, gi, ctx.games)))
        io.stderr:flush()
      end
      if sum.sprt and sum.sprt.verdict ~= "inconclusive" then break end
    end
  end)
  if ctx.progress and sum.games > 0 then io.stderr:write("\n") end
  for _, e in ipairs(ctx.engines) do
    if e.proc then
      e.proc:send("quit")
      e.proc:close(ok and 2 or 0)
      e.proc = nil
    end
  end
  local sig, signame = core.catch_term(false)
  if sig then   -- the engines are gone; the caller exits 128 + sig
    error(fmt("match: interrupted! (%s, signal %d)", signame, sig), 0)
  end
  if not ok then
    if type(err) == "string" and not err:find("^match: ") and not err:find("interrupted!") then
      err = "match: " .. err
    end
    error(err, 2)
  end
  sum.time = core.clock() - t0
  local e = M.elo(sum.wins, sum.draws, sum.losses)
  sum.score, sum.elo, sum.elo_low, sum.elo_high, sum.elo_margin, sum.elo_text =
    e.score, e.elo, e.low, e.high, e.margin, e.text
  if ctx.plot then
    local wok, werr = stratagem().data.write_file(ctx.plot, M.svg(sum))
    if not wok then error("match: plot: " .. tostring(werr), 2) end
  end
  return sum
end

-- Engine 1's Elo difference over the games, with its 95% interval (an infinite value, at a
-- score of 0 or 100%, is left out of the chart), as SVG.
function M.svg(sum)
  local elo, low, high = {}, {}, {}
  for _, h in ipairs(sum.history or {}) do
    elo[#elo + 1], low[#low + 1], high[#high + 1] = {h.games, h.elo}, {h.games, h.low}, {h.games, h.high}
  end
  local names = sum.names or {"engine 1", "engine 2"}
  return require("stratagem.plot").lines{
    title = fmt("%s vs %s: Elo of %s over %d games", names[1], names[2], names[1], sum.games),
    xlabel = "games", ylabel = "Elo difference",
    series = {{name = "Elo", points = elo}, {name = "95% interval", points = low, dash = true,
               colour = "#888"}, {name = "", points = high, dash = true, colour = "#888"}},
    hlines = {{y = 0, name = "equal strength", colour = "#555"}}}
end

-- The summary as the lines stratagem match prints.
function M.report(sum)
  local out = {}
  out[#out + 1] = fmt("%s vs %s: %d games, +%d =%d -%d (wins, draws, losses of %s), score %.1f%%",
                      sum.names[1], sum.names[2], sum.games, sum.wins, sum.draws, sum.losses,
                      sum.names[1], 100 * sum.score)
  out[#out + 1] = fmt("Elo difference: %s%s", sum.elo_text,
                      math.abs(sum.elo) == math.huge and "" or " (95%)")
  local keys = {}
  for k in pairs(sum.terminations) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = fmt("%s %d", k, sum.terminations[k]) end
  out[#out + 1] = "Endings: " .. table.concat(parts, ", ")
  local sp = sum.sprt
  if sp then
    out[#out + 1] = fmt("SPRT: %s; LLR %.3f (bounds %.3f, %.3f), elo0 %g, elo1 %g, alpha %g, " ..
                        "beta %g; pentanomial (pair points of %s 0, 1/2, 1, 3/2, 2): %d %d %d %d %d",
                        sp.verdict == "H1" and ("H1 accepted: " .. sum.names[1] .. " is stronger")
                        or sp.verdict == "H0" and ("H0 accepted: " .. sum.names[1] ..
                                                   " is not stronger by elo1")
                        or "inconclusive", sp.llr, sp.lower, sp.upper, sp.elo0, sp.elo1,
                        sp.alpha, sp.beta, sum.names[1], sp.counts[0], sp.counts[1],
                        sp.counts[2], sp.counts[3], sp.counts[4])
  end
  return table.concat(out, "\n")
end

-- ---- stratagem match ----

M.USAGE = "stratagem match --engine1 CMD --engine2 CMD [--name1 NAME] [--name2 NAME] " ..
          "[--option NAME=VALUE] [--option1 NAME=VALUE] [--option2 NAME=VALUE] [--games N] " ..
          "[--tc BASE+INC | --movetime T | --depth N | --nodes N] [--openings FILE] [--seed S] " ..
          "[--max-moves N] [--adjudicate] [--resign score=CP,moves=N] " ..
          "[--draw score=CP,moves=N,after=MOVE] [--pgn FILE] [--plot FILE.svg] [--event NAME] [--margin S] " ..
          "[--timeout S] [--sprt elo0=E,elo1=E,alpha=A,beta=B] [--stderr] [--quiet]"

-- A number of seconds, "10ms" or "0.5s" or "0.5".
local function parse_seconds(s)
  local v, unit = tostring(s):match("^%s*([%d%.]+)%s*(%a*)%s*$")
  v = tonumber(v)
  if not v or (unit ~= "" and unit ~= "s" and unit ~= "ms") then return nil end
  return unit == "ms" and v / 1000 or v
end

-- "k=v,k=v" into a table of whole numbers.
local function int_pairs(text, opt)
  local t = {}
  for item in text:gmatch("[^,]+") do
    local k, v = item:match("^%s*([%w_]+)%s*=%s*(%-?%d+)%s*$")
    if not k then
      error(fmt("%s: expected key=value pairs of whole numbers separated by commas, got '%s'",
                opt, item), 0)
    end
    t[k] = math.tointeger(tonumber(v))
  end
  return t
end

-- The command line's words into M.run's settings; raises a message on bad usage.
local function parse_args(args)
  local o = {engines = {{options = {}}, {options = {}}}}
  local both = {}
  local i = 0
  local function value(a)
    i = i + 1
    if args[i] == nil then error(a .. " needs a value", 0) end
    return args[i]
  end
  local function whole(a, lo)
    local v = value(a)
    local n = math.tointeger(tonumber(v))
    if not n or n < lo then error(fmt("%s must be a whole number, %d or more, got '%s'", a, lo, v), 0) end
    return n
  end
  local function option(a, list)
    local v = value(a)
    local name, val = v:match("^([^=]+)=(.*)$")
    if not name or name:match("^%s*$") then
      error(fmt("%s: expected NAME=VALUE (a UCI option), got '%s'", a, v), 0)
    end
    list[#list + 1] = {name:match("^%s*(.-)%s*$"), val}
  end
  while i < #args do
    i = i + 1
    local a = args[i]
    if a == "--engine1" or a == "--engine2" then
      o.engines[tonumber(a:sub(-1))].cmd = value(a)
    elseif a == "--name1" or a == "--name2" then
      o.engines[tonumber(a:sub(-1))].name = value(a)
    elseif a == "--option1" or a == "--option2" then
      option(a, o.engines[tonumber(a:sub(-1))].options)
    elseif a == "--option" then
      option(a, both)
    elseif a == "--games" then o.games = whole(a, 1)
    elseif a == "--seed" then o.seed = whole(a, math.mininteger)
    elseif a == "--depth" then o.depth = whole(a, 1)
    elseif a == "--nodes" then o.nodes = whole(a, 1)
    elseif a == "--max-moves" then o.max_moves = whole(a, 1)
    elseif a == "--tc" then
      o.tc = value(a)
      local b, inc = M.parse_tc(o.tc)
      if not b or not inc or b <= 0 then
        error(fmt("--tc: expected BASE+INC in seconds, e.g. 10+0.1 or 60, got '%s'", o.tc), 0)
      end
    elseif a == "--movetime" or a == "--margin" or a == "--timeout" then
      local v = value(a)
      local s = parse_seconds(v)
      if not s or (a ~= "--margin" and s <= 0) then
        error(fmt("%s: expected a time in seconds (0.5, 0.5s) or milliseconds (500ms), got '%s'",
                  a, v), 0)
      end
      o[a:sub(3)] = s
    elseif a == "--openings" then o.openings_file = value(a)
    elseif a == "--pgn" then o.pgn = value(a)
    elseif a == "--plot" then o.plot = value(a)
    elseif a == "--event" then o.event = value(a)
    elseif a == "--adjudicate" then
      o.resign = o.resign or true
      o.draw = o.draw or true
    elseif a == "--resign" then o.resign = int_pairs(value(a), a)
    elseif a == "--draw" then o.draw = int_pairs(value(a), a)
    elseif a == "--sprt" then
      local v = value(a)
      o.sprt = {}
      for item in v:gmatch("[^,]+") do
        local k, x = item:match("^%s*([%w_]+)%s*=%s*(%S+)%s*$")
        if not k or not tonumber(x) then
          error(fmt("--sprt: expected elo0=E,elo1=E,alpha=A,beta=B (any may be left out), " ..
                    "got '%s'", item), 0)
        end
        o.sprt[k] = tonumber(x)
      end
    elseif a == "--stderr" then o.stderr = "inherit"
    elseif a == "--quiet" then o.progress = false
    else
      error(fmt("unknown option '%s'", a), 0)
    end
  end
  for k = 1, 2 do
    if not o.engines[k].cmd then error(fmt("give the engines with --engine1 CMD --engine2 CMD"), 0) end
    for _, p in ipairs(both) do table.insert(o.engines[k].options, 1, p) end
  end
  return o
end

-- stratagem match ARGS: play the match, print the summary; the exit code.
function M.main(...)
  local args = {...}
  local ok, o = pcall(parse_args, args)
  if not ok then
    io.stderr:write("stratagem: match: ", tostring(o), "\nusage: ", M.USAGE, "\n")
    return 2
  end
  if o.openings_file then
    local list, err = M.load_openings(o.openings_file)
    if not list then
      io.stderr:write("stratagem: match: ", err, "\n")
      return 1
    end
    o.openings, o.openings_file = list, nil
  end
  local rok, sum = pcall(M.run, o)
  if not rok then
    io.stderr:write("stratagem: ", tostring(sum):gsub("^[^\n]-match%.lua:%d+: ", ""), "\n")
    local sig = tostring(sum):match("interrupted! %(SIG%u+, signal (%d+)%)")
    if sig then return 128 + tonumber(sig) end
    return tostring(sum):find("interrupted!") and 130 or 1
  end
  print(M.report(sum))
  if o.pgn then print("Games written to " .. o.pgn) end
  return 0
end

return M
