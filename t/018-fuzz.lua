package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
-- 018-fuzz.lua: every game's position and move parsers on random and mutated text: each
-- answer is a game or nil and a message, a move is played or refused with a message, and a
-- refused move leaves the game as it was.  Seeded, so a failure can be replayed.
local t = require "tap"
local sg = require "stratagem"

local seed = 20261123
local function rnd(n)   -- a small LCG, independent of Lua's math.random
  seed = (seed * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (seed >> 20) % n
end
local ALPHABET = "abcdefgh12345678 .,:;-x/()|KkWwBbRrGgHhCc0123456789EXITMOVEJUMPPASShuff\0\255\n"
local function random_text(n)
  local out = {}
  for i = 1, n do
    local k = rnd(#ALPHABET) + 1
    out[i] = ALPHABET:sub(k, k)
  end
  return table.concat(out)
end
local function mutate(text)
  local i = rnd(#text) + 1
  local op = rnd(3)
  if op == 0 then return text:sub(1, i - 1) .. text:sub(i + 1) end                  -- delete
  local k = rnd(#ALPHABET) + 1
  local c = ALPHABET:sub(k, k)
  if op == 1 then return text:sub(1, i - 1) .. c .. text:sub(i + 1) end             -- replace
  return text:sub(1, i - 1) .. c .. text:sub(i)                                       -- insert
end

for _, name in ipairs(sg.games()) do
  local start = sg.new(name)
  -- (the whole state: a game that hides information shows a player's view by default)
  local ALL = {all = true}
  local texts = {start:position(ALL)}
  -- a few positions from random play, whose texts are then mutated
  local g = sg.new(name, {seed = 3})
  for i = 1, 30 do
    if g:status() ~= "playing" then break end
    g:play(sg.search(g, {algo = "random", seed = i}).move)
    if i % 10 == 0 then texts[#texts + 1] = g:position(ALL) end
  end
  local bad_answer, crashes, accepted, refused = nil, 0, 0, 0
  for trial = 1, 600 do
    local text
    if trial % 3 == 0 then text = random_text(rnd(80))
    else
      text = texts[rnd(#texts) + 1]
      for _ = 0, rnd(3) do text = mutate(text) end
    end
    local ok, x, msg = pcall(sg.new, name, {position = text})
    if not ok then
      crashes = crashes + 1
      bad_answer = bad_answer or ("raised for %q: %s"):format(text, tostring(x))
    elseif x == nil then
      refused = refused + 1
      if type(msg) ~= "string" or #msg < 10 then
        bad_answer = bad_answer or ("no message for %q"):format(text)
      end
    else
      accepted = accepted + 1
      -- an accepted position writes itself back so that it reads the same
      local again = sg.new(name, {position = x:position(ALL)})
      if not again or again:position(ALL) ~= x:position(ALL) then
        bad_answer = bad_answer or ("%q does not read back"):format(x:position(ALL))
      end
    end
  end
  t.ok(bad_answer == nil and crashes == 0,
       ("%s: 600 random or mutated positions: %d accepted and read back, %d refused with a " ..
        "message%s"):format(name, accepted, refused, bad_answer and (": " .. bad_answer) or ""))

  -- moves: random and mutated move text on positions of a game, the state unchanged on refusal
  local unchanged, played, refusals, wrong = true, 0, 0, nil
  g = sg.new(name, {seed = 5})
  for trial = 1, 400 do
    if g:status() ~= "playing" then g = sg.new(name, {seed = trial}) end
    local legal = g:moves()
    local text
    if trial % 2 == 0 and #legal > 0 then text = mutate(legal[rnd(#legal) + 1])
    else text = random_text(rnd(24)) end
    local pos_before = g:position(ALL)
    local ply = g:ply()
    local ok, err = pcall(g.play, g, text)
    if ok then
      played = played + 1
    else
      refusals = refusals + 1
      if g:position(ALL) ~= pos_before or g:ply() ~= ply then unchanged = false end
      if type(err) ~= "string" or not (err:find("move") or err:find("action") or
                                       err:find("command")) then
        wrong = wrong or ("%q: %s"):format(text, tostring(err))
      end
    end
  end
  t.ok(unchanged and wrong == nil,
       ("%s: 400 random or mutated moves: %d played, %d refused with a message naming the " ..
        "move, the game unchanged%s"):format(name, played, refusals,
                                             wrong and (": " .. wrong) or ""))
end
t.done()
