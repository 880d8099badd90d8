-- stratagem.play: play any game in the terminal: people and AIs in any seats.
local sg = require "stratagem"
local data = require "stratagem.data"

local M = {}
local fmt = string.format

local USAGE = "stratagem play GAME [SCENARIO] [--seats human,ai] [--seed N] [--load FILE] " ..
              "[--position TEXT | --fen FEN] [--level 1-10] [--depth N] [--time S] [--delay S] " ..
              "[--unicode] [--variant K=V,...] " ..
              "[--rules K=V,...] [--weights K=V,...] [--preset NAME] [--ai K=V,...] " ..
              "[--save-prefs | --no-prefs] " ..
              "[--save FILE] [--force]"

local HELP = [[
Type a move in the game's notation, or several separated by ';' (played in order, all or
none: if one is refused, those before it are taken back), or one of:
  board       draw the board
  moves       list the legal moves (counts of a command as ranges: move A1 B2 1-20)
  hint        ask the AI what it would play (a line you can type back as it is)
  undo        take back your last move (and the AI's reply)
  save FILE   save the game to FILE (load it with --load FILE; chess: FILE.pgn writes PGN);
              an existing FILE is kept unless you say yes (save! FILE overwrites it)
  help        this text
  quit        leave the game (asks first when it is not saved; Ctrl-C asks whether to save it)
At the end of a game a person at the terminal is offered to save it and its replay page.
Ctrl-C while the computer thinks stops its search: it plays the best move found so far.
The computer's strength: --level 1 (weakest) to 10 on the command line, or --depth/--time.]]

M.USAGE, M.HELP = USAGE, HELP

-- ---- stratagem play --help, and play GAME --help: the options, then the game's own ----
M.OPTIONS = {
  {"GAME", "the game (stratagem games lists them); SCENARIO: one of the game's scenarios"},
  {"--seats human,ai", "who plays each seat: human or ai (default: you first, the AI after)"},
  {"--seed N", "the game's seed (deals, AI randomness)"},
  {"--load FILE", "go on with a saved game"},
  {"--position TEXT, --fen FEN", "start from a position in the game's text (chess: a FEN)"},
  {"--level 1-10", "the AI's strength, 1 weakest (default: the game's search settings)"},
  {"--depth N, --time S", "the AI's depth, or seconds a move, in place of a level"},
  {"--delay S", "pause between AI moves when AIs play each other (default 0.5 at a terminal)"},
  {"--unicode", "draw pieces with Unicode symbols"},
  {"--variant K=V,...", "the game's variants (play GAME --help lists them)"},
  {"--rules K=V,...", "rules constants of the game"},
  {"--weights K=V,...", "evaluation weights of the AI"},
  {"--preset NAME", "a named set of weights under --weights (chess: modern, the default, or seed)"},
  {"--ai K=V,...", "search settings of the AI (algo=mcts, hash=64, ...)"},
  {"--save-prefs, --no-prefs", "save these settings as the game's preferences / ignore them"},
  {"--save FILE", "write the game's save to FILE at its end"},
  {"--force", "let saves overwrite an existing file (default: refused)"},
}
M.EXAMPLE = "stratagem play othello --level 5 --seats ai,human"

-- What play GAME --help says about the game: its title, notation, variants and levels.
function M.game_help(game)
  local d = sg.defaults(game)
  local out = {fmt("%s: %s", game, d.title or game), "Moves: " .. (d.notation or "see moves")}
  local keys = {}
  for k in pairs(d.variant or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  if #keys == 0 then out[#out + 1] = "Variants: none"
  else
    out[#out + 1] = "Variants (--variant K=V, default shown):"
    for _, k in ipairs(keys) do
      local doc = (d.variant_docs or {})[k]   -- a game defined in Lua says what each one is
      out[#out + 1] = fmt("  %s=%s", k, tostring(d.variant[k])) ..
                      (doc and fmt("  %s (%s)", doc.doc, doc.expected) or "")
    end
  end
  out[#out + 1] = "Levels (--level N):"
  for level = 1, 10 do
    local ai, elo, about = M.ai_settings(game, nil, nil, level)
    local text = about or M.level_text(ai)
    if ai.iterations then text = text .. fmt(", %d iterations", ai.iterations) end
    if elo then text = text .. fmt(", about %d Elo", elo) end
    out[#out + 1] = fmt("  %2d  %s", level, text)
  end
  out[#out + 1] = fmt("Example: stratagem play %s --level 3", game)
  return table.concat(out, "\n")
end

local function fail(msg)
  io.stderr:write("stratagem: play: ", msg, "\n", "usage: ", USAGE, "\n")
  return 2
end

-- "k=v,k=v" as a table: numbers, true and false as such, other values as strings.
local function pairs_list(text, opt)
  local t = {}
  for item in text:gmatch("[^,]+") do
    local k, v = item:match("^%s*([%w_]+)%s*=%s*(.-)%s*$")
    if not k or v == "" then
      error(("%s: expected key=value pairs separated by commas, got '%s'"):format(opt, item), 0)
    end
    if v == "true" then t[k] = true
    elseif v == "false" then t[k] = false
    else t[k] = math.tointeger(tonumber(v)) or tonumber(v) or v end
  end
  return t
end

local function parse_args(args)
  local o = {}
  local i = 1
  while i <= #args do
    local a = args[i]
    local function value()
      i = i + 1
      if args[i] == nil then error("option " .. a .. " needs a value", 0) end
      return args[i]
    end
    if a == "--seats" then
      o.seats = {}
      for s in value():gmatch("[^,]+") do
        if s ~= "human" and s ~= "ai" then error("a seat is 'human' or 'ai', got '" .. s .. "'", 0) end
        o.seats[#o.seats + 1] = s
      end
    elseif a == "--seed" then
      o.seed = math.tointeger(tonumber(value()))
      if not o.seed then error("--seed needs a whole number", 0) end
    elseif a == "--load" then
      o.load = value()
    elseif a == "--position" or a == "--fen" then
      o.position = value()
    elseif a == "--depth" then
      o.depth = math.tointeger(tonumber(value()))
      if not o.depth or o.depth < 1 then error("--depth needs a whole number of 1 or more", 0) end
    elseif a == "--time" then
      o.time = tonumber(value())
      if not o.time or o.time <= 0 then error("--time needs a number of seconds", 0) end
    elseif a == "--level" then
      local v = value()
      o.level = math.tointeger(tonumber(v))
      if not o.level or o.level < 1 or o.level > 10 then
        error("--level needs a whole number from 1 (weakest) to 10 (strongest), got '" .. v .. "'", 0)
      end
    elseif a == "--delay" then
      local v = value()
      o.delay = tonumber(v)
      if not o.delay or o.delay < 0 or o.delay > 3600 then
        error("--delay needs a number of seconds from 0 to 3600, got '" .. v .. "'", 0)
      end
    elseif a == "--rules" or a == "--weights" or a == "--ai" or a == "--variant" then
      o[a:sub(3)] = pairs_list(value(), a)
    elseif a == "--preset" then
      o.preset = value()
    elseif a == "--unicode" then
      o.unicode = true
    elseif a == "--save-prefs" then
      o.save_prefs = true
    elseif a == "--no-prefs" then
      o.no_prefs = true
    elseif a == "--save" then
      o.save = value()
    elseif a == "--force" then
      o.force = true
    elseif a:sub(1, 1) == "-" then
      error("unknown option '" .. a .. "'", 0)
    elseif not o.game then
      o.game = a
    elseif not o.scenario then
      o.scenario = a
    else
      error("unexpected word '" .. a .. "'", 0)
    end
    i = i + 1
  end
  if o.scenario and o.game then
    local ok, d = pcall(sg.defaults, o.game)
    if ok and not (d.options and d.options.scenario ~= nil) then
      error(fmt("unexpected word '%s' (%s takes no scenario)", o.scenario, o.game), 0)
    end
  end
  return o
end

-- The SCENARIO word of the command line: a file (a path with a '/' or ending in .lua) that
-- returns the scenario table, read as data with nothing in its environment; or a name the
-- game looks up itself (war chess: a file under scenarios/warchess/).  Nil and a message.
local function scenario_arg(game, word)
  if type(word) == "table" then return word end   -- from Lua (M.run): the table itself
  local ok, d = pcall(sg.defaults, game)
  if not ok or not d.options or d.options.scenario == nil then
    return nil, fmt("unexpected word '%s' (%s takes no scenario)", word, game)
  end
  if not (word:find("/", 1, true) or word:match("%.lua$")) then return word end
  return data.run_scenario(word)
end

local function result_text(g, names)
  local status, winner = g:status()
  if status == "won" then return fmt("%s wins.", names[winner] or ("player " .. winner)) end
  if status == "lost" then   -- a one-player game ended unwon (patience: its cards home)
    return g.cards_home and fmt("Lost, with %d cards home.", g:cards_home()) or "Lost."
  end
  return "Drawn."
end


-- The commands of a typed line: separated by ';', blanks around them dropped.
local function split_commands(line)
  local cmds = {}
  for piece in (line .. ";"):gmatch("([^;]*);") do
    piece = piece:match("^%s*(.-)%s*$")
    if piece ~= "" then cmds[#cmds + 1] = piece end
  end
  return cmds
end

-- The legal moves for a person to read: moves that differ only in a trailing count are one
-- line with the counts as ranges ("move A1 B2 1" ... "move A1 B2 20" -> "move A1 B2 1-20");
-- other moves stay as they are, in their order.
function M.group_moves(ms)
  local out, groups = {}, {}
  for _, m in ipairs(ms) do
    local head, n = m:match("^(.- )(%d+)$")
    if head then
      local grp = groups[head]
      if not grp then
        grp = {head = head, counts = {}}
        groups[head], out[#out + 1] = grp, grp
      end
      grp.counts[#grp.counts + 1] = math.tointeger(tonumber(n))
    else
      out[#out + 1] = m
    end
  end
  for i, x in ipairs(out) do
    if type(x) == "table" then
      table.sort(x.counts)
      local runs, first = {}, 1
      for k = 1, #x.counts do
        if x.counts[k + 1] ~= x.counts[k] + 1 then   -- a run ends at k
          local a, b = x.counts[first], x.counts[k]
          runs[#runs + 1] = a == b and tostring(a) or (a .. "-" .. b)
          first = k + 1
        end
      end
      out[i] = x.head .. table.concat(runs, ",")
    end
  end
  return out
end

local function who(S, p)
  return S.names[p] or ("player " .. p)
end

-- With hidden information (dominoes) the board is drawn as a person sees it: the person to
-- move, else the first person seated; with no person, or once the game is over, all of it.
local function shown_as(S)
  local g = S.g
  if not sg.info(g:game()).hidden then return nil end
  if g:status() ~= "playing" then return {all = true} end
  if S.seats[g:player()] == "human" then return {player = g:player()} end
  for p, seat in ipairs(S.seats) do
    if seat == "human" then return {player = p} end
  end
  return {all = true}
end

-- The diagram with the game's figurines for its piece letters (play.unicode, with
-- --unicode): on the board's rows only, those that begin with a rank number.
local function figurines(text, map)
  return (text:gsub("([^\n]*)", function(line)
    if not line:match("^%d") then return line end
    return (line:gsub("%a", function(c) return map[c] end))
  end))
end

local function show_board(S)
  local as = shown_as(S)
  local text = S.g:diagram(S.colour, as)
  if S.unicode then text = figurines(text, S.unicode) end
  S.write("\n" .. text .. "\n")
  S.shown = S.g:position(as)
end

-- Play one command through the chronicle, keeping its events with the ply after it (so undo
-- can forget them): the events, and the snapshots before and after.
local function chronicle_play(S, cmd)
  local events, before, after = S.chronicle.play(S.g, cmd)
  for _, e in ipairs(events) do
    e.ply = S.g:ply()
    S.events[#S.events + 1] = e
  end
  return events, before, after
end

-- Forget the events of commands taken back.
local function forget_events(S)
  while S.events and #S.events > 0 and S.events[#S.events].ply > S.g:ply() do
    table.remove(S.events)
  end
end

-- Play one command, with the chronicle when the game has one: the line that says what it did.
local function play_command(S, cmd)
  local g, p = S.g, S.g:player()
  if S.chronicle then
    local events, before, after = chronicle_play(S, cmd)
    return S.chronicle.describe(before, after, cmd, events)
  end
  g:play(cmd)
  if g:status() == "playing" and g:player() == p then
    return fmt("%s: played; still %s's turn", cmd, who(S, p))
  end
  return fmt("%s: played", cmd)
end

-- Play the commands of one typed line in order, all or none: a refused command takes back
-- those already played from the line.  A line is one player's: commands after the one that
-- passed the turn are refused.  The lines saying what each did, or nil and the refusal.
local function play_line(S, cmds)
  local g, p = S.g, S.g:player()
  local said, played = {}, 0
  for i, c in ipairs(cmds) do
    local ok, res
    if g:status() ~= "playing" or g:player() ~= p then
      ok, res = false, fmt("the turn already passed after '%s'", cmds[i - 1])
    else
      ok, res = pcall(play_command, S, c)
    end
    if not ok then
      res = tostring(res):gsub("^[^\n]-%.lua:%d+: ", "")   -- the message, not where it was raised
      for _ = 1, played do g:undo() end
      forget_events(S)
      if #cmds == 1 then return nil, tostring(res) end
      return nil, fmt("command %d of %d, '%s', refused: %s\n(nothing on the line was played)",
                      i, #cmds, c, tostring(res))
    end
    played, said[#said + 1] = played + 1, res
  end
  return said
end

local HINT_WIDTH = 6   -- "hint: " : the detail line lines up under the move

-- A legal move as players read it: SAN where the game's defaults ask for it (play.san:
-- chess), else as the game writes it.
local function shown_move(g, m)
  local ok, d = pcall(sg.defaults, g:game())
  if ok and (d.play or {}).san and g.san then
    local sok, san = pcall(g.san, g, m)
    if sok then return san end
  end
  return m
end

-- The search's score encoding (src/games/game.h): a won game scores WIN minus its distance in
-- plies; between WIN_MARGIN and WIN - MAX_PLY, a won game's final margin; evaluations stay
-- inside (-WIN/2, WIN/2).
local WIN, MAX_PLY = 1 << 28, 128
local WIN_MARGIN = WIN - 1024

-- A search's score as a player reads it, for the player the search moved for: "mate in 3",
-- "wins in 5 moves", "wins by 12 discs", "draw", "+1.25 pawns", "+4.12 points, mean of 24
-- samples"; never a raw internal value.  A game's defaults may give play.score = {scale =,
-- digits =, unit =, margin =, mate =, estimate =}: an evaluation is divided by scale (shown
-- with digits decimals, 2 by default) and followed by
-- unit, or by estimate when the search is not exact; margin is the unit of an exact search's
-- final margin (r.margin).  pimc's score (a float) is the mean over the samples that chose the
-- move, in the same terms; MCTS's (and pimc's with inner = "mcts", given in o) a mean result
-- from 0 (lost) to 1 (won).  play.score may also be a function(g) of the game searched (g, when
-- given) that returns that table, for a game whose evaluations' unit depends on its settings
-- (Othello: tenths of a disc with the pattern evaluation, points with Blunt's weighting scheme).
function M.score_text(game, r, o, g)
  local s = r.score
  if type(s) ~= "number" then return nil end
  local ok, d = pcall(sg.defaults, game)
  local sc = ok and (d.play or {}).score or {}
  if type(sc) == "function" then sc = sc(g) end
  local function value(v)
    local unit = sc.unit or (not r.exact and sc.estimate) or nil
    local text = sc.scale and fmt("%+." .. (sc.digits or 2) .. "f", v / sc.scale) or
                 math.type(v) == "float" and fmt("%+.3f", v) or fmt("%+d", v)
    return text .. (unit and (" " .. unit) or "")
  end
  if math.type(s) == "float" then
    if r.algo ~= "pimc" or (o or {}).inner == "mcts" then return fmt("%.3f (mean result)", s) end
    local n = r.votes or 1
    local of = fmt(", mean of %d sample%s", n, n == 1 and "" or "s")
    -- a sample won or lost scores about WIN: how many did, when the mean is that far out
    local won = math.floor(math.abs(s) * n / WIN + 0.5)
    if won > 0 then
      return fmt("%s in %d of %d samples", s > 0 and "wins" or "loses", won, n)
    end
    return value(s) .. of
  end
  local a = math.abs(s)
  if a >= WIN - MAX_PLY then
    local moves = (WIN - a + 1) // 2
    if sc.mate then return fmt("%s in %d", s > 0 and "mate" or "mated", moves) end
    return fmt("%s in %d move%s", s > 0 and "wins" or "loses", moves, moves == 1 and "" or "s")
  elseif a > WIN_MARGIN then
    local m = a - WIN_MARGIN
    return fmt("%s by %d%s", s > 0 and "wins" or "loses", m, sc.margin and (" " .. sc.margin) or "")
  elseif a >= WIN // 2 then
    return s > 0 and "wins" or "loses"
  elseif s == 0 and r.exact then
    return "draw"
  elseif r.exact and sc.margin and math.type(r.margin) == "integer" then
    -- an exact solver's result is the final margin itself (Othello's endgame solver)
    local m = math.abs(r.margin)
    if m == 0 then return "draw" end
    return fmt("%s by %d %s", r.margin > 0 and "wins" or "loses", m, sc.margin)
  end
  return value(s)
end

-- How deep the search behind a score went: ", exact" when it was exact, else ", depth N"
-- (nothing without a depth).
function M.depth_text(r)
  if r.exact then return ", exact" end
  return (r.depth or 0) > 0 and (", depth " .. r.depth) or ""
end

-- The AI's advice for the player to move: a line that can be typed back as it is, then what
-- the search found on a line of its own.
local function hint(S)
  local h = {}
  for k, v in pairs(S.ai) do h[k] = v end
  h.seed = S.seed
  h.random = nil   -- a weak level's random choice is no advice
  h.blunder = nil  -- nor its random moves
  local r = sg.search(S.g, h)
  if r.stopped == "interrupted" then S.write("(Ctrl-C stopped the search)\n") end
  if r.moves then
    S.write(fmt("hint: %s\n", table.concat(r.moves, "; ")))
  else
    S.write(fmt("hint: %s\n", shown_move(S.g, r.move)))
    local score = M.score_text(S.g:game(), r, h, S.g)
    if score then
      S.write(fmt("%s(%s%s)\n", (" "):rep(HINT_WIDTH), score, M.depth_text(r)))
    end
  end
end

-- The AI seat's turn: its move, or for a whole turn of commands (Star Chess's planner) the
-- commands and, with a chronicle, what they did.
local function ai_turn(S)
  local g, p = S.g, S.g:player()
  S.ai.seed = S.seed * 1000003 + g:ply()
  local r = sg.search(g, S.ai)
  if r.stopped == "interrupted" then
    S.write("(Ctrl-C stopped the search: the best move found so far is played)\n")
  end
  if r.moves then
    S.write(fmt("%s (AI) plays %s   [%d positions generated, %.3f s]\n", who(S, p),
                table.concat(r.moves, "; "), r.generated or 0, r.time))
    if S.chronicle then
      -- what the turn did, in the words of the web page's summaries (chronicle.summary)
      local turn, events = g:turn(), {}
      for _, m in ipairs(r.moves) do
        for _, e in ipairs((chronicle_play(S, m))) do events[#events + 1] = e end
      end
      for _, line in ipairs(S.chronicle.summary(p, turn, r.moves, events)) do
        S.write("  " .. line .. "\n")
      end
    else
      for _, m in ipairs(r.moves) do g:play(m) end
    end
  else
    if (r.depth or 0) > 0 then
      local score = M.score_text(g:game(), r, S.ai, g)
      S.write(fmt("%s (AI) plays %s   [%s%s, %d nodes, %.3f s]\n", who(S, p),
                  shown_move(g, r.move), score or "", M.depth_text(r):sub(score and 1 or 3),
                  r.nodes, r.time))
    else
      S.write(fmt("%s (AI) plays %s\n", who(S, p), shown_move(g, r.move)))
    end
    g:play(r.move)
  end
end

-- undo: back to this person's previous command (within a turn of commands) or turn.  Whether
-- the board is to be drawn: not when one command of the person's own turn was taken back.
local function undo(S, p)
  local g, undone = S.g, {}
  while g:ply() > 0 do
    table.insert(undone, 1, g:undo())
    if g:player() == p and S.seats[p] == "human" then break end
  end
  forget_events(S)
  if #undone == 0 then
    S.write("nothing to undo\n")
    return false
  end
  S.write("took back: " .. table.concat(undone, "; ") .. "\n")
  return not S.multi or #undone > 1
end

-- Moves typed by the person to move (one or several, separated by ';').  Whether the board is
-- to be drawn: in a game of one move a turn, after the move as ever; in a game of turns of
-- commands, each command's line says what it did instead.
local function person_moves(S, cmds)
  if #cmds == 0 then return false end
  local said, err = play_line(S, cmds)
  if not said then
    S.write(err .. "\n(type 'moves' for the legal moves, 'help' for commands)\n")
    return false
  end
  if not S.multi then return true end
  for _, l in ipairs(said) do S.write(l .. "\n") end
  return false
end

local COMMANDS = {"board", "moves", "hint", "undo", "save", "help", "quit", "exit"}

-- The edit distance of a and b (insertions, deletions, substitutions, swaps of neighbours).
local function distance(a, b)
  local d = {}
  for i = 0, #a do d[i] = {[0] = i} end
  for j = 0, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:sub(i, i) == b:sub(j - 1, j - 1) and a:sub(i - 1, i - 1) == b:sub(j, j) then
        d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
      end
    end
  end
  return d[#a][#b]
end

-- The command a mistyped word was meant to be, if one is close to it.
function M.meant(word)
  word = word:lower()
  if #word < 3 or not word:match("^%a+$") then return nil end
  for _, c in ipairs(COMMANDS) do
    if word ~= c and distance(word, c) <= (#c >= 5 and 2 or 1) then return c end
  end
  return nil
end

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

-- A name for a save that does not exist yet: GAME.sav, else GAME-2.sav, GAME-3.sav...
local function free_name(game, ext)
  ext = ext or ".sav"
  local name, n = game .. ext, 1
  while exists(name) do
    n = n + 1
    name = fmt("%s-%d%s", game, n, ext)
  end
  return name
end

local function yes(answer)
  return answer ~= nil and answer:match("^%s*[yY]") ~= nil
end

-- Whether path may be written: it is new, or force (save!, --force), or the person at the
-- terminal says yes.  No is the default, and the answer without a terminal: then how says
-- how to overwrite.
local function may_write(S, path, force, how)
  if force or S.force or not exists(path) then return true end
  if S.interactive then
    if yes(S.ask(fmt("%s exists: overwrite it? [y/N] ", path))) then return true end
    S.write(path .. " is kept: not saved\n")
  else
    S.write(fmt("%s exists: not overwritten (%s overwrites it)\n", path, how))
  end
  return false
end

-- Save the game to path (chess: FILE.pgn as PGN): true, or nil and the message.
local function save_game(S, path)
  local g = S.g
  local ok, serr
  if path:lower():match("%.pgn$") and g:game() == "chess" then
    ok, serr = sg.chess.pgn.save(path, {game = g, tags = {White = who(S, 1), Black = who(S, 2),
                                                         Date = os.date("%Y.%m.%d")}})
  else
    ok, serr = g:save(path)
  end
  if ok then S.saved = {ply = g:ply(), path = path} end
  return ok, serr
end

-- Moves played since the game began here or was last saved.
local function unsaved(S)
  local ply = S.saved and S.saved.ply or S.start_ply
  return S.g:ply() ~= ply
end

-- One line typed by a person whose turn it is: a command of the program, or moves.
-- Returns "quit" to leave, else whether the board is to be drawn next.
local function person_line(S, line)
  local g, p = S.g, S.g:player()
  local cmd, rest = line:match("^(%S+)%s*(.*)$")
  if line == "" then
    return false
  elseif line == "quit" or line == "exit" then
    if not unsaved(S) or S.save_at_end then return "quit" end
    if not S.interactive then
      S.write("note: the game was not saved (type 'save FILE' to keep a game)\n")
      return "quit"
    end
    if yes(S.ask("the game is not saved; quit anyway? [y/N] ")) then return "quit" end
    S.write("(not left: type 'save FILE' to keep the game)\n")
  elseif line == "help" then
    S.write(HELP .. "\n")
    local notation = sg.defaults(S.g:game()).notation
    if notation then S.write("Moves: " .. notation .. "\n") end
  elseif line == "board" then
    return true
  elseif line == "moves" then
    local ms = g:moves()
    for i, m in ipairs(ms) do ms[i] = shown_move(g, m) end
    ms = M.group_moves(ms)
    -- moves with spaces in them (Chexers, Star Chess) are listed one a line
    local spaced = false
    for _, m in ipairs(ms) do spaced = spaced or m:find(" ") ~= nil end
    S.write(table.concat(ms, spaced and "\n" or " ") .. "\n")
  elseif line == "hint" then
    hint(S)
  elseif line == "undo" then
    return undo(S, p)
  elseif cmd == "save" or cmd == "save!" then
    if rest == "" then
      S.write("save needs a file name: save FILE (save! FILE overwrites it)\n")
    elseif may_write(S, rest, cmd == "save!", "save! " .. rest) then
      local ok, serr = save_game(S, rest)
      S.write(ok and ("saved to " .. rest .. "\n") or (tostring(serr) .. "\n"))
    end
  else
    local meant = not line:find("[%s;]") and not g:legal(line) and M.meant(line)
    if meant then
      S.write(fmt("unknown command or move '%s'; did you mean %s?\n", line, meant))
      return false
    end
    return person_moves(S, split_commands(line))
  end
  return false
end

-- Ctrl-C at the prompt: save and leave, leave, or go on.  Returns "quit" or false.
local function leave_question(S)
  local g = S.g
  local line = S.ask("\nLeave the game? s = save it first, l = leave without saving, " ..
                     "Enter = go on playing: ")
  local a = line and line:match("^%s*(%a?)") or "l"
  a = a:lower()
  if a == "s" then
    local default = free_name(g:game())   -- never an earlier game's file
    local name = S.ask(fmt("save to [%s]: ", default))
    if name == nil then
      S.write("\nnot saved\n")
      return "quit"
    end
    name = name:match("^%s*(.-)%s*$")
    if name == "" then name = default end
    if not may_write(S, name, false, "save! " .. name .. " at the prompt") then
      S.write("(not left: type 'save FILE' with another name, or 'quit')\n")
      return false
    end
    local ok, serr = save_game(S, name)
    if not ok then
      S.write(tostring(serr) .. "\n(not left: type 'save FILE' with another name, or 'quit')\n")
      return false
    end
    S.write("saved to " .. name .. " (stratagem play --load " .. name .. " goes on with it)\n")
    return "quit"
  elseif a == "l" or a == "q" or a == "n" or a == "y" then
    S.write("left without saving\n")
    return "quit"
  end
  return false
end

-- The game over, a person at the terminal: offer to save it, then its replay page (the HTML
-- page of stratagem replay) beside it.  A name refused or failing asks again; Enter or
-- end of input ends.
local function offer_save(S)
  if not yes(S.ask("Save this game? [y/N] ")) then return end
  local name
  while true do
    local default = free_name(S.g:game())
    name = S.ask(fmt("save to [%s]: ", default))
    if name == nil then return end
    name = name:match("^%s*(.-)%s*$")
    if name == "" then name = default end
    if may_write(S, name, false, "save! FILE") then
      local ok, serr = save_game(S, name)
      if ok then break end
      S.write(tostring(serr) .. "\n")
    end
  end
  S.write("saved to " .. name .. "\n")
  local page = name:gsub("%.%w+$", "") .. ".html"
  if not yes(S.ask(fmt("Write its replay page %s too? [y/N] ", page))) then return end
  if not may_write(S, page, false, "stratagem replay") then return end
  local ok, werr = data.write_file(page, require("stratagem.replay").html(S.g))
  S.write(ok and ("wrote " .. page .. " (open it in a browser)\n") or (tostring(werr) .. "\n"))
end

-- The final lines: the result, and with a chronicle the standings; then, with a person at the
-- terminal, the offer to save the game.
local function game_over(S)
  S.write(result_text(S.g, S.names) .. "\n")
  if S.chronicle then
    S.write(table.concat(S.chronicle.standings_text(S.chronicle.standings(S.g, S.events)), "\n")
            .. "\n")
  end
  if S.interactive and S.human and not S.save_at_end then offer_save(S) end
end

-- The game loop.  The board is drawn at the start, when a person's turn begins, on 'board',
-- after an undo, at the end, and when only AIs play after every turn; in games of one move a
-- turn also after each move, as the turn passes.  S: the game, seats, names, AI settings,
-- seed, colour, read and write.
local function play_game(S)
  local g = S.g
  -- a game whose defaults name a chronicle module (Star Chess: stratagem.chronicle) tells
  -- what each command did in words: confirmations, the AI turns' events, the final standings
  local chron = (sg.defaults(g:game()).play or {}).chronicle
  S.chronicle = chron and require(chron)
  S.events = S.chronicle and {} or nil
  -- a turn of commands closed by 'end' (Star Chess, war chess), or one move a turn
  S.multi = g:status() == "playing" and g:legal("end")
  local watching = true
  for _, seat in ipairs(S.seats) do watching = watching and seat ~= "human" end
  local board = true
  while true do
    if g:status() ~= "playing" then
      if g:position(shown_as(S)) ~= S.shown then show_board(S) end
      game_over(S)
      return true, g
    end
    local p = g:player()
    -- one step: the board, then the AI's move or a line typed; Ctrl-C outside a search and
    -- the prompt ("interrupted!" from the Lua code between) asks, as at the prompt
    local ok, r = pcall(function()
      if board then show_board(S) end
      if S.seats[p] == "ai" then
        local t0 = sg.clock()
        ai_turn(S)
        board = not S.multi or watching or S.seats[g:player()] == "human"
        if watching and S.delay > 0 and (not S.multi or g:player() == 1 or
                                         g:status() ~= "playing") then
          sg.sleep(math.max(0, S.delay - (sg.clock() - t0)))
        end
        return nil
      end
      local line, why = S.ask(fmt("%s to move> ", who(S, p)))
      if line == nil then return why == "interrupted" and "interrupted" or "eof" end
      local res = person_line(S, line:match("^%s*(.-)%s*$"))
      if res == "quit" then return "quit" end
      -- a person's turn begins: another person's after this one's (people only)
      board = res or (S.multi and g:player() ~= p and S.seats[g:player()] == "human")
      return nil
    end)
    if not ok then
      if not tostring(r):find("interrupted!", 1, true) then error(r, 0) end
      r = "interrupted"
    end
    if r == "eof" then
      if S.saved and S.saved.ply == g:ply() then
        S.write("\nend of input (the game is saved in " .. S.saved.path .. ")\n")
      else
        S.write("\nend of input: the game was not saved (type 'save FILE' to keep a game)\n")
      end
      return true, g
    elseif r == "interrupted" and watching then
      S.write("\ninterrupted: the game was not saved\n")
      error("interrupted!", 0)
    elseif r == "interrupted" then
      if leave_question(S) == "quit" then return true, g end
      board = false
    elseif r == "quit" then
      return true, g
    end
  end
end

-- Play one game; input and output are functions so tests can drive it.
-- The computer's settings at a level from 1 (weakest) to 10: the game's own table of levels
-- (play.levels in its defaults), else a time per move from 0.02 s to 12 s, and for the
-- depth-first searches a depth of 1 to 3 at the three lowest levels.  false: the setting left
-- out.  A game's level may say what it was measured to be worth (elo, a number): it is
-- returned second and is no search setting; and what it does in words (text), returned third;
-- its off lists settings given to the search as false.
local LEVEL_TIME = {0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.5, 3, 6, 12}
M.OFF = setmetatable({}, {__name = "off"})   -- a level's setting given as false (level.off)
M.LEVEL_TIME = LEVEL_TIME
function M.level_settings(game, ai, level)
  local d = sg.defaults(game)
  local given = (d.play or {}).levels
  if given and given[level] then
    local out = {}
    for k, v in pairs(given[level]) do out[k] = v end
    local elo, about = out.elo, out.text
    out.elo, out.text = nil, nil
    -- off: settings given to the search as false (false itself leaves a setting out)
    for _, k in ipairs(out.off or {}) do out[k] = M.OFF end
    out.off = nil
    return out, elo, about
  end
  local algo = ai.algo
  local ok, names = pcall(sg.search_options, game, algo)
  local takes = {}
  for _, k in ipairs(ok and names or {}) do takes[k] = true end
  local out = {}
  if takes.time then out.time = LEVEL_TIME[level] end
  local deep = algo == nil or algo == "alphabeta" or algo == "maxn" or algo == "paranoid" or
               algo == "brs"
  -- levels 1-3 look that many plies ahead; from 4 on the time alone limits the depth (0: no
  -- limit), so that the game's default depth does not cap every level above it
  if deep and takes.depth then
    out.depth = level <= 3 and level or (out.time and 0 or false)
  end
  return out
end

-- What a level's search settings do, in words: "thinks 1.5 s a move, as deep as that reaches".
function M.level_text(ai)
  local parts = {}
  local depth = ai.depth ~= nil and ai.depth ~= 0 and ai.depth or nil
  if ai.time and depth then
    parts[1] = fmt("thinks up to %g s a move, at most %d pl%s ahead", ai.time, depth,
                   depth == 1 and "y" or "ies")
  elseif ai.time then
    parts[1] = fmt("thinks %g s a move, as deep as that reaches", ai.time)
  elseif depth then
    parts[1] = fmt("looks %d pl%s ahead", depth, depth == 1 and "y" or "ies")
  end
  if type(ai.random) == "number" and ai.random > 0 then
    parts[#parts + 1] = fmt("picks at random among moves within %g of the best", ai.random)
  end
  if ai.algo then parts[#parts + 1] = "by " .. ai.algo end
  if type(ai.blunder) == "number" and ai.blunder > 0 then
    parts[#parts + 1] = fmt("a random move instead on %g%% of its moves", ai.blunder * 100)
  end
  return #parts > 0 and table.concat(parts, ", ") or "the game's default search"
end

-- The computer's search settings for a game: its defaults' play.ai under the player's
-- preferred ones (prefs_ai), without what the algorithm (algo, else theirs) does not take, then
-- the level's limits (1-10) when a level is given; second, the level's measured Elo when the
-- game's levels have one; third, the level's own words for what it does when it has them.
function M.ai_settings(game, prefs_ai, algo, level)
  local conf = sg.defaults(game).play or {}
  local ai = {}
  for k, v in pairs(conf.ai or {}) do ai[k] = v end
  for k, v in pairs(prefs_ai or {}) do ai[k] = v end
  -- settings from the defaults or preferences that the chosen algorithm (on the command line,
  -- in the preferences or the defaults) does not take are left out: sg.search refuses them
  local ok_names, names_ = pcall(sg.search_options, game, algo or ai.algo)
  if ok_names then
    local takes = {}
    for _, k in ipairs(names_) do takes[k] = true end
    for k in pairs(ai) do if not takes[k] then ai[k] = nil end end
  end
  local level_elo, level_about
  if level then
    local settings
    settings, level_elo, level_about = M.level_settings(game, ai, level)
    -- a level of another algorithm (tic-tac-toe's random level 1) keeps only what that one
    -- takes of the settings before it
    if settings.algo and settings.algo ~= ai.algo then
      local ok_l, names_l = pcall(sg.search_options, game, settings.algo)
      if ok_l then
        local takes = {}
        for _, k in ipairs(names_l) do takes[k] = true end
        for k in pairs(ai) do if not takes[k] then ai[k] = nil end end
      end
    end
    for k, v in pairs(settings) do
      if v == M.OFF then ai[k] = false elseif v == false then ai[k] = nil else ai[k] = v end
    end
  end
  return ai, level_elo, level_about
end

function M.run(o, read, write)
  local driven = read ~= nil   -- lines from a function (tests), not from the terminal
  write = write or function(s) io.write(s); io.flush() end
  -- a line asked for with a prompt: nil and "eof" or "interrupted" (Ctrl-C) when none
  local ask
  local term_ok, term = pcall(require, "stratagem.term")
  if read == nil and term_ok then
    ask = function(prompt) return term.readline(prompt) end
    read = function() return (term.readline("")) end
  else
    read = read or function() return io.read("l") end
    ask = function(prompt)
      write(prompt)
      return read()
    end
  end
  -- questions (overwrite? quit unsaved? save the finished game?) are asked only when input is
  -- a terminal (o.interactive says so for a driven game); elsewhere the answer is no
  local interactive = o.interactive
  if interactive == nil then interactive = not driven and term_ok and sg.isatty(0) end
  -- --save FILE: refused at once rather than after the game when FILE is there already
  if o.save and not o.force and exists(o.save) then
    return nil, fmt("--save %s: the file exists (--force overwrites it)", o.save)
  end
  local g, err
  if o.save_prefs and o.no_prefs then
    return nil, "--save-prefs and --no-prefs contradict each other: give one"
  end
  -- the player's saved preferences, under what the command line says
  local prefs, chosen = {}, {}
  if not o.load and not o.no_prefs then
    local problem
    prefs, problem = sg.prefs.get(o.game)
    if problem then write("note: " .. problem .. "\n") end
  end
  for _, k in ipairs({"variant", "rules", "weights"}) do
    if prefs[k] or o[k] then
      chosen[k] = {}
      for key, v in pairs(prefs[k] or {}) do chosen[k][key] = v end
      for key, v in pairs(o[k] or {}) do chosen[k][key] = v end
    end
  end
  if o.load then
    if o.scenario then
      return nil, "--load continues a saved game: drop the scenario '" .. tostring(o.scenario) .. "'"
    end
    if o.variant or o.rules or o.weights or o.preset then
      return nil, "--load takes the saved game's own rules, weights and variant: " ..
                  "drop --variant, --rules, --weights and --preset"
    end
    if o.position then return nil, "--load and --position contradict each other: give one" end
    if o.load:lower():match("%.pgn$") then
      -- a PGN file: its last game goes on
      local games, perr = sg.chess.pgn.load(o.load)
      if not games then return nil, perr end
      if #games == 0 then return nil, o.load .. ": no game in this PGN file" end
      local rec = games[#games]
      g = rec.game:copy()
    else
      g, err = sg.loadfile(o.load)
      if not g then return nil, err end
    end
    o.game = g:game()
  else
    local scenario
    if o.scenario then
      scenario, err = scenario_arg(o.game, o.scenario)
      if not scenario then return nil, err end
    end
    local ok, r, e = pcall(sg.new, o.game, {seed = o.seed, rules = chosen.rules,
                                            weights = chosen.weights, variant = chosen.variant,
                                            scenario = scenario, position = o.position,
                                            preset = o.preset})
    if not ok then return nil, (tostring(r):gsub("^.-sg%.new: ", "")) end
    g, err = r, e
    if not g then return nil, err end
  end
  local d = sg.defaults(o.game)
  local conf = d.play or {}
  local seats = o.seats or prefs.seats or conf.seats or {"human", "ai"}
  local np = g:players()
  if #seats ~= np then
    return nil, fmt("%s has %d players: give %d seats, e.g. --seats %s", o.game, np, np,
                    "human" .. (",ai"):rep(np - 1))
  end
  local names = d.players or {}
  local ai, level_elo, level_about = M.ai_settings(o.game, prefs.ai, (o.ai or {}).algo, o.level)
  ai.depth, ai.time = o.depth or ai.depth, o.time or ai.time
  for k, v in pairs(o.ai or {}) do ai[k] = v end
  -- check the AI settings now rather than at the AI's first move
  local ok_ai, why = sg.search_check(o.game, ai)
  if not ok_ai then return nil, "--ai: " .. tostring(why) end
  -- settings given on the command line may become the player's preferences
  local changed = false   -- does the command line change what the preferences give?
  if o.seats then
    local before = prefs.seats or conf.seats or {"human", "ai"}
    changed = table.concat(o.seats, ",") ~= table.concat(before, ",")
  end
  for _, k in ipairs({"variant", "rules", "weights"}) do
    for key, v in pairs(o[k] or {}) do
      local before = (prefs[k] or {})[key]
      if before == nil then before = (d[k] or {})[key] end
      changed = changed or v ~= before
    end
  end
  local ai_before = {}
  for k, v in pairs(conf.ai or {}) do ai_before[k] = v end
  for k, v in pairs(prefs.ai or {}) do ai_before[k] = v end
  for k, v in pairs({depth = o.depth, time = o.time}) do changed = changed or ai_before[k] ~= v end
  for k, v in pairs(o.ai or {}) do changed = changed or ai_before[k] ~= v end
  if (changed or o.save_prefs) and not o.load and not o.no_prefs then
    local entry = {seats = o.seats or prefs.seats, variant = chosen.variant, rules = chosen.rules,
                   weights = chosen.weights}
    local ai_pref = {}
    for k, v in pairs(prefs.ai or {}) do ai_pref[k] = v end
    ai_pref.depth, ai_pref.time = o.depth or ai_pref.depth, o.time or ai_pref.time
    for k, v in pairs(o.ai or {}) do ai_pref[k] = v end
    if next(ai_pref) then entry.ai = ai_pref end
    local save = o.save_prefs
    if not save then
      local human = false
      for _, s in ipairs(seats) do human = human or s == "human" end
      if human then
        local answer = ask(fmt("Save these settings as your preferences for %s (%s)? [y/N] ",
                               o.game, sg.prefs.path() or "no place for them"))
        save = answer ~= nil and answer:match("^%s*[yY]") ~= nil
      end
    end
    if save then
      local ok, perr = sg.prefs.set(o.game, entry)
      if ok then
        write(fmt("Saved: %s uses them from now on (--no-prefs ignores them).%s\n", o.game,
                  perr and (" Note: " .. perr .. ".") or ""))
      else
        write(tostring(perr) .. "\n")
      end
    end
  end
  write(fmt("%s. Moves: %s. Type 'help' for commands.\n", d.title or o.game,
            d.notation or "see g:moves()"))
  -- the objective: text, or a function of the game (its own turn limit)
  local objective = d.objective
  if type(objective) == "function" then objective = objective(g) end
  if objective then write(objective .. "\n") end
  if type(d.legend) == "function" then write(d.legend(g) .. "\n") end
  if o.level then
    -- the Elo holds for the level's own settings, not for others given with it
    local own = level_elo and not o.depth and not o.time and not next(o.ai or {})
    local plain = not o.depth and not o.time and not next(o.ai or {})
    write(fmt("Level %d: %s%s.\n", o.level, plain and level_about or M.level_text(ai),
              own and fmt(" (Elo %d, %s)", level_elo, (d.play or {}).level_scale or "measured")
              or ""))
  end
  -- a whole game of computers is watched: each move (or full turn) stays on the screen
  local delay = 0
  if sg.isatty() then delay = o.delay or 0.5 end
  -- with a person playing, Ctrl-C stops the computer's search (it plays what it found)
  -- instead of the game; a game of computers alone it ends
  local human = false
  for _, seat in ipairs(seats) do human = human or seat == "human" end
  local gentle_before = term_ok and term.gentle(human)
  local unicode = o.unicode and conf.unicode or nil
  if o.unicode and not unicode then
    write(fmt("(--unicode: %s has no figurines; its letters are shown)\n", o.game))
  end
  -- colour at a terminal, unless NO_COLOR is set and not empty (no-color.org)
  local colour = sg.isatty() and (os.getenv("NO_COLOR") or "") == ""
  local ok, done, res = pcall(play_game, {g = g, seats = seats, names = names, ai = ai,
                                          unicode = unicode, interactive = interactive,
                                          human = human, force = o.force,
                                          save_at_end = o.save, start_ply = g:ply(),
                                          write = write, read = read, ask = ask, delay = delay,
                                          seed = o.seed or g:config().seed, colour = colour})
  if term_ok then term.gentle(gentle_before) end
  if not ok then error(done, 0) end
  -- --save FILE: the game as it ended (a result, quit or end of input)
  if o.save then
    local S = {g = g, names = names, write = write, force = o.force}
    local sok, serr = save_game(S, o.save)
    if not sok then return nil, "--save: " .. tostring(serr) end
    write("saved to " .. o.save .. " (stratagem play --load " .. o.save .. " goes on with it)\n")
  end
  return done, res
end

M.shown_move = shown_move
M.free_name = free_name

function M.main(...)
  -- a game with a play loop of its own (not a C class): wordgrid
  if select(1, ...) == "wordgrid" then return require("stratagem.wordgrid").main(select(2, ...)) end
  local parsed, o = pcall(parse_args, {...})
  if not parsed then return fail(o) end
  -- a file that defines a game (sg.define): the game it defines; a game of the games
  -- folders (sg.game_folders) is defined when named
  if o.game and o.game:match("%.lua$") then
    local name, err = sg.define_file(o.game)
    if not name then return fail(err) end
    o.game = name
  elseif o.game then
    pcall(sg.info, o.game)
  end
  -- the games play knows: every registered game, and the word game with its own loop
  local playable = table.concat(sg.games(), ", ") .. ", wordgrid"
  if not o.game and not o.load then return fail("which game? (" .. playable .. ")") end
  if o.game and not o.load then
    local known = false
    for _, n in ipairs(sg.games()) do known = known or n == o.game end
    if not known then
      return fail(fmt("unknown game '%s' (known games: %s)", o.game, playable))
    end
  end
  local ok, done, err = pcall(M.run, o)
  if not ok then
    if tostring(done):find("interrupted!", 1, true) then   -- Ctrl-C: no traceback
      io.stderr:write("stratagem: play: interrupted!\n")
      return 130
    end
    error(done, 0)
  end
  if not done then
    io.stderr:write("stratagem: play: ", tostring(err), "\n")
    return 1
  end
  return 0
end

return M
