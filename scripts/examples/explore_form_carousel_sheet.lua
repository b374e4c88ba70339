-- explore_form_carousel_sheet.lua: an app with a form, a carousel and a
-- sheet, explored. The form must not be left with unsaved changes (its
-- will_go_back asks first); the carousel pages photos and lets the pop
-- begin at its first page; the sheet of filters rests at medium or large.
--
--   navlua explore scripts/examples/explore_form_carousel_sheet.lua
--
-- The user cannot call nav:pop() (only the app's code can), so that action
-- is left out; toggles say which fields the app writes: the form's unsaved
-- changes come and go as the user types and saves.
--
-- What it finds (seed 1, 3 steps): the back button tapped while the form
-- is still sliding in (21 frames into the push). will_go_back answers at
-- the tap (nothing is unsaved yet) and the pop waits for the push; what is
-- typed in between leaves with the form.

local explore = {runs = 500, actions = {pop = false, pop_to_root = false}}

function explore.setup()
  local form = navlua.screen{title = "Edit profile", unsaved = false}
  -- a confirm alert: going back is refused while the form has changes
  function form.will_go_back(self) return not self.unsaved end

  local gallery = navlua.screen{title = "Gallery"}
  local carousel = gallery:add_scroll_view{y = 200, height = 300, content_width = 390 * 4, paging = true,
                                           pop_simultaneous = "at_leading_edge"}

  -- the window's navigation first: the sheet's is off screen until presented
  local nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "Home"}}
  local filters = navlua.navigation{root = navlua.screen{title = "Filters"}}
  local app
  -- what the user typed is lost when the form leaves the stack unsaved
  function form.did_disappear(self)
    for _, s in ipairs(nav.screens) do if s == self then return end end
    if self.unsaved then app.lost = true end
  end
  app = {
    nav = nav,
    screens = {form, gallery},
    scroll_views = {carousel},
    sheets = {{filters, {style = "page_sheet", detents = {"medium", "large"}}}},
    toggles = {{form, "unsaved", {true, false}}},
  }
  return app
end

-- Unsaved changes never leave the stack.
function explore.property(app)
  return not app.lost, "the form was closed with unsaved changes"
end

return explore
