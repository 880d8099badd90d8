-- stratagem.cli: the program's subcommands (stratagem perft, play, match, bench, solve, render,
-- games, help).
-- main(name, ...) returns the exit code: 0 done, 1 failed, 2 bad usage.  Every subcommand
-- answers --help (or -h) with its usage and help text.
local sg = require "stratagem"

local M = {}
local fmt = string.format

-- Call f(...) with Ctrl-C gentle: the signal only sets the flag C loops poll (core/clock.h),
-- and their "interrupted!" error is caught here and said in one line, not a traceback.
-- Returns true and f's results, or false and the exit code 130.
local function gently(what, f, ...)
  local term_ok, term = pcall(require, "stratagem.term")
  local before = term_ok and term.gentle(true)
  local res = table.pack(pcall(f, ...))
  if term_ok then term.gentle(before) end
  if not res[1] then
    if tostring(res[2]):find("interrupted!", 1, true) then
      io.stderr:write("stratagem: ", what, ": interrupted!\n")
      return false, 130
    end
    error(res[2], 0)
  end
  return table.unpack(res, 1, res.n)
end

local function usage_error(msg, usage)
  io.stderr:write("stratagem: ", msg, "\n")
  if usage then io.stderr:write("usage: ", usage, "\n") end
  return 2
end

local commands = {}

commands.games = {
  usage = "stratagem games",
  help = "list the games with a line about each",
  options = {
  },
  example = "stratagem games",
  run = function()
    -- the games of the games folders (defined in Lua) are listed with the built-in ones, and
    -- the word game, no game of moves (sg.games() has it only with "all"), is played too
    local _, problems = sg.load_games()
    for _, p in ipairs(problems) do io.stderr:write("stratagem: games: ", p, "\n") end
    for _, name in ipairs(sg.games("all")) do
      print(fmt("%-12s %s", name, name == "wordgrid" and require("stratagem.wordgrid").TITLE
                                  or sg.defaults(name).title or ""))
    end
    return 0
  end,
}

