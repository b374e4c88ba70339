-- Specs of Sources/NavLuaBridge/Lua/repl_prelude.lua, the REPL's Lua side:
-- how results are shown, what Tab offers and how a live frame is played.
-- The prelude gets the real metatables of navlua's objects with short
-- lists of names (the lists the bindings give are checked by the Swift
-- tests, Tests/NavLuaBridgeTests/ReplEvaluatorTests.swift).
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local registry = debug.getregistry()
local types = {
  screen = { metatable = registry["navlua.Screen"], methods = { "add_scroll_view" }, fields = { "title", "enabled" } },
  navigation = { metatable = registry["navlua.Navigation"], methods = { "push", "pop" }, fields = { "top", "count" } },
  touch = { metatable = registry["navlua.Touch"], methods = { "up" }, fields = { "x" } },
  scroll_view = { metatable = registry["navlua.ScrollView"], methods = {}, fields = { "offset" } },
}
local prelude = load_embedded("NavLuaBridge/Lua/repl_prelude.lua", "=navlua.repl")(types)
local format, complete, live_tick = prelude.format, prelude.complete, prelude.live_tick

-- complete(text) as {partial, candidates...}
local function completion(text) return { complete(text) } end

describe("the REPL's results", function()
  it("are separated by tabs, with strings at the top as they are", function()
    assert.are.equal("1\t2.5\tnil\ttrue\ta\tb", format(1, 2.5, nil, true, "a\tb"))
    assert.are.equal("", format())
  end)

  it("quote strings inside tables, escaping control characters", function()
    assert.are.equal('{"a\\nb", "q\\"", "\\1", "back\\\\"}', format({ "a\nb", 'q"', "\1", "back\\" }))
  end)

  it("list the array part, then keys: numbers, then strings in natural order, then the rest", function()
    assert.are.equal('{"x", [3] = 1, [10] = 1, ["a b"] = 1, k2 = 1, k10 = 1, [true] = 1}',
                     format({ "x", k10 = 1, k2 = 1, [10] = 1, [3] = 1, ["a b"] = 1, [true] = 1 }))
    assert.are.equal('{["end"] = 1}', format({ ["end"] = 1 }), "a keyword is not a name")
  end)

  it("stop at depth 4, mark cycles and show a shared table each time", function()
    assert.are.equal("{a = {b = {c = {d = {...}}}}}", format({ a = { b = { c = { d = { e = 1 } } } } }))
    local t = {}
    t.self = t
    assert.are.equal("{self = <cycle>}", format(t))
    local shared = { 1 }
    assert.are.equal("{{1}, {1}}", format({ shared, shared }))
    assert.are.equal("{}", format({}))
  end)

  it("show at most 50 items and tell how many more there are", function()
    local t = {}
    for i = 1, 60 do t[i] = 0 end
    local tail = "0, 0,\n  ... (10 more)\n}"
    assert.are.equal(tail, format(t):sub(-#tail))
  end)

  it("fill lines up to 78 columns when a table is too long for one", function()
    local t = {}
    for i = 1, 40 do t[i] = i * 1000 end
    local lines = {}
    for line in (format(t) .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
    assert.are.equal("{", lines[1])
    assert.are.equal("}", lines[#lines])
    for i = 2, #lines - 1 do
      assert.is_true(#lines[i] <= 78, lines[i])
      assert.are.equal("  ", lines[i]:sub(1, 2))
    end
  end)

  it("use __tostring when a table has one, and survive one that fails", function()
    local point = setmetatable({}, { __tostring = function() return "point" end })
    assert.are.equal("{point}", format({ point }))
    local broken = setmetatable({}, { __tostring = function() error("bad") end })
    assert.are.equal("<table: __tostring failed>", format(broken))
  end)

  it("show navlua's objects by their tostring", function()
    local home = navlua.screen { title = "Home" }
    local nav = navlua.navigation { root = home }
    assert.are.equal("screen 'Home'\tnavigation 1 [Home]", format(home, nav))
    assert.are.equal("{screen 'Home'}", format({ home }))
  end)
end)

describe("Tab", function()
  after_each(function() _G.repl_spec_value = nil end)

  it("returns the word being completed, then the sorted names that extend it", function()
    assert.are.same({ "pri", "print" }, completion("x = pri"))
    assert.are.same({ "whi", "while" }, completion("whi"))
    assert.are.same({ "re", "repeat", "require", "return" }, completion("re"))
  end)

  it("completes a table's keys and those of up to three __index tables", function()
    local base = { from_base = 1 }
    _G.repl_spec_value = setmetatable({ own = 1 }, { __index = setmetatable({ middle = 1 }, { __index = base }) })
    assert.are.same({ "", "from_base", "middle", "own" }, completion("repl_spec_value."))
  end)

  it("offers only functions after ':'", function()
    _G.repl_spec_value = { n = 1, f = function() end }
    assert.are.same({ "", "f" }, completion("repl_spec_value:"))
  end)

  it("follows a path of tables without running their metamethods", function()
    local ran = false
    _G.repl_spec_value = { inner = setmetatable({ deep = 1 }, { __index = function() ran = true end }) }
    assert.are.same({ "d", "deep" }, completion("repl_spec_value.inner.d"))
    assert.are.same({ "x" }, completion("repl_spec_value.missing.x"))
    assert.is_false(ran)
  end)

  it("offers a navigation's methods and fields from the names it was given", function()
    _G.repl_spec_value = navlua.navigation { root = navlua.screen { title = "Home" } }
    assert.are.same({ "", "count", "pop", "push", "top" }, completion("repl_spec_value."))
    assert.are.same({ "", "pop", "push" }, completion("repl_spec_value:"))
  end)

  it("reads a navigation's fields through navlua to reach the screens it holds", function()
    _G.repl_spec_value = navlua.navigation { root = navlua.screen { title = "Home", note = 1 } }
    assert.are.same({ "", "add_control", "add_scroll_view", "enabled", "note", "title" }, completion("repl_spec_value.top."))
  end)

  it("offers a screen's methods and hooks after ':', fields too after '.'", function()
    _G.repl_spec_value = navlua.screen { title = "S", did_appear = function() end }
    assert.are.same({ "", "add_control", "add_scroll_view", "did_appear" }, completion("repl_spec_value:"))
    assert.are.same({ "", "add_control", "add_scroll_view", "did_appear", "enabled", "title" }, completion("repl_spec_value."))
  end)

  it("offers touches' and scroll views' names", function()
    _G.repl_spec_value = navlua.touch_down(5, 300)
    assert.are.same({ "", "up", "x" }, completion("repl_spec_value."))
    _G.repl_spec_value = navlua.screen { title = "S" }:add_scroll_view { content_width = 900 }
    assert.are.same({ "", "offset" }, completion("repl_spec_value."))
  end)

  it("offers string methods after a string and ':'", function()
    _G.repl_spec_value = "text"
    assert.are.same({ "up", "upper" }, completion("repl_spec_value:up"))
    assert.are.same({ "" }, completion("repl_spec_value."))
  end)

  it("offers nothing after a number, '..', a method or an unknown name", function()
    assert.are.same({ "1.5" }, completion("1.5"))
    assert.are.same({ "x" }, completion("a..x"))
    assert.are.same({ "y" }, completion("string:rep.y"))
    assert.are.same({ "" }, completion("no_such_global."))
  end)
end)

describe("a live frame", function()
  it("calls tick with the number of frames", function()
    local got
    assert.are.same({ false }, { live_tick(function(n) got = n end, 3) })
    assert.are.equal(3, got)
  end)

  -- The prelude watches the print it found when it loaded; these load one
  -- with a silent print in _G so that nothing reaches the report.
  local function with_silent_print(body)
    local real_print = _G.print
    _G.print = function() end
    local ok, err = pcall(body, load_embedded("NavLuaBridge/Lua/repl_prelude.lua", "=navlua.repl")(types))
    _G.print = real_print
    assert(ok, err)
  end

  it("tells whether something printed, and puts print back", function()
    with_silent_print(function(p)
      local silent = _G.print
      assert.is_true(p.live_tick(function() _G.print("hello") end, 1))
      assert.are.equal(silent, _G.print)
      assert.is_false(p.live_tick(function() end, 1))
    end)
  end)

  it("does not watch a print the user replaced", function()
    with_silent_print(function(p)
      _G.print = function() end
      assert.is_false(p.live_tick(function() _G.print("hello") end, 1))
    end)
  end)

  it("returns the error that stopped the frame", function()
    local printed, err = live_tick(function() error("hook broke", 0) end, 1)
    assert.is_false(printed)
    assert.are.equal("hook broke", err)
  end)
end)
