-- stratagem.wordgrid: the word game of rules/words.md against the computer: a 4x4 grid of
-- letter dice, words as paths of adjacent cells, the computer finding every word by prefix
-- search (C: src/words/wordgrid.c).  Not a registered C game (no moves to search, no turns):
-- sg.new("wordgrid") makes a Lua object, `stratagem play wordgrid` runs M.play.  The defaults
-- (dice, scores, strength, time) are here, as for the other games.
local core = require "stratagem.core"
local data = require "stratagem.data"
local dict = require "stratagem.words"

local M = {}
local fmt = string.format

-- its line in `stratagem games`
M.TITLE = "the word game: words on a 4x4 grid of letter dice, against the clock and the " ..
          "computer (stratagem play wordgrid --help)"

-- The 16 dice of the classic (1976-1986) letter-dice word game; 'Q' is the face "Qu".
M.dice = {
  "AACIOT", "ABILTY", "ABJMOQ", "ACDEMP", "ACELRS", "ADENVZ", "AHMORS", "BIFORX",
  "DENOSW", "DKNOTU", "EEFHIY", "EGKLUY", "EGINTV", "EHINPS", "ELPSTU", "GILRUW",
}
-- Points by length (a Qu face counts two letters); 8 and longer score as 8.
M.scores = {[3] = 1, [4] = 1, [5] = 2, [6] = 3, [7] = 5, [8] = 11}
M.min_len = 3
-- The computer's strength: the share of the grid's words it finds (chosen per word from the
-- seed, so a stronger share finds a superset) and the longest word it knows (0: no limit).
M.strength = {share = 0.5, max_len = 0}
M.time = 180        -- seconds of play
M.learn = false     -- learn mode: ask before accepting a word the dictionary does not have
M.SAVE_FORMAT = 1

local OPTIONS = {"dict", "learn", "position", "seed", "strength"}

local function fail(msg, ...) error(fmt(msg, ...), 3) end

-- ---- the grid ----

