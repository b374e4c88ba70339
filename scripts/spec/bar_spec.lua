-- Manual §4.8 (SPEC §11): the navigation bar as an animated view.
-- visual().bar is {shown=, items=}; a screen's navigation_bar_hidden that
-- differs from the screen below's moves the bar with the transition (the
-- finger's too), and the titles and back buttons cross-fade.

local W = 390

local function near(expected, actual, what, eps)
  assert(actual ~= nil, (what or "value") .. " is missing")
  if math.abs(actual - expected) > (eps or 1e-9) then
    error(("%s: expected %.12g, got %.12g"):format(what or "value", expected, actual), 2)
  end
end

local function item(v, screen, part)
  for _, it in ipairs(v.bar.items) do
    if it.screen == screen and it.part == part then return it end
  end
end

local function hider(title) return navlua.screen{title = title, navigation_bar_hidden = true} end

describe("visual().bar at rest", function()
  before_each(function() navlua.reset() end)

  it("shows the top screen's title, centred, and a back button with the title below it", function()
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{root = a}
    local v = nav:visual()
    assert.are.equal(1, v.bar.shown)
    assert.are.equal(1, #v.bar.items)          -- the root has no back button
    assert.are.same({"title", W / 2, 1}, {v.bar.items[1].part, v.bar.items[1].x, v.bar.items[1].alpha})
    nav:push(b, {animated = false})
    v = nav:visual()
    local back = item(v, b, "back")
    assert.are.equal("A", back.label)
    assert.are.same({1, 1}, {back.alpha, back.chevron})
    assert.is_true(back.x < W / 4)              -- at the leading edge
    assert.is_nil(item(v, a, "title"))          -- only the top screen's items at rest
  end)

  it("has no items while hidden, and bar_hidden is true exactly when shown is 0", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    local v = nav:visual()
    assert.are.equal(0, v.bar.shown)
    assert.are.same({}, v.bar.items)
    assert.is_true(v.bar_hidden)
  end)

  it("shows no back button for a screen with a custom one", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local b = navlua.screen{title = "B", back_button = "custom"}
    nav:push(b, {animated = false})
    assert.is_nil(item(nav:visual(), b, "back"))
  end)

  it("mirrors the back button in a right-to-left layout", function()
    navlua.reset{layout = "rtl"}
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local b = navlua.screen{title = "B"}
    nav:push(b, {animated = false})
    assert.is_true(item(nav:visual(), b, "back").x > 3 * W / 4)
    assert.are.equal(W / 2, item(nav:visual(), b, "title").x)
  end)
end)

describe("the bar moves with the transition", function()
  before_each(function() navlua.reset() end)

  it("hides along a push: shown follows the push's progress, not the flag", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"))
    assert.is_true(nav.bar_hidden)              -- the flag (isNavigationBarHidden) flips at once
    for _ = 1, 20 do
      navlua.tick()
      local v = nav:visual()
      -- UIKit's push: top x = W (1 - progress); the bar rides the same progress
      near(v.top.x / W, v.bar.shown, "shown at frame " .. navlua.frame())
      if nav.transitioning then assert.is_false(v.bar_hidden) end
    end
    navlua.settle()
    assert.are.equal(0, nav:visual().bar.shown)
  end)

  it("shows along a pop back to a screen with a bar", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    nav:pop()
    navlua.advance(0.1)
    local v = nav:visual()
    near(v.top.x / W, v.bar.shown, "shown mid-pop")
    assert.is_true(v.bar.shown > 0 and v.bar.shown < 1)
    navlua.settle()
    assert.are.equal(1, nav:visual().bar.shown)
  end)

  it("stays on screen through a push between two screens that both show it", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.advance(0.15)
    assert.are.equal(1, nav:visual().bar.shown)
  end)

  it("changes at once without animation", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    assert.are.equal(0, nav:visual().bar.shown)
  end)

  it("follows the finger in an interactive pop and returns on a cancel", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    local t = navlua.touch_down(100, 400)
    t:move_to(250, 400, 0.2)
    local v = nav:visual()
    near(v.top.x / W, v.bar.shown, "shown under the finger")
    assert.is_true(v.bar.shown > 0.3)
    assert.is_false(nav.bar_hidden)            -- A's will_appear asked for it
    t:move_to(130, 400, 0.2)
    near(nav:visual().top.x / W, nav:visual().bar.shown, "shown as the finger goes back")
    t:hold(0.1)
    t:up()
    local last = nav:visual().bar.shown
    while nav.transitioning do
      navlua.tick()
      local s = nav:visual().bar.shown
      assert.is_true(s <= last + 1e-12, "shown returns toward hidden on the cancel")
      last = s
    end
    assert.are.equal(2, nav.count)
    assert.are.equal(0, nav:visual().bar.shown)
    assert.is_true(nav.bar_hidden)
  end)

  it("starts the next push's bar motion from the bar a cancel left", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    navlua.drag{from = {100, 400}, by = {60, 0}, duration = 0.2, hold = 0.1}   -- cancelled
    navlua.settle()
    assert.are.equal(2, nav.count)
    nav:push(navlua.screen{title = "C"})
    navlua.advance(0.1)
    local v = nav:visual()
    -- from hidden (B's) to shown (C's), by the push's progress 1 - x / W
    near(1 - v.top.x / W, v.bar.shown, "shown mid-push")
    navlua.settle()
  end)

  it("reaches the screen below's bar when the swipe finishes", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    navlua.drag{from = {100, 400}, by = {250, 0}, duration = 0.2}
    navlua.settle()
    assert.are.equal(1, nav.count)
    assert.are.equal(1, nav:visual().bar.shown)
  end)

  it("does not move with bar_per_screen off: FD leaves the bar to the app", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, bar_per_screen = false}
    nav:push(hider("B"))
    navlua.advance(0.1)
    assert.are.equal(1, nav:visual().bar.shown)
  end)
end)

