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

local function quote(s)
  return '"' .. tostring(s):gsub("[\\\"]", "\\%0") .. '"'
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

-- The text split into tokens: {kind, text, line}, kind one of "tag" (text the name, value the
-- value), "move", "number", "result", "nag", "(" and ")".  Comments and escape lines are
-- dropped.  nil, message, line on malformed text.
local function tokenize(text)
  local toks, i, n, line = {}, 1, #text, 1
  local function add(kind, s, extra)
    toks[#toks + 1] = {kind = kind, text = s, value = extra, line = line}
  end
  while i <= n do
    local c = text:sub(i, i)
    if c == "\n" then
      line = line + 1
      i = i + 1
      if text:sub(i, i) == "%" then   -- an escape line
        i = (text:find("\n", i, true) or n + 1)
      end
    elseif c:match("%s") then
      i = i + 1
    elseif c == "%" and i == 1 then
      i = (text:find("\n", i, true) or n + 1)
    elseif c == "{" then
      local j = text:find("}", i + 1, true)
      if not j then return nil, "unterminated comment (no '}')", line end
      local _, nl = text:sub(i, j):gsub("\n", "")
      line = line + nl
      i = j + 1
    elseif c == ";" then
      i = (text:find("\n", i, true) or n + 1)
    elseif c == "[" then
      local name, j = text:match("^%[%s*([%w_]+)%s*\"()", i)
      if not name then return nil, "malformed tag (expected [Name \"value\"])", line end
      local buf = {}
      while true do
        local ch = text:sub(j, j)
        if ch == "" or ch == "\n" then
          return nil, fmt("unterminated tag value of [%s", name), line
        elseif ch == "\\" then
          buf[#buf + 1] = text:sub(j + 1, j + 1)
          j = j + 2
        elseif ch == '"' then
          break
        else
          buf[#buf + 1] = ch
          j = j + 1
        end
      end
      local close = text:match("^\"%s*%]()", j)
      if not close then return nil, fmt("malformed tag [%s (expected ']' after the value)", name), line end
      add("tag", name, table.concat(buf))
      i = close
    elseif c == "(" or c == ")" then
      add(c, c)
      i = i + 1
    elseif c == "$" then
      local d, j = text:match("^%$(%d+)()", i)
      if not d then return nil, "malformed NAG (expected $ and a number)", line end
      add("nag", d)
      i = j
    else
      local word, j = text:match("^([^%s{}%(%);%[%]$]+)()", i)
      if not word then return nil, fmt("unexpected character '%s'", c), line end
      i = j
      -- move numbers, possibly stuck to the move: "12." "12..." "12.e4"
      while word ~= "" do
        local num, rest = word:match("^(%d+)%.+(.*)$")
        if num then
          add("number", num)
          word = rest
        elseif RESULTS[word] then
          add("result", word)
          word = ""
        elseif word:match("^%d+$") then   -- a move number without its period
          add("number", word)
          word = ""
        else
          add("move", word)
          word = ""
        end
      end
    end
  end
  return toks
end

-- A move as written in a file, made acceptable to g:play: annotations dropped, zeros in
-- castling made letters, "e.p." dropped.
local function clean_move(s)
  s = s:gsub("[!?]+$", ""):gsub("e%.p%.$", "")
  if s:match("^[0O]%-[0O]") then s = s:gsub("0", "O") end
  return s
end

local SANLIKE = {"^[KQRBN][a-h]?[1-8]?x?[a-h][1-8][+#]?$", "^[a-h]x?[a-h]?[1-8]=?[QRBNqrbn]?[+#]?$",
                 "^O%-O[+#]?$", "^O%-O%-O[+#]?$", "^[a-h][1-8][a-h][1-8][qrbn]?$"}
local function san_like(s)
  for _, p in ipairs(SANLIKE) do if s:match(p) then return true end end
  return false
end

-- Replay one game's tokens (from toks[i], its tags already read into rec.tags); the index
-- after the game, or nil and a message.
local function read_movetext(toks, i, rec, gi)
  local fen = rec.tags.FEN
  local g, err
  if fen then
    local ok, r, e = pcall(stratagem().new, "chess", {position = fen})
    if not ok then return nil, fmt("game %d: bad FEN tag '%s': %s", gi, fen, tostring(r)) end
    if not r then return nil, fmt("game %d: bad FEN tag '%s': %s", gi, fen, tostring(e)) end
    g = r
  else
    g = stratagem().new("chess")
  end
  local side, number = fen_turn(g:position())
  local depth = 0
  while i <= #toks do
    local t = toks[i]
    if t.kind == "tag" and depth == 0 then break end   -- the next game, its result missing
    if t.kind == "(" then
      depth = depth + 1
    elseif t.kind == ")" then
      depth = depth - 1
      if depth < 0 then
        return nil, fmt("game %d (line %d): ')' without a '('", gi, t.line)
      end
    elseif depth > 0 or t.kind == "nag" or t.kind == "number" then
      -- a variation, an annotation glyph or a move number: skipped
      if t.kind == "tag" then return nil, fmt("game %d (line %d): unterminated variation", gi, t.line) end
    elseif t.kind == "result" then
      rec.result = t.text
      i = i + 1
      break
    else
      local text = clean_move(t.text)
      local where = fmt("game %d, move %d%s", gi, number, side == "w" and "." or "...")
      local ok, why = g:legal(text)
      if not ok then
        if text == "" or not san_like(text) then
          return nil, fmt("%s: malformed move '%s'", where, t.text)
        end
        return nil, fmt("%s: illegal move '%s'%s", where, t.text,
                        why and (" (" .. tostring(why):gsub("^.-: ", "", 1) .. ")") or "")
      end
      local pok, san = pcall(g.san, g, text)
      if not pok then return nil, fmt("%s: illegal move '%s' (%s)", where, t.text, tostring(san)) end
      pok, err = pcall(g.play, g, text)
      if not pok then return nil, fmt("%s: illegal move '%s' (%s)", where, t.text, tostring(err)) end
      rec.moves[#rec.moves + 1] = san
      if side == "b" then number = number + 1 end
      side = side == "w" and "b" or "w"
    end
    i = i + 1
  end
  if depth > 0 then return nil, fmt("game %d: unterminated variation (no ')')", gi) end
  rec.result = rec.result or (RESULTS[rec.tags.Result or ""] and rec.tags.Result) or "*"
  rec.game = g
  return i
end

-- pgn.read(text): an array of records {tags =, moves = {SAN...}, result =, game =}, one for
-- each game of the text; nil and a message naming the game and move when the text is
-- malformed or a move is illegal.
function M.read(text)
  if type(text) ~= "string" then
    error("pgn.read: expected the text of a PGN file, got " .. type(text), 2)
  end
  local toks, err, line = tokenize(text)
  if not toks then return nil, fmt("line %d: %s", line, err) end
  local games, i = {}, 1
  while i <= #toks do
    local rec = {tags = {}, moves = {}}
    local gi = #games + 1
    while i <= #toks and toks[i].kind == "tag" do
      rec.tags[toks[i].text] = toks[i].value
      i = i + 1
    end
    local nexti, merr = read_movetext(toks, i, rec, gi)
    if not nexti then return nil, merr end
    i = nexti
    games[gi] = rec
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
