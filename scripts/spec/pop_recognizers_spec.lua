-- Manual §5.11: several pop recognizers per navigation, iOS 26's content
-- swipe, require_to_fail, and the presets ios26, swiftui and native_stack.
-- Each case fails if its rule breaks: who takes the swipe is read from the
-- drag's result, the trace's arena event and the stack after it settles.

local W = 390

-- Home, then Detail pushed; Detail has a full-width carousel of three pages
-- at `offset` across y 100..300 (a pager, the iOS 26 conflict users report).
local function app(options, offset, detail_fields)
  navlua.reset()
  local detail = detail_fields or {}
  detail.title = "Detail"
  options.root = navlua.screen{title = "Home"}
  local nav = navlua.navigation(options)
  local screen = navlua.screen(detail)
  local carousel = screen:add_scroll_view{x = 0, y = 100, width = W, height = 200, content_width = 3 * W,
                                          offset = offset or 0}
  nav:push(screen, {animated = false})
  return nav, carousel
end

-- A rightward swipe from x, over the carousel (y 200) or below it (y 500).
local function swipe(x, y)
  local r = navlua.drag{from = {x, y or 200}, by = {200, 0}, duration = 0.25}
  navlua.settle()
  return r
end

local function arenas()
  return navlua.trace("arena")
end