describe("nav:set_navigation_bar_hidden", function()
  before_each(function() navlua.reset() end)

  it("is immediate without animation and records a bar event", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, bar_per_screen = false}
    nav:set_navigation_bar_hidden(true, {animated = false})
    assert.is_true(nav.bar_hidden)
    assert.are.equal(0, nav:visual().bar.shown)
    local e = navlua.trace("bar")[1]
    assert.are.same({true, false}, {e.hidden, e.animated})
  end)

  it("called from an animated will_appear, rides the push that follows", function()
    local nav
    nav = navlua.navigation{root = navlua.screen{title = "A"}, bar_per_screen = false}
    nav:push(navlua.screen{title = "B", will_appear = function() nav:set_navigation_bar_hidden(true) end})
    navlua.advance(0.1)
    local v = nav:visual()
    near(v.top.x / W, v.bar.shown, "shown mid-push")
    navlua.settle()
    assert.are.equal(0, nav:visual().bar.shown)
  end)

  it("wants a boolean", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local ok, err = pcall(nav.set_navigation_bar_hidden, nav, "yes")
    assert.is_false(ok)
    assert.truthy(err:find("nav:set_navigation_bar_hidden: 'hidden' must be a boolean", 1, true), err)
  end)
end)

describe("titles and back buttons cross-fade (uikit preset)", function()
  before_each(function() navlua.reset() end)

  it("fades the old title out as the new one fades in, and moves the back label to the leading edge", function()
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{root = a}
    nav:push(b)
    navlua.advance(0.15)
    local v = nav:visual()
    local old, new, back = item(v, a, "title"), item(v, b, "title"), item(v, b, "back")
    local p = 1 - v.top.x / W                  -- the push's progress
    near(1 - p, old.alpha, "old title")
    near(p, new.alpha, "new title")
    near(p, back.alpha, "new back label")
    near(p, back.chevron, "the chevron fades in from the root")
    assert.is_true(old.x < W / 2 and old.x > 28, "the old title travels toward the back button")
    assert.is_true(new.x > W / 2, "the new title comes in from the trailing side")
    assert.is_true(back.x < W / 2 and back.x > 28, "the back label travels from the middle")
    navlua.settle()
    v = nav:visual()
    assert.are.equal(2, #v.bar.items)
    assert.are.same({1, W / 2}, {item(v, b, "title").alpha, item(v, b, "title").x})
  end)

  it("labels the arriving back button with the screen below it in the new stack (set_screens)", function()
    local a, b, c = navlua.screen{title = "A"}, navlua.screen{title = "B"}, navlua.screen{title = "C"}
    local nav = navlua.navigation{root = a}
    nav:push(b, {animated = false})
    nav:set_screens({a, c})
    navlua.advance(0.1)
    assert.are.equal("A", item(nav:visual(), c, "back").label)
    navlua.settle()
    nav:set_screens({b})                       -- b becomes the root: no back button
    navlua.advance(0.1)
    assert.is_nil(item(nav:visual(), b, "back"))
    navlua.settle()
  end)

  it("reverses under the finger", function()
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{root = a}
    nav:push(b, {animated = false})
    local t = navlua.touch_down(100, 400)
    t:move_to(200, 400, 0.1)
    local v = nav:visual()
    local p = v.top.x / W
    near(p, item(v, a, "title").alpha, "arriving title")
    near(1 - p, item(v, b, "title").alpha, "leaving title")
    t:cancel()
    navlua.settle()
  end)
end)

describe("the bar's cross-fade per preset", function()
  before_each(function() navlua.reset() end)

  it("is a preset key: flutter's on flutter, uikit's elsewhere, and define_preset may set it", function()
    assert.are.same({"uikit", "flutter", "uikit"},
                    {navlua.preset("uikit").bar, navlua.preset("flutter").bar, navlua.preset("react_navigation").bar})
    navlua.define_preset("bar_team", {base = "uikit", bar = "flutter"})
    assert.are.equal("flutter", navlua.preset("bar_team").bar)
    -- Flutter's upper title waits for 0.25 of the hero animation: still 0 early
    -- in the push, where UIKit's linear cross-fade has begun
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{preset = "bar_team", root = a}
    nav:push(b)
    navlua.advance(0.05)
    assert.are.equal(0, item(nav:visual(), b, "title").alpha)
    navlua.reset()
    a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    nav = navlua.navigation{root = a}
    nav:push(b)
    navlua.advance(0.05)
    assert.is_true(item(nav:visual(), b, "title").alpha > 0)
  end)

  it("refuses an unknown cross-fade", function()
    local ok, err = pcall(navlua.define_preset, "bad_bar", {bar = "android"})
    assert.is_false(ok)
    assert.truthy(err:find("unknown bar cross-fade 'android' (expected uikit or flutter)", 1, true), err)
  end)
end)

describe("the bar in pictures", function()
  before_each(function() navlua.reset() end)

  local read = require("support.process").take

  it("navlua.render draws a bar half slid out mid-swipe over a screen that hides it", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    local t = navlua.touch_down(100, 400)
    t:move_to(100 + W / 2, 400, 0.2)
    local shown = nav:visual().bar.shown
    near(0.5, shown, "shown", 1e-9)
    local svg = read(navlua.render(os.tmpname() .. ".svg"))
    local bar = svg:match('<g class="bar"[^>]*>')
    assert.truthy(bar, "the bar is drawn")
    assert.are.equal("0.5", bar:match('data%-shown="([^"]+)"'))
    -- slid up by half the status and navigation bars' height (47 + 44)
    assert.are.equal("translate(0,-45.5)", bar:match('transform="([^"]+)"'))
    local alpha = svg:match('<text class="bar%-item" data%-screen="A" data%-part="title" data%-alpha="([^"]+)"')
    assert.are.equal("0.5", alpha)
    t:cancel()
    navlua.settle()
  end)

  it("--filmstrip draws the bar sliding out across a swipe toward a screen that hides it", function()
    local P = require "support.process"
    local dir = P.tempdir()
    local script = P.script([[
      local nav = navlua.navigation{root = navlua.screen{title = "A"}}
      nav:push(navlua.screen{title = "B", navigation_bar_hidden = true}, {animated = false})
      local t = navlua.touch_down(100, 400)
      t:move_to(250, 400, 0.3)
      t:hold(0.1)
      t:up()                                   -- cancelled: B's hidden bar again
      navlua.settle()
    ]])
    local _, err, status = P.navlua("run --filmstrip " .. P.quote(dir .. "/f.svg") .. " " .. P.quote(script))
    assert.are.equal(0, status, err)
    local svg = P.read(dir .. "/f.svg")
    local shown = {}
    for value in svg:gmatch('<g class="bar" data%-shown="([^"]+)"') do shown[#shown + 1] = tonumber(value) end
    -- frames before and after the swipe show no bar; mid-swipe it is partly
    -- shown, never fully (the old flag drew the whole bar from the swipe's
    -- first frame to its cancel)
    assert.is_true(#shown > 0, "some frames show the bar")
    for _, s in ipairs(shown) do assert.is_true(s > 0 and s < 1, "partly shown: " .. s) end
    P.cleanup()
  end)

  it("draws no bar once it is hidden", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(hider("B"), {animated = false})
    local svg = read(navlua.render(os.tmpname() .. ".svg"))
    assert.is_nil(svg:find('class="bar"', 1, true))
    assert.is_true(nav:visual().bar_hidden)
  end)

  -- Issue 39 item 8: long titles. Each text of the bar read back from the
  -- SVG as a box: x and its anchor, and a width of 0.6 em (17 pt) a
  -- character, wider than the pictures' own estimate; the chevron 12 pt.
  -- No two boxes drawn (opacity > 0, text not empty) may intersect.
  local function boxes(svg)
    local bar = assert(svg:match('<g class="bar".-</g>'), "a bar")
    local out = {}
    for attrs, text in bar:gmatch('<text ([^>]*)>([^<]*)</text>') do
      local x = tonumber(attrs:match(' x="([^"]+)"'))
      local size = tonumber(attrs:match('font%-size="([^"]+)"'))
      local alpha = tonumber(attrs:match('fill%-opacity="([^"]+)"'))
      local anchor = attrs:match('text%-anchor="([^"]+)"')
      local chevron = attrs:find('bar-chevron', 1, true) ~= nil
      local width = chevron and 12 or utf8.len(text) * size * 0.6
      local left = anchor == "middle" and x - width / 2 or anchor == "end" and x - width or x
      if alpha > 0 and text ~= "" then
        out[#out + 1] = {left = left, right = left + width, text = text, screen = attrs:match('data%-screen="([^"]+)"'),
                         part = chevron and "chevron" or attrs:match('data%-part="([^"]+)"')}
      end
    end
    return out
  end

  local function assert_apart(list)
    for i = 1, #list do
      for j = i + 1, #list do
        local a, b = list[i], list[j]
        assert.is_true(a.right <= b.left or b.right <= a.left,
                       ("'%s' [%.1f, %.1f] overlaps '%s' [%.1f, %.1f]"):format(a.text, a.left, a.right, b.text, b.left, b.right))
      end
    end
  end

  it("fits a long title and a long back label as UIKit does: the title cut with an ellipsis, the label 'Back' or none", function()
    local nav = navlua.navigation{root = navlua.screen{title = "Account settings and privacy"}}
    nav:push(navlua.screen{title = "Notification preferences for messages"}, {animated = false})
    local drawn = boxes(read(navlua.render(os.tmpname() .. ".svg")))
    assert_apart(drawn)
    local texts = {}
    for _, b in ipairs(drawn) do texts[b.part] = b.text end
    assert.matches("^Notification preferences.*\u{2026}$", texts.title)
    assert.is_nil(texts.back)            -- no room left: the chevron alone
    assert.are.equal("\u{2039}", texts.chevron)

    navlua.reset()
    nav = navlua.navigation{root = navlua.screen{title = "Account settings and privacy"}}
    nav:push(navlua.screen{title = "Privacy"}, {animated = false})
    drawn = boxes(read(navlua.render(os.tmpname() .. ".svg")))
    assert_apart(drawn)
    texts = {}
    for _, b in ipairs(drawn) do texts[b.part] = b.text end
    assert.are.equal("Privacy", texts.title)
    assert.are.equal("Back", texts.back)   -- the previous title does not fit; "Back" does
  end)

  -- During a swipe the two titles cross-fade where they pass each other,
  -- as UIKit's do (manual §4.8); a screen's own title and back label never
  -- overlap.
  it("keeps each screen's title and back label apart through a swipe back, in a right-to-left layout too", function()
    for _, layout in ipairs{"ltr", "rtl"} do
      navlua.reset{layout = layout}
      local nav = navlua.navigation{root = navlua.screen{title = "Account settings and privacy"}}
      nav:push(navlua.screen{title = "Notification preferences"}, {animated = false})
      local x = layout == "ltr" and 20 or W - 20
      local t = navlua.touch_down(x, 400)
      for step = 1, 8 do
        t:move_to(layout == "ltr" and x + step * 40 or x - step * 40, 400, 0.05)
        local per_screen = {}
        for _, b in ipairs(boxes(read(navlua.render(os.tmpname() .. ".svg")))) do
          if b.part ~= "chevron" then
            per_screen[b.screen] = per_screen[b.screen] or {}
            table.insert(per_screen[b.screen], b)
          end
        end
        for _, list in pairs(per_screen) do assert_apart(list) end
      end
      t:cancel()
      navlua.settle()
    end
  end)
end)
