-- A Navigation Compose app whose form intercepts back while it has unsaved
-- changes (an OnBackPressedCallback / BackHandler enabled while dirty).
--   navlua run scripts/examples/android/compose_form.lua
-- The first swipe back is taken by the form's callback: the navigation does
-- not move, and the form asks "discard changes?". After a save the callback
-- is disabled and the same swipe plays Compose's predictive pop.

navlua.reset{width = 412, height = 915}   -- a Pixel-sized window, in dp

local list = navlua.screen{title = "Inbox"}
local form
form = navlua.screen{
  title = "Compose mail",
  dirty = true,
  back_callback = {
    enabled = true,
    on_started = function(self, e)
      print(("  %-12s %s edge, touch at (%g, %g)"):format("on_started", e.swipe_edge, e.touch_x, e.touch_y))
    end,
    on_progressed = function(self, e) self.last_progress = e.progress end,
    on_cancelled = function(self) print("  on_cancelled") end,
    on_pressed = function(self)
      print(("  %-12s (last progress %.2f): show \"Discard changes?\""):format("on_pressed", self.last_progress or 0))
    end,
  },
}

local nav = navlua.navigation{preset = "android", back_animation = "compose", root = list}
nav:push(form)
navlua.settle()

local function swipe(what)
  print(what)
  local t = navlua.touch_down(6, 500)
  t:move_to(180, 510, 0.18)
  local v = nav:visual()
  if v.back then
    print(("  mid-swipe: %s scales to %.3f, %s fades in to %.2f"):format(
      v.back.top.screen.title, v.back.top.scale, v.back.below.screen.title, v.back.below.alpha))
  else
    print("  mid-swipe: nothing moves (the callback took the gesture)")
  end
  t:up()
  navlua.settle()
  local titles = {}
  for i, s in ipairs(nav.screens) do titles[i] = s.title end
  print("  stack: " .. table.concat(titles, " > "))
end

swipe("swipe back with unsaved changes:")
-- the user saves: the callback is disabled, as BackHandler(enabled = dirty)
form.dirty = false
form.back_callback.enabled = false
swipe("swipe back after saving:")

print()
print("why each gesture went back or not (trace):")
for _, e in ipairs(navlua.trace("back")) do
  if e.phase ~= "progress" then
    print(("  %.3fs %-9s by=%s%s"):format(e.t, e.phase, e.by or "", e.reason and (" reason=" .. e.reason) or ""))
  end
end
