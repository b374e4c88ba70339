-- Platform presets (manual §7): the machinery, React Navigation's numbers,
-- and the errors for bad input. Flutter's are in flutter_route_spec.lua.

local function pushed(preset, world)
  navlua.reset(world)
  local nav = navlua.navigation{preset = preset, root = navlua.screen{title = "A"}}
  nav:push(navlua.screen{title = "B"})
  navlua.settle()
  return nav
end

describe("the preset machinery", function()
  before_each(function() navlua.reset() end)

  it("lists the built-in presets, uikit first", function()
    assert.are.same({"uikit", "flutter", "react_navigation", "ios26", "swiftui", "native_stack", "android"}, navlua.presets())
  end)

  it("uikit is the default and today's numbers", function()
    local nav = navlua.navigation{}
    assert.are.equal("uikit", nav.preset)
    assert.are.equal("fullscreen", nav.style)
    -- named, uikit is UIKit as shipped: the system edge swipe
    assert.are.equal("edge", navlua.navigation{preset = "uikit"}.style)
    local p = navlua.preset("uikit")
    assert.are.same({style = "edge", system = "ios18", edge_width = 13, pan_slop = 15, touch_rate = 120, velocity = "recent_span", parallax = 0.3, dim = 0.1, duration = 0.35, curve = "ease_in_out",
                     completion = "uikit", drop = "completion_speed", calls_during_transition = "queue",
                     arbitration = "uikit", bar = "uikit", sheet = "uikit"}, p)
  end)

  it("returns a copy: changing it changes nothing", function()
    local p = navlua.preset("flutter")
    p.edge_width = 99
    assert.are.equal(20, navlua.preset("flutter").edge_width)
  end)

  it("an option beside a preset overrides that one value", function()
    local nav = navlua.navigation{preset = "flutter", edge_width = 40, completion = "uikit"}
    assert.are.equal("flutter", nav.preset)
    assert.are.equal("uikit", nav.completion)
    assert.are.equal("edge", nav.style)
    nav = navlua.navigation{preset = "flutter", style = "fullscreen"}
    assert.are.equal("fullscreen", nav.style)
  end)

  it("a transition curve beside a preset replaces its per-screen curves", function()
    navlua.reset{width = 800}
    local nav = navlua.navigation{preset = "flutter", root = navlua.screen{title = "A"},
                                  transition = {duration = 0.5, curve = "linear"}}
    nav:push(navlua.screen{title = "B"})
    navlua.advance(0.25)
    assert.are.equal(400, nav:visual().top.x)
    assert.is_true(math.abs(nav:visual().below.x + 800 / 6) < 1e-9)
  end)

  it("define_preset adds a team's own, based on another", function()
    navlua.define_preset("team", {base = "flutter", edge_width = 30, drop_duration = 0.2,
                                  pop_top_curve = navlua.cubic(0.2, 0, 0.2, 1)})
    assert.are.same({"uikit", "flutter", "react_navigation", "ios26", "swiftui", "native_stack", "android", "team"}, navlua.presets())
    local p = navlua.preset("team")
    assert.are.equal(30, p.edge_width)
    assert.are.equal(0.2, p.drop_duration)
    assert.are.equal("fast_ease_in_to_slow_ease_out", p.top_curve)
    assert.are.same({curve = "cubic", x1 = 0.2, y1 = 0, x2 = 0.2, y2 = 1}, p.pop_top_curve)
    assert.are.equal("team", navlua.navigation{preset = "team"}.preset)
  end)

  it("a preset's table round-trips through define_preset", function()
    navlua.define_preset("rn_copy", navlua.preset("react_navigation"))
    local a, b = navlua.preset("react_navigation"), navlua.preset("rn_copy")
    assert.are.same(a, b)
  end)

  it("navlua.cubic is Flutter's Cubic, usable as transition.curve", function()
    navlua.reset{width = 800}
    local nav = navlua.navigation{root = navlua.screen{title = "A"},
                                  transition = {duration = 0.5, curve = navlua.cubic(0.35, 0.91, 0.33, 0.97)}}
    nav:push(navlua.screen{title = "B"})
    navlua.advance(0.05)
    -- Curves.linearToEaseOut at t = 0.1, as Flutter evaluates it (route_test: 609 ... here 800 (1 - 0.2605))
    assert.is_true(math.abs(nav:visual().top.x - 800 * (1 - 0.26052)) < 1)
  end)
end)

