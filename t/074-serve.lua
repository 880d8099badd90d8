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
sg.load_games()   -- the server offers the games defined in Lua in the games folders too
t.is(table.concat(names, ","), table.concat(sg.games(), ","), "the games list has every game")
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

-- a game defined in Lua (scenarios/games): served with its text board (it has no picture)
st, a = post("/api/new", {game = "tictactoe_lua", seed = 1})
t.ok(st == 200 and #a.moves == 9 and a.svg == nil and a.diagram:find("a b c", 1, true) ~= nil,
     "a game defined in Lua is served, with its text board")

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
out, err, rc = t.run(t.stratagem .. " serve --colour")
t.ok(rc == 2 and err:find("unknown option '%-%-colour'"), "an unknown option is refused")
out, err, rc = t.run(t.stratagem .. " serve --help")
t.ok(rc == 0 and out:find("%-%-sessions N"), "serve --help describes the options")
-- a port already in use
local busy = assert(http.listen{port = 0})
out, err, rc = t.run(t.stratagem .. " serve --port " .. busy.port)
t.ok(rc == 1 and err:find("choose another with %-%-port"), "a port in use: a message saying what to do")
busy:close()
t.errors(function() http.listen{port = 0, bogus = 1} end, "unknown option 'bogus'", "http.listen refuses unknown options")
t.errors(function() http.listen{port = 0, request_time = 0} end, "request_time must be a whole number from 1", "http.listen: request_time's range")
t.errors(function() http.listen{host = "localhost"} end, "IPv4 address", "http.listen wants an address")

t.done()
