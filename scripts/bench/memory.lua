-- memory.lua: resident memory over 100,000 push/pop cycles with the trace
-- capped, then off (goal: growth under 5 MB once warmed up; a new screen is
-- made every cycle, so this also shows that screens the engine no longer
-- holds are collected). Then the Lua functions the bridge keeps for the
-- engine: 100,000 navlua.on subscribe/unsubscribe pairs, and 10,000 worlds
-- each with a screen with hooks, a scroll view with a pop_simultaneous
-- function and a navigation with a custom completion function, swiped back
-- and dropped. Goal for those: growth under 1 MB and a registry whose size
-- does not change.
--
--   navlua run scripts/bench/memory.lua [cycles]

local cycles = tonumber(arg and arg[1]) or 100000

-- Resident memory in kB, from /proc (nil where there is none, as on macOS).
local function rss_kb()
  local f = io.open("/proc/self/status")
  if not f then return nil end
  local kb = f:read("a"):match("VmRSS:%s*(%d+)")
  f:close()
  return tonumber(kb)
end

-- "grew 0.12 MB" since `before` (a reading of rss_kb).
local function growth(before)
  local now = rss_kb()
  if not (before and now) then return "growth not measured (no /proc)" end
  return string.format("grew %.2f MB", (now - before) / 1024)
end

local function registry_size()
  local n = 0
  for _ in pairs(debug.getregistry()) do n = n + 1 end
  return n
end

local function run(label, trace_limit)
  navlua.reset{trace_limit = trace_limit}
  local nav = navlua.navigation{root = navlua.screen{title = "Home"}}
  local function cycle(n)
    for i = 1, n do
      nav:push(navlua.screen{title = "Detail", did_appear = function() end})
      navlua.settle()
      nav:pop()
      navlua.settle()
    end
    collectgarbage()
  end
  cycle(cycles // 10)                    -- warm up: fill the capped trace
  local before = rss_kb()
  cycle(cycles)
  print(string.format("memory, trace %s: %d push/pop cycles, resident memory %s (goal < 5 MB)",
                      label, cycles, growth(before)))
end

-- Runs `work(n)` once to warm up, then again for real; prints the growth
-- of resident memory and the registry's size before and after.
local function kept_functions(label, n, work)
  work(n // 10)
  collectgarbage(); collectgarbage()
  local rss, registry = rss_kb(), registry_size()
  work(n)
  collectgarbage(); collectgarbage()
  print(string.format("memory, %s: resident memory %s (goal < 1 MB), "
                      .. "registry %d -> %d entries (goal: the same)",
                      label, growth(rss), registry, registry_size()))
end

local function subscriptions(n)
  for _ = 1, n do
    local off = navlua.on("push", function() end)
    off()
  end
end

-- Each world: a navigation whose completion function captures it, a screen
-- with hooks whose scroll view's pop_simultaneous function captures the
-- screen, a back swipe that asks both, then navlua.reset drops it all.
local function worlds(n)
  for _ = 1, n do
    navlua.reset{trace_limit = 100}
    local nav
    nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "Home"},
                            completion = function(p) return nav ~= nil and p > 0.3 end}
    local detail = navlua.screen{title = "Detail", will_appear = function() end,
                                 did_disappear = function() end, allow_drag_back = function() return true end}
    detail:add_scroll_view{y = 300, height = 200, content_width = 1200,
                           pop_simultaneous = function(view) return detail.title ~= nil and view.offset <= 0 end}
    nav:push(detail, {animated = false})
    navlua.drag{from = {100, 400}, by = {200, 0}, duration = 0.25}
    navlua.settle()
    assert(nav.count == 1)
  end
  navlua.reset()
end

run("capped at 10,000 events", 10000)
run("off", 0)
kept_functions(string.format("%d navlua.on subscribe/unsubscribe pairs", cycles), cycles, subscriptions)
kept_functions(string.format("%d worlds with hooks, pop_simultaneous and completion functions", cycles // 10),
               cycles // 10, worlds)
