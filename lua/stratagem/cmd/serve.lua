-- stratagem.serve: `stratagem serve`, a local web server (GNU libmicrohttpd, through
-- stratagem.http) with a page to play any game against the computer with the mouse.
--
-- The server is one thread: it answers one request at a time, and the computer's move is one
-- request (POST /api/ai), so a long search holds the others until it ends.  Games live in
-- memory as sessions, each made from its seed (the same seed, game, variant, seat and level
-- replay the same game); the least recently used session goes when there are too many.
-- The server reads its page's three files once at start (from the data directory's web folder)
-- and never opens a file after that: a game is saved by downloading it.
local sg = require "stratagem"
local http = require "stratagem.http"
local core = require "stratagem.core"
local play = require "stratagem.play"

local M = {}
local fmt = string.format

M.USAGE = "stratagem serve [--port N] [--host ADDR] [--sessions N] [--expire MINUTES] [--quiet]"
M.HELP = [[
Serve a page to play every game against the computer with the mouse, at http://HOST:PORT/
(default http://127.0.0.1:8080/; --port 0 takes a free port and prints it).  The start page
shows the games; http://HOST:PORT/play/GAME starts one at once.  Click a piece then where it
goes, or drag it; the list of legal moves takes a click too (a Star Chess turn: click a
sector, then a target or a command, then End turn).  Undo, new game,
variants, seat, level (1-10) and seed are on the page; a game downloads as a save file
(stratagem play --load FILE) or as a replay page.  Ctrl-C stops the server.
  --port N      the port, 0 to 65535 (default 8080; 0: any free port)
  --host ADDR   the IPv4 address to listen on (default 127.0.0.1, this machine only;
                0.0.0.0 lets other machines in: there is no password)
  --sessions N  games kept at once, 1 to 10000 (default 100; the oldest unused one goes)
  --expire MINUTES  a game with no request for this long goes (default 120; 0.01 to 10080)
  --quiet       no line per request on standard error]]

local MAX_FIELDS = 64          -- form fields in one request
local DEFAULT_LEVEL = 4
local DEFAULT_EXPIRE = 120     -- minutes without a request before a game goes
local MAX_GONE = 10000         -- ids of games gone kept to say why (the oldest forgotten first)

-- The level a game's page starts at (its defaults' play.default_level, else DEFAULT_LEVEL).
local function page_level(d) return (d.play or {}).default_level or DEFAULT_LEVEL end

