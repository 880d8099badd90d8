-- scenarios/search/chess-depth.lua: what the chess-strength techniques save to a fixed depth.
--
--   stratagem scenarios/search/chess-depth.lua [DEPTH [each]]
--
-- Searches the seven positions of `stratagem bench chess` to DEPTH (default 10; one thread,
-- a 64 MB table) with every technique of the see and piece_to hooks on, with them all off, and
-- with "each", with each one alone off; prints the nodes, the time and the rate of each run
-- (times and rates depend on the machine's load; nodes do not).
local sg = require "stratagem"
local B = require "stratagem.bench"

local depth = tonumber(arg[1]) or 10
local TECH = {"see", "rfp", "futility", "lmp", "lmr_table", "countermove", "iir", "cont_history",
              "singular"}

local function run(label, extra)
  local nodes, time = 0, 0
  for _, fen in ipairs(B.chess_positions) do
    local o = {depth = depth, hash = 64}
    for k, v in pairs(extra) do o[k] = v end
    local r = sg.search(assert(sg.new("chess", {position = fen})), o)
    nodes, time = nodes + r.nodes, time + r.time
  end
  print(string.format("%-18s %d positions, depth %d: %10d nodes %9.2f ms %6.2f M nodes/s", label,
                      #B.chess_positions, depth, nodes, time * 1e3,
                      nodes / math.max(time, 1e-9) / 1e6))
end

local off = {}
for _, k in ipairs(TECH) do off[k] = false end
run("all on", {})
run("all off", off)
if arg[2] == "each" then
  for _, k in ipairs(TECH) do run(k .. " off", {[k] = false}) end
end
