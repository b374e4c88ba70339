-- androidx's BackEventCompat held against its own test:
-- activity/activity/src/androidTest/java/androidx/activity/BackEventCompatTest.kt
-- (androidx/androidx). The original builds events by hand; navlua's events
-- come from the back gesture (BackTouchTracker), so the port drives a
-- gesture that starts where the original's event is and reads the event a
-- back_callback receives: touchX 1, touchY 2, swipeEdge EDGE_LEFT, and
-- frameTimeMillis (API 36) on navlua's clock. The original's progress 3
-- lies outside BackEventCompat's documented range [0, 1], which navlua's
-- tracker clamps to: pending. The framework conversions (BackEvent <->
-- BackEventCompat, API 34+) have no counterpart: navlua hands the
-- callback one event table.

local function started_event(fps, wait)
  navlua.reset{width = 412, height = 915, fps = fps}
  local seen
  local form = navlua.screen{title = "Form", back_callback = {
    on_started = function(_, e) seen = seen or e end}}
  local nav = navlua.navigation{preset = "android", root = navlua.screen{title = "Home"}}
  nav:push(form)
  navlua.settle()
  if wait then navlua.advance(wait) end
  local t = navlua.touch_down(1, 2)
  t:move_to(40, 2, 0.1)
  t:up()
  navlua.settle()
  return seen
end

describe("androidx BackEventCompatTest.kt, ported", function()
  it("testCreateBackEventCompat (touchX 1, touchY 2, EDGE_LEFT; frameTimeMillis is the frame's)", function()
    local e = started_event(1000)
    assert.are.equal(1, e.touch_x)
    assert.are.equal(2, e.touch_y)
    assert.are.equal("left", e.swipe_edge)
    assert.are.equal(0, e.progress)          -- a start event's progress (createStartEvent)
    assert.are.equal("integer", math.type(e.frame_time_millis))
  end)

  -- navlua's own rule beside the port (not one of the original's tests):
  -- frame_time_millis is the frame's time on navlua's clock, in ms.
  it("navlua: frame_time_millis follows the clock", function()
    local a = started_event(1000)
    local b = started_event(1000, 0.025)
    assert.are.equal(25, b.frame_time_millis - a.frame_time_millis)
  end)

  pending("testCreateBackEventCompat's progress 3: outside [0, 1]; navlua's events come from BackTouchTracker, which clamps")
  pending("testCreateBackEventCompatFromBackEvent: no framework BackEvent in navlua (API 34 conversion)")
  pending("testToBackEventFromBackEventCompat: no framework BackEvent in navlua (API 34 conversion)")
  pending("testToBackEventFromBackEventCompatWithFrameTimeMillis: no framework BackEvent in navlua (API 36 conversion)")
end)
