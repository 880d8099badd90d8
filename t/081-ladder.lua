package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 081-ladder.lua: stratagem ladder (stratagem.ladder, sg.lab.ladder): each level against the
-- one below by the lab's fixed matches; the verdict from the interval; the levels' settings
-- those of play --level; the table; bad input.
local t = require "tap"
local sg = require "stratagem"
local ladder = require "stratagem.ladder"
local play = require "stratagem.cmd.play"
local S = t.q(t.stratagem)

-- ---- the verdict: the 95% interval of the share against an equal player's ----
t.is(ladder.verdict({games = 40, rounds = 20, share_low = 0.55, share_high = 0.8}, 2), "stronger",
     "two players: an interval above 1/2 is stronger")
t.is(ladder.verdict({games = 40, rounds = 20, share_low = 0.45, share_high = 0.7}, 2), "not shown",
     "an interval around 1/2 shows nothing")
t.is(ladder.verdict({games = 40, rounds = 20, share_low = 0.2, share_high = 0.45}, 2), "weaker",
     "an interval below 1/2 is weaker")
t.is(ladder.verdict({games = 80, rounds = 20, share_low = 0.27, share_high = 0.4}, 4), "stronger",
     "four players: an interval above 1/4 is stronger")
t.is(ladder.verdict({games = 80, rounds = 20, share_low = 0.2, share_high = 0.4}, 4), "not shown",
     "and one around 1/4 is not")
t.is(ladder.verdict({games = 8, rounds = 4, share_low = 0.9, share_high = 1}, 2), "too few",
     "under ten rounds nothing is said, whatever the interval")

-- ---- the levels' settings are play --level's ----
for _, lv in ipairs({1, 5, 10}) do
  local s, about = ladder.level("othello", lv)
  t.is_deeply(s.search, (play.ai_settings("othello", nil, nil, lv)),
              "othello level " .. lv .. ": the settings of play --level")
  t.ok(type(about) == "string" and about ~= "", "and what it does: " .. tostring(about))
end

