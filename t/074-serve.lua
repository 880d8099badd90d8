package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 074-serve.lua: stratagem serve end to end over HTTP (the program's own client, http.fetch):
-- the page and its files, the games list, sessions played by the API (reproducible from their
-- seed), undo, save and replay downloads, and bad requests (4xx answers, the server going on).
local t = require "tap"
local sg = require "stratagem"
local core = require "stratagem.core"
local http = require "stratagem.http"

if not http.available then
  print("1..0 # SKIP this stratagem was built without libmicrohttpd (apt-get install libmicrohttpd-dev)")
  os.exit(0)
end

-- ---- a small JSON reader for the answers ----
local function decode(s)
  local i = 1
  local function ws() i = s:find("[^ \t\r\n]", i) or #s + 1 end
  local value
  local function str()
    local out = {}
    i = i + 1
    while true do
      local c = s:sub(i, i)
      if c == '"' then i = i + 1; return table.concat(out) end
      if c == "\\" then
        local e = s:sub(i + 1, i + 1)
        if e == "u" then
          out[#out + 1] = utf8.char(tonumber(s:sub(i + 2, i + 5), 16))
          i = i + 6
        else
          out[#out + 1] = ({n = "\n", r = "\r", t = "\t", b = "\b", f = "\f"})[e] or e
          i = i + 2
        end
      elseif c == "" then error("unterminated string")
      else out[#out + 1] = c; i = i + 1 end
    end
  end
  function value()
    ws()
    local c = s:sub(i, i)
    if c == "{" then
      local o = {}
      i = i + 1; ws()
      if s:sub(i, i) == "}" then i = i + 1; return o end
      while true do
        ws()
        local k = str()
        ws(); assert(s:sub(i, i) == ":", "expected :"); i = i + 1
        o[k] = value()
        ws()
        local d = s:sub(i, i); i = i + 1
        if d == "}" then return o end
        assert(d == ",", "expected , or }")
      end
    elseif c == "[" then
      local a = {}
      i = i + 1; ws()
      if s:sub(i, i) == "]" then i = i + 1; return a end
      while true do
        a[#a + 1] = value()
        ws()
        local d = s:sub(i, i); i = i + 1
        if d == "]" then return a end
        assert(d == ",", "expected , or ]")
      end
    elseif c == '"' then return str()
    elseif s:sub(i, i + 3) == "true" then i = i + 4; return true
    elseif s:sub(i, i + 4) == "false" then i = i + 5; return false
    elseif s:sub(i, i + 3) == "null" then i = i + 4; return nil
    else
      local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
      assert(num and #num > 0, "unexpected " .. c)
      i = i + #num
      return math.tointeger(tonumber(num)) or tonumber(num)
    end
  end
  local ok, v = pcall(value)
  if not ok then return nil, v end
  return v
end

-- ---- the server ----
local srv = assert(core.spawn({t.stratagem, "serve", "--port", "0", "--quiet"}, {stderr = "null"}))
local first = srv:recv(10 * t.slow)
local port = first and tonumber(first:match("http://127%.0%.0%.1:(%d+)/"))
t.ok(port, "serve --port 0 prints the address it serves: " .. tostring(first))
if not port then t.done() end

-- a POST sends the header X-Stratagem with the server's token unless the request gives
-- headers of its own
local _, _, token = http.fetch{port = port, path = "/api/token"}
t.like(token, "^%x+$", "GET /api/token gives the server's token: " .. tostring(token))
local function fetch(req)
  req.port = port
  if req.method == "POST" and not req.headers then req.headers = {["X-Stratagem"] = token} end
  local status, headers, body = http.fetch(req)
  return status, headers or {}, body
end
local function get(path) return fetch{path = path} end
local function post(path, form)
  local parts = {}
  for k, v in pairs(form) do
    parts[#parts + 1] = k .. "=" .. tostring(v):gsub("[^%w%-_.]", function(c)
      return ("%%%02X"):format(c:byte())
    end)
  end
  table.sort(parts)
  local status, headers, body = fetch{method = "POST", path = path, body = table.concat(parts, "&")}
  return status, decode(body or ""), body
end

-- ---- the page ----
local st, hd, body = get("/")
t.is(st, 200, "GET / answers 200")
t.like(hd["content-type"], "^text/html", "the page is HTML")
t.like(body, '<script src="/play.js">', "the page loads its script from the server itself")
t.ok(not body:find("https?://"), "the page refers to nothing on the network")
st, hd, body = get("/play.js")
t.is(st, 200, "GET /play.js")
t.like(hd["content-type"], "^text/javascript", "the script's type")
st, hd = get("/play.css")
t.is(st, 200, "GET /play.css")
st = get("/play/othello")
t.is(st, 200, "GET /play/othello: the page with a game chosen")
st, hd, body = get("/play/nope")
t.is(st, 404, "an unknown game in the URL: 404")
t.like(body, "there is no game 'nope'", "... an error page naming it")

st, hd, body = get("/api/games")
local games = decode(body)
t.is(st, 200, "GET /api/games")
local names = {}
for _, g in ipairs(games or {}) do names[#names + 1] = g.name end
-- with the word game when the server has a dictionary (the system word list), and the games
-- defined in Lua in the games folders
sg.load_games()
local has_dict = sg.dict.load() ~= nil
t.is(table.concat(names, ","), table.concat(sg.games(has_dict and "all" or nil), ","),
     "the games list has every game" .. (has_dict and ", the word game too" or " (no dictionary: no word game)"))
t.like(table.concat(names, ","), "tictactoe_lua", "... the games folders' ones included")
local draughts
for _, g in ipairs(games or {}) do if g.name == "draughts" then draughts = g end end
t.ok(draughts and draughts.variant[1].key == "capture" and #draughts.variant[1].choices == 2,
     "a game's variant settings come with their choices")

-- ---- a game of tic-tac-toe ----
local _, s = post("/api/new", {game = "tictactoe", seed = 7, level = 2})
t.ok(s and s.your_turn and #s.moves == 9 and s.svg:find("^<svg") ~= nil, "new tic-tac-toe game: your turn, 9 moves, a picture")
local id = s and s.id
st, s = post("/api/move", {id = id, move = "zz"})
t.is(st, 422, "an illegal move: 422")
t.like(s and s.error or "", "zz", "... with the engine's message")
st, s = post("/api/ai", {id = id})
t.is(st, 409, "asking the computer to move on your turn: 409")
st, s = post("/api/move", {id = id, move = "b2"})
t.ok(st == 200 and not s.your_turn and #s.history == 1 and #s.moves == 0,
     "a legal move: the computer's turn, no moves offered to you")
st, s = post("/api/move", {id = id, move = "a1"})
t.is(st, 409, "moving on the computer's turn: 409")
st, s = post("/api/ai", {id = id})
t.ok(st == 200 and s.your_turn and #s.history == 2 and s.said and s.said[1]:find("plays"),
     "the computer replies and says what it played")
local reply = s and s.history[2]
-- the score in the game's terms, as play says it (#34 item 2): an exact search says so
do
  local _, n2 = post("/api/new", {game = "tictactoe", seed = 7, level = 10, seat = 2})
  local _, a2 = post("/api/ai", {id = n2.id})
  t.like(a2.said and a2.said[1] or "", "^x plays %a%d %(draw, exact, [%d.]+ s%)$",
         "a solved tic-tac-toe reply: 'draw, exact', not a depth")
end
-- the same seed and level: the same reply
local _, s2 = post("/api/new", {game = "tictactoe", seed = 7, level = 2})
post("/api/move", {id = s2.id, move = "b2"})
_, s2 = post("/api/ai", {id = s2.id})
t.is(s2 and s2.history[2], reply, "a session replays from its seed: the same reply")
st, s = post("/api/undo", {id = id})
t.ok(st == 200 and #s.history == 0 and s.your_turn, "undo goes back to your previous turn")
st = post("/api/undo", {id = id})
t.is(st, 409, "undo at the start: 409")
-- play it out: the person takes the first legal move each time
local guard = 0
repeat
  st, s = post("/api/move", {id = id, move = s.moves[1].move})
  if s.status == "playing" then st, s = post("/api/ai", {id = id}) end
  guard = guard + 1
until s.status ~= "playing" or guard > 9
t.ok(s.status ~= "playing" and s.result, "a game played to its end has a result: " .. tostring(s.result))
st = post("/api/move", {id = id, move = "a1"})
t.is(st, 409, "a move after the end: 409")
st, hd, body = get("/api/save?id=" .. id)
t.like(hd["content-disposition"] or "", "attachment; filename=\"tictactoe%-7%.sav\"", "save downloads a file")
local g = sg.load(body or "")
t.ok(g and g:status() == s.status and #g:history() == #s.history, "the download is a save that loads")
st, hd, body = get("/api/replay?id=" .. id)
t.ok(st == 200 and body:find("<!DOCTYPE html>", 1, true), "the replay page")
st = get("/api/save?id=nope")
t.is(st, 404, "save of an unknown game: 404")

-- ---- several games at once ----
local _, a = post("/api/new", {game = "chess", seed = 1, level = 1})
t.ok(a and math.type(a.level_elo) == "integer" and a.level_scale, "chess's level comes with its measured Elo")
local _, b = post("/api/new", {game = "othello", seed = 1, level = 1})
t.ok(a and b and a.id ~= b.id, "two sessions")
st, a = post("/api/move", {id = a.id, move = "e2e4"})
st, b = post("/api/move", {id = b.id, move = "d3"})
t.ok(a.history[1] == "e2e4" and b.history[1] == "d3", "each session keeps its own game")
st, a = post("/api/ai", {id = a.id})
t.ok(st == 200 and #a.history == 2, "the computer answers in the chess session")
st, a = post("/api/move", {id = a.id, move = "Nf3"})
t.is(st, 200, "a move typed as SAN is taken too")
st, a = post("/api/new", {game = "draughts", ["variant.capture"] = "huff", seed = 2})
t.ok(st == 200 and a.variant == "capture=huff", "a variant chosen on the page")
st, a = post("/api/new", {game = "dominoes", seed = 3})
t.ok(st == 200 and a.svg and a.your_turn == (#a.moves > 0), "a game of hidden hands starts")

-- a game defined in Lua (lua/stratagem/games/defined): served with its text board (it has no picture)
st, a = post("/api/new", {game = "tictactoe_lua", seed = 1})
t.ok(st == 200 and #a.moves == 9 and a.svg == nil and a.diagram:find("a b c", 1, true) ~= nil,
     "a game defined in Lua is served, with its text board")
-- its variant settings (sg.define's variants): the page's fields in the game's own words
local nimg
for _, gm in ipairs(games or {}) do if gm.name == "nim" then nimg = gm end end
local heapf, misf = nil, nil
for _, x in ipairs(nimg and nimg.variant or {}) do
  if x.key == "heap" then heapf = x elseif x.key == "misere" then misf = x end
end
t.ok(heapf and heapf.label == "Heap" and heapf.default == "21" and
     heapf.help == "how many objects the heap holds at the start (a whole number from 1 to 1000)",
     "nim's heap field: its label, default and doc with the values it takes")
t.ok(misf and misf.label == "Misère" and misf.help:find("loses instead", 1, true) and
     misf.choices and misf.choices[1] == "true", "nim's misère field: the game's words, true or false")
st, a = post("/api/new", {game = "nim", ["variant.heap"] = "9", ["variant.misere"] = "true", seed = 1})
t.ok(st == 200 and a.variant == "heap=9,misere=true" and a.diagram:find("heap: 9", 1, true),
     "a Lua game's variant chosen on the page")
st, s = post("/api/new", {game = "nim", ["variant.heap"] = "0"})
t.ok(st == 400 and s.error:find("variant.heap of nim must be a whole number from 1 to 1000, got 0",
                                 1, true), "a Lua game's variant out of range is 400, saying why")

-- ---- bad requests ----
st, s = post("/api/new", {game = "nope"})
t.is(st, 404, "new: an unknown game is 404")
t.like(s.error, "known games: .*chess, chexers", "... naming the games")
st, s = post("/api/new", {game = "chess", level = 11})
t.is(st, 400, "new: level 11 is 400")
t.like(s.error, "from 1 %(weakest%) to 10", "... with the accepted values")
st, s = post("/api/new", {game = "chess", seat = 3})
t.is(st, 400, "new: seat 3 of chess is 400")
st, s = post("/api/new", {game = "chess", seed = "x"})
t.is(st, 400, "new: a seed that is no number is 400")
st, s = post("/api/new", {game = "draughts", ["variant.nope"] = "1"})
t.is(st, 400, "new: an unknown variant setting is 400")
t.like(s.error, "it has: capture", "... naming the settings it has")
st, s = post("/api/new", {game = "draughts", ["variant.capture"] = "sometimes"})
t.is(st, 400, "new: a variant value outside the choices is 400")
st, s = post("/api/move", {id = "0123", move = "e2e4"})
t.is(st, 404, "a move in an unknown session is 404")
st = fetch{method = "POST", path = "/api/move", body = "id=%zz&move=e2e4"}
t.is(st, 400, "a form with a broken %-escape is 400")
st = fetch{method = "POST", path = "/api/new", body = "game=chess&" .. ("a=1&"):rep(100)}
t.is(st, 400, "a form of too many fields is 400")
st = fetch{method = "POST", path = "/api/new", body = "game=" .. ("x"):rep(100000)}
t.is(st, 413, "a body over 64 KiB is 413")
st = fetch{method = "PUT", path = "/api/new", body = "game=chess"}
t.is(st, 405, "PUT is 405")
st = get("/api/new")
t.is(st, 405, "GET /api/new is 405")
st = get("/api/unknown")
t.is(st, 404, "an unknown API path is 404")
st = get("/../../../etc/passwd")
t.is(st, 404, "a path out of the folder is 404 (no file is ever read for a request)")
st = get("/web/play.js")
t.is(st, 404, "files are served by name only")
st = fetch{path = "/", headers = {Host = "attacker.example"}}
t.is(st, 403, "a Host that is not this machine is 403")
st = fetch{raw = "GET / HTTP/1.1\r\nConnection: close\r\n\r\n"}
t.ok(st and st >= 400 and st < 500, "an HTTP/1.1 request without Host is refused (" .. tostring(st) .. ")")
st = fetch{raw = "GET /" .. ("a"):rep(70000) .. " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"}
t.ok(st == nil or (st >= 400 and st < 500), "a 70 kB URL is refused (" .. tostring(st) .. ")")
st = fetch{raw = "\1\2\3 garbage\r\n\r\n"}
t.ok(st == nil or (st >= 400 and st < 500), "garbage is refused (" .. tostring(st) .. ")")
st = get("/")
t.is(st, 200, "after all that, the server still answers")

-- ---- cross-site requests (D8), NUL characters (D16), bodies that are not forms (D20) ----
local function post_with(headers, body)
  local status, _, answer = fetch{method = "POST", path = "/api/new", headers = headers,
                                  body = body or "game=tictactoe&seed=1"}
  return status, decode(answer or "") or {}
end
local origin = "http://127.0.0.1:" .. port
st, s = post_with({["X-Stratagem"] = token, Origin = "http://evil.example"})
t.is(st, 403, "a POST with the Origin of another site is 403")
t.like(s.error, "another site %(Origin: http://evil%.example%)", "... saying why")
st, s = post_with({["X-Stratagem"] = token, ["Sec-Fetch-Site"] = "cross-site"})
t.is(st, 403, "a POST with Sec-Fetch-Site: cross-site is 403")
st, s = post_with({["X-Stratagem"] = token, Origin = "null"})
t.is(st, 403, "a POST with Origin: null is 403")
st, s = post_with({Origin = origin, ["Sec-Fetch-Site"] = "same-origin"})
t.is(st, 403, "a POST without X-Stratagem is 403, even from the server's own origin")
t.like(s.error, "needs the header X%-Stratagem with this server's token, missing here %(GET /api/token",
       "... saying what to send and where to get it")
st, s = post_with({["X-Stratagem"] = "1", Origin = origin, ["Sec-Fetch-Site"] = "same-origin"})
t.is(st, 403, "a POST whose X-Stratagem is not the server's token is 403")
t.like(s.error, "token, not the one given", "... saying so")
local _, _, page = get("/")
t.ok(page and page:find('<meta name="stratagem-token" content="' .. token .. '">', 1, true),
     "the page carries the token for its script")
st, s = post_with({["X-Stratagem"] = token, Origin = origin, ["Sec-Fetch-Site"] = "same-origin"})
t.ok(st == 200 and s.game == "tictactoe", "a POST from the server's own page is taken (" .. tostring(st) .. ")")
st = fetch{method = "POST", path = "/api/new", body = "game=tictactoe",
           headers = {["X-Stratagem"] = token, Origin = "http://localhost:" .. port}}
t.is(st, 200, "... and from http://localhost:PORT")
local _, mine = post("/api/new", {game = "chess", seed = 5})
for _ = 1, 3 do post_with({["X-Stratagem"] = token, Origin = "http://evil.example"}) end
t.is(get("/api/state?id=" .. mine.id), 200, "refused cross-site POSTs leave the user's game alone")
st, s = post_with(nil, "game=chess%00x")
t.is(st, 400, "a form field with a NUL (%00) is 400")
t.like(s.error, "NUL character", "... saying so")
st, s = post_with(nil, "game=tictactoe&x%00y=1")
t.is(st, 400, "a field name with a NUL is 400")
st, hd, body = get("/api/state?id=" .. id .. "%00x")
t.ok(st == 400 and body:find("NUL character", 1, true), "a URL argument with a NUL is 400 (" .. tostring(st) .. ")")
st, s = post_with({["X-Stratagem"] = token, ["Content-Type"] = "application/json"}, '{"game": "chess"}')
t.is(st, 415, "a JSON body is 415")
t.like(s.error, "takes HTML forms %(Content%-Type: application/x%-www%-form%-urlencoded%), not 'application/json'",
       "... saying the API takes forms")
t.like(s.error, "%-d game=chess", "... with an example")
st, s = post_with({["X-Stratagem"] = token, ["Content-Type"] = "application/x-www-form-urlencoded; charset=UTF-8"})
t.is(st, 200, "a form's type with a charset is taken")

-- ---- the start page, the pictures, the setup's words (#34 items 9 and 10) ----
st, hd, body = get("/")
t.ok(body:find('id="cards"', 1, true) and body:find("Loading", 1, true),
     "the page has a start page of game cards and a Loading state")
local pictures_ok, bad_picture = true, nil
for _, gm in ipairs(games or {}) do
  local pst, phd, pbody = get(gm.picture or "/none")
  if pst ~= 200 or not (phd["content-type"] or ""):find("^image/svg%+xml") or
     not (pbody or ""):find("^<svg") then
    pictures_ok, bad_picture = false, gm.name .. " " .. tostring(gm.picture) .. " " .. tostring(pst)
  end
end
t.ok(games and #games > 0 and pictures_ok, "every game's card has a picture, an SVG the server makes: " ..
     tostring(bad_picture or "all " .. #(games or {})))
st, hd, body = get("/picture/chess.svg")
local start_board = sg.new("chess"):svg{size = 180, title = false}:gsub("^<%?xml[^>]*>%s*", "")
t.is(body, start_board, "chess's picture is its start position")
t.is(get("/picture/nope.svg"), 404, "the picture of an unknown game is 404")
local serve = require "stratagem.serve"
local unlabelled, raw = {}, {}
for _, gm in ipairs(games or {}) do
  for _, x in ipairs(gm.variant) do
    -- a game defined in Lua labels its own settings (sg.define's variants)
    if not serve.VARIANT_LABELS[x.key] and not (sg.defaults(gm.name).variant_docs or {})[x.key] then
      unlabelled[#unlabelled + 1] = gm.name .. "." .. x.key
    end
    if not x.label or x.label:find("_") or x.label == x.key or not x.help then
      raw[#raw + 1] = gm.name .. "." .. x.key .. ": " .. tostring(x.label)
    end
    for _, c in ipairs(x.shown or {}) do
      if c:find("_") then raw[#raw + 1] = gm.name .. "." .. x.key .. " choice " .. c end
    end
  end
end
t.ok(#unlabelled == 0, "every variant setting has its words for the page: " .. table.concat(unlabelled, ", "))
t.ok(#raw == 0, "no field shows an internal name, each has an explanation: " .. table.concat(raw, ", "))
local patience
for _, gm in ipairs(games or {}) do if gm.name == "patience" then patience = gm end end
local split
for _, x in ipairs(patience and patience.variant or {}) do if x.key == "split_runs" then split = x end end
t.ok(split and split.label == "Split runs" and split.shown and split.shown[1] == "yes",
     "patience's split_runs is labelled 'Split runs', its choices yes and no")
t.is(patience and patience.players, 1, "patience is listed with one player (the page hides seat and level)")
-- each game's level on the page: its own default (war chess's level 10, the exact planner its
-- levels below play on fewer turns), else 4; a new game without a level takes it
do
  local lv = {}
  for _, gm in ipairs(games or {}) do lv[gm.name] = gm.level end
  t.ok(lv.warchess == 10 and lv.qubic == 8 and lv.othello == 4,
       "the games list gives each game's default level (war chess 10, Qubic 8, Othello 4)")
  local _, w = post("/api/new", {game = "warchess", seed = 3})
  t.is(w and w.level, 10, "a new war chess game without a level starts at its default, 10")
end

-- ---- chess: the moves in SAN, the board from black's side for black ----
do
  local _, c = post("/api/new", {game = "chess", seed = 11, level = 1, seat = 2})
  local a1x = c.svg:match('<rect [^>]*data%-cell="a1"[^>]*x="(%d+)"')
  local h1x = c.svg:match('<rect [^>]*data%-cell="h1"[^>]*x="(%d+)"')
  t.ok(c.flip and a1x and h1x and tonumber(a1x) > tonumber(h1x),
       "black's board is turned round: a1 on the right (a1 x=" .. tostring(a1x) .. ", h1 x=" .. tostring(h1x) .. ")")
  _, c = post("/api/ai", {id = c.id})
  local _, mv = post("/api/move", {id = c.id, move = "g8f6"})
  local replayed = sg.new("chess")
  local want = {}
  for i, m in ipairs(mv.history) do want[i] = replayed:san(m); replayed:play(m) end
  t.ok(#want == 2 and want[2] == "Nf6", "(the reference: the moves replayed, g8f6 is Nf6)")
  t.is(table.concat(mv.history_shown or {}, " "), table.concat(want, " "),
       "the game's moves are listed in SAN, as the move buttons write them")
  local _, w = post("/api/new", {game = "chess", seed = 11, level = 1})
  local wa1 = w.svg:match('<rect [^>]*data%-cell="a1"[^>]*x="(%d+)"')
  local wh1 = w.svg:match('<rect [^>]*data%-cell="h1"[^>]*x="(%d+)"')
  t.ok(not w.flip and tonumber(wa1) < tonumber(wh1), "white's board is not turned")
end

-- ---- Star Chess (#33 item 5): a turn composed on a copy, sent whole; the others' turns ----
do
  local _, sc = post("/api/new", {game = "starchess", seed = 5, level = 1})
  t.ok(sc.your_turn and sc.turns and #sc.turns == 0, "Star Chess: player 1 begins; no turns of " ..
       "the others to show yet")
  -- the most ships a move from A1 to B1 may take, in a state's list of legal commands
  local function most(st, prefix)
    local n = 0
    for _, m in ipairs(st.moves) do
      local k = m.move:match("^" .. prefix .. " (%d+)$")
      if k then n = math.max(n, tonumber(k)) end
    end
    return n
  end
  -- the rules file: 20 ships at each homeworld at the start; 10 colonists a ship built, 20 of them
  t.is(most(sc, "move A1 B1"), 20, "at the start up to the 20 ships of A1 may go to B1")
  t.is(most(sc, "build A1"), 2, "and 2 may be built at A1 (20 inhabitants, 10 a ship)")
  local st, pv = post("/api/preview", {id = sc.id, commands = "move A1 B2 5"})
  t.ok(st == 200 and pv.pending and pv.pending[1] == "move A1 B2 5" and #pv.history == 1,
       "POST /api/preview: the game after the listed commands")
  t.is(most(pv, "move A1 B1"), 15, "... where 15 ships are left at A1 to move")
  local _, now = post("/api/state", {id = sc.id})
  t.ok(#now.history == 0 and now.your_turn, "... and the game itself is not changed")
  st, pv = post("/api/preview", {id = sc.id, commands = "move A1 B2 5\nmove A1 B1 30"})
  t.is(st, 422, "a preview with an illegal command: 422")
  t.is(pv.error, "command 2 of 2, 'move A1 B1 30', refused: illegal command 'move A1 B1 30': " ..
       "A1 has only 15 ships", "... naming the command and the game's reason")
  st, pv = post("/api/turn", {id = sc.id, commands = "move A1 B2 5; build A1 3"})
  t.is(st, 422, "POST /api/turn with an illegal command: 422")
  t.like(pv.error, "^command 2 of 3, 'build A1 3', refused: illegal command 'build A1 3': " ..
         ".-%(nothing of the turn was played%)$", "... naming it; nothing played")
  _, now = post("/api/state", {id = sc.id})
  t.ok(#now.history == 0 and now.your_turn, "... the game unchanged, still the person's turn")
  st = post("/api/turn", {id = sc.id})
  t.is(st, 400, "POST /api/turn without commands: 400")
  st, pv = post("/api/turn", {id = sc.id, commands = "move A1 B2 5; build A1 1"})
  t.ok(st == 200 and table.concat(pv.history, "; ") == "move A1 B2 5; build A1 1; end" and
       not pv.your_turn, "POST /api/turn plays the commands and end: the computers' turn")
  st = post("/api/preview", {id = sc.id, commands = "end"})
  t.is(st, 409, "a preview on the computers' turn: 409")
  st = post("/api/turn", {id = sc.id, commands = ""})
  t.is(st, 409, "a turn on the computers' turn: 409")
  for _ = 1, 3 do _, pv = post("/api/ai", {id = sc.id}) end
  t.ok(pv.your_turn and #pv.turns == 3, "after three computer turns: the person's turn, " ..
       "with the three turns to show")
  -- each turn's headline names its player and every move of its commands (from the history)
  local h, i = pv.history, 4
  for k, tn in ipairs(pv.turns) do
    local head = tn.lines[1] or ""
    local good = tn.player == k + 1 and head:find(("^player %d, turn 1: "):format(k + 1)) ~= nil
    local cmds = {}
    while h[i] and h[i] ~= "end" do
      cmds[#cmds + 1] = h[i]
      local a, b = h[i]:match("^move (%u%d) (%u%d)")
      if a and not head:find(("from %s to %s"):format(a, b), 1, true) then good = false end
      i = i + 1
    end
    i = i + 1
    t.ok(good, ("player %d's turn (%s) is told: %s"):format(k + 1, table.concat(cmds, "; "), head))
  end
  _, now = post("/api/turn", {id = sc.id, commands = "end"})
  t.ok(#now.turns == 0, "when the person's turn ends, the turns before it are no longer shown")
  local _, ch = post("/api/new", {game = "chess", seed = 1, level = 1})
  st, pv = post("/api/turn", {id = ch.id, commands = "e2e4"})
  t.ok(st == 409 and pv.error:find("one move at a time"), "chess has no turn of commands: 409")
end

-- ---- Othello: the discs counted ----
do
  local _, o = post("/api/new", {game = "othello", seed = 4, level = 1})
  t.ok(o.discs and o.discs[1].name == "black" and o.discs[1].discs == 2 and o.discs[2].discs == 2,
       "Othello's state counts the discs: black 2, white 2 at the start")
  _, o = post("/api/move", {id = o.id, move = "d3"})
  _, o = post("/api/ai", {id = o.id})
  local g2 = sg.new("othello")
  for _, m in ipairs(o.history) do g2:play(m) end
  local board = g2:position():match("^%S+")
  t.ok(o.discs[1].discs == select(2, board:gsub("b", "")) and o.discs[2].discs == select(2, board:gsub("w", "")),
       "... after two moves, as many as the position has (" .. o.discs[1].discs .. ", " .. o.discs[2].discs .. ")")
end

-- ---- the word game (#34 item 6): words against the clock, then the computer's words ----
if not has_dict then
  t.skip("no word list on this machine: no word game on the page")
else
  local wg = require "stratagem.wordgrid"
  local ref = sg.new("wordgrid", {seed = 1})
  local on_grid = ref:solve()
  local _, w = post("/api/new", {game = "wordgrid", seed = 1})
  t.ok(w and w.word and w.status == "playing" and w.time_left == wg.time and w.svg:find("^<svg"),
       "a word game starts: the grid's picture and " .. wg.time .. " s on the clock")
  st, w = post("/api/word", {id = w.id, word = on_grid[1]})
  t.ok(st == 200 and w.history[1] == on_grid[1] and
       w.history_shown[1] == ("%s (%d)"):format(on_grid[1], wg.score(on_grid[1])),
       "a word on the grid is taken, with its points: " .. tostring(w.history_shown and w.history_shown[1]))
  local st2, bad = post("/api/word", {id = w.id, word = on_grid[1]})
  t.ok(st2 == 422 and bad.error:find("already in your list"), "the same word again is 422, saying why")
  st2, bad = post("/api/move", {id = w.id, move = "e4"})
  t.is(st2, 409, "a move in the word game is 409")
  st, w = post("/api/finish", {id = w.id})
  ref:submit(on_grid[1])
  local r = ref:result()
  t.ok(st == 200 and w.status == "over" and table.concat(w.words.computer, ",") == table.concat(r.computer, ",") and
       w.words.scores.human == r.scores.human and w.words.scores.computer == r.scores.computer,
       "finish: the computer's words and the scores, as the game itself counts them: " .. tostring(w.result))
  st2 = post("/api/word", {id = w.id, word = on_grid[2]})
  t.is(st2, 409, "a word after the end is 409")
  t.is(get("/play/wordgrid"), 200, "GET /play/wordgrid: the page with the word game chosen")
  -- the clock running out (a handler without a socket whose word game lasts 0.5 s)
  local h = require("stratagem.serve").server{files = {["index.html"] = "", ["play.js"] = "",
                                                       ["play.css"] = ""}, word_time = 0.5, token = "1"}
  local function ask(method, path, body, query)
    local hs, _, hb = h:handle{method = method, path = path, query = query or {}, body = body or "",
                               headers = {host = "127.0.0.1:8080", ["x-stratagem"] = "1",
                                          ["content-type"] = "application/x-www-form-urlencoded"}}
    return hs, decode(hb or "") or {}
  end
  local _, hw = ask("POST", "/api/new", "game=wordgrid&seed=1")
  core.sleep(0.8)
  local hs, hst = ask("GET", "/api/state", nil, {id = hw.id})
  t.ok(hs == 200 and hst.status == "over" and hst.said and hst.said[1] == "time is up" and hst.words,
       "the word game ends when its time is up, saying so, with the computer's words")
  hs = ask("POST", "/api/word", "id=" .. hw.id .. "&word=" .. on_grid[1])
  t.is(hs, 409, "... and takes no word after")
end

-- ---- a game the server no longer has says why (#34 item 10) ----
do
  local s2 = assert(core.spawn({t.stratagem, "serve", "--port", "0", "--quiet", "--expire", "0.01",
                                "--sessions", "2"}, {stderr = "null"}))
  local port2 = tonumber((s2:recv(10 * t.slow) or ""):match(":(%d+)/"))
  local _, _, token2 = http.fetch{port = port2, path = "/api/token"}
  local function post2(path, form)
    local st2, _, b2 = http.fetch{port = port2, method = "POST", path = path, body = form,
                                  headers = {["X-Stratagem"] = token2}}
    return st2, decode(b2 or "") or {}
  end
  local _, e1 = post2("/api/new", "game=tictactoe&seed=1")
  core.sleep(1.5)   -- 0.01 minutes is 0.6 s
  local st2, gone = post2("/api/move", "id=" .. tostring(e1.id) .. "&move=b2")
  t.ok(st2 == 404 and gone.gone == "expired" and gone.expire_minutes == 0.01,
       "a game without a request for --expire minutes is gone, and the answer says it expired")
  t.like(gone.error or "", "this game has expired %(no move for 0%.01 minutes%): start a new one",
         "... in words")
  local sst, _, sbody = http.fetch{port = port2, path = "/api/save?id=" .. tostring(e1.id)}
  t.ok(sst == 404 and sbody:find("has expired", 1, true), "... its save download says so too")
  local _, a1 = post2("/api/new", "game=tictactoe&seed=1")
  post2("/api/new", "game=tictactoe&seed=2")
  post2("/api/new", "game=tictactoe&seed=3")
  st2, gone = post2("/api/undo", "id=" .. tostring(a1.id))
  t.ok(st2 == 404 and gone.gone == "evicted" and gone.error:find("oldest of too many %(2 games"),
       "a game pushed out by newer ones (--sessions 2) is gone with that said")
  st2, gone = post2("/api/undo", "id=0123abcd")
  t.ok(st2 == 404 and gone.gone == "unknown", "an id the server never had is 'unknown'")
  os.execute("kill -INT " .. s2:pid())
  s2:close()
end

-- ---- slow clients (D7): at most 16 connections from one address, 10 s for a whole request ----
-- The slow client connects from 127.0.0.2 (this machine too), the tests' requests from 127.0.0.1.
local probe = http.connect{port = port, source = "127.0.0.2"}
if not probe then
  t.skip("cannot connect from 127.0.0.2: no test of the per-address limit")
else
  probe:close()
  local conns = {}
  for i = 1, 20 do conns[i] = assert(http.connect{port = port, source = "127.0.0.2"}) end
  -- a connection is closed when recv says so (""), or fails otherwise than by the time
  local function closed(c, secs)
    local d, e = c:recv(secs)
    return d == "" or (d == nil and e ~= "timed out")
  end
  -- (this request comes after the 20 in the server's queue: they are taken or refused by now)
  st = get("/api/games")
  t.is(st, 200, "another address is served while they are open")
  -- each asks for a page: 16 are answered, the others were closed when they came
  local answered, refused = 0, 0
  for i = 1, 20 do
    conns[i]:send("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    local d = conns[i]:recv(30 * t.slow)
    if d and d:find("^HTTP/1%.1 200") then answered = answered + 1
    else refused = refused + 1 end
    conns[i]:close()
  end
  t.ok(answered == 16 and refused == 4, "16 connections from one address are served, more are closed (" ..
       answered .. " answered, " .. refused .. " closed)")
  -- a slowloris: a header line each second never lets the idle timeout (15 s) run out
  local c = assert(http.connect{port = port, source = "127.0.0.2"})
  c:send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
  local lines, gone = 0, false
  for _ = 1, 60 * t.slow do
    if not c:send("X-a: b\r\n") or closed(c, 1) then gone = true; break end
    lines = lines + 1
  end
  t.ok(gone, "a request still coming after the deadline is dropped (after " .. lines .. " header lines)")
  c:close()
  st = get("/")
  t.is(st, 200, "the server answers as before")
end

-- ---- stopping, and the command line ----
os.execute("kill -INT " .. srv:pid())
local last = srv:recv(10 * t.slow)
t.is(last, "stratagem: serve: stopped", "Ctrl-C (SIGINT) stops the server with a message")
local code = srv:close()
t.is(code, 0, "... and status 0")

local out, err, rc = t.run(t.stratagem .. " serve --port 70000")
t.ok(rc == 2 and err:find("%-%-port: expected a whole number from 0 to 65535, got '70000'"),
     "serve --port 70000 is refused with the accepted range")
out, err, rc = t.run(t.stratagem .. " serve --host example.org")
t.ok(rc == 2 and err:find("IPv4 address"), "serve --host with a name is refused")
out, err, rc = t.run(t.stratagem .. " serve --expire 0")
t.ok(rc == 2 and err:find("%-%-expire: expected minutes from 0%.01 to 10080 %(a week%), got '0'"),
     "serve --expire 0 is refused with the accepted range")
out, err, rc = t.run(t.stratagem .. " serve --colour")
t.ok(rc == 2 and err:find("unknown option '%-%-colour'"), "an unknown option is refused")
out, err, rc = t.run(t.stratagem .. " serve --help")
t.ok(rc == 0 and out:find("%-%-sessions N") and out:find("%-%-expire MINUTES"), "serve --help describes the options")
-- a port already in use
local busy = assert(http.listen{port = 0})
out, err, rc = t.run(t.stratagem .. " serve --port " .. busy.port)
t.ok(rc == 1 and err:find("choose another with %-%-port"), "a port in use: a message saying what to do")
busy:close()
t.errors(function() http.listen{port = 0, bogus = 1} end, "unknown option 'bogus'", "http.listen refuses unknown options")
t.errors(function() http.listen{port = 0, request_time = 0} end, "request_time must be a whole number from 1", "http.listen: request_time's range")
t.errors(function() http.listen{host = "localhost"} end, "IPv4 address", "http.listen wants an address")

t.done()
