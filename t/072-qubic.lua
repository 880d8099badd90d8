package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 072-qubic.lua: Qubic (4x4x4 noughts and crosses) through the API: the reference counts of the
-- rules file (perft, 76 lines, 192 symmetries, 2 first-move classes), the rules, position text
-- and bad input, threats worked by hand, the AI against random play, the solver against
-- alpha-beta, and the proof checker.
local t = require "tap"
local sg = require "stratagem"

-- ---- reference counts (t/data/qubic-reference.txt, from the rules file) ----
local ref = {perft = {}, class = {}}
for line in io.lines(t.srcdir .. "/t/data/qubic-reference.txt") do
  local kind, a, b = line:match("^(%a+)%s+(%d+)%s*(%d*)")
  if kind == "perft" then ref.perft[tonumber(a)] = tonumber(b)
  elseif kind == "class" then ref.class[#ref.class + 1] = tonumber(a)
  elseif kind then ref[kind] = tonumber(a) end
end
t.is(#ref.perft, 4, "the reference file holds perft 1 to 4")
local g = sg.new("qubic")
for d = 1, #ref.perft do
  t.is(g:perft(d), ref.perft[d], "perft(" .. d .. ") from the empty cube")
end

-- the lines from the geometry: every direction of {-1,0,1}^3 from every cell, 4 steps inside
local function cell(x, y, z) return z * 16 + y * 4 + x end
local geo, seen = {}, {}
for dx = -1, 1 do for dy = -1, 1 do for dz = -1, 1 do
  if dx ~= 0 or dy ~= 0 or dz ~= 0 then
    for x = 0, 3 do for y = 0, 3 do for z = 0, 3 do
      local ex, ey, ez = x + 3 * dx, y + 3 * dy, z + 3 * dz
      if ex >= 0 and ex <= 3 and ey >= 0 and ey <= 3 and ez >= 0 and ez <= 3 then
        local cs = {}
        for k = 0, 3 do cs[#cs + 1] = cell(x + k * dx, y + k * dy, z + k * dz) end
        table.sort(cs)
        local key = table.concat(cs, ",")
        if not seen[key] then seen[key] = true; geo[#geo + 1] = cs end
      end
    end end end
  end
end end end
t.is(#geo, ref.lines, "the geometry gives the rules file's number of lines")
local lines = sg.qubic.lines()
local same = #lines == #geo
for _, l in ipairs(lines) do
  local cs = {table.unpack(l)}
  table.sort(cs)
  same = same and seen[table.concat(cs, ",")] == true
end
t.ok(same, "the engine's lines are the geometry's lines")

-- every line wins: x plays three of its cells, o three cells off it, then x the fourth
local names = {}
for i = 0, 63 do
  names[i] = ("%d%s%d"):format(i // 16 + 1, ("abcd"):sub(i % 4 + 1, i % 4 + 1), (i // 4) % 4 + 1)
end
local wins = 0
for _, l in ipairs(geo) do
  local on, off = {}, {}
  for _, c in ipairs(l) do on[c] = true end
  for c = 0, 63 do if not on[c] and #off < 3 then off[#off + 1] = c end end
  local h = sg.new("qubic")
  for k = 1, 3 do h:play(names[l[k]]); h:play(names[off[k]]) end
  local before = h:status()
  h:play(names[l[4]])
  local s, w = h:status()
  if before == "playing" and s == "won" and w == 1 then wins = wins + 1 end
end
t.is(wins, ref.lines, "each of the lines, completed, wins for its player")

-- ---- symmetries ----
local syms = sg.qubic.symmetries()
t.is(#syms, ref.symmetries, "the rules file's number of symmetries")
local distinct, perms, keep = {}, 0, 0
for _, p in ipairs(syms) do
  local hit, ok = {}, #p == 64
  for i = 1, 64 do
    local v = p[i]
    ok = ok and math.type(v) == "integer" and v >= 0 and v <= 63 and not hit[v]
    if v then hit[v] = true end
  end
  if ok then perms = perms + 1 end
  distinct[table.concat(p, ",")] = true
  local maps = true
  for _, l in ipairs(geo) do
    local img = {}
    for _, c in ipairs(l) do img[#img + 1] = p[c + 1] end
    table.sort(img)
    maps = maps and seen[table.concat(img, ",")] == true
  end
  if maps then keep = keep + 1 end
end
local ndistinct = 0
for _ in pairs(distinct) do ndistinct = ndistinct + 1 end
t.is(perms, ref.symmetries, "each symmetry is a permutation of the 64 cells")
t.is(ndistinct, ref.symmetries, "the symmetries are distinct")
t.is(keep, ref.symmetries, "each symmetry maps the lines onto lines")
t.is_deeply(syms[1], (function() local a = {} for i = 0, 63 do a[#a + 1] = i end return a end)(),
            "symmetry 1 is the identity")

-- first-move classes: the orbits of the cells, and g:moves{distinct = true}
local orbit_of, sizes = {}, {}
for c = 0, 63 do
  if not orbit_of[c] then
    local n = 0
    for _, p in ipairs(syms) do
      local img = p[c + 1]
      if not orbit_of[img] then orbit_of[img] = c; n = n + 1 end
    end
    sizes[#sizes + 1] = n
  end
end
table.sort(sizes)
t.is_deeply(sizes, ref.class, "the orbits of the cells: the rules file's first-move classes")
local first = sg.new("qubic"):moves{distinct = true}
t.is(#first, #ref.class, "g:moves{distinct = true}: one move per class on the empty board")
do
  local idx = {}
  for i = 0, 63 do idx[names[i]] = i end
  t.ok(#first == 2 and orbit_of[idx[first[1]]] ~= orbit_of[idx[first[2]]],
       "the distinct first moves lie in different orbits")
end

-- symmetry = true is exact: the same value with and without it
do
  local h = sg.new("qubic")
  for m in ("1a1 2b2 1d4 3c2"):gmatch("%S+") do h:play(m) end
  local a = sg.search(h, {depth = 3})
  local b = sg.search(h, {depth = 3, symmetry = true})
  t.is(b.score, a.score, "symmetry = true gives the same depth-3 score")
end

-- ---- position text, notation, bad input ----
local p = sg.new("qubic")
for m in ("1a1 2b3 4d4"):gmatch("%S+") do p:play(m) end
t.is(p:position(), "x.............../.........o....../................/...............x o",
     "position text: layers bottom to top, cells a1 b1 c1 d1 a2 ..., then the player to move")
local back = assert(sg.new("qubic", {position = p:position()}))
t.is(back:position(), p:position(), "position text round trip")
t.is(back:player(), 2, "o to move after three marks")
local loaded = assert(sg.load(p:save()))
t.is(loaded:position(), p:position(), "save and load: the same position")

local function refused(pos, pattern, desc)
  local h, err = sg.new("qubic", {position = pos})
  t.ok(h == nil and tostring(err):find(pattern, 1, true) ~= nil, desc .. " (" .. tostring(err) .. ")")
end
refused("x.../o/o/ x", "player to move: x", "the wrong player to move")
refused("x/x/x/ o", "marks: x has 3 and o 0", "too many x")
refused("xxxx/ooo./o/ x", "the player with a line did not move last", "a line of the player to move")
refused("x/o/ x", "layers: 3", "three layers")
refused("x/o//./ o", "more than 4", "five layers")
refused("xq/// o", "unknown cell 'q'", "an unknown cell")
refused("x................/// o", "more than 16 cells", "a layer of 17 cells")

local b = sg.new("qubic")
b:play("2b3")
local before = b:position()
for _, case in ipairs{
  {"5a1", "layer '5' is outside the cube"}, {"1e1", "column 'e' is outside the cube"},
  {"1a5", "row '5' is outside the cube"}, {"a1", "not a cell name"},
  {"2b3", "cell 2b3 is taken by x; expected an empty cell"},
} do
  local ok, err = pcall(b.play, b, case[1])
  t.ok(not ok and tostring(err):find(case[2], 1, true) ~= nil and
       tostring(err):find("expected", 1, true) ~= nil,
       ("'%s' refused: %s"):format(case[1], tostring(err)))
end
t.is(b:position(), before, "refused moves leave the game unchanged")
t.is(b:ply(), 1, "refused moves leave the ply count unchanged")

-- ---- threats worked by hand ----
-- A position from the cells of x and of o (names), the player to move from the counts.
local function make(xs, os_)
  local cells = {}
  for i = 1, 64 do cells[i] = "." end
  local idx = {}
  for i = 0, 63 do idx[names[i]] = i end
  for c in xs:gmatch("%S+") do cells[idx[c] + 1] = "x" end
  for c in os_:gmatch("%S+") do cells[idx[c] + 1] = "o" end
  local ls = {}
  for l = 0, 3 do ls[#ls + 1] = table.concat(cells, "", l * 16 + 1, l * 16 + 16) end
  return assert(sg.new("qubic", {position = table.concat(ls, "/")}))
end
-- o has 1a1 1b1 1c1 (the fourth, 1d1, empty); x has three scattered marks: x must block
local block = make("2a2 3b3 4c4", "1a1 1b1 1c1")
local r = sg.search(block)
t.is(r.move, "1d1", "x blocks o's three at 1d1")
-- x has 1a1 1a2 1a3 (1a4 empty): x completes the line at once
local win = make("1a1 1a2 1a3", "2b1 2d3 3d2")
r = sg.search(win)
t.is(r.move, "1a4", "x completes its line at 1a4")
t.ok(r.score >= (1 << 28) - 1, "... with the score of a win in one")
-- x has 1a1 1b1 (row 1 of layer 1) and 1d2 1d3 (column d): 1d1 makes two threats at once
local fork = make("1a1 1b1 1d2 1d3", "2a1 2c1 3a1 3b3")
r = sg.search(fork)
t.is(r.move, "1d1", "x plays the double threat at 1d1")
t.ok(r.score >= (1 << 28) - 3, "... a win in three plies")
fork:play("1d1")
t.like(fork:diagram(false), "open three of x:", "the diagram lists the open threes")
local s1 = fork:solve{}
t.is(s1.value, "loss", "the solver: o, facing two threats, loses")

-- ---- the diagram ----
local dg = sg.new("qubic")
dg:play("2b3")
local plain = dg:diagram(false)
t.like(plain, "layer 1.*layer 2.*layer 3.*layer 4", "the four layers side by side, labelled")
t.like(plain, "%[x%]", "the last move is marked")
t.ok(not plain:find("\27", 1, true), "no escape codes without colour")
local col = dg:diagram(true)
t.ok(col:find("\27[48;5;236m", 1, true) and col:find("\27[48;5;245m", 1, true),
     "in colour each layer has its own tint, darkest (236) at the bottom")

-- ---- the AI against random play: it never loses, and wins every game as x ----
local function vs_random(n)
  local res = {{w = 0, d = 0, l = 0}, {w = 0, d = 0, l = 0}}
  for i = 1, n do
    for side = 1, 2 do
      local h = sg.new("qubic", {seed = i})
      while h:status() == "playing" do
        local mv = h:player() == side and sg.search(h).move
                   or sg.search(h, {algo = "random", seed = i * 7919 + h:ply()}).move
        h:play(mv)
      end
      local s, w = h:status()
      local c = res[side]
      if s == "drawn" then c.d = c.d + 1 elseif w == side then c.w = c.w + 1 else c.l = c.l + 1 end
    end
  end
  return res
end
local vr = vs_random(100)
t.is(vr[1].w, 100, "as x the AI (default settings) wins 100 of 100 seeded games against random play")
t.is(vr[2].l, 0, "as o it loses none of 100")
t.ok(vr[2].w + vr[2].d == 100, "as o it wins or draws all 100")

-- ---- the solver against alpha-beta ----
-- late positions: random cells with 8 empty, no line, the player to move unable to win at once
local function late(seed, empties)
  math.randomseed(seed)
  for _ = 1, 100000 do
    local cells = {}
    for i = 1, 64 do cells[i] = "." end
    local order = {}
    for i = 1, 64 do order[i] = i end
    for i = 64, 2, -1 do local j = math.random(i); order[i], order[j] = order[j], order[i] end
    local n = 64 - empties
    for k = 1, n do cells[order[k]] = k % 2 == 1 and "x" or "o" end
    local ls = {}
    for l = 0, 3 do ls[#ls + 1] = table.concat(cells, "", l * 16 + 1, l * 16 + 16) end
    local h = sg.new("qubic", {position = table.concat(ls, "/") .. (n % 2 == 0 and " x" or " o")})
    local quiet = true
    for _, l in ipairs(geo) do
      local mine, theirs = 0, 0
      for _, c in ipairs(l) do
        local v = cells[c + 1]
        if v ~= "." then
          if (v == "x") == (n % 2 == 0) then mine = mine + 1 else theirs = theirs + 1 end
        end
      end
      if mine == 3 and theirs == 0 then quiet = false end
    end
    if h and quiet and h:status() == "playing" then return h end
  end
end
local function ab_value(h)
  local res = sg.search(h, {depth = 0, nodes = 400000})
  if not res.exact then return nil end
  return res.score > 0 and "win" or res.score < 0 and "loss" or "draw"
end
local agree, compared, kinds = 0, 0, {}
local function compare(h)
  local v = ab_value(h)
  if not v then return end
  local s = h:solve{nodes = 300000}
  compared = compared + 1
  kinds[v] = true
  if s.value == v then agree = agree + 1
  else t.diag(("disagree at %s: alpha-beta %s, solver %s"):format(h:position(), v, s.value)) end
end
for seed = 1, 12 do compare(late(seed, 8)) end
-- positions a few moves before the end of seeded games between two weak AIs (forced wins)
for seed = 1, 6 do
  local h = sg.new("qubic", {seed = seed})
  local ms = {}
  while h:status() == "playing" do
    local mv = sg.search(h, {depth = 1, random = 30, seed = seed * 1000 + h:ply()}).move
    h:play(mv)
    ms[#ms + 1] = mv
  end
  for backn = 3, 9, 2 do
    local q = sg.new("qubic")
    for i = 1, #ms - backn do q:play(ms[i]) end
    compare(q)
  end
end
t.ok(compared >= 20, ("the solver was compared with exact alpha-beta on %d positions"):format(compared))
t.is(agree, compared, "the solver agrees with alpha-beta on every one")
t.ok(kinds.win and kinds.loss and kinds.draw, "the positions compared include wins, losses and draws")

-- ---- the proof and its checker ----
local pg = sg.new("qubic")
for m in ("1a1 1d2 1d1 3d4 1a4 1b4"):gmatch("%S+") do pg:play(m) end
local sr = pg:solve{proof = true}
t.is(sr.value, "win", "the solver proves x's win six moves in")
t.ok(sr.proof_size and sr.proof_size > 100, "a proof of " .. tostring(sr.proof_size) .. " moves")
local ok, info = sg.qubic.check(sr.proof)
t.ok(ok, "the checker accepts the proof (" .. tostring(ok and info.moves or info) .. ")")
local out = os.tmpname()
local wr = pg:solve{out = out}
local f = assert(io.open(out))
local ftext = f:read("a")
f:close()
os.remove(out)
t.is(ftext, sr.proof, "g:solve{out = FILE} writes the same proof")
t.is(wr.out, out, "... and says where")

local pl = {}
for l in sr.proof:gmatch("[^\n]+") do pl[#pl + 1] = l end
local function with(lines_) return table.concat(lines_, "\n") .. "\n" end
local function recount(lines_)
  local c = {table.unpack(lines_)}
  c[4] = "moves " .. (#c - 4)
  return c
end
-- 1: the last move removed (a line of play left unfinished)
local c1 = recount({table.unpack(pl, 1, #pl - 1)})
local ok1, e1 = sg.qubic.check(with(c1))
t.ok(not ok1, "a proof with its last move removed is refused: " .. tostring(e1))
-- 2: the winner's first move changed to another empty cell
local c2 = {table.unpack(pl)}
local d, m = c2[5]:match("^(%d+) (%w+)$")
c2[5] = d .. " " .. (m == "2a1" and "2a2" or "2a1")
local ok2, e2 = sg.qubic.check(with(c2))
t.ok(not ok2, "a proof with the winner's first move changed is refused: " .. tostring(e2))
-- 3: a loser's reply listed twice
local c3 = {table.unpack(pl)}
table.insert(c3, 7, c3[6])
c3 = recount(c3)
local ok3, e3 = sg.qubic.check(with(c3))
t.ok(not ok3, "a proof with a reply listed twice is refused: " .. tostring(e3))
-- 4: the header's winner changed
local c4 = {table.unpack(pl)}
c4[3] = "winner o"
local ok4, e4 = sg.qubic.check(with(c4))
t.ok(not ok4, "a proof for the wrong winner is refused: " .. tostring(e4))
-- 5: a position-less header
local ok5, e5 = sg.qubic.check("qubic proof 1\nwinner x\n")
t.ok(not ok5 and e5:find("line 2", 1, true), "a malformed header is refused: " .. tostring(e5))

-- ---- the proof as a graph (format 2): each position where the winner moves, once ----
local gr = pg:solve{proof = true, format = "graph"}
t.ok(gr.value == "win" and gr.proof:find("^qubic proof 2\n"), "g:solve{format = \"graph\"}: a proof of format 2")
local okg, ig = sg.qubic.check(gr.proof)
t.ok(okg and ig.format == 2 and ig.positions == gr.proof_size and ig.used == ig.positions,
     "the checker accepts it, every entry used (" .. tostring(okg and ig.positions or ig) .. " positions)")
t.ok(#gr.proof * 5 < #sr.proof, ("... %d bytes against the tree's %d"):format(#gr.proof, #sr.proof))
local gl = {}
for l in gr.proof:gmatch("[^\n]+") do gl[#gl + 1] = l end
local function entry_set(l) return l:match("^(%x+) (%x+) (%w+)$") end
-- every entry's move changed to another empty cell, one at a time: each copy refused
local grefused, tried = 0, 0
for i = 5, math.min(#gl, 12) do
  local x, o, c = entry_set(gl[i])
  local occ = tonumber(x, 16) | tonumber(o, 16)
  for cell = 0, 63 do
    local nm = ("%d%s%d"):format(cell // 16 + 1, ("abcd"):sub(cell % 4 + 1, cell % 4 + 1), cell % 16 // 4 + 1)
    if occ >> cell & 1 == 0 and nm ~= c then
      local cg = {table.unpack(gl)}
      cg[i] = x .. " " .. o .. " " .. nm
      local okc, ec = sg.qubic.check(with(cg))
      tried = tried + 1
      if not okc and ec:find("(at position ", 1, true) then grefused = grefused + 1
      else t.diag("accepted with line " .. i .. " changed to " .. nm .. ": " .. tostring(ec)) end
      break
    end
  end
end
t.ok(tried >= 5 and grefused == tried, ("a winner's move changed: %d of %d copies refused, with the position"):format(grefused, tried))
local cgd = {table.unpack(gl)}
table.remove(cgd, 6)
cgd[4] = "positions " .. (#cgd - 4)
local okd, ed = sg.qubic.check(with(cgd))
t.ok(not okd and ed:find("no entry for this position", 1, true), "an entry removed: refused: " .. tostring(ed))
local cgt = {table.unpack(gl)}
table.insert(cgt, 6, cgt[5])
cgt[4] = "positions " .. (#cgt - 4)
local okt2, et2 = sg.qubic.check(with(cgt))
t.ok(not okt2 and et2:find("line 6: the position of line 5 again", 1, true), "an entry twice: refused: " .. tostring(et2))
local cgn = {table.unpack(gl)}
cgn[4] = "positions 3"
local okn, en = sg.qubic.check(with(cgn))
t.ok(not okn and en:find("the header says 3", 1, true), "a wrong count: refused: " .. tostring(en))
local cgx = {table.unpack(gl)}
cgx[5] = cgx[5]:gsub(" %w+$", " 9z9")
local okx, ex = sg.qubic.check(with(cgx))
t.ok(not okx and ex:find("line 5: expected", 1, true), "a malformed entry: refused: " .. tostring(ex))
local okf, ef = pcall(pg.solve, pg, {format = "dag"})
t.ok(not okf and tostring(ef):find("format: got dag; expected \"tree\"", 1, true), "format = \"dag\" is refused: " .. tostring(ef))



-- ---- symmetry: moves that the position's symmetries map onto each other are one child ----
local sym_line = "1a1 1d2 1d1 3d4 1a4 1b4"   -- its symmetries are counted below
local sp = sg.new("qubic")
for m in sym_line:gmatch("%S+") do sp:play(m) end
-- syms: the 192 symmetries, as read above
local function fixed(gm)
  -- the symmetries that leave the position unchanged, from the rules' tables alone
  local cells = {}
  local p = gm:position():match("^(%S+)"):gsub("/", "")
  for i = 1, 64 do cells[i - 1] = p:sub(i, i) end
  local n = 0
  for _, s in ipairs(syms) do
    local same = true
    for c = 0, 63 do if cells[s[c + 1]] ~= cells[c] then same = false break end end
    if same then n = n + 1 end
  end
  return n
end
t.ok(fixed(sp) > 1, "the position " .. sym_line .. " has " .. fixed(sp) .. " symmetries")
local rs1 = sp:solve{proof = true}
local rs0 = sp:solve{proof = true, symmetry = false}
t.ok(rs1.value == "win" and rs0.value == "win" and rs1.nodes < rs0.nodes,
     ("folding symmetric moves: the same win in %d nodes instead of %d"):format(rs1.nodes, rs0.nodes))
local oks = sg.qubic.check(rs1.proof)
t.ok(oks and rs1.proof_size == rs0.proof_size,
     "... and its proof, written through the symmetries, is checked and lists every reply")
-- move ordering by line counts (the default): the same wins, in fewer nodes, proofs checked
local ord_tot, unord_tot, ord_ok = 0, 0, 0
for _, line in ipairs{"1a1 4a3 4a1 1d1 1a4 2a2", "1a1 3d3 1d1 1a3 4a1 2c1", "1a1 4b1 4a1 1b1 2b1 4d2"} do
  local h = sg.new("qubic")
  for m in line:gmatch("%S+") do h:play(m) end
  local ro = h:solve{proof = true}
  local ru = h:solve{order = false}
  ord_tot, unord_tot = ord_tot + ro.nodes, unord_tot + ru.nodes
  if ro.value == "win" and ru.value == "win" and sg.qubic.check(ro.proof) then ord_ok = ord_ok + 1 end
end
t.is(ord_ok, 3, "with and without move ordering: the same three wins, the proofs checked")
t.ok(ord_tot < unord_tot, ("move ordering by line counts: %d nodes instead of %d"):format(ord_tot, unord_tot))
-- transpositions: a position met again (up to symmetry) is linked to the node expanded for it.
-- Without the threat-space search (vcf_depth = 0) the tree of this win repeats many positions.
local tp = sg.new("qubic")
for m in sym_line:gmatch("%S+") do tp:play(m) end
local rt1 = tp:solve{vcf_depth = 0, nodes = 400000, proof = true}
local rt0 = tp:solve{vcf_depth = 0, nodes = 400000, transpositions = false}
t.ok(rt1.value == "win" and rt1.links > 0 and rt0.links == 0,
     ("transpositions: x's win proved with %d links to positions met before, in %d nodes"):format(
       rt1.links, rt1.nodes))
t.ok(rt0.value ~= "loss" and rt0.value ~= "draw" and (rt0.value == "unknown" or rt0.nodes > rt1.nodes),
     ("... without them: %s after %d nodes"):format(rt0.value, rt0.nodes))
local okt, it = sg.qubic.check(rt1.proof)
t.ok(okt, "... and the proof, written through the links and their symmetries, is checked (" ..
     tostring(okt and it.moves or it) .. ")")
-- a standing threat: the defender's replies that leave the attacker's sequence of threats
-- intact get no child; the same wins, in fewer nodes, their proofs (which find the sequences
-- again) complete and checked
local an_on, an_off, an_ok, an_ref = 0, 0, 0, 0
for _, line in ipairs{"1a1 1d2 1d1 3d4 1a4 1b4", "1a1 4a3 4a1 1d1 1a4 2a2", "1a1 4b1 4a1 1b1 2b1 4d2"} do
  local h = sg.new("qubic")
  for m in line:gmatch("%S+") do h:play(m) end
  local ra = h:solve{proof = true}
  local rb = h:solve{answers = false}
  an_on, an_off, an_ref = an_on + ra.nodes, an_off + rb.nodes, an_ref + ra.refuted
  if ra.value == "win" and rb.value == "win" and rb.refuted == 0 and ra.proof_size == rb.proof_size
     and sg.qubic.check(ra.proof) then an_ok = an_ok + 1 end
end
t.is(an_ok, 3, "with and without refuting replies by a standing threat: the same three wins, full proofs checked")
t.ok(an_ref > 0 and an_on < an_off, ("%d replies refuted: %d nodes instead of %d"):format(an_ref, an_on, an_off))
local rg2 = tp:solve{proof = true, format = "graph"}
t.ok(rg2.refuted > 0 and sg.qubic.check(rg2.proof), "... and the graph proof of a solve with refuted replies is checked")
local re = sg.new("qubic"):solve{nodes = 1000}
t.is(re.root_moves, #ref.class, "the empty board: one child for each first-move class")
for _, k in ipairs{"symmetry", "order", "transpositions", "answers"} do
  local okq, eq = pcall(sp.solve, sp, {[k] = 1})
  t.ok(not okq and tostring(eq):find(k .. ": got 1; expected true or false", 1, true),
       "g:solve{" .. k .. " = 1} is refused: " .. tostring(eq))
end

-- ---- the solver's limits, summary, progress and Ctrl-C ----
for _, bad in ipairs{{memory = 0}, {memory = 70000}, {memory = "big"}, {progress = -1}} do
  local k, v = next(bad)
  local okb, eb = pcall(pg.solve, pg, bad)
  t.ok(not okb and tostring(eb):find(k .. ": got " .. tostring(v), 1, true)
       and tostring(eb):find("expected", 1, true), "g:solve{" .. k .. " = " .. tostring(v) ..
       "} is refused: " .. tostring(eb))
end
-- a tiny pool fills: stopped by memory, with each proof search's root numbers
local bal = sg.new("qubic")
for m in ("1a1 1b2 1a2 1c3"):gmatch("%S+") do bal:play(m) end
local rm = bal:solve{memory = 1}
t.is(rm.stopped, "memory", "a 1 MB pool fills: stopped by memory")
t.ok(rm.pool_nodes > 0 and rm.nodes >= rm.pool_nodes / 2 and rm.pn > 0 and rm.dn > 0,
     ("... with the root's pn %s and dn %s after %s nodes of a pool of %s"):format(
     rm.pn, rm.dn, rm.nodes, rm.pool_nodes))
t.ok(rm.searches.x and rm.searches.o and rm.searches[rm.attacker].pn == rm.pn,
     "... and both proof searches' roots")
local rl = bal:solve{nodes = 5000}
t.is(rl.stopped, "limit", "a node limit stops it: stopped by the limit")
-- the root's moves decided by a stopped search are right: each "loss" is a proved win for x
dg = sg.new("qubic")
for m in ("1a1 4b1 4a1 1b1 2b1"):gmatch("%S+") do dg:play(m) end
local rd = dg:solve{nodes = 100000}
t.ok(rd.value == "unknown" and #rd.decided >= 1, ("a stopped search decides %d of the root's %d moves")
     :format(#(rd.decided or {}), rd.root_moves or 0))
local checked, right = 0, 0
for i, d in ipairs(rd.decided or {}) do
  if i > 3 then break end
  checked = checked + 1
  local c = dg:copy()
  c:play(d.move)
  local rc = c:solve{proof = true}
  local okc = d.value == "loss" and rc.value == "win" and sg.qubic.check(rc.proof)
  if okc then right = right + 1 else t.diag(("%s: %s, solved again: %s"):format(d.move, d.value, rc.value)) end
end
t.ok(checked > 0 and right == checked, ("%d of %d decided moves confirmed by a checked proof"):format(right, checked))

-- ---- the program ----
local ptext = pg:position()
local so, se, code = t.run(t.stratagem .. " solve qubic --position " .. t.q(ptext) .. " --time 30")
t.ok(code == 0 and so:find("value: win for x", 1, true) and so:find("proof: %d+ moves"),
     "stratagem solve qubic --position P")
so, se, code = t.run(t.stratagem .. " solve qubic --position " .. t.q("x/// x"))
t.ok(code == 2 and se:find("player to move", 1, true), "stratagem solve with a bad position: " .. se)
so, se, code = t.run(t.stratagem .. " solve chess")
t.ok(code == 2 and se:find("no proof solver", 1, true), "stratagem solve chess: no solver")
so, se, code = t.run(t.stratagem .. " solve qubic --memory 1 --progress 0")
t.ok(code == 0 and so:find("pool is full (1 MB", 1, true) and so:find("give more --memory", 1, true)
     and so:find("so far: does [xo] win%? root pn %d+ dn %d+"), "stratagem solve qubic: a full pool is said, with the root's numbers:\n" .. so)
so, se, code = t.run(t.stratagem .. " solve qubic --memory 0")
t.ok(code == 2 and se:find("--memory: expected a whole number of megabytes, 1 to 65536, got '0'", 1, true),
     "stratagem solve --memory 0 is refused: " .. se)
so, se, code = t.run(t.stratagem .. " solve qubic --time 1.5 --progress 0.25 --memory 64")
t.ok(code == 0 and se:find("solve: %d+ s  x wins%?  root pn %d+ dn %d+  nodes [%d.]+ M  pool %d+%% of")
     and so:find("stopped: a limit", 1, true), "stratagem solve --progress: progress lines on stderr:\n" .. se)
so, se, code = t.run("timeout --preserve-status -s INT " .. 1.5 * t.slow .. " " .. t.stratagem ..
                     " solve qubic --memory 256 --progress 0")
t.ok(code == 130 and so:find("stopped: interrupted (Ctrl-C)", 1, true) and so:find("so far: does x win?", 1, true),
     "stratagem solve: Ctrl-C stops it with what was proved so far (exit " .. tostring(code) .. "):\n" .. so .. se)
-- --check: a proof in t/data (x's win ten moves in) and a copy with one winner's move changed
local pfile = t.srcdir .. "/t/data/qubic-proof-10.txt"
so, se, code = t.run(t.stratagem .. " solve qubic --check " .. t.q(pfile))
t.ok(code == 0 and so:find("x wins from the position xxoxx.ooo...xo../.x............../" ..
     "...............o/................ x", 1, true) and so:find("proof: 841 moves", 1, true),
     "stratagem solve qubic --check FILE: " .. so .. se)
so, se, code = t.run(t.stratagem .. " solve qubic --check " .. t.q(t.srcdir .. "/t/data/qubic-proof-10-bad.txt"))
t.ok(code == 1 and se:find("refused: proof: line 306:", 1, true) and se:find("(at position ", 1, true),
     "a corrupted proof is refused with the line and position where it fails: " .. se)
-- the same win as a graph (format 2, 10 positions), and a copy with line 7's move changed
so, se, code = t.run(t.stratagem .. " solve qubic --check " .. t.q(t.srcdir .. "/t/data/qubic-proof-10-graph.txt"))
t.ok(code == 0 and so:find("x wins from the position xxoxx.ooo...xo../", 1, true)
     and so:find("proof: 10 positions (10 used)", 1, true), "stratagem solve qubic --check GRAPH: " .. so .. se)
so, se, code = t.run(t.stratagem .. " solve qubic --check " .. t.q(t.srcdir .. "/t/data/qubic-proof-10-graph-bad.txt"))
t.ok(code == 1 and se:find("refused: proof: after the move of line 7: no entry", 1, true) and se:find("(at position ", 1, true),
     "a corrupted graph proof is refused with the line and position where it fails: " .. se)
local gout = os.tmpname()
so, se, code = t.run(t.stratagem .. " solve qubic --position " .. t.q("xxoxx.ooo...xo../.x............../...............o/................ x")
                     .. " --format graph --out " .. t.q(gout))
local gf = io.open(gout)
local gtext = gf and gf:read("a") or ""
if gf then gf:close() end
os.remove(gout)
t.ok(code == 0 and so:find("proof: %d+ positions written") and sg.qubic.check(gtext),
     "stratagem solve --format graph --out FILE writes a proof the checker accepts: " .. so .. se)
so, se, code = t.run(t.stratagem .. " solve qubic --format dag")
t.ok(code == 2 and se:find("--format: expected tree or graph, got 'dag'", 1, true), "--format dag is refused: " .. se)
so, se, code = t.run(t.stratagem .. " solve qubic --check /nonexistent/proof.txt")
t.ok(code == 1 and se:find("No such file", 1, true), "--check with a missing file: " .. se)
-- ---- the threats player: the solver beside alpha-beta ----
-- six random plies in (seed 3), x to move has a winning attack: the player plays it, and the
-- independent checker confirms, from the position after it, that x wins
local tg = sg.new("qubic", {seed = 3})
for i = 1, 6 do tg:play(sg.search(tg, {algo = "random", seed = i}).move) end
local tr = sg.search(tg, {algo = "threats"})
t.ok(tr.algo == "threats" and tr.proven == "win" and tg:legal(tr.move),
     "threats: x's winning attack is proven and played (" .. tostring(tr.move) .. ")")
local after = tg:copy()
after:play(tr.move)
local ar = after:solve{proof = true}
local aok, ainfo = false, nil
if ar.value == "loss" then aok, ainfo = sg.qubic.check(ar.proof) end
t.ok(aok and ainfo.winner == "x",
     "after that move the checker confirms x's win: " .. tostring(ar.value) .. " " ..
     tostring(aok and ainfo.moves or ainfo))
-- eight random plies in (seed 2): alpha-beta's best move lets o start a winning attack (the
-- checker confirms it); the threats player passes it over for a move it cannot refute so
local gp = assert(sg.new("qubic", {position =
  ".......x......../...............x/........xo....../..x.oo...o...... x"}))
local abm = sg.search(gp, {algo = "alphabeta", depth = 3, history = false, killers = false}).move
local bad = gp:copy()
bad:play(abm)
local br = bad:solve{nodes = 2000, memory = 16, proof = true}
local bok, binfo = false, nil
if br.value == "win" then bok, binfo = sg.qubic.check(br.proof) end
t.ok(bok and binfo.winner == "o",
     ("alpha-beta's move %s lets o win by force (checked: %s)"):format(abm, tostring(bok and binfo.moves or binfo)))
local thr = sg.search(gp, {algo = "threats"})
local safe = gp:copy()
safe:play(thr.move)
t.ok(thr.move ~= abm and thr.guarded and thr.guarded > 1 and safe:solve{nodes = 2000, memory = 16}.value ~= "win",
     ("threats plays %s instead (alpha-beta's line %s), where o has no proven win"):format(thr.move, tostring(thr.guarded)))
t.is(sg.search(gp, {algo = "threats", guard = 0}).move, abm, "with guard = 0 it plays alpha-beta's move")
t.is(sg.search(gp, {algo = "threats"}).move, thr.move, "node limits only: the same move again")
local terr = select(2, pcall(sg.search, gp, {algo = "threats", guard = -1}))
t.like(tostring(terr), "guard %(algo 'threats'%): %-1 is out of range; expected a whole number from 0 to 64",
       "a guard out of range is refused with what is expected")
so = t.run(t.stratagem .. " perft qubic 3")
t.like(so, "perft%(3%) = " .. ref.perft[3], "stratagem perft qubic 3")

t.done()
