-- stratagem.play: play any game in the terminal: people and AIs in any seats.
local sg = require "stratagem"
local data = require "stratagem.data"

local M = {}
local fmt = string.format

local USAGE = "stratagem play GAME [SCENARIO] [--seats human,ai] [--seed N] [--load FILE] " ..
              "[--depth N] [--time S] [--variant K=V,...] [--rules K=V,...] " ..
              "[--weights K=V,...] [--ai K=V,...] [--save-prefs | --no-prefs]"

local HELP = [[
Type a move in the game's notation, or several separated by ';' (played in order, all or
none: if one is refused, those before it are taken back), or one of:
  board       draw the board
  moves       list the legal moves (counts of a command as ranges: move A1 B2 1-20)
  hint        ask the AI what it would play (a line you can type back as it is)
  undo        take back your last move (and the AI's reply)
  save FILE   save the game to FILE (load it with --load FILE)
  help        this text
  quit        leave the game]]

M.USAGE, M.HELP = USAGE, HELP

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
    elseif a == "--depth" then
      o.depth = math.tointeger(tonumber(value()))
      if not o.depth or o.depth < 1 then error("--depth needs a whole number of 1 or more", 0) end
    elseif a == "--time" then
      o.time = tonumber(value())
      if not o.time or o.time <= 0 then error("--time needs a number of seconds", 0) end
    elseif a == "--rules" or a == "--weights" or a == "--ai" or a == "--variant" then
      o[a:sub(3)] = pairs_list(value(), a)
    elseif a == "--save-prefs" then
      o.save_prefs = true
    elseif a == "--no-prefs" then
      o.no_prefs = true
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

local function show_board(S)
  local as = shown_as(S)
  S.write("\n" .. S.g:diagram(S.colour, as) .. "\n")
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

-- The AI's advice for the player to move: a line that can be typed back as it is, then what
-- the search found on a line of its own.
local function hint(S)
  local h = {}
  for k, v in pairs(S.ai) do h[k] = v end
  h.seed = S.seed
  local r = sg.search(S.g, h)
  if r.moves then
    S.write(fmt("hint: %s\n", table.concat(r.moves, "; ")))
  else
    S.write(fmt("hint: %s\n", r.move))
    if r.score then
      -- (a sampled or MCTS score is a mean, a float)
      local score = math.type(r.score) == "float" and fmt("%.3f", r.score) or tostring(r.score)
      S.write(fmt("%s(score %s%s)\n", (" "):rep(HINT_WIDTH), score,
                  (r.depth or 0) > 0 and (", depth " .. r.depth) or ""))
    end
  end
end

-- The AI seat's turn: its move, or for a whole turn of commands (Star Chess's planner) the
-- commands and, with a chronicle, what they did.
local function ai_turn(S)
  local g, p = S.g, S.g:player()
  S.ai.seed = S.seed * 1000003 + g:ply()
  local r = sg.search(g, S.ai)
  if r.moves then
    S.write(fmt("%s (AI) plays %s   [%d positions generated, %.3f s]\n", who(S, p),
                table.concat(r.moves, "; "), r.generated or 0, r.time))
    if S.chronicle then
      for _, m in ipairs(r.moves) do
        for _, e in ipairs((chronicle_play(S, m))) do S.write("  " .. e.text .. "\n") end
      end
    else
      for _, m in ipairs(r.moves) do g:play(m) end
    end
  else
    if (r.depth or 0) > 0 then
      -- (an MCTS score is a mean reward, a float)
      local score = math.type(r.score) == "float" and fmt("%.3f", r.score) or tostring(r.score)
      S.write(fmt("%s (AI) plays %s   [score %s, depth %d, %d nodes, %.3f s]\n", who(S, p),
                  r.move, score, r.depth, r.nodes, r.time))
    else
      S.write(fmt("%s (AI) plays %s\n", who(S, p), r.move))
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

-- One line typed by a person whose turn it is: a command of the program, or moves.
-- Returns "quit" to leave, else whether the board is to be drawn next.
local function person_line(S, line)
  local g, p = S.g, S.g:player()
  local cmd, rest = line:match("^(%S+)%s*(.*)$")
  if line == "" then
    return false
  elseif line == "quit" or line == "exit" then
    return "quit"
  elseif line == "help" then
    S.write(HELP .. "\n")
    local notation = sg.defaults(S.g:game()).notation
    if notation then S.write("Moves: " .. notation .. "\n") end
  elseif line == "board" then
    return true
  elseif line == "moves" then
    local ms = M.group_moves(g:moves())
    -- moves with spaces in them (Chexers, Star Chess) are listed one a line
    local spaced = false
    for _, m in ipairs(ms) do spaced = spaced or m:find(" ") ~= nil end
    S.write(table.concat(ms, spaced and "\n" or " ") .. "\n")
  elseif line == "hint" then
    hint(S)
  elseif line == "undo" then
    return undo(S, p)
  elseif cmd == "save" then
    if rest == "" then
      S.write("save needs a file name: save FILE\n")
    else
      local ok, serr = g:save(rest)
      S.write(ok and ("saved to " .. rest .. "\n") or (serr .. "\n"))
    end
  else
    return person_moves(S, split_commands(line))
  end
  return false
