-- Manual §3.5 (issue 35): controls on a screen (sliders, swipeable rows,
-- drawing canvases) against the pop gesture and the scroll views. Each
-- test is one rule; the rule's source is in the manual and in
-- Sources/NavLuaEngine/Gestures/ControlRules.swift.

local W = 390

-- A navigation of two screens (so that a pop can begin) with `style`;
-- returns it and the top screen.
local function two(style)
  local nav = navlua.navigation{style = style or "fullscreen", root = navlua.screen{title = "A"}}
  local b = navlua.screen{title = "B"}
  nav:push(b, {animated = false})
  return nav, b
end

local function swipe(x, y, dx, dy)
  return navlua.drag{from = {x, y}, by = {dx, dy or 0}, duration = 0.25}
end

-- The trace's `control` events as text, without their times.
local function control_events()
  local lines = {}
  for line in navlua.trace_text("control"):gmatch("[^\n]+") do
    lines[#lines + 1] = line:gsub("^%S+ #%d+ ", "")
  end
  return lines
end

local function last_arena()
  local events = navlua.trace("arena")
  return events[#events]
end

describe("controls", function()
  before_each(function() navlua.reset() end)

  describe("a slider (UIKit's rule for controls, Apple's Event Handling Guide)", function()
    for _, style in ipairs{"fullscreen", "edge", "snapshot"} do
      it("takes a drag along it and the " .. style .. " pop fails with refused_by = control", function()
        local nav, b = two(style)
        local s = b:add_control{kind = "slider", x = 0, y = 200, width = 300, height = 40}
        local r = swipe(5, 220, 90)
        navlua.settle()
        assert.are.equal(2, nav.count)
        assert.are.equal("control", r.refused_by)
        assert.are.equal("control", r.recognizer)
        assert.near(0.5 + 90 / 300, s.value, 1e-9)   -- dx / width from where the finger went down
        assert.is_false(s.tracking)
      end)
    end

    it("refuses the pop whatever `handles` says (a UISlider is a UIControl)", function()
      local nav, b = two()
      local s = b:add_control{kind = "slider", y = 200, width = 300, handles = "recognizer"}
      local r = swipe(100, 220, 60)
      navlua.settle()
      assert.are.equal("control", r.refused_by)
      assert.are.equal(2, nav.count)
      assert.near(0.7, s.value, 1e-9)
    end)

    it("follows the finger back and forth, clamped to 0..1", function()
      local _, b = two()
      local s = b:add_control{kind = "slider", y = 200, width = 200, value = 0.25}
      local t = navlua.touch_down(100, 220)
      t:move_to(140, 220, 0.1)
      assert.near(0.45, s.value, 1e-9)
      assert.is_true(s.tracking)
      t:move_to(390, 220, 0.1)
      assert.are.equal(1, s.value)
      t:move_to(0, 220, 0.1)
      assert.are.equal(0, s.value)
      t:up()
      assert.are.equal(0, s.value)
      assert.is_false(s.tracking)
    end)

    it("leaves a drag across it alone: the value stays, the pop judges it", function()
      local nav, b = two()
      local s = b:add_control{kind = "slider", y = 200, width = 300, height = 100}
      local r = swipe(100, 210, 0, 80)
      navlua.settle()
      assert.are.equal(0.5, s.value)
      assert.are.equal("direction", r.refused_by)
      assert.are.equal(2, nav.count)
    end)
  end)

  describe("a canvas that handles raw touches", function()
    it("is cancelled by a pop that begins on a touch that went down on it, and the trace says by whom", function()
      local nav, b = two()
      local c = b:add_control{kind = "canvas", y = 100, height = 500}
      local r = swipe(100, 300, 200)
      navlua.settle()
      assert.are.equal("pop", r.recognizer)
      assert.are.equal(1, nav.count)
      assert.are.equal(1, c.touches)
      assert.are.equal(1, c.cancelled)
      assert.are.same({("control id=%d kind=canvas touch=1 phase=began"):format(c.id),
                       ("control id=%d kind=canvas touch=1 phase=cancelled by=pop"):format(c.id)}, control_events())
    end)

    it("keeps a touch no recognizer takes (a leftward drag: the pop refuses it)", function()
      local nav, b = two()
      local c = b:add_control{kind = "canvas", y = 100, height = 500}
      local r = swipe(300, 300, -200)
      navlua.settle()
      assert.are.equal("direction", r.refused_by)
      assert.are.equal(2, nav.count)
      assert.are.equal(1, c.touches)
      assert.are.equal(0, c.cancelled)
      assert.are.same({("control id=%d kind=canvas touch=1 phase=began"):format(c.id),
                       ("control id=%d kind=canvas touch=1 phase=ended"):format(c.id)}, control_events())
    end)

    it("is cancelled by a scroll view's pan that takes the touch (cancelsTouchesInView)", function()
      local nav, b = two()
      local list = b:add_scroll_view{content_height = 2000}
      local c = b:add_control{kind = "canvas", y = 100, height = 300}
      local r = swipe(100, 300, 0, -150)
      navlua.settle()
      assert.are.equal("scroll", r.recognizer)
      assert.is_true(list.offset_y > 0)
      assert.are.equal(1, c.cancelled)
      assert.are.equal(("control id=%d kind=canvas touch=1 phase=cancelled by=scroll:%d"):format(c.id, list.id),
                       control_events()[2])
      assert.are.equal(2, nav.count)
    end)
  end)

  describe("a canvas that handles its touches with a recognizer", function()
    for _, d in ipairs{{200, 0}, {-200, 0}, {0, 200}, {0, -200}} do
      it(("wins a drag by (%d, %d): it is asked before the navigation's pan"):format(d[1], d[2]), function()
        local nav, b = two()
        local c = b:add_control{kind = "canvas", y = 100, height = 500, handles = "recognizer"}
        local r = swipe(150, 350, d[1], d[2])
        navlua.settle()
        assert.are.equal("control", r.recognizer)
        assert.are.equal(2, nav.count)
        assert.are.equal("control:" .. c.id, last_arena().winner)
        assert.are.equal(0, c.cancelled)
      end)
    end

    it("wins over a scroll view it lies in", function()
      local _, b = two()
      local list = b:add_scroll_view{content_height = 2000}
      local c = b:add_control{kind = "canvas", y = 100, height = 500, handles = "recognizer"}
      swipe(150, 350, 0, -150)
      assert.are.equal(0, list.offset_y)
      assert.are.equal(("scroll:%d=control,pop=control"):format(list.id), last_arena().lost)
      assert.are.equal("control:" .. c.id, last_arena().winner)
    end)

    it("waits for QD's pop under the snapshot style (QD makes every other pan wait for it)", function()
      local nav, b = two("snapshot")
      b:add_control{kind = "canvas", y = 100, height = 500, handles = "recognizer"}
      local r = swipe(150, 350, 150)
      navlua.settle()
      assert.are.equal("pop", r.recognizer)
      assert.are.equal(1, nav.count)
    end)
  end)

  describe("a swipe row", function()
    it("opens on a trailing-to-leading swipe past half its actions' width", function()
      local nav, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60}
      local r = swipe(300, 330, -45)
      navlua.settle()
      assert.is_true(row.open)
      assert.are.equal("control", r.recognizer)
      assert.are.equal(2, nav.count)
    end)

    it("stays closed on a shorter one (threshold: actions_width / 2)", function()
      local _, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60, actions_width = 120}
      swipe(300, 330, -55)
      assert.is_false(row.open)
      swipe(300, 330, -65)
      assert.is_true(row.open)
    end)

    it("when open, takes a leading-to-trailing swipe and closes before anything pops", function()
      local nav, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60, open = true}
      local r = swipe(100, 330, 150)
      navlua.settle()
      assert.is_false(row.open)
      assert.are.equal("control", r.refused_by)
      assert.are.equal(2, nav.count)
      assert.are.equal("control:" .. row.id, last_arena().winner)
    end)

    it("when open, stays open after a short leading-to-trailing swipe it took (threshold: actions_width / 2)", function()
      local nav, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60, open = true}
      local r = swipe(100, 330, 30)
      navlua.settle()
      assert.is_true(row.open)
      assert.are.equal("control", r.refused_by)
      assert.are.equal(2, nav.count)
    end)

    it("when closed, leaves a leading-to-trailing swipe to the pop", function()
      local nav, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60}
      local r = swipe(100, 330, 200)
      navlua.settle()
      assert.is_false(row.open)
      assert.are.equal("pop", r.recognizer)
      assert.are.equal(1, nav.count)
      assert.are.equal("pop", last_arena().winner)
      assert.are.equal(("control:%d=closed"):format(row.id), last_arena().lost)
    end)

    it("with raw touches: the pop takes a closing swipe (cancelled), a left swipe opens it", function()
      local nav, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60, handles = "touches"}
      swipe(300, 330, -60)
      assert.is_true(row.open)
      assert.are.equal(0, row.cancelled)
      local r = swipe(100, 330, 200)
      navlua.settle()
      assert.are.equal("pop", r.recognizer)
      assert.are.equal(1, row.cancelled)
      assert.is_true(row.open)   -- a cancelled touch changes nothing
      assert.are.equal(1, nav.count)
    end)
  end)

  describe("in a right-to-left layout", function()
    it("a row opens on a left-to-right swipe and a slider grows to the left", function()
      navlua.reset{layout = "rtl"}
      local nav, b = two()
      local row = b:add_control{kind = "swipe_row", y = 300, height = 60}
      local s = b:add_control{kind = "slider", y = 420, width = 300}
      swipe(100, 330, 60)
      assert.is_true(row.open)
      assert.are.equal(2, nav.count)
      swipe(200, 440, -60)
      assert.near(0.7, s.value, 1e-9)
    end)
  end)

  describe("a failure while a control follows a finger", function()
    it("releases the touch and leaves the slider where the finger left it, tracking nothing", function()
      local _, b = two()
      local s = b:add_control{kind = "slider", y = 200, width = 300, handles = "recognizer"}
      local off = navlua.on("control", function(e) if e.phase == "began" then error("subscriber broke") end end)
      local ok, err = pcall(swipe, 100, 220, 90)
      assert.is_false(ok)
      assert.truthy(tostring(err):find("subscriber broke", 1, true), err)
      assert.is_false(s.tracking)
      local v = s.value
      assert.is_true(v > 0.5 and v < 0.8, v)
      -- the next finger moves it again, from where it is
      off()
      swipe(100, 220, 30)
      assert.near(v + 0.1, s.value, 1e-9)
    end)

    it("counts a raw canvas's released touch as cancelled (by = released)", function()
      local nav = navlua.navigation{root = navlua.screen{title = "A"}}
      nav:push(navlua.screen{title = "B", enabled = function() error("hook broke") end}, {animated = false})
      local c = nav.top:add_control{kind = "canvas", y = 100, height = 500}
      local ok = pcall(swipe, 100, 300, 200)
      assert.is_false(ok)
      assert.are.equal(1, c.cancelled)
      assert.are.equal("released", navlua.trace("control")[2].by)
    end)
  end)

  describe("fields and options", function()
    it("reads its kind, handles, frame and per-kind state; other kinds' state is nil", function()
      local _, b = two()
      local s = b:add_control{kind = "slider", x = 10, y = 20, width = 200, height = 30, value = 0.1}
      assert.are.same({"slider", "touches", 10, 20, 200, 30, 0.1, 0, 0},
                      {s.kind, s.handles, s.x, s.y, s.width, s.height, s.value, s.touches, s.cancelled})
      assert.is_nil(s.open)
      local row = b:add_control{kind = "swipe_row"}
      assert.are.same({"recognizer", false, 80, W, 44}, {row.handles, row.open, row.actions_width, row.width, row.height})
      assert.is_nil(row.value)
      local c = b:add_control{kind = "canvas", handles = "recognizer"}
      assert.are.equal("recognizer", c.handles)
      assert.is_nil(c.value)
      assert.are.equal(c.id + 1, b:add_control{kind = "canvas"}.id)
    end)

    it("refuses options out of range with file:line", function()
      local _, b = two()
      local cases = {
        {{kind = "knob"}, "'kind' must be \"slider\", \"swipe_row\" or \"canvas\" (got 'knob')"},
        {{}, "'kind' must be"},
        {{kind = "slider", handles = "gestures"}, "'handles' must be \"recognizer\" or \"touches\""},
        {{kind = "slider", width = -10}, "'width' must be a positive number"},
        {{kind = "canvas", height = 0}, "'height' must be a positive number"},
        {{kind = "slider", value = 1.5}, "'value' must be a number from 0 to 1 (got 1.5)"},
        {{kind = "slider", value = -0.1}, "'value' must be a number from 0 to 1"},
        {{kind = "slider", widht = 10}, "unknown option 'widht' (did you mean 'width'?)"},
        {{kind = "slider", hanldes = "touches"}, "(did you mean 'handles'?)"},
        {{kind = "canvas", value = 0.5}, "'value' is an option of a slider only"},
        {{kind = "slider", open = true}, "'open' is an option of a swipe_row only"},
        {{kind = "swipe_row", actions_width = -1}, "'actions_width' must be a positive number"},
        {{kind = "slider", x = 0 / 0}, "'x' must be a finite number"},
      }
      for _, case in ipairs(cases) do
        local ok, err = pcall(function() return b:add_control(case[1]) end)
        assert.is_false(ok)
        assert.matches("controls_spec.lua:%d+: screen:add_control: ", err)
        assert.truthy(err:find(case[2], 1, true), err)
      end
      local ok, err = pcall(function() return b.add_control({}, {kind = "slider"}) end)
      assert.is_false(ok)
      assert.matches("controls_spec.lua:%d+: screen:add_control: 'self'", err)
    end)

    it("has read-only fields, and names the nearest field for a misspelt one", function()
      local _, b = two()
      local s = b:add_control{kind = "slider"}
      local ok, err = pcall(function() s.value = 0.2 end)
      assert.is_false(ok)
      assert.matches("controls_spec.lua:%d+: .*field 'value' is read%-only", err)
      ok, err = pcall(function() s.valeu = 0.2 end)
      assert.is_false(ok)
      assert.truthy(err:find("a control has no field 'valeu' (did you mean 'value'?)", 1, true), err)
    end)
  end)
end)
