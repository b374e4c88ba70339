-- system_edge.lua: UIKit's own edge swipe (seed 001). It only starts
-- within 13 pt of the leading edge; at the root it must be refused, or the
-- app freezes (the well-known bug the seed describes).
--
--   navlua run scripts/examples/system_edge.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"

local nav = navlua.navigation{style = "edge", root = navlua.screen{title = "Inbox"}}
print("UIKit edge swipe, 390 pt wide screen, edge region 13 pt:\n")
account.swipe("root only: edge swipe from x=5", nav, {from = {5, 400}, by = {200, 0}})
nav:push(navlua.screen{title = "Message"}, {animated = false})
account.swipe("swipe from the middle (x=150)", nav, {from = {150, 400}, by = {200, 0}})
account.swipe("swipe from x=14, one point too far in", nav, {from = {14, 400}, by = {200, 0}})
account.swipe("short edge swipe released still at 30%", nav, {from = {5, 400}, by = {117, 0}, hold = 0.1})
account.swipe("edge swipe released still at 49%", nav, {from = {5, 400}, by = {191, 0}, hold = 0.1})

print("\nthe same 49% release under other platforms' rules:")
for _, rule in ipairs{"uikit", "uikit_legacy", "flutter", "react_navigation"} do
  navlua.reset()
  local n = navlua.navigation{style = "edge", completion = rule, root = navlua.screen{title = "Inbox"}}
  n:push(navlua.screen{title = "Message"}, {animated = false})
  account.swipe("  completion = " .. rule, n, {from = {5, 400}, by = {191, 0}, hold = 0.1})
end

print("\nright-to-left layout: the edge is on the right")
navlua.reset{layout = "rtl"}
nav = navlua.navigation{style = "edge", root = navlua.screen{title = "Inbox"}}
nav:push(navlua.screen{title = "Message"}, {animated = false})
account.swipe("edge swipe from x=385 to the left", nav, {from = {385, 400}, by = {-250, 0}})
