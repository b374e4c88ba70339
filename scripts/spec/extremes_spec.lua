-- Inputs at the edges of what a script can pass: none may crash the host,
-- each either works or fails with a clear error, and the world goes on.

describe("extreme inputs", function()
  before_each(function() navlua.reset() end)

  -- y1 = 1e308 and y2 = -1e308: the curve's terms overflow and their sum
  -- is NaN, which then moved screens to NaN.
  it("refuse a cubic whose values would overflow, and keep large ones that do not", function()
    local ok, err = pcall(navlua.cubic, 0.5, 1e308, 0.5, -1e308)
    assert.is_false(ok)
    assert.matches("navlua.cubic: y1 and y2 are too large", err)
    local nav = navlua.navigation{root = navlua.screen{title = "A"},
                                  transition = {curve = navlua.cubic(0.5, 1e300, 0.5, -1e300)}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(5)
    local x = nav:visual().top.x
    assert.is_true(x == x, "not NaN")
  end)

  it("name one range for every fps out of it", function()
    for _, fps in ipairs{-1, 0, 100001, 2.5} do
      local ok, err = pcall(navlua.reset, {fps = fps})
      assert.is_false(ok)
      assert.truthy(err:find("'fps' must be a whole number from 1 to 100000", 1, true), err)
    end
  end)

  it("drive navlua from a coroutine, hooks included", function()
    local appeared = 0
    local co = coroutine.wrap(function()
      local nav = navlua.navigation{root = navlua.screen{title = "A"}}
      nav:push(navlua.screen{title = "B", did_appear = function() appeared = appeared + 1 end})
      coroutine.yield()
      navlua.settle()
      navlua.drag{from = {100, 400}, by = {250, 0}}
      navlua.settle()
      return nav.count
    end)
    co()
    assert.are.equal(1, co())
    assert.are.equal(1, appeared)
  end)

  it("refuse a hook that yields, as an error of that hook", function()
    local co = coroutine.wrap(function()
      local nav = navlua.navigation{root = navlua.screen{title = "A", will_disappear = function() coroutine.yield() end}}
      return pcall(nav.push, nav, navlua.screen{title = "B"})
    end)
    local ok, err = co()
    assert.is_false(ok)
    assert.matches("hook 'will_disappear' of screen 'A' failed: attempt to yield across a C%-call boundary", err)
  end)

  it("take transitions of 1e300 seconds and settle them with an error", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, transition = {duration = 1e300}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(3)
    assert.near(390, nav:visual().top.x, 1e-6)
    assert.has_error(function() navlua.settle(1) end, "navlua.settle: still active after 1 s: nav 1: transition push of 'B'")
  end)

  it("bound extreme springs", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"},
      transition = {curve = navlua.spring{damping = 1e-9, response = 1e-9}}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(1)
    local x = nav:visual().top.x
    assert.is_true(x == x)                      -- not NaN
  end)

  it("page a scroll view a 1e-300 points wide", function()
    local s = navlua.screen{title = "X"}
    local sv = s:add_scroll_view{width = 1e-300, content_width = 1e300, paging = true}
    navlua.navigation{root = s}
    navlua.drag{from = {0, 100}, by = {-100, 0}}
    navlua.settle()
    assert.is_true(sv.page >= 0)
  end)

  it("leave no scroll view dragging or snapping after a reset", function()
    local s = navlua.screen{title = "X"}
    local sv = s:add_scroll_view{content_width = 3 * 390, paging = true}
    navlua.navigation{root = s}
    navlua.drag{from = {300, 400}, by = {-250, 0}}
    local t = navlua.touch_down(300, 400)
    t:move_to(200, 400, 0.1)
    navlua.reset()                      -- mid-drag of a second swipe
    assert.is_false(sv.scrolling)
    navlua.reset()
    navlua.navigation{root = s}
    navlua.drag{from = {300, 400}, by = {-250, 0}}
    navlua.reset()                      -- mid-snap
    assert.is_false(sv.scrolling)
    navlua.navigation{root = s}
    assert.are.equal(0, navlua.settle())
  end)

  it("move touches to 1e308 (a touch begins on the screen, manual §5.1 rule 9; a move may go anywhere)", function()
    assert.has_error(function() navlua.touch_down(1e308, -1e308) end,
                     "navlua.touch_down: (1e+308, -1e+308) is outside the screen (0...390 x 0...844);"
                     .. " a touch begins on the screen")
    local t = navlua.touch_down(390, 0)
    t:move_to(1e308, -1e308, 0.1)
    t:move_to(-1e308, 1e308, 0.1)
    t:up()
    assert.are.equal(0, navlua.settle())
  end)

  it("refuse durations the clock cannot count", function()
    assert.has_error(function() navlua.advance(1e300) end, "navlua.advance: cannot advance by 1e+300 seconds")
    assert.has_error(function() navlua.drag{from = {1, 1}, by = {1, 1}, duration = 1e300} end,
                     "navlua.drag: cannot move over 1e+300 seconds")
  end)

  it("report hooks that recurse forever or raise odd error objects", function()
    local function forever() return forever() + 1 end
    local nav = navlua.navigation{root = navlua.screen{title = "A", will_disappear = forever}}
    assert.error_matches(function() nav:push(navlua.screen{title = "B"}) end,
                         "^nav:push: hook 'will_disappear' of screen 'A' failed: [^\n]-:%d+: stack overflow\n")
    navlua.settle()
    local b = navlua.screen{title = "C", will_appear = function() error({code = 1}) end}
    local ok, err = pcall(nav.push, nav, b)
    assert.is_false(ok)
    assert.matches("%(error object is a table value%)", err)
  end)
end)
