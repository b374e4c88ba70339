-- Manual §2: the virtual clock, ticking, settling and curves.

describe("the clock", function()
  before_each(function() navlua.reset() end)

  it("puts frame k at floor(k * 1e9 / fps) ns", function()
    navlua.tick(7)
    assert.are.equal(7, navlua.frame())
    assert.are.equal(0.116666666, navlua.now())
  end)

  it("lands exactly after 10 hours at 120 fps", function()
    navlua.reset{fps = 120}
    navlua.tick(120 * 3600 * 10)
    assert.are.equal(36000, navlua.now())
  end)

  it("advances by the whole number of frames that covers the time", function()
    navlua.advance(0.1)
    assert.are.equal(6, navlua.frame())
    navlua.advance(0.101)
    assert.are.equal(13, navlua.frame())
    navlua.advance(0)
    assert.are.equal(13, navlua.frame())
  end)

  it("ticks one frame by default", function()
    navlua.tick()
    assert.are.equal(1, navlua.frame())
  end)

  it("starts a fresh world on reset", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    navlua.tick(5)
    navlua.reset{width = 320, height = 568, fps = 30}
    assert.are.equal(0, navlua.now())
    assert.are.equal(0, #navlua.trace())
    assert.has_error(function() return nav.count, nav:pop() end,
                     "nav:pop: this navigation belongs to a world that navlua.reset replaced")
    navlua.tick(1)
    assert.are.equal(0.033333333, navlua.now())
  end)
end)

describe("settle", function()
  before_each(function() navlua.reset() end)

  it("returns 0 when nothing moves", function()
    assert.are.equal(0, navlua.settle())
  end)

  it("returns the seconds it took", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"},
                                  transition = {duration = 0.5, curve = "linear"}}
    nav:push(navlua.screen{title = "B"})
    assert.are.equal(0.5, navlua.settle())
  end)

  it("fails past its limit, naming what is still active", function()
    navlua.navigation{root = navlua.screen{title = "A"}}
    local t = navlua.touch_down(100, 100)
    local ok, err = pcall(navlua.settle, 1)
    assert.is_false(ok)
    assert.matches("clock_spec.lua:%d+: navlua.settle: still active after 1 s: touch 1 is down", err)
    t:up()
    assert.are.equal(0, navlua.settle())
  end)
end)

describe("curves", function()
  before_each(function() navlua.reset() end)

  local function midpoint(curve)
    navlua.reset()
    local nav = navlua.navigation{root = navlua.screen{title = "A"},
                                  transition = {duration = 1, curve = curve}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(30)
    return 1 - nav:visual().top.x / 390
  end

  it("is linear, eased in, eased out and eased in-out as named", function()
    assert.near(0.5, midpoint("linear"), 1e-12)
    assert.is_true(midpoint("ease_in") < 0.5)
    assert.is_true(midpoint("ease_out") > 0.5)
    assert.near(0.5, midpoint("ease_in_out"), 1e-9)
  end)

  it("takes a spring that sets its own duration", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"},
      transition = {curve = navlua.spring{damping = 1, response = 0.3}}}
    nav:push(navlua.screen{title = "B"})
    local took = navlua.settle()
    assert.is_true(took > 0.3 and took < 1)
    assert.are.equal(0, nav:visual().top.x)
  end)

  it("rejects unknown curves, listing every name that works", function()
    local names = "linear, ease_in, ease_out, ease_in_out, ease, linear_to_ease_out, ease_in_to_linear, "
      .. "fast_linear_to_slow_ease_in, fast_ease_in_to_slow_ease_out, fast_ease_in_to_slow_ease_out_flipped, "
      .. "linear_to_ease_out_flipped"
    assert.has_error(function()
      navlua.navigation{transition = {curve = "bouncy"}}
    end, "navlua.navigation: unknown curve 'bouncy' (expected one of: " .. names
      .. ", navlua.cubic(...) or navlua.spring{...})")
    -- each name listed is accepted, by navigations and by presets alike
    for name in names:gmatch("[%w_]+") do
      navlua.navigation{transition = {curve = name}}
      navlua.define_preset("curve_" .. name, {curve = name})
    end
  end)
end)
