-- qd_snapshot.lua: QDNavigationController (seed 000). A full-screen pan
-- slides the top screen over a scaled snapshot of the one below; the three
-- hooks Enabled / AllowDragBack / WillGoBack decide; at the root of a
-- presented navigation a right swipe dismisses it (needDissMiss).
--
--   navlua run scripts/examples/qd_snapshot.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"

local editing = true
local list = navlua.screen{title = "List"}
local editor = navlua.screen{
  title = "Editor",
  -- QDNavigationControllerWillGoBack: keep the screen while there are unsaved edits
  will_go_back = function(self) return not editing end,
}
local map = navlua.screen{
  title = "Map",
  -- QDNavigationControllerAllowDragBack: only the left 60 pt may swipe back
  allow_drag_back = function(self, gesture) return gesture.location.x - gesture.translation.x < 60 end,
}
local video = navlua.screen{
  title = "Video",
  enabled = function(self) return false end,   -- QDNavigationControllerEnabled
}

local nav = navlua.navigation{style = "snapshot", root = list, dismiss_at_root = true}
nav:present{animated = false}

print("QD snapshot style, presented modally with dismiss_at_root:\n")
nav:push(editor, {animated = false})
account.swipe("swipe on Editor with unsaved edits", nav, {from = {100, 400}, by = {200, 0}})
editing = false
print("\nhalfway through a swipe on Editor, edits saved:")
local t = navlua.touch_down(100, 400)
t:move_to(250, 400, 0.25)
local v = nav:visual()
print(string.format("    top x=%.1f  mask alpha=%.4f  snapshot of %s at (%.2f, %.2f) %.2f x %.2f",
  v.top.x, v.mask, v.snapshot.screen.title, v.snapshot.x, v.snapshot.y, v.snapshot.width, v.snapshot.height))
t:up()
print(string.format("    released %.0f pt past where the pan began: finishes in %.2fs", 250 - 120, navlua.settle()))
print("    stack: " .. account.stack(nav))

nav:push(map, {animated = false})
print()
account.swipe("swipe on Map starting at x=200", nav, {from = {200, 400}, by = {150, 0}})
account.swipe("swipe on Map starting at x=30", nav, {from = {30, 400}, by = {150, 0}})
nav:push(video, {animated = false})
account.swipe("swipe on Video (enabled = false)", nav, {from = {100, 400}, by = {200, 0}})
nav:pop{animated = false}
account.swipe("a short 70 pt swipe on List's root", nav, {from = {100, 400}, by = {70, 5}})
print(string.format("\nthe right swipe at the root dismissed the navigation: presented=%s",
                    tostring(nav.presented)))
