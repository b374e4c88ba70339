-- A navigation's methods and its number and boolean fields (manual §4:
-- count, id, transitioning, presented, bar_hidden, pop_gesture, stuck) are
-- answered by its __index in C (objects.c, issue 23), every other key
-- by the Swift index. Both must say what the engine holds at every moment,
-- and the C path must trust only a navigation's own userdata: the metatable
-- can be given to any value with debug.setmetatable.

local function index_of(nav) return getmetatable(nav).__index end

describe("a navigation's fields read in C", function()
  it("follow count and transitioning through an animated push and pop", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    assert.are.equal(1, nav.count)
    assert.is_false(nav.transitioning)
    nav:push(navlua.screen{title = "B"})
    navlua.tick()
    assert.is_true(nav.transitioning)
    assert.are.equal(2, nav.count)
    navlua.settle()
    assert.is_false(nav.transitioning)
    assert.are.equal(#nav.screens, nav.count)
    nav:pop()
    navlua.tick()
    assert.is_true(nav.transitioning)
    navlua.settle()
    assert.are.equal(1, nav.count)
    assert.are.equal(#nav.screens, nav.count)
  end)

  it("follow bar_hidden, pop_gesture and presented as they change", function()
    local home = navlua.navigation{root = navlua.screen{title = "Home"}, bar_per_screen = true}
    assert.is_false(home.bar_hidden)
    home:push(navlua.screen{title = "Full", navigation_bar_hidden = true})
    navlua.settle()
    assert.is_true(home.bar_hidden)
    assert.are.equal(home:visual().bar_hidden, home.bar_hidden)
    assert.is_true(home.pop_gesture)
    home.pop_gesture = false
    assert.is_false(home.pop_gesture)
    local sheet = navlua.navigation{root = navlua.screen{title = "Form"}}
    assert.is_false(sheet.presented)
    sheet:present{style = "page_sheet"}
    navlua.settle()
    assert.is_true(sheet.presented)
  end)

  it("follow stuck when a swipe at the root freezes the navigation", function()
    local nav = navlua.navigation{style = "edge", gesture_delegate = false,
                                  root = navlua.screen{title = "Home"}}
    assert.is_false(nav.stuck)
    navlua.drag{from = {5, 400}, by = {250, 0}}
    assert.is_true(nav.stuck)
    assert.is_true(nav.transitioning)
  end)

  it("give each navigation the id its trace events and tostring name", function()
    local a = navlua.navigation{root = navlua.screen{title = "A"}}
    local b = navlua.navigation{root = navlua.screen{title = "B"}}
    assert.are.equal("integer", math.type(a.id))
    assert.are_not.equal(a.id, b.id)
    assert.are.equal("navigation " .. b.id .. " [B]", tostring(b))
    b:push(navlua.screen{title = "C"})
    navlua.settle()
    local pushes = navlua.trace("push")
    assert.are.equal(b.id, pushes[#pushes].nav)
  end)

  it("leave methods, the other fields and unknown keys as they were", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    assert.are.equal("function", type(nav.push))
    assert.are.equal(nav.push, index_of(nav)(nav, "push"))
    assert.are.equal("A", nav.top.title)
    assert.are.equal("string", type(nav.style))
    assert.is_nil(nav.no_such_field)
    assert.is_nil(nav[1])
    assert.is_nil(nav[true])
  end)
end)

describe("a navigation's __index given another value", function()
  it("answers nil for a file, a table and a number", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local index = index_of(nav)
    assert.is_nil(index(io.stdout, "count"))
    assert.is_nil(index({}, "count"))
    assert.is_nil(index(7, "transitioning"))
  end)

  it("answers nil for a touch that was given the navigation's metatable", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local t = navlua.touch_down(100, 400)
    local own = getmetatable(t)
    debug.setmetatable(t, getmetatable(nav))
    local ok, count = pcall(function() return t.count end)
    debug.setmetatable(t, own)
    assert.is_true(ok, count)
    assert.is_nil(count)
    t:up()
  end)

  it("answers nil for a light userdata that was given it", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local light = debug.upvalueid(function() return nav end, 1)
    assert.are.equal("userdata", type(light))
    debug.setmetatable(light, getmetatable(nav))
    local ok, count = pcall(function() return light.count end)
    debug.setmetatable(light, nil)
    assert.is_true(ok, count)
    assert.is_nil(count)
  end)

  it("has a __gc that releases only a navigation, and leaves it an error to use", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local gc = getmetatable(nav).__gc
    local light = debug.upvalueid(function() return nav end, 1)
    gc(io.stdout)
    gc(light)
    gc({})
    gc(navlua.touch_down(100, 400))
    assert.is_true(io.stdout:write("") == io.stdout)
    assert.are.equal(1, nav.count)
    gc(nav)
    gc(nav)
    assert.is_nil(nav.count)
    local ok, err = pcall(nav.push, nav, navlua.screen{title = "B"})
    assert.is_false(ok)
    assert.truthy(tostring(err):find("navigation", 1, true))
  end)
end)

-- A script can rewrite the registry (debug.getregistry()): navlua reads
-- its metatables there raw, so an entry that is not a table, or a registry
-- whose __index raises, neither crashes (lua_setmetatable of a number) nor
-- unwinds a Lua error across the Swift that called in.
describe("object types' metatables in a rewritten registry", function()
  local registry = debug.getregistry()

  local function with_entry(name, value, registry_mt, body)
    local saved = registry[name]
    registry[name] = value
    debug.setmetatable(registry, registry_mt)
    local ok, err = pcall(body)
    debug.setmetatable(registry, nil)
    registry[name] = saved
    assert.is_true(ok, err)
  end

  it("make a navigation with no metatable when its entry is a number", function()
    with_entry("navlua.Navigation", 42, nil, function()
      local ok, nav = pcall(navlua.navigation, {root = navlua.screen{title = "A"}})
      assert.is_true(ok, nav)
      assert.is_nil(getmetatable(nav))
      local ok2, err = pcall(function() return nav.count end)
      assert.is_false(ok2)
      assert.truthy(tostring(err):find("object_fields_spec.lua:%d+: attempt to index"), err)
    end)
  end)

  it("do not call the registry's __index when the entry is gone", function()
    local asked = 0
    local raising = {__index = function() asked = asked + 1 error("registry __index") end}
    with_entry("navlua.Navigation", nil, raising, function()
      local ok, nav = pcall(navlua.navigation, {root = navlua.screen{title = "A"}})
      assert.is_true(ok, nav)
      assert.are.equal("userdata", type(nav))
    end)
    assert.are.equal(0, asked)
  end)

  it("make a screen table without navlua's metatable when its entry is a number", function()
    with_entry("navlua.Screen", 42, nil, function()
      local ok, s = pcall(navlua.screen, {title = "A"})
      assert.is_true(ok, s)
      assert.are.equal("A", s.title)
    end)
  end)

  it("leave the navigations made before as they were", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    with_entry("navlua.Navigation", 42, nil, function()
      assert.are.equal(1, nav.count)
      assert.is_false(pcall(nav.push, nav, navlua.screen{title = "B"}))
    end)
    nav:push(navlua.screen{title = "B"}, {animated = false})
    assert.are.equal(2, nav.count)
  end)
end)
