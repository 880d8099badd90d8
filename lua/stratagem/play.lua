-- stratagem.play: play any game in the terminal: people and AIs in any seats.
local sg = require "stratagem"

local M = {}
local fmt = string.format

local USAGE = "stratagem play GAME [SCENARIO] [--seats human,ai] [--seed N] [--load FILE] " ..
              "[--depth N] [--time S] [--variant K=V,...] [--rules K=V,...] " ..
              "[--weights K=V,...] [--ai K=V,...] [--save-prefs | --no-prefs]"

local HELP = [[
Type a move in the game's notation, or one of:
  moves       list the legal moves
  hint        ask the AI what it would play
  undo        take back your last move (and the AI's reply)
  save FILE   save the game to FILE (load it with --load FILE)
  help        this text
  quit        leave the game]]

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
  local ok, d = pcall(sg.defaults, game)
  if not ok or not d.options or d.options.scenario == nil then
    return nil, fmt("unexpected word '%s' (%s takes no scenario)", word, game)
  end
  if not (word:find("/", 1, true) or word:match("%.lua$")) then return word end
  local chunk, err = loadfile(word, "t", {})
  if not chunk then return nil, "scenario: " .. err end
  local good, S = pcall(chunk)
  if not good then return nil, fmt("scenario: %s failed: %s", word, tostring(S)) end
  if type(S) ~= "table" then
    return nil, fmt("scenario: %s must return a table, it returned %s", word, type(S))
  end
  return S
end

local function result_text(g, names)
  local status, winner = g:status()
  if status == "won" then return fmt("%s wins.", names[winner] or ("player " .. winner)) end
  return "Drawn."
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
      return nil, "--load continues a saved game: drop the scenario '" .. o.scenario .. "'"
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
  local colour = sg.isatty()
  local seed = o.seed or g:config().seed
  write(fmt("%s. Moves: %s. Type 'help' for commands.\n", d.title or o.game,
            d.notation or "see g:moves()"))
  local shown, shown_player = nil, nil   -- the position last drawn, and whose move it was
  while true do
    -- the board is drawn when something changed and a person moves, or the turn passes
    local pos = g:position()
    if pos ~= shown and (seats[g:player()] == "human" or g:player() ~= shown_player or
                         g:status() ~= "playing") then
      write("\n" .. g:diagram(colour) .. "\n")
      shown, shown_player = pos, g:player()
    end
    if g:status() ~= "playing" then
      write(result_text(g, names) .. "\n")
      return true, g
    end
    local p = g:player()
    local who = names[p] or ("player " .. p)
    if seats[p] == "ai" then
      ai.seed = seed * 1000003 + g:ply()
      local r = sg.search(g, ai)
      if r.moves then   -- a whole turn of commands (Star Chess's planner)
        write(fmt("%s (AI) plays %s   [%d positions generated, %.3f s]\n", who,
                  table.concat(r.moves, "; "), r.generated or 0, r.time))
        for _, m in ipairs(r.moves) do g:play(m) end
      else
        if (r.depth or 0) > 0 then
          write(fmt("%s (AI) plays %s   [score %d, depth %d, %d nodes, %.3f s]\n", who, r.move,
                    r.score, r.depth, r.nodes, r.time))
        else
          write(fmt("%s (AI) plays %s\n", who, r.move))
        end
        g:play(r.move)
      end
    else
      write(fmt("%s to move> ", who))
      local line = read()
      if line == nil then
        write("\n")
        return true, g
      end
      line = line:match("^%s*(.-)%s*$")
      local cmd, rest = line:match("^(%S+)%s*(.*)$")
      if line == "" then
        -- nothing typed: ask again
      elseif line == "quit" or line == "exit" then
        return true, g
      elseif line == "help" then
        write(HELP .. "\n")
      elseif line == "moves" then
        local ms = g:moves()
        -- moves with spaces in them (Chexers, Star Chess) are listed one a line
        local spaced = false
        for _, m in ipairs(ms) do spaced = spaced or m:find(" ") ~= nil end
        write(table.concat(ms, spaced and "\n" or " ") .. "\n")
      elseif line == "hint" then
        local h = {}
        for k, v in pairs(ai) do h[k] = v end
        h.seed = seed
        local r = sg.search(g, h)
        if r.moves then
          write(fmt("hint: %s\n", table.concat(r.moves, "; ")))
        else
          write(fmt("hint: %s (score %d)\n", r.move, r.score or 0))
        end
      elseif line == "undo" then
        -- back to this player's previous turn
        local undone = 0
        while g:ply() > 0 do
          g:undo()
          undone = undone + 1
          if g:player() == p and seats[p] == "human" then break end
        end
        if undone == 0 then write("nothing to undo\n") end
      elseif cmd == "save" then
        if rest == "" then
          write("save needs a file name: save FILE\n")
        else
          local ok, serr = g:save(rest)
          write(ok and ("saved to " .. rest .. "\n") or (serr .. "\n"))
        end
      else
        local ok, perr = pcall(g.play, g, line)
        if not ok then
          write(tostring(perr) .. "\n(type 'moves' for the legal moves, 'help' for commands)\n")
        end
      end
    end
  end
end

function M.main(...)
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
