-- A swipe a carousel takes, then one released too soon: the scenario of
-- issue 39 items 7 and 8, shared by replay_spec.lua and the runner's own
-- runner_spec.lua (which reads this file by its path). Ends settled.
return [[
local nav = navlua.navigation{root = navlua.screen{title = "Home"}}
local edit = navlua.screen{title = "EditProfile"}
edit:add_scroll_view{x = 0, y = 100, width = 390, height = 200, content_width = 1000}
nav:push(edit)
navlua.settle()
navlua.drag{from = {100, 150}, by = {250, 0}}
navlua.drag{from = {5, 400}, by = {40, 0}, duration = 0.5}
navlua.settle()
]]
