-- per_screen_enable.lua: seed 004. A global switch for the pop gesture, a
-- per-screen enable state (disabling it on C must not disable it on B),
-- and a callback that fires only when a swipe really went back.
--
--   navlua run scripts/examples/per_screen_enable.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"

local function did_end(self)
  print(string.format("    %6.3fs  pop_gesture_did_end on %s", navlua.now(), self.title))
end

local a = navlua.screen{title = "A"}
local b = navlua.screen{title = "B", pop_gesture_did_end = did_end}
local c = navlua.screen{title = "C", pop_disabled = true, pop_gesture_did_end = did_end}

local nav = navlua.navigation{style = "fullscreen", root = a}
nav:push(b, {animated = false})
nav:push(c, {animated = false})

print("C disables its own pop gesture:\n")
account.swipe("swipe on C", nav, {from = {100, 400}, by = {250, 0}})
nav:pop()
navlua.settle()
account.swipe("swipe on B, released still at 20%", nav, {from = {100, 400}, by = {78, 0}, hold = 0.1})
print("    (cancelled: no pop_gesture_did_end)")
account.swipe("swipe on B", nav, {from = {100, 400}, by = {250, 0}})

print("\nthe global switch (seed 004's popGestureEnabled):")
nav:push(b, {animated = false})
nav.pop_gesture = false
account.swipe("swipe with pop_gesture = false", nav, {from = {100, 400}, by = {250, 0}})
nav.pop_gesture = true
account.swipe("swipe with pop_gesture = true", nav, {from = {100, 400}, by = {250, 0}})
