-- 046-docs.lua: the documents cannot drift from the program.  Every shell command and Lua
-- example in README.md, doc/manual.md and doc/lua-api.md is run, and where the document shows
-- output (a `--> value` comment in Lua, lines after a `$ command` or a REPL `> line`), the output
-- is compared, blanks squeezed.
--
-- Marks, in an HTML comment on the line before a block (it does not show on a rendered page):
--   <!-- doc-test: skip REASON -->       not run, and the reason is reported (minutes of work,
--                                        a file the reader must have, an engine of theirs)
--   <!-- doc-test: needs PROGRAM -->     run when PROGRAM is on the PATH (or in /usr/games)
--   <!-- doc-test: fails -->             the commands must fail (exit status not 0)
--   <!-- doc-test: no-output -->         run, but the output shown is not compared (it varies
--                                        with the machine: times, speeds)
--   <!-- doc-test: session -->           a game at the terminal: the lines typed after its
--                                        prompts are fed to it, and it must end well
-- Lua blocks run in one process per block, in a fresh folder (examples may write files there),
-- as scripts: without the REPL's global sg.  Shell lines run one at a time in the same folder; lines of other
-- programs than stratagem (./bootstrap, make, git, parallel, ...) are not run: they build or
-- install, which the test suite itself is.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local sg = require "stratagem"

local BIN = t.stratagem
local SRC = sg.paths.lua:gsub("/lua$", "")
local DOCS = {"README.md", "doc/manual.md", "doc/lua-api.md"}
local TIMEOUT = 60 * t.slow
-- a block that needs another program (Stockfish matches) may take minutes on a loaded machine
local limit = TIMEOUT

local function squeeze(s)
  return (s:gsub("\r", ""):gsub("[ \t]+", " "):gsub(" ?\n ?", "\n"):gsub("^%s+", ""):gsub("%s+$", ""))
end

-- Whether text shows want, where "..." in want stands for any text (blanks squeezed in both).
local function shows(text, want)
  text, want = squeeze(text), squeeze(want)
  local at = 1
  for piece in (want .. "..."):gmatch("(.-)%.%.%.") do
    piece = piece:match("^%s*(.-)%s*$")
    if piece ~= "" then
      local i, j = text:find(piece, at, true)
      if not i then return false end
      at = j + 1
    end
  end
  return true
end

local function have(program)
  return os.execute("command -v " .. t.q(program) .. " >/dev/null 2>&1 || [ -x /usr/games/" ..
                    program .. " ]")
end

