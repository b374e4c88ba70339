-- see_it.lua: a back swipe to look at rather than read.
--
--   navlua run --trace see_it.json --timeline see_it_timeline.svg \
--              --filmstrip see_it_filmstrip.svg scripts/examples/see_it.lua [DIR]
--
-- navlua.render writes the device at the current frame into DIR (default
-- "."): a snapshot-style (QDNavigationController) swipe halfway, then a
-- full-screen (FDFullscreenPopGesture) one. The trace, timeline and
-- filmstrip show the run since the last navlua.reset: the full-screen part.

local dir = arg[1] or "."

-- 1. Snapshot style: the top screen follows the finger over a scaled
--    snapshot of the screen below, under a black mask.
navlua.reset{}
local inbox = navlua.screen{title = "Inbox"}
local mail = navlua.screen{title = "Mail"}
local qd = navlua.navigation{style = "snapshot", root = inbox}
qd:push(mail, {animated = false})
local finger = navlua.touch_down(40, 400)
finger:move_to(200, 400, 0.3)
print("rendered " .. navlua.render(dir .. "/see_it_snapshot.svg"))
finger:up()
navlua.settle()

-- 2. Full screen: a hesitant swipe that is cancelled, then one that pops.
navlua.reset{}
local list = navlua.screen{title = "List"}
local detail = navlua.screen{
    title = "Detail",
    navigation_bar_hidden = true,
    will_go_back = function(self) return true end,
}
local nav = navlua.navigation{style = "fullscreen", root = list}

nav:push(detail)                  -- animated: 0.35 s, ease_in_out
navlua.settle()
navlua.advance(0.2)

-- A short slow drag: released at 25% with no speed, UIKit's rule cancels it.
local t = navlua.touch_down(60, 420)
t:move_to(160, 430, 0.4)
t:hold(0.1)
t:up()
navlua.settle()
navlua.advance(0.2)

-- A quick flick: halfway across, then released while moving fast.
t = navlua.touch_down(50, 420)
t:move_to(150, 425, 0.15)
print("rendered " .. navlua.render(dir .. "/see_it_swipe.svg"))
t:move_to(240, 430, 0.1)
t:up()
navlua.settle()
navlua.advance(0.2)

assert(nav.top == list, "the flick should have popped Detail")
for _, e in ipairs(navlua.trace("transition")) do
    print(string.format("%.3f s  transition %-6s %s", e.t, e.phase, e.what))
end