-- ---- a run: the rows are the lab's fixed matches with those settings ----
local rows = {}
local out = os.tmpname()
local res = sg.lab.ladder{game = "connect4", from = 1, to = 3, games = 20, seed = 5,
                          progress = false, out = out,
                          on_row = function(r) rows[#rows + 1] = r end}
t.is(#res.rows, 2, "levels 1 to 3: two rows (2 against 1, 3 against 2)")
t.is(#rows, 2, "each given to on_row as it comes")
t.ok(res.rows[1].level == 2 and res.rows[2].level == 3, "in order")
for _, r in ipairs(res.rows) do
  t.ok(r.games == 20 and r.wins + r.draws + r.losses == 20,
       ("level %d: 20 games, +%d =%d -%d"):format(r.level, r.wins, r.draws, r.losses))
  t.is(r.verdict, ladder.verdict({games = r.games, rounds = r.games // 2, share_low = r.share_low,
                                  share_high = r.share_high}, 2),
       "its verdict is the interval's")
end
-- the same match by the lab directly, with the two levels' settings, gives the same games
local direct = sg.lab.sprt{game = "connect4", a = ladder.level("connect4", 2),
                           b = ladder.level("connect4", 3), fixed = true, max_games = 20,
                           seed = 5, jobs = 1, progress = false}
t.ok(direct.wins == res.rows[2].wins and direct.draws == res.rows[2].draws and
     direct.losses == res.rows[2].losses,
     ("level 3 against 2 is the lab's match of those settings (+%d =%d -%d)")
     :format(direct.wins, direct.draws, direct.losses))
local f = io.open(out)
local md = f and f:read("a") or ""
if f then f:close() end
os.remove(out)
t.like(md, "| level | what it does | against | games | result | share %(95%%%) |",
       "--out: a Markdown table")
t.like(md, "\n| 3 | looks 4 plies ahead | 2 | 20 | %+%d+ =%d+ %-%d+ |",
       "with what each level does and its result")
t.like(md, "stratagem ladder connect4 %-%-levels 1%-3 %-%-games 20 %-%-seed 5",
       "and the command that makes it")

-- three players: first places, against two of the level below
local r3 = sg.lab.ladder{game = "chexers", from = 1, to = 2, games = 6, progress = false}
t.ok(r3.players == 3 and r3.rows[1].games == 6 and r3.rows[1].verdict == "too few",
     "chexers: rounds of three seats; two rounds are too few to say")

-- one player: each level plays the same deals alone, compared by the share of won games
local pout = os.tmpname()
local rp = sg.lab.ladder{game = "patience", from = 1, to = 2, games = 2, seed = 7, progress = false,
                         out = pout}
local p1, p2 = rp.first, rp.rows[1]
t.ok(rp.players == 1 and p1 and p1.level == 1 and p1.games == 2 and #rp.rows == 1 and
     p2.level == 2 and p2.games == 2 and p2.wins <= 2,
     "patience: level 1's deals, then level 2's, the same two")
t.ok(p2.verdict == "too few" and math.abs(p2.diff - (p2.score - p1.score)) < 1e-12 and
     p2.diff_low <= p2.diff and p2.diff <= p2.diff_high,
     "level 2's row: the difference of the shares won, with its interval; two deals too few")
f = io.open(pout)
md = f and f:read("a") or ""
if f then f:close() end
os.remove(pout)
t.like(md, "| level | what it does | games | won %(95%%%) | won alone | difference %(95%%%) | verdict |",
       "patience --out: its own table, shares won and their difference")
t.like(md, "\n| 2 | [^|]+ | 2 | %d, [^|]+ | %+%d %-%d | [^|]+ | too few |", "with level 2's row")

-- paired by deal: 100 deals, the level below won deals 1-20, this level 1-30 (10 more, none
-- fewer).  Taken as independent shares (30% and 20%) the interval would be +10% +/- 11.9;
-- paired, the deals both won or lost add nothing: +10% +/- 5.9, so "stronger"
local up, low = {}, {}
for r = 1, 100 do up[r], low[r] = r <= 30 and 1 or 0, r <= 20 and 1 or 0 end
local d, lo, hi, b, c, n = ladder.paired(up, low)
t.ok(n == 100 and b == 10 and c == 0 and math.abs(d - 0.1) < 1e-12 and
     math.abs(lo - (0.1 - 1.959964 * 0.03)) < 1e-9 and math.abs(hi - (0.1 + 1.959964 * 0.03)) < 1e-9,
     "the paired interval: 10 deals won by this level alone, none by the one below: +10% +/- 5.9")
low[50] = 1; up[60] = nil
d, lo, hi, b, c, n = ladder.paired(up, low)
t.ok(n == 99 and b == 10 and c == 1 and math.abs(d - 9 / 99) < 1e-12 and lo < d and d < hi,
     "a deal won only below counts against; a deal one level did not play is left out")
-- the normal approximation wants enough deals that differ: 5 won by one level alone and none by
-- the other (an exact sign test's p = 0.06) are too few; 10 and none are enough
local five, ten, nowin = {}, {}, {}
for r = 1, 100 do five[r], ten[r], nowin[r] = r <= 5 and 1 or 0, r <= 10 and 1 or 0, 0 end
t.ok(ladder.paired_verdict(five, nowin) == "too few" and ladder.paired_verdict(ten, nowin) == "stronger"
     and ladder.paired_verdict(nowin, ten) == "weaker" and ladder.paired_verdict(nowin, nowin) == "too few",
     "paired verdicts: 5 deals won alone too few, 10 stronger (or weaker), no deal differing too few")
t.errors(function() ladder.paired(nowin, nil) end,
         "ladder.paired: argument 2: expected a table of results by round %(1 or 0%), got nil",
         "paired: a results table that is not a table is named")
t.errors(function() ladder.paired(ten, {1, 0, "lost"}) end,
         "ladder.paired: argument 2: round 3's result is string; expected 1 or 0",
         "and a result that is not a number")

-- ---- the command ----
local o, e, code = t.run(S .. " ladder connect4 --levels 1-2 --games 20 --quiet")
t.ok(code == 0 and o:find("level  against  games", 1, true) and
     o:find("\n    2        1     20  %+%d+ =%d+ %-%d+") and
     o:find("ladder connect4: stronger than the level below: ", 1, true),
     "stratagem ladder prints a row a pair of levels and the summary" .. (code ~= 0 and e or ""))
o, e, code = t.run(S .. " ladder nosuch")
t.ok(code == 2 and e:find("unknown game 'nosuch' (games: ", 1, true), "an unknown game is named")
o, e, code = t.run(S .. " ladder othello --levels 4-2")
t.ok(code == 2 and e:find("the levels must rise: from 4 to 2", 1, true), "levels that fall")
o, e, code = t.run(S .. " ladder othello --levels 0-3")
t.ok(code == 2 and e:find("from must be a whole number from 1 to 9, got 0", 1, true),
     "a level below 1")
o, e, code = t.run(S .. " ladder othello --levels 1-x")
t.ok(code == 2 and e:find("--levels must be A-B, e.g. 1-10, got '1-x'", 1, true), "--levels 1-x")
o, e, code = t.run(S .. " ladder othello --games 1")
t.ok(code == 2 and e:find("games must be a whole number from 2 to 1000000, got 1", 1, true),
     "fewer games than seats")
o, e, code = t.run(S .. " ladder othello --fast")
t.ok(code == 2 and e:find("unknown option '--fast'", 1, true), "an unknown option")
t.errors(function() sg.lab.ladder{game = "othello", level = 3} end,
         "ladder: unknown setting 'level' %(valid: ", "sg.lab.ladder names an unknown setting")
t.errors(function() sg.lab.ladder("othello") end, "expected a table of settings",
         "and refuses what is not a table")
-- ---- blunder: a share of the moves at random, drawn from the seed (sg.search) ----
local tg = sg.new("tictactoe", {seed = 7})
local plain = sg.search(tg, {depth = 0, seed = 11})
local none = sg.search(tg, {depth = 0, seed = 11, blunder = 0})
t.ok(none.move == plain.move and none.blunder == nil, "blunder 0: the search's own move")
local all = sg.search(tg, {depth = 0, seed = 11, blunder = 1})
t.ok(all.blunder == true and all.move == sg.search(tg, {algo = "random", seed = 11}).move,
     "blunder 1: the random move of the same seed, marked blunder")
local hits = 0
for seed = 1, 2000 do
  local r = sg.search(tg, {depth = 1, seed = seed, blunder = 0.3})
  if r.blunder then hits = hits + 1 end
  if seed <= 20 then   -- the same seed, the same choice
    assert(sg.search(tg, {depth = 1, seed = seed, blunder = 0.3}).blunder == r.blunder)
  end
end
t.ok(hits > 540 and hits < 660, ("blunder 0.3: %d random moves of 2000"):format(hits))
t.ok(sg.search(sg.new("warchess"), {algo = "turn", blunder = 1, seed = 3}).blunder,
     "every algorithm takes it, the games' own too (war chess's turn planner)")
t.errors(function() sg.search(tg, {blunder = 1.5}) end,
         "blunder %(algo 'alphabeta'%): 1.5 is out of range; expected a number from 0 to 1",
         "blunder above 1 is refused")
t.errors(function() sg.search(tg, {blunder = "often"}) end,
         'blunder %(algo \'alphabeta\'%): got the string "often"; expected a number from 0 to 1',
         "and a string")
-- the levels made of it: each level plays the strongest player's move more often than the one
-- below, and the top two are told apart (a fixed match: the same games every run)
for _, game in ipairs({"tictactoe", "warchess", "dominoes", "qubic", "chexers", "patience"}) do
  local last = 2
  for lv = 1, 10 do
    local b = (ladder.level(game, lv)).search.blunder
    if b then
      t.ok(b < last, ("%s level %d: blunder %g, below the level before's"):format(game, lv, b))
      last = b
    end
  end
end
local top = sg.lab.ladder{game = "tictactoe", from = 9, to = 10, games = 400, seed = 6101,
                          opening = 0, progress = false}
t.is(top.rows[1].verdict, "stronger",
     ("tic-tac-toe level 10 against 9: %.1f%% over 400 games"):format(100 * top.rows[1].score))
local w = sg.lab.ladder{game = "warchess", from = 8, to = 10, games = 200, seed = 6101,
                        progress = false}
t.ok(w.rows[1].verdict == "stronger" and w.rows[2].verdict == "stronger",
     ("war chess levels 9 and 10, each against the one below: %.1f%%, %.1f%% over 200 games")
     :format(100 * w.rows[1].score, 100 * w.rows[2].score))

o = t.run(S .. " ladder --help")
t.ok(o:find("usage: stratagem ladder GAME", 1, true) and o:find("--games N", 1, true) and
     o:find("Example:", 1, true), "ladder --help: usage, options, an example")
t.done()
