-- fd_fullscreen.lua: FDFullscreenPopGesture (seed 002). A pan anywhere
-- drives the system transition; each screen says whether it shows the
-- navigation bar; max_initial_distance limits where a swipe may start;
-- pushing a screen twice is ignored.
--
--   navlua run scripts/examples/fd_fullscreen.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"

local feed = navlua.screen{title = "Feed"}
local profile = navlua.screen{title = "Profile", navigation_bar_hidden = true}
local gallery = navlua.screen{title = "Gallery", max_initial_distance = 40}

local nav = navlua.navigation{style = "fullscreen", root = feed}
navlua.on("bar", function(e)
  print(string.format("    %6.3fs  bar %s for %s", e.t, e.hidden and "hidden" or "shown", e.screen))
end)

print("FD full-screen pop, per-screen bar:\n")
nav:push(profile)
nav:push(profile)   -- FD's guard: the second push of the same screen is ignored
navlua.settle()
print(string.format("pushed Profile twice: stack %s, %d push_ignored event(s)",
                    account.stack(nav), #navlua.trace("push_ignored")))

print("\na swipe on Profile released at 20% (cancels): the bar comes back (FD issue #55)")
account.swipe("swipe from x=200, released still at 20%", nav, {from = {200, 400}, by = {78, 0}, hold = 0.1})
print(string.format("bar hidden after the cancel: %s", tostring(nav.bar_hidden)))

print()
account.swipe("swipe from x=200 on Profile", nav, {from = {200, 400}, by = {200, 0}})

nav:push(gallery, {animated = false})
print("\nGallery allows a swipe only within 40 pt of the left edge:")
account.swipe("swipe from x=150", nav, {from = {150, 400}, by = {200, 0}})
account.swipe("swipe from x=10", nav, {from = {10, 400}, by = {200, 0}})
