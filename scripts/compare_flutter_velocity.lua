-- Holds navlua's `least_squares` velocity estimator (the flutter preset's)
-- to Flutter's own test of its VelocityTracker: every gesture of
-- velocity_tracker_data.dart replayed through navlua.replay_touches under
-- the flutter preset, its velocity at the lift against the figures of
-- velocity_tracker_test.dart, within the test's tolerance (0.1% a
-- component). Prints a markdown table (docs/velocity_tracker.md is its
-- output) and exits 1 when a figure is off.
--
--   .build/release/navlua run scripts/compare_flutter_velocity.lua FLUTTER_DIR
--
-- FLUTTER_DIR is a checkout of flutter/flutter (or a folder holding its
-- packages/flutter/test/gestures/velocity_tracker_{data,test}.dart): it is
-- read, never copied into this repository.

local dir = assert(arg[1], "usage: navlua run scripts/compare_flutter_velocity.lua FLUTTER_DIR")
local base = dir .. "/packages/flutter/test/gestures/"

local function read(name)
  local f = assert(io.open(base .. name))
  local s = f:read("a")
  f:close()
  return s
end

-- The events of each `const List<PointerEvent> NAME = ...[ ... ];` list.
local function lists(text)
  local found = {}
  for name, body in text:gmatch("const List<PointerEvent> (%w+) = <PointerEvent>(%b[])") do
    local events = {}
    for kind, fields in body:gmatch("Pointer(%a+)Event(%b())") do
      -- `milliseconds: 216698374 + 40` in the interrupted list: a sum
      local a, plus = fields:match("timeStamp: Duration%(milliseconds: (%d+)%s*(.-)%)")
      local ms = tonumber(a) + (tonumber(plus:match("^%+%s*(%d+)$") or 0))
      local x, y = fields:match("position: Offset%(([%d.%-e]+), ([%d.%-e]+)%)")
      events[#events + 1] = {kind = kind, ms = ms, pointer = tonumber(fields:match("pointer: (%d+)")) or 1,
                             x = tonumber(x), y = tonumber(y)}
    end
    found[name] = events
  end
  return found
end

-- velocity_tracker_test.dart's expected figures, in order.
local function expected(text)
  local figures = {}
  local list = text:match("List<Offset> expected = .-(%b[])")
  for x, y in list:gmatch("Offset%(([%d.%-e]+), ([%d.%-e]+)%)") do
    figures[#figures + 1] = {tonumber(x), tonumber(y)}
  end
  local ix, iy = text:match("interruptedVelocityEventData.-_checkVelocity%(tracker%.getVelocity%(%), const Offset%(([%d.%-e]+), ([%d.%-e]+)%)")
  return figures, {tonumber(ix), tonumber(iy)}
end

-- Each down..up of `events` as navlua's records (t in seconds).
local function gestures(events)
  local all, current = {}, nil
  for _, e in ipairs(events) do
    local phase = ({Down = "down", Move = "move", Up = "up"})[e.kind]
    if phase == "down" then current = {} all[#all + 1] = current end
    if phase and current then
      current[#current + 1] = {t = e.ms / 1000, id = e.pointer, phase = phase, x = e.x, y = e.y}
    end
  end
  return all
end

local function velocity(records)
  navlua.reset()
  navlua.navigation{preset = "flutter", root = navlua.screen{title = "A"}}
  return navlua.replay_touches(records).velocity
end

local function within(actual, wanted)
  return math.abs((actual - wanted) / wanted) < 0.001
end

local data = lists(read("velocity_tracker_data.dart"))
local figures, interrupted = expected(read("velocity_tracker_test.dart"))
local rows, failed = {}, 0
local function check(name, records, want)
  local v = velocity(records)
  local ok = within(v.x, want[1]) and within(v.y, want[2])
  if not ok then failed = failed + 1 end
  rows[#rows + 1] = ("| %s | %d | %.4f, %.4f | %.4f, %.4f | %s |"):format(
    name, #records, want[1], want[2], v.x, v.y, ok and "within 0.1%" or "**off**")
end
for i, records in ipairs(gestures(data.velocityEventData)) do
  check("velocityEventData #" .. i, records, assert(figures[i], "more gestures than figures"))
end
for _, records in ipairs(gestures(data.interruptedVelocityEventData)) do
  check("interruptedVelocityEventData", records, interrupted)
end

print("# Flutter's VelocityTracker figures, replayed through navlua")
print()
print("The flutter preset's `least_squares` estimator against Flutter's `velocity_tracker_test.dart`")
print("(\"Velocity tracker gives expected results\", \"Interrupted velocity estimation\"): each")
print("gesture of `velocity_tracker_data.dart` replayed with `navlua.replay_touches`, its velocity at")
print("the lift in points (logical pixels) a second, held to the test's tolerance (0.1% a component).")
print("Made by `navlua run scripts/compare_flutter_velocity.lua FLUTTER_DIR` on a checkout of")
print("flutter/flutter; nothing of it is in this repository.")
print()
print("| gesture | samples | Flutter's figure | navlua | |")
print("|---|---|---|---|---|")
for _, r in ipairs(rows) do print(r) end
print()
print(("%d of %d within the tolerance."):format(#rows - failed, #rows))
os.exit(failed == 0 and 0 or 1)