end

-- The final lines: the result, and with a chronicle the standings.
local function game_over(S)
  S.write(result_text(S.g, S.names) .. "\n")
  if S.chronicle then
    S.write(table.concat(S.chronicle.standings_text(S.chronicle.standings(S.g, S.events)), "\n")
            .. "\n")
  end
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
    if board then show_board(S) end
    local p = g:player()
    if S.seats[p] == "ai" then
      ai_turn(S)
      board = not S.multi or watching or S.seats[g:player()] == "human"
    else
      S.write(fmt("%s to move> ", who(S, p)))
      local line = S.read()
      if line == nil then
        S.write("\n")
        return true, g
      end
      local r = person_line(S, line:match("^%s*(.-)%s*$"))
      if r == "quit" then return true, g end
      -- a person's turn begins: another person's after this one's (people only)
      board = r or (S.multi and g:player() ~= p and S.seats[g:player()] == "human")
    end
  end
end

-- Play one game; input and output are functions so tests can drive it.
function M.run(o, read, write)
  read = read or function() return io.read("l") end
  write = write or function(s) io.write(s); io.flush() end
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
    if o.variant or o.rules or o.weights then
      return nil, "--load takes the saved game's own rules, weights and variant: " ..
                  "drop --variant, --rules and --weights"
    end
    g, err = sg.loadfile(o.load)
    if not g then return nil, err end
    o.game = g:game()
  else
    local scenario
    if o.scenario then
      scenario, err = scenario_arg(o.game, o.scenario)
      if not scenario then return nil, err end
    end
    local ok, r, e = pcall(sg.new, o.game, {seed = o.seed, rules = chosen.rules,
                                            weights = chosen.weights, variant = chosen.variant,
                                            scenario = scenario})
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
  local ai = {}
  for k, v in pairs(conf.ai or {}) do ai[k] = v end
  for k, v in pairs(prefs.ai or {}) do ai[k] = v end
  -- settings from the defaults or preferences that the chosen algorithm (on the command line,
  -- in the preferences or the defaults) does not take are left out: sg.search refuses them
  do
    local ok_names, names_ = pcall(sg.search_options, o.game, (o.ai or {}).algo or ai.algo)
    if ok_names then
      local takes = {}
      for _, k in ipairs(names_) do takes[k] = true end
      for k in pairs(ai) do if not takes[k] then ai[k] = nil end end
    end
  end
  ai.depth, ai.time = o.depth or ai.depth, o.time or ai.time
  for k, v in pairs(o.ai or {}) do ai[k] = v end
  -- check the AI settings now rather than at the AI's first move
  local ok_ai, why = pcall(sg.search, g:copy(), ai)
  if not ok_ai and not tostring(why):find("game is over") then
    return nil, "--ai: " .. tostring(why):gsub("^.-sg%.search: ", "")
  end
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
        write(fmt("Save these settings as your preferences for %s (%s)? [y/N] ", o.game,
                  sg.prefs.path() or "no place for them"))
        local answer = read()
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
  return play_game({g = g, seats = seats, names = names, ai = ai, write = write, read = read,
                    seed = o.seed or g:config().seed, colour = sg.isatty()})
end

function M.main(...)
  -- a game with a play loop of its own (not a C class): wordgrid
  if select(1, ...) == "wordgrid" then return require("stratagem.wordgrid").main(select(2, ...)) end
  local ok, o = pcall(parse_args, {...})
  if not ok then return fail(o) end
  if not o.game and not o.load then return fail("which game? (" .. table.concat(sg.games(), ", ") .. ")") end
  if o.game and not o.load then
    local known = false
    for _, n in ipairs(sg.games()) do known = known or n == o.game end
    if not known then
      return fail(fmt("unknown game '%s' (known games: %s)", o.game, table.concat(sg.games(), ", ")))
    end
  end
  local done, err = M.run(o)
  if not done then
    io.stderr:write("stratagem: play: ", tostring(err), "\n")
    return 1
  end
  return 0
end

return M
