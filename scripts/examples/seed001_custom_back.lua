-- seed001_custom_back.lua: seed 001 step by step. A custom back button
-- silently kills UIKit's edge swipe; clearing the gesture's delegate
-- brings it back, but a swipe on the root screen then freezes the app;
-- the fix is a delegate of one's own that refuses at the root.
--
--   navlua run scripts/examples/seed001_custom_back.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"

-- What the user would have seen on a device, after a swipe from the edge.
local function device(nav, r)
  if nav.stuck then
    return "the app looks frozen: the screen does not move, taps do nothing"
  elseif r.recognizer == "pop" then
    return "the screen slid back to " .. nav.top.title
  else
    return "nothing moved (the swipe did nothing)"
  end
end

local function swipe(label, nav)
  local r = navlua.drag{from = {5, 400}, by = {250, 0}}
  if not nav.stuck then navlua.settle() end
  print(string.format("  %-40s %-28s -> %s", label, "refused_by=" .. tostring(r.refused_by), device(nav, r)))
  print("      stack: " .. account.stack(nav))
end

-- The seed's pushViewController: every screen but the root gets a custom
-- back button ("返回").
local function app(delegate)
  navlua.reset()
  local nav = navlua.navigation{style = "edge", gesture_delegate = delegate,
                                root = navlua.screen{title = "Home"}}
  nav:push(navlua.screen{title = "Detail", back_button = "custom"}, {animated = false})
  return nav
end

print("step 1: a custom back button, UIKit's own delegate")
local nav = app("uikit")
swipe("edge swipe on Detail", nav)
nav:back()
navlua.settle()
print("  the custom button still goes back:      stack: " .. account.stack(nav))
print("  " .. navlua.trace("pitfall")[1].name .. ": " .. navlua.trace("pitfall")[1].fix)

print("\nstep 2: the delegate cleared (interactivePopGestureRecognizer.delegate = nil)")
nav = app(false)
swipe("edge swipe on Detail", nav)
swipe("edge swipe on Home, the root", nav)
print("  nav.stuck = " .. tostring(nav.stuck) .. ", transitioning = " .. tostring(nav.transitioning))
nav:push(navlua.screen{title = "Settings"})
navlua.advance(1)
print("  tapping a row pushes Settings a second later: stack " .. account.stack(nav)
      .. " (the push waits in the queue for ever)")
local r = navlua.drag{from = {5, 400}, by = {250, 0}}
print("  another swipe: recognizer = " .. tostring(r.recognizer) .. " (touches are ignored)")
for _, e in ipairs(navlua.trace("pitfall")) do
  print(string.format("  trace: %.3fs pitfall %s on %s: %s", e.t, e.name, e.screen, e.why))
end
local ok, err = pcall(navlua.settle, 2)
print("  navlua.settle(2) fails:\n    " .. tostring(err):gsub("\n", "\n    "))

print("\nstep 3: the fix, a delegate of one's own (delegate = self)")
nav = app{should_receive_touch = function(n) return n.count > 1 end}
swipe("edge swipe on Detail", nav)
swipe("edge swipe on Home, the root", nav)
print("  pitfalls: " .. #navlua.trace("pitfall"))
