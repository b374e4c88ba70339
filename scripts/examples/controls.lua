-- controls.lua: an iOS screen with a carousel, a swipeable row, a slider and
-- a drawing canvas, under a full-screen pop (FDFullscreenPopGesture's pan,
-- the shape of iOS 26's content swipe) and under UIKit's edge swipe. Each
-- swipe starts from the same screen; the line says who took the pan and
-- what the control did (manual §3.5).
--
--   navlua run scripts/examples/controls.lua

package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
local account = require "account"
local W = 390

-- Home > Settings; Settings holds the four views, top to bottom.
local function setup(style, options)
  options = options or {}
  navlua.reset()
  local nav = navlua.navigation{style = style, root = navlua.screen{title = "Home"}}
  local screen = navlua.screen{title = "Settings"}
  nav:push(screen, {animated = false})
  local views = {
    carousel = screen:add_scroll_view{y = 100, height = 200, content_width = 3 * W, paging = true},
    row = screen:add_control{kind = "swipe_row", y = 320, height = 60, open = options.open},
    slider = screen:add_control{kind = "slider", x = 0, y = 420, width = W, height = 40},
    canvas = screen:add_control{kind = "canvas", y = 500, height = 300, handles = options.canvas},
  }
  return nav, views
end

-- What the views say after a swipe.
local function state(v)
  return string.format("    carousel page %d, row %s, slider %.2f, canvas touches %d cancelled %d",
    v.carousel.page, v.row.open and "open" or "closed", v.slider.value, v.canvas.touches, v.canvas.cancelled)
end

local function case(style, label, drag, options)
  local nav, v = setup(style, options)
  account.swipe(label, nav, drag)
  print(state(v))
  for _, e in ipairs(navlua.trace("control")) do
    if e.phase == "cancelled" then print(("    the %s's touch was cancelled by %s"):format(e.kind, e.by)) end
  end
end

for _, style in ipairs{"fullscreen", "edge"} do
  local x = style == "edge" and 5 or 100   -- the edge swipe begins within 13 pt of the edge
  print(("%s style%s"):format(style, style == "edge" and " (start at x = 5)" or " (start at x = 100)"))
  case(style, "right swipe on the carousel (page 0)", {from = {x, 200}, by = {200, 0}})
  case(style, "left swipe on the closed row", {from = {300, 350}, by = {-100, 0}})
  case(style, "right swipe on the open row", {from = {x, 350}, by = {200, 0}}, {open = true})
  case(style, "right swipe on the closed row", {from = {x, 350}, by = {200, 0}})
  case(style, "right swipe along the slider", {from = {x, 440}, by = {120, 0}})
  case(style, "right swipe on the canvas (raw touches)", {from = {x, 650}, by = {200, 0}})
  case(style, "right swipe on the canvas (a recognizer)", {from = {x, 650}, by = {200, 0}},
       {canvas = "recognizer"})
  print()
end
