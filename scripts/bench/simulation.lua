-- simulation.lua: simulated seconds per CPU second for a loop of push +
-- swipe + settle with hooks, at 60 and 120 fps, under each platform preset
-- (a preset must cost nothing per frame). Goal: at least 5000x real time.
-- The trace is capped, as a long run would have it. The swipe starts 5 pt
-- from the edge, inside every preset's edge width.
--
--   navlua run scripts/bench/simulation.lua [cycles] [preset]

local cycles = tonumber(arg and arg[1]) or 400

local function run(fps, preset)
  navlua.reset{fps = fps, trace_limit = 10000}
  local appeared = 0
  local function count() appeared = appeared + 1 end
  local home = navlua.screen{title = "Home", will_appear = count}
  local nav = navlua.navigation{root = home, preset = preset}
  local t0 = os.clock()
  for i = 1, cycles do
    local detail = navlua.screen{
      title = "Detail", will_appear = count,
      will_go_back = function() return true end,
      pop_gesture_did_end = count,
    }
    nav:push(detail)
    navlua.settle()
    navlua.drag{from = {5, 400}, by = {220, 0}, duration = 0.25}
    navlua.settle()
  end
  local cpu = os.clock() - t0
  assert(nav.count == 1 and appeared >= 2 * cycles)
  return navlua.now() / cpu, navlua.now(), cpu
end

local presets = arg and arg[2] and {arg[2]} or navlua.presets()
for _, preset in ipairs(presets) do
  for _, fps in ipairs{60, 120} do
    local speed, simulated, cpu = run(fps, preset)
    print(string.format("simulation %-16s @%d fps: %.1f s simulated in %.3f s of CPU: %.0fx real time (goal >= 5000x)",
                        preset, fps, simulated, cpu, speed))
  end
end
