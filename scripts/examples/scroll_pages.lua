-- scroll_pages.lua: scroll views and page view controllers against the
-- full-screen pop (seed 003, TGPopGesture). A horizontal scroll view takes
-- the pan first; the pop may join when the view is at its leading edge
-- (FD's README recipe) or, for a page view controller whose offset always
-- snaps back to one width, when it shows its first page.
--
--   navlua run scripts/examples/scroll_pages.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"
local W = 390

local function setup(scroll)
  navlua.reset()
  local nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "Home"}}
  local screen = navlua.screen{title = "Photos"}
  nav:push(screen, {animated = false})
  return nav, screen:add_scroll_view(scroll)
end

print("1. a plain horizontal scroll view (no recipe): the scroll view wins")
local nav, sv = setup{y = 200, height = 400, content_width = 3 * W}
account.swipe("right swipe on the scroll view", nav, {from = {100, 400}, by = {200, 0}})

print("\n2. pop_simultaneous = 'at_leading_edge' (FD README)")
nav, sv = setup{y = 200, height = 400, content_width = 3 * W, paging = true, pop_simultaneous = "at_leading_edge"}
account.swipe("left swipe: next page", nav, {from = {300, 400}, by = {-250, 0}})
print(string.format("    page %d, offset %.0f", sv.page, sv.offset))
account.swipe("right swipe on page 1", nav, {from = {100, 400}, by = {300, 0}})
print(string.format("    page %d, offset %.0f", sv.page, sv.offset))
account.swipe("right swipe on page 0", nav, {from = {100, 400}, by = {200, 0}})

print("\n3. a page view controller: offset resets to one width after each page")
nav, sv = setup{y = 200, height = 400, content_width = 3 * W, paging = true,
                page_offset_reset = true, pop_simultaneous = "at_leading_edge"}
print(string.format("    with 'at_leading_edge' the offset is %.0f, never <= 0:", sv.offset))
account.swipe("right swipe on the first page", nav, {from = {100, 400}, by = {200, 0}})
nav, sv = setup{y = 200, height = 400, content_width = 3 * W, paging = true,
                page_offset_reset = true, pop_simultaneous = "first_page"}
print("    with 'first_page' (TGPopGesture: the page index decides):")
account.swipe("left swipe: next page", nav, {from = {300, 400}, by = {-250, 0}})
print(string.format("    page %d, offset %.0f", sv.page, sv.offset))
account.swipe("right swipe on page 1", nav, {from = {50, 400}, by = {300, 0}})
print(string.format("    page %d, offset %.0f", sv.page, sv.offset))
account.swipe("right swipe on page 0", nav, {from = {100, 400}, by = {200, 0}})
