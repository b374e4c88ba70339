-- Manual §5.4: the begin checks of each style, in order. Each case is
-- refused by exactly the check it names (the drag result and the trace say
-- which one, as `refused_by`).

local W = 390

-- A navigation of `style` with root A and B pushed (no animation).
local function two(style, b_fields, nav_options)
  local b = b_fields or {}
  b.title = "B"
  local opts = nav_options or {}
  opts.style = style
  opts.root = navlua.screen{title = "A"}
  local nav = navlua.navigation(opts)
  local screen_b = navlua.screen(b)
  nav:push(screen_b, {animated = false})
  return nav, screen_b
end

local function swipe(from_x, dx, dy)
  return navlua.drag{from = {from_x, 400}, by = {dx, dy or 0}, duration = 0.25}
end

local function last_refusal()
  local refused
  for _, e in ipairs(navlua.trace("gesture")) do
    if e.refused_by then refused = e.refused_by end
  end
  return refused
end

describe("fullscreen style (FDFullscreenPopGesture order)", function()
  before_each(function() navlua.reset() end)

  it("begins anywhere with a rightward pan", function()
    local nav = two("fullscreen")
    local r = swipe(200, 150)
    assert.are.equal("pop", r.recognizer)
    assert.is_nil(r.refused_by)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("is off when pop_gesture is false", function()
    local nav = two("fullscreen", nil, {pop_gesture = false})
    assert.are.equal("pop_gesture", swipe(100, 150).refused_by)
    nav.pop_gesture = true
    assert.is_nil(swipe(100, 150).refused_by)
  end)

  it("refuses at the root (count <= 1)", function()
    navlua.navigation{style = "fullscreen", root = navlua.screen{title = "A"}}
    assert.are.equal("count", swipe(100, 150).refused_by)
  end)

  it("refuses when the top screen is pop_disabled", function()
    two("fullscreen", {pop_disabled = true})
    assert.are.equal("pop_disabled", swipe(100, 150).refused_by)
  end)

  it("reads pop_disabled at decision time", function()
    local _, b = two("fullscreen", {pop_disabled = true})
    b.pop_disabled = false
    assert.is_nil(swipe(100, 150).refused_by)
  end)

  it("refuses a pan that began farther than max_initial_distance", function()
    two("fullscreen", {max_initial_distance = 50})
    assert.are.equal("max_initial_distance", swipe(100, 150).refused_by)
    navlua.reset()
    two("fullscreen", {max_initial_distance = 50})
    assert.is_nil(swipe(10, 150).refused_by)
  end)

  it("ignores max_initial_distance of 0", function()
    two("fullscreen", {max_initial_distance = 0})
    assert.is_nil(swipe(300, 80).refused_by)
  end)

  it("refuses while a transition runs", function()
    local nav = two("fullscreen")
    nav:push(navlua.screen{title = "C"})
    assert.are.equal("transitioning", swipe(100, 150).refused_by)
  end)

  it("refuses a leftward or purely vertical pan (translation.x <= 0)", function()
    two("fullscreen")
    assert.are.equal("direction", swipe(200, -150).refused_by)
    assert.are.equal("direction", swipe(200, 0, 150).refused_by)
  end)

  it("refuses when enabled returns false, and not for nil", function()
    local _, b = two("fullscreen", {enabled = function() return false end})
    assert.are.equal("enabled", swipe(100, 150).refused_by)
    navlua.reset()
    two("fullscreen", {enabled = function() return nil end})
    assert.is_nil(swipe(100, 150).refused_by)
  end)

  it("lets allow_drag_back decide, skipping will_go_back", function()
    two("fullscreen", {allow_drag_back = function() return false end})
    assert.are.equal("allow_drag_back", swipe(100, 150).refused_by)
    navlua.reset()
    local asked = false
    two("fullscreen", {allow_drag_back = function() return true end,
                       will_go_back = function() asked = true return false end})
    assert.is_nil(swipe(100, 150).refused_by)
    assert.is_false(asked)
  end)

  it("passes allow_drag_back the gesture", function()
    local seen
    two("fullscreen", {allow_drag_back = function(self, g) seen = g return true end})
    swipe(100, 150)
    assert.are.equal(1, seen.touches)
    assert.is_true(seen.translation.x > 15)
    assert.are.equal(0, seen.translation.y)
    assert.are.equal(100 + seen.translation.x, seen.location.x)
    assert.is_true(seen.velocity.x > 0)
  end)

  it("refuses when will_go_back returns false", function()
    local nav = two("fullscreen", {will_go_back = function() return false end})
    assert.are.equal("will_go_back", swipe(100, 150).refused_by)
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)

  it("checks in FD's order: the first refusal wins", function()
    two("fullscreen", {pop_disabled = true, enabled = function() return false end})
    assert.are.equal("pop_disabled", swipe(100, 150).refused_by)
    assert.are.equal("pop_disabled", last_refusal())
  end)

  it("fails when a second touch comes down before it began", function()
    two("fullscreen")
    local t1 = navlua.touch_down(100, 400)
    local t2 = navlua.touch_down(200, 500)
    t1:move_to(250, 400, 0.2)
    t1:up()
    t2:up()
    assert.are.equal("touches", last_refusal())
  end)
end)

describe("edge style (UIKit's edge swipe)", function()
  before_each(function() navlua.reset() end)

  it("begins from within 13 points of the leading edge", function()
    local nav = two("edge")
    assert.are.equal("pop", swipe(10, 200).recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("fails at touch-down outside the edge", function()
    two("edge")
    assert.are.equal("edge_width", swipe(14, 200).refused_by)
    local e = navlua.trace("gesture")[1]
    assert.are.equal(navlua.trace("touch")[1].frame, e.frame)  -- decided at touch-down
  end)

  -- UIScreenEdgePanGestureRecognizer fails on a pan that does not leave
  -- the edge: navlua's estimate is 45 degrees (manual §5.4.2).
  it("refuses a mostly vertical drag from the edge (the edge pan's direction test)", function()
    local nav = two("edge")
    local r = navlua.drag{from = {5, 300}, by = {20, 300}, duration = 0.25}
    assert.is_nil(r.recognizer)
    assert.are.equal("direction", r.refused_by)
    navlua.settle()
    assert.are.equal(2, nav.count)
    assert.are.equal("pop", navlua.drag{from = {5, 300}, by = {200, 150}, duration = 0.25}.recognizer)
  end)

  it("applies the direction test with the app's gesture delegate too (it is the recognizer's own)", function()
    two("edge", nil, {gesture_delegate = {should_begin = function() return true end}})
    assert.are.equal("direction", navlua.drag{from = {5, 300}, by = {20, 300}, duration = 0.25}.refused_by)
  end)

  it("honours edge_width", function()
    two("edge", nil, {edge_width = 40})
    assert.is_nil(swipe(30, 200).refused_by)
  end)

  it("is off when pop_gesture is false", function()
    two("edge", nil, {pop_gesture = false})
    assert.are.equal("pop_gesture", swipe(5, 200).refused_by)
  end)

  it("refuses at the root: the freeze of seed 001 cannot happen", function()
    local nav = navlua.navigation{style = "edge", root = navlua.screen{title = "A"}}
    assert.are.equal("count", swipe(5, 200).refused_by)
    assert.is_false(nav.transitioning)
  end)

  it("refuses when the top is pop_disabled", function()
    two("edge", {pop_disabled = true})
    assert.are.equal("pop_disabled", swipe(5, 200).refused_by)
  end)

  it("refuses while a transition runs", function()
    local nav = two("edge")
    nav:push(navlua.screen{title = "C"})
    assert.are.equal("transitioning", swipe(5, 200).refused_by)
  end)

  it("refuses a pan against the layout direction, and a vertical one", function()
    two("edge")
    assert.are.equal("direction", swipe(10, -100).refused_by)
    assert.are.equal("direction", swipe(10, 0, 200).refused_by)
  end)

  it("asks enabled, allow_drag_back and will_go_back", function()
    two("edge", {enabled = function() return false end})
    assert.are.equal("enabled", swipe(5, 200).refused_by)
    navlua.reset()
    two("edge", {allow_drag_back = function() return false end})
    assert.are.equal("allow_drag_back", swipe(5, 200).refused_by)
    navlua.reset()
    two("edge", {will_go_back = function() return false end})
    assert.are.equal("will_go_back", swipe(5, 200).refused_by)
  end)

  it("mirrors in right-to-left layouts", function()
    navlua.reset{layout = "rtl"}
    local nav = two("edge")
    assert.are.equal("edge_width", swipe(W - 20, -200).refused_by)
    assert.are.equal("direction", swipe(W - 5, 100).refused_by)
    assert.are.equal("pop", swipe(W - 5, -200).recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)
end)

describe("snapshot style (QDNavigationController order)", function()
  before_each(function() navlua.reset() end)

  it("begins with a rightward pan anywhere", function()
    local nav = two("snapshot")
    assert.are.equal("pop", swipe(100, 200).recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("is off when pop_gesture is false", function()
    two("snapshot", nil, {pop_gesture = false})
    assert.are.equal("pop_gesture", swipe(100, 200).refused_by)
  end)

  it("refuses a leftward or too vertical pan by its velocity", function()
    two("snapshot")
    assert.are.equal("velocity", swipe(300, -200).refused_by)
    assert.are.equal("velocity", swipe(100, 60, 200).refused_by)
    assert.is_nil(swipe(100, 200, 90).refused_by)     -- |vy| <= |vx| / 2
  end)

  it("refuses when enabled returns false", function()
    two("snapshot", {enabled = function() return false end})
    assert.are.equal("enabled", swipe(100, 200).refused_by)
  end)

  it("lets allow_drag_back decide, skipping the scroll-view rule and will_go_back", function()
    local nav, b = two("snapshot", {allow_drag_back = function() return true end,
                                    will_go_back = function() return false end})
    b:add_scroll_view{y = 300, height = 200, content_width = 1000, offset = 100}
    assert.are.equal("pop", swipe(100, 200).recognizer)
    navlua.reset()
    two("snapshot", {allow_drag_back = function() return false end})
    assert.are.equal("allow_drag_back", swipe(100, 200).refused_by)
  end)

  it("lets a scroll view that is not at its leading edge block the pop", function()
    local _, b = two("snapshot")
    local sv = b:add_scroll_view{y = 300, height = 200, content_width = 1000, offset = 100}
    local r = swipe(100, 200)
    assert.are.equal("scroll_view", r.refused_by)
    assert.are.equal("scroll", r.recognizer)
    sv.offset = 0
    assert.are.equal("pop", swipe(100, 200).recognizer)
  end)

  it("refuses when will_go_back returns false", function()
    two("snapshot", {will_go_back = function() return false end})
    assert.are.equal("will_go_back", swipe(100, 200).refused_by)
  end)

  it("at the root goes back (dismissing when allowed) and fails", function()
    local asked = 0
    local nav = navlua.navigation{style = "snapshot", dismiss_at_root = true,
      root = navlua.screen{title = "A", will_go_back = function() asked = asked + 1 return true end}}
    nav:present{animated = false}
    assert.are.equal("root", swipe(100, 200).refused_by)
    assert.are.equal(1, asked)
    assert.are.equal(1, #navlua.trace("dismiss"))
    navlua.settle()
    assert.is_false(nav.presented)
  end)

  it("at the root without dismiss_at_root only asks will_go_back", function()
    local nav = navlua.navigation{style = "snapshot", root = navlua.screen{title = "A"}}
    nav:present{animated = false}
    assert.are.equal("root", swipe(100, 200).refused_by)
    assert.is_true(nav.presented)
  end)
end)
