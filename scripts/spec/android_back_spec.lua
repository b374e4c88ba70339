-- Android's predictive back (preset "android", manual §15): the system back
-- gesture, OnBackPressedCallback, back-to-home, the back key, and what
-- each back_animation draws. Each `it` is one rule; the numbers are those
-- of SystemBackRules.swift and BackAnimation.swift.

local W, H = 412, 915   -- a Pixel-sized window in dp

local function app(options)
  navlua.reset{width = (options and options.width) or W, height = H}
  local home = navlua.screen{title = "Home"}
  local nav = navlua.navigation{preset = "android", root = home,
                                back_animation = options and options.back_animation}
  return nav, home
end

local function pushed(options, detail)
  local nav, home = app(options)
  detail = detail or navlua.screen{title = "Detail"}
  nav:push(detail)
  navlua.settle()
  return nav, home, detail
end

local function backs(phase)
  local list = {}
  for _, e in ipairs(navlua.trace("back")) do
    if phase == nil or e.phase == phase then list[#list + 1] = e end
  end
  return list
end

-- The progress of each sample: the first rides on the `back` event of the
-- start, the others on their `touch` event (`back_progress`).
local function progresses()
  local list = {}
  for _, e in ipairs(navlua.trace()) do
    if e.kind == "back" and e.phase == "progress" then list[#list + 1] = e.progress end
    if e.kind == "touch" and e.back_progress then list[#list + 1] = e.back_progress end
  end
  return list
end

local function titles(nav)
  local t = {}
  for i, s in ipairs(nav.screens) do t[i] = s.title end
  return t
end

-- A swipe from (x0, 400) to (x1, y1) over 0.2 s, lifted.
local function swipe(x0, x1, y1)
  local t = navlua.touch_down(x0, 400)
  t:move_to(x1, y1 or 400, 0.2)
  t:up()
  navlua.settle()
end

describe("Android's system back gesture", function()
  it("begins only for a touch down within 20 dp of the left or the right edge", function()
    local nav = pushed()
    swipe(25, 250)
    assert.are.same({}, backs())
    assert.are.same({"Home", "Detail"}, titles(nav))
    swipe(20, 250)
    assert.are.equal("left", backs("started")[1].edge)
    assert.are.same({"Home"}, titles(nav))
  end)

  it("comes from the right edge too, moving left (swipe_edge right)", function()
    local nav = pushed()
    swipe(W - 2, 150)
    assert.are.equal("right", backs("started")[1].edge)
    assert.are.equal("committed", backs("committed")[1].phase)
    assert.are.same({"Home"}, titles(nav))
  end)

  it("commits at the lift past 16 dp in, and cancels short of it", function()
    local nav = pushed()
    swipe(5, 20)   -- 15 dp: the arrow never turned active
    local c = backs("cancelled")[1]
    assert.are.equal("short", c.reason)
    assert.are.same({"Home", "Detail"}, titles(nav))
    navlua.reset{width = W, height = H}
    nav = pushed()
    swipe(5, 22)   -- 17 dp
    assert.are.equal(1, #backs("committed"))
    assert.are.same({"Home"}, titles(nav))
  end)

  it("cancels when the finger comes back 32 dp toward the edge before the lift", function()
    local nav = pushed()
    local t = navlua.touch_down(5, 400)
    t:move_to(200, 400, 0.2)
    t:move_to(160, 400, 0.1)   -- 40 dp back: INACTIVE
    t:up()
    navlua.settle()
    assert.are.equal("inactive", backs("cancelled")[1].reason)
    assert.are.same({"Home", "Detail"}, titles(nav))
  end)

  it("fails on a vertical drag and lets the app's scroll view have the touch", function()
    local nav, _, detail = pushed()
    detail:add_scroll_view{x = 0, y = 0, width = W, height = H, content_height = 3000}
    local t = navlua.touch_down(5, 400)
    t:move_to(8, 200, 0.2)
    t:up()
    navlua.settle()
    assert.are.equal("vertical", backs("failed")[1].reason)
    assert.are.equal("scroll", t.recognizer)
    assert.are.same({"Home", "Detail"}, titles(nav))
  end)

  it("fails when the finger rests past 250 ms before moving", function()
    local nav = pushed()
    local t = navlua.touch_down(5, 400)
    t:hold(0.3)
    t:move_to(200, 400, 0.2)
    t:up()
    navlua.settle()
    assert.are.equal("long_press", backs("failed")[1].reason)
    assert.are.same({"Home", "Detail"}, titles(nav))
  end)

  it("takes the touch before the app's recognizers: a scroll view under the finger loses as system_back", function()
    local nav, _, detail = pushed()
    detail:add_scroll_view{x = 0, y = 0, width = W, height = H, content_width = 3 * W, paging = true}
    local t = navlua.touch_down(5, 400)
    t:move_to(200, 400, 0.2)
    local arena = navlua.trace("arena")[1]
    assert.are.equal("system_back", arena.winner)
    assert.matches("scroll:%d+=system_back", arena.lost)
    assert.are.equal("system_back", t.recognizer)
    t:up()
    navlua.settle()
    assert.are.same({"Home"}, titles(nav))
  end)

  it("reports progress as BackTouchTracker: linear up to min(width, 412 dp)", function()
    local nav = pushed()
    local t = navlua.touch_down(5, 400)
    t:move_to(108, 400, 0.2)
    local e = progresses()
    assert.is_true(#e >= 20)   -- one a sample, 120 a second
    for i = 2, #e do assert.is_true(e[i] > e[i - 1]) end
    -- W = 412: L = M = 412, progress = dx / 412 (binary32)
    assert.is_true(math.abs(e[#e] - 103 / 412) < 1e-6, e[#e])
    assert.is_true(math.abs(nav:visual().back.progress - 103 / 412) < 1e-6)
    t:up()
    navlua.settle()
  end)

  it("stretches past 412 dp on a wider window, with factor 0.2", function()
    pushed{width = 900}
    local t = navlua.touch_down(5, 400)
    t:move_to(505, 400, 0.2)   -- 500 dp: past L = 412
    local e = progresses()
    local L, M = 412, 900
    local initial = L + (M - L) * 0.2
    local target = initial + (M - initial) * ((500 - L) / (M - L))
    assert.is_true(math.abs(e[#e] - 500 / target) < 1e-6, e[#e])
    t:up()
    navlua.settle()
  end)

  it("tells navlua.drag's result whether back committed (finished) and who took the touch", function()
    pushed()
    local r = navlua.drag{from = {5, 400}, by = {200, 0}}
    assert.are.same({"system_back", "ended", true}, {r.recognizer, r.state, r.finished})
    navlua.settle()
    pushed()
    r = navlua.drag{from = {5, 400}, by = {12, 0}}
    assert.are.same({"system_back", "cancelled", false}, {r.recognizer, r.state, r.finished})
  end)

  it("pops the navigation through its predictive pop, scrubbed by progress", function()
    local nav = pushed()
    local t = navlua.touch_down(5, 400)
    t:move_to(100, 400, 0.2)
    local v = nav:visual()
    assert.are.equal("interactive_pop", navlua.trace("transition")[#navlua.trace("transition")].what)
    assert.are.equal("compose", v.back.style)
    assert.are.equal("Detail", v.back.top.screen.title)
    assert.are.equal("Home", v.back.below.screen.title)
    t:up()
    navlua.settle()
    local pop = navlua.trace("pop")[1]
    assert.are.equal("Detail", pop.screen)
    assert.is_nil(nav:visual().back)
  end)
end)

describe("a screen's back_callback (OnBackPressedCallback)", function()
  local function recording(enabled, extra)
    local calls = {}
    local cb = {enabled = enabled}
    for _, m in ipairs{"on_started", "on_progressed", "on_cancelled", "on_pressed"} do
      cb[m] = function(self, event)
        calls[#calls + 1] = {m, self.title, event}
        if extra and extra[m] then extra[m](self, event) end
      end
    end
    return cb, calls
  end

  it("takes the gesture when enabled: started, progressed, pressed; the navigation does not move", function()
    local cb, calls = recording(true)
    local nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    local t = navlua.touch_down(3, 300)
    t:move_to(120, 330, 0.2)
    assert.is_nil(nav:visual().back)
    t:up()
    navlua.settle()
    assert.are.equal("on_started", calls[1][1])
    assert.are.equal("Form", calls[1][2])
    local e = calls[1][3]
    assert.are.same({0, 3, 300, "left"}, {e.progress, e.touch_x, e.touch_y, e.swipe_edge})
    assert.are.equal("on_progressed", calls[2][1])
    local last = calls[#calls - 1][3]
    assert.are.equal(120, last.touch_x)
    assert.is_true(last.progress > calls[2][3].progress)
    assert.are.equal("on_pressed", calls[#calls][1])
    assert.is_nil(calls[#calls][3])
    assert.are.same({"Home", "Form"}, titles(nav))   -- an enabled callback that does nothing keeps the screen
    assert.are.equal("callback:Form", backs("committed")[1].by)
    for _, e in ipairs(navlua.trace("transition")) do assert.are_not.equal("interactive_pop", e.what) end
  end)

  it("hears on_cancelled when the gesture cancels", function()
    local cb, calls = recording(true)
    local nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    swipe(5, 12)
    assert.are.equal("on_cancelled", calls[#calls][1])
    assert.are.same({"Home", "Form"}, titles(nav))
  end)

  it("lets the navigation pop when disabled", function()
    local cb, calls = recording(false)
    local nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    swipe(5, 200)
    assert.are.same({}, calls)
    assert.are.same({"Home"}, titles(nav))
  end)

  it("pops from on_pressed as an app would: queued while it runs, then at once", function()
    local nav
    local cb = {on_pressed = function(self) nav:pop() end}
    nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    swipe(5, 200)
    assert.are.equal(1, #navlua.trace("queued"))
    assert.are.same({"Home"}, titles(nav))
  end)

  it("pushes from on_pressed as an app would: the new screen goes on top, animated", function()
    local nav
    local cb = {on_pressed = function() nav:push(navlua.screen{title = "Confirm"}) end}
    nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    swipe(5, 200)
    assert.are.same({"Home", "Form", "Confirm"}, titles(nav))
    assert.is_true(navlua.trace("push")[#navlua.trace("push")].animated)
  end)

  it("refuses a back_callback the script broke after navlua.screen, when the gesture reads it", function()
    local form = navlua.screen{title = "Form", back_callback = {}}
    local nav = pushed(nil, form)
    form.back_callback = {enabled = 1}
    local t = navlua.touch_down(5, 400)
    local ok, err = pcall(function() t:move_to(200, 400, 0.2) end)
    assert.is_false(ok)
    assert.matches("android_back_spec.lua:%d+: .*screen 'Form': back_callback.enabled must be a boolean %(got 1%)", err)
    navlua.settle()
    assert.are.same({"Home", "Form"}, titles(nav))
  end)

  it("reports a failing method with its file:line and leaves the navigation as it was", function()
    local cb = {on_progressed = function() error("boom") end}
    local nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    local t = navlua.touch_down(5, 400)
    local ok, err = pcall(function() t:move_to(200, 400, 0.2) end)
    assert.is_false(ok)
    assert.matches("back_callback.on_progressed of screen 'Form' failed: .-android_back_spec.lua:%d+: boom", err)
    navlua.settle()
    assert.are.same({"Home", "Form"}, titles(nav))
  end)

  it("reports a failing on_started or on_pressed the same way, the stack as it was", function()
    for _, method in ipairs{"on_started", "on_pressed"} do
      local cb = {[method] = function() error("no " .. method) end}
      local nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
      local t = navlua.touch_down(5, 400)
      local ok, err = pcall(function()
        t:move_to(200, 400, 0.2)
        t:up()
      end)
      assert.is_false(ok, method)
      assert.matches("back_callback%." .. method .. " of screen 'Form' failed: .-android_back_spec.lua:%d+: no " .. method, err)
      navlua.settle()
      assert.are.same({"Home", "Form"}, titles(nav))
      -- the next gesture works
      if method == "on_pressed" then cb.on_pressed = nil else cb.on_started = nil end
      swipe(5, 200)
      assert.are.equal("committed", backs("committed")[#backs("committed")].phase)
    end
  end)

  it("refuses values out of range with the script's file:line", function()
    navlua.reset()
    for _, case in ipairs{
      {5, "'back_callback' must be a table"},
      {{enabled = "yes"}, "back_callback.enabled must be a boolean %(got 'yes'%)"},
      {{on_pressed = 1}, "back_callback.on_pressed must be a function %(got 1%)"},
      {{on_press = function() end}, "back_callback has an unknown key 'on_press': did you mean 'on_pressed'%?"},
      {{[1] = true}, "back_callback has an unknown key 1 %(expected enabled, on_started"},
    } do
      local ok, err = pcall(navlua.screen, {title = "X", back_callback = case[1]})
      assert.is_false(ok)
      assert.matches("android_back_spec.lua:%d+: navlua.screen: .*" .. case[2], err)
    end
    local ok, err = pcall(navlua.navigation, {preset = "android", root = navlua.screen{title = "R"},
                                              back_animation = "ios"})
    assert.is_false(ok)
    assert.matches("android_back_spec.lua:%d+: .*back_animation.*\"compose\", \"material\", \"flutter\", \"cross_activity\".*'ios'", err)
  end)
end)

describe("back at the root", function()
  it("plays the system's back-to-home and sends the app to the background", function()
    local nav = app()
    local t = navlua.touch_down(5, 400)
    t:move_to(150, 400, 0.2)
    local v = nav:visual().back
    assert.is_true(v.home)
    assert.is_nil(v.below)
    assert.is_true(v.top.scale < 1)
    t:up()
    navlua.settle()
    assert.are.equal(1, #navlua.trace("back_to_home"))
    assert.are.equal("background", navlua.trace("app")[1].phase)
    assert.are.same({"Home"}, titles(nav))
  end)

  it("does not go home when the gesture cancels", function()
    app()
    swipe(5, 15)
    assert.are.same({}, navlua.trace("back_to_home"))
  end)
end)

describe("navlua.back_key()", function()
  it("calls on_pressed alone, with no progress", function()
    local calls = {}
    local cb = {on_started = function() calls[#calls + 1] = "started" end,
                on_pressed = function() calls[#calls + 1] = "pressed" end}
    local nav = pushed(nil, navlua.screen{title = "Form", back_callback = cb})
    navlua.back_key()
    navlua.settle()
    assert.are.same({"pressed"}, calls)
    assert.are.same({"Home", "Form"}, titles(nav))
  end)

  it("pops without a callback, and goes home at the root", function()
    local nav = pushed()
    navlua.back_key()
    navlua.settle()
    assert.are.same({"Home"}, titles(nav))
    assert.are.equal(false, navlua.trace("pop")[1].interactive or false)
    navlua.back_key()
    assert.is_true(navlua.trace("back_to_home")[1].key)
  end)

  it("is Android's: another preset's navigation is an error", function()
    navlua.reset()
    navlua.navigation{root = navlua.screen{title = "A"}}
    assert.error_matches(function() navlua.back_key() end, "back_key needs a navigation made with preset \"android\"")
  end)
end)

describe("back_animation: what nav:visual().back reports", function()
  local function at(style, x)
    local nav = pushed{back_animation = style}
    local t = navlua.touch_down(5, 400)
    t:move_to(x, 400, 0.2)
    return nav:visual().back, t, nav
  end

  it("compose: the leaving screen scales out toward 0.7, the one below fades in", function()
    local v = at("compose", 108)
    local p = v.progress
    assert.is_true(math.abs(v.top.scale - (1 - 0.3 * p)) < 1e-9)
    assert.is_true(math.abs(v.below.alpha - p) < 1e-9)
    assert.are.equal(0, v.scrim)
  end)

  it("flutter: scale 1 - 0.1 p, x (width / 20 - 8) p, corner radius 32 p", function()
    local v = at("flutter", 108)
    local p = v.progress
    assert.is_true(math.abs(v.top.scale - (1 - 0.1 * p)) < 1e-9)
    assert.is_true(math.abs(v.top.x - (W / 20 - 8) * p) < 1e-9)
    assert.is_true(math.abs(v.top.corner_radius - 32 * p) < 1e-9)
  end)

  it("material: scale toward 0.9 on the (0.1, 0.1, 0, 1) interpolator", function()
    local v = at("material", 108)
    assert.is_true(v.top.scale < 1 and v.top.scale > 0.9)
    assert.is_true(v.top.x > 0)
  end)

  it("cross_activity: both windows scale, the entering one 96 dp to the side under a 0.2 scrim", function()
    local v, _, nav = at("cross_activity", 108)
    assert.are.equal(v.top.scale, v.below.scale)
    assert.are.equal(-96, v.below.x)
    assert.are.equal(0.2, v.scrim)
    -- the visual's own top, below and dim follow the back animation, not an iOS slide
    local whole = nav:visual()
    assert.are.same({v.top.x, v.below.x, 0.2}, {whole.top.x, whole.below.x, whole.dim})
  end)
end)
