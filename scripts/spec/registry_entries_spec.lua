-- Issue 34: a script can rewrite navlua's named registry entries (through
-- debug.getregistry()) and give the registry a metatable. What it gets is a
-- Lua error with its file:line, never a crash: navlua reads and writes the
-- registry raw and checks the type of what it finds there. Each case runs
-- in a child process (`navlua run`, or lua5.4 with the module), since the
-- binary before the fix ended in SIGSEGV.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

-- Each table navlua keeps under a name, set to a number before the call
-- on line 2 that reads it.
local ENTRIES = {
  { "navlua.screen_objects", "navlua.screen{title = 'A'}", "navlua.screen" },
  { "navlua.screen_tables", "navlua.screen{title = 'A'}", "navlua.screen" },
  { "navlua.pinned_screens",
    "local nav = navlua.navigation{root = navlua.screen{title = 'A'}} nav:push(navlua.screen{title = 'B'})",
    "navlua.navigation" },
  { "navlua.nav_objects", "navlua.navigation{root = navlua.screen{title = 'A'}}", "navlua.navigation" },
  { "navlua.scroll_objects", "navlua.screen{title = 'A'}:add_scroll_view{content_width = 800}",
    "screen:add_scroll_view" },
  { "navlua.control_objects", "navlua.screen{title = 'A'}:add_control{kind = 'slider'}",
    "screen:add_control" },   -- issue 35
  { "navlua.coordinator_objects",
    "local nav = navlua.navigation{root = navlua.screen{title = 'A'}} nav:push(navlua.screen{title = 'B'}) "
      .. "local _ = nav.transition_coordinator", "navigation" },
}

describe("a navlua registry entry that a script replaced", function()
  for _, case in ipairs(ENTRIES) do
    local entry, code, call = case[1], case[2], case[3]
    it("is a Lua error with file:line in navlua run: " .. entry, function()
      local script = P.script(("debug.getregistry()[%q] = 1\n%s\nprint('ran on')\n"):format(entry, code))
      local out, err, status = P.navlua("run " .. q(script))
      assert.are.equal(1, status, err)
      assert.are.equal("", out)
      assert.truthy(err:find("script.lua:2: " .. call .. ": ", 1, true), err)
      assert.truthy(err:find("'" .. entry .. "'", 1, true), err)
    end)
  end

  -- navlua.explore keeps its loaded module in the registry: anything else
  -- under its key is replaced, not read as a table
  it("navlua.explore's module entry set to a number: explore loads it again and runs", function()
    local script = P.script([[
debug.getregistry()["navlua.explore"] = 1
local r = navlua.explore{runs = 2, steps = 2, setup = function()
  return {nav = navlua.navigation{root = navlua.screen{title = "A"}}, screens = {navlua.screen{title = "B"}}}
end}
print(r)
]])
    local out, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status, err)
    assert.are.equal("nil\n", out)
  end)

  it("is an error a script can catch, and navlua goes on", function()
    local script = P.script([[
local r = debug.getregistry()
r["navlua.pinned_screens"] = 1
print(pcall(function() navlua.navigation{root = navlua.screen{title = "A"}} end))
navlua.reset()
local nav2 = navlua.navigation{root = navlua.screen{title = "C"}}
nav2:push(navlua.screen{title = "D"})
navlua.settle()
print(nav2.count, nav2.top.title)
]])
    local out, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status, err)
    assert.matches("^false\t[^\n]*script.lua:3: navlua.navigation: [^\n]*'navlua.pinned_screens'", out)
    assert.matches("\n2\tD\n$", out)
  end)
end)

-- A state another host made: lua5.4 requiring the module.
local function lua54(script)
  local entry = P.navlua("--cpath"):match("^(.-)\n$")
  return P.sh("env LUA_CPATH=" .. q(entry .. ";;") .. " lua5.4 " .. q(P.script(script)))
end

describe("require 'navlua' in a registry with metamethods", function()
  -- luaopen_navlua made its metatables with luaL_newmetatable, a non-raw
  -- read and write of the registry: the error unwound through Swift, left
  -- navlua half open, and the second require's module crashed the process.
  for _, event in ipairs{ "__newindex", "__index" } do
    it("opens and works when the registry's " .. event .. " raises", function()
      local out, err, status = lua54(([[
local registry = debug.getregistry()
debug.setmetatable(registry, {%s = function() error("registry metamethod") end})
local ok, navlua = pcall(require, "navlua")
print(ok, type(navlua))
debug.setmetatable(registry, nil)
navlua = require "navlua"
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"})
navlua.settle()
print(nav.count, nav.top.title)
collectgarbage()   -- (the half-open module's objects crashed here)
]]):format(event))
      assert.are.equal(0, status, err)
      assert.are.equal("true\ttable\n2\tB\n", out)
      assert.are.equal("", err)
    end)
  end
end)
