-- The flutter preset's bar held against Flutter's own tests:
-- packages/flutter/test/cupertino/nav_bar_transition_test.dart (flutter/flutter
-- master of 2025, the version whose startTransitionBetween pumps 600 ms and
-- whose "Bottom middle and top back label transitions their font" expects
-- 0.9404401779174805 and 0.5292819738388062). Each `it` names the Flutter test
-- it reproduces; only the OPACITY assertions are ported, each within 1e-6
-- (Flutter's own checkOpacity allows 0.001; a figure Flutter gives to three
-- decimals, such as 0.167, is held to those). Positions that depend on the
-- font's metrics stay pending, with the reason; a position that does not (a
-- title that stays centred) is ported.
--
-- How Flutter's test maps to navlua (as in flutter_route_spec.lua): 800 x 600
-- at 1000 fps, so pump(d) is navlua.advance(d); a route animation starts on
-- the frame after the push in Flutter (the first pump()) and on the call's
-- frame in navlua, so "push; pump(); pump(50 ms)" is push, advance(0.050).
-- Flutter's startTransitionBetween puts a home page with no bar first, then
-- pushes the "from" page and lets it settle, then pushes the "to" page: the
-- bar's transition is between "from" (the lower screen, whose back button
-- leads to home) and "to" (the upper one). Flutter's bottom middle is the
-- lower screen's title item, its top middle the upper's; its back label and
-- back chevron are a back item's alpha and chevron.

local W, H = 800, 600

local function start_transition(opts)
  opts = opts or {}
  navlua.reset{width = W, height = H, fps = 1000, layout = opts.layout}
  local home = navlua.screen{title = "home"}
  local from = navlua.screen{title = opts.from or "from"}
  local to = navlua.screen{title = opts.to or "to", back_button = opts.to_back_button}
  local nav = navlua.navigation{preset = "flutter", root = home}
  nav:push(from)
  navlua.settle()
  nav:push(to)
  return nav, from, to
end

local function item(nav, screen, part)
  for _, it in ipairs(nav:visual().bar.items) do
    if it.screen == screen and it.part == part then return it end
  end
end

local function opacity(actual, expected, what, epsilon)
  assert(actual ~= nil, what .. " is missing")
  epsilon = epsilon or 1e-6
  if math.abs(actual - expected) > epsilon then
    error(("%s: expected opacity %.16g within %g, got %.16g"):format(what, expected, epsilon, actual), 2)
  end
end

