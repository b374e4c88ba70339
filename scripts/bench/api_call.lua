-- api_call.lua: the cost of a navlua API call from Lua against a C builtin
-- (math.abs), and of the engine calling a Lua hook against Lua calling the
-- same function. Both sides run in this process, interleaved, so machine
-- noise hits them alike; the figure is the ratio of the medians.
--
--   navlua run scripts/bench/api_call.lua [iterations]

local N = tonumber(arg and arg[1]) or 2000000
local clock = os.clock

local function time(f)
  local t0 = clock()
  f()
  return clock() - t0
end

local function median(t)
  table.sort(t)
  return t[(#t + 1) // 2]
end

-- Runs the two loops `rounds` times, alternating, and returns the ratio of
-- their median times.
local function ratio(a, b, rounds)
  local ta, tb = {}, {}
  for _ = 1, rounds do
    ta[#ta + 1] = time(a)
    tb[#tb + 1] = time(b)
  end
  return median(ta) / median(tb), median(ta), median(tb)
end

local now, abs = navlua.now, math.abs
local r, tn, ta = ratio(
  function() local x = 0 for i = 1, N do x = now() end return x end,
  function() local x = 0 for i = 1, N do x = abs(i) end return x end,
  7)
print(string.format("api_call: navlua.now() %.1f ns, math.abs %.1f ns: ratio %.2fx (goal <= 1.5x)",
                    tn / N * 1e9, ta / N * 1e9, r))

-- Hook calls: push+pop cycles (without animation) of two screens that
-- define the four lifecycle hooks, against the same cycles with no hooks
-- defined; the difference over the 8 hook calls a cycle makes is what one
-- engine-to-Lua hook call costs. Lua calling the same function is the yardstick.
local M = N // 20
local calls = 0
local function hook(self, animated) calls = calls + 1 end
local function screens(with_hooks)
  local function make(title)
    local s = {title = title}
    if with_hooks then
      s.will_appear, s.did_appear, s.will_disappear, s.did_disappear = hook, hook, hook, hook
    end
    return navlua.screen(s)
  end
  local nav = navlua.navigation{root = make("A")}
  local b = make("B")
  local opts = {animated = false}
  return function() for _ = 1, M do nav:push(b, opts) nav:pop(opts) end end
end
navlua.reset{trace_limit = 0}
local with, without = screens(true), screens(false)
local tw, to, tl = {}, {}, {}
for _ = 1, 5 do
  tw[#tw + 1] = time(with)
  to[#to + 1] = time(without)
  tl[#tl + 1] = time(function() for _ = 1, 8 * M do hook(nil, false) end end)
end
local per_hook = (median(tw) - median(to)) / (8 * M)
local per_lua = median(tl) / (8 * M)
print(string.format("hook_call: the engine calling a Lua hook %.0f ns, Lua calling it %.1f ns: ratio %.1fx (report only;"
                    .. " a whole push+pop cycle with its 8 lifecycle events and lookups takes %.2f us)",
                    per_hook * 1e9, per_lua * 1e9, per_hook / per_lua, median(tw) / M * 1e6))
