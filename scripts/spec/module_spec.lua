-- Manual §10.7: `require "navlua"` from any Lua 5.4. scripts/setup.sh builds
-- the loadable module beside the binary (`navlua --cpath` prints the
-- LUA_CPATH entry); it links no Lua of its own, so lua5.4, which has Lua
-- built in, runs it with one Lua in the process.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local function cpath()
  local out, _, status = P.navlua("--cpath")
  assert.are.equal(0, status)
  local entry = out:match("^(.-)\n$")
  local so = entry:gsub("%?", "navlua")
  assert.is_truthy(P.read(so), "no " .. so .. ": run scripts/build_module.sh")
  return entry, so
end

-- runs `script` (a file) under lua5.4 with navlua's module on LUA_CPATH `entry`
local function lua54(entry, script)
  return P.sh("env LUA_CPATH=" .. q(entry .. ";;") .. " lua5.4 " .. q(script))
end

local SCENARIO = [[
local navlua = require "navlua"
local nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "Home"}}
nav:push(navlua.screen{title = "Detail", will_go_back = function() return true end})
navlua.settle()
local r = navlua.drag{from = {100, 400}, by = {200, 0}, duration = 0.25}
navlua.settle()
print(r.recognizer, r.state, nav.count, nav.top.title, navlua.now())
local co = coroutine.wrap(function() navlua.tick(3) return navlua.frame() end)
print(co())
io.write(navlua.trace_text("lifecycle"))
]]

describe("require 'navlua' from lua5.4", function()
  it("is printed as a LUA_CPATH entry by navlua --cpath", function()
    local entry = cpath()
    assert.matches("/lua/%?%.so$", entry)
  end)

  it("links no Lua of its own", function()
    local _, so = cpath()
    local out = P.sh("ldd " .. q(so))
    assert.is_nil(out:find("liblua", 1, true), out)
    local symbols = P.sh("nm -D --defined-only " .. q(so) .. " | grep ' T '")
    assert.are.equal("luaopen_navlua", symbols:match(" T (%S+)\n$"))
  end)

  it("drives the engine under lua5.4 exactly as navlua does", function()
    local entry = cpath()
    local script = P.script(SCENARIO)
    local out, err, status = lua54(entry, script)
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.matches("^pop\tended\t1\tHome\t", out)
    local expected = P.navlua(q(script))
    assert.are.equal(expected, out)
  end)

  it("reports API errors with the caller's line under lua5.4 too", function()
    local entry = cpath()
    local script = P.script("local navlua = require 'navlua'\nnavlua.advance(-1)\n")
    local _, err, status = lua54(entry, script)
    assert.are.equal(1, status)
    assert.matches(":2: navlua.advance: 'seconds' must be a number >= 0 %(got %-1%)", err)
  end)

  -- A spec file named `name` that swipes back with the module required
  -- (`prelude` runs first in its test).
  local function swipe_spec(name, prelude)
    return ([[
local navlua = require "navlua"
describe("%s", function()
  it("pops", function()
    %s
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.settle()
    navlua.drag{from = {10, 400}, by = {300, 0}, duration = 0.2}
    navlua.settle()
    assert.are.equal(1, nav.count)
    collectgarbage()
  end)
end)
]]):format(name, prelude or "")
  end

  it("runs under Debian's busted", function()
    local entry = cpath()
    local dir = P.tempdir()
    P.write(dir .. "/swipe_spec.lua", swipe_spec("a swipe"))
    local out, err, status = P.sh("cd " .. q(dir) .. " && env LUA_CPATH=" .. q(entry .. ";;") .. " busted -o TAP swipe_spec.lua")
    assert.are.equal(0, status, out .. err)
    assert.matches("ok 1 %- a swipe pops", out)
  end)

  -- Busted clears package.loaded between files (insulation), so a state
  -- opens the module once per file: each open after the first keeps the
  -- state's world and gives a table of the same functions.
  it("runs under Debian's busted on several files that each require navlua", function()
    local entry = cpath()
    local dir = P.tempdir()
    for i = 1, 3 do
      P.write(dir .. "/f" .. i .. "_spec.lua", swipe_spec("file " .. i, "navlua.reset()"))
    end
    local out, err, status = P.sh("cd " .. q(dir) .. " && env LUA_CPATH=" .. q(entry .. ";;")
      .. " busted -o junit f1_spec.lua f2_spec.lua f3_spec.lua")
    assert.are.equal(0, status, out .. err)
    local suites = out:match("<testsuites [^>]*>")   -- busted writes the attributes in any order
    assert.matches(" tests='3'", suites)
    assert.matches(" failures='0'", suites)
    assert.matches(" errors='0'", suites)
  end)

  it("is not closed by a script that calls its closer, from a coroutine or not", function()
    -- the closer's __gc is a C function a script can reach; called as a
    -- coroutine's body it has no caller below it, as in lua_close (it closed
    -- navlua, and the next call trapped)
    local entry = cpath()
    local script = P.script([[
local navlua = require "navlua"
local closer = debug.getregistry()["navlua.module"]
local gc = debug.getmetatable(closer).__gc
coroutine.wrap(gc)(closer)
gc(closer)
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"})
navlua.settle()
print(nav.count, nav.top.title)
]])
    local out, err, status = lua54(entry, script)
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("2\tB\n", out)
  end)

  it("gives an error, not a crash, to a call that lua_close makes after its closer", function()
    -- lua_close finalizes newest-marked first: an object marked before
    -- require "navlua" is finalized after navlua's closer; and a closer made
    -- a to-be-closed variable runs before navlua's own objects' finalizers
    -- (both read limits the closer had freed: a segfault)
    local entry = cpath()
    local late = P.script([[
keep = setmetatable({}, {__gc = function()
  local ok, err = pcall(navlua.screen, {title = "late"})
  print(ok, err, navlua.now())
end})
navlua = require "navlua"
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
print(nav.count)
]])
    local out, err, status = lua54(entry, late)
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.matches("^1\nfalse\t.-:2: navlua is closed: its state is closing\n$", out)
    local closing = P.script([[
local navlua = require "navlua"
local s = navlua.screen{title = "A"}
local closer = debug.getregistry()["navlua.module"]
local gc = debug.getmetatable(closer).__gc
debug.setmetatable(closer, {__gc = gc, __close = gc})
local c <close> = closer
os.exit(0, true)
]])
    out, err, status = lua54(entry, closing)
    assert.are.equal("", err)
    assert.are.equal(0, status)
  end)

  it("opens any number of times in one lua5.4 state", function()
    local entry = cpath()
    local script = P.script([[
local a = require "navlua"
a.navigation{root = a.screen{title = "Kept"}}
a.tick(5)
package.loaded.navlua = nil
local b = require "navlua"
collectgarbage()
print(a ~= b, b.frame(), b.now() == a.now())
b.tick(1)
print(a.frame())
]])
    local out, err, status = lua54(entry, script)
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("true\t5\ttrue\n6\n", out)
  end)

  it("loaded into navlua's own state, gives navlua's table", function()
    local _, so = cpath()
    local out, err, status = P.navlua("-e " .. q(([[
local f = package.loadlib(%q, "luaopen_navlua")
local a, b = f(), f()
collectgarbage()
print(a == navlua, b == navlua, a.frame())
]]):format(so)))
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("true\ttrue\t0\n", out)
  end)
end)
