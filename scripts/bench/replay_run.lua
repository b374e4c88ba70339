-- replay_run.lua SECONDS: a run of SECONDS of virtual time at 60 fps for
-- the replay benchmark (scripts/bench/replay.sh): pushes, swipes that pop
-- and swipes released early, a finger down about a third of the time.
local seconds = tonumber(arg and arg[1]) or 10
local nav = navlua.navigation{root = navlua.screen{title = "Feed"}}
local i = 0
while navlua.now() < seconds do
  i = i + 1
  nav:push(navlua.screen{title = "Detail " .. i % 50})
  navlua.settle()
  navlua.drag{from = {120, 400}, by = {i % 3 == 0 and 60 or 250, 30}, duration = 0.4}
  navlua.settle()
  if #nav.screens > 1 then nav:pop() navlua.settle() end
end
