-- frames.lua: one loop of the frame benchmark (issue 23), at one size.
-- scripts/bench/frames.sh runs each loop at two sizes under callgrind and
-- divides the difference in instructions (and in CPU time) by the
-- difference in simulated frames (or calls), so start-up cancels out.
--
--   navlua run scripts/bench/frames.lua LOOP SIZE [DEPTH]
--
-- LOOP is one of
--   idle      navlua.tick(SIZE): SIZE frames, one navigation, nothing moving;
--   tick      SIZE calls of navlua.tick() (a frame and the call into it);
--   animated  SIZE animated push + pop cycles of a new screen over a stack
--             of DEPTH screens pushed without animation (84 frames a cycle);
--   finger    a finger at the left edge driving an interactive pop to
--             x = 330 over SIZE seconds (t:move_to(330, 400, SIZE));
--   now       SIZE calls of navlua.now();
--   visual    SIZE calls of nav:visual();
--   field     SIZE reads of a screen's field and a navigation's (two each);
--   title     SIZE reads of a screen's title (a field of the script's table);
--   count     SIZE reads of nav.count (a navigation's field: its __index in C);
--   visual_lua SIZE tables of nav:visual()'s shape at rest built in Lua (the
--             yardstick of visual: what the same table costs Lua itself);
--   abs       SIZE calls of math.abs (the yardstick).
-- It prints "frames=F calls=C cpu=S": the frames simulated and calls made
-- inside the loop, and the CPU seconds (os.clock) the loop took.

local loop, size, depth = arg[1], tonumber(arg[2]), tonumber(arg[3]) or 1
-- arg[4]: a preset for the navigation (pop_recognizers.sh: ios26's two
-- recognizers against one)
navlua.reset{fps = 120, trace_limit = 10000}
local nav = navlua.navigation{root = navlua.screen{title = "Root"}, preset = arg[4]}
for i = 2, depth do nav:push(navlua.screen{title = "S" .. i}, {animated = false}) end

local loops = {}
function loops.idle(n) navlua.tick(n) end
function loops.tick(n) local tick = navlua.tick for _ = 1, n do tick() end end
function loops.animated(n)
  local settle = navlua.settle
  for _ = 1, n do
    nav:push(navlua.screen{title = "Top"})
    settle()
    nav:pop()
    settle()
  end
end
function loops.finger(seconds)
  nav:push(navlua.screen{title = "Top"}, {animated = false})
  local t = navlua.touch_down(2, 400)
  t:move_to(330, 400, seconds)
end
function loops.now(n) local f = navlua.now for _ = 1, n do f() end end
function loops.visual(n) for _ = 1, n do nav:visual() end end
function loops.field(n)
  local top = nav.top
  for _ = 1, n do local _, _ = top.title, nav.count end
end
function loops.title(n)
  local top = nav.top
  for _ = 1, n do local _ = top.title end
end
function loops.count(n) for _ = 1, n do local _ = nav.count end end
function loops.visual_lua(n)   -- what nav:visual() gives at depth 1, at rest
  local s = nav.top
  for _ = 1, n do
    local _ = {top = {screen = s, x = 0.0}, dim = 0.0, bar_hidden = false, y = 0.0,
               bar = {shown = 1.0, items = {{part = "title", screen = s, x = 195.0, alpha = 1.0}}}}
  end
end
function loops.abs(n) local f = math.abs for _ = 1, n do f(-1) end end

local body = assert(loops[loop], "unknown loop " .. tostring(loop))
local frame0, t0 = navlua.frame(), os.clock()
body(size)
local cpu = os.clock() - t0
print(string.format("frames=%d calls=%d cpu=%.9f", navlua.frame() - frame0, size, cpu))
