-- Back at the root of an Android app: with no callback, the system plays
-- its back-to-home animation and the app goes to the background (the stack
-- stays: Android 12+ moves a root activity to the back instead of finishing
-- it). A short swipe cancels; the three-button back key goes home at once.
--   navlua run scripts/examples/android/back_to_home.lua

navlua.reset{width = 412, height = 915}
local nav = navlua.navigation{preset = "android", root = navlua.screen{title = "Home"}}

local function swipe(to)
  local t = navlua.touch_down(410, 300)    -- from the right edge
  t:move_to(to, 300, 0.15)
  local b = nav:visual().back
  print(("  mid-swipe: home=%s, the app's window at scale %.3f"):format(tostring(b and b.home), b and b.top.scale or 1))
  t:up()
  navlua.settle()
end

print("a short swipe (10 dp):")
swipe(400)
print("a full swipe:")
swipe(200)
print("the back key:")
navlua.back_key()

for _, e in ipairs(navlua.trace()) do
  if e.kind == "back_to_home" or e.kind == "app" or (e.kind == "back" and e.phase ~= "progress") then
    local what
    if e.kind == "back" then
      what = e.phase .. (e.edge and " edge=" .. e.edge or "") .. " by=" .. e.by .. (e.reason and " reason=" .. e.reason or "")
    else
      what = e.phase or (e.key and "by the key" or "by the gesture")
    end
    print(("  %.3fs %-12s %s"):format(e.t, e.kind, what))
  end
end
print("stack: " .. nav.screens[1].title .. " (" .. nav.count .. " screen)")
