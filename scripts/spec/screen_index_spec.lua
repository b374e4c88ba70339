-- A screen's fields and hooks found through its metatable (manual §3): the
-- engine reads them as Lua's `t[k]` does, following a chain of `__index`
-- tables (navlua follows it raw in C when it is all tables, issue 23) and
-- calling an `__index` function, protected. And what a script that
-- rewrites navlua's registry entries (through debug.getregistry()) gets:
-- its own tables, never a crash or an error from inside navlua.

local function chain(depth, leaf)
  local last = leaf
  for _ = 1, depth do last = setmetatable({}, { __index = last }) end
  return last
end

local function push(screen)
  local nav = navlua.navigation{ root = navlua.screen{ title = "A" } }
  local ok, err = pcall(function() nav:push(screen) navlua.settle() end)
  return nav, ok, err
end

describe("a screen's fields through __index", function()
  for _, depth in ipairs{ 1, 7, 8, 9, 12 } do
    it("finds a hook " .. depth .. " tables down the chain", function()
      local appeared = 0
      local s = setmetatable(navlua.screen{ title = "B" },
                             { __index = chain(depth - 1, { did_appear = function() appeared = appeared + 1 end }) })
      local nav, ok, err = push(s)
      assert.is_true(ok, err)
      assert.are.equal(1, appeared)
      assert.are.equal(2, nav.count)
    end)
  end

  it("reads a field's false and true as they are in the chain", function()
    local s = setmetatable(navlua.screen{ title = "B" }, { __index = chain(3, { navigation_bar_hidden = true }) })
    local nav = push(s)
    assert.is_true(nav:visual().bar_hidden)
    local locked = setmetatable(navlua.screen{ title = "C" }, { __index = { pop_disabled = false } })
    nav:push(locked)
    navlua.settle()
    local r = navlua.drag{ from = { 100, 400 }, by = { 250, 0 } }
    navlua.settle()
    assert.are.equal("pop", r.recognizer)
    assert.are.equal(2, nav.count)
  end)

  it("calls an __index function met down the chain, with the key asked for", function()
    local asked = {}
    local fn = setmetatable({}, { __index = function(_, k) asked[#asked + 1] = k end })
    local s = setmetatable(navlua.screen{ title = "B" }, { __index = chain(2, fn) })
    local _, ok, err = push(s)
    assert.is_true(ok, err)
    assert.truthy(#asked > 0)
    for _, k in ipairs(asked) do assert.are.equal("string", type(k)) end
  end)

  -- (the push itself happens: the read that fails comes after it, and the
  -- navigation stays consistent, as after a hook that raises, SPEC §7)
  local function consistent(nav)
    assert.are.equal(#nav.screens, nav.count)
    assert.are.equal("B", nav.top.title)
  end

  it("fails the call with the screen's name when the chain loops", function()
    local loop = {}
    loop.__index = loop
    setmetatable(loop, loop)
    local nav, ok, err = push(setmetatable(navlua.screen{ title = "B" }, loop))
    assert.is_false(ok)
    assert.truthy(err:find("nav:push: screen 'B': reading '", 1, true), err)
    assert.truthy(err:find("'__index' chain too long; possible loop", 1, true), err)
    consistent(nav)
  end)

  it("fails the call with the function's own error when an __index function raises", function()
    local s = setmetatable(navlua.screen{ title = "B" }, { __index = function(_, k) error("no " .. k, 0) end })
    local nav, ok, err = push(s)
    assert.is_false(ok)
    assert.truthy(err:find("screen 'B': reading '[%w_]+' failed: no [%w_]+"), err)
    consistent(nav)
  end)

  it("fails the call when __index is a number, as t[k] would", function()
    local nav, ok, err = push(setmetatable(navlua.screen{ title = "B" }, { __index = 42 }))
    assert.is_false(ok)
    assert.truthy(err:find("attempt to index a number value", 1, true), err)
    consistent(nav)
  end)
end)

describe("navlua's registry entries rewritten by a script", function()
  local refs = require("support.registry").refs

  it("leave nav:visual()'s keys as they are named", function()
    local nav = navlua.navigation{ root = navlua.screen{ title = "A" } }
    nav:visual()
    local r = debug.getregistry()
    for _, k in ipairs(refs(function(v) return v == "bar_hidden" or v == "dim" end)) do r[k] = nil end
    local ok, v = pcall(nav.visual, nav)
    assert.is_true(ok, v)
    assert.are.equal(false, v.bar_hidden)
    assert.are.equal(0, v.dim)
    assert.are.equal("A", nav.top.title)
  end)

  it("leave a screen's fields and hooks read by their names", function()
    -- the screen keys' references are made by the first screen
    navlua.screen{ title = "first" }
    local keys = { title = true, will_appear = true, did_appear = true, will_disappear = true,
                   navigation_bar_hidden = true, pop_disabled = true, back_button = true }
    local r = debug.getregistry()
    local found = refs(function(v) return keys[v] end)
    assert.truthy(#found >= 7)
    for i, k in ipairs(found) do r[k] = (i % 2 == 0) and 0 / 0 or {} end
    local seen = {}
    local b = navlua.screen{ title = "B", navigation_bar_hidden = true,
                             will_appear = function(self) seen[#seen + 1] = self.title end }
    local nav = navlua.navigation{ root = navlua.screen{ title = "A" } }
    nav:push(b)
    navlua.settle()
    assert.are.same({ "B" }, seen)
    assert.is_true(nav.bar_hidden)
    assert.are.equal("B", nav.top.title)
    assert.is_false(pcall(navlua.screen, { title = "C", will_appear = 3 }))
  end)
  -- last: it leaves the state's screen tables unreachable for the rest of the file
  it("leave a screen that lost its table without a crash", function()
    local s = navlua.screen{ title = "A" }
    local r = debug.getregistry()
    local function holds(t)
      if type(t) ~= "table" then return false end
      for _, x in pairs(t) do if x == s then return true end end
      return false
    end
    local found = refs(holds)
    assert.truthy(#found > 0)
    for _, k in ipairs(found) do r[k] = 1 end
    assert.are.equal("A", s.title)
    local nav = navlua.navigation{ root = s }
    navlua.tick(2)
    assert.are.equal(1, nav.count)
    -- a field of a screen whose table is gone reads nil (navigation_bar_hidden
    -- read what lay on the Lua stack: "must be a boolean (got a table)")
    local ok, err = pcall(nav.push, nav, navlua.screen{ title = "C" }, { animated = false })
    assert.is_true(ok, err)
    assert.are.equal(2, nav.count)
  end)
end)
