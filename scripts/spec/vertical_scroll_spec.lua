-- SPEC §10 (manual §3.4, §5.5): vertical scrolling, two-axis scroll views,
-- directional lock, nested scroll views, which pan wins (UIKit's rule and
-- Flutter's arena), exact returns, and the arena's trace event.

local W, H = 390, 844

-- A navigation of two screens; `sv` (options) adds a scroll view to the top one.
local function two(style, sv, preset)
  local nav = navlua.navigation{style = style or "fullscreen", preset = preset,
                                root = navlua.screen{title = "A"}}
  local b = navlua.screen{title = "B"}
  nav:push(b, {animated = false})
  local view = sv and b:add_scroll_view(sv)
  return nav, view, b
end

-- A full-screen vertical list: content three screens tall.
local function list(extra)
  local o = {content_width = W, content_height = 3 * H}
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

local function arena_events()
  local found = {}
  for _, e in ipairs(navlua.trace()) do
    if e.kind == "arena" then found[#found + 1] = e end
  end
  return found
end

describe("add_scroll_view's vertical options", function()
  before_each(function() navlua.reset() end)

  it("take content_height (default: height), offset_y and directional_lock (default false)", function()
    local _, v = two("fullscreen", {y = 100, height = 400, content_width = W})
    assert.are.equal(400, v.content_height)
    assert.are.equal(0, v.offset_y)
    assert.is_false(v.directional_lock)
    local _, w = two("fullscreen", {content_width = W, content_height = 2000, offset_y = 300,
                                    directional_lock = true})
    assert.are.equal(2000, w.content_height)
    assert.are.equal(300, w.offset_y)
    assert.is_true(w.directional_lock)
  end)

  it("clamp offset_y to the content, when made and when written", function()
    local _, v = two("fullscreen", list{offset_y = 1e6})
    assert.are.equal(2 * H, v.offset_y)
    v.offset_y = -5
    assert.are.equal(0, v.offset_y)
    v.offset_y = 123.25
    assert.are.equal(123.25, v.offset_y)
  end)

  it("reject bad input with the caller's file:line", function()
    local _, _, b = two()
    local cases = {
      {{content_width = W, content_height = 0 / 0}, "'content_height'"},
      {{content_width = W, content_height = -1}, "'content_height'"},
      {{content_width = W, content_height = "tall"}, "'content_height'"},
      {{content_width = W, offset_y = -3}, "'offset_y'"},
      {{content_width = W, offset_y = 1 / 0}, "'offset_y'"},
      {{content_width = W, directional_lock = "yes"}, "'directional_lock'"},
      {{content_width = W, content_heigth = 10}, "content_heigth"},
    }
    for _, case in ipairs(cases) do
      local ok, err = pcall(b.add_scroll_view, b, case[1])
      assert.is_false(ok)
      assert.matches("vertical_scroll_spec.lua:%d+: screen:add_scroll_view: ", err)
      assert.truthy(err:find(case[2], 1, true), err)
    end
    local v = b:add_scroll_view(list())
    local ok, err = pcall(function() v.offset_y = 0 / 0 end)
    assert.is_false(ok)
    assert.matches("vertical_scroll_spec.lua:%d+: .*'offset_y'", err)
    ok, err = pcall(function() v.content_height = 5 end)
    assert.is_false(ok)
    assert.matches("read%-only", err)
  end)
end)

describe("a vertical list under the finger", function()
  before_each(function() navlua.reset() end)

  for _, style in ipairs{"fullscreen", "edge"} do
    it("scrolls on a mostly vertical drag and never begins a pop (" .. style .. ")", function()
      local nav, v = two(style, list())
      local r = navlua.drag{from = {5, 600}, by = {20, -300}}
      assert.are.equal("scroll", r.recognizer)
      assert.are.equal("scroll_view", r.refused_by)
      assert.is_true(v.offset_y > 250)
      assert.are.equal(0, v.offset)
      navlua.settle()
      assert.are.equal(2, nav.count)
    end)

    it("lets a mostly horizontal drag begin the pop (" .. style .. ")", function()
      local nav, v = two(style, list())
      local r = navlua.drag{from = {5, 400}, by = {250, 40}}
      assert.are.equal("pop", r.recognizer)
      assert.are.equal(0, v.offset_y)
      navlua.settle()
      assert.are.equal(1, nav.count)
    end)
  end

  it("does not let an edge swipe that is mostly vertical pop, without a list (direction)", function()
    local nav = two("edge")
    local r = navlua.drag{from = {5, 300}, by = {20, 300}}
    assert.are_not.equal("pop", r.recognizer)
    assert.are.equal("direction", r.refused_by)
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)

  it("is asked after the pop in the snapshot style: QD's velocity check refuses a vertical drag, the list scrolls", function()
    local nav, v = two("snapshot", list())
    local r = navlua.drag{from = {100, 600}, by = {10, -300}}
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("velocity", r.refused_by)
    assert.is_true(v.offset_y > 250)
    assert.are.equal(2, nav.count)
  end)
end)

describe("which pan wins, by platform", function()
  before_each(function() navlua.reset() end)

  -- A drag at 40 degrees from the horizontal: under UIKit's rule it is
  -- mostly horizontal at the slop, so the vertical list does not take it.
  it("UIKit: decides at the slop by the pan's dominant axis", function()
    local nav, v = two("fullscreen", list())
    local r = navlua.drag{from = {100, 400}, by = {200, 160}}
    assert.are.equal("pop", r.recognizer)
    assert.are.equal(0, v.offset_y)
    navlua.reset()
    nav, v = two("fullscreen", list())
    r = navlua.drag{from = {100, 400}, by = {160, 200}}
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("scroll_view", r.refused_by)
  end)

  -- Only v1 options here: before SPEC §10 a horizontal view took every pan
  -- over it, and the pop failed as scroll_view.
  it("UIKit: a horizontal scroll view does not take a mostly vertical drag", function()
    local _, v = two("fullscreen", {y = 300, height = 300, content_width = 3 * W})
    local r = navlua.drag{from = {300, 350}, by = {-30, 200}}
    assert.is_nil(r.recognizer)
    assert.are.equal("direction", r.refused_by)      -- FD's own check: translation.x <= 0
    assert.are.equal(0, v.offset)
  end)

  -- Flutter: the first axis whose drag passes kTouchSlop (18) along it
  -- wins. A drag that goes up 20 pt first, then right, is the list's,
  -- although it ends mostly horizontal (UIKit would decide at 15 pt, also
  -- vertical here); one that goes right 19 pt first is the pop's, although
  -- it then goes mostly down.
  it("Flutter: the first axis past kTouchSlop wins, whatever comes after", function()
    local nav, v = two("edge", list(), "flutter")
    local t = navlua.touch_down(5, 300)
    t:move_to(5, 280, 0.05)        -- 20 pt up: past 18 on y
    t:move_to(300, 270, 0.2)
    t:up()
    assert.are.equal("scroll", t.recognizer)
    assert.is_true(v.offset_y > 0)
    navlua.settle()
    assert.are.equal(2, nav.count)

    navlua.reset()
    nav, v = two("edge", list(), "flutter")
    t = navlua.touch_down(5, 300)
    t:move_to(24, 300, 0.05)       -- 19 pt right: past 18 on x
    t:move_to(300, 450, 0.2)       -- then mostly down, but the pop has it
    t:up()
    navlua.settle()
    assert.are.equal(0, v.offset_y)
    assert.are.equal(1, nav.count)
  end)

  -- Under Flutter the pan slop (18, a distance) is crossed before either
  -- axis passes 18: at (13, 13) nothing has claimed, the arena waits; at
  -- (13, 19) the vertical list claims. Under UIKit's rule the arena would
  -- have decided at the slop (a tie: horizontal, the pop).
  it("Flutter: the arena stays open while no axis has passed the slop", function()
    local nav, v = two("edge", list(), "flutter")
    local t = navlua.touch_down(5, 300)
    t:move_to(18, 313, 0.05)
    assert.are.equal(0, #arena_events())
    t:move_to(18, 319, 0.05)
    local events = arena_events()
    assert.are.equal(1, #events)
    assert.are.equal("flutter", events[1].rule)
    assert.are.equal("scroll:" .. v.id, events[1].winner)
    t:move_to(18, 250, 0.1)
    t:up()
    assert.is_true(v.offset_y > 0)
    assert.are.equal(2, nav.count)
  end)

  it("is a preset's rule: navlua.preset names it, define_preset sets it", function()
    assert.are.equal("uikit", navlua.preset("uikit").arbitration)
    assert.are.equal("flutter", navlua.preset("flutter").arbitration)
    assert.are.equal("uikit", navlua.preset("react_navigation").arbitration)
    navlua.define_preset("uikit_with_flutter_arena", {base = "uikit", arbitration = "flutter"})
    assert.are.equal("flutter", navlua.preset("uikit_with_flutter_arena").arbitration)
    local ok, err = pcall(navlua.define_preset, "bad", {arbitration = "android"})
    assert.is_false(ok)
    assert.matches("unknown arbitration rule 'android'", err)
    -- the rule applies to the navigation made with the preset: UIKit's
    -- would decide at the slop (a tie at (13, 13) is horizontal: the pop)
    local nav, v = two("edge", list(), "uikit_with_flutter_arena")
    local t = navlua.touch_down(5, 300)
    t:move_to(18, 287, 0.05)
    t:move_to(18, 260, 0.1)
    t:up()
    assert.is_true(v.offset_y > 0)
  end)
end)

describe("two-axis scroll views", function()
  before_each(function() navlua.reset() end)

  local function grid(lock)
    return {content_width = 3 * W, content_height = 3 * H, directional_lock = lock}
  end

  it("follow the finger along both axes without a directional lock", function()
    local _, v = two("fullscreen", grid(false))
    local t = navlua.touch_down(300, 600)
    t:move_to(200, 500, 0.1)
    t:move_to(150, 300, 0.1)
    t:up()
    assert.is_true(v.offset > 100)
    assert.is_true(v.offset_y > 250)
  end)

  it("scroll only the axis the drag began along with a directional lock", function()
    local _, v = two("fullscreen", grid(true))
    local t = navlua.touch_down(300, 600)
    t:move_to(270, 595, 0.05)      -- mostly left: locks to x
    t:move_to(150, 300, 0.2)       -- then mostly up: still x only
    t:up()
    assert.is_true(v.offset > 100)
    assert.are.equal(0, v.offset_y)
  end)

  it("do not lock a diagonal drag (Apple: a diagonal drag does not lock)", function()
    local _, v = two("fullscreen", grid(true))
    local t = navlua.touch_down(300, 600)
    t:move_to(280, 580, 0.05)      -- 45 degrees
    t:move_to(100, 300, 0.2)
    t:up()
    assert.is_true(v.offset > 100)
    assert.is_true(v.offset_y > 100)
  end)
end)

describe("nested scroll views", function()
  before_each(function() navlua.reset() end)

  -- A horizontal pager (added first) holding a vertical list (added after:
  -- it lies over the pager).
  local function pager_with_list(pop_simultaneous)
    local nav, pager, b = two("fullscreen", {content_width = 3 * W, paging = true,
                                             pop_simultaneous = pop_simultaneous})
    local inner = b:add_scroll_view(list())
    return nav, pager, inner
  end

  it("give a vertical drag to the inner list (innermost first)", function()
    local nav, pager, inner = pager_with_list()
    local r = navlua.drag{from = {200, 600}, by = {10, -300}}
    assert.are.equal("scroll", r.recognizer)
    assert.is_true(inner.offset_y > 250)
    assert.are.equal(0, pager.offset)
    local e = arena_events()[1]
    assert.are.equal("scroll:" .. inner.id, e.winner)
    -- the pager cannot scroll vertically: it does not claim the pan
    assert.truthy(e.lost:find("scroll:" .. pager.id .. "=direction", 1, true), e.lost)
    assert.truthy(e.lost:find("pop=scroll_view", 1, true), e.lost)
    assert.are.equal(2, nav.count)
  end)

  it("give a horizontal drag to the outer pager: the inner list cannot scroll across", function()
    local nav, pager, inner = pager_with_list()
    navlua.drag{from = {300, 600}, by = {-250, 10}, hold = 0.1}
    navlua.settle()
    assert.are.equal(1, pager.page)
    assert.are.equal(0, inner.offset_y)
    local e = arena_events()[1]
    assert.are.equal("scroll:" .. pager.id, e.winner)
    assert.truthy(e.lost:find("scroll:" .. inner.id .. "=direction", 1, true), e.lost)
    assert.are.equal(2, nav.count)
  end)

  it("let the pop join the outer pager on its first page when it allows (pop_simultaneous)", function()
    local nav, pager, inner = pager_with_list("at_leading_edge")
    local r = navlua.drag{from = {50, 600}, by = {250, 10}}
    assert.are.equal("pop", r.recognizer)
    local e = arena_events()[1]
    assert.are.equal("scroll:" .. pager.id, e.winner)
    assert.are.equal("pop=pop_simultaneous", e.joined)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)
end)

describe("a scroll that comes back", function()
  before_each(function() navlua.reset() end)

  -- Issue 19: 220 pt left from x = 300, then 220 pt right from x = 200,
  -- left 2.84e-14 behind, and at_leading_edge refused the next swipe.
  it("lands exactly on 0, and the next right swipe pops (at_leading_edge)", function()
    local nav, v = two("fullscreen", {content_width = 3 * W, pop_simultaneous = "at_leading_edge"})
    navlua.drag{from = {300, 400}, by = {-220, 0}}
    assert.is_true(v.offset > 0)
    navlua.drag{from = {200, 400}, by = {220, 0}}
    assert.are.equal(0, v.offset)
    local r = navlua.drag{from = {100, 400}, by = {200, 0}}
    assert.are.equal("pop", r.recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("lands exactly on an offset a script set, after two drags that cancel (vertical)", function()
    local _, v = two("fullscreen", list{offset_y = 50})
    navlua.drag{from = {200, 600}, by = {0, -220}}
    assert.is_true(v.offset_y > 50)
    navlua.drag{from = {200, 500}, by = {0, 220}}
    assert.are.equal(50, v.offset_y)
  end)

  it("lands exactly where the pan began within one drag, from an offset a script set", function()
    local _, v = two("fullscreen", list{offset_y = 100.1})
    local t = navlua.touch_down(200, 400)
    t:move_to(200, 173.3, 0.1)
    -- the first sample past the slop: the first of 12 (0.1 s at 120 Hz)
    local began_at = 400 + (173.3 - 400) * (1 / 12)
    t:move_to(200, began_at, 0.3)
    t:up()
    assert.are.equal(100.1, v.offset_y)
  end)
end)

describe("the arena event", function()
  before_each(function() navlua.reset() end)

  it("names the winner and each loser with its reason", function()
    local _, v = two("fullscreen", list())
    navlua.drag{from = {100, 600}, by = {0, -300}}
    local events = arena_events()
    assert.are.equal(1, #events)
    assert.are.equal("uikit", events[1].rule)
    assert.are.equal("scroll:" .. v.id, events[1].winner)
    assert.are.equal("pop=scroll_view", events[1].lost)
  end)

  it("says when no member took the pan", function()
    local _, v = two("fullscreen", list())
    navlua.drag{from = {300, 600}, by = {-200, 0}}     -- leftward: the list declines, FD refuses
    local e = arena_events()[1]
    assert.are.equal("none", e.winner)
    assert.are.equal("pop=direction,scroll:" .. v.id .. "=direction", e.lost)
  end)

  it("is not recorded when no scroll view is under the finger (v1 traces stay as they were)", function()
    two("fullscreen")
    navlua.drag{from = {100, 400}, by = {200, 0}}
    assert.are.equal(0, #arena_events())
  end)
end)

describe("the arena in the snapshot style", function()
  before_each(function() navlua.reset() end)

  it("names the pop as the holder that a list lost to", function()
    local nav, v = two("snapshot", list())
    navlua.drag{from = {100, 400}, by = {250, 5}}
    local e = arena_events()[1]
    assert.are.equal("pop", e.winner)
    assert.are.equal("scroll:" .. v.id .. "=direction", e.lost)   -- a horizontal drag: the list declines
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("lets a horizontal view that lost to the pop stay where it is", function()
    local nav, v = two("snapshot", {content_width = 3 * W})
    navlua.drag{from = {100, 400}, by = {250, 5}}
    local e = arena_events()[1]
    assert.are.equal("pop", e.winner)
    assert.are.equal("scroll:" .. v.id .. "=pop", e.lost)
    assert.are.equal(0, v.offset)
  end)
end)
