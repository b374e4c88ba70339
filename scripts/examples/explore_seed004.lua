-- explore_seed004.lua: seed 004's pop-gesture switch, in its first version
-- and in its fix, from the code alone. navlua.explore finds the leak in the
-- first (a screen turns the global switch off in will_appear and the swipe
-- stays dead on the screens below it) and nothing in the fix (the screen
-- keeps its wish per screen: pop_disabled).
--
--   navlua explore scripts/examples/explore_seed004.lua            the first version: exit 1
--   navlua explore scripts/examples/explore_seed004.lua --steps 30 (still finds it)
--   EXPLORE_FIX=1 navlua explore scripts/examples/explore_seed004.lua   the fix: exit 0
--
-- From Lua: navlua.explore(dofile "explore_seed004.lua"), or for the fix
-- navlua.explore(loadfile("explore_seed004.lua")("fixed")).

local fixed = ... == "fixed" or os.getenv("EXPLORE_FIX") == "1"
local explore = {runs = 300}

function explore.setup()
  local nav
  local payment   -- the screen that wants no swipe (seed 004's C)
  if fixed then
    payment = navlua.screen{title = "Payment", pop_disabled = true}
  else
    -- - (void)viewWillAppear: { self.navigationController.interactivePopGestureRecognizer.enabled = NO; }
    payment = navlua.screen{title = "Payment", will_appear = function() nav.pop_gesture = false end}
  end
  nav = navlua.navigation{style = "edge", root = navlua.screen{title = "Home"}}
  return {nav = nav, screens = {navlua.screen{title = "Orders"}, payment, navlua.screen{title = "Receipt"}}}
end

return explore
