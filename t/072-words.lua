package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 072-words.lua: the dictionary (sg.dict: normalising, sorting, packing, binary and prefix
-- search against linear scans), user dictionaries (save, reload, a damaged file kept aside and
-- its good words written back), the word grid (paths by hand, the Qu face, scoring, the
-- computer's words against a brute force), the play loop driven by scripted input, and bad
-- input.
local t = require "tap"
local sg = require "stratagem"
local core = require "stratagem.core"
local wordgrid = require "stratagem.wordgrid"
local S = t.stratagem
local fmt = string.format

local FIXTURE = t.srcdir .. "/t/data/words-small.txt"
local dir = os.tmpname()
os.remove(dir)
assert(core.mkdir(dir))

local function read_file(p)
  local f = io.open(p, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end
local function write_file(p, s)
  local f = assert(io.open(p, "wb"))
  f:write(s)
  f:close()
end
-- byte order, whatever the locale
local function before(a, b)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = a:byte(i), b:byte(i)
    if x ~= y then return x < y end
  end
  return #a < #b
end

-- The reference: a file read line by line and normalised here, independently of the C code;
-- capitalised lines (proper nouns, abbreviations) left out unless names.
local function reference(path, names)
  local set, list = {}, {}
  local text = read_file(path)
  for line in text:gmatch("[^\n]*") do
    local w = line:gsub("^%s+", ""):gsub("%s+$", "")
    if w:match("^%u") and not names then w = "" end
    w = w:lower()
    if #w >= 3 and #w <= 48 and w:match("^[a-z]+$") and not set[w] then
      set[w] = true
      list[#list + 1] = w
    end
  end
  table.sort(list, before)
  return set, list
end

-- ---- normalisation ----
t.is(sg.dict.normalise("Hello"), "hello", "normalise folds the case")
t.is(sg.dict.normalise("QUEST"), "quest", "and upper-case words")
local w, why = sg.dict.normalise("it's")
t.ok(w == nil and why:find("'''", 1, true) and why:find("outside a%-z"),
     "a word with an apostrophe is not a word, and the reason says which character")
w, why = sg.dict.normalise("caf\xc3\xa9")
t.ok(w == nil and why:find("0xc3", 1, true), "an accented letter is a byte outside a-z")
w, why = sg.dict.normalise("ab")
t.ok(w == nil and why:find("shorter than 3"), "two letters are too short")
t.ok(sg.dict.normalise(string.rep("a", 48)) and not sg.dict.normalise(string.rep("a", 49)),
     "48 letters are a word, 49 are not")
t.errors(function() sg.dict.normalise(12) end, "expected a string", "a number is misuse")

-- ---- the fixture list, both forms ----
local fset, flist = reference(FIXTURE)
t.is(#flist, 27, "the fixture has 27 distinct words by the rules (counted by hand)")
do
  local named = assert(sg.dict.load(FIXTURE, {names = true}))
  local _, nlist = reference(FIXTURE, true)
  t.is_deeply(named:words(), nlist, "names = true keeps the capitalised lines (iowa, gpu, nato)")
  t.ok(named:has("iowa") and named:stats().names == 0 and named:stats().duplicates == 2,
       "and counts Car and CORE as duplicates of car and core")
  t.ok(sg.dict.new({"Iowa", "cat"}):has("iowa") and
       not sg.dict.new({"Iowa", "cat"}, {names = false}):has("iowa"),
       "sg.dict.new keeps capitalised words unless names = false")
  t.errors(function() sg.dict.load(FIXTURE, {names = 1}) end, "names must be true or false",
           "a names option that is not a boolean is misuse")
end
local fixture = {}
for _, packed in ipairs({false, true}) do
  local form = packed and "packed" or "plain"
  local d = assert(sg.dict.load(FIXTURE, {packed = packed}))
  fixture[form] = d
  t.is(#d, 27, form .. ": 27 words kept")
  t.is(d:count(), 27, form .. ": d:count() agrees with #d")
  t.is(d:packed(), packed, form .. ": d:packed()")
  local st = d:stats()
  t.ok(st.duplicates == 0 and st.names == 5 and st.bad_chars == 4 and st.short == 3 and
       not st.was_sorted,
       fmt("%s: 5 capitalised left out (Car, CORE, Iowa, GPU, NATO), no duplicate, 4 with other " ..
           "characters, 3 short, was not sorted (got %d, %d, %d, %d, %s)", form, st.names,
           st.duplicates, st.bad_chars, st.short, st.was_sorted))
  for _, x in ipairs({"iowa", "gpu", "nato"}) do
    t.ok(not d:has(x), form .. ": the proper noun or abbreviation " .. x .. " is not a word")
  end
  t.ok(d:has("car") and d:has("core"),
       form .. ": car and core, listed both capitalised and in lower case, are words")
  t.is_deeply(d:words(), flist, form .. ": the words, sorted once, equal the reference")
  local ok = true
  for _, x in ipairs(flist) do ok = ok and d:has(x) and d:contains(x:upper()) end
  for _, x in ipairs({"ca", "cart", "quests", "aaa", "zzz", "dinne", "dinners", "zebras"}) do
    ok = ok and not d:has(x)
  end
  t.ok(ok, form .. ": membership of every word and of near misses")
  local yes, reason = d:has("x1y")
  t.ok(yes == false and reason:find("outside a%-z"), form .. ": has() of a non-word says why")
  -- prefix ranges against a linear scan, for every prefix of every word and some others
  local prefixes = {"", "z", "zz", "qu", "quest", "questx", "din", "dinn"}
  for _, x in ipairs(flist) do
    for k = 1, #x do prefixes[#prefixes + 1] = x:sub(1, k) end
  end
  local good = true
  for _, p in ipairs(prefixes) do
    local want = {}
    for _, x in ipairs(flist) do if x:sub(1, #p) == p then want[#want + 1] = x end end
    local got, n = d:prefix(p)
    local first, last = d:range(p)
    if not t.same(got, want) or n ~= #want or last - first + 1 ~= #want then
      good = false
      t.diag(fmt("prefix '%s': got %d words, expected %d", p, n, #want))
    end
  end
  t.ok(good, form .. ": prefix ranges equal a linear scan for " .. #prefixes .. " prefixes")
  local few, count = d:prefix("di", 1)
  t.ok(#few == 1 and count == 3, form .. ": prefix with a maximum returns that many, and the count")
  t.errors(function() d:prefix("d1") end, "outside a%-z", form .. ": a prefix with a digit is misuse")
end
t.ok(fixture.packed:memory() < fixture.plain:memory(), "the packed form takes less memory")

-- sg.dict.new from a table: the same normalisation
local dn = sg.dict.new({"Zoo", "apple", "zoo", "x", "a\nb", "bee"})
t.is_deeply(dn:words(), {"apple", "bee", "zoo"}, "sg.dict.new normalises, sorts and dedupes a table")
t.errors(function() sg.dict.new({"abc", 5}) end, "word 2 must be a string", "a number in the list is misuse")
t.errors(function() sg.dict.load(FIXTURE, {pakced = true}) end, "unknown option 'pakced'",
         "a misspelt option is named")

-- ---- missing and empty lists ----
local d0, err = sg.dict.load(dir .. "/none.txt")
t.ok(d0 == nil and err:find(dir .. "/none.txt", 1, true) and err:find("cannot read"),
     "a missing list: nil and a message naming the file")
local saved_default = sg.dict.DEFAULT_PATH
sg.dict.DEFAULT_PATH = dir .. "/american-english"
d0, err = sg.dict.load()
sg.dict.DEFAULT_PATH = saved_default
t.ok(d0 == nil and err:find(dir .. "/american-english", 1, true) and err:find("wamerican"),
     "the default list missing: the message names the file and the package wamerican")
write_file(dir .. "/empty.txt", "")
d0, err = sg.dict.load(dir .. "/empty.txt")
t.ok(d0 == nil and err:find("empty.txt", 1, true) and err:find("no words"), "an empty list: nil and a message")
write_file(dir .. "/junk.txt", "a\nb'c\n\n12345\n")
d0, err = sg.dict.load(dir .. "/junk.txt")
t.ok(d0 == nil and err:find("no words"), "a list with no word of the rules: the same message")

-- ---- the system list: binary and prefix search against linear scans, packing round trips ----
local SYSTEM = sg.dict.DEFAULT_PATH
if not read_file(SYSTEM) then
  t.skip("the system word list " .. SYSTEM .. " is absent (install the package wamerican)", 7)
else
  local sset, slist = reference(SYSTEM)
  local plain = assert(sg.dict.load({packed = false}))
  local packed = assert(sg.dict.load({packed = true}))
  t.is(#plain, #slist, fmt("the system list: %d words, as a line-by-line reading finds", #slist))
  local pw, kw = plain:words(), packed:words()
  t.ok(t.same(pw, slist) and t.same(kw, slist),
       "both forms hold exactly the reference words in byte order (every packed word unpacks)")
  local ok = true
  for i, x in ipairs(slist) do
    if not (plain:has(x) and packed:has(x) and packed:word(i) == x) then ok = false; t.diag(x) break end
  end
  t.ok(ok, "binary search finds every word in both forms (packed: the key of every word)")
  -- non-words: each word with one letter changed, seeded; the set says which are words
  local x = 12345
  local function rnd(n) x = (x * 1103515245 + 12345) % 2147483648; return x % n + 1 end
  local agree, probes = true, 0
  for _ = 1, 20000 do
    local s = slist[rnd(#slist)]
    local k = rnd(#s)
    local c = string.char(96 + rnd(26))
    local p = s:sub(1, k - 1) .. c .. s:sub(k + 1) .. (rnd(4) == 1 and "s" or "")
    probes = probes + 1
    if plain:has(p) ~= (sset[p] == true) or packed:has(p) ~= (sset[p] == true) then
      agree = false
      t.diag("disagree: " .. p)
      break
    end
  end
  t.ok(agree, fmt("%d seeded near-words: membership equals the reference set", probes))
  -- prefixes: a linear scan over the whole list for each
  local prefixes = {"a", "qu", "z", "zz", "xyz", "un", "inter", "electroencephalo", "pneumono"}
  for _ = 1, 60 do
    local s = slist[rnd(#slist)]
    prefixes[#prefixes + 1] = s:sub(1, rnd(math.min(#s, 14)))
  end
  local good = true
  for _, p in ipairs(prefixes) do
    local first, n = nil, 0
    for i, s in ipairs(slist) do
      if s:sub(1, #p) == p then first = first or i; n = n + 1 end
    end
    for _, d in ipairs({plain, packed}) do
      local a, b = d:range(p)
      local got, cnt = d:prefix(p)
      if cnt ~= n or (n > 0 and (a ~= first or b ~= first + n - 1 or got[1] ~= slist[first]
                                 or got[n] ~= slist[first + n - 1])) then
        good = false
        t.diag(fmt("prefix %s: %d words from %s by a scan, got %d from %d", p, n, first, cnt, a))
      end
    end
  end
  t.ok(good, fmt("prefix ranges of %d prefixes equal a linear scan of the whole list, both forms",
                 #prefixes))
  t.ok(packed:memory() < plain:memory(), fmt("packed %d bytes < plain %d bytes",
                                             packed:memory(), plain:memory()))
  -- the computer's words in seeded grids equal a brute force over every word of the list
  local function brute(g, list)
    local out = {}
    for _, s in ipairs(list) do if g:path(s) then out[#out + 1] = s end end
    return out
  end
  local same = true
  for seed = 1, 3 do
    local g = sg.new("wordgrid", {seed = seed, dict = packed})
    local gp = sg.new("wordgrid", {seed = seed, dict = plain})
    local want = brute(g, slist)
    if not t.same(g:solve(), want) or not t.same(gp:solve(), want) then
      same = false
      t.diag(fmt("seed %d: %d words by the solver, %d by brute force", seed, #g:solve(), #want))
    end
  end
  t.ok(same, "3 seeded grids: the solver's words equal a path check of every word, both forms")
end

-- ---- the grid worked by hand ----
--   C  A  T  S      cells  1  2  3  4
--   O  R  E  Qu            5  6  7  8
--   D  I  N  U             9 10 11 12
--   L  E  S  T            13 14 15 16
local POS = "CATS/OREQu/DINU/LEST"
local g = assert(sg.new("wordgrid", {position = POS, dict = fixture.packed}))
t.is(g:position(), POS, "the position text round trips")
t.is(g:grid()[8], "Qu", "cell 8 is the Qu face")
t.like(g:diagram(), "C  A  T  S", "the diagram shows the rows")
t.is_deeply(g:path("cats"), {1, 2, 3, 4}, "cats: along the top row")
t.is_deeply(g:path("core"), {1, 5, 6, 7}, "core: down, right, right")
t.is_deeply(g:path("quest"), {8, 7, 4, 3}, "quest: the Qu face is one cell for two letters, then a diagonal")
t.is_deeply(g:path("diner"), {9, 10, 11, 7, 6}, "diner: a path that turns back")
t.ok(g:path("rare") == nil, "rare: the one R cannot be used twice")
t.ok(g:path("tee") == nil, "tee: the two Es do not touch")
t.ok(g:path("qest") == nil, "qest: the Qu face gives q and u together, never q alone")
t.is_deeply(g:path("uest"), {12, 7, 4, 3}, "uest: the u comes from the U cell, not from the Qu face")
t.ok(g:path("cod") and not g:path("cal"), "cod (adjacent cells) on the grid, cal (A and L do not touch) not")
local dg = assert(sg.new("wordgrid", {position = "QuQuAB/CDEF/GHIJ/KLMN"}))
t.ok(dg:path("ququ") and not dg:path("quqa"), "two Qu faces: ququ is a path of two cells")
t.is(wordgrid.score("cat"), 1, "3 letters: 1")
t.is(wordgrid.score("cats"), 1, "4 letters: 1")
t.is(wordgrid.score("quest"), 2, "quest on 4 cells scores as 5 letters: 2")
t.is(wordgrid.score("diners"), 3, "6 letters: 3")
t.is(wordgrid.score("abcdefg"), 5, "7 letters: 5")
t.is(wordgrid.score("abcdefgh"), 11, "8 letters: 11")
t.is(wordgrid.score("abcdefghijkl"), 11, "12 letters: 11")

local HAND = {"car", "cat", "cats", "core", "dine", "diner", "lest", "lie", "lies", "nest", "nets",
              "nut", "quest", "rein", "reins", "rest", "sent", "uns"}
t.is_deeply(g:solve(), HAND, "the computer finds the 18 fixture words worked out by hand")
local gp = assert(sg.new("wordgrid", {position = POS, dict = fixture.plain}))
t.is_deeply(gp:solve(), HAND, "and the same with the plain form")
-- brute force: an independent path search in Lua over every fixture word
local function lua_path(grid, word)
  local cells = {}
  for i = 1, 16 do cells[i] = grid[i]:lower() end
  local function go(c, pos, used)
    local f = cells[c]
    if word:sub(pos, pos + #f - 1) ~= f then return false end
    pos = pos + #f
    if pos > #word then return true end
    used[c] = true
    local r, col = (c - 1) // 4, (c - 1) % 4
    for dr = -1, 1 do
      for dc = -1, 1 do
        local nr, nc = r + dr, col + dc
        local n = nr * 4 + nc + 1
        if nr >= 0 and nr < 4 and nc >= 0 and nc < 4 and not used[n] and go(n, pos, used) then
          used[c] = nil
          return true
        end
      end
    end
    used[c] = nil
    return false
  end
  for c = 1, 16 do if go(c, 1, {}) then return true end end
  return false
end
local bf = {}
for _, x in ipairs(flist) do if lua_path(g:grid(), x) then bf[#bf + 1] = x end end
t.is_deeply(g:solve(), bf, "the computer's list equals a brute-force path search in Lua")
local agree = true
for seed = 1, 40 do
  local sgd = sg.new("wordgrid", {seed = seed, dict = fixture.packed})
  for _, x in ipairs(flist) do
    if (sgd:path(x) ~= nil) ~= lua_path(sgd:grid(), x) then agree = false end
  end
end
t.ok(agree, "40 seeded grids: the C path check agrees with the Lua one on every fixture word")

-- the strength: a share of the words, chosen from the seed; the longest word known
local gs = sg.new("wordgrid", {position = POS, dict = fixture.packed, strength = {share = 1}})
t.is_deeply(gs:computer(), HAND, "share 1: the computer lists every word")
gs = sg.new("wordgrid", {position = POS, dict = fixture.packed, strength = {share = 0}})
t.is_deeply(gs:computer(), {}, "share 0: none")
gs = sg.new("wordgrid", {position = POS, dict = fixture.packed, strength = {share = 1, max_len = 3}})
t.is_deeply(gs:computer(), {"car", "cat", "lie", "nut", "uns"}, "max_len 3: the 3-letter words only")
local half1 = sg.new("wordgrid", {position = POS, dict = fixture.packed, seed = 5}):computer()
local half2 = sg.new("wordgrid", {position = POS, dict = fixture.packed, seed = 5}):computer()
local more = sg.new("wordgrid", {position = POS, dict = fixture.packed, seed = 5,
                                 strength = {share = 0.8}}):computer()
local sub = true
local mset = {}
for _, x in ipairs(more) do mset[x] = true end
for _, x in ipairs(half1) do sub = sub and mset[x] end
t.ok(t.same(half1, half2) and sub and #half1 < #HAND,
     fmt("share 0.5: the same %d words for the same seed, a subset of share 0.8's %d", #half1, #more))

-- the deal: from the seed, one face of each of the 16 dice
local function from_dice(faces)
  -- a matching of cells to distinct dice that show the face (augmenting paths)
  local owner = {}
  local function try(c, seen)
    local f = faces[c] == "Qu" and "Q" or faces[c]
    for d, die in ipairs(wordgrid.dice) do
      if not seen[d] and die:find(f, 1, true) then
        seen[d] = true
        if not owner[d] or try(owner[d], seen) then owner[d] = c; return true end
      end
    end
    return false
  end
  for c = 1, 16 do if not try(c, {}) then return false end end
  return true
end
local deals, distinct, fromdice = {}, 0, true
for seed = 1, 30 do
  local p = sg.new("wordgrid", {seed = seed}):position()
  if not deals[p] then distinct = distinct + 1; deals[p] = true end
  fromdice = fromdice and from_dice(sg.new("wordgrid", {seed = seed}):grid())
end
t.is(sg.new("wordgrid", {seed = 9}):position(), sg.new("wordgrid", {seed = 9}):position(),
     "the same seed deals the same grid")
t.ok(distinct >= 29, fmt("30 seeds deal %d different grids", distinct))
t.ok(fromdice, "every dealt grid is one face of each of the 16 classic dice")

-- ---- the game object: moves, save and load, bad input ----
local gm = assert(sg.new("wordgrid", {position = POS, dict = fixture.packed}))
t.is(gm:submit("Cats"), "cats", "submit: a word on the grid and in the dictionary")
local r1, e1, k1 = gm:submit("cats")
t.ok(r1 == nil and k1 == "repeat", "the same word twice is refused")
r1, e1, k1 = gm:submit("ca7s")
t.ok(r1 == nil and k1 == "chars" and e1:find("'7'", 1, true) and e1:find("outside a%-z"),
     "a word with a digit: refused, the character named")
r1, e1, k1 = gm:submit("rare")
t.ok(r1 == nil and k1 == "path", "a word not on the grid is refused: " .. tostring(e1))
r1, e1, k1 = gm:submit("ca")
t.ok(r1 == nil and k1 == "short", "two letters are too short")
r1, e1, k1 = gm:submit("tuns")
t.ok(r1 == nil and k1 == "unknown", "a path not in the dictionary is unknown")
t.is_deeply(gm:found(), {"cats"}, "refused words leave the list unchanged")
t.is(gm:submit("tuns", true), "tuns", "with learn, the unknown word is taken and learned")
t.is_deeply(gm.learned, {"tuns"}, "and kept as learned")
local text = gm:save()
local gl = assert(sg.load(text))
t.is(gl:position(), POS, "sg.load: the grid back")
t.is_deeply(gl:found(), {"cats", "tuns"}, "sg.load: the player's words back")
local bad = text:gsub('"tuns"', '"rare"')
local gb, eb = sg.load(bad)
t.ok(gb == nil and eb:find("rare"), "sg.load refuses a word that is not on the grid: " .. tostring(eb))
t.errors(function() sg.new("wordgrid", {seeds = 1}) end, "unknown option 'seeds'", "an unknown option is named")
t.errors(function() sg.new("wordgrid", {strength = {share = 2}}) end, "share must be a number from 0 to 1",
         "a share above 1 is refused")
local gx, ex = sg.new("wordgrid", {position = "ABC"})
t.ok(gx == nil and ex:find("16 faces"), "a short position: nil and what a position is")
gx, ex = sg.new("wordgrid", {position = "ABCD/EFGH/IJKL/MNO1"})
t.ok(gx == nil and ex:find("'1'"), "a digit in a position: nil and the character")

-- ---- user dictionaries ----
local out = t.run("XDG_DATA_HOME=/x/y " .. S .. " -e 'print(require([[stratagem]]).dict.user.path())'")
t.is(out, "/x/y/stratagem/words.txt\n", "the user dictionary is under XDG_DATA_HOME")
out = t.run("env -u XDG_DATA_HOME HOME=/home/z " .. S .. " -e 'print(require([[stratagem]]).dict.user.path())'")
t.is(out, "/home/z/.local/share/stratagem/words.txt\n", "else under ~/.local/share")
local upath = dir .. "/data/stratagem/words.txt"
sg.dict.user.file = upath
local uw, umsg = sg.dict.user.load()
t.ok(#uw == 0 and umsg == nil, "no file: no words, no message")
t.ok(sg.dict.user.save({"Tuns", "dines", "tuns"}), "save writes the file (and its folders)")
uw, umsg = sg.dict.user.load()
t.is_deeply(uw, {"dines", "tuns"}, "load: the words back, normalised, sorted, once each")
t.ok(umsg == nil, "no message for a good file")
t.errors(function() sg.dict.user.save({"ok", "b4d"}) end, "word 1 'ok' shorter", "save refuses a non-word")
t.is_deeply(sg.dict.user.load(), {"dines", "tuns"}, "and the file is unchanged")
local damaged = "# user words\ndines\nb@d\ntuns\n\0\0\0\n"
write_file(upath, damaged)
uw, umsg = sg.dict.user.load()
t.is_deeply(uw, {"dines", "tuns"}, "a damaged file: its good words are still loaded")
t.ok(umsg and umsg:find("damaged") and umsg:find(upath .. ".damaged", 1, true),
     "with a message naming where it was kept: " .. tostring(umsg))
t.is(read_file(upath .. ".damaged"), damaged, "the damaged file is kept aside as it was")
t.ok(umsg and umsg:find("2 good words are loaded and written back to " .. upath, 1, true),
     "the message says the good words were written back")
t.like(read_file(upath) or "", "\ndines\ntuns\n$",
       "the good words are written back to the user dictionary's path")
uw, umsg = sg.dict.user.load()
t.ok(umsg == nil and #uw == 2 and uw[1] == "dines" and uw[2] == "tuns",
     "the next load takes them without complaint: " .. tostring(umsg))
t.ok(read_file(upath .. ".damaged.2") == nil, "and moves nothing aside")
write_file(upath, "xx\n")
uw, umsg = sg.dict.user.load()
t.ok(umsg and umsg:find(upath .. ".damaged.2", 1, true) and read_file(upath .. ".damaged") == damaged,
     "a second damaged file goes beside the first, which stays")

-- ---- the play loop, driven by scripted input ----
os.remove(upath)
local function play(o, lines)
  local i, outbuf = 0, {}
  local okp, perr = wordgrid.play(o, function() i = i + 1; return lines[i] end,
                                  function(s) outbuf[#outbuf + 1] = s end)
  return okp, perr, table.concat(outbuf)
end
local base = {position = POS, dict = fixture.packed, seed = 3, time = 1000, share = 1}
local okp, perr, text1 = play(base, {"cat cats", "x1y", "ca", "rare", "tuns", "learn on",
                                     "tuns", "y", "dines", "n", "+end", "end", "y"})
t.ok(okp, "a game plays to the end: " .. tostring(perr))
t.like(text1, "C  A  T  S", "it shows the grid")
t.like(text1, "ok: cat %(1%)\nok: cats %(1%)", "takes words, several a line")
t.like(text1, "refused: 'x1y' has the character '1', outside a%-z", "refuses characters outside a-z")
t.like(text1, "refused: 'ca' is too short", "refuses short words")
t.like(text1, "refused: 'rare' is not on the grid", "refuses words not on the grid")
t.like(text1, "refused: 'tuns' is not in the dictionary %(learn mode is off", "learn off: refused at once")
t.like(text1, "'tuns' is not in the dictionary. Add it%? %(y/n%) ok: tuns %(1%), learned", "learn on: asked, learned")
t.like(text1, "not added: dines", "a word the player does not confirm is not added")
t.like(text1, "refused: 'end' is not on the grid", "'+end' plays the word end")
local total = 0
for _, x in ipairs(HAND) do if x ~= "cat" and x ~= "cats" then total = total + wordgrid.score(x) end end
t.like(text1, fmt("Score: you 1, the computer %d%%.", total),
       "the scores: cat and cats found by both score for neither, tuns 1 for you")
t.like(text1, "Found by both, scoring for neither %(2%):\n  cat +cats", "the words both found")
t.like(text1, "Words neither found %(0 of the 18 in the grid", "neither: none at share 1 (tuns, learned in this game, is not the computer's yet)")
t.like(text1, "Save the 1 new word %(tuns%) to your dictionary", "offers to save the learned word")
t.is_deeply(sg.dict.user.load(), {"tuns"}, "saved: the user dictionary has it")
local _, _, text2 = play(base, {"tuns", "end"})
t.like(text2, "1 of yours", "the next game loads the user dictionary")
t.like(text2, "ok: tuns", "and takes the word without asking")
local ticks = 0
local _, _, text3 = play({position = POS, dict = fixture.packed, time = 10, share = 0,
                          clock = function() ticks = ticks + 6; return ticks end},
                         {"cat", "cats", "core"})
t.like(text3, "ok: cat", "before the limit a word counts")
t.like(text3, "Time is up", "after the time limit the game ends")
t.ok(not text3:find("ok: cats"), "and the word typed late does not count")
local okm, errm = wordgrid.play({words = dir .. "/none.txt"}, function() return nil end, function() end)
t.ok(okm == nil and errm:find("none.txt", 1, true), "a missing list: the game does not start, the file named")

-- through the program
local so, se, code = t.run(S .. " play wordgrid --position " .. t.q(POS) .. " --words " ..
                           t.q(FIXTURE) .. " --no-user --share 1 --seed 4", "cats\nend\n")
t.ok(code == 0 and so:find("ok: cats") and so:find("Score: you 0"),
     "stratagem play wordgrid plays from standard input")
so, se, code = t.run(S .. " play wordgrid --words " .. t.q(dir .. "/none.txt"))
t.ok(code == 1 and se:find("none.txt", 1, true) and se:find("cannot read"),
     "stratagem play wordgrid with a missing list: exit 1, the file named: " .. se)
so, se, code = t.run(S .. " play wordgrid --share 3")
t.ok(code == 2 and se:find("--share needs a number from 0 to 1", 1, true), "a bad option: exit 2 and the usage")

-- the word game's own help, and its line in stratagem games
for _, flag in ipairs({"--help", "-h"}) do
  so, se, code = t.run(S .. " play wordgrid " .. flag, "")
  t.ok(code == 0 and se == "" and so:find("^usage: stratagem play wordgrid") and
       so:find("The word game") and so:find("%-%-time S") and so:find("Example:"),
       "play wordgrid " .. flag .. ": the word game's rules, options and an example: " .. so)
end
so = t.run(S .. " games")
t.like(so, "\nwordgrid +the word game", "stratagem games lists the word game")

-- the prompt (the program's line reader, stratagem.term) and the clock that does not wait
local PLAY = S .. " play wordgrid --position " .. t.q(POS) .. " --words " .. t.q(FIXTURE) ..
             " --no-user --share 1 --seed 4"
so = t.run(PLAY .. " --time 600", "cats\nend\n")
t.like(so, "10:00 left> ok: cats", "each word is asked for with a prompt giving the time left")
local t0 = os.time()
so, se, code = t.run("sh -c " .. t.q("(printf 'cats\\n'; sleep " .. 3 * t.slow ..
                                    "; printf 'core\\nend\\n') | " .. PLAY .. " --time " ..
                                    0.5 * t.slow))
t.ok(code == 0 and so:find("ok: cats") and so:find("\nTime is up%.\n") and
     not so:find("ok: core") and so:find("Score: you"),
     "the time limit ends the game while it waits for a word, saying so at once: " .. so)
t.ok(so:find("Time is up%.\n\nYour words %(1%)"), "the words typed after the limit are not read")
t.ok(os.time() - t0 < 60 * t.slow, "(the game did not hang)")
if os.execute("command -v script >/dev/null 2>&1") then
  -- Up recalls the last line (not ^[[A): cats again is refused as already in the list
  local feed = "(sleep " .. t.slow .. "; printf 'cats\\n'; sleep " .. 0.3 * t.slow ..
               "; printf '\\033[A\\n'; sleep " .. 0.3 * t.slow .. "; printf 'end\\n')"
  local text = t.run("sh -c " .. t.q(feed .. " | timeout " .. 30 * t.slow .. " script -qfc " ..
                                     t.q(PLAY .. " --time 600") .. " /dev/null"))
  text = text:gsub("\r", "")
  t.ok(text:find("'cats' is already in your list") and not text:find("%^%[%[A"),
       "at a terminal the line is edited: Up recalls the last word: " .. text)
else
  t.skip("script(1) is not installed: no pseudo-terminal for the line editing test", 1)
end

os.execute("rm -rf " .. t.q(dir))
t.done()
