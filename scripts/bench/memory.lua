-- memory.lua: resident memory over 100,000 push/pop cycles with the trace
-- capped, then off. Goal: growth under 5 MB once warmed up. A new screen
-- is made every cycle, so this also shows that screens the engine no longer
-- holds are collected.
--
--   navlua run scripts/bench/memory.lua [cycles]

local cycles = tonumber(arg and arg[1]) or 100000

local function rss_kb()
  local f = io.open("/proc/self/status")
  if not f then return 0 end
  local kb = f:read("a"):match("VmRSS:%s*(%d+)")
  f:close()
  return tonumber(kb)
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
  local growth = (rss_kb() - before) / 1024
  print(string.format("memory, trace %s: %d push/pop cycles, resident memory grew %.2f MB (goal < 5 MB)",
                      label, cycles, growth))
end

run("capped at 10,000 events", 10000)
run("off", 0)
