-- sheet_list.lua: a sheet with a list. The list scrolls first; a pull down
-- once it is at its top moves the sheet instead (UIKit hands the pan over);
-- a pull up on a medium sheet expands it before the list scrolls. The
-- arena's words say who got each pull.
--
--   navlua run scripts/examples/sheet_list.lua

local H = 844
for _, preset in ipairs{"uikit", "flutter", "react_navigation"} do
  navlua.reset()
  local _ = navlua.navigation{preset = preset, root = navlua.screen{title = "Map"}}
  local places = navlua.screen{title = "Places"}
  local sheet = navlua.navigation{preset = preset, root = places}
  sheet:present{style = "page_sheet", detents = {"medium", "large"}}
  navlua.settle()
  -- the list's frame is in the card's coordinates (its origin is the card's corner)
  local list = places:add_scroll_view{content_width = 390, content_height = 3 * H, height = H}
  print(preset .. ":")
  local function swipe(label, from_y, dy)
    navlua.drag{from = {200, from_y}, by = {0, dy}, duration = 0.3, hold = 0.05}
    navlua.settle()
    local a = navlua.trace("arena")
    print(("  %-30s -> %-7s list offset_y %6.1f, sheet %s"):format(label, a[#a] and a[#a].winner or "-",
          list.offset_y, sheet.presented and tostring(sheet.detent) or "dismissed"))
  end
  swipe("pull up on the medium sheet", 600, -250)
  swipe("pull up again (large now)", 500, -300)
  swipe("pull down: the list scrolls back", 300, 200)
  list.offset_y = 0
  swipe("pull down at the list's top", 300, 700)
end
