-- Manual §4: navigation calls, their animations, lifecycle order,
-- queueing, and what the screen looks like at a chosen frame.

local function titles(list)
  local t = {}
  for i, s in ipairs(list) do t[i] = s.title end
  return table.concat(t, ",")
end

-- lifecycle events as "name:title" strings, in trace order
local function lifecycle()
  local out = {}
  for _, e in ipairs(navlua.trace("lifecycle")) do out[#out + 1] = e.name .. ":" .. e.screen end
  return out
end

describe("push and pop", function()
  before_each(function() navlua.reset() end)

  it("shows the root without animation and fires its appear events", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    assert.are.equal(1, nav.count)
    assert.are.same({"will_appear:A", "did_appear:A"}, lifecycle())
    assert.is_false(nav.transitioning)
  end)

  it("pushes over 0.35 s with ease_in_out and UIKit's lifecycle order", function()
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{root = a}
    nav:push(b)
    assert.are.equal(b, nav.top)          -- the stack changes at once, as in UIKit
    assert.is_true(nav.transitioning)
    assert.are.equal(0.35, navlua.settle())
    assert.are.same({"will_appear:A", "did_appear:A", "will_disappear:A", "will_appear:B",
                     "did_disappear:A", "did_appear:B"}, lifecycle())
  end)

  it("places the screens by the push formulas at a chosen frame", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(7)                         -- frame 7 is at floor(7e9/60) ns
    local p = 116666666 / 350000000       -- progress at that frame
    local q
    do
      local x1, x2 = 0.42, 0.58
      local function bez(t, c1, c2) local u = 1 - t return 3*u*u*t*c1 + 3*u*t*t*c2 + t*t*t end
      local lo, hi = 0, 1
      for _ = 1, 80 do
        local mid = (lo + hi) / 2
        if bez(mid, x1, x2) < p then lo = mid else hi = mid end
      end
      q = bez(lo, 0, 1)
    end
    local v = nav:visual()
    assert.are.equal("B", v.top.screen.title)
    assert.near(390 * (1 - q), v.top.x, 1e-6)
    assert.near(-0.3 * 390 * q, v.below.x, 1e-6)
    assert.near(0.1 * q, v.dim, 1e-9)
  end)

  it("pops with the mirror of the push", function()
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{root = a}
    nav:push(b, {animated = false})
    assert.are.equal(b, nav:pop())
    navlua.tick(21)                        -- 0.35 s exactly
    local v = nav:visual()
    assert.are.equal("A", v.top.screen.title)
    assert.is_nil(v.below)
    local names = lifecycle()
    assert.are.same({"will_disappear:B", "will_appear:A", "did_disappear:B", "did_appear:A"},
                    {table.unpack(names, #names - 3)})
  end)

  it("fires all four events in the same frame when not animated", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"}, {animated = false})
    local frames = {}
    for _, e in ipairs(navlua.trace("lifecycle")) do frames[e.frame] = true end
    assert.are.same({[0] = true}, frames)
    assert.is_false(nav.transitioning)
  end)

  it("returns nil when popping the root", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    assert.is_nil(nav:pop())
    assert.are.equal(1, nav.count)
  end)

  it("pops to a screen and to the root", function()
    local s = {}
    for i = 1, 4 do s[i] = navlua.screen{title = "S" .. i} end
    local nav = navlua.navigation{root = s[1]}
    for i = 2, 4 do nav:push(s[i], {animated = false}) end
    assert.are.equal(s[4], nav:pop_to(s[2], {animated = false}))
    assert.are.equal("S1,S2", titles(nav.screens))
    nav:push(s[3], {animated = false})
    nav:pop_to_root{animated = false}
    assert.are.equal("S1", titles(nav.screens))
  end)

  it("replaces the stack with set_screens", function()
    local a, b, c = navlua.screen{title = "A"}, navlua.screen{title = "B"}, navlua.screen{title = "C"}
    local nav = navlua.navigation{root = a}
    nav:set_screens({a, b, c})
    assert.are.equal("A,B,C", titles(nav.screens))
    assert.is_true(nav.transitioning)
    navlua.settle()
    assert.has_error(function() nav:set_screens({}) end, "nav:set_screens: the list of screens is empty")
    assert.has_error(function() nav:set_screens({a, a}) end, "nav:set_screens: screen 'A' is in the list twice")
  end)
end)

describe("pushing a screen that is already in the stack", function()
  before_each(function() navlua.reset() end)

  it("is ignored with a push_ignored event in the fullscreen style (FD's guard)", function()
    local a = navlua.screen{title = "A"}
    local nav = navlua.navigation{root = a, style = "fullscreen"}
    nav:push(a)
    assert.are.equal(1, nav.count)
    assert.are.equal(1, #navlua.trace("push_ignored"))
  end)

  for _, style in ipairs{"edge", "snapshot"} do
    it("is an error in the " .. style .. " style", function()
      local a = navlua.screen{title = "A"}
      local nav = navlua.navigation{root = a, style = style}
      assert.has_error(function() nav:push(a) end, "nav:push: screen 'A' is already in the stack")
      assert.are.equal(1, nav.count)
    end)
  end
end)

describe("queueing", function()
  before_each(function() navlua.reset() end)

  it("runs calls made during a transition in call order, once free", function()
    local a, b, c = navlua.screen{title = "A"}, navlua.screen{title = "B"}, navlua.screen{title = "C"}
    local nav = navlua.navigation{root = a}
    nav:push(b)
    nav:push(c)
    nav:pop()
    assert.are.equal(2, #navlua.trace("queued"))
    navlua.settle()
    assert.are.equal("A,B", titles(nav.screens))
    local kinds = {}
    for _, e in ipairs(navlua.trace()) do
      if e.kind == "push" or e.kind == "pop" then kinds[#kinds + 1] = e.kind .. "@" .. e.frame end
    end
    assert.are.same({"push@0", "push@0", "push@21", "pop@42"}, kinds)
  end)

  it("runs a call made from a hook after the hook returns", function()
    local c = navlua.screen{title = "C"}
    local b = navlua.screen{title = "B"}
    local nav
    b.did_appear = function() nav:push(c) end
    nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(b, {animated = false})
    assert.are.equal(1, #navlua.trace("queued"))
    assert.are.equal("A,B,C", titles(nav.screens))
  end)

  it("refuses driving calls from inside a hook", function()
    local ok, err
    local b = navlua.screen{title = "B", will_appear = function()
      ok, err = pcall(navlua.tick)
    end}
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(b)
    assert.is_false(ok)
    assert.matches("navlua.tick: cannot be called from inside a hook", err)
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)
end)

describe("back button and presentation", function()
  before_each(function() navlua.reset() end)

  it("asks will_go_back before going back", function()
    local allow = false
    local b = navlua.screen{title = "B", will_go_back = function() return allow end}
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(b, {animated = false})
    nav:back()
    assert.are.equal(2, nav.count)
    allow = true
    nav:back()
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("dismisses at the root when dismiss_at_root and presented", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, dismiss_at_root = true}
    nav:present()
    navlua.settle()
    assert.is_true(nav.presented)
    nav:back()
    assert.are.equal(0.5, navlua.settle())
    assert.is_false(nav.presented)
  end)

  it("does nothing at the root without dismiss_at_root", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:present{animated = false}
    nav:back()
    assert.are.equal(0, navlua.settle())
    assert.is_true(nav.presented)
  end)

  it("slides a presented navigation up over 0.5 s", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:present()
    assert.are.equal(844, nav:visual().y)
    navlua.settle()
    assert.are.equal(0, nav:visual().y)
    assert.has_error(function() nav:present() end, "nav:present: the navigation is already presented")
  end)
end)

describe("the navigation bar", function()
  before_each(function() navlua.reset() end)

  it("follows the appearing screen's navigation_bar_hidden at its will_appear", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    assert.is_false(nav.bar_hidden)
    nav:push(navlua.screen{title = "B", navigation_bar_hidden = true})
    assert.is_true(nav.bar_hidden)
    navlua.settle()
    nav:pop()
    assert.is_false(nav.bar_hidden)
  end)

  it("stays put without bar_per_screen", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, bar_per_screen = false}
    nav:push(navlua.screen{title = "B", navigation_bar_hidden = true})
    assert.is_false(nav.bar_hidden)
  end)
end)

describe("right-to-left layouts", function()
  it("mirror every x of a push", function()
    navlua.reset{layout = "rtl"}
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(10)
    local rtl = nav:visual()
    navlua.reset()
    nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.tick(10)
    local ltr = nav:visual()
    assert.are.equal(-ltr.top.x, rtl.top.x)
    assert.are.equal(-ltr.below.x, rtl.below.x)
    assert.are.equal(ltr.dim, rtl.dim)
  end)
end)
