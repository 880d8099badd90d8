package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 025-othello-patterns.lua: Othello's pattern evaluation (the default), its weights file, the
-- fallback to Blunt's weighting scheme (preset "blunt", tested here against the formula), and
-- the training.
local t = require "tap"
local sg = require "stratagem"
local core = require "stratagem.core"
local othello = require "stratagem.othello"

-- positions from seeded random games, 10 to 50 plies in
local function positions(n, seed)
  local out = {}
  for i = 1, n do
    local g = sg.new("othello", {seed = seed + i})
    for _ = 1, 10 + (i * 7) % 41 do
      if g:status() ~= "playing" then break end
      g:play(sg.search(g, {algo = "random", seed = seed * 1000 + i * 64 + g:ply()}).move)
    end
    if g:status() == "playing" then out[#out + 1] = g end
  end
  return out
end
local games = positions(40, 11)

-- the shipped weights
local w, err = othello.patterns()
t.ok(w ~= nil, "the weights file beside othello.lua reads (" .. tostring(err) .. ")")
local g0 = sg.new("othello")
t.is(g0:config().weights.preset, "patterns", "the default evaluation is the patterns'")

-- g:scores() is the patterns' value for the side to move, in tenths of a disc, from black's
-- side
local agree = true
for _, g in ipairs(games) do
  local v = core.othello.pattern_eval(w, g) * 10
  v = v < 0 and math.ceil(v) or math.floor(v)
  if g:player() == 2 then v = -v end
  if g:scores()[1] ~= v or g:scores()[2] ~= -v then agree = false end
end
t.ok(agree, "the game's scores are the patterns' value, in tenths of a disc, for black")

-- the 8 images of a position under the board's symmetries have one value: the instances of a
-- pattern share a table, and an index and its mirror image share a weight
local function image(pos, k)
  local board, side = pos:match("^(%S+) (%S)$")
  local rows, out = {}, {}
  for row in board:gmatch("[^/]+") do rows[#rows + 1] = row end
  for r = 1, 8 do
    local cells = {}
    for c = 1, 8 do
      local rr, cc = r, c
      if k & 4 ~= 0 then rr, cc = cc, rr end
      if k & 2 ~= 0 then cc = 9 - cc end
      if k & 1 ~= 0 then rr = 9 - rr end
      cells[c] = rows[rr]:sub(cc, cc)
    end
    out[r] = table.concat(cells)
  end
  return table.concat(out, "/") .. " " .. side
end
local same, differ = 0, 0
for _, g in ipairs(games) do
  local v = core.othello.pattern_eval(w, g)
  for k = 1, 7 do
    local h = assert(sg.new("othello", {position = image(g:position(), k)}))
    if core.othello.pattern_eval(w, h) == v then same = same + 1 else differ = differ + 1 end
  end
end
t.ok(differ == 0 and same >= 200, ("the value is the same on all 8 images of %d positions " ..
     "(%d differ)"):format(#games, differ))
local nonzero = 0
for _, g in ipairs(games) do if core.othello.pattern_eval(w, g) ~= 0 then nonzero = nonzero + 1 end end
t.ok(nonzero >= #games - 2, "and the weights are not all zero")

-- the trained values make sense: a corner is worth more to the side that holds it (a1 given to
-- black, then to white, in the positions with a1 empty and 15 to 45 empty squares)
local better, tried = 0, 0
for _, g in ipairs(positions(60, 77)) do
  local pos = g:position()
  local empties = select(2, pos:gsub("%.", ""))
  if pos:sub(1, 1) == "." and empties >= 15 and empties <= 45 then
    local b = sg.new("othello", {position = "b" .. pos:sub(2)}):scores()[1]
    local w = sg.new("othello", {position = "w" .. pos:sub(2)}):scores()[1]
    tried = tried + 1
    if b > w then better = better + 1 end
  end
end
t.ok(tried >= 10 and better >= 0.8 * tried,
     ("a1 is worth more to black as black's than as white's in %d of %d positions"):format(better, tried))

-- preset "blunt": the weighting scheme, computed here from its definition (section 9.3)
local function blunt(g)
  local d = othello.weights
  local octant = {{"a1", "b1", "c1", "d1"}, {"b1", "b2", "c2", "d2"}, {"c1", "c2", "c3", "d3"},
                  {"d1", "d2", "d3", "d4"}}
  local board = g:position():match("^(%S+)")
  local rows = {}
  for row in board:gmatch("[^/]+") do rows[#rows + 1] = row end
  local v, discs, filled = 0, 0, 0
  for r = 1, 8 do
    for c = 1, 8 do
      local ch = rows[r]:sub(c, c)
      local rr, cc = r > 4 and 9 - r or r, c > 4 and 9 - c or c
      local s = d[octant[rr][cc]]
      if ch == "b" then v, discs, filled = v + s, discs + 1, filled + 1
      elseif ch == "w" then v, discs, filled = v - s, discs - 1, filled + 1 end
    end
  end
  local function mobility(side)
    local h = sg.new("othello", {position = board .. " " .. side, weights = {preset = "blunt"}})
    local ms = h:moves()
    return (#ms == 1 and ms[1] == "pass") and 0 or #ms
  end
  local mob = mobility("b") - mobility("w")
  local function div(a, b)   -- C's division: towards zero
    local q = a // b
    if q < 0 and q * b ~= a then q = q + 1 end
    return q
  end
  local wm = div(d.mobility_open * (64 - filled) + d.mobility_end * (filled - 4), 60)
  local wd = div(d.discs_open * (64 - filled) + d.discs_end * (filled - 4), 60)
  return v + wm * mob + wd * discs
end
local blunt_ok = true
for _, g in ipairs(games) do
  local b = sg.new("othello", {position = g:position(), weights = {preset = "blunt"}})
  if b:scores()[1] ~= blunt(g) then
    blunt_ok = false
    t.diag(("%s: %d, the formula %d"):format(g:position(), b:scores()[1], blunt(g)))
  end
end
t.ok(blunt_ok, "preset 'blunt' evaluates by Blunt's weighting scheme, as its formula gives")
t.is_deeply(sg.new("othello", {weights = {preset = "blunt"}}):scores(), {0, 0},
            "which scores the symmetric start 0")
do   -- the preset changed on a game
  local g = games[5]:copy()
  local pat = g:scores()[1]
  g:set_weights{preset = "blunt"}
  local bl = g:scores()[1]
  g:set_weights{preset = "patterns"}
  local b0 = sg.new("othello", {position = g:position(), weights = {preset = "blunt"}})
  t.ok(bl == b0:scores()[1] and g:scores()[1] == pat and bl ~= pat,
       ("set_weights switches the preset both ways (%d, %d)"):format(pat, bl))
  t.errors(function() g:set_weights{preset = "edax"} end,
           "set_weights: preset must be one of 'patterns', 'blunt', got 'edax'", "to a known one")
  b0:set_weights{preset = "patterns"}
  t.is(b0:scores()[1], pat, "a game made with preset 'blunt' reads the patterns when switched")
end
t.errors(function() sg.new("othello", {weights = {preset = "edax"}}) end,
         "weights.preset must be one of 'patterns', 'blunt', got 'edax'", "an unknown preset")

-- the file: damaged, truncated or foreign files are refused with the reason
local path = othello.patterns_file()
local f = assert(io.open(path, "rb"))
local bytes = f:read("a")
f:close()
local function try(text)
  local tmp = os.tmpname()
  local o = assert(io.open(tmp, "wb"))
  o:write(text)
  o:close()
  local r, e = core.othello.patterns_read(tmp)
  os.remove(tmp)
  return r, e
end
local hdr = #bytes:match("^[^\n]*\n")
local flipped = bytes:sub(1, hdr + 1000) .. string.char((bytes:byte(hdr + 1001) + 1) % 256) ..
                bytes:sub(hdr + 1002)
local r1, e1 = try(flipped)
t.ok(r1 == nil and e1:find("damaged file", 1, true), "a changed byte is found: " .. tostring(e1))
local r2, e2 = try(bytes:sub(1, #bytes - 7))
t.ok(r2 == nil and e2:find("truncated", 1, true) or (e2 or ""):find("damaged", 1, true),
     "a truncated file is refused: " .. tostring(e2))
local r3, e3 = try("-- not weights\n")
t.ok(r3 == nil and e3:find("not an Othello pattern weights file", 1, true), "a foreign file: " .. tostring(e3))
local r4, e4 = try(bytes:gsub("stages 12", "stages 10", 1))
t.ok(r4 == nil and e4:find("expected 12 of", 1, true), "another pattern set: " .. tostring(e4))
local r5, e5 = core.othello.patterns_read("/nonexistent/weights.dat")
t.ok(r5 == nil and e5:find("No such file", 1, true), "a missing file: " .. tostring(e5))

-- without its weights the program warns and plays by the weighting scheme
local script = "local sg = require 'stratagem' local g = sg.new('othello') g:play('d3') " ..
               "io.write(g:scores()[1], ' ', sg.new('othello', {weights = {preset = 'blunt'}, " ..
               "position = g:position()}):scores()[1])"
local out, serr = t.run("STRATAGEM_OTHELLO_PATTERNS=/nonexistent/w.dat " .. t.q(t.stratagem) ..
                        " -e " .. t.q(script))
local a, b = out:match("^(%-?%d+) (%-?%d+)$")
t.ok(a ~= nil and a == b, "a missing weights file: the weighting scheme's value (" .. out .. ")")
t.like(serr, "warning: othello pattern weights: /nonexistent/w.dat: No such file or directory; " ..
       "falling back to the weighting scheme", "with a warning naming the file")
-- with the shipped file, found beside games/othello.lua however the module was found: no
-- warning, and the patterns' value, not the weighting scheme's
local out2, serr2 = t.run("STRATAGEM_OTHELLO_PATTERNS= " .. t.q(t.stratagem) .. " -e " .. t.q(script))
local a2, b2 = out2:match("^(%-?%d+) (%-?%d+)$")
t.ok(a2 ~= nil and a2 ~= b2 and serr2 == "",
     "the shipped weights file is found beside othello.lua: no warning, the patterns' value (" ..
     out2 .. (serr2 ~= "" and "; " .. serr2 or "") .. ")")
t.ok(othello.patterns_file():find("/games/othello%-patterns%.dat$") ~= nil,
     "the file's place: games/othello-patterns.dat (" .. othello.patterns_file() .. ")")

-- training: reproducible from its seed, and its fit beats no fit on the positions it saw
local o = {seed = 5, games = 40, epochs = 4, holdout = 4}
local wa, ra = core.othello.train(o)
local wb = core.othello.train(o)
local wc = core.othello.train{seed = 6, games = 40, epochs = 4, holdout = 4}
local eq, ne = true, false
for _, g in ipairs(games) do
  if core.othello.pattern_eval(wa, g) ~= core.othello.pattern_eval(wb, g) then eq = false end
  if core.othello.pattern_eval(wa, g) ~= core.othello.pattern_eval(wc, g) then ne = true end
end
t.ok(eq and ne, "the same seed trains the same weights, another seed others")
t.ok(ra.positions > 40 * 20 and ra.held_out > 0 and ra.solve_nodes > 0,
     ("%d positions fitted, %d held out"):format(ra.positions, ra.held_out))
local s = ra.stages[3]   -- 10-14 empties: exact labels
t.ok(s.empties_min == 10 and s.count > 0 and s.train_mae < 0.7 * s.zero_mae,
     ("the fit at 10-14 empties: mean error %.2f discs on %d positions, %.2f with no evaluation")
     :format(s.train_mae, s.count, s.zero_mae))
t.errors(function() core.othello.train{games = 0} end,
         "othello train: games: got 0; expected a whole number from 1 to 10000000", "no games")
t.errors(function() core.othello.train{random_min = 10, random_max = 5} end,
         "random_max: got 5; expected a whole number from 10 to 60", "an empty opening range")
t.errors(function() core.othello.train{rate = 2} end, "rate: got 2", "a step above 1")
local _, train_err = pcall(function() othello.train{games = 0} end)
t.like(train_err, "^[^\n]*025%-othello%-patterns%.lua:%d+: othello train: games: got 0",
       "othello.train's error on a bad value is placed at the caller's line")
t.errors(function() othello.train{game = 3} end,
         "othello train: unknown option 'game' (valid options: epochs, games, generations,",
         "an unknown training option is named", true)
t.errors(function() othello.train{generations = 0} end,
         "generations: got 0; expected a whole number, 1 or more", "no generation")

t.done()
