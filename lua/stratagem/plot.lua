-- stratagem.plot: small SVG charts made by the project itself (no plotting program needed, the
-- same data gives the same bytes): lines over a run (Elo over games with its 95% interval,
-- an SPRT's LLR against its bounds) and bars with intervals (a tournament's win shares).
local M = {}
local fmt = string.format

local W, H, L, T, R, B = 760, 420, 70, 40, 200, 50   -- size and margins (left, top, right, bottom)
local COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
                 "#7f7f7f", "#bcbd22", "#17becf"}

local function esc(s)
  return (tostring(s):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

local function finite(v) return type(v) == "number" and v == v and v > -math.huge and v < math.huge end

-- Round tick steps: 1, 2 or 5 times a power of ten, about `want` of them over lo..hi.
local function ticks(lo, hi, want)
  local span = hi - lo
  if span <= 0 then return {lo} end
  local raw = span / want
  local p = 10 ^ math.floor(math.log(raw, 10))
  local step = p
  for _, m in ipairs({1, 2, 5, 10}) do
    if m * p >= raw then step = m * p; break end
  end
  local out = {}
  local v = math.ceil(lo / step) * step
  while v <= hi + step * 1e-9 do
    out[#out + 1] = math.abs(v) < step * 1e-9 and 0 or v
    v = v + step
  end
  return out
end

local function num(v)
  if v == math.floor(v) and math.abs(v) < 1e9 then return fmt("%d", v) end
  return fmt("%.3g", v)
end

local function frame(title, xlabel, ylabel)
  return {fmt('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" ' ..
              'font-family="sans-serif" font-size="12">', W, H, W, H),
          fmt('<rect width="%d" height="%d" fill="white"/>', W, H),
          fmt('<text x="%d" y="22" font-size="15">%s</text>', L, esc(title)),
          fmt('<text x="%d" y="%d" text-anchor="middle">%s</text>', L + (W - L - R) // 2, H - 10,
              esc(xlabel or "")),
          fmt('<text x="16" y="%d" text-anchor="middle" transform="rotate(-90 16 %d)">%s</text>',
              T + (H - T - B) // 2, T + (H - T - B) // 2, esc(ylabel or ""))}
end

-- A line chart.  spec = {title =, xlabel =, ylabel =, series = {{name =, points = {{x, y},
-- ...}, dash = bool, colour =}, ...}, hlines = {{y =, name =}, ...}}.  Points that are not
-- finite numbers (an infinite Elo) are left out.  Returns the SVG text.
function M.lines(spec)
  local pw, ph = W - L - R, H - T - B
  local xlo, xhi, ylo, yhi = math.huge, -math.huge, math.huge, -math.huge
  for _, s in ipairs(spec.series or {}) do
    for _, p in ipairs(s.points or {}) do
      if finite(p[1]) and finite(p[2]) then
        xlo, xhi = math.min(xlo, p[1]), math.max(xhi, p[1])
        ylo, yhi = math.min(ylo, p[2]), math.max(yhi, p[2])
      end
    end
  end
  for _, h in ipairs(spec.hlines or {}) do
    if finite(h.y) then ylo, yhi = math.min(ylo, h.y), math.max(yhi, h.y) end
  end
  if xlo > xhi then xlo, xhi = 0, 1 end
  if ylo > yhi then ylo, yhi = 0, 1 end
  if xhi == xlo then xhi = xlo + 1 end
  if yhi == ylo then ylo, yhi = ylo - 1, yhi + 1 end
  local pad = (yhi - ylo) * 0.05
  ylo, yhi = ylo - pad, yhi + pad
  local function X(x) return L + pw * (x - xlo) / (xhi - xlo) end
  local function Y(y) return T + ph - ph * (y - ylo) / (yhi - ylo) end
  local out = frame(spec.title or "", spec.xlabel, spec.ylabel)
  out[#out + 1] = fmt('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>',
                      L, T, pw, ph)
  for _, v in ipairs(ticks(ylo, yhi, 5)) do
    out[#out + 1] = fmt('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>', L, L + pw, Y(v), Y(v))
    out[#out + 1] = fmt('<text x="%d" y="%.1f" text-anchor="end">%s</text>', L - 6, Y(v) + 4, num(v))
  end
  for _, v in ipairs(ticks(xlo, xhi, 6)) do
    out[#out + 1] = fmt('<text x="%.1f" y="%d" text-anchor="middle">%s</text>', X(v), T + ph + 16, num(v))
  end
  local legend = 0
  local function key(name, colour, dash)
    legend = legend + 1
    local y = T + 10 + 18 * (legend - 1)
    out[#out + 1] = fmt('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"%s/>',
                        L + pw + 12, L + pw + 30, y, y, colour, dash and ' stroke-dasharray="4 3"' or "")
    out[#out + 1] = fmt('<text x="%d" y="%d">%s</text>', L + pw + 36, y + 4, esc(name))
  end
  for _, h in ipairs(spec.hlines or {}) do
    if finite(h.y) then
      out[#out + 1] = fmt('<line class="bound" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s" ' ..
                          'stroke-dasharray="6 4"/>', L, L + pw, Y(h.y), Y(h.y), h.colour or "#555")
      key(h.name or "", h.colour or "#555", true)
    end
  end
  for i, s in ipairs(spec.series or {}) do
    local colour = s.colour or COLOURS[(i - 1) % #COLOURS + 1]
    local pts = {}
    for _, p in ipairs(s.points or {}) do
      if finite(p[1]) and finite(p[2]) then pts[#pts + 1] = fmt("%.1f,%.1f", X(p[1]), Y(p[2])) end
    end
    if #pts > 0 then
      out[#out + 1] = fmt('<polyline class="series" fill="none" stroke="%s" stroke-width="%s"%s points="%s"/>',
                          colour, s.dash and "1" or "2", s.dash and ' stroke-dasharray="4 3"' or "",
                          table.concat(pts, " "))
    end
    key(s.name or "", colour, s.dash)
  end
  out[#out + 1] = "</svg>\n"
  return table.concat(out, "\n")
end

-- A bar chart with 95% intervals.  spec = {title =, ylabel =, bars = {{name =, value =, lo =,
-- hi =}, ...}, hline = {y =, name =}}; values as fractions (0 to 1) are drawn as percentages.
function M.bars(spec)
  local pw, ph = W - L - R, H - T - B
  local bars = spec.bars or {}
  local yhi = 0
  for _, b in ipairs(bars) do yhi = math.max(yhi, b.hi or b.value or 0) end
  if spec.hline then yhi = math.max(yhi, spec.hline.y) end
  yhi = math.min(1, yhi * 1.1 + 0.02)
  local function Y(y) return T + ph - ph * y / yhi end
  local out = frame(spec.title or "", spec.xlabel, spec.ylabel)
  out[#out + 1] = fmt('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>',
                      L, T, pw, ph)
  for _, v in ipairs(ticks(0, yhi, 5)) do
    out[#out + 1] = fmt('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>', L, L + pw, Y(v), Y(v))
    out[#out + 1] = fmt('<text x="%d" y="%.1f" text-anchor="end">%s%%</text>', L - 6, Y(v) + 4,
                        num(v * 100))
  end
  local slot = pw / math.max(#bars, 1)
  for i, b in ipairs(bars) do
    local x = L + slot * (i - 1) + slot * 0.2
    local w = slot * 0.6
    out[#out + 1] = fmt('<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>',
                        x, Y(b.value), w, Y(0) - Y(b.value), COLOURS[(i - 1) % #COLOURS + 1])
    if b.lo and b.hi then
      local cx = x + w / 2
      out[#out + 1] = fmt('<line class="interval" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="black"/>',
                          cx, cx, Y(b.lo), Y(b.hi))
      for _, v in ipairs({b.lo, b.hi}) do
        out[#out + 1] = fmt('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="black"/>',
                            cx - 6, cx + 6, Y(v), Y(v))
      end
    end
    out[#out + 1] = fmt('<text x="%.1f" y="%d" text-anchor="middle">%s</text>', x + w / 2,
                        T + ph + 16, esc(b.name))
    out[#out + 1] = fmt('<text x="%.1f" y="%.1f" text-anchor="middle">%.1f%%</text>', x + w / 2,
                        Y(b.value) - 4, b.value * 100)
  end
  if spec.hline then
    out[#out + 1] = fmt('<line class="bound" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#555" ' ..
                        'stroke-dasharray="6 4"/>', L, L + pw, Y(spec.hline.y), Y(spec.hline.y))
    out[#out + 1] = fmt('<text x="%d" y="%.1f">%s</text>', L + pw + 8, Y(spec.hline.y) + 4,
                        esc(spec.hline.name or ""))
  end
  out[#out + 1] = "</svg>\n"
  return table.concat(out, "\n")
end

return M
