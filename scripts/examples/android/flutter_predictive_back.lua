-- A Flutter app whose theme uses PredictiveBackPageTransitionsBuilder on
-- Android: the page shrinks toward 0.9, shifts away from the edge and rounds
-- its corners as the finger moves, and leaves in 100 ms at the commit.
--   navlua run scripts/examples/android/flutter_predictive_back.lua
-- Numbers: predictive_back_page_transitions_builder.dart (manual §15.6).

navlua.reset{width = 412, height = 915, fps = 60}
local home = navlua.screen{title = "Home"}
local details = navlua.screen{title = "Details"}
local nav = navlua.navigation{preset = "android", back_animation = "flutter", root = home}
nav:push(details)
navlua.settle()

print(("%-6s %-8s %-8s %-7s %-7s %-7s %-6s"):format("t", "phase", "progress", "scale", "x", "corner", "alpha"))
local function frame()
  local b = nav:visual().back
  if b then
    print(("%-6.3f %-8s %-8.3f %-7.3f %-7.2f %-7.2f %-6.2f"):format(
      navlua.now(), b.phase, b.progress, b.top.scale, b.top.x, b.top.corner_radius, b.top.alpha))
  end
end

local t = navlua.touch_down(4, 400)
for i = 1, 6 do
  t:move_to(4 + 30 * i, 400, 1 / 60)
  frame()
end
t:up()
for _ = 1, 8 do
  navlua.tick()
  frame()
end
navlua.settle()
print("top: " .. nav.screens[#nav.screens].title)
