-- vertical_list.lua: "does scrolling my list pop the screen?" A full-screen
-- vertical list on a pushed screen, then the same list inside a horizontal
-- pager, each swiped a few ways under UIKit's rule and Flutter's arena
-- (manual §5.5). Each line says which pan won and why the others lost,
-- from the trace's `arena` event. Under Flutter's rule, a drag whose two
-- axes pass kTouchSlop on the same sample goes to the innermost scroll view
-- (the diagonal at 60 fps).
--
--   navlua run scripts/examples/vertical_list.lua

local W, H = 390, 844

local function arena()
  local events = navlua.trace("arena")
  local e = events[#events]
  if not e then return "no contest" end
  local joined = (e.joined or "") ~= "" and (" (joined: " .. e.joined .. ")") or ""
  return ("winner %s%s; lost: %s"):format(e.winner, joined, (e.lost or "") ~= "" and e.lost or "-")
end

local function scenario(preset, nested)
  navlua.reset()
  local nav = navlua.navigation{preset = preset, style = "fullscreen", root = navlua.screen{title = "Feed"}}
  local detail = navlua.screen{title = "Detail"}
  nav:push(detail, {animated = false})
  local pager = nested and detail:add_scroll_view{content_width = 3 * W, paging = true,
                                                   pop_simultaneous = "first_page"}
  local list = detail:add_scroll_view{content_width = W, content_height = 4 * H}
  return nav, list, pager
end

local swipes = {
  {"down the list (mostly vertical)", {200, 600}, {30, -300}},
  {"across (mostly horizontal)", {100, 400}, {250, 20}},
  {"a diagonal, 40 degrees", {100, 600}, {200, -168}},
}

for _, preset in ipairs{"uikit", "flutter"} do
  for _, nested in ipairs{false, true} do
    print(("%s, %s:"):format(preset, nested and "a list inside a pager (first page)" or "a full-screen list"))
    for _, s in ipairs(swipes) do
      local nav, list, pager = scenario(preset, nested)
      navlua.drag{from = s[2], by = s[3], duration = 0.3}
      navlua.settle()
      -- (gsub's count dropped: print would show it)
      print(((("  %-32s -> top %-6s list offset_y %-7g%s"):format(s[1], nav.top.title, list.offset_y,
            pager and ("pager page " .. pager.page) or "")):gsub("%s+$", "")))
      print("      arena: " .. arena())
    end
  end
end
