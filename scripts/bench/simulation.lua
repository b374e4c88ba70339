-- simulation.lua: simulated seconds per CPU second for a loop of push +
-- swipe + settle with hooks, at 60 and 120 fps, under each platform preset
-- (a preset must cost nothing per frame); then the same with a three-method
-- gesture delegate on the navigation (manual §6.1; a delegate costs what a
-- screen hook costs, README "Speed, measured") and a scroll view under
-- the finger, so that all three methods are called on every swipe. Goal:
-- at least 5000x real time. The trace is capped, as a long run would have
-- it. The swipe starts 5 pt from the edge, inside every preset's edge width
-- (80 pt with the delegate).
--
--   navlua run scripts/bench/simulation.lua [cycles] [preset]

local cycles = tonumber(arg and arg[1]) or 400

local function run(fps, preset, delegated)
  navlua.reset{fps = fps, trace_limit = 10000}
  local appeared, asked = 0, 0
  local function count() appeared = appeared + 1 end
  local home = navlua.screen{title = "Home", will_appear = count}
  local delegate = delegated and {
    should_receive_touch = function(n) asked = asked + 1 return true end,
    should_begin = function(n) asked = asked + 1 return n.count > 1 end,
    should_recognize_simultaneously = function(n, g, v) asked = asked + 1 return true end,
  } or nil
  local nav = navlua.navigation{root = home, preset = preset, gesture_delegate = delegate}
  local t0 = os.clock()
  for i = 1, cycles do
    local detail = navlua.screen{
      title = "Detail", will_appear = count,
      will_go_back = function() return true end,
      pop_gesture_did_end = count,
    }
    if delegated then detail:add_scroll_view{content_width = 1200} end
    nav:push(detail)
    navlua.settle()
    navlua.drag{from = {delegated and 80 or 5, 400}, by = {220, 0}, duration = 0.25}
    navlua.settle()
  end
  local cpu = os.clock() - t0
  assert(nav.count == 1 and appeared >= 2 * cycles)
  assert(not delegated or asked == 3 * cycles)
  return navlua.now() / cpu, navlua.now(), cpu
end

local function report(label, fps, speed, simulated, cpu)
  print(string.format("simulation %-16s @%d fps: %.1f s simulated in %.3f s of CPU: %.0fx real time (goal >= 5000x)",
                      label, fps, simulated, cpu, speed))
end

local presets = arg and arg[2] and {arg[2]} or navlua.presets()
for _, preset in ipairs(presets) do
  for _, fps in ipairs{60, 120} do report(preset, fps, run(fps, preset, false)) end
end
for _, fps in ipairs{60, 120} do
  report("uikit, 3-method gesture delegate", fps, run(fps, "uikit", true))
end
