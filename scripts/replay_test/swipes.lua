-- swipes.lua: the run the replay's browser tests open (replay_test.py):
-- a swipe released early (cancelled), a swipe on a screen that disables
-- the pop (refused: pop_disabled), and a swipe that pops.
--
--   navlua run --html replay.html scripts/replay_test/swipes.lua

local nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "Feed"}}
nav:push(navlua.screen{title = "Detail"})
navlua.settle()

-- released slowly at 15% of the width: the pop is cancelled
navlua.drag{from = {200, 400}, by = {60, 0}, hold = 0.1}
navlua.settle()

nav:push(navlua.screen{title = "Locked", pop_disabled = true})
navlua.settle()
-- FD's fd_interactivePopDisabled: the pan never begins
navlua.drag{from = {200, 400}, by = {200, 0}}
navlua.settle()

nav:pop()
navlua.settle()
-- a long swipe from the left: Detail pops
navlua.drag{from = {60, 400}, by = {280, 0}}
navlua.settle()
print(#nav.screens)
