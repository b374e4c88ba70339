-- explore_seed001.lua: seed 001's app, from its code alone, and navlua.explore
-- finds the root freeze (假死) without being told where to look.
--
-- The seed's navigation controller overrides pushViewController to give
-- every screen but the root a custom back button ("返回"), which silently
-- kills UIKit's edge swipe; to bring the swipe back it clears the
-- gesture's delegate (interactivePopGestureRecognizer.delegate = nil).
--
--   navlua explore scripts/examples/explore_seed001.lua
--
-- prints a short script (one edge swipe at the root) and exits 1.

local explore = {}

function explore.setup()
  local home = navlua.screen{title = "Home"}
  -- self.interactivePopGestureRecognizer.delegate = nil
  local nav = navlua.navigation{style = "edge", gesture_delegate = false, root = home}
  -- pushViewController: the screens it pushes get the custom back button
  local screens = {
    navlua.screen{title = "List", back_button = "custom"},
    navlua.screen{title = "Detail", back_button = "custom"},
  }
  return {nav = nav, screens = screens}
end

-- The app's own rule: whatever the user does, Home stays at the root.
function explore.property(app)
  return app.nav.screens[1].title == "Home", "Home is no longer the root"
end

return explore