-- Faces from position text: 16 faces, letters A-Z, "Qu" (or Q) for the Qu face, rows
-- separated by '/' or spaces.  The 16-letter string ('q' for Qu), or nil and a message.
function M.parse_position(text)
  if type(text) ~= "string" then return nil, "a grid position is text, got " .. type(text) end
  local cells = {}
  local i, s = 1, text:lower()
  while i <= #s do
    local c = s:sub(i, i)
    if c == "/" or c:match("%s") then
      i = i + 1
    elseif c:match("%l") then
      cells[#cells + 1] = c
      i = i + ((c == "q" and s:sub(i + 1, i + 1) == "u") and 2 or 1)
    else
      return nil, fmt("a grid position is 16 faces A-Z (Qu for the Qu face) in rows " ..
                      "separated by '/', got the character '%s' in '%s'", c, text)
    end
  end
  if #cells ~= 16 then
    return nil, fmt("a grid position is 16 faces A-Z (Qu for the Qu face) in rows separated " ..
                    "by '/', got %d faces in '%s'", #cells, text)
  end
  return table.concat(cells)
end

local function face(letter) return letter == "q" and "Qu" or letter:upper() end

-- The score of a word (normalised) by its length.
function M.score(word)
  local n = #word
  if n < M.min_len then return 0 end
  return M.scores[math.min(n, 8)] or 0
end

-- A word's share draw in [0, 1) for a seed: FNV-1a over the seed and the word.
local function draw(seed, word)
  local h = 2166136261
  local s = fmt("%d:%s", seed, word)
  for k = 1, #s do h = ((h ~ s:byte(k)) * 16777619) & 0xffffffff end
  return h / 4294967296.0
end

-- ---- the game object ----

local G = {}
G.__index = G
G.__name = "stratagem.wordgrid"

-- sg.new("wordgrid", opts): opts seed (integer), position (grid text), strength {share,
-- max_len}, learn (boolean), dict (an sg.dict or a word list's path; default the system list,
-- loaded when first needed).  Nil and a message for a malformed position.
function M.new(opts)
  if opts ~= nil and type(opts) ~= "table" then
    fail("sg.new: options must be a table, got %s", type(opts))
  end
  opts = opts or {}
  local valid = {}
  for _, k in ipairs(OPTIONS) do valid[k] = true end
  for k in pairs(opts) do
    if not valid[k] then
      fail("sg.new: unknown option '%s' for wordgrid (valid options: %s)", tostring(k),
           table.concat(OPTIONS, ", "))
    end
  end
  if opts.seed ~= nil and math.type(opts.seed) ~= "integer" then
    fail("sg.new: seed must be an integer, got %s", tostring(opts.seed))
  end
  local strength = {share = M.strength.share, max_len = M.strength.max_len}
  if opts.strength ~= nil then
    if type(opts.strength) ~= "table" then
      fail("sg.new: strength must be a table {share = 0..1, max_len = N}, got %s",
           type(opts.strength))
    end
    for k, v in pairs(opts.strength) do
      if k == "share" then
        if type(v) ~= "number" or v < 0 or v > 1 then
          fail("sg.new: strength.share must be a number from 0 to 1, got %s", tostring(v))
        end
      elseif k == "max_len" then
        if math.type(v) ~= "integer" or v < 0 or v > 48 then
          fail("sg.new: strength.max_len must be a whole number from 0 (no limit) to 48, got %s",
               tostring(v))
        end
      else
        fail("sg.new: unknown strength key '%s' (valid keys: max_len, share)", tostring(k))
      end
      strength[k] = v
    end
  end
  if opts.learn ~= nil and type(opts.learn) ~= "boolean" then
    fail("sg.new: learn must be true or false, got %s", type(opts.learn))
  end
  if opts.dict ~= nil and type(opts.dict) ~= "string" and
     not (type(opts.dict) == "userdata" and tostring(opts.dict):match("^dictionary")) then
    fail("sg.new: dict must be an sg.dict or a word list's path, got %s", type(opts.dict))
  end
  local seed = opts.seed or 1
  local grid
  if opts.position ~= nil then
    local err
    grid, err = M.parse_position(opts.position)
    if not grid then return nil, "sg.new: " .. err end
  else
    grid = core.wordgrid.deal(M.dice, seed)
  end
  return setmetatable({
    seed_ = seed, grid_ = grid, strength = strength, learn = opts.learn or M.learn,
    dict_ = opts.dict, found_ = {}, found_set = {}, user_ = {}, learned = {},
    fixed = opts.position ~= nil,
  }, G)
end

-- The dictionary, loaded when first needed (raises with the loader's message when missing).
function G:dict()
  if type(self.dict_) ~= "userdata" then
    local d, err = dict.load(self.dict_)
    if not d then error(err, 0) end
    self.dict_ = d
  end
  return self.dict_
end

function G:seed() return self.seed_ end

-- The 16 faces, cell 1 (top left) first: "A".."Z" or "Qu".
function G:grid()
  local t = {}
  for i = 1, 16 do t[i] = face(self.grid_:sub(i, i)) end
  return t
end

-- The grid as text: four rows of faces separated by '/', e.g. "QuAB/CDEF/GHIJ/KLMN".
function G:position()
  local rows = {}
  for r = 0, 3 do
    local row = {}
    for c = 1, 4 do row[c] = face(self.grid_:sub(r * 4 + c, r * 4 + c)) end
    rows[#rows + 1] = table.concat(row)
  end
  return table.concat(rows, "/")
end

-- The grid drawn in four lines.
function G:diagram()
  local lines = {}
  for r = 0, 3 do
    local row = {}
    for c = 1, 4 do row[c] = fmt("%-2s", face(self.grid_:sub(r * 4 + c, r * 4 + c))) end
    lines[#lines + 1] = "  " .. table.concat(row, " ")
  end
  return table.concat(lines, "\n")
end
G.__tostring = function(g) return g:diagram() end

-- g:svg([opts]): the grid as an SVG picture (stratagem.svg).
function G:svg(opts) return require("stratagem.svg").render(self, opts) end

-- The cells (1-based, row by row) of a path spelling the word, or nil and a message.
function G:path(word)
  if type(word) ~= "string" then fail("path: expected a word, got %s", type(word)) end
  local w = word:lower()
  if not w:match("^%l+$") then
    return nil, fmt("'%s' has characters outside a-z (a word is letters a-z only)", word)
  end
  local p = core.wordgrid.path(self.grid_, w)
  if not p then
    return nil, fmt("'%s' is not on the grid (a path of adjacent cells, diagonals too, no " ..
                    "cell used twice, Qu one cell)", w)
  end
  return p
end

-- The user's words for this game (searched with the main list, linearly as the seed says).
function G:set_user_words(words)
  self.user_ = {}
  for _, w in ipairs(words) do self.user_[#self.user_ + 1] = w end
  self.user_dict = nil
end

local function user_has(g, w)
  for _, u in ipairs(g.user_) do if u == w then return true end end
  for _, u in ipairs(g.learned) do if u == w then return true end end
  return false
end

-- Whether a word can be played: the normalised word, or nil, a message and the kind of
-- problem ("chars", "short", "repeat", "path", "unknown": on the grid, not in a dictionary).
function G:check(word)
  if type(word) ~= "string" then fail("check: expected a word, got %s", type(word)) end
  local w = word:lower()
  local bad = w:match("[^a-z]")
  if bad then
    return nil, fmt("'%s' has the character '%s', outside a-z (a word is letters a-z only)",
                    word, bad:match("%g") and bad or fmt("\\%d", bad:byte())), "chars"
  end
  if #w < M.min_len then
    return nil, fmt("'%s' is too short (a word has %d or more letters)", w, M.min_len), "short"
  end
  if #w > 48 then return nil, fmt("'%s' is longer than 48 letters", w), "path" end
  if self.found_set[w] then return nil, fmt("'%s' is already in your list", w), "repeat" end
  local ok, err = self:path(w)
  if not ok then return nil, err, "path" end
  if not self:dict():has(w) and not user_has(self, w) then
    return nil, fmt("'%s' is not in the dictionary", w), "unknown"
  end
  return w
end

-- The player's move: add a word to the list (a word the dictionary lacks only with
-- learn = true, which teaches it: g.learned).  The word, or nil and a message (unchanged).
function G:submit(word, learn)
  local w, err, kind = self:check(word)
  if not w then
    if kind ~= "unknown" or not learn then return nil, err, kind end
    w = word:lower()
    self.learned[#self.learned + 1] = w
  end
  self.found_[#self.found_ + 1] = w
  self.found_set[w] = true
  return w
end

-- The player's words in the order found.
function G:found()
  local t = {}
  for i, w in ipairs(self.found_) do t[i] = w end
  return t
end

-- Every word of the dictionaries on the grid (alphabetical), cached; and the walk's figures.
function G:solve()
  if not self.all_ then
    local words, nodes, secs = core.wordgrid.solve(self:dict(), self.grid_, M.min_len, 0)
    local extra = {}
    for _, u in ipairs(self.user_) do extra[#extra + 1] = u end
    if #extra > 0 then
      local ud = dict.new(extra)
      local uw, un, us = core.wordgrid.solve(ud, self.grid_, M.min_len, 0)
      local set = {}
      for _, w in ipairs(words) do set[w] = true end
      for _, w in ipairs(uw) do if not set[w] then words[#words + 1] = w end end
      table.sort(words)
      nodes, secs = nodes + un, secs + us
    end
    self.all_, self.solve_nodes, self.solve_time = words, nodes, secs
  end
  local t = {}
  for i, w in ipairs(self.all_) do t[i] = w end
  return t, self.solve_nodes, self.solve_time
end

-- The computer's words at its strength: the words of g:solve() no longer than max_len that
-- the seeded draw keeps for the share.
function G:computer()
  local all = self:solve()
  local t = {}
  local s = self.strength
  for _, w in ipairs(all) do
    if (s.max_len == 0 or #w <= s.max_len) and draw(self.seed_, w) < s.share then
      t[#t + 1] = w
    end
  end
  return t
end

-- The end of a game: {human, computer, both, neither (arrays, alphabetical), scores =
-- {human, computer}}; words both found score for neither.
function G:result()
  local comp = self:computer()
  local cset, hset = {}, {}
  for _, w in ipairs(comp) do cset[w] = true end
  for _, w in ipairs(self.found_) do hset[w] = true end
  local human, both = {}, {}
  for w in pairs(hset) do
    human[#human + 1] = w
    if cset[w] then both[#both + 1] = w end
  end
  table.sort(human)
  table.sort(both)
  local neither = {}
  for _, w in ipairs(self:solve()) do
    if not hset[w] and not cset[w] then neither[#neither + 1] = w end
  end
  local hs, cs = 0, 0
  for _, w in ipairs(human) do if not cset[w] then hs = hs + M.score(w) end end
  for _, w in ipairs(comp) do if not hset[w] then cs = cs + M.score(w) end end
  return {human = human, computer = comp, both = both, neither = neither,
          scores = {human = hs, computer = cs}}
end

-- g:save([path]): the grid and the player's words as text (or written to path atomically).
function G:save(path)
  local t = {format = M.SAVE_FORMAT, game = "wordgrid", seed = self.seed_,
             position = self:position(), words = self:found(),
             strength = {share = self.strength.share, max_len = self.strength.max_len}}
  local text = "return " .. data.serialize(t) .. "\n"
  if path == nil then return text end
  if type(path) ~= "string" then fail("save: path must be a string, got %s", type(path)) end
  local ok, err = data.write_file(path, text)
  if not ok then return nil, "save: " .. tostring(err) end
  return true
end

-- sg.load's part for a saved wordgrid (t the parsed table): the game, or nil and a message.
function M.load(t)
  if t.format ~= M.SAVE_FORMAT then
    return nil, fmt("sg.load: unknown wordgrid save format %s (this version reads %d)",
                    tostring(t.format), M.SAVE_FORMAT)
  end
  if math.type(t.seed) ~= "integer" or type(t.position) ~= "string" or type(t.words) ~= "table" then
    return nil, "sg.load: a saved wordgrid has an integer seed, a position and a word list"
  end
  local ok, g, err = pcall(M.new, {seed = t.seed, position = t.position, strength = t.strength})
  if not ok then return nil, "sg.load: " .. tostring(g):gsub("^.-sg%.new: ", "") end
  if not g then return nil, "sg.load: " .. err:gsub("^sg%.new: ", "") end
  for i, w in ipairs(t.words) do
    if type(w) ~= "string" or not w:match("^%l+$") or #w < M.min_len or
       not core.wordgrid.path(g.grid_, w) or g.found_set[w] then
      return nil, fmt("sg.load: word %d (%s) is not a new word on the grid", i, tostring(w))
    end
    g.found_[#g.found_ + 1] = w
    g.found_set[w] = true
  end
  return g
end

-- ---- stratagem play wordgrid ----

M.USAGE = "stratagem play wordgrid [--seed N] [--time S] [--learn | --no-learn] " ..
          "[--share X] [--max-len N] [--words FILE] [--no-user] [--position GRID]"
M.HELP = [[
Type the words you find on the grid, one or several a line.  A word is 3 or more letters,
a path of adjacent cells (diagonals too), no cell used twice; the Qu face is two letters.
Commands:
  end         stop now (the time limit stops the game too)
  grid        show the grid again
  list        your words so far
  learn on    ask before accepting a word the dictionary lacks (learn off: refuse it at once)
  help        this text
To play a word that is also a command (end, grid, list, help, learn), type it after a '+'.]]

-- Columns of words, at most `max` of them, in lines of width 78.
local function columns(words, max)
  local out, line = {}, ""
  local shown = math.min(#words, max)
  local w = 2
  for i = 1, shown do w = math.max(w, #words[i] + 2) end
  local per = math.max(1, 78 // w)
  for i = 1, shown do
    line = line .. fmt("%-" .. w .. "s", words[i])
    if i % per == 0 or i == shown then
      out[#out + 1] = "  " .. line:gsub("%s+$", "")
      line = ""
    end
  end
  if #words > shown then out[#out + 1] = fmt("  ... and %d more", #words - shown) end
  if #words == 0 then out[#out + 1] = "  (none)" end
  return table.concat(out, "\n")
end

local function yes(answer) return answer ~= nil and answer:match("^%s*[yY]") ~= nil end

-- The line reader of the program (stratagem.term: a prompt, line editing at a terminal, a
-- timeout), or plain io.read where there is none (sg embedded elsewhere).
local function default_read()
  local ok, term = pcall(require, "stratagem.term")
  if ok then return function(prompt, timeout) return term.readline(prompt, timeout) end end
  return function(prompt)
    io.write(prompt)
    io.flush()
    return io.read("l")
  end
end

-- The prompt: the time left, as m:ss.
function M.prompt(left)
  local s = math.max(0, math.ceil(left))
  return fmt("%d:%02d left> ", s // 60, s % 60)
end

-- Play one game.  o: seed, time (seconds), learn, share, max_len, words (a word list's path)
-- or dict (an sg.dict), no_user (leave the user dictionary out), clock (a function of
-- seconds, for tests).  read(prompt, [timeout]) returns a line, or nil and "timeout" when no
-- line came within timeout seconds (the time limit ends the game at once), or nil at the end
-- of input; write(s) prints.  true when the game was played, or nil and a message (no
-- dictionary, bad options).
function M.play(o, read, write)
  o = o or {}
  read = read or default_read()
  write = write or function(s) io.write(s); io.flush() end
  local clock = o.clock or core.clock
  local d = o.dict
  if not d then
    local err
    d, err = dict.load(o.words)
    if not d then return nil, err end
  end
  local user = {}
  if not o.no_user then
    local msg
    user, msg = dict.user.load()
    if msg then write("note: " .. msg .. "\n") end
  end
  local seed = o.seed or (os.time() % 1000000)
  local strength = {share = o.share, max_len = o.max_len}
  if strength.share == nil then strength.share = M.strength.share end
  if strength.max_len == nil then strength.max_len = M.strength.max_len end
  local ok, g, gerr = pcall(M.new, {seed = seed, dict = d, strength = strength,
                                    learn = o.learn, position = o.position})
  if not ok then return nil, tostring(g):gsub("^.-sg%.new: ", "") end
  if not g then return nil, gerr end
  g:set_user_words(user)
  local limit = o.time or M.time
  write(fmt("Word grid, seed %d (%d words in the dictionary%s). You have %g seconds; " ..
            "'end' stops, 'help' for commands.\n%s\n", seed, #d,
            #user > 0 and fmt(", %d of yours", #user) or "", limit, g:diagram()))
  local learn = g.learn
  local start = clock()
  local now = start   -- the time of the last line (the clock is read once a line)
  while true do
    local left = limit - (now - start)
    local line, why = read(M.prompt(left), math.max(left, 0))
    if line == nil and why == "timeout" then
      write("\nTime is up.\n")
      break
    end
    if line == nil then break end
    now = clock()
    if now - start > limit then
      write("Time is up: the last line came after the limit and does not count.\n")
      break
    end
    local cmd = line:match("^%s*(.-)%s*$"):lower()
    if cmd == "end" then break
    elseif cmd == "grid" then write(g:diagram() .. "\n")
    elseif cmd == "help" then write(M.HELP .. "\n")
    elseif cmd == "list" then write(columns(g:found(), 1000) .. "\n")
    elseif cmd == "learn on" or cmd == "learn off" then
      learn = cmd == "learn on"
      write(learn and "Learn mode on: a word on the grid the dictionary lacks is offered to learn.\n"
                  or "Learn mode off: words the dictionary lacks are refused at once.\n")
    elseif cmd == "learn" then
      write(fmt("Learn mode is %s ('learn on' or 'learn off').\n", learn and "on" or "off"))
    else
      for word in line:gmatch("%S+") do
        word = word:gsub("^%+", "")
        local w, err, kind = g:check(word)
        if w then
          g:submit(w)
          write(fmt("ok: %s (%d)\n", w, M.score(w)))
        elseif kind == "unknown" and learn then
          write(fmt("'%s' is not in the dictionary. Add it? (y/n) ", word:lower()))
          if yes(read("", math.max(limit - (now - start), 0))) then
            w = g:submit(word, true)
            write(fmt("ok: %s (%d), learned\n", w, M.score(w)))
          else
            write(fmt("not added: %s\n", word:lower()))
          end
        else
          if kind == "unknown" then err = err .. " (learn mode is off: 'learn on' to teach it)" end
          write("refused: " .. err .. "\n")
        end
      end
    end
  end
  local r = g:result()
  local _, nodes, secs = g:solve()
  write(fmt("\nYour words (%d):\n%s\n", #r.human, columns(r.human, 1000)))
  write(fmt("The computer's words (%d):\n%s\n", #r.computer, columns(r.computer, 1000)))
  write(fmt("Found by both, scoring for neither (%d):\n%s\n", #r.both, columns(r.both, 1000)))
  write(fmt("Score: you %d, the computer %d. %s\n", r.scores.human, r.scores.computer,
            r.scores.human > r.scores.computer and "You win." or
            r.scores.human < r.scores.computer and "The computer wins." or "A draw."))
  write(fmt("Words neither found (%d of the %d in the grid, found in %.1f ms, %d nodes):\n%s\n",
            #r.neither, #g:solve(), secs * 1e3, nodes, columns(r.neither, 60)))
  if #g.learned > 0 then
    local path = dict.user.path() or "(no place)"
    write(fmt("Save the %d new word%s (%s) to your dictionary %s? (y/n) ", #g.learned,
              #g.learned == 1 and "" or "s", table.concat(g.learned, ", "), path))
    if yes(read("")) then
      local all = {}
      for _, w in ipairs(user) do all[#all + 1] = w end
      for _, w in ipairs(g.learned) do all[#all + 1] = w end
      local sok, serr = dict.user.save(all)
      write(sok and fmt("Saved: %d words in %s.\n", #all, path) or
            fmt("Not saved: %s\n", tostring(serr)))
    else
      write("Not saved.\n")
    end
  end
  return true
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
    if a == "--seed" then
      o.seed = math.tointeger(tonumber(value()))
      if not o.seed then error("--seed needs a whole number", 0) end
    elseif a == "--time" then
      o.time = tonumber(value())
      if not o.time or o.time <= 0 then error("--time needs a number of seconds", 0) end
    elseif a == "--learn" then o.learn = true
    elseif a == "--no-learn" then o.learn = false
    elseif a == "--share" then
      o.share = tonumber(value())
      if not o.share or o.share < 0 or o.share > 1 then error("--share needs a number from 0 to 1", 0) end
    elseif a == "--max-len" then
      o.max_len = math.tointeger(tonumber(value()))
      if not o.max_len or o.max_len < 0 or o.max_len > 48 then
        error("--max-len needs a whole number from 0 (no limit) to 48", 0)
      end
    elseif a == "--words" then o.words = value()
    elseif a == "--no-user" then o.no_user = true
    elseif a == "--position" then o.position = value()
    else
      error(fmt("unknown option or word '%s'", a), 0)
    end
    i = i + 1
  end
  return o
end

M.OPTIONS_HELP = [[
The word game: find words on a 4x4 grid of letter dice before the time is up; the computer
finds its own.  A word is 3 or more letters from the dictionary (proper nouns and
abbreviations left out), a path of adjacent cells (diagonals too), no cell used twice; the Qu
face is two letters.  Points by length: 3-4 letters 1, 5 2, 6 3, 7 5, 8 or more 11; a word
both of you found scores for neither.
Options:
  --seed N        deal the grid from seed N (default: from the time)
  --position G    play this grid: rows of faces separated by '/' (CATS/OREQu/DINU/LEST)
  --time S        the time limit in seconds (default 180); it ends the game at once
  --learn         offer to take words the dictionary lacks (--no-learn: refuse them)
  --share X       the share of the grid's words the computer finds, 0 to 1 (default 0.5)
  --max-len N     the longest word the computer knows (default 0: no limit)
  --words FILE    the word list (default /usr/share/dict/american-english)
  --no-user       leave out your own words (the user dictionary)
During the game: 'help' lists the commands, 'end' stops.
Example:
  stratagem play wordgrid --time 120 --share 0.3]]

-- stratagem play wordgrid ARGS: the exit status.
function M.main(...)
  for _, a in ipairs({...}) do
    if a == "--help" or a == "-h" then
      io.write("usage: ", M.USAGE, "\n", M.OPTIONS_HELP, "\n")
      return 0
    end
  end
  local ok, o = pcall(parse_args, {...})
  if not ok then
    io.stderr:write("stratagem: play: ", o, "\nusage: ", M.USAGE, "\n")
    return 2
  end
  local done, err = M.play(o)
  if not done then
    io.stderr:write("stratagem: play: ", tostring(err), "\n")
    return 1
  end
  return 0
end

return M
