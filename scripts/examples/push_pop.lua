-- push_pop.lua: push two screens, pop one with the back button, and print
-- what happened: the stack, the timings and UIKit's lifecycle order.
--
--   navlua run scripts/examples/push_pop.lua

local function logger(name)
  return function(self, animated)
    print(string.format("  %6.3fs  %-14s %s%s", navlua.now(), name, self.title,
                        animated and "" or " (not animated)"))
  end
end

local function screen(title)
  return navlua.screen{
    title = title,
    will_appear = logger("will_appear"), did_appear = logger("did_appear"),
    will_disappear = logger("will_disappear"), did_disappear = logger("did_disappear"),
  }
end

local home, list, detail = screen("Home"), screen("List"), screen("Detail")

local function stack(nav)
  local titles = {}
  for i, s in ipairs(nav.screens) do titles[i] = s.title end
  return table.concat(titles, " > ")
end

print("navigation with root Home:")
local nav = navlua.navigation{root = home}

print("\npush List, push Detail (the second waits for the first):")
nav:push(list)
nav:push(detail)
local took = navlua.settle()
print(string.format("settled after %.3fs; stack: %s", took, stack(nav)))

print("\nhalfway through a pop (0.175 s of 0.35 s):")
nav:back()
navlua.advance(0.175)
local v = nav:visual()
print(string.format("  top %s at x=%.1f, below %s at x=%.1f, dim %.3f",
                    v.top.screen.title, v.top.x, v.below.screen.title, v.below.x, v.dim))
took = navlua.settle()
print(string.format("settled %.3fs later; stack: %s", took, stack(nav)))

print("\nevents of kind 'push' and 'pop':")
for _, e in ipairs(navlua.trace()) do
  if e.kind == "push" or e.kind == "pop" or e.kind == "queued" then
    print(string.format("  %6.3fs  frame %3d  %-6s %s", e.t, e.frame, e.kind, e.screen or e.call))
  end
end