describe("the recognizers a navigation has", function()
  it("uikit named is UIKit as shipped: the system edge swipe alone", function()
    local nav = app{preset = "uikit"}
    assert.are.equal("edge", nav.style)
    assert.are.equal(1, #nav.pop_recognizers)
    assert.are.equal("edge", nav.pop_recognizers[1].kind)
    assert.are.equal("pop", nav.pop_recognizers[1].name)
  end)

  it("no preset keeps v1's default, FD's full-screen pan", function()
    local nav = app{}
    assert.are.equal("fullscreen", nav.style)
    assert.are.same({"fullscreen"}, {nav.pop_recognizers[1].kind})
  end)

  it("ios26, swiftui and native_stack have the edge and the content swipe, in that order", function()
    for _, preset in ipairs{"ios26", "swiftui", "native_stack"} do
      local nav = app{preset = preset}
      assert.are.equal(2, #nav.pop_recognizers, preset)
      assert.are.equal("edge", nav.pop_recognizers[1].kind)
      assert.are.equal("content", nav.pop_recognizers[2].kind)
      assert.are.equal("pop:content", nav:pop_recognizer("content").name)
      assert.are.equal(nav.pop_recognizers[2], nav:pop_recognizer("content"))
      assert.is_nil(nav:pop_recognizer("snapshot"))
    end
  end)

  it("FD kept on iOS 26 replaces the edge swipe but not the content swipe", function()
    local nav = app{preset = "ios26", style = "fullscreen"}
    assert.are.same({"content", "fullscreen"}, {nav.pop_recognizers[1].kind, nav.pop_recognizers[2].kind})
  end)

  it("recognizers lists them one by one; style reads custom", function()
    local nav = app{recognizers = {"edge", {kind = "fullscreen", enabled = false}}}
    assert.are.equal("custom", nav.style)
    assert.is_true(nav:pop_recognizer("edge").enabled)
    assert.is_false(nav:pop_recognizer("fullscreen").enabled)
  end)

  it("pop_gesture is the edge recognizer's enabled, and writes it", function()
    local nav = app{preset = "ios26"}
    nav.pop_gesture = false
    assert.is_false(nav:pop_recognizer("edge").enabled)
    assert.is_true(nav:pop_recognizer("content").enabled)
    nav:pop_recognizer("edge").enabled = true
    assert.is_true(nav.pop_gesture)
  end)
end)

describe("before iOS 26 (uikit)", function()
  it("a carousel away from its leading offset beats the edge swipe", function()
    local nav = app({preset = "uikit"}, W)
    local r = swipe(5)
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("scroll_view", r.refused_by)
    assert.are.equal("Detail", nav.top.title)
  end)

  it("until it requires the edge recognizer to fail", function()
    local nav, carousel = app({preset = "uikit"}, W)
    carousel:require_to_fail(nav:pop_recognizer("edge"))
    local r = swipe(5)
    assert.are.equal("pop", r.recognizer)
    assert.are.equal("Home", nav.top.title)
    assert.are.equal(W, carousel.offset)
  end)

  it("a view that requires the edge to fail still scrolls when the edge fails", function()
    local nav, carousel = app({preset = "uikit"}, W)
    carousel:require_to_fail(nav:pop_recognizer("edge"))
    local r = swipe(150)
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("Detail", nav.top.title)
  end)
end)

describe("iOS 26 (ios26)", function()
  it("the edge swipe beats a scroll view", function()
    local nav, carousel = app({preset = "ios26"}, W)
    local r = swipe(5)
    assert.are.equal("pop", r.recognizer)
    assert.are.equal("Home", nav.top.title)
    assert.are.equal(W, carousel.offset)
  end)

  it("the content swipe pops anywhere in the content", function()
    local nav = app{preset = "ios26"}
    local r = swipe(200, 600)
    assert.are.equal("pop", r.recognizer)
    assert.are.equal("Home", nav.top.title)
    local a = arenas()
    assert.are.equal("pop:content", a[#a].winner)
    assert.matches("pop:edge=edge_width", a[#a].lost, 1, true)
  end)

  it("the content swipe yields to a carousel away from its leading offset", function()
    local nav, carousel = app({preset = "ios26"}, W)
    local r = swipe(150)
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("Detail", nav.top.title)
    assert.is_true(carousel.offset < W)
  end)

  it("a carousel at rest at its leading offset waits for the content swipe (pager on page 0)", function()
    local nav = app({preset = "ios26"}, 0)
    local r = swipe(150)
    assert.are.equal("pop", r.recognizer)
    assert.are.equal("Home", nav.top.title)
    local a = arenas()
    assert.are.equal("pop:content", a[#a].winner)
  end)

  it("turning pop_gesture off to protect a form leaves the content swipe", function()
    local nav = app({preset = "ios26"}, 0)
    nav.pop_gesture = false
    assert.are.equal("Home", (function() swipe(200, 600) return nav.top.title end)())
  end)

  it("a leftward or mostly vertical pan is not the content swipe's", function()
    local nav = app({preset = "ios26"})
    local r = navlua.drag{from = {300, 600}, by = {-150, 0}, duration = 0.25}
    navlua.settle()
    assert.are.equal("direction", r.refused_by)
    r = navlua.drag{from = {200, 600}, by = {30, 150}, duration = 0.25}
    navlua.settle()
    assert.are.equal("direction", r.refused_by)
    assert.are.equal("Detail", nav.top.title)
  end)

  it("the content swipe waits for the edge swipe: a swipe from the edge is the edge's", function()
    local nav = app({preset = "ios26"})
    swipe(5, 600)
    local a = arenas()
    assert.are.equal("pop:edge", a[#a].winner)
    assert.matches("pop:content=pop", a[#a].lost, 1, true)
    assert.are.equal("Home", nav.top.title)
  end)

  it("a disabled content swipe refuses as disabled", function()
    local nav = app({preset = "ios26"})
    nav:pop_recognizer("content").enabled = false
    local r = swipe(200, 600)
    assert.are.equal("disabled", r.refused_by)
    assert.are.equal("Detail", nav.top.title)
  end)

  it("the content swipe keeps the screen hooks and pop_disabled", function()
    local nav = app({preset = "ios26"}, 0, {will_go_back = function() return false end})
    assert.are.equal("will_go_back", swipe(200, 600).refused_by)
    nav = app({preset = "ios26"}, 0, {pop_disabled = true})
    assert.are.equal("pop_disabled", swipe(200, 600).refused_by)
    assert.are.equal("Detail", nav.top.title)
  end)
end)

describe("FD kept on iOS 26", function()
  it("reports two_pop_recognizers once per navigation", function()
    local nav = app({preset = "ios26", style = "fullscreen"})
    swipe(200, 600)
    nav:push(navlua.screen{title = "Again"}, {animated = false})
    swipe(200, 600)
    local p = navlua.trace("pitfall")
    assert.are.equal(1, #p)
    assert.are.equal("two_pop_recognizers", p[1].name)
    assert.are.equal("pop:content,pop:fullscreen", p[1].recognizers)
  end)

  it("the content swipe pops past FD's max_initial_distance", function()
    local nav = app({preset = "ios26", style = "fullscreen"}, 0, {max_initial_distance = 40})
    swipe(200, 600)
    assert.are.equal("Home", nav.top.title)
    local a = arenas()
    assert.are.equal("pop:content", a[#a].winner)
  end)

  it("FD alone on uikit refuses that swipe", function()
    local nav = app({preset = "uikit", style = "fullscreen"}, 0, {max_initial_distance = 40})
    assert.are.equal("max_initial_distance", swipe(200, 600).refused_by)
    assert.are.equal("Detail", nav.top.title)
    assert.are.equal(0, #navlua.trace("pitfall"))
  end)
end)

describe("seed 004's two recognizers as written", function()
  it("the edge swipe and the full-screen pan share one delegate; turning the edge off stops both", function()
    local asked = 0
    local function shouldBegin(nav) asked = asked + 1 return nav:pop_recognizer("edge").enabled end
    local delegate = {should_begin = shouldBegin}
    local nav = app{recognizers = {{kind = "edge", delegate = delegate}, {kind = "fullscreen", delegate = delegate}}}
    swipe(200, 600)
    assert.are.equal("Home", nav.top.title)
    assert.are.equal(1, asked)
    -- from the edge both could take it: the pitfall, and the edge swipe (asked first) pops
    nav = app{recognizers = {{kind = "edge", delegate = delegate}, {kind = "fullscreen", delegate = delegate}}}
    swipe(5, 600)
    assert.are.equal("Home", nav.top.title)
    assert.are.equal("two_pop_recognizers", navlua.trace("pitfall")[1].name)
    assert.are.equal("pop:edge", arenas()[1].winner)
    nav = app{recognizers = {{kind = "edge", delegate = delegate}, {kind = "fullscreen", delegate = delegate}}}
    nav.pop_gesture = false
    local r = swipe(200, 600)
    assert.are.equal("should_begin", r.refused_by)
    assert.are.equal("Detail", nav.top.title)
  end)
end)

describe("swiftui", function()
  it("a hidden back button turns off both swipes", function()
    local nav = app({preset = "swiftui"}, 0, {navigation_bar_back_button_hidden = true})
    assert.are.equal("back_button_hidden", swipe(200, 600).refused_by)
    assert.are.equal("back_button_hidden", swipe(5, 600).refused_by)
    assert.are.equal("Detail", nav.top.title)
  end)

  it("ios26 does not read navigation_bar_back_button_hidden", function()
    local nav = app({preset = "ios26"}, 0, {navigation_bar_back_button_hidden = true})
    swipe(200, 600)
    assert.are.equal("Home", nav.top.title)
  end)
end)

describe("native_stack (react-native-screens)", function()
  it("the content swipe waits for a horizontal scroll view even on page 0", function()
    local nav = app({preset = "native_stack"}, 0)
    local r = swipe(150)
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("Detail", nav.top.title)
  end)

  it("full_screen_gesture_enabled = false gates the content swipe only", function()
    local nav = app({preset = "native_stack", full_screen_gesture_enabled = false})
    assert.are.equal("disabled", swipe(200, 600).refused_by)
    assert.are.equal("Detail", nav.top.title)
    swipe(5, 600)
    assert.are.equal("Home", nav.top.title)
  end)

  it("gesture_response_distance bounds where the content swipe may begin", function()
    local nav = app({preset = "native_stack", gesture_response_distance = {["end"] = 100}})
    assert.are.equal("gesture_response_distance", swipe(150, 600).refused_by)
    assert.are.equal("Detail", nav.top.title)
    swipe(60, 600)
    assert.are.equal("Home", nav.top.title)
  end)
end)

describe("errors", function()
  it("an unknown kind names the near one, with file:line", function()
    local ok, err = pcall(navlua.navigation, {recognizers = {"contnet"}})
    assert.is_false(ok)
    assert.matches("^scripts/spec/pop_recognizers_spec.lua:%d+: navlua.navigation: recognizers%[1%]: unknown recognizer kind 'contnet' %(expected edge, content, fullscreen, snapshot%); did you mean 'content'%?", err)
    ok, err = pcall(function() app{preset = "ios26"}:pop_recognizer("egde") end)
    assert.matches("pop_recognizers_spec.lua:%d+: nav:pop_recognizer: unknown recognizer kind 'egde'", err)
  end)

  it("an entry that is neither a kind nor a table is named", function()
    local ok, err = pcall(navlua.navigation, {recognizers = {"edge", 42}})
    assert.is_false(ok)
    assert.matches("'recognizers[2]' must be a kind (edge, content, fullscreen, snapshot) or a {kind=, enabled=, delegate=} table (got 42)", err, 1, true)
  end)

  it("require_to_fail takes a recognizer", function()
    local _, carousel = app{preset = "uikit"}
    local ok, err = pcall(carousel.require_to_fail, carousel, "edge")
    assert.is_false(ok)
    assert.matches("pop_recognizers_spec.lua:%d+: scroll_view:require_to_fail: 'recognizer' must be a pop recognizer", err)
  end)

  it("style and recognizers do not go together; a kind listed twice is an error", function()
    assert.has_error(function() navlua.navigation{style = "edge", recognizers = {"edge"}} end)
    local ok, err = pcall(navlua.navigation, {recognizers = {"edge", "edge"}})
    assert.is_false(ok)
    assert.matches("lists 'edge' twice", err, 1, true)
  end)

  it("react-native-screens' options need the native_stack preset; bounds are numbers >= 0", function()
    local ok, err = pcall(navlua.navigation, {preset = "ios26", full_screen_gesture_enabled = false})
    assert.is_false(ok)
    assert.matches("needs preset = \"native_stack\"", err, 1, true)
    ok, err = pcall(navlua.navigation, {preset = "native_stack", gesture_response_distance = {start = -1}})
    assert.is_false(ok)
    assert.matches("'gesture_response_distance.start' must be", err, 1, true)
  end)

  it("a recognizer's fields: enabled is written, the rest read-only, unknown ones named", function()
    local r = app{preset = "ios26"}:pop_recognizer("content")
    assert.has_error(function() r.kind = "edge" end)
    local ok, err = pcall(function() return r.enabeld end)
    assert.is_false(ok)
    assert.matches("did you mean 'enabled'", err, 1, true)
    ok, err = pcall(function() r.enabled = "no" end)
    assert.matches("'enabled' must be a boolean", err, 1, true)
  end)
end)

describe("controls and several recognizers", function()
  -- Detail with a swipe row (its own recognizer) across y 400..444
  local function row_app(options)
    navlua.reset()
    options.root = navlua.screen{title = "Home"}
    local nav = navlua.navigation(options)
    local detail = navlua.screen{title = "Detail"}
    local row = detail:add_control{kind = "swipe_row", y = 400, open = true}
    nav:push(detail, {animated = false})
    return nav, row
  end

  it("an open row takes a rightward swipe from the content swipe (it is asked first)", function()
    local nav, row = row_app{preset = "ios26"}
    navlua.drag{from = {150, 420}, by = {200, 0}, duration = 0.25}
    navlua.settle()
    assert.are.equal("Detail", nav.top.title)
    assert.is_false(row.open)
  end)

  it("under iOS 26 the edge swipe is asked before the row", function()
    local nav, row = row_app{preset = "ios26"}
    navlua.drag{from = {5, 420}, by = {200, 0}, duration = 0.25}
    navlua.settle()
    assert.are.equal("Home", nav.top.title)
    assert.is_true(row.open)
  end)

  it("a row that requires the content swipe to fail lets it pop", function()
    local nav, row = row_app{preset = "ios26"}
    row:require_to_fail(nav:pop_recognizer("content"))
    navlua.drag{from = {150, 420}, by = {200, 0}, duration = 0.25}
    navlua.settle()
    assert.are.equal("Home", nav.top.title)
    assert.is_true(row.open)
  end)

  it("a slider or a raw-touch control has no recognizer to wait", function()
    navlua.reset()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, preset = "ios26"}
    local slider = navlua.screen{title = "S"}:add_control{kind = "slider"}
    local ok, err = pcall(slider.require_to_fail, slider, nav:pop_recognizer("edge"))
    assert.is_false(ok)
    assert.matches("pop_recognizers_spec.lua:%d+: control:require_to_fail: a slider tracks its touches as a UIControl", err)
    local canvas = navlua.screen{title = "C"}:add_control{kind = "canvas"}
    ok, err = pcall(canvas.require_to_fail, canvas, nav:pop_recognizer("edge"))
    assert.matches("control:require_to_fail: this canvas handles raw touches: it has no recognizer to wait", err, 1, true)
  end)
end)

describe("options of one platform on another", function()
  it("back_animation needs the android preset", function()
    local ok, err = pcall(navlua.navigation, {preset = "ios26", back_animation = "material"})
    assert.is_false(ok)
    assert.matches("'back_animation' is Android's option: it needs preset = \"android\"", err, 1, true)
    assert.is_truthy(navlua.navigation{preset = "android", back_animation = "material"})
  end)
end)
