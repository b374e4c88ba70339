-- predictive_back.lua: one loop of the predictive back benchmark (issue 36)
-- at one size. scripts/bench/predictive_back.sh runs each loop at two sizes
-- under callgrind and divides the difference in instructions by the
-- difference in simulated frames, so start-up cancels out.
--
--   navlua run scripts/bench/predictive_back.lua LOOP SECONDS
--
-- LOOP is one of
--   ios_finger        the uikit preset: a finger at the left edge drives the
--                     interactive pop to x = 330 over SECONDS (frames.lua's
--                     "finger" loop);
--   android_back      the android preset, the same finger: the system back
--                     gesture scrubs Compose's predictive pop (progress,
--                     trace event, transition every sample);
--   android_flutter   the same under back_animation = "flutter";
--   android_callback  the same finger, the top screen's back_callback takes
--                     the gesture (on_progressed, a Lua call, every sample);
--   ios_finger_visual, android_back_visual
--                     the first two with nav:visual() read every frame (the
--                     predictive geometry computed: BackAnimation.visual).
-- It prints "frames=F cpu=S".

local loop, seconds = arg[1], tonumber(arg[2])
navlua.reset{fps = 120, trace_limit = 10000}
local preset = loop:match("^android") and "android" or "uikit"
local nav = navlua.navigation{preset = preset, root = navlua.screen{title = "Root"},
                              back_animation = loop == "android_flutter" and "flutter" or nil}
local top = navlua.screen{title = "Top"}
if loop == "android_callback" then
  top.back_callback = {on_progressed = function(self, e) self.p = e.progress end}
end
nav:push(top, {animated = false})

local frame0, t0 = navlua.frame(), os.clock()
local t = navlua.touch_down(2, 400)
if loop:match("_visual$") then
  local frames = math.floor(seconds * 120 + 0.5)
  for i = 1, frames do
    t:move_to(2 + 328 * i / frames, 400, 1 / 120)
    nav:visual()
  end
else
  t:move_to(330, 400, seconds)
end
local cpu = os.clock() - t0
print(string.format("frames=%d cpu=%.9f", navlua.frame() - frame0, cpu))