describe("pan slop per preset", function()
  local function begins(preset, dx)
    local nav = pushed(preset)
    local t = navlua.touch_down(5, 400)
    t:move_to(5 + dx, 400, 0)
    local moving = nav.transitioning
    t:cancel()
    return moving
  end

  it("Flutter's kTouchSlop is 18: a 16 pt move does not begin the pop, 19 pt does", function()
    assert.is_false(begins("flutter", 16))
    assert.is_true(begins("flutter", 19))
    assert.is_true(begins("uikit", 16))   -- UIKit's 15
  end)

  it("React Navigation activates after 5 pt (activeOffsetX)", function()
    assert.is_false(begins("react_navigation", 4))
    assert.is_true(begins("react_navigation", 6))
  end)
end)

describe("react_navigation preset (@react-navigation/stack)", function()
  it("gestureResponseDistance: the swipe must begin within 50 pt of the edge", function()
    local nav = pushed("react_navigation")
    local r = navlua.drag{from = {45, 400}, by = {100, 0}, duration = 0.3, hold = 0.1}
    assert.are.equal("pop", r.recognizer)
    navlua.settle()
    nav:push(navlua.screen{title = "C"})
    navlua.settle()
    r = navlua.drag{from = {55, 400}, by = {100, 0}, duration = 0.3, hold = 0.1}
    assert.are_not.equal("pop", r.recognizer)
  end)

  it("forHorizontalIOS: the screen below at -0.3 W, overlay 0 -> 0.07", function()
    local nav = pushed("react_navigation")
    local t = navlua.touch_down(5, 400)
    t:move_to(5 + 195, 400, 0.2)
    local v = nav:visual()
    assert.is_true(math.abs(v.top.x - 195) < 1e-9)
    assert.is_true(math.abs(v.below.x + 0.3 * 390 * 0.5) < 1e-9)
    assert.is_true(math.abs(v.dim - 0.07 * 0.5) < 1e-9)
    t:cancel()
  end)

  it("gestureVelocityImpact: closes when translation + 0.3 velocity > W / 2", function()
    -- 150 pt held still: 150 < 195, stays
    local nav = pushed("react_navigation")
    navlua.drag{from = {5, 400}, by = {150, 0}, duration = 0.3, hold = 0.1}
    navlua.settle()
    assert.are.equal(2, nav.count)
    -- 150 pt still moving at 500 pt/s: 150 + 150 = 300 > 195, closes
    local r = navlua.drag{from = {5, 400}, by = {150, 0}, duration = 0.3}
    assert.is_true(150 + 0.3 * r.velocity.x > 195)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("TransitionIOSSpec: push and pop are a spring that ends at rest (10 pt, 10 pt/s)", function()
    navlua.reset()
    local nav = navlua.navigation{preset = "react_navigation", root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.advance(0.1)
    local x = nav:visual().top.x
    assert.is_true(x > 0 and x < 390)
    local took = navlua.settle() + 0.1
    -- Animated solves damping ratio >= 1 as critically damped: omega0 = sqrt(1000 / 3);
    -- at rest once within 10 pt and slower than 10 pt/s.
    assert.is_true(took > 0.4 and took < 0.55, "push took " .. took)
  end)

  it("the release spring starts with the finger's velocity", function()
    local nav = pushed("react_navigation")
    navlua.drag{from = {5, 400}, by = {250, 0}, duration = 0.6, hold = 0.1}
    local slow = navlua.settle()
    nav:push(navlua.screen{title = "C"})
    navlua.settle()
    navlua.drag{from = {5, 400}, by = {250, 0}, duration = 0.1}
    local fast = navlua.settle()
    assert.are.equal(1, nav.count)
    assert.is_true(fast < slow, ("fast %g, slow %g"):format(fast, slow))
  end)
end)

describe("presets: bad input", function()
  before_each(function() navlua.reset() end)

  it("an unknown preset names the known ones", function()
    -- presets defined by earlier tests of this file are listed too: they
    -- outlive navlua.reset, like the functions a script defines
    local known = table.concat(navlua.presets(), ", ")
    assert.has_error(function() navlua.navigation{preset = "material"} end,
      "navlua.navigation: unknown preset 'material' (expected one of: " .. known .. ")")
    assert.has_error(function() navlua.preset("material") end,
      "navlua.preset: unknown preset 'material' (expected one of: " .. known .. ")")
  end)

  it("an error carries the caller's file:line", function()
    local ok, err = pcall(navlua.navigation, {preset = "material"})
    assert.is_false(ok)
    assert.matches("^scripts/spec/presets_spec.lua:%d+: navlua.navigation: unknown preset", err)
  end)

  it("an unknown key in define_preset lists the allowed ones", function()
    assert.has_error(function() navlua.define_preset("x", {edge = 3}) end,
      "navlua.define_preset: unknown option 'edge' (expected one of: base, style, edge_width, pan_slop, touch_rate, velocity, parallax, dim, duration, curve, top_curve, below_curve, pop_top_curve, pop_below_curve, completion, drop, drop_duration, drop_curve, spring, transition_spring, calls_during_transition, arbitration, bar, sheet, system)")
  end)

  it("a built-in preset cannot be redefined", function()
    assert.has_error(function() navlua.define_preset("flutter", {}) end,
      "navlua.define_preset: 'flutter' is a built-in preset; choose another name")
  end)

  it("control points outside what Flutter's Cubic can solve are refused", function()
    assert.has_error(function() navlua.cubic(1.5, 0, 0.5, 1) end,
      "navlua.cubic: x1 and x2 must be in [0, 1] (got 1.5 and 0.5)")
    assert.has_error(function() navlua.cubic(0.5, 0, 0.5, 0 / 0) end)
    assert.has_error(function()
      navlua.navigation{transition = {curve = {curve = "cubic", x1 = 0.2, y1 = 0, x2 = -1, y2 = 1}}}
    end, "navlua.navigation: transition.curve: x1 and x2 must be in [0, 1] (got 0.2 and -1.0)")
  end)

  it("a spring that cannot settle is refused", function()
    assert.has_error(function()
      navlua.define_preset("wobbly", {base = "react_navigation",
        spring = {stiffness = 100, damping = 0, mass = 1, overshoot_clamping = false}})
    end, "navlua.define_preset: spring: it does not come to rest within 60 s over 1000 points (raise damping, or set overshoot_clamping)")
    assert.has_error(function()
      navlua.define_preset("nomass", {base = "react_navigation", spring = {mass = 0}})
    end, "navlua.define_preset: spring: stiffness and mass must be positive")
  end)

  it("unknown drop rules and spring keys name what is allowed", function()
    assert.has_error(function() navlua.define_preset("x", {drop = "bounce"}) end,
      "navlua.define_preset: unknown drop rule 'bounce' (expected completion_speed, fixed, spring)")
    assert.has_error(function() navlua.define_preset("x", {spring = {tension = 1}}) end,
      "navlua.define_preset: unknown option 'tension' (expected one of: stiffness, damping, mass, overshoot_clamping, rest_displacement, rest_speed)")
    assert.has_error(function() navlua.define_preset("x", {drop = "spring"}) end,
      "navlua.define_preset: drop = \"spring\" needs a 'spring' table (stiffness, damping, mass, overshoot_clamping, rest_displacement, rest_speed)")
  end)
end)
