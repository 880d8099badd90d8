-- stratagem.pgn: chess games as PGN text (export format out, the usual import format in),
-- exposed as sg.chess.pgn.  Reading never raises on bad text: it returns nil and a message
-- naming the game, the move and what is wrong with it.
local data = require "stratagem.data"

local M = {}
local fmt = string.format

-- Required lazily: this module is loaded while the stratagem module itself is.
local function stratagem() return require "stratagem" end

M.START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
M.ROSTER = {"Event", "Site", "Date", "Round", "White", "Black", "Result"}
local RESULTS = {["1-0"] = true, ["0-1"] = true, ["1/2-1/2"] = true, ["*"] = true}
local ROSTER_DEFAULT = {Event = "?", Site = "?", Date = "????.??.??", Round = "?", White = "?",
                        Black = "?"}

local function is_start(fen)
  -- the move counters do not make a position another
  local a = fen and fen:match("^(%S+ %S+ %S+ %S+)")
  return a == M.START:match("^(%S+ %S+ %S+ %S+)")
end

-- The side to move ("w" or "b") and the full-move number of a FEN.
local function fen_turn(fen)
  local side, number = fen:match("^%S+ (%a)%s*%S*%s*%S*%s*%S*%s*(%d*)")
  return side or "w", tonumber(number) or 1
end

local function is_game(v)
  return type(v) == "userdata" and pcall(function() return v:game() end)
end

-- ---- writing ----

-- A tag value as a PGN string: quotes and backslashes escaped, and control characters (a
-- line break, a tab) written as spaces, since a tag value is one line of printing characters.
local function quote(s)
  return '"' .. tostring(s):gsub("%c", " "):gsub("[\\\"]", "\\%0") .. '"'
end

