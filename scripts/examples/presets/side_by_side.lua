-- The same swipes under each platform preset, side by side.
--   navlua run scripts/examples/presets/side_by_side.lua
-- Each row is one swipe; each column says what that platform decided and
-- how long the page took to land after the finger lifted.
-- (Kept out of scripts/examples/*.lua so that the examples' baseline holds.)

local swipes = {
  {name = "slow 150 pt from the edge", from = {5, 400}, by = {150, 0}, duration = 0.5, hold = 0.1},
  {name = "slow 220 pt, past halfway", from = {5, 400}, by = {220, 0}, duration = 0.6, hold = 0.1},
  {name = "flick 100 pt in 80 ms", from = {5, 400}, by = {100, 0}, duration = 0.08},
  {name = "90 pt in 0.3 s, still moving", from = {5, 400}, by = {90, 0}, duration = 0.3},
  {name = "starts 30 pt from the edge", from = {30, 400}, by = {200, 0}, duration = 0.3},
  {name = "starts mid-screen", from = {200, 400}, by = {150, 0}, duration = 0.3},
}

local presets = navlua.presets()

local function run(preset, swipe)
  navlua.reset()
  local nav = navlua.navigation{preset = preset, root = navlua.screen{title = "A"}}
  nav:push(navlua.screen{title = "B"})
  local push = navlua.settle()
  local result = navlua.drag{from = swipe.from, by = swipe.by, duration = swipe.duration, hold = swipe.hold}
  -- Android's system back gesture takes the touch instead of an app pop
  if result.recognizer ~= "pop" and result.recognizer ~= "system_back" then return "-", push end
  local landed = navlua.settle()
  return (nav.count == 1 and "pop" or "stay") .. (" %3.0f ms"):format(landed * 1000), push
end

local cells, pushes = {}, {}
for i, swipe in ipairs(swipes) do
  cells[i] = {}
  for j, preset in ipairs(presets) do
    cells[i][j], pushes[j] = run(preset, swipe)
  end
end

local function row(first, rest)
  local line = ("%-32s"):format(first)
  for _, c in ipairs(rest) do line = line .. (" | %-17s"):format(c) end
  print(line)
end

row("swipe (390 x 844 pt, 60 fps)", presets)
row(("-"):rep(32), (function() local t = {} for j = 1, #presets do t[j] = ("-"):rep(17) end return t end)())
for i, swipe in ipairs(swipes) do row(swipe.name, cells[i]) end
local p = {}
for j in ipairs(presets) do p[j] = ("%.0f ms"):format(pushes[j] * 1000) end
row("push, settled after", p)
local edges = {}
for j, preset in ipairs(presets) do
  local v = navlua.preset(preset)
  edges[j] = ("%s %g pt"):format(v.style or "fullscreen", v.edge_width)
end
row("pop gesture, edge width", edges)