describe("Flutter nav_bar_transition_test.dart, ported (opacities)", function()
  local function font_transition_opacities()
    local nav, from, to = start_transition{from = "Page 1"}
    navlua.advance(0.050)
    opacity(item(nav, from, "title").alpha, 0.9404401779174805, "bottom middle at 50 ms")
    opacity(item(nav, to, "back").alpha, 0.0, "top back label at 50 ms")
    navlua.advance(0.200)
    opacity(item(nav, from, "title").alpha, 0.0, "bottom middle at 250 ms")
    opacity(item(nav, to, "back").alpha, 0.5292819738388062, "top back label at 250 ms")
  end

  it("Bottom middle and top back label transitions their font", font_transition_opacities)

  -- The same opacities under a dark theme: navlua has no themes, and the
  -- fades do not depend on one.
  it("Font transitions respect themes", font_transition_opacities)

  local function first_chevron(layout)
    navlua.reset{width = W, height = H, fps = 1000, layout = layout}
    local nav = navlua.navigation{preset = "flutter", root = navlua.screen{title = "home"}}
    local page = navlua.screen{title = "Page 1"}
    nav:push(page)
    navlua.advance(0.050)
    local back = item(nav, page, "back")
    opacity(back.chevron, 0.0, "top back chevron at 50 ms")
    navlua.advance(0.200)
    opacity(item(nav, page, "back").chevron, 0.167, "top back chevron at 250 ms", 0.0005)
  end

  it("First appearance of back chevron fades in from the right", function() first_chevron() end)
  it("First appearance of back chevron fades in from the left in RTL", function() first_chevron("rtl") end)

  it("Back chevron fades out and in when both pages have it", function()
    local nav, from, to = start_transition{from = "Page 1"}
    navlua.advance(0.050)
    opacity(item(nav, from, "back").chevron, 0.9280824661254883, "bottom back chevron at 50 ms")
    opacity(item(nav, to, "back").chevron, 0.0, "top back chevron at 50 ms")
    navlua.advance(0.200)
    opacity(item(nav, from, "back").chevron, 0.0, "bottom back chevron at 250 ms")
    opacity(item(nav, to, "back").chevron, 0.167, "top back chevron at 250 ms", 0.0005)
  end)

  -- Flutter's custom leading is navlua's back_button = "custom": the upper
  -- screen has no back label for the lower title to fly to.
  it("Bottom middle just fades if top page has a custom leading", function()
    local nav, from, to = start_transition{from = "Page 1", to = "Page 2", to_back_button = "custom"}
    navlua.advance(0.050)
    assert.is_nil(item(nav, to, "back"))
    local middle = item(nav, from, "title")
    opacity(middle.alpha, 0.9404401779174805, "bottom middle at 50 ms")
    assert.are.equal(400, middle.x)   -- getCenter (400, 22): it does not move
    navlua.advance(0.200)
    middle = item(nav, from, "title")
    opacity(middle.alpha, 0.0, "bottom middle at 250 ms")
    assert.are.equal(400, middle.x)
  end)

  local function back_label(layout)
    local nav, _, to = start_transition{from = "Page 1", to = "Page 2", layout = layout}
    navlua.advance(0.500)
    local three = navlua.screen{title = "Page 3"}
    nav:push(three)
    navlua.advance(0.050)
    -- 'Page 1' appears once, as Page 2's back label
    local back = item(nav, to, "back")
    assert.are.equal("Page 1", back.label)
    opacity(back.alpha, 0.7952219992876053, "bottom back label at 50 ms")
    navlua.advance(0.200)
    opacity(item(nav, to, "back").alpha, 0.0, "bottom back label at 250 ms")
  end

  it("Bottom back label fades and slides to the left", function() back_label() end)
  it("Bottom back label fades and slides to the right in RTL", function() back_label("rtl") end)

  local function top_middle(layout)
    local nav, _, to = start_transition{to = "Page 2", layout = layout}
    navlua.advance(0.050)
    opacity(item(nav, to, "title").alpha, 0.0, "top middle at 50 ms")
    navlua.advance(0.150)
    opacity(item(nav, to, "title").alpha, 0.29867843724787235, "top middle at 200 ms")
  end

  it("Top middle fades in and slides in from the right", function() top_middle() end)
  it("Top middle fades in and slides in from the left in RTL", function() top_middle("rtl") end)

  -- Opacity assertions on parts navlua's bar does not have.
  pending("Bottom leading fades in place (no custom leading item: a custom back button is not drawn)")
  pending("Bottom trailing fades in place (no trailing items)")
  pending("Bottom large title moves to top back label (no large titles)")
  pending("Long title turns into the word back mid transition (no large titles)")
  pending("Top large title fades in and slides in from the right (no large titles)")
  pending("Top large title fades in and slides in from the left in RTL (no large titles)")
  pending("Bottom CupertinoSliverNavigationBar.bottom fades and slides out from the left (no bar bottoms)")
  pending("Bottom CupertinoNavigationBar.bottom fades and slides out from the left (no bar bottoms)")
  pending("Top CupertinoSliverNavigationBar.bottom is aligned with top large title animation (no bar bottoms)")
  pending("Top CupertinoNavigationBar.bottom fades and slides in to the right (no bar bottoms)")
  pending("Searchable-to-searchable transition does not fade (no search fields)")
  pending("Middle is shown if alwaysShowMiddle is false but the nav bar is collapsed (no large titles)")
end)

describe("Flutter nav_bar_transition_test.dart, positions (pending)", function()
  -- Each of these asserts where text lands, which depends on the font's
  -- metrics (Flutter's test font, text widths): navlua's items have anchors
  -- (a title's centre, a back button's leading edge), not laid-out text.
  local font = " (text positions depend on the font's metrics)"
  pending("Bottom middle moves between middle and back label" .. font)
  pending("Bottom middle moves between middle and back label RTL" .. font)
  pending("Bottom middle never changes size during the animation" .. font)
  pending("Top middle never changes size during the animation" .. font)
  pending("Bottom nav bar transition background box (no background box)")
  pending("Top nav bar transition background box (no background box)")
  pending("Back swipe gesture transitions" .. font)
  pending("Back swipe gesture cancels properly with transition" .. font)
  -- navlua queues a pop made while a push runs (SPEC §3), so a pop cannot
  -- reverse a push midway as Flutter's Navigator does.
  -- the pop now reverses the push under flutter (calls_during_transition),
  -- but these two assert text colours and laid-out positions only
  pending("Popping mid-transition is symmetrical (text colours and positions depend on font metrics)")
  pending("Popping mid-transition is symmetrical RTL (text colours and positions depend on font metrics)")
end)
