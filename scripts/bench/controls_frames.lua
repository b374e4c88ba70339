-- controls_frames.lua: a finger-driven pop of N frames (one t:move_to a
-- frame, two 120 Hz samples each), on a screen with nothing, a raw-touch
-- canvas under the finger, or a slider under it (which refuses the pop,
-- so no transition moves: issue 35). The cost of a
-- frame is the difference of two runs over the difference in frames:
--
--   ir() { valgrind --tool=callgrind --callgrind-out-file=cg.out "$@" >/dev/null 2>&1;
--          sed -n 's/^summary: //p; s/^totals: //p' cg.out | head -1; }
--   for w in none canvas slider; do
--     echo $w $(( ($(ir BINARY run scripts/bench/controls_frames.lua 600 $w)
--                - $(ir BINARY run scripts/bench/controls_frames.lua 100 $w)) / 500 ))
--   done
--
-- (strip the binary's debug information first, as frames.sh does.)
local n = tonumber(arg[1])
local with = arg[2]
local nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "A"}}
local b = navlua.screen{title = "B"}
nav:push(b, {animated = false})
if with == "canvas" then b:add_control{kind = "canvas", y = 0, height = 844} end
if with == "slider" then b:add_control{kind = "slider", y = 380, height = 40} end
local t = navlua.touch_down(40, 400)
for i = 1, n do t:move_to(40 + (i % 2 == 0 and 300 or 200), 400, 1 / 60) end
t:cancel()
navlua.settle()
