-- 070-fuzz.lua: the fuzz targets (t/fuzz/) without libFuzzer: each replays its corpus (seed
-- inputs and the regression inputs of past findings) and a few thousand inputs mutated from
-- it, seeded.  A crash, a sanitizer report (in the sanitizer build) or a broken contract ends
-- the driver with a failure.  `make fuzz` runs the same targets under libFuzzer.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"

local build = (os.getenv("STRATAGEM") or "./stratagem"):gsub("[^/]*$", "")
if build == "" then build = "./" end
for _, target in ipairs({{"position", 4000}, {"lua", 1500}, {"uci", 1000}}) do
  local name, n = target[1], target[2]
  local driver = build .. "t/fuzz/" .. name .. "-driver"
  local cmd = string.format("%s -n %d -s 7 %s", t.q(driver), n,
                            t.q(t.srcdir .. "/t/fuzz/corpus/" .. name))
  local out, err, code = t.run(cmd)
  t.is(code, 0, name .. ": the driver ends normally" .. (code ~= 0 and (": " .. err:sub(-600)) or ""))
  t.like(out, "ok 1 %- %d+ inputs of the corpus", name .. ": the corpus replayed")
  t.like(out, "ok 2 %- " .. n .. " mutated inputs", name .. ": " .. n .. " mutated inputs")
end
t.done()
