-- Manual §10.4 rule 1 and §8.1 rule 1: --memory-limit holds one account per
-- script, the Lua heap and what the engine keeps for it (trace events with
-- the titles they copy, subscriptions, screens and their titles, scroll
-- views, navigations, presets, recorded frames), and the trace has
-- a cap in bytes beside its cap in events. The resident memory these runs
-- reach is measured by scripts/bench/memory_account.sh, not here.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

-- push/pop cycles of a screen titled with 100,000 characters: each trace
-- event that names it copies the title (7 a cycle)
local TITLES = [[
local big = string.rep("x", 100000)
local nav = navlua.navigation{root = navlua.screen{title = "root"}}
for i = 1, CYCLES do
  nav:push(navlua.screen{title = big})
  navlua.settle()
  nav:pop()
  navlua.settle()
end
print("done")
]]

local function titles(cycles) return P.script((TITLES:gsub("CYCLES", cycles))) end

describe("--memory-limit", function()
  it("counts what the trace copies: long titles exhaust a limit the Lua heap alone never nears", function()
    local out, err, status = P.navlua("run --memory-limit 16 " .. q(titles(60)))
    assert.are.equal(1, status)
    assert.are.equal("", out)
    assert.matches("not enough memory", err)
  end)

  it("lets the trace's own cap (32 MiB) keep a run under a larger limit, garbage screens collected", function()
    local out, err, status = P.navlua("run --memory-limit 64 " .. q(titles(400)))
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("done\n", out)
  end)

  it("counts subscriptions, and stops a script that only subscribes", function()
    local script = P.script([[
local n = 0
local ok, e = pcall(function() while true do navlua.on("push", function() end) n = n + 1 end end)
print(ok, e, n < 400000)
]])
    local out, _, status = P.navlua("run --memory-limit 32 " .. q(script))
    assert.are.equal(0, status)
    assert.are.equal("false\tnot enough memory\ttrue\n", out)
  end)

  it("stops a trace whose own cap is lifted (trace_bytes) at the limit", function()
    local script = P.script([[
navlua.reset{trace_limit = 1e8, trace_bytes = 1e12}
local nav = navlua.navigation{root = navlua.screen{title = "root"}}
local s = navlua.screen{title = "Detail"}
while true do nav:push(s, {animated = false}) nav:pop{animated = false} end
]])
    local _, err, status = P.navlua("run --memory-limit 16 " .. q(script))
    assert.are.equal(1, status)
    assert.matches("not enough memory", err)
  end)

  it("counts the engine's bytes in a spec file under navlua test", function()
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", "it('copies titles', function()\n" .. TITLES:gsub("CYCLES", "60") .. "end)\n")
    local out, _, status = P.navlua("test --memory-limit 16 -C " .. q(dir) .. " a_spec.lua")
    assert.are.equal(1, status)
    assert.matches("not enough memory: the file exhausted %-%-memory%-limit %(16 MB%)", out)
  end)
end)

-- What else the engine keeps for a script (issue 40), each grown past a
-- 16 MB limit that the Lua heap alone never nears: the script ends with
-- the memory error Lua's own allocations get.
local KEPT = {
  ["scroll views"] = [[
local s = navlua.screen{title = "S"}
for i = 1, 300000 do s:add_scroll_view{x = 0, y = 0, width = 390, height = 100, content_width = 1000} end
]],
  navigations = [[
for i = 1, 7000 do navlua.navigation{root = navlua.screen{title = "r"}} end
]],
  presets = [[
for i = 1, 100000 do navlua.define_preset("p" .. i, {dim = 0.2}) end
]],
  ["recorded frames (--timeline)"] = [[
for i = 1, 40 do navlua.navigation{root = navlua.screen{title = "r" .. i}} end
navlua.tick(100000)
]],
}

describe("--memory-limit counts what the engine keeps", function()
  for kind, script in pairs(KEPT) do
    it("ends a script that grows " .. kind .. " with 'not enough memory'", function()
      local out, err, status = P.navlua("run --memory-limit 16 " .. (kind:find("frames") and "--timeline /dev/null " or "") .. q(P.script(script .. 'print("done")\n')))
      assert.are.equal(1, status)
      assert.are.equal("", out)
      assert.matches("not enough memory", err)
    end)
  end

  it("stops a long tick, catchably, after a collection on the thread running it", function()
    local script = P.script([[
local co = coroutine.wrap(function() navlua.reset{} coroutine.yield() end)
co()   -- the world made in a coroutine that stays suspended
setmetatable({}, {__gc = function() local t = {} for i = 1, 100 do t[i] = i end end})
for i = 1, 10 do navlua.navigation{root = navlua.screen{title = "r" .. i}} end
print(pcall(navlua.tick, 200000))
]])
    local out, err, status = P.navlua("run --memory-limit 16 --timeline /dev/null " .. q(script))
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.matches("^false\t.*:5: navlua.tick: not enough memory\n$", out)
  end)

  it("fails the test of a spec file that grows scroll views under navlua test", function()
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", "it('adds scroll views', function()\n" .. KEPT["scroll views"] .. "end)\n")
    local out, _, status = P.navlua("test --memory-limit 16 -C " .. q(dir) .. " a_spec.lua")
    assert.are.equal(1, status)
    assert.matches("FAIL adds scroll views  a_spec.lua:1\n    not enough memory: the file exhausted", out)
  end)
end)

describe("the trace's cap in bytes (trace_bytes)", function()
  it("drops the oldest events past it, as past trace_limit", function()
    local out, err, status = P.navlua([[-e "navlua.reset{trace_bytes = 250000}
local nav = navlua.navigation{root = navlua.screen{title = 'root'}}
for i = 1, 10 do nav:push(navlua.screen{title = string.rep('x', 100000)}, {animated = false}) end
print(#navlua.trace())"]])
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("2\n", out)   -- each push event keeps a 100,000-byte title
  end)

  it("is 32 MiB by default and must be a whole number", function()
    local _, err, status = P.navlua([[-e "navlua.reset{trace_bytes = 1.5}"]])
    assert.are.equal(1, status)
    assert.matches("trace_bytes", err)
  end)
end)
