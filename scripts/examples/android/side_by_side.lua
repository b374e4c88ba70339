-- The same scenario on iOS and on Android, side by side: a detail screen
-- with an edge swipe back, a short swipe, a swipe from the right edge, and
-- a form that intercepts back.
--   navlua run scripts/examples/android/side_by_side.lua
--
-- The iOS column is iOS 26 (its edge and content swipes, manual §5.11).
local IOS = "ios26"

local swipes = {
  {name = "left edge, 200 dp in 0.2 s", from = {6, 400}, to = {206, 400}},
  {name = "left edge, 12 dp", from = {6, 400}, to = {18, 400}},
  {name = "right edge, 200 dp leftward", from = {384, 400}, to = {184, 400}},
  {name = "mid-screen, 200 dp", from = {150, 400}, to = {350, 400}},
}

local function run(preset, swipe, guarded)
  navlua.reset()
  local asked = false
  local detail = navlua.screen{title = "Detail"}
  if guarded then
    -- iOS: the form refuses the swipe; Android: its callback takes it
    detail.allow_drag_back = function() asked = true; return false end
    detail.back_callback = {on_pressed = function() asked = true end}
  end
  local nav = navlua.navigation{preset = preset, root = navlua.screen{title = "List"}}
  nav:push(detail)
  navlua.settle()
  local t = navlua.touch_down(swipe.from[1], swipe.from[2])
  t:move_to(swipe.to[1], swipe.to[2], 0.2)
  t:up()
  navlua.settle()
  local out = nav.count == 1 and "back" or "stays"
  if guarded then out = out .. (asked and ", form asked" or "") end
  return out
end

local presets = {IOS, "android"}
print(("%-30s | %-20s | %-20s"):format("swipe", presets[1], presets[2]))
print(("-"):rep(30) .. "-|-" .. ("-"):rep(20) .. "-|-" .. ("-"):rep(20))
for _, swipe in ipairs(swipes) do
  print(("%-30s | %-20s | %-20s"):format(swipe.name, run(presets[1], swipe), run(presets[2], swipe)))
end
print(("%-30s | %-20s | %-20s"):format("form guards back, 200 dp", run(presets[1], swipes[1], true),
                                       run(presets[2], swipes[1], true)))