-- The tag section: the seven tag roster, then SetUp and FEN, then the rest by name.
local function tag_section(tags)
  local out, done = {}, {}
  for _, k in ipairs(M.ROSTER) do
    out[#out + 1] = fmt("[%s %s]", k, quote(tags[k] or ROSTER_DEFAULT[k] or "*"))
    done[k] = true
  end
  for _, k in ipairs({"SetUp", "FEN"}) do
    if tags[k] then
      out[#out + 1] = fmt("[%s %s]", k, quote(tags[k]))
      done[k] = true
    end
  end
  local rest = {}
  for k in pairs(tags) do if not done[k] then rest[#rest + 1] = k end end
  table.sort(rest)
  for _, k in ipairs(rest) do out[#out + 1] = fmt("[%s %s]", k, quote(tags[k])) end
  return table.concat(out, "\n")
end

-- Tokens joined by spaces in lines shorter than 80 columns.
local function wrap(tokens)
  local lines, line = {}, ""
  for _, tok in ipairs(tokens) do
    if line == "" then
      line = tok
    elseif #line + 1 + #tok < 80 then
      line = line .. " " .. tok
    else
      lines[#lines + 1] = line
      line = tok
    end
  end
  if line ~= "" then lines[#lines + 1] = line end
  return table.concat(lines, "\n")
end

-- The comment text as one or more tokens (a long comment may be broken between words).
local function comment_tokens(tokens, text)
  text = tostring(text):gsub("[{}]", ""):gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  if #words == 0 then return end
  words[1] = "{" .. words[1]
  words[#words] = words[#words] .. "}"
  for _, w in ipairs(words) do tokens[#tokens + 1] = w end
end

local RECORD_KEYS = {game = true, tags = true, result = true, comments = true, moves = true}

-- One record ({game =, tags =, result =, comments =}, or a game alone) as PGN text.
local function write_one(item, common, index)
  local rec = is_game(item) and {game = item} or item
  if type(rec) ~= "table" then
    error(fmt("pgn.write: game %d: expected a chess game or a record {game =, tags =}, got %s",
              index, type(rec)), 3)
  end
  for k in pairs(rec) do
    if not RECORD_KEYS[k] then
      error(fmt("pgn.write: game %d: unknown record key '%s' (valid keys: comments, game, " ..
                "moves, result, tags)", index, tostring(k)), 3)
    end
  end
  local g = rec.game
  if not is_game(g) or g:game() ~= "chess" then
    error(fmt("pgn.write: game %d: the record's game must be a chess game, got %s", index,
              type(g)), 3)
  end
  if rec.tags ~= nil and type(rec.tags) ~= "table" then
    error(fmt("pgn.write: game %d: tags must be a table of tag names and values", index), 3)
  end
  local tags = {}
  for k, v in pairs(common or {}) do tags[k] = tostring(v) end
  for k, v in pairs(rec.tags or {}) do tags[k] = tostring(v) end
  for k in pairs(tags) do
    if type(k) ~= "string" or not k:match("^[%w_]+$") then
      error(fmt("pgn.write: game %d: a tag name is letters, digits and _, got '%s'", index,
                tostring(k)), 3)
    end
  end
  local result = rec.result or tags.Result
  if result == nil then result = (g:result()) end
  if not RESULTS[result] then
    error(fmt("pgn.write: game %d: result must be '1-0', '0-1', '1/2-1/2' or '*', got '%s'",
              index, tostring(result)), 3)
  end
  tags.Result = result
  local start = g:position{start = true, all = true}
  if is_start(start) then
    tags.SetUp, tags.FEN = nil, nil
  else
    tags.SetUp, tags.FEN = "1", start
  end

  local replay = stratagem().new("chess", {position = start})
  local side, number = fen_turn(start)
  local tokens, comments = {}, rec.comments or {}
  if comments[0] then comment_tokens(tokens, comments[0]) end
  for i, m in ipairs(g:history()) do
    -- a move number stays on the line of its move
    local prefix = ""
    if side == "w" then
      prefix = number .. ". "
    elseif i == 1 or comments[i - 1] then
      prefix = number .. "... "
    end
    tokens[#tokens + 1] = prefix .. replay:san(m)
    replay:play(m)
    if comments[i] then comment_tokens(tokens, comments[i]) end
    if side == "b" then number = number + 1 end
    side = side == "w" and "b" or "w"
  end
  tokens[#tokens + 1] = result
  return tag_section(tags) .. "\n\n" .. wrap(tokens) .. "\n"
end

-- pgn.write(games [, tags]): PGN text of one game or record, or an array of them; tags (a
-- table of name = value) go into every game under its own.
function M.write(games, tags)
  if tags ~= nil and type(tags) ~= "table" then
    error("pgn.write: tags must be a table of tag names and values, got " .. type(tags), 2)
  end
  local list = games
  if is_game(games) or (type(games) == "table" and games.game ~= nil) then list = {games} end
  if type(list) ~= "table" then
    error("pgn.write: expected a chess game, a record {game =, tags =} or an array of them, " ..
          "got " .. type(games), 2)
  end
  local out = {}
  for i, item in ipairs(list) do out[i] = write_one(item, tags, i) end
  return table.concat(out, "\n")
end

-- pgn.save(path, games [, tags]): write the PGN text to path atomically; true or nil, message.
function M.save(path, games, tags)
  if type(path) ~= "string" then
    error("pgn.save: path must be a file name, got " .. type(path), 2)
  end
  local ok, text = pcall(M.write, games, tags)
  if not ok then error((tostring(text):gsub("pgn%.write", "pgn.save")), 2) end
  local wok, err = data.write_file(path, text)
  if not wok then return nil, "pgn.save: " .. tostring(err) end
  return true
end

-- ---- reading ----

-- A scanner over the text: next() gives one token at a time, as kind, text, value, position;
-- kind one of "tag" (text the name, value the value), "move", "number", "result", "nag", "("
-- and ")", or nil at the end.  Comments, escape lines and blanks are skipped with patterns,
-- never a character at a time.  Malformed text raises {msg =} with its line.
local find, sub, byte, match = string.find, string.sub, string.byte, string.match
local BLANKS, WORD = "^[ \t\r\n\f\v]+", "^[^%s{}%(%);%[%]$]+"

local function scanner(text)
  local i, n = 1, #text
  local pending = {}   -- words split into several tokens ("12.e4"), and tokens put back
  local function line_at(p)
    local _, k = sub(text, 1, p):gsub("\n", "")
    return k + 1
  end
  local function fail(p, msg) error({msg = fmt("line %d: %s", line_at(p), msg)}, 0) end
  local S = {text = text}
  function S.unread(kind, t, v, p) pending[#pending + 1] = {kind, t, v, p} end
  -- go back or on to position p, forgetting tokens put back
  function S.seek(p)
    i = p
    for k = #pending, 1, -1 do pending[k] = nil end
  end
  function S.line(p) return line_at(p) end
  -- The next "\n[" (a tag section) at or after p, or nil; remembered, so that games without
  -- tags do not each search to the end of the text.
  local tag_from, tag_at
  function S.next_tags(p)
    if not (tag_from and tag_from <= p and (tag_at == false or tag_at >= p)) then
      tag_from, tag_at = p, find(text, "\n%[", p) or false
    end
    return tag_at or nil
  end
  -- The end of the first word at or after p that looks like a result ("1-0", "0-1",
  -- "1/2-1/2", "*", maybe after a move number's period), or nil; remembered as next_tags.
  -- A guess that bounds the fast path's region: a wrong one sends the game to the careful path.
  local res_from, res_at, res_end
  function S.next_result(p)
    if res_from and res_from <= p and (res_at == false or res_at >= p) then return res_end end
    local q = p
    res_from, res_at, res_end = p, false, nil
    while true do
      local c = find(text, "[%-%*]", q)
      if not c then return nil end
      local a, e
      if byte(text, c) == 42 then
        a, e = c, c
      elseif sub(text, c - 1, c + 1) == "1-0" or sub(text, c - 1, c + 1) == "0-1" then
        a, e = c - 1, c + 1
      elseif sub(text, c - 3, c + 3) == "1/2-1/2" then
        a, e = c - 3, c + 3
      end
      if a and a >= p then
        local before, after = byte(text, a - 1), byte(text, e + 1)
        if (before == nil or before == 46 or find(text, "^%s", a - 1))
           and (after == nil or find(text, "^%s", e + 1)) then
          res_at, res_end = a, e
          return e
        end
      end
      q = c + 1
    end
  end
  function S.next()
    if #pending > 0 then
      local t = table.remove(pending)
      return t[1], t[2], t[3], t[4]
    end
    while true do
      local _, e = find(text, BLANKS, i)
      if e then i = e + 1 end
      local c = byte(text, i)
      if c == nil then return nil end
      if c == 123 then                                   -- { comment }
        local j = find(text, "}", i + 1, true)
        if not j then fail(i, "unterminated comment (no '}')") end
        i = j + 1
      elseif c == 59 or (c == 37 and (i == 1 or byte(text, i - 1) == 10)) then   -- ; or %
        i = (find(text, "\n", i, true) or n) + 1
      else
        break
      end
    end
    local p, c = i, byte(text, i)
    if c == 91 then                                      -- [Name "value"]
      local name, value, j = match(text, '^%[%s*([%w_]+)%s*"([^"\\\n]*)"%s*%]()', i)
      if name then
        i = j
        return "tag", name, value, p
      end
      name, j = match(text, '^%[%s*([%w_]+)%s*"()', i)
      if not name then fail(i, "malformed tag (expected [Name \"value\"])") end
      local buf = {}
      while true do
        local ch = sub(text, j, j)
        if ch == "" or ch == "\n" or (ch == "\\" and sub(text, j + 1, j + 1) == "\n") then
          fail(i, fmt("unterminated tag value of [%s", name))
        elseif ch == "\\" then
          buf[#buf + 1] = sub(text, j + 1, j + 1)
          j = j + 2
        elseif ch == '"' then
          break
        else
          buf[#buf + 1] = ch
          j = j + 1
        end
      end
      local close = match(text, '^"%s*%]()', j)
      if not close then fail(i, fmt("malformed tag [%s (expected ']' after the value)", name)) end
      i = close
      return "tag", name, table.concat(buf), p
    elseif c == 40 or c == 41 then                       -- ( )
      i = i + 1
      return c == 40 and "(" or ")", c == 40 and "(" or ")", nil, p
    elseif c == 36 then                                  -- $NAG
      local d, j = match(text, "^%$(%d+)()", i)
      if not d then fail(i, "malformed NAG (expected $ and a number)") end
      i = j
      return "nag", d, nil, p
    end
    local word = match(text, WORD, i)
    if not word then fail(i, fmt("unexpected character '%s'", sub(text, i, i))) end
    i = i + #word
    -- move numbers, possibly stuck to the move: "12." "12..." "12.e4"
    local first = byte(word, 1)
    local num, rest
    if first >= 48 and first <= 57 then num, rest = match(word, "^(%d+)%.+(.*)$") end
    if num then
      if rest ~= "" then
        if RESULTS[rest] then S.unread("result", rest, nil, p) else S.unread("move", rest, nil, p) end
      end
      return "number", num, nil, p
    elseif RESULTS[word] then
      return "result", word, nil, p
    elseif first >= 48 and first <= 57 and match(word, "^%d+$") then   -- a number, no period
      return "number", word, nil, p
    end
    return "move", word, nil, p
  end
  return S
end

-- A move as written in a file, made acceptable to g:play: annotations dropped, zeros in
-- castling made letters, "e.p." dropped.
local function clean_move(s)
  local last, first = byte(s, -1), byte(s, 1)
  if last == 33 or last == 63 or last == 46 then   -- ! ? .
    s = s:gsub("[!?]+$", ""):gsub("e%.p%.$", "")
  end
  if (first == 48 or first == 79) and s:match("^[0O]%-[0O]") then s = s:gsub("0", "O") end
  return s
end

local SANLIKE = {"^[KQRBN][a-h]?[1-8]?x?[a-h][1-8][+#]?$", "^[a-h]x?[a-h]?[1-8]=?[QRBNqrbn]?[+#]?$",
                 "^O%-O[+#]?$", "^O%-O%-O[+#]?$", "^[a-h][1-8][a-h][1-8][qrbn]?$"}
local function san_like(s)
  for _, p in ipairs(SANLIKE) do if s:match(p) then return true end end
  return false
end

-- A record's game, made when first asked for (record.game) by replaying its moves: reading a
-- file keeps only tags and moves, so a file of many games takes little memory.
local record_mt = {__index = function(rec, k)
  if k ~= "game" then return nil end
  local g = stratagem().new("chess", {position = rawget(rec, "tags").FEN})
  for _, m in ipairs(rawget(rec, "moves")) do g:play(m) end
  rawset(rec, "game", g)
  return g
end}

-- The text with its brace comments made blanks, as gsub("{[^}]*}", " ") would, in one pass:
-- a comment ends at the first '}', and a '{' without one is left with the rest of the text.
local function cut_comments(s)
  local out, i = {}, 1
  while true do
    local a = find(s, "{", i, true)
    if not a then break end
    local b = find(s, "}", a + 1, true)
    if not b then break end
    out[#out + 1] = sub(s, i, a - 1)
    out[#out + 1] = " "
    i = b + 1
  end
  if i == 1 then return s end
  out[#out + 1] = sub(s, i)
  return table.concat(out)
end

-- The next game of scanner S as a record {tags =, moves = {SAN...}, result =} (its game made
-- when asked for), or nil at the end; raises {msg =} naming the game and move when the text is
-- malformed or a move is illegal.
local function read_game(S, gi, play_san)
  local kind, t, v, p = S.next()
  if gi > 1 then   -- glyphs after the last game's result belong to it
    while kind == "nag" do kind, t, v, p = S.next() end
  end
  if kind == nil then return nil end
  local rec = {tags = {}, moves = {}}
  while kind == "tag" do
    rec.tags[t] = v
    kind, t, v, p = S.next()
  end
  local fen = rec.tags.FEN
  local g
  if fen then
    local ok, r, e = pcall(stratagem().new, "chess", {position = fen})
    if not ok or not r then
      error({msg = fmt("game %d: bad FEN tag '%s': %s", gi, fen, tostring(ok and e or r))}, 0)
    end
    g = r
  else
    g = S.base:copy()
  end
  local side, number = fen_turn(fen or M.START)
  local depth, moves = 0, rec.moves
  -- the fast path: movetext of moves, numbers, a result, brace comments and NAGs (no
  -- variation, ';' comment or escape), up to the next tag section or result: the comments and
  -- NAGs cut out in one pass each (a brace comment ends at the first '}'; they do not nest),
  -- then split into words at once.  A '{' inside a ';' comment opens no comment, and cutting from it
  -- may take text that is not one; but the ';' before it stays, and sends the game to the
  -- careful path, as variations do.
  if kind ~= nil then
    local text = S.text
    -- the region ends at the next tag section or the next result, whichever comes first
    local last, rend = S.next_tags(p) or #text, S.next_result(p)
    local bounded = rend ~= nil and rend < last
    if bounded then last = rend end
    local region = sub(text, p, last)
    if find(region, "[{$]") then
      region = cut_comments(region):gsub("%$%d+", " ")
    end
    if not find(region, "[{};%(%)%$%%\\%[]") then
      local sans, res, stop_at, bad_why = S.play_line(g, region)
      local done = true
      if sans == nil then   -- res moves were played before the bad one, stop_at is the word
        local c, word, why = res, stop_at, bad_why
        local n0, black = number, side == "b"
        local where = fmt("game %d, move %d%s", gi, n0 + (c + (black and 1 or 0)) // 2,
                          ((c % 2 == 0) == not black) and "." or "...")
        local mv = clean_move(word)
        if mv == "" or not san_like(mv) then
          error({msg = fmt("%s: malformed move '%s'", where, word)}, 0)
        end
        error({msg = fmt("%s: illegal move '%s'%s", where, word,
                         why and (" (" .. tostring(why):gsub("^.-: ", "", 1) .. ")") or "")}, 0)
      end
      rec.moves, moves = sans, sans
      rec.result = res
      if res and find(region, "%S", stop_at + 1) then done = "more" end
      if not res and bounded then done = "more" end   -- the word was no result: read with care
      if done == "more" then   -- a game without tags after the result: the careful path
        for k = #moves, 1, -1 do moves[k] = nil end
        rec.result = nil
        getmetatable(g).__close(g)
        g = fen and stratagem().new("chess", {position = fen}) or S.base:copy()
        side, number = fen_turn(fen or M.START)
        S.seek(p)
        kind, t, v, p = S.next()
      else
        S.seek(last + 1)
        kind = nil
      end
    else
      S.seek(p)
      kind, t, v, p = S.next()
    end
  end
  while kind ~= nil do
    if kind == "tag" and depth == 0 then   -- the next game, its result missing
      S.unread(kind, t, v, p)
      break
    elseif kind == "(" then
      depth = depth + 1
    elseif kind == ")" then
      depth = depth - 1
      if depth < 0 then
        error({msg = fmt("game %d (line %d): ')' without a '('", gi, S.line(p))}, 0)
      end
    elseif depth > 0 or kind == "nag" or kind == "number" then
      -- a variation, an annotation glyph or a move number: skipped
      if kind == "tag" then
        error({msg = fmt("game %d (line %d): unterminated variation", gi, S.line(p))}, 0)
      end
    elseif kind == "result" then
      rec.result = t
      break
    else
      local text = clean_move(t)
      local san, why = play_san(g, text)
      if not san then
        local where = fmt("game %d, move %d%s", gi, number, side == "w" and "." or "...")
        if text == "" or not san_like(text) then
          error({msg = fmt("%s: malformed move '%s'", where, t)}, 0)
        end
        error({msg = fmt("%s: illegal move '%s'%s", where, t,
                         why and (" (" .. tostring(why):gsub("^.-: ", "", 1) .. ")") or "")}, 0)
      end
      moves[#moves + 1] = san
      if side == "b" then number = number + 1 end
      side = side == "w" and "b" or "w"
    end
    kind, t, v, p = S.next()
  end
  if depth > 0 then error({msg = fmt("game %d: unterminated variation (no ')')", gi)}, 0) end
  rec.result = rec.result or (RESULTS[rec.tags.Result or ""] and rec.tags.Result) or "*"
  getmetatable(g).__close(g)   -- its states now, not when the collector gets to it
  return setmetatable(rec, record_mt)
end

-- pgn.games(text): an iterator over the games of the text, one record {tags =, moves =,
-- result =, game =} at a time (game made when first asked for), so a file of any number of
-- games is read in the memory of one.  It raises with a message naming the game and move
-- when the text is malformed or a move is illegal.
function M.games(text)
  if type(text) ~= "string" then
    error("pgn.games: expected the text of a PGN file, got " .. type(text), 2)
  end
  local S, gi = scanner(text), 0
  S.base = stratagem().new("chess")
  S.play_line = require("stratagem.core").chess.play_line
  local play_san = require("stratagem.core").chess.play_san
  return function()
    gi = gi + 1
    local ok, rec = pcall(read_game, S, gi, play_san)
    if ok then return rec end
    if type(rec) == "table" then error("pgn.games: " .. rec.msg, 2) end
    error(rec, 0)
  end
end

M._scanner = scanner   -- for measurements

-- pgn.read(text): an array of records {tags =, moves = {SAN...}, result =, game =}, one for
-- each game of the text (each game made when first asked for); nil and a message naming the
-- game and move when the text is malformed or a move is illegal.
function M.read(text)
  if type(text) ~= "string" then
    error("pgn.read: expected the text of a PGN file, got " .. type(text), 2)
  end
  local S, games = scanner(text), {}
  S.base = stratagem().new("chess")
  S.play_line = require("stratagem.core").chess.play_line
  local play_san = require("stratagem.core").chess.play_san
  while true do
    local ok, rec = pcall(read_game, S, #games + 1, play_san)
    if not ok then
      if type(rec) == "table" then return nil, rec.msg end
      error(rec, 0)
    end
    if rec == nil then break end
    games[#games + 1] = rec
  end
  return games
end

-- pgn.load(path): pgn.read of a file's text; nil and a message when it cannot be read.
function M.load(path)
  if type(path) ~= "string" then
    error("pgn.load: path must be a file name, got " .. type(path), 2)
  end
  local text, err = data.read_file(path)
  if not text then return nil, "pgn.load: " .. err end
  local games, rerr = M.read(text)
  if not games then return nil, "pgn.load: " .. path .. ": " .. rerr end
  return games
end

return M