commands.perft = {
  usage = "stratagem perft GAME [POSITION] DEPTH [--divide]",
  help = "count the move sequences of DEPTH moves (with --divide, per first move)",
  options = {
    {"GAME", "a game's name (stratagem games lists them)"},
    {"POSITION", "a position in the game's text (default: the start)"},
    {"DEPTH", "the number of moves, 0 to 63"},
    {"--divide", "the count under each first move, then the total (default: the total only)"},
  },
  example = "stratagem perft chess 5 --divide",
  run = function(...)
    local words, divide = {}, false
    for _, a in ipairs({...}) do
      if a == "--divide" then divide = true
      elseif a:sub(1, 2) == "--" then return usage_error("perft: unknown option '" .. a .. "'",
                                                           commands.perft.usage)
      else words[#words + 1] = a end
    end
    if #words < 2 or #words > 3 then
      return usage_error("perft: expected a game and a depth", commands.perft.usage)
    end
    local game, depth = words[1], math.tointeger(tonumber(words[#words]))
    if not depth or depth < 0 or depth > 63 then
      return usage_error("perft: depth must be a whole number from 0 to 63, got '" ..
                         words[#words] .. "'", commands.perft.usage)
    end
    local ok, g, err = pcall(sg.new, game, {position = words[3] and words[2] or nil})
    if not ok then return usage_error("perft: " .. tostring(g)) end
    if not g then return usage_error("perft: " .. err) end
    local t0 = sg.clock()
    local total = 0
    -- Ctrl-C: one line and exit 130, no traceback (gently); other errors come back here
    local gok, pok, perr = gently("perft", pcall, function()
      if divide and depth > 0 then
        for _, m in ipairs(g:moves()) do
          g:play(m)
          local n = g:perft(depth - 1)
          g:undo()
          print(fmt("%s: %d", m, n))
          total = total + n
        end
      else
        total = g:perft(depth)
      end
    end)
    if not gok then return pok end
    if not pok then
      if tostring(perr):find("interrupted!", 1, true) then
        io.stderr:write("stratagem: perft: interrupted!\n")
        return 130
      end
      return usage_error(tostring(perr):gsub("^[^\n]-:%d+: ", ""), commands.perft.usage)
    end
    local dt = sg.clock() - t0
    print(fmt("perft(%d) = %d   %.3f s   %.0f leaves/s", depth, total, dt,
              dt > 0 and total / dt or 0))
    return 0
  end,
}

commands.play = {
  usage = require("stratagem.play").USAGE,
  help = "play a game in the terminal against the AI (or watch AIs, or people only)",
  -- the commands of the game's prompt
  options = require("stratagem.play").OPTIONS,
  example = require("stratagem.play").EXAMPLE,
  details = function() return "At your turn in the game:\n" .. require("stratagem.play").HELP end,
  run = function(...) return require("stratagem.play").main(...) end,
}

commands.prefs = {
  usage = "stratagem prefs [GAME [--clear]]",
  help = "show the saved preferences (variants, AI settings, seats) of every game or one, " ..
         "or forget a game's with --clear; stratagem play offers to save them",
  options = {
    {"GAME", "only this game's preferences (default: every game's)"},
    {"--clear", "forget GAME's preferences"},
  },
  example = "stratagem prefs othello --clear",
  run = function(game, flag, extra)
    local path, why = sg.prefs.path()
    if not path then return usage_error("prefs: " .. why) end
    if extra or (flag and flag ~= "--clear") then
      return usage_error("prefs: unexpected '" .. tostring(extra or flag) .. "'",
                         commands.prefs.usage)
    end
    if game then
      -- a game of the games folders (defined in Lua) is defined on the way
      if not sg.known(game) then
        return usage_error(fmt("prefs: unknown game '%s' (known games: %s)", game,
                               table.concat(sg.games(), ", ")))
      end
    end
    if flag == "--clear" then
      local ok, err = sg.prefs.set(game, nil)
      if not ok then
        io.stderr:write("stratagem: ", err, "\n")
        return 1
      end
      print(fmt("forgot the preferences for %s (%s)", game, path))
      return 0
    end
    local games, problems = sg.prefs.read()
    for _, p in ipairs(problems) do io.stderr:write("stratagem: prefs: ", p, "\n") end
    print("-- " .. path)
    local shown = {}
    if game then shown[game] = games[game] else shown = games end
    print(sg.data.serialize(shown))
    return 0
  end,
}

commands.match = {
  usage = require("stratagem.match").USAGE,
  help = "play games between two UCI chess engines (command lines, e.g. './stratagem uci' or " ..
         "stockfish): openings played twice with the colours swapped, a clock, adjudication, " ..
         "a PGN file, and the Elo difference of engine 1 with its 95% margin",
  options = {
    {"--engine1 CMD, --engine2 CMD", "the engines' command lines (required)"},
    {"--name1 NAME, --name2 NAME", "names in place of their id name"},
    {"--option NAME=VALUE", "a UCI option of both engines (--option1, --option2: of one); repeatable"},
    {"--games N", "games, openings played twice with the colours swapped (default 2)"},
    {"--tc BASE+INC", "a clock: BASE seconds a game plus INC a move (default 10+0.1)"},
    {"--movetime T", "T a move instead: seconds (0.5) or milliseconds (500ms)"},
    {"--depth N, --nodes N", "N plies or nodes a move instead, no clock"},
    {"--openings FILE", "openings (EPD, FEN or PGN; default 40 built-in lines)"},
    {"--seed S", "the order of the openings (default 1)"},
    {"--max-moves N", "a draw after N plies (default 600)"},
    {"--adjudicate", "--resign and --draw with their defaults"},
    {"--resign score=CP,moves=N", "a win when both scores agree (default score=1000,moves=4)"},
    {"--draw score=CP,moves=N,after=MOVE", "a draw by scores near 0 (default score=10,moves=8,after=40)"},
    {"--pgn FILE", "write the games as PGN (default: none)"},
    {"--plot FILE.svg", "a chart of engine 1's Elo after each game"},
    {"--event NAME", "the PGN Event tag"},
    {"--margin S", "time allowed over the clock (default 0.1)"},
    {"--timeout S", "an answer's limit without a clock (default 30)"},
    {"--sprt elo0=E,elo1=E,alpha=A,beta=B", "stop by an SPRT (defaults 0, 5, 0.05, 0.05)"},
    {"--stderr", "show the engines' standard error (default: thrown away)"},
    {"--quiet", "no progress lines"},
  },
  example = "stratagem match --engine1 './stratagem uci' --engine2 stockfish --games 4 --movetime 100ms --pgn games.pgn",
  run = function(...) return require("stratagem.match").main(...) end,
}

commands.bench = {
  usage = "stratagem bench [GAME...] [othello-ffo --ffo LO-HI [--threads N] [--hash MB]]",
  help = "run the benchmarks and print their figures",
  options = {
    {"GAME...", "only these games' benchmarks (default: all)"},
    {"--ffo LO-HI", "othello-ffo: solve only the FFO positions #LO-#HI (40 to 59), one at a " ..
                    "time (default: #40-#44 on 1 and 2 threads, then #40-#49 on 1)"},
    {"--threads N", "with --ffo: the solver's threads (default 1)"},
    {"--hash MB", "with --ffo: the solver's table in megabytes (default 64)"},
  },
  example = "stratagem bench othello chess",
  run = function(...) return require("stratagem.bench").main(...) end,
}

commands.solve = {
  usage = "stratagem solve GAME [--position P] [--out FILE] [--format tree|graph] [--time S] " ..
          "[--nodes N] [--memory MB] [--progress S] | stratagem solve GAME --check FILE",
  help = "solve a position exactly with the game's proof solver (qubic): the value for the " ..
         "player to move (win, loss, draw or unknown), nodes, time and the proof's size; " ..
         "with --out the proof written to FILE (checked by sg.qubic.check); a progress line " ..
         "on standard error; Ctrl-C, a full pool or a limit stops it with what was proved so far",
  options = {
    {"--position P", "the position in the game's text (default: the start)"},
    {"--out FILE", "write the proof to FILE (default: none)"},
    {"--format F", "the proof's format: tree (every line of play) or graph (each position once, " ..
                   "by its canonical form; far smaller) (default: tree)"},
    {"--time S", "stop after S seconds (default: no limit)"},
    {"--nodes N", "stop after N nodes (default: no limit)"},
    {"--memory MB", "megabytes for the tree's pool, 1 to 65536 (default 256)"},
    {"--progress S", "a progress line on standard error every S seconds (default 5; 0: none)"},
    {"--check FILE", "verify the proof in FILE with the checker (not the solver) and say what it proves"},
  },
  example = "stratagem solve qubic --time 60 --memory 1024 --out proof.txt",
  run = function(game, ...)
    local u = commands.solve.usage
    if not game or game:sub(1, 2) == "--" then return usage_error("solve: expected a game", u) end
    local known = false
    for _, n in ipairs(sg.games()) do known = known or n == game end
    if not known then
      return usage_error(fmt("solve: unknown game '%s' (known games: %s)", game,
                             table.concat(sg.games(), ", ")))
    end
    if not sg.defaults(game).proof_solver then
      return usage_error(fmt("solve: %s has no proof solver (games with one: qubic)", game))
    end
    local numeric = {
      time = {0, math.huge, false, "number of seconds, 0 or more"},
      nodes = {0, 2e9, true, "whole number of nodes, 0 to 2e9"},
      memory = {1, 65536, true, "whole number of megabytes, 1 to 65536"},
      progress = {0, math.huge, false, "number of seconds, 0 or more (0: no progress line)"},
    }
    local a, o = {...}, {progress = 5}
    local i = 1
    while i <= #a do
      local k, v = a[i], a[i + 1]
      local key = ({["--position"] = "position", ["--out"] = "out", ["--format"] = "format",
                    ["--time"] = "time",
                    ["--nodes"] = "nodes", ["--memory"] = "memory",
                    ["--progress"] = "progress", ["--check"] = "check"})[k]
      if not key then return usage_error("solve: unexpected '" .. k .. "'", u) end
      if v == nil then return usage_error("solve: " .. k .. " needs a value", u) end
      local r = numeric[key]
      if r then
        v = tonumber(v)
        if not v or v < r[1] or v > r[2] or (r[3] and not math.tointeger(v)) then
          return usage_error(fmt("solve: %s: expected a %s, got '%s'", k, r[4], a[i + 1]), u)
        end
      end
      if key == "format" and v ~= "tree" and v ~= "graph" then
        return usage_error(fmt("solve: --format: expected tree or graph, got '%s'", v), u)
      end
      o[key] = v
      i = i + 2
    end
    if o.check then
      -- the proof is verified by sg.qubic.check, which uses the game's rules alone
      for k in pairs(o) do
        if k ~= "check" and k ~= "progress" then
          return usage_error("solve: --check takes no other option than the file, got --" .. k, u)
        end
      end
      local f, ferr = io.open(o.check, "rb")
      if not f then
        io.stderr:write("stratagem: solve: --check: ", ferr, "\n")
        return 1
      end
      local text = f:read("a")
      f:close()
      local cok, ok, info = gently("solve", sg.qubic.check, text)
      if not cok then return ok end
      if not ok then
        io.stderr:write("stratagem: solve: ", o.check, ": refused: ", info, "\n")
        return 1
      end
      local start = sg.new(game):position()
      print(fmt("%s wins from %s", info.winner, info.position == start and "the empty board"
                or "the position " .. info.position))
      if info.format == 2 then
        print(fmt("proof: %d positions (%d used), %d plies deep, checked by the rules alone",
                  info.positions, info.used, info.depth))
      else
        print(fmt("proof: %d moves, %d plies deep, checked by the rules alone", info.moves, info.depth))
      end
      return 0
    end
    local g, err = sg.new(game, {position = o.position})
    if not g then return usage_error("solve: " .. err) end
    if g:status() ~= "playing" then return usage_error("solve: the game is over: nothing to solve") end
    local sok, r, werr = gently("solve", g.solve, g, {time = o.time, nodes = o.nodes, out = o.out,
                                                      memory = o.memory, progress = o.progress,
                                                      format = o.format})
    if not sok then return r end
    if not r then
      io.stderr:write("stratagem: solve: ", werr, "\n")
      return 1
    end
    print(fmt("position: %s", g:position()))
    print(fmt("value: %s for %s%s", r.value, g:player() == 1 and "x" or "o",
              r.move and r.value == "win" and ", winning move " .. r.move or ""))
    print(fmt("nodes: %d (threat-space positions %d, iterations %d)   time: %.3f s%s",
              r.nodes, r.vcf_nodes, r.iterations, r.time,
              r.stopped and "   stopped: " .. r.stopped or ""))
    if r.proof_size then print(fmt("proof: %d %s%s", r.proof_size,
                                   o.format == "graph" and "positions" or "moves",
                                   r.out and " written to " .. r.out or "")) end
    if r.value == "unknown" then
      -- what was proved so far: the stopped search's root and its decided moves
      local why = ({limit = "a limit (--time or --nodes) was reached",
                    memory = fmt("the tree's pool is full (%d MB, %d nodes): give more --memory",
                                 o.memory or 256, r.pool_nodes),
                    interrupted = "interrupted (Ctrl-C)"})[r.stopped] or r.stopped
      if r.stopped == "interrupted" then io.stderr:write("stratagem: solve: interrupted!\n") end
      print(fmt("stopped: %s", why))
      for _, w in ipairs{"x", "o"} do
        local sr = r.searches[w]
        if sr and w ~= r.attacker then
          print(fmt("earlier: does %s win? root pn %d dn %d", w, sr.pn, sr.dn))
        end
      end
      print(fmt("so far: does %s win? root pn %d dn %d; %d of the root's %d moves decided%s",
                r.attacker, r.pn, r.dn, #r.decided, r.root_moves, #r.decided > 0 and ":" or ""))
      local by = {}
      for _, d in ipairs(r.decided) do
        by[d.value] = by[d.value] or {}
        table.insert(by[d.value], d.move)
      end
      for _, v in ipairs{"win", "loss", "no win", "no loss"} do
        if by[v] then print(fmt("  %s for %s: %s", v, g:player() == 1 and "x" or "o",
                                table.concat(by[v], " "))) end
      end
      if r.stopped == "interrupted" then return 130 end
    end
    return 0
  end,
}

commands.uci = {
  usage = "stratagem uci [--preset modern|seed]",
  help = "play chess as a UCI engine on standard input and output (for GUIs and match tools)",
  options = {
    {"--preset NAME", "the evaluation: modern (the default) or seed (the seed's weighted sum); " ..
                      "also the UCI option Preset"},
  },
  example = "stratagem uci --preset seed",
  run = function(...)
    local args, opts = {...}, {}
    if args[1] == "--preset" and args[2] ~= nil and #args == 2 then
      if not require("stratagem.chess").presets[args[2]] then
        return usage_error("uci: --preset must be modern or seed, got '" .. args[2] .. "'",
                           commands.uci.usage)
      end
      opts.preset = args[2]
    elseif #args > 0 then
      return usage_error("uci: expected nothing or --preset NAME, got '" ..
                         table.concat(args, " ") .. "'", commands.uci.usage)
    end
    local ok, code = gently("uci", sg.chess.uci, opts)   -- Ctrl-C: one line, then exit 130
    if not ok then return code end
    return 0
  end,
}

commands.sprt = {
  usage = require("stratagem.lab").SPRT_USAGE,
  help = "test whether settings B (weights, rules, priorities, search) play stronger than " ..
         "settings A by a sequential probability ratio test, on every core (--jobs) or " ..
         "across machines (--runner CMD, or --emit-jobs, then stratagem job and stratagem merge)",
  options = {
    {"GAME", "the game played"},
    {"--a SETTINGS, --b SETTINGS", "the base and the candidate: a Lua table or a file ({weights, rules, priorities, search})"},
    {"--elo0 E, --elo1 E", "H0 and H1: the candidate E Elo stronger (default 0 and 5)"},
    {"--alpha A, --beta B", "the test's error rates (default 0.05 each)"},
    {"--max-games N", "stop there, inconclusive (default 20000)"},
    {"--jobs N", "worker processes (default: the number of cores)"},
    {"--seed N", "the first round's seed"},
    {"--opening PLIES", "random moves before each round (default 4 for two players, one per player for more, 0 for starchess)"},
    {"--openings FILE", "start positions, one a line (chess: EPD, FEN or PGN)"},
    {"--rules TABLE", "rules constants for both sides"},
    {"--max-moves N", "end a game after N moves, the highest score first"},
    {"--game-timeout S", "a worker's game limit (default 3600)"},
    {"--emit-jobs FILE", "write the games as job lines instead of playing them"},
    {"--runner CMD", "play batches across machines: CMD turns {jobs} into {results}; or " ..
                     "parallel, parallel:HOSTS, slurm, srun, sh"},
    {"--batch N", "games a runner's batch (default 200)"},
    {"--retries N", "times games without a result go to the runner again (default 2)"},
    {"--checkpoint FILE, --resume", "the results so far (after every batch, and when a " ..
                                    "runner fails), and going on from them"},
    {"--fixed", "play --max-games games, not stopping at a bound"},
    {"--plot FILE.svg", "a chart of the LLR after each round"},
    {"--quiet", "no live line on standard error"},
  },
  example = "stratagem sprt connect4 --a '{search = {depth = 2}}' --b '{search = {depth = 4}}' --elo1 20",
  run = function(...) return require("stratagem.lab").sprt_main(...) end,
}

commands.tune = {
  usage = require("stratagem.tune").USAGE,
  help = "tune evaluation weights or request priorities by SPSA, a genetic algorithm or " ..
         "Texel tuning, with a checkpoint after every iteration (--resume), the result as a " ..
         "settings file (--out) and a chart (--plot)",
  options = {
    {"GAME", "the game played"},
    {"--params NAME,...", "the weights or priorities tuned (required; with --gradient, default all)"},
    {"--method spsa|ga|texel", "the method (default spsa)"},
    {"--iterations N", "iterations or generations (default 100; texel 50)"},
    {"--games N", "pairs of games a step (default 2; ga 4)"},
    {"--bounds NAME=LO:HI,...", "a parameter's range (default: the start plus or minus its size)"},
    {"--base SETTINGS", "the start and the other settings, as sprt's"},
    {"--seed N", "the seed of the games"},
    {"--jobs N", "worker processes (default 1)"},
    {"--population N", "ga: individuals (default 8)"},
    {"--c-end X, --r-end X", "spsa's schedule (default a twentieth of each span; 50/N)"},
    {"--positions FILE", "texel: the positions (default GAME-positions.txt)"},
    {"--texel-games N", "texel: self-play games for the positions (default 100)"},
    {"--search TABLE", "texel: the self-play search"},
    {"--batch N", "texel: self-play games a runner's batch (default 100)"},
    {"--gradient", "texel, chess: the gradient tuner over a file of RESULT<tab>FEN lines"},
    {"--epochs N", "gradient: Adam's passes over the positions an iteration (default 10)"},
    {"--lr X", "gradient: Adam's step size (default 1)"},
    {"--l2 X", "gradient: pull toward the start, X x sum ((w - start) / 100)^2 added to the error (default 0)"},
    {"--opening PLIES", "random moves before each game (default 4 for two players, one per player for more, 0 for starchess)"},
    {"--max-moves N", "end a game after N moves"},
    {"--runner CMD", "an iteration's games (texel: its self-play games) as batches across " ..
                     "machines, as sprt's"},
    {"--retries N", "times games without a result go to the runner again (default 2)"},
    {"--checkpoint FILE", "the state after every iteration"},
    {"--resume", "go on from --checkpoint"},
    {"--out FILE", "the tuned settings as a Lua file"},
    {"--plot FILE.svg", "a chart of each parameter and the score"},
    {"--quiet", "no progress lines"},
  },
  example = "stratagem tune othello --params a1,b1 --method texel --out othello-tuned.lua",
  run = function(...) return require("stratagem.tune").main(...) end,
}

commands.ladder = {
  usage = require("stratagem.ladder").USAGE,
  help = "measure whether each of a game's levels (those of play --level) is stronger than " ..
         "the one below: a fixed match of the lab for each pair of adjacent levels, the " ..
         "level in each seat in turn, with the share, the Elo and their 95% intervals",
  options = {
    {"GAME", "the game played (one player: each level plays the same games alone, compared game by game)"},
    {"--levels A-B", "the levels compared, each with the one below (default 1-10)"},
    {"--games N", "games a pair of levels (default 20)"},
    {"--seed N", "the first round's seed (default 1)"},
    {"--jobs N", "worker processes (default 1: levels that think for a time a move share no core)"},
    {"--opening PLIES", "random moves before each round (default 4 for two players, one per player for more, 0 for starchess)"},
    {"--max-moves N", "end a game after N moves, the highest score first"},
    {"--game-timeout S", "a worker's game limit (default 3600)"},
    {"--out FILE.md", "the table, with what each level does, as Markdown"},
    {"--quiet", "no live line on standard error"},
  },
  example = "stratagem ladder connect4 --levels 1-4 --games 40",
  run = function(...) return require("stratagem.ladder").main(...) end,
}

commands.job = {
  usage = require("stratagem.lab").JOB_USAGE,
  help = "play one game of a job file (a line written by sprt --emit-jobs) and print its " ..
         "result line; with -, every job line of standard input",
  options = {
    {"LINE", "a job line (sgjob {...}) from sprt --emit-jobs"},
    {"-", "read job lines from standard input, a result line for each"},
  },
  example = "stratagem job \"$(head -1 jobs.txt)\"",
  run = function(...) return require("stratagem.lab").job_cli(...) end,
}

commands.merge = {
  usage = require("stratagem.lab").MERGE_USAGE,
  help = "the statistics of an SPRT from the result lines of stratagem job (files)",
  options = {
    {"FILE...", "files of result lines (sgresult {...})"},
    {"--plot FILE.svg", "a chart of the LLR after each round"},
  },
  example = "stratagem merge results.txt --plot llr.svg",
  run = function(...) return require("stratagem.lab").merge_cli(...) end,
}

commands.render = {
  usage = "stratagem render GAME|SAVEFILE [--position TEXT] [--seed N] [--all] [--player N] " ..
          "[--size PX] [--last] [-o FILE.svg]",
  help = "draw a position as an SVG picture: a new game's start (or --position), or the end " ..
         "of a saved game (a file from g:save or stratagem play, or the last game of a .pgn " ..
         "file); to standard output or to FILE.svg, written atomically",
  options = {
    {"--position TEXT", "a position in the game's text (default: the start)"},
    {"--seed N", "the new game's seed"},
    {"--all", "show what every player sees (hidden information)"},
    {"--player N", "the board as player N sees it"},
    {"--size PX", "the width in pixels, 50 to 10000"},
    {"--last", "mark the last move"},
    {"-o FILE.svg", "write to FILE.svg (default: standard output)"},
  },
  example = "stratagem render chess -o start.svg",
  run = function(what, ...)
    local u = commands.render.usage
    if not what or what:sub(1, 1) == "-" then
      return usage_error("render: expected a game or a saved game's file", u)
    end
    local a, o = {...}, {}
    local takes = {["--position"] = "position", ["--seed"] = "seed", ["--player"] = "player",
                   ["--size"] = "size", ["-o"] = "out"}
    local i = 1
    while i <= #a do
      local k = a[i]
      if k == "--all" then o.all = true; i = i + 1
      elseif k == "--last" then o.last = true; i = i + 1
      elseif takes[k] then
        local v = a[i + 1]
        if v == nil then return usage_error("render: " .. k .. " needs a value", u) end
        if k == "--seed" or k == "--player" or k == "--size" then
          local n = math.tointeger(tonumber(v))
          local lo = ({["--seed"] = math.mininteger, ["--player"] = 1, ["--size"] = 50})[k]
          local hi = ({["--seed"] = math.maxinteger, ["--player"] = 4, ["--size"] = 10000})[k]
          if not n or n < lo or n > hi then
            return usage_error(fmt("render: %s: expected %s, got '%s'", k,
                                   ({["--seed"] = "a whole number",
                                     ["--player"] = "a player's number (1 to the game's players)",
                                     ["--size"] = "a width in pixels from 50 to 10000"})[k], v), u)
          end
          v = n
        end
        o[takes[k]] = v
        i = i + 2
      else
        return usage_error("render: unknown option '" .. k .. "' (valid: --position, --seed, " ..
                           "--all, --player, --size, --last, -o)", u)
      end
    end
    local known = what == "wordgrid"
    for _, n in ipairs(sg.games()) do known = known or n == what end
    local g, err
    if known then
      local ok
      ok, g, err = pcall(sg.new, what, {position = o.position, seed = o.seed})
      if not ok then return usage_error("render: " .. tostring(g):gsub("^[^\n]-:%d+: ", "")) end
      if not g then return usage_error("render: " .. err) end
    else
      if o.position or o.seed then
        return usage_error(fmt("render: --position and --seed go with a game's name (known " ..
                               "games: %s, wordgrid), not a saved game",
                               table.concat(sg.games(), ", ")), u)
      end
      if not what:find("[/.]") and not io.open(what, "r") then
        return usage_error(fmt("render: '%s' is neither a game (%s, wordgrid) nor a file",
                               what, table.concat(sg.games(), ", ")), u)
      end
      if what:lower():match("%.pgn$") then
        local recs, perr = sg.chess.pgn.load(what)
        if not recs then err = perr
        elseif #recs == 0 then err = "sg.chess.pgn.load: " .. what .. ": no game in the file"
        else g = recs[#recs].game end
      else
        g, err = sg.loadfile(what)
      end
      if not g then
        io.stderr:write("stratagem: render: ", tostring(err), "\n")
        return 1
      end
    end
    local players = g.players and g:players() or 1
    if o.player and o.player > players then
      return usage_error(fmt("render: --player: expected a player's number from 1 to %d, got %d",
                             players, o.player), u)
    end
    local ok, text = pcall(g.svg, g, {all = o.all, player = o.player, size = o.size,
                                      last = o.last})
    if not ok then return usage_error("render: " .. tostring(text):gsub("^[^\n]-:%d+: ", "")) end
    if o.out then
      local wok, werr = sg.data.write_file(o.out, text)
      if not wok then
        io.stderr:write("stratagem: render: ", tostring(werr), "\n")
        return 1
      end
    else
      io.write(text)
    end
    return 0
  end,
}

commands.replay = {
  usage = require("stratagem.replay").USAGE,
  help = "a saved game (or a PGN file's last game) as one self-contained HTML page that steps " ..
         "through it with buttons and the arrow keys, the move list, and for Star Chess each " ..
         "empire's figures per turn",
  options = {
    {"-o FILE.html", "the page's file (default: standard output)"},
    {"--size PX", "the board's width in pixels"},
    {"--title TEXT", "the page's title"},
  },
  example = "stratagem replay game.sav -o game.html",
  run = function(...) return require("stratagem.replay").main(...) end,
}

commands.serve = {
  usage = require("stratagem.serve").USAGE,
  help = "a local web server with a page to play every game against the computer with the " ..
         "mouse (GNU libmicrohttpd)",
  options = {
    {"--port N", "the port, 0 to 65535 (default 8080; 0: any free port, printed)"},
    {"--host ADDR", "the IPv4 address to listen on (default 127.0.0.1; 0.0.0.0: others too)"},
    {"--sessions N", "games kept at once, 1 to 10000 (default 100)"},
    {"--expire MINUTES", "a game with no request for this long goes (default 120; 0.01 to 10080)"},
    {"--quiet", "no line per request on standard error"},
  },
  example = "stratagem serve --port 8080",
  -- the page and how to play on it (serve's own help, without its options)
  details = function() return (require("stratagem.serve").HELP:gsub("\n  %-%-.*$", "")) end,
  run = function(...) return require("stratagem.serve").main(...) end,
}

-- The help of one subcommand (stratagem help NAME, stratagem NAME --help): its usage, what it
-- does, its options with their defaults, an example, then its details; play GAME --help adds
-- the game's own (notation, variants, levels).
local function describe(name, ...)
  local c = commands[name]
  print("usage: " .. c.usage)
  print("  " .. c.help:sub(1, 1):upper() .. c.help:sub(2) .. ".")
  print("Options:")
  if #c.options == 0 then print("  none") end
  for _, o in ipairs(c.options) do
    if #o[1] <= 22 then print(fmt("  %-22s %s", o[1], o[2]))
    else print(fmt("  %s\n  %-22s %s", o[1], "", o[2])) end
  end
  print("Example:\n  " .. c.example)
  if c.details then print(c.details()) end
  if name == "play" then
    for _, a in ipairs({...}) do
      -- a game by name (a games folder's is defined on the way) or a file defining one
      local g = a:sub(1, 1) ~= "-" and (sg.known(a) and a or
                                        (a:match("%.lua$") and sg.define_file(a)))
      if g then print("\n" .. require("stratagem.play").game_help(g)) return 0 end
    end
  end
  return 0
end

commands.help = {
  usage = "stratagem help [SUBCOMMAND]",
  help = "describe the subcommands (stratagem SUBCOMMAND --help describes one too)",
  options = {
    {"SUBCOMMAND", "describe this one (as stratagem SUBCOMMAND --help)"},
  },
  example = "stratagem help play",
  run = function(name, ...)
    if name then
      if not commands[name] then
        return usage_error("help: unknown subcommand '" .. name .. "'")
      end
      return describe(name, ...)
    end
    print("Subcommands:")
    local names = {}
    for k in pairs(commands) do names[#names + 1] = k end
    table.sort(names)
    for _, k in ipairs(names) do print(fmt("  %s\n      %s", commands[k].usage, commands[k].help)) end
    return 0
  end,
}

function M.main(name, ...)
  local c = commands[name]
  if not c then
    local names = {}
    for k in pairs(commands) do names[#names + 1] = k end
    table.sort(names)
    return usage_error(fmt("unknown subcommand '%s' (subcommands: %s; a script's name must end "
                           .. "in .lua or contain a /)", tostring(name), table.concat(names, ", ")))
  end
  -- the word game has options and a help of its own
  if name == "play" and select(1, ...) == "wordgrid" then return c.run(...) end
  for i = 1, select("#", ...) do
    local a = select(i, ...)
    if a == "--help" or a == "-h" then return describe(name, ...) end
  end
  return c.run(...)
end

M.commands = commands
return M
