-- seed004_leaking_switch.lua: seed 004's pitfall. The pop gesture switch
-- (interactivePopGestureRecognizer.enabled) is global: A -> B -> C, C turns
-- it off, and back on B the swipe is still dead. The fix keeps the
-- decision per screen (seed 004's dictionary; navlua's pop_disabled).
--
--   navlua run scripts/examples/seed004_leaking_switch.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"

local nav
local function device(r)
  return r.recognizer == "pop" and ("the screen slid back to " .. nav.top.title)
      or "nothing moved (the swipe did nothing)"
end

local function swipe(label)
  local r = navlua.drag{from = {5, 400}, by = {250, 0}}
  navlua.settle()
  print(string.format("  %-32s refused_by=%-12s -> %s", label, tostring(r.refused_by), device(r)))
end

print("the leak: C sets nav.pop_gesture = false in will_appear")
nav = navlua.navigation{style = "edge", root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"}, {animated = false})
nav:push(navlua.screen{title = "C", will_appear = function() nav.pop_gesture = false end})
navlua.settle()
swipe("swipe on C (meant to fail)")
nav:back()
navlua.settle()
swipe("back on B, swipe again")
for _, e in ipairs(navlua.trace("pitfall")) do
  print(string.format("  trace: %.3fs pitfall %s on %s (turned off by %s)", e.t, e.name, e.screen, e.turned_off_by))
  print("  fix: " .. e.fix)
end

print("\nthe per-screen fix: C says pop_disabled = true, the switch stays on")
navlua.reset()
nav = navlua.navigation{style = "edge", root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"}, {animated = false})
nav:push(navlua.screen{title = "C", pop_disabled = true})
navlua.settle()
swipe("swipe on C (meant to fail)")
nav:back()
navlua.settle()
swipe("back on B, swipe again")
print("  pitfalls: " .. #navlua.trace("pitfall") .. ", stack: " .. account.stack(nav))
