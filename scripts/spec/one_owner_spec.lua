-- Manual §4.7 and §5.5: each moving thing has one writer. A presented card
-- is moved by one motion at a time (a new one replaces the running one),
-- and a scroll view by one pan that follows every finger on it (their
-- centroid, as UIKit's pan), however many fingers took it.

local W, H = 390, 844

describe("a presented card", function()
  before_each(function() navlua.reset() end)

  -- The pull's settling animation outlasted the dismiss slide and went on
  -- writing the card's top: a dismissed sheet stayed on screen.
  for _, preset in ipairs{"uikit", "react_navigation", "flutter"} do
    it("is off screen after a dismiss made while it settles from a pull (" .. preset .. ")", function()
      navlua.navigation{root = navlua.screen{title = "Home"}, preset = preset}
      local sheet = navlua.navigation{root = navlua.screen{title = "Form"}, preset = preset,
                                      presentation = {duration = 0.05}}
      sheet:present{style = "page_sheet"}
      navlua.settle()
      navlua.drag{from = {200, 200}, by = {0, -30}, duration = 1.0}
      navlua.advance(0.01)
      assert.is_true(sheet:visual().y < 0.08 * H, "the card settles back down to its detent")
      sheet:dismiss()
      navlua.settle()
      assert.is_false(sheet.presented)
      assert.are.equal(H, sheet:visual().y)
      navlua.advance(1)
      assert.are.equal(H, sheet:visual().y)
    end)
  end

  it("follows a finger that takes it while it settles, and nothing else moves it", function()
    navlua.navigation{root = navlua.screen{title = "Home"}}
    local sheet = navlua.navigation{root = navlua.screen{title = "Form"}}
    sheet:present{style = "page_sheet", detents = {"medium", "large"}, selected_detent = "large"}
    navlua.settle()
    navlua.drag{from = {200, 200}, by = {0, 150}, duration = 1.0}
    navlua.advance(0.05)
    local t = navlua.touch_down(200, sheet:visual().y + 50)
    t:move_to(200, sheet:visual().y + 60, 0.1)
    local held = sheet:visual().y
    t:hold(0.5)
    assert.are.equal(held, sheet:visual().y)
    t:up()
    navlua.settle()
  end)
end)

describe("a scroll view under two fingers", function()
  before_each(function() navlua.reset() end)

  local function list()
    local nav = navlua.navigation{root = navlua.screen{title = "Home"}}
    local s = navlua.screen{title = "List"}
    nav:push(s, {animated = false})
    return s:add_scroll_view{x = 0, y = 0, width = W, height = H, content_width = W, content_height = 4000}
  end

  -- Finger a scrolls the list up to `a_y`, then finger b goes down and
  -- drags up to `b_y`: both follow the list's pan.
  local function two_fingers(a_y, b_y)
    local a = navlua.touch_down(200, 600)
    a:move_to(200, a_y, 0.3)
    local b = navlua.touch_down(100, 600)
    b:move_to(100, b_y, 0.3)
    return a, b
  end

  it("moves by the fingers' centroid: one finger up 20 pt of two scrolls 10 pt", function()
    local sv = list()
    local a, b = two_fingers(100, 350)
    local before = sv.offset_y
    a:move_to(200, 80, 0.1)
    assert.is_true(math.abs(sv.offset_y - before - 10) < 1e-9,
      ("expected +10, got %+.4f"):format(sv.offset_y - before))
    a:up()
    -- the other finger goes on alone: no jump when a finger leaves
    local after_lift = sv.offset_y
    assert.are.equal(before + 10, after_lift)
    b:move_to(100, 330, 0.1)
    assert.is_true(math.abs(sv.offset_y - after_lift - 20) < 1e-9)
    b:up()
    assert.is_false(sv.scrolling)
  end)

  it("is one pan in the trace: one began and one ended for the two fingers", function()
    local sv = list()
    local a, b = two_fingers(400, 400)
    a:up()
    b:up()
    local states = {}
    for _, e in ipairs(navlua.trace()) do
      if e.kind == "gesture" and e.recognizer == "scroll" then states[#states + 1] = e.state end
    end
    assert.are.same({"began", "ended"}, states)
    assert.is_false(sv.scrolling)
  end)
end)
