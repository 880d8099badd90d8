-- Tic-tac-toe between two AIs: the exact alpha-beta search, each choosing at random (from the
-- seed) among its equally good moves, so games differ from seed to seed but both sides play
-- perfectly and every game is a draw.
-- Usage: stratagem scenarios/tictactoe/demo.lua [SEED] [--delay SECONDS]
-- (--delay: each move stays on the screen that long when the output is a terminal; default 0.5)
local sg = require "stratagem"

local args, delay = {}, sg.isatty() and 0.5 or 0
local i = 1
while arg and arg[i] do
  if arg[i] == "--delay" then
    delay = tonumber(arg[i + 1] or "")
    if not delay or delay < 0 then
      io.stderr:write("--delay needs a number of seconds, got ", tostring(arg[i + 1]), "\n")
      os.exit(2)
    end
    i = i + 2
  else
    args[#args + 1], i = arg[i], i + 1
  end
end
if not sg.isatty() then delay = 0 end
local seed = math.tointeger(tonumber(args[1] or "")) or 2026
local g = sg.new("tictactoe", {seed = seed})
print(("tic-tac-toe, two AIs, seed %d\n"):format(seed))
print(g)
while g:status() == "playing" do
  local who = ({"x", "o"})[g:player()]
  local r = sg.search(g, {random = 0, symmetry = true})
  g:play(r.move)
  print(("\n%s plays %s   (score %d: %s; %d nodes, %d equally good moves)"):format(
    who, r.move, r.score, r.score > 0 and "a win" or r.score < 0 and "a loss" or "a draw",
    r.nodes, r.candidates))
  print(g)
  if delay > 0 then sg.sleep(delay) end
end
local status, winner = g:status()
print(("\nresult: %s%s after %s"):format(status, winner and (" by player " .. winner) or "",
                                         table.concat(g:history(), " ")))
