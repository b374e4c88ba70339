-- AOSP's BackTouchTracker held against its own test:
-- core/tests/coretests/src/android/window/BackTouchTrackerTest.kt
-- (aosp-mirror/platform_frameworks_base, the Android 16 version whose
-- update() also takes velocities, which progress does not read).
-- The original asserts every progress exactly (assertEquals(expected,
-- actual, 0f)) in Java's float: navlua's tracker computes in binary32 too,
-- and each expected value here is computed as Kotlin does, every operation
-- rounded to binary32 (f32), and compared with ==.

local function f32(x) return (string.unpack("f", string.pack("f", x))) end
local function sub(a, b) return f32(f32(a) - f32(b)) end
local function div(a, b) return f32(f32(a) / f32(b)) end
local function add(a, b) return f32(f32(a) + f32(b)) end
local function mul(a, b) return f32(f32(a) * f32(b)) end
-- MathUtils.lerp(start, stop, amount) = start + (stop - start) * amount
local function lerp(a, b, t) return add(a, mul(sub(b, a), t)) end

local MAX_DISTANCE = 500
local LINEAR_DISTANCE = 400
local NON_LINEAR_DISTANCE = MAX_DISTANCE - LINEAR_DISTANCE
local NON_LINEAR_FACTOR = f32(0.2)
local INITIAL_X_LEFT_EDGE = 5
local INITIAL_X_RIGHT_EDGE = MAX_DISTANCE - INITIAL_X_LEFT_EDGE

local function linearTouchTracker()
  local t = navlua.back_touch_tracker()
  t:set_progress_thresholds(MAX_DISTANCE, MAX_DISTANCE, NON_LINEAR_FACTOR)
  return t
end

local function nonLinearTouchTracker()
  local t = navlua.back_touch_tracker()
  t:set_progress_thresholds(LINEAR_DISTANCE, MAX_DISTANCE, NON_LINEAR_FACTOR)
  return t
end

local function assertProgress(t, expected)
  local actual = t:progress()
  if actual ~= expected then
    error(("progress: expected %.9g exactly, got %.9g"):format(expected, actual), 2)
  end
end