-- The fenced blocks of a document: {file =, line =, lang =, text =, mark =, arg =}.
local function blocks(path)
  local f = assert(io.open(SRC .. "/" .. path, "r"))
  local out, cur, prev, n = {}, nil, "", 0
  for line in f:lines() do
    n = n + 1
    if cur then
      if line:match("^```%s*$") then
        out[#out + 1] = cur
        cur = nil
      else
        cur.lines[#cur.lines + 1] = line
      end
    else
      local lang = line:match("^```(%w*)%s*$")
      if lang then
        local mark, marg = prev:match("^<!%-%- doc%-test: (%S+)%s*(.-)%s*%-%->$")
        cur = {file = path, line = n, lang = lang, lines = {}, mark = mark, arg = marg}
      end
      if line:match("%S") then prev = line end
    end
  end
  f:close()
  return out
end

local work = os.tmpname()
os.remove(work)
-- a fresh folder that looks like the source tree to the examples: ./stratagem, scenarios/,
-- doc/ and lua/ (links), and nothing else
local function fresh_dir()
  os.execute("rm -rf " .. t.q(work) .. " && mkdir -p " .. t.q(work) .. " && cd " .. t.q(work) ..
             " && ln -s " .. t.q(BIN) .. " stratagem && ln -s " .. t.q(SRC .. "/scenarios") ..
             " scenarios && ln -s " .. t.q(SRC .. "/doc") .. " doc && ln -s " ..
             t.q(SRC .. "/lua") .. " lua")
  return work
end

-- Run a shell command line in the work folder: stdout, stderr, exit code.
local function sh(cmdline, input)
  local env = "XDG_CONFIG_HOME=" .. t.q(work .. "/.config") .. " XDG_STATE_HOME=" ..
              t.q(work .. "/.state") .. " XDG_DATA_HOME=" .. t.q(work .. "/.data") ..
              " PATH=\"$PATH:/usr/games\" STRATAGEM_LUADIR=" .. t.q(sg.paths.lua)
  return t.run("cd " .. t.q(work) .. " && " .. env .. " timeout " .. limit .. " sh -c " ..
               t.q(cmdline), input)
end

-- ./stratagem ... or stratagem ... as the built program
local function ours(cmd)
  local rest = cmd:match("^%./stratagem(.*)$") or cmd:match("^stratagem(.*)$")
  return rest and (t.q(BIN) .. rest)
end

local ran, skipped = 0, {}

local function where(b) return b.file .. ":" .. b.line end

-- a Lua block: run it; `--> text` comments are the lines it prints, in order
local function lua_block(b)
  local code = table.concat(b.lines, "\n")
  local expected = {}
  for _, l in ipairs(b.lines) do
    local e = l:match("%-%->%s?(.*)$")
    if e and not l:match("^%s*%-%-[^>]") then expected[#expected + 1] = e end
  end
  fresh_dir()
  local script = work .. "/example.lua"
  local f = assert(io.open(script, "w"))
  f:write(code, "\n")   -- as a script: no global sg (the REPL's), the example requires it
  f:close()
  local out, err, code_ = sh(t.q(BIN) .. " example.lua")
  ran = ran + 1
  local raises
  for _, l in ipairs(b.lines) do raises = raises or l:match("^%s*%-%- error: (.*)$") end
  if raises then
    t.ok(code_ ~= 0 and squeeze(err):find(squeeze(raises), 1, true) ~= nil,
         where(b) .. ": the example raises the error the document shows" ..
         ((code_ ~= 0 and squeeze(err):find(squeeze(raises), 1, true)) and "" or (": " .. err)))
  end
  if b.mark == "fails" then
    t.ok(code_ ~= 0, where(b) .. ": the example fails, as the document says")
    return
  end
  if not raises then
    t.ok(code_ == 0, where(b) .. ": the Lua example runs" .. (code_ ~= 0 and (": " .. err) or ""))
  end
  if #expected > 0 and b.mark ~= "no-output" then
    local got = {}
    for l in (out .. "\n"):gmatch("(.-)\n") do got[#got + 1] = l end
    local ok, why = true, nil
    local k = 1
    for _, e in ipairs(expected) do
      -- the next printed line showing the expected text (blanks squeezed)
      local want = squeeze(e)
      local function match_line(g_)
        if want:find("...", 1, true) then return shows(g_, want) and squeeze(g_) ~= "" end
        return squeeze(g_) == want
      end
      while k <= #got and not match_line(got[k]) do
        if ok and squeeze(got[k]) ~= "" then why = why or ("printed '" .. got[k] .. "'") end
        k = k + 1
      end
      if k > #got then
        ok = false
        why = "expected '" .. e .. "', " .. (why or "not printed")
        break
      end
      k = k + 1
    end
    t.ok(ok, where(b) .. ": it prints what the document shows" .. (ok and "" or (": " .. why)))
  end
end

-- A shell block: its commands (a line ending in \ continues), each with the output shown
-- after it when the block is a transcript ($ command, then output).
local function commands_of(b)
  local cmds, cur, transcript = {}, nil, false
  for _, l in ipairs(b.lines) do
    if l:match("^%$ ") then transcript = true end
  end
  local pending = nil
  for _, l in ipairs(b.lines) do
    local body = l
    if transcript then
      local c = l:match("^%$ (.*)$")
      if c then
        pending = {cmd = c, out = {}}
        cmds[#cmds + 1] = pending
        cur = c:match("\\$") and pending or nil
      elseif cur then
        cur.cmd = cur.cmd:gsub("\\$", "") .. " " .. l:match("^%s*(.-)$")
        cur = l:match("\\$") and cur or nil
      elseif pending then
        pending.out[#pending.out + 1] = l
      end
    else
      local shown = body:match("^#%s*%-%->%s?(.*)$")   -- the previous command's output
      local more = not shown and body:match("^#     (.*)$")   -- and its next lines
      if more and #cmds > 0 and cmds[#cmds].expect then
        local e = cmds[#cmds].expect
        e[#e + 1] = more
      end
      if shown and #cmds > 0 then
        local last = cmds[#cmds]
        last.expect = last.expect or {}
        last.expect[#last.expect + 1] = shown
      end
      body = body:gsub("%s+#%s.*$", ""):gsub("%s+#$", "")   -- a comment after the command
      if cur then
        cur.cmd = cur.cmd:gsub("\\$", "") .. " " .. body:match("^%s*(.-)$")
        cur = body:match("\\$") and cur or nil
      elseif body:match("^%S") and not body:match("^#") then
        local c = {cmd = body}
        cmds[#cmds + 1] = c
        cur = body:match("\\$") and c or nil
      end
    end
  end
  return cmds, transcript
end

-- A transcript of a game at the terminal (marked session): what was typed after each prompt
-- ("x to move> b2", "[y/N] y") is fed to the command; it must end well (exit 0); the output,
-- which holds times and paths, is not compared.
local function session_block(b)
  local cmd = ours((b.lines[1] or ""):match("^%$ (.*)$") or "")
  if not cmd then
    skipped[#skipped + 1] = where(b) .. ": not a stratagem session"
    return
  end
  local typed = {}
  for i = 2, #b.lines do
    local x = b.lines[i]:match("^.-> (%S.*)$") or b.lines[i]:match("%[y/N%] (%S+)$")
    if x then typed[#typed + 1] = x end
  end
  fresh_dir()
  local out, err, code = sh(cmd, table.concat(typed, "\n") .. "\n")
  ran = ran + 1
  t.ok(code == 0, where(b) .. ": the session (" .. #typed .. " lines typed) runs" ..
       (code == 0 and "" or (": " .. err:sub(1, 300))))
end

local function sh_block(b)
  if b.mark == "session" then return session_block(b) end
  local cmds, transcript = commands_of(b)
  fresh_dir()
  for _, c in ipairs(cmds) do
    -- the README's "./bootstrap && ..." builds first: the build is done, the rest is run
    local cmd = c.cmd:gsub("%s+$", ""):gsub("^%./bootstrap%s*&&%s*", "")
    local parts = {}
    local all_ours = true
    -- a line of commands joined by && or | : each must be ours to run it
    for piece in (cmd .. "&&"):gmatch("(.-)%s*&&%s*") do
      local p = piece:match("^%s*(.-)%s*$")
      if p ~= "" then
        local sub = {}
        for q in (p .. "|"):gmatch("(.-)|") do
          local qq = q:match("^%s*(.-)%s*$")
          local mine = ours(qq)
          if mine then sub[#sub + 1] = mine
          elseif b.mark == "needs" and qq:match("^(%S+)") == b.arg then
            sub[#sub + 1] = qq   -- the program the block needs, which is there
          elseif qq:match("^printf ") or qq:match("^echo ") or qq:match("^cat ") then
            sub[#sub + 1] = qq
          else all_ours = false end
        end
        parts[#parts + 1] = table.concat(sub, " | ")
      end
    end
    if not all_ours then
      skipped[#skipped + 1] = where(b) .. ": " .. cmd .. " (not a stratagem command)"
    else
      local line = table.concat(parts, " && ")
      -- a server runs until Ctrl-C: it is started on a free port and stopped after 3 s
      if cmd:match("^%./stratagem serve") then
        line = ("timeout --preserve-status -s INT %d %s --port 0"):format(3 * t.slow, line)
      end
      local out, err, code = sh(line)
      ran = ran + 1
      if b.mark == "fails" then
        t.ok(code ~= 0, where(b) .. ": " .. cmd .. ": fails, as the document says")
      else
        t.ok(code == 0, where(b) .. ": " .. cmd .. (code == 0 and "" or
             (": exit " .. tostring(code) .. ": " .. (err ~= "" and err or out):sub(1, 300))))
      end
      if c.expect and b.mark ~= "no-output" then
        local want = table.concat(c.expect, "\n")
        local ok = shows(out, want)
        t.ok(ok, where(b) .. ": " .. cmd .. ": prints " .. squeeze(want):sub(1, 200) ..
             (ok and "" or (", got " .. squeeze(out):sub(1, 300))))
      end
      if transcript and c.out and #c.out > 0 and b.mark ~= "no-output" then
        local shown = squeeze(table.concat(c.out, "\n"))
        local got = squeeze(out .. "\n" .. err)
        t.ok(got:find(shown, 1, true) ~= nil, where(b) .. ": " .. cmd ..
             ": the output the document shows" .. (got:find(shown, 1, true) and "" or
             ("\n# shown:\n# " .. shown:gsub("\n", "\n# ") .. "\n# got:\n# " ..
              got:sub(1, 600):gsub("\n", "\n# "))))
      end
    end
  end
end

-- A REPL transcript: a plain block opening with `$ ./stratagem` alone, then `> ` lines typed
-- and what they printed.
local function repl_block(b)
  local input, shown = {}, {}
  for i = 2, #b.lines do
    local l = b.lines[i]
    local typed = l:match("^>>? (.*)$")
    if typed then
      input[#input + 1] = typed
    elseif #input > 0 and not l:match("^stratagem %d") then
      shown[#shown + 1] = l
    end
  end
  fresh_dir()
  local out, err, code = sh(t.q(BIN), table.concat(input, "\n") .. "\n")
  ran = ran + 1
  t.ok(code == 0 and err == "", where(b) .. ": the REPL session runs" ..
       ((code == 0 and err == "") and "" or (": " .. err:sub(1, 300))))
  if #shown > 0 and b.mark ~= "no-output" then
    local want = squeeze(table.concat(shown, "\n"))
    local got = squeeze(out)
    t.ok(got == want, where(b) .. ": the REPL prints what the document shows" ..
         (got == want and "" or ("\n# shown:\n# " .. want:gsub("\n", "\n# ") ..
                                  "\n# got:\n# " .. got:gsub("\n", "\n# "))))
  end
end

for _, doc in ipairs(DOCS) do
  for _, b in ipairs(blocks(doc)) do
    local kind = b.lang == "lua" and "lua" or b.lang == "sh" and "sh" or
                 (b.lang == "" and (b.lines[1] or ""):match("^%$ %./stratagem%s*$") and "repl") or
                 (b.lang == "" and (b.lines[1] or ""):match("^%$ ") and "sh") or nil
    if kind then
      limit = b.mark == "needs" and 5 * TIMEOUT or TIMEOUT
      if b.mark == "skip" then
        skipped[#skipped + 1] = where(b) .. ": " .. (b.arg ~= "" and b.arg or "marked skip")
      elseif b.mark == "needs" and not have(b.arg) then
        skipped[#skipped + 1] = where(b) .. ": needs " .. b.arg .. ", not installed"
      elseif kind == "lua" then
        lua_block(b)
      elseif kind == "sh" then
        sh_block(b)
      else
        repl_block(b)
      end
    end
  end
end

t.ok(ran >= 100, "examples run: " .. ran)

-- ---- the documents' structure: every document, not only those run above ----

local function read(path)
  local f = assert(io.open(SRC .. "/" .. path, "r"))
  local s = f:read("a")
  f:close()
  return s
end
local ALL = {"README.md"}
for name in t.run("cd " .. t.q(SRC .. "/doc") .. " && ls *.md"):gmatch("[^\n]+") do
  ALL[#ALL + 1] = "doc/" .. name
end
t.ok(#ALL > 10, "the documents: " .. #ALL)

-- the text of a document outside its fenced blocks and code spans (links and headings)
local function prose(text)
  local out, fenced = {}, false
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if line:match("^```") then
      fenced = not fenced
    elseif not fenced then
      out[#out + 1] = line:gsub("`[^`]*`", "")
    end
  end
  return table.concat(out, "\n")
end

-- GitHub's anchor of a heading: lower case, spaces to '-', punctuation but '-' and '_' dropped
local function anchor(heading)
  return (heading:lower():gsub(" ", "-"):gsub("[^%w%-_]", ""))
end
t.is(anchor("7.1 Tic-tac-toe"), "71-tic-tac-toe", "the anchor rule")
t.is(anchor("9. Building, installing and testing"), "9-building-installing-and-testing",
     "the anchor rule: commas dropped")

-- the manual's contents: every ## heading and every game's section (### 7.N), and every
-- internal link points at a heading that exists
do
  local manual = prose(read("doc/manual.md"))
  local contents = manual:match("\nContents:\n(.-)\n\n")
  local listed, anchors = {}, {}
  for a in (contents or ""):gmatch("%(#([^)]+)%)") do listed[a] = true end
  local missing = {}
  for level, h in manual:gmatch("\n(##+) ([^\n]+)") do
    anchors[anchor(h)] = true
    if (level == "##" or (level == "###" and h:match("^7%.%d+ "))) and not listed[anchor(h)] then
      missing[#missing + 1] = h
    end
  end
  t.ok(contents and #missing == 0, "the manual's contents list every chapter and game section" ..
       (#missing > 0 and (": missing " .. table.concat(missing, ", ")) or ""))
  local broken = {}
  for a in manual:gmatch("%]%(#([^)]+)%)") do
    if not anchors[a] then broken[#broken + 1] = a end
  end
  t.ok(#broken == 0, "every (#anchor) in the manual names a heading" ..
       (#broken > 0 and (": " .. table.concat(broken, ", ")) or ""))
end

-- relative links name files of the repository (not ../ outside it); a file#anchor names a
-- heading of that file
do
  local bad = {}
  for _, path in ipairs(ALL) do
    local dir = path:match("^(.*)/") or "."
    for target in prose(read(path)):gmatch("%]%(([^)%s]+)%)") do
      local file, frag = target:match("^([^#]*)#?(.*)$")
      if file ~= "" and not target:match("^%a[%w+.-]*:") then
        local f = io.open(SRC .. "/" .. dir .. "/" .. file, "r")
        local inside = not (dir .. "/" .. file):match("^%.%./") and
                       not (dir .. "/" .. file):match("^doc/%.%./%.%./")
        if not f or not inside then
          bad[#bad + 1] = path .. ": " .. target
        elseif frag ~= "" and file:match("%.md$") then
          local heads = {}
          for h in ("\n" .. prose(f:read("a"))):gmatch("\n#+ ([^\n]+)") do heads[anchor(h)] = true end
          if not heads[frag] then bad[#bad + 1] = path .. ": " .. target .. " (no such heading)" end
        end
        if f then f:close() end
      end
    end
    -- a path outside the repository, in a code span or not
    for out in read(path):gmatch("%.%./shared/[%w_./-]+") do bad[#bad + 1] = path .. ": " .. out end
  end
  t.ok(#bad == 0, "relative links name files in the repository" ..
       (#bad > 0 and (": " .. table.concat(bad, "; ")) or ""))
end

-- what the manual says the levels use: chess's time at level 10 (the serve section), Star
-- Chess's turns (play)
do
  local play = require "stratagem.play"
  local manual = read("doc/manual.md"):gsub("%s+", " ")
  local chess_t = manual:match("holds other players' pages for as long as it searches: ([%d.]+) s " ..
                               "for chess at every level")
  local same = chess_t ~= nil
  for l = 1, 10 do same = same and play.level_settings("chess", {}, l).time == tonumber(chess_t) end
  t.ok(same, "serve: the time of a chess move the manual states is every level's: " ..
       tostring(chess_t))
  local words = {"one", "two", "three", "four", "five"}
  local turns = manual:match("for Star Chess, the prediction tree with (%a+) full turns, and with")
  local sc = play.ai_settings("starchess").turns
  t.ok(turns and words[sc] == turns,
       "play: Star Chess's turns without a level as the manual states them: " .. tostring(turns))
  -- Star Chess's levels table (7.2) says what each level does in the words of play.levels
  local listed = true
  for level = 1, 10 do
    local _, _, about = play.ai_settings("starchess", nil, nil, level)
    listed = listed and about and
             manual:find(("| %d | "):format(level), 1, true) and
             manual:find((" | %s |"):format(about), 1, true) ~= nil
  end
  t.ok(listed, "the manual's Star Chess levels table gives each level's words as play.levels")
end

-- the man page names every game
do
  local man, missing = read("doc/stratagem.1"), {}
  local list = man:match("Games are named by short names:(.-)\n%.PP")
  for _, name in ipairs(sg.games()) do
    if not (list or ""):find("\n%.I " .. name .. "\n") then missing[#missing + 1] = name end
  end
  t.ok(list and #missing == 0, "the man page's list of games names them all" ..
       (#missing > 0 and (": missing " .. table.concat(missing, ", ")) or ""))
end

-- Lua examples that use sg require it: a reader runs them as scripts, where there is no
-- global sg (only the REPL has one); REPL sessions are plain blocks of "> " lines
do
  local bad = {}
  for _, path in ipairs(ALL) do
    for _, b in ipairs(blocks(path)) do
      if b.lang == "lua" then
        local code = {}
        for _, l in ipairs(b.lines) do code[#code + 1] = l:gsub("%-%-.*$", "") end
        code = table.concat(code, "\n")
        if ("\n" .. code):find("[^%w_.]sg[.:]") and
           not table.concat(b.lines, "\n"):find("require%s*%(?%s*[\"']stratagem[\"']") then
          bad[#bad + 1] = where(b)
        end
      end
    end
  end
  t.ok(#bad == 0, "Lua examples using sg require it" ..
       (#bad > 0 and (": " .. table.concat(bad, ", ")) or ""))
end
for _, s in ipairs(skipped) do t.diag("not run: " .. s) end
os.execute("rm -rf " .. t.q(work))
t.done()