-- The page's words for the variant settings (the defaults' keys are the API's): a label, a
-- line of explanation (the field's title), and words for the choices.  t/074-serve.lua checks
-- that every game's every setting has its entry here.
M.VARIANT_LABELS = {
  capture = {label = "Captures", help = "compulsory: a capture must be taken; huff: a capture " ..
             "may be ignored, and the opponent may then remove (huff) the piece that could have taken",
             choices = {compulsory = "compulsory", huff = "optional (huffing)"}},
  forfeit_on_illegal = {label = "Illegal move loses the turn",
                        help = "a placement that flips nothing loses the turn instead of being refused"},
  misere = {label = "Misère", help = "three in a row loses instead of winning"},
  draw = {label = "Cards turned", help = "how many cards are turned from the stock at a time " ..
          "(only the top one is playable)", values = {"3", "1"}},
  stock = {label = "Stock", help = "what happens when the stock is used up",
           choices = {unlimited = "unlimited passes", reshuffle = "reshuffled each pass",
                      one_pass = "one pass only"}},
  split_runs = {label = "Split runs", help = "part of a column's ordered face-up run may be " ..
                "moved to another column (no: only the whole face-up run moves)"},
  empty_column = {label = "Empty column takes", help = "which cards may go to an empty column",
                  choices = {king = "a king only", picture = "any picture card"}},
  shuffle = {label = "Shuffle", help = "how the deal is shuffled from the seed",
             choices = {fisher_yates = "uniform (Fisher-Yates)", swaps = "104 random swaps"}},
}
local YES_NO = {["true"] = "yes", ["false"] = "no"}

-- ---- JSON (answers only: the requests are forms) ----

local ARRAY = {}   -- metatable marking a table written as a JSON array (even when empty)
local function array(t) return setmetatable(t or {}, ARRAY) end

local ESC = {['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t"}
local function json(v, out)
  local t = type(v)
  if t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c)
      return ESC[c] or fmt("\\u%04x", c:byte())
    end):gsub("</", "<\\/") .. '"'
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = "null"
    elseif math.type(v) == "integer" then out[#out + 1] = tostring(v)
    else out[#out + 1] = fmt("%.6g", v) end
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  elseif t == "table" then
    if getmetatable(v) == ARRAY or (#v > 0 and next(v, #v) == nil) then
      out[#out + 1] = "["
      for i, x in ipairs(v) do
        if i > 1 then out[#out + 1] = "," end
        json(x, out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        json(k, out)
        out[#out + 1] = ":"
        local x = v[k]
        if x == nil then x = v[math.tointeger(tonumber(k))] end
        json(x, out)
      end
      out[#out + 1] = "}"
    end
  else
    out[#out + 1] = "null"
  end
  return out
end
function M.json(v) return table.concat(json(v, {})) end

-- ---- requests ----

local function unescape(s)
  s = s:gsub("+", " ")
  local bad = false
  s = s:gsub("%%(..)", function(h)
    local n = tonumber(h, 16)
    if not n then bad = true; return "" end
    return string.char(n)
  end)
  if bad or s:find("%%") then return nil end
  return s
end

-- A form body (a=1&b=2) as a table; nil and why when it is malformed.
function M.parse_form(body)
  local t, n = {}, 0
  if body == "" then return t end
  for pair in (body .. "&"):gmatch("([^&]*)&") do
    if pair ~= "" then
      n = n + 1
      if n > MAX_FIELDS then return nil, fmt("more than %d fields", MAX_FIELDS) end
      local k, v = pair:match("^([^=]*)=(.*)$")
      k, v = unescape(k or pair), unescape(v or "")
      if not k or not v then return nil, "a field is not URL-encoded" end
      if k:find("\0", 1, true) or v:find("\0", 1, true) then
        return nil, "a field holds a NUL character (%00)"
      end
      if not utf8.len(k) or not utf8.len(v) then return nil, "a field is not UTF-8 text" end
      t[k] = v
    end
  end
  return t
end

-- ---- the games the page offers ----

local function game_list()
  local list = array()
  for _, name in ipairs(sg.games()) do
    local d = sg.defaults(name)
    local g = sg.new(name)
    local variant = array()
    local keys = {}
    for k in pairs(d.variant or {}) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do
      local v = d.variant[k]
      local words = M.VARIANT_LABELS[k] or {}
      local own = (d.variant_docs or {})[k]   -- a game defined in Lua: its own words
      if own then
        words = {label = own.label, help = own.doc .. " (" .. own.expected .. ")",
                 values = own.values}
      end
      local choices = (d.enums or {})[k] or words.values
      if type(v) == "boolean" then choices = {"true", "false"} end
      local shown
      if choices then
        shown = array()
        for i, c in ipairs(choices) do
          shown[i] = (words.choices or {})[c] or YES_NO[c] or tostring(c):gsub("_", " ")
        end
      end
      variant[#variant + 1] = {key = k, default = tostring(v),
                               label = words.label or (k:gsub("_", " "):gsub("^%l", string.upper)),
                               help = words.help,
                               choices = choices and array(choices) or nil, shown = shown}
    end
    local names = array()
    for p = 1, g:players() do names[p] = (d.players or {})[p] or ("player " .. p) end
    list[#list + 1] = {name = name, title = d.title or name, players = g:players(), names = names,
                       picture = "/picture/" .. name .. ".svg",
                       notation = d.notation,
                       objective = type(d.objective) == "function" and d.objective(g) or d.objective,
                       seats = array(((d.play or {}).seats) or {}), variant = variant,
                       level = page_level(d)}
  end
  return list
end

-- The word game's entry (when the server has a dictionary): one player, no variant settings;
-- `word` marks it, `time` is its seconds of play.
local function word_entry()
  local wg = require "stratagem.wordgrid"
  return {name = "wordgrid", title = (wg.TITLE:gsub("^the w", "W"):gsub(" %(stratagem play.-%)$", "")), players = 1,
          names = array{"player"}, picture = "/picture/wordgrid.svg", word = true, time = wg.time,
          notation = fmt("words of %d or more letters along adjacent dice, each die once",
                         wg.min_len),
          seats = array{"human"}, variant = array()}
end

-- A variant value from the page's text, as the defaults have it (boolean, number, text).
local function variant_value(default, text)
  if type(default) == "boolean" then
    if text == "true" then return true elseif text == "false" then return false end
    return nil, "true or false"
  elseif type(default) == "number" then
    local n = tonumber(text)
    if math.type(default) == "integer" then n = n and math.tointeger(n) end
    if not n then return nil, math.type(default) == "integer" and "a whole number" or "a number" end
    return n
  end
  return text
end

-- ---- sessions ----

local Server = {}
Server.__index = Server

local function new_id()
  local f = io.open("/dev/urandom", "rb")
  local bytes = f and f:read(9)
  if f then f:close() end
  if not bytes or #bytes < 9 then   -- no /dev/urandom: the clock and a counter
    Server.counter = (Server.counter or 0) + 1
    bytes = fmt("%.6f%d", sg.clock(), Server.counter)
  end
  return (bytes:gsub(".", function(c) return fmt("%02x", c:byte()) end)):sub(1, 18)
end

local function hidden(name) return sg.info(name).hidden end

-- Whose turn it is: the person's (true) or the computer's.
local function persons_turn(S)
  local st = S.g:status()
  return st == "playing" and S.g:player() == S.seat
end

-- The moves played as the move buttons show them (SAN in chess), replayed from the start.
local function history_shown(g)
  local h = g:history()
  local shown = array()
  local d = sg.defaults(g:game())
  if not (d.play or {}).san then
    for i, m in ipairs(h) do shown[i] = m end
    return shown
  end
  local c = g:copy()
  while c:ply() > 0 do c:undo() end
  for i, m in ipairs(h) do
    shown[i] = play.shown_move(c, m)
    c:play(m)
  end
  return shown
end

-- Othello's discs of each colour: {{name =, discs =}, ...} in the players' order.
local function disc_counts(S, g, names)
  if S.game ~= "othello" then return nil end
  local board = g:position():match("^%S+")
  local _, b = board:gsub("b", "")
  local _, w = board:gsub("w", "")
  return array{{name = names[1] or "black", discs = b}, {name = names[2] or "white", discs = w}}
end

-- In a game whose defaults name a chronicle (Star Chess), the other players' turns since the
-- person's last (the last MAX_TURNS_SHOWN: a person defeated watches the rest of the game),
-- as terminal play says them: {{player =, name =, turn =, lines =}, ...}.
local MAX_TURNS_SHOWN = 12
local function recent_turns(S, names)
  local chron = (sg.defaults(S.game).play or {}).chronicle
  if not chron then return nil end
  local list = array()
  for _, tn in ipairs(require(chron).recent(S.g, S.seat, MAX_TURNS_SHOWN)) do
    list[#list + 1] = {player = tn.player, name = names[tn.player] or ("player " .. tn.player),
                       turn = tn.turn, lines = array(tn.lines)}
  end
  return list
end

local function state(S, said)
  local g = S.g
  local st, winner = g:status()
  local svgmod = require "stratagem.svg"
  -- chess from black's side when the person has black
  local flip = S.game == "chess" and S.seat == 2 or nil
  local ok, svg = pcall(g.svg, g, {size = 560, last = true, flip = flip,
                                   player = hidden(S.game) and S.seat or nil})
  if ok then svg = svg:gsub("^<%?xml[^>]*>%s*", "") else svg = nil end
  local moves = array()
  if persons_turn(S) then
    for _, m in ipairs(g:moves()) do
      local cells
      if svgmod.move_cells then
        local cok, c = pcall(svgmod.move_cells, g, m)
        if cok and c then cells = array(c) end
      end
      moves[#moves + 1] = {move = m, shown = play.shown_move(g, m), cells = cells}
    end
  end
  local history = array()
  for i, m in ipairs(g:history()) do history[i] = m end
  local d = sg.defaults(S.game)
  local names = d.players or {}
  local result
  if st == "won" then
    result = fmt("%s wins", names[winner] or ("player " .. tostring(winner)))
  elseif st == "lost" and g.cards_home then   -- patience: the score of a lost deal
    result = fmt("lost, with %d cards home", g:cards_home())
  elseif st ~= "playing" then
    result = st
  end
  return {
    id = S.id, game = S.game, title = d.title or S.game, seed = S.seed, level = S.level,
    level_elo = S.level_elo, level_scale = S.level_elo and (d.play or {}).level_scale or nil,
    seat = S.seat, players = g:players(), player = st == "playing" and g:player() or nil,
    player_name = st == "playing" and names[g:player()] or nil, seat_name = names[S.seat],
    status = st, winner = winner, result = result, ply = g:ply(), svg = svg,
    diagram = not svg and g:diagram(false) or nil,
    position = not hidden(S.game) and g:position() or nil,
    moves = moves, history = history, history_shown = history_shown(g), flip = flip,
    discs = disc_counts(S, g, names), your_turn = persons_turn(S),
    variant = S.variant_text, said = said and array(said) or nil,
    notation = d.notation, turns = recent_turns(S, names),
  }
end

-- A session goes: its id is kept (up to MAX_GONE of them) with why, for the page to say so.
function Server:drop(S, why)
  self.sessions[S.id] = nil
  if self.gone_n >= MAX_GONE then self.gone, self.gone_n = {}, 0 end
  self.gone[S.id] = why
  self.gone_n = self.gone_n + 1
end

-- Sessions without a request for the expiry time go.
function Server:expire()
  local now = sg.clock()
  for _, S in pairs(self.sessions) do
    if now - S.last > self.expire_minutes * 60 then self:drop(S, "expired") end
  end
end

-- ---- the word game: words typed against the clock, then the computer's words ----

local function word_finish(S)
  if S.status == "over" then return end
  S.status = "over"
  S.result = S.g:result()
end

local function word_state(S, said)
  local g = S.g
  local left = S.deadline - sg.clock()
  if S.status == "playing" and left <= 0 then
    word_finish(S)
    said = said or {"time is up"}
  end
  local wg = require "stratagem.wordgrid"
  local found = array()
  for i, w in ipairs(g:found()) do found[i] = fmt("%s (%d)", w, wg.score(w)) end
  local r, result = S.result, nil
  if r then
    local sh, sc = r.scores.human, r.scores.computer
    result = fmt("you %d, the computer %d: %s", sh, sc,
                 sh > sc and "you win" or sh < sc and "the computer wins" or "a draw")
  end
  local svg = g:svg{size = 560, title = false}:gsub("^<%?xml[^>]*>%s*", "")
  return {
    id = S.id, game = "wordgrid", title = (wg.TITLE:gsub("^the w", "W"):gsub(" %(stratagem play.-%)$", "")), seed = S.seed,
    players = 1, seat = 1, status = S.status == "over" and "over" or "playing",
    your_turn = S.status ~= "over", word = true, svg = svg, moves = array(),
    history = array(g:found()), history_shown = found,
    time_left = S.status == "over" and 0 or math.max(0, math.floor(left + 0.5)),
    result = result, said = said and array(said) or nil,
    words = r and {human = array(r.human), computer = array(r.computer), both = array(r.both),
                   neither = array(r.neither), scores = r.scores} or nil,
    notation = fmt("words of %d or more letters along adjacent dice, each die once", wg.min_len),
  }
end

function Server:session(id)
  local S = self.sessions[id or ""]
  if S then
    self.tick = self.tick + 1
    S.used = self.tick
    S.last = sg.clock()
  end
  return S
end

function Server:add(S)
  local n, oldest = 0, nil
  for _, s in pairs(self.sessions) do
    n = n + 1
    if not oldest or s.used < oldest.used then oldest = s end
  end
  if n >= self.max_sessions and oldest then self:drop(oldest, "evicted") end
  self.tick = self.tick + 1
  S.used = self.tick
  S.last = sg.clock()
  self.sessions[S.id] = S
end

-- ---- answers ----

local function answer_json(status, v)
  return status, "application/json; charset=utf-8", M.json(v)
end
local function refuse(status, msg) return answer_json(status, {error = msg}) end

-- The 404 answer for a game the server does not have: why, in words and as `gone`
-- ("expired", "evicted" or "unknown"), with the expiry time in minutes.
function Server:no_session(id)
  local why = self.gone[id or ""] or "unknown"
  local minutes = self.expire_minutes
  local text = fmt("%g", minutes)
  local msg
  if why == "expired" then
    msg = fmt("this game has expired (no move for %s minute%s): start a new one", text,
              minutes == 1 and "" or "s")
  elseif why == "evicted" then
    msg = fmt("this game was the oldest of too many (%d games at once): start a new one",
              self.max_sessions)
  else
    msg = "no game with this id on the server (it restarted, or the game was the oldest of " ..
          "too many): start a new one"
  end
  return answer_json(404, {error = msg, gone = why, expire_minutes = minutes})
end

local function page_escape(s)
  return (tostring(s):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"))
end
local function error_page(status, title, msg)
  return status, "text/html; charset=utf-8", fmt([[<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%d %s</title></head>
<body><h1>%s</h1><p>%s</p><p><a href="/">Back to the games</a></p></body></html>
]], status, page_escape(title), page_escape(title), page_escape(msg))
end

local api = {}

-- A new word game: seed; the dictionary the server loaded at start.
local function new_word_game(srv, f)
  local seed = f.seed and f.seed ~= "" and math.tointeger(tonumber(f.seed))
  if f.seed and f.seed ~= "" and (not seed or seed < 0) then
    return refuse(400, fmt("seed: expected a whole number 0 or more, got '%s'", f.seed))
  end
  seed = seed or tonumber(new_id():sub(1, 8), 16)
  local g = sg.new("wordgrid", {seed = seed, dict = srv.dict})
  local S = {id = new_id(), game = "wordgrid", g = g, seed = seed, level = DEFAULT_LEVEL, seat = 1,
             word = true, status = "playing",
             deadline = sg.clock() + (srv.word_time or require("stratagem.wordgrid").time)}
  srv:add(S)
  return answer_json(200, word_state(S))
end

-- POST /api/word: id, word (the word game's move).
api.word = function(_, f, S)
  if not S.word then return refuse(409, fmt("%s takes moves (POST /api/move), not words", S.game)) end
  local st = word_state(S)
  if st.status == "over" then
    return refuse(409, "the game is over" .. (st.said and " (time is up)" or "") .. ": start a new one")
  end
  local w = f.word
  if not w or w == "" then return refuse(400, "word: expected a word of letters a-z") end
  local ok, err = S.g:submit(w)
  if not ok then return refuse(422, err) end
  return answer_json(200, word_state(S, {fmt("%s: %d point%s", ok, require("stratagem.wordgrid").score(ok),
                                            require("stratagem.wordgrid").score(ok) == 1 and "" or "s")}))
end

-- POST /api/finish: id; the word game ends now (as when its time runs out).
api.finish = function(_, _, S)
  if not S.word then return refuse(409, fmt("%s has no clock to stop (it ends by its rules)", S.game)) end
  word_finish(S)
  return answer_json(200, word_state(S))
end

-- POST /api/new: game, seat, level, seed, variant.KEY=VALUE ...
api.new = function(srv, f)
  local name = f.game
  if name == "wordgrid" and srv.dict then return new_word_game(srv, f) end
  if not name or not sg.known(name) then
    return refuse(404, fmt("unknown game '%s' (known games: %s)", tostring(name),
                           table.concat(sg.games(), ", ")))
  end
  local d = sg.defaults(name)
  local variant, vtext = {}, {}
  for k, v in pairs(f) do
    local key = k:match("^variant%.(.+)$")
    if key then
      local default = (d.variant or {})[key]
      if default == nil then
        local keys = {}
        for kk in pairs(d.variant or {}) do keys[#keys + 1] = kk end
        table.sort(keys)
        return refuse(400, fmt("%s has no variant setting '%s' (it has: %s)", name, key,
                               #keys > 0 and table.concat(keys, ", ") or "none"))
      end
      local val, want = variant_value(default, v)
      if val == nil then
        return refuse(400, fmt("variant %s: expected %s, got '%s'", key, want, v))
      end
      variant[key] = val
      vtext[#vtext + 1] = key .. "=" .. v
    end
  end
  table.sort(vtext)
  local seed = f.seed and f.seed ~= "" and math.tointeger(tonumber(f.seed))
  if f.seed and f.seed ~= "" and (not seed or seed < 0) then
    return refuse(400, fmt("seed: expected a whole number 0 or more, got '%s'", f.seed))
  end
  if not seed then
    local id = new_id()
    seed = tonumber(id:sub(1, 8), 16)
  end
  local level = page_level(d)
  if f.level and f.level ~= "" then
    level = math.tointeger(tonumber(f.level))
    if not level or level < 1 or level > 10 then
      return refuse(400, fmt("level: expected a whole number from 1 (weakest) to 10, got '%s'",
                             f.level))
    end
  end
  local ok, g, err = pcall(sg.new, name, {seed = seed, variant = next(variant) and variant or nil})
  if not ok then return refuse(400, (tostring(g):gsub("^.-sg%.new: ", ""))) end
  if not g then return refuse(400, err) end
  local seat = 1
  if f.seat and f.seat ~= "" then
    seat = math.tointeger(tonumber(f.seat))
    if not seat or seat < 1 or seat > g:players() then
      return refuse(400, fmt("seat: expected a player's number from 1 to %d, got '%s'",
                             g:players(), f.seat))
    end
  end
  local ai, level_elo = play.ai_settings(name, nil, nil, level)
  local S = {id = new_id(), game = name, g = g, seed = seed, level = level, seat = seat, ai = ai,
             level_elo = level_elo,
             variant_text = table.concat(vtext, ",")}
  srv:add(S)
  return answer_json(200, state(S))
end

api.state = function(_, _, S) return answer_json(200, S.word and word_state(S) or state(S)) end

-- POST /api/move: id, move (as listed, or as the player would type it)
api.move = function(_, f, S)
  if not persons_turn(S) then
    return refuse(409, S.g:status() == "playing" and "it is the computer's turn, not yours"
                       or "the game is over: start a new one or undo")
  end
  local m = f.move
  if not m or m == "" then return refuse(400, "move: expected a move, e.g. one of g:moves()") end
  local ok, err = pcall(S.g.play, S.g, m)
  if not ok then
    return refuse(422, (tostring(err):gsub("^[^\n]-:%d+: ", "")))
  end
  return answer_json(200, state(S))
end

-- The commands of a turn as the page sends them: separated by ';' or new lines, blanks
-- ignored; nil and why when there are too many.
local MAX_COMMANDS = 200
local function turn_commands(text)
  local cmds = {}
  for c in (text or ""):gmatch("[^;\n]+") do
    c = c:match("^%s*(.-)%s*$")
    if c ~= "" then cmds[#cmds + 1] = c end
  end
  if #cmds > MAX_COMMANDS then
    return nil, fmt("commands: %d of them; a turn takes at most %d", #cmds, MAX_COMMANDS)
  end
  return cmds
end

-- Play cmds on g in order, all or none: true, or nil and which was refused and why (those
-- already played are taken back).  A command after the one that passed the turn is refused.
local function play_all(g, cmds)
  local p = g:player()
  for i, c in ipairs(cmds) do
    local ok, err
    if g:status() ~= "playing" or g:player() ~= p then
      ok, err = false, fmt("the turn already passed after '%s'", cmds[i - 1])
    else
      ok, err = pcall(g.play, g, c)
    end
    if not ok then
      for _ = 1, i - 1 do g:undo() end
      return nil, fmt("command %d of %d, '%s', refused: %s", i, #cmds, c,
                      (tostring(err):gsub("^[^\n]-:%d+: ", "")))
    end
  end
  return true
end

-- The checks before a turn of commands: nil, or the refusal (the answer's values in a table).
local function turn_refused(S, f)
  if not persons_turn(S) then
    return {refuse(409, S.g:status() == "playing" and "it is the computer's turn, not yours"
                        or "the game is over: start a new one or undo")}
  end
  if not S.g:legal("end") then
    return {refuse(409, fmt("%s takes one move at a time (POST /api/move); a turn of commands " ..
                            "closed by 'end' is for games such as Star Chess", S.game))}
  end
  if not f.commands then
    return {refuse(400, "commands: expected the turn's commands, separated by ';' or new " ..
                        "lines (e.g. 'move A1 B2 5; build A1 1'), or nothing")}
  end
end

-- POST /api/preview: id, commands.  The game as it would be after the commands (of the
-- person's turn going on), with the commands legal then; the game itself is not changed.
-- The page composes a turn with it.  A refused command: 422 and why.
api.preview = function(_, f, S)
  local no = turn_refused(S, f)
  if no then return table.unpack(no) end
  local cmds, err = turn_commands(f.commands)
  if not cmds then return refuse(400, err) end
  local c = S.g:copy()
  local ok
  ok, err = play_all(c, cmds)
  if not ok then return refuse(422, err) end
  local view = setmetatable({g = c}, {__index = S})
  local st = state(view)
  st.pending = array(cmds)
  return answer_json(200, st)
end

-- POST /api/turn: id, commands.  The person's whole turn: the commands in order and then
-- 'end' (unless the last one is), all or none: a refused command is named with why, and
-- nothing is played.
api.turn = function(_, f, S)
  local no = turn_refused(S, f)
  if no then return table.unpack(no) end
  local cmds, err = turn_commands(f.commands)
  if not cmds then return refuse(400, err) end
  if #cmds == 0 or cmds[#cmds]:lower() ~= "end" then cmds[#cmds + 1] = "end" end
  local ok
  ok, err = play_all(S.g, cmds)
  if not ok then return refuse(422, err .. " (nothing of the turn was played)") end
  return answer_json(200, state(S, {"you played " .. table.concat(cmds, "; ")}))
end

-- POST /api/ai: the computer plays one move (or one whole turn of commands).
api.ai = function(srv, _, S)
  local g = S.g
  if g:status() ~= "playing" then return refuse(409, "the game is over") end
  if persons_turn(S) then return refuse(409, "it is your turn, not the computer's") end
  local opts = {}
  for k, v in pairs(S.ai) do opts[k] = v end
  for k, v in pairs(srv.ai or {}) do opts[k] = v end
  opts.seed = S.seed * 1000003 + g:ply()
  local p = g:player()
  local r = sg.search(g, opts)
  local said = {}
  local names = sg.defaults(S.game).players or {}
  local who = names[p] or ("player " .. p)
  if r.moves then
    for _, m in ipairs(r.moves) do g:play(m) end
    said[1] = fmt("%s plays %s", who, table.concat(r.moves, "; "))
  else
    local shown = play.shown_move(g, r.move)
    g:play(r.move)
    local score = (r.depth or 0) > 0 and play.score_text(S.game, r, nil, S.g)
    said[1] = fmt("%s plays %s%s", who, shown,
                  score and fmt(" (%s%s, %.2f s)", score, play.depth_text(r), r.time or 0) or "")
  end
  return answer_json(200, state(S, said))
end

-- POST /api/undo: back to the person's previous turn.
api.undo = function(_, _, S)
  local g = S.g
  if g:ply() == 0 then return refuse(409, "nothing to undo") end
  local undone = {}
  while g:ply() > 0 do
    table.insert(undone, 1, g:undo())
    if g:player() == S.seat then break end
  end
  return answer_json(200, state(S, {"took back " .. table.concat(undone, "; ")}))
end

-- GET /api/save?id=: the game as a save file, downloaded.
local function download_save(S)
  return 200, "text/plain; charset=utf-8", S.g:save(),
         {["Content-Disposition"] = fmt('attachment; filename="%s-%d.sav"', S.game, S.seed)}
end

-- GET /api/replay?id=: the game as stratagem replay's page.
local function replay_page(S)
  return 200, "text/html; charset=utf-8", require("stratagem.replay").html(S.g, {})
end

-- Requests to the loopback address whose Host is another name are refused: a page from
-- elsewhere could otherwise reach the server through a name that resolves to 127.0.0.1.
local LOOPBACK = {["127.0.0.1"] = true, localhost = true, ["[::1]"] = true}

-- The origin of this server's own page: http:// and the Host, when the Host names the server
-- by a loopback name or an address (a name could be another site's, pointing here); or nil.
local function own_origin(req)
  local host = (req.headers.host or ""):lower()
  local name = host:gsub(":%d+$", "")
  if LOOPBACK[name] or name:match("^%d+%.%d+%.%d+%.%d+$") then return "http://" .. host end
end

-- Whether an Origin is this server's: its own, or, for a loopback Host, any loopback name
-- with the Host's port.
local function is_own(req, origin)
  local own = own_origin(req)
  if not own then return false end
  origin = origin:lower()
  if origin == own then return true end
  local host_name, host_port = own:match("^http://(.-)(:?%d*)$")
  local name, port = origin:match("^http://(.-)(:?%d*)$")
  return LOOPBACK[host_name] and LOOPBACK[name or ""] and port == host_port or false
end

-- Why a POST may not change anything, or nil.  A browser tells where a request comes from
-- (Origin, Sec-Fetch-Site); the header X-Stratagem, which must carry the server's token, is
-- one a page of another site cannot send (a custom header needs a CORS preflight, which this
-- server never grants) and whose value it cannot know (the token is in this server's page and
-- at GET /api/token, which no other site's page may read), so old browsers are covered.
local function cross_site(req, token)
  local h = req.headers
  local site = h["sec-fetch-site"]
  if site and site ~= "same-origin" and site ~= "none" then
    return fmt("a request from another site (Sec-Fetch-Site: %s) cannot change games on " ..
               "this server", site)
  end
  if h.origin and not is_own(req, h.origin) then
    return fmt("a request from another site (Origin: %s) cannot change games on this server " ..
               "(only its own pages, %s, can)", h.origin, own_origin(req) or "http://127.0.0.1:PORT")
  end
  if h["x-stratagem"] ~= token then
    return fmt("a POST to the API needs the header X-Stratagem with this server's token, %s " ..
               "(GET /api/token gives it; the page sends it; with curl: -H \"X-Stratagem: " ..
               "$(curl -s http://HOST:PORT/api/token)\"), which a page of another site cannot " ..
               "send", h["x-stratagem"] and "not the one given" or "missing here")
  end
end

-- The type of a POST's body is a form's, or the message of a 415 answer.
local FORM = "application/x-www-form-urlencoded"
local function not_a_form(req)
  local ctype = req.headers["content-type"]
  if not ctype and req.body == "" then return nil end
  local media = (ctype or ""):match("^%s*([^;%s]*)"):lower()
  if media == FORM then return nil end
  return fmt("the API takes HTML forms (Content-Type: %s), not %s: e.g. " ..
             "curl -H \"X-Stratagem: $TOKEN\" -d game=chess -d level=4 " ..
             "http://127.0.0.1:8080/api/new (TOKEN from GET /api/token)",
             FORM, ctype and ("'" .. ctype .. "'") or "a body without a Content-Type")
end

-- true when a table of fields has a NUL character in a name or value
local function has_nul(t)
  for k, v in pairs(t) do
    if tostring(k):find("\0", 1, true) or tostring(v):find("\0", 1, true) then return true end
  end
  return false
end

function Server:handle(req)
  if self.loopback then
    local host = (req.headers.host or ""):gsub(":%d+$", "")
    if not LOOPBACK[host:lower()] then
      return error_page(403, "Forbidden", "this server answers only to 127.0.0.1 or localhost")
    end
  end
  local path, method = req.path, req.method
  self:expire()
  if method ~= "GET" and method ~= "POST" and method ~= "HEAD" then
    return error_page(405, "Method not allowed", "this server takes GET and POST")
  end
  if path == "/" or path:match("^/play/") then
    local game = path:match("^/play/(.*)$")
    if game and not sg.known(game) and not (game == "wordgrid" and self.dict) then
      return error_page(404, "Unknown game", fmt("there is no game '%s' (the games: %s)", game,
                                                 table.concat(sg.games(), ", ")))
    end
    return 200, "text/html; charset=utf-8", self.index
  end
  if path == "/play.js" then return 200, "text/javascript; charset=utf-8", self.files["play.js"] end
  if path == "/play.css" then return 200, "text/css; charset=utf-8", self.files["play.css"] end
  if path == "/api/games" then return answer_json(200, self.games) end
  local pic = path:match("^/picture/([a-z0-9_]+)%.svg$")
  if pic and self.pictures[pic] then
    return 200, "image/svg+xml; charset=utf-8", self.pictures[pic]
  end
  -- the token for X-Stratagem: readable by this server's pages and by programs, not by a page
  -- of another site (no CORS header; text/plain with nosniff is no script either)
  if path == "/api/token" then return 200, "text/plain; charset=utf-8", self.token end
  local name = path:match("^/api/([a-z]+)$")
  if name and has_nul(req.query) then
    return refuse(400, "the URL's arguments hold a NUL character (%00)")
  end
  if name == "save" or name == "replay" then
    local S = self:session(req.query.id)
    if not S then
      return error_page(404, "No such game", self.gone[req.query.id or ""] == "expired" and
                        fmt("this game has expired (no move for %g minutes)", self.expire_minutes)
                        or "this game is not on the server (any more)")
    end
    if name == "save" then return download_save(S) end
    if S.word then
      return error_page(409, "No replay", "the word game has no replay page (its save has the words)")
    end
    return replay_page(S)
  end
  local fn = name and api[name]
  if not fn then
    return error_page(404, "Not found", fmt("there is nothing at %s", path))
  end
  local f = req.query
  if method == "POST" then
    local why = cross_site(req, self.token)
    if why then return refuse(403, why) end
    why = not_a_form(req)
    if why then return refuse(415, why) end
    local err
    f, err = M.parse_form(req.body)
    if not f then return refuse(400, "the request's form is malformed: " .. err) end
  elseif name ~= "state" then
    return refuse(405, fmt("/api/%s takes POST", name))
  end
  local S
  if name ~= "new" then
    S = self:session(f.id)
    if not S then return self:no_session(f.id) end
    if S.word and name ~= "state" and name ~= "word" and name ~= "finish" then
      return refuse(409, "the word game takes words (POST /api/word) and ends with POST " ..
                         "/api/finish; it has no " .. name)
    end
  end
  return fn(self, f, S)
end

-- ---- the command ----

local function read_files(dir)
  local files = {}
  for _, n in ipairs({"index.html", "play.js", "play.css"}) do
    local f, err = io.open(dir .. "/" .. n, "rb")
    if not f then return nil, fmt("cannot read the page's file %s/%s: %s", dir, n, err) end
    files[n] = f:read("a")
    f:close()
  end
  return files
end

-- The folder of the page's files: web/ beside lua/ (the source tree or the data directory).
function M.web_dir()
  local paths = core.paths()
  return (paths.lua:gsub("/lua/?$", "")) .. "/web"
end

-- A handler of requests without a socket (srv:handle(req)), for M.new and the fuzzer:
-- opts.host, sessions, log, files (the page's, else read), ai (search settings that override
-- every level's, such as {time = 0.003}), expire (minutes), dict (the word game's dictionary;
-- false: no word game; else the system list, loaded here), word_time (the word game's seconds,
-- for tests; else its default), token (the X-Stratagem token; else 72 random bits,
-- new for each server).
-- A start-page picture for a game with no drawing of its own (one defined in Lua without an
-- svg function): its text board, in a monospaced font.
local function text_picture(g)
  local lines = {}
  for l in (tostring(g) .. "\n"):gmatch("([^\n]*)\n") do
    if #lines < 12 then lines[#lines + 1] = l end
  end
  local width = 1
  for _, l in ipairs(lines) do width = math.max(width, utf8.len(l) or #l) end
  local out = {('<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" ' ..
                'viewBox="0 0 %d %d"><rect width="100%%" height="100%%" fill="#f4f1e8"/>')
               :format(width * 6 + 8, #lines * 12 + 8)}
  for i, l in ipairs(lines) do
    local text = l:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;")
    out[#out + 1] = ('<text x="4" y="%d" font-family="monospace" font-size="10" ' ..
                     'xml:space="preserve">%s</text>'):format(i * 12, text)
  end
  out[#out + 1] = "</svg>"
  return table.concat(out)
end

function M.server(opts)
  local files = opts.files
  if not files then
    local err
    files, err = read_files(opts.web_dir or M.web_dir())
    if not files then return nil, err end
  end
  sg.load_games()   -- the games defined in Lua in the games folders are offered too
  local token = opts.token or new_id()
  -- the page carries the token in a meta tag that play.js reads
  local index = files["index.html"]:gsub('<meta name="stratagem%-token" content="">',
                                         '<meta name="stratagem-token" content="' .. token .. '">', 1)
  -- the start page's pictures: each game's start position (as its first player sees it)
  local pictures = {}
  for _, name in ipairs(sg.games()) do
    local g = sg.new(name, {seed = 1})
    local ok, svg = pcall(g.svg, g, {size = 180, title = false, player = hidden(name) and 1 or nil})
    pictures[name] = (ok and svg or text_picture(g)):gsub("^<%?xml[^>]*>%s*", "")
  end
  -- the word game, when the dictionary loads (now: no file is opened while serving)
  local games = game_list()
  local dictionary = opts.dict
  if dictionary == nil then dictionary = sg.dict.load() end
  if dictionary then
    games[#games + 1] = word_entry()
    table.sort(games, function(a, b) return a.name < b.name end)
    pictures.wordgrid = sg.new("wordgrid", {seed = 1}):svg{size = 180, title = false}
                          :gsub("^<%?xml[^>]*>%s*", "")
  end
  return setmetatable({files = files, index = index, token = token, sessions = {}, tick = 0,
                       gone = {}, gone_n = 0, expire_minutes = opts.expire or DEFAULT_EXPIRE,
                       pictures = pictures, dict = dictionary or nil, word_time = opts.word_time,
                       max_sessions = opts.sessions or 100, games = games,
                       loopback = (opts.host or "127.0.0.1"):match("^127%.") ~= nil,
                       ai = opts.ai, log = opts.log}, Server)
end

-- A server (not yet answering): opts.port, host, sessions, expire, quiet, log (a function of a line).
function M.new(opts)
  local srv, err = M.server(opts)
  if not srv then return nil, err end
  local lsrv, lerr = http.listen{host = opts.host or "127.0.0.1", port = opts.port or 8080}
  if not lsrv then return nil, lerr end
  srv.http = lsrv
  return srv
end

-- Answer requests for up to `seconds`.
function Server:step(seconds)
  self.http:step(seconds, function(req)
    local t0 = sg.clock()
    local status, ctype, body, headers = self:handle(req)
    if self.log then
      self.log(fmt("%s %s %d %.0f ms", req.method, req.path, status, (sg.clock() - t0) * 1000))
    end
    return status, ctype, body, headers
  end)
  for _, e in ipairs(self.http:errors()) do
    io.stderr:write("stratagem: serve: a request failed: ", tostring(e), "\n")
  end
end

function Server:close() self.http:close() end
function Server:port() return self.http.port end

local function usage_error(msg)
  io.stderr:write("stratagem: serve: ", msg, "\nusage: ", M.USAGE, "\n")
  return 2
end

function M.main(...)
  local args = {...}
  local o = {}
  local i = 1
  while i <= #args do
    local a = args[i]
    local k, v = a:match("^(%-%-[%w-]+)=(.*)$")
    k = k or a
    local function value()
      if v == nil then
        i = i + 1
        v = args[i]
      end
      return v
    end
    -- a whole number from lo to hi, or nil after the message
    local function whole(lo, hi)
      local n = math.tointeger(tonumber(value() or ""))
      if not n or n < lo or n > hi then
        usage_error(fmt("%s: expected a whole number from %d to %d, got '%s'", k, lo, hi,
                        tostring(v)))
        return nil
      end
      return n
    end
    if k == "--port" then
      o.port = whole(0, 65535)
      if not o.port then return 2 end
    elseif k == "--host" then
      o.host = value()
      if not o.host or not o.host:match("^%d+%.%d+%.%d+%.%d+$") then
        return usage_error(fmt("--host: expected an IPv4 address such as 127.0.0.1, got '%s'",
                               tostring(o.host)))
      end
    elseif k == "--sessions" then
      o.sessions = whole(1, 10000)
      if not o.sessions then return 2 end
    elseif k == "--expire" then
      local m = tonumber(value() or "")
      if not m or m < 0.01 or m > 10080 then
        return usage_error(fmt("--expire: expected minutes from 0.01 to 10080 (a week), got '%s'",
                               tostring(v)))
      end
      o.expire = m
    elseif k == "--quiet" then
      o.quiet = true
    else
      return usage_error(fmt("unknown option '%s' (valid: --port, --host, --sessions, --expire, --quiet)", a))
    end
    i = i + 1
  end
  if not http.available then
    local ok, err = pcall(http.listen, {})
    io.stderr:write("stratagem: serve: ", tostring(ok and "" or err):gsub("^[^\n]-:%d+: ", ""), "\n")
    return 1
  end
  if not o.quiet then o.log = function(line) io.stderr:write(line, "\n") end end
  local srv, err = M.new(o)
  if not srv then
    io.stderr:write("stratagem: serve: ", err, "\n")
    return 1
  end
  io.stdout:write(fmt("stratagem: serving http://%s:%d/ (Ctrl-C stops)\n",
                      o.host or "127.0.0.1", srv:port()))
  io.stdout:flush()
  -- Ctrl-C: a search in progress returns its best move so far; the loop then ends
  local term_ok, term = pcall(require, "stratagem.term")
  local before = term_ok and term.gentle(true)
  local ok, perr = pcall(function()
    while not core.interrupt_pending() do srv:step(0.5) end
  end)
  if term_ok then term.gentle(before) end
  srv:close()
  if not ok and not tostring(perr):find("interrupted!") then error(perr, 0) end
  io.stdout:write("stratagem: serve: stopped\n")
  return 0
end

return M