describe("AOSP BackTouchTrackerTest.kt, ported", function()
  it("generatesProgress_onStart", function()
    local t = linearTouchTracker()
    t:set_gesture_start_location(INITIAL_X_LEFT_EDGE, 0, "left")
    assert.are.equal(0, t:start_event().progress)
  end)

  it("generatesProgress_leftEdge", function()
    local t = linearTouchTracker()
    t:set_gesture_start_location(INITIAL_X_LEFT_EDGE, 0, "left")
    local touchX = 10
    -- Pre-commit
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), MAX_DISTANCE))
    -- Post-commit
    touchX = touchX + 100
    t:set_trigger_back(true)
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), MAX_DISTANCE))
    -- Cancel
    touchX = touchX - 10
    t:set_trigger_back(false)
    t:update(touchX, 0)
    assertProgress(t, 0)
    -- Cancel more
    touchX = touchX - 10
    t:update(touchX, 0)
    assertProgress(t, 0)
    -- Restarted, but pre-commit
    local restartX = touchX
    touchX = touchX + 10
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, restartX), MAX_DISTANCE))
    -- continue restart within pre-commit
    touchX = touchX + 10
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, restartX), MAX_DISTANCE))
    -- Restarted, post-commit
    touchX = touchX + 10
    t:set_trigger_back(true)
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), MAX_DISTANCE))
  end)

  it("generatesProgress_rightEdge", function()
    local t = linearTouchTracker()
    t:set_gesture_start_location(INITIAL_X_RIGHT_EDGE, 0, "right")
    local touchX = INITIAL_X_RIGHT_EDGE - 10 -- Fake right edge
    local target = MAX_DISTANCE
    -- Pre-commit
    t:update(touchX, 0)
    assertProgress(t, div(sub(INITIAL_X_RIGHT_EDGE, touchX), target))
    -- Post-commit
    touchX = touchX - 100
    t:set_trigger_back(true)
    t:update(touchX, 0)
    assertProgress(t, div(sub(INITIAL_X_RIGHT_EDGE, touchX), target))
    -- Cancel
    touchX = touchX + 10
    t:set_trigger_back(false)
    t:update(touchX, 0)
    assertProgress(t, 0)
    -- Cancel more
    touchX = touchX + 10
    t:update(touchX, 0)
    assertProgress(t, 0)
    -- Restarted, but pre-commit
    local restartX = touchX
    touchX = touchX - 10
    t:update(touchX, 0)
    assertProgress(t, div(sub(restartX, touchX), target))
    -- continue restart within pre-commit
    touchX = touchX - 10
    t:update(touchX, 0)
    assertProgress(t, div(sub(restartX, touchX), target))
    -- Restarted, post-commit
    touchX = touchX - 10
    t:set_trigger_back(true)
    t:update(touchX, 0)
    assertProgress(t, div(sub(INITIAL_X_RIGHT_EDGE, touchX), target))
  end)

  it("generatesNonLinearProgress_leftEdge", function()
    local t = nonLinearTouchTracker()
    t:set_gesture_start_location(INITIAL_X_LEFT_EDGE, 0, "left")
    local touchX = 10
    local linearTarget = add(LINEAR_DISTANCE, mul(MAX_DISTANCE - LINEAR_DISTANCE, NON_LINEAR_FACTOR))
    -- Pre-commit: linear progress
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), linearTarget))
    -- Post-commit: still linear progress
    touchX = touchX + 100
    t:set_trigger_back(true)
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), linearTarget))
    -- still linear progress
    touchX = INITIAL_X_LEFT_EDGE + LINEAR_DISTANCE
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), linearTarget))
    -- non linear progress
    touchX = touchX + 10
    t:update(touchX, 0)
    local nonLinearTouch = sub(sub(touchX, INITIAL_X_LEFT_EDGE), LINEAR_DISTANCE)
    local nonLinearProgress = div(nonLinearTouch, NON_LINEAR_DISTANCE)
    local nonLinearTarget = lerp(linearTarget, MAX_DISTANCE, nonLinearProgress)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), nonLinearTarget))
  end)

  it("restartingGesture_resetsInitialTouchX_leftEdge", function()
    local t = linearTouchTracker()
    t:set_gesture_start_location(INITIAL_X_LEFT_EDGE, 0, "left")
    local touchX = 100
    -- progress is increased when increasing touchX
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, INITIAL_X_LEFT_EDGE), MAX_DISTANCE))
    -- progress is reset to 0 when start location is updated
    t:update_start_location()
    assertProgress(t, 0)
    -- progress remains 0 when touchX is decreased
    touchX = touchX - 50
    t:update(touchX, 0)
    assertProgress(t, 0)
    -- progress uses new minimal touchX for progress calculation
    local newInitialTouchX = touchX
    touchX = touchX + 100
    t:update(touchX, 0)
    assertProgress(t, div(sub(touchX, newInitialTouchX), MAX_DISTANCE))
    -- the same for triggerBack == true
    t:set_trigger_back(true)
    assertProgress(t, div(sub(touchX, newInitialTouchX), MAX_DISTANCE))
  end)

  it("restartingGesture_resetsInitialTouchX_rightEdge", function()
    local t = linearTouchTracker()
    t:set_gesture_start_location(INITIAL_X_RIGHT_EDGE, 0, "right")
    local touchX = INITIAL_X_RIGHT_EDGE - 100
    -- progress is increased when decreasing touchX
    t:update(touchX, 0)
    assertProgress(t, div(sub(INITIAL_X_RIGHT_EDGE, touchX), MAX_DISTANCE))
    -- progress is reset to 0 when start location is updated
    t:update_start_location()
    assertProgress(t, 0)
    -- progress remains 0 when touchX is increased
    touchX = touchX + 50
    t:update(touchX, 0)
    assertProgress(t, 0)
    -- progress uses new maximal touchX for progress calculation
    local newInitialTouchX = touchX
    touchX = touchX - 100
    t:update(touchX, 0)
    assertProgress(t, div(sub(newInitialTouchX, touchX), MAX_DISTANCE))
    -- the same for triggerBack == true
    t:set_trigger_back(true)
    assertProgress(t, div(sub(newInitialTouchX, touchX), MAX_DISTANCE))
  end)
end)
