-- 048-plot.lua: the charts the project draws itself (stratagem.plot): line charts of a match's
-- Elo and of an SPRT's LLR against its bounds, bar charts of a tournament's first places; each
-- well-formed standalone SVG, the same bytes for the same data, text escaped.
package.path = arg[0]:gsub("[^/]*$", "") .. "?.lua;" .. package.path
local t = require "tap"
local _   -- the results of t.run that a claim does not use
local plot = require "stratagem.plot"
local S = t.q(t.stratagem)

-- Well formed: one <svg> root with xmlns and viewBox; every tag closed in order; attributes
-- quoted; no script; no bare & or < in text.  Returns true or false and why.
local function well_formed(svg)
  if not svg:match('^<svg xmlns="http://www.w3.org/2000/svg"[^>]* viewBox="[^"]+"') then
    return false, "no <svg> root with xmlns and viewBox"
  end
  if svg:find("<script", 1, true) then return false, "a script" end
  local stack, pos = {}, 1
  while true do
    local a, b, body = svg:find("<([^>]*)>", pos)
    if not a then break end
    local text = svg:sub(pos, a - 1)
    if text:find("<") or text:find("&[^%a#]") then return false, "bare < or & in text" end
    local closing, name, rest = body:match("^(/?)([%w:]+)(.-)$")
    if not name then return false, "a malformed tag <" .. body .. ">" end
    local self = rest:sub(-1) == "/"
    local attrs = self and rest:sub(1, -2) or rest
    local left = attrs:gsub('%s+[%w:%-]+="[^"]*"', "")
    if left:match("%S") then return false, "an attribute not quoted in <" .. body .. ">" end
    if closing == "/" then
      if stack[#stack] ~= name then return false, "</" .. name .. "> closes " .. tostring(stack[#stack]) end
      stack[#stack] = nil
    elseif not self then
      stack[#stack + 1] = name
    end
    pos = b + 1
  end
  if #stack > 0 then return false, "unclosed <" .. stack[#stack] .. ">" end
  return true
end

local function count(s, pat)
  local n = 0
  for _ in s:gmatch(pat) do n = n + 1 end
  return n
end

-- the module
local spec = {title = "a & b <c>", xlabel = "games", ylabel = "Elo",
              series = {{name = "x \"y\"", points = {{1, 10}, {2, -5}, {3, math.huge}, {4, 0 / 0}}}},
              hlines = {{y = 0, name = "zero"}}}
local svg = plot.lines(spec)
local wf, why = well_formed(svg)
t.ok(wf, "a line chart is well-formed SVG" .. (why and (": " .. why) or ""))
t.is(plot.lines(spec), svg, "the same data, the same bytes")
t.like(svg, "a &amp; b &lt;c&gt;", "the title escaped")
t.like(svg, "x &quot;y&quot;", "a series name escaped")
t.like(svg, 'class="series"[^>]-points="[%d.]+,[%d.]+ [%d.]+,[%d.]+"', "infinite and NaN points left out")
t.is(count(svg, 'class="bound"'), 1, "a bound line")
local bars = plot.bars{title = "t", bars = {{name = "a", value = 0.6, lo = 0.5, hi = 0.7},
                                            {name = "b", value = 0.4, lo = 0.3, hi = 0.5}},
                       hline = {y = 0.5, name = "equal"}}
t.ok(well_formed(bars), "a bar chart is well formed")
t.is(count(bars, 'class="bar"'), 2, "a bar each")
t.is(count(bars, 'class="interval"'), 2, "an interval each")
t.ok(well_formed(plot.lines{}), "an empty chart too")

-- a tournament's first places
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. t.q(dir))
local res = require("stratagem.tournament").run{game = "connect4", games = 4, progress = false,
  entrants = {{name = "deep", search = {depth = 4}}, {name = "shallow", search = {depth = 1}}},
  plot = dir .. "/t.svg"}
local ts = assert(io.open(dir .. "/t.svg")):read("a")
t.ok(well_formed(ts), "tournament plot: well formed")
t.is(count(ts, 'class="bar"'), #res.entrants, "a bar per entrant")
t.like(ts, ">deep<", "named")
t.errors(function() require("stratagem.tournament").run{game = "connect4", games = 2,
  entrants = {{name = "a", search = {}}, {name = "b", search = {}}}, plot = 3} end,
  "plot must be the name of an SVG file", "a bad plot setting refused")

-- an SPRT's LLR against its bounds
local out, err, code = t.run(S .. " sprt connect4 --a '{search = {depth = 2}}' --b '{search = " ..
                             "{depth = 4}}' --elo1 20 --jobs 1 --quiet --plot " .. t.q(dir .. "/s.svg"))
t.is(code, 0, "sprt --plot: exit 0 " .. err)
local ss = assert(io.open(dir .. "/s.svg")):read("a")
t.ok(well_formed(ss), "sprt plot: well formed")
t.is(count(ss, 'class="bound"'), 2, "its two bounds")
t.is(count(ss, 'class="series"'), 1, "and the LLR")
local rounds = tonumber(out:match("games (%d+)")) or 0
local npts = select(2, ss:match('class="series"[^>]-points="([^"]*)"'):gsub("%S+", ""))
t.is(npts * 2, rounds, "a point per round of two games (" .. rounds .. " games)")
_, err, code = t.run(S .. " sprt connect4 --a '{}' --b '{}' --plot")
t.ok(code == 2 and err:find("%-%-plot needs a value"), "--plot without a file refused")

-- a match's Elo over the games
local sum = require("stratagem.match").run{engines = {{cmd = t.stratagem .. " uci"},
  {cmd = t.stratagem .. " uci", options = {["Skill Level"] = 0}}}, games = 4, depth = 2,
  progress = false, plot = dir .. "/m.svg", resign = true}
local ms = assert(io.open(dir .. "/m.svg")):read("a")
t.ok(well_formed(ms), "match plot: well formed")
t.is(#sum.history, 4, "the Elo after every game is kept")
t.like(ms, "Elo of [^<]- over 4 games", "titled")

os.execute("rm -rf " .. t.q(dir))
t.done()
