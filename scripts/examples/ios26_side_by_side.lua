-- ios26_side_by_side.lua: one screen, the same swipes, under UIKit before
-- iOS 26 and the three iOS 26 stacks (manual §5.11). The screen has a
-- full-width carousel of three pages at the top (y 100 to 300), a slider
-- (y 400), an open swipeable row (y 480) and a drawing canvas that handles
-- raw touches (y 560 to 760); each swipe moves 200 pt to the right.
--
--   navlua run scripts/examples/ios26_side_by_side.lua
--
-- Then the fixes: the carousel that requires the edge swipe to fail (the
-- usual app fix before iOS 26), and FDFullscreenPopGesture kept on iOS 26.

local W = 390

local function app(options, page)
  navlua.reset()
  options.root = navlua.screen{title = "Home"}
  local nav = navlua.navigation(options)
  local detail = navlua.screen{title = "Detail", max_initial_distance = options.style and 60 or nil}
  local carousel = detail:add_scroll_view{x = 0, y = 100, width = W, height = 200, content_width = 3 * W,
                                          offset = page * W, paging = true}
  detail:add_control{kind = "slider", x = 20, y = 400, width = W - 40, height = 30}
  detail:add_control{kind = "swipe_row", y = 480, open = true}
  local canvas = detail:add_control{kind = "canvas", y = 560, height = 200}
  nav:push(detail, {animated = false})
  return nav, carousel, canvas
end

-- What a swipe did: "pop (pop:content)", "scroll", or "stay (refusal)".
local function swipe(nav, x, y)
  local r = navlua.drag{from = {x, y}, by = {200, 0}, duration = 0.25}
  navlua.settle()
  local arenas = navlua.trace("arena")
  local winner = #arenas > 0 and arenas[#arenas].winner or "pop"
  if nav.top.title == "Home" then return "pop (" .. winner .. ")" end
  if r.recognizer == "scroll" then return "scroll" end
  if r.recognizer == "control" then return "the control's" end
  return "stay (" .. tostring(r.refused_by) .. ")"
end

local swipes = {
  {"from the edge, over the carousel on page 1", 5, 200, 1},
  {"mid-screen, over the carousel on page 0", 150, 200, 0},
  {"mid-screen, over the carousel on page 1", 150, 200, 1},
  {"mid-screen, along the slider", 150, 415, 0},
  {"mid-screen, on the open row", 150, 500, 0},
  {"mid-screen, on the canvas (raw touches)", 150, 660, 0},
  {"mid-screen, below everything", 150, 800, 0},
}
local presets = {"uikit", "ios26", "swiftui", "native_stack"}

io.write(string.format("%-44s", "swipe right 200 pt"))
for _, p in ipairs(presets) do io.write(string.format(" | %-22s", p)) end
print()
for _, s in ipairs(swipes) do
  io.write(string.format("%-44s", s[1]))
  for _, p in ipairs(presets) do
    local nav = app({preset = p}, s[4])
    io.write(string.format(" | %-22s", swipe(nav, s[2], s[3])))
  end
  print()
end

local canvasNav, _, canvas = app({preset = "ios26"}, 0)
swipe(canvasNav, 150, 660)
print(string.format("the canvas under ios26 after that swipe: %d touch, %d cancelled (the content swipe took it)",
                    canvas.touches, canvas.cancelled))

print()
print("the fix before iOS 26: carousel:require_to_fail(nav:pop_recognizer(\"edge\"))")
local nav, carousel = app({preset = "uikit"}, 1)
carousel:require_to_fail(nav:pop_recognizer("edge"))
print("  from the edge, carousel on page 1: " .. swipe(nav, 5, 200))
print("  mid-screen, carousel on page 1:    " .. swipe(app({preset = "uikit"}, 1), 150, 200))

print()
print("FDFullscreenPopGesture kept on iOS 26 (style = \"fullscreen\"), Detail sets max_initial_distance = 60:")
for _, p in ipairs{"uikit", "ios26"} do
  local nav2 = app({preset = p, style = "fullscreen"}, 0)
  local did = swipe(nav2, 150, 600)
  local pitfall = navlua.trace("pitfall")[1]
  print(string.format("  %-6s recognizers %-22s mid-screen: %-22s %s", p,
                      (function() local k = {} for _, r in ipairs(nav2.pop_recognizers) do k[#k + 1] = r.kind end
                        return table.concat(k, ",") end)(), did,
                      pitfall and ("pitfall " .. pitfall.name .. ": " .. pitfall.fix) or ""))
end
