-- Manual §9: every wrong call raises a Lua error that starts with the
-- caller's file:line and names the function and the problem; a hook that
-- raises fails the call that triggered it; the engine stays usable.

local nan, inf = 0 / 0, math.huge

-- Calls f and returns its error message (fails the test if f succeeds).
local function error_of(f)
  local ok, err = pcall(f)
  assert.is_false(ok, "expected an error")
  return err
end

local function expect(fname, problem, f)
  local err = error_of(f)
  assert.matches("^[^:]*errors_spec%.lua:%d+: " .. fname:gsub("[%.%:]", "%%%0") .. ": ", err)
  if problem then assert.is_truthy(err:find(problem, 1, true), err) end
end

describe("bad arguments", function()
  local nav, a, b
  before_each(function()
    navlua.reset()
    a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    nav = navlua.navigation{root = a}
  end)

  local cases = {
    {"navlua.reset", "'fps' must be", function() navlua.reset{fps = 0} end},
    {"navlua.reset", "'width' must be a finite number (got nan)", function() navlua.reset{width = nan} end},
    {"navlua.reset", "unknown option 'speed'", function() navlua.reset{speed = 2} end},
    {"navlua.reset", "'layout' must be", function() navlua.reset{layout = "up"} end},
    {"navlua.tick", "'frames' must be a whole number", function() navlua.tick(-1) end},
    {"navlua.tick", "'frames' must be a whole number", function() navlua.tick(1.5) end},
    {"navlua.tick", "'frames' must be a whole number", function() navlua.tick(inf) end},
    {"navlua.advance", "'seconds' must be a number >= 0 (got -1)", function() navlua.advance(-1) end},
    {"navlua.advance", "'seconds' must be a finite number (got nan)", function() navlua.advance(nan) end},
    {"navlua.settle", "'max_seconds' must be a number >= 0", function() navlua.settle(-2) end},
    {"navlua.screen", "'title' must be a non-empty string (got nil)", function() navlua.screen{} end},
    {"navlua.screen", "'pop_disabled' must be a boolean (got 'yes')",
      function() navlua.screen{title = "X", pop_disabled = "yes"} end},
    {"navlua.screen", "'enabled' must be a function (got true)",
      function() navlua.screen{title = "X", enabled = true} end},
    {"navlua.screen", "'max_initial_distance' must be a finite number (got inf)",
      function() navlua.screen{title = "X", max_initial_distance = inf} end},
    -- the first key that fails is named, in the order the checks run
    -- (navlua.screen reads every key's type in one call)
    {"navlua.screen", "'navigation_bar_hidden' must be a boolean (got 0)",
      function() navlua.screen{title = "X", navigation_bar_hidden = 0, back_button = "none"} end},
    {"navlua.screen", "'back_button' must be \"system\" or \"custom\" (got 7)",
      function() navlua.screen{title = "X", back_button = 7, will_appear = 1} end},
    {"navlua.screen", "'max_initial_distance' must be a finite number (got 'far')",
      function() navlua.screen{title = "X", max_initial_distance = "far", enabled = 1} end},
    {"navlua.screen", "'will_go_back' must be a function (got 'no')",
      function() navlua.screen{title = "X", will_go_back = "no", did_disappear = {}} end},
    {"navlua.screen", "'did_disappear' must be a function (got 2)",
      function() navlua.screen{title = "X", did_disappear = 2, did_appear = print} end},
    -- a table of more fields than navlua.screen walks (16) has each key looked up
    {"navlua.screen", "'will_appear' must be a function (got 'x')",
      function()
        local t = {title = "X", will_appear = "x"}
        for i = 1, 40 do t["f" .. i] = i end
        navlua.screen(t)
      end},
    {"navlua.screen", "must be a table", function() navlua.screen("A") end},
    {"navlua.navigation", "unknown style 'android'", function() navlua.navigation{style = "android"} end},
    {"navlua.navigation", "unknown option 'animated'", function() navlua.navigation{animated = true} end},
    {"navlua.navigation", "'root' must be a screen made by navlua.screen",
      function() navlua.navigation{root = {title = "A"}} end},
    {"navlua.navigation", "'duration' must be a number >= 0 (got -1)",
      function() navlua.navigation{transition = {duration = -1}} end},
    {"navlua.navigation", "'edge_width' must be a number >= 0",
      function() navlua.navigation{edge_width = -3} end},
    {"navlua.navigation", "in another navigation", function() navlua.navigation{root = a} end},
    {"nav:push", "'screen' must be a screen made by navlua.screen (got nil)", function() nav:push() end},
    {"nav:push", "unknown option 'animate'", function() nav:push(b, {animate = false}) end},
    {"nav:push", "'animated' must be a boolean (got 1)", function() nav:push(b, {animated = 1}) end},
    {"nav:push", "a navigation (call methods with ':')", function() nav.push(b) end},
    {"nav:pop_to", "not in the stack", function() nav:pop_to(b) end},
    {"nav:set_screens", "'screens[2]' must be a screen", function() nav:set_screens({a, 5}) end},
    {"nav:dismiss", "not presented", function() nav:dismiss() end},
    {"navigation", "field 'count' is read-only", function() nav.count = 3 end},
    {"navigation", "'pop_gesture' must be a boolean", function() nav.pop_gesture = "no" end},
    {"navlua.touch_down", "'x' must be a finite number (got nan)", function() navlua.touch_down(nan, 1) end},
    {"navlua.touch_down", "a point with finite x and y", function() navlua.touch_down{1, inf} end},
    {"navlua.drag", "'duration' must be a positive number (got -1)",
      function() navlua.drag{from = {1, 1}, to = {2, 2}, duration = -1} end},
    {"navlua.drag", "needs 'to' or 'by'", function() navlua.drag{from = {1, 1}} end},
    {"navlua.drag", "unknown option 'speed'", function() navlua.drag{from = {1, 1}, by = {1, 1}, speed = 1} end},
    {"navlua.on", "unknown event kind 'swipe'", function() navlua.on("swipe", print) end},
    {"navlua.on", "'fn' must be a function", function() navlua.on("push", 3) end},
    {"navlua.spring", "'damping' must be a positive number", function() navlua.spring{damping = 0} end},
    {"screen:add_scroll_view", "'content_width' must be", function() a:add_scroll_view{content_width = -1} end},
    {"screen:add_scroll_view", "'pop_simultaneous' must be",
      function() a:add_scroll_view{content_width = 900, pop_simultaneous = "always"} end},
  }

  for _, case in ipairs(cases) do
    it(case[1] .. ": " .. case[2], function()
      expect(case[1], case[2], case[3])
      -- the world still works afterwards
      nav:push(navlua.screen{title = "C"})
      assert.are.equal(0.35, navlua.settle())
    end)
  end
end)

describe("touches", function()
  before_each(function() navlua.reset() end)

  it("refuse move_to with a negative duration", function()
    local t = navlua.touch_down(10, 10)
    expect("touch:move_to", "'duration' must be a number >= 0 (got -0.5)", function() t:move_to(20, 20, -0.5) end)
    expect("touch:move_to", "'x' must be a finite number (got nan)", function() t:move_to(nan, 20, 0.1) end)
    t:up()
  end)

  it("refuse up on a lifted touch", function()
    local t = navlua.touch_down(10, 10)
    t:up()
    expect("touch:up", "touch 1 was lifted", function() t:up() end)
  end)

  it("refuse a touch used after navlua.reset", function()
    local t = navlua.touch_down(10, 10)
    navlua.reset()
    expect("touch:move_to", "belongs to a world that navlua.reset replaced", function() t:move_to(1, 1) end)
  end)
end)

-- A call that waited in the queue fails when the queue runs, inside
-- another call: the message keeps that call's line and names the one that
-- queued it, with its line.
describe("queued calls that fail later", function()
  before_each(function() navlua.reset() end)

  it("name the call that queued them and where", function()
    local nav = navlua.navigation{style = "edge", root = navlua.screen{title = "A"}}
    local b = navlua.screen{title = "B"}
    nav:push(b)
    local line = debug.getinfo(1, "l").currentline + 1
    nav:push(b)
    local err = error_of(function() navlua.tick(30) end)
    assert.matches("errors_spec%.lua:%d+: navlua%.tick: screen 'B' is already in the stack", err)
    assert.truthy(err:find("(queued by nav:push at " .. debug.getinfo(1, "S").short_src .. ":" .. line .. ")", 1, true), err)
  end)

  it("from a hook too", function()
    local nav = navlua.navigation{style = "edge", root = navlua.screen{title = "A"}}
    local line
    local b = navlua.screen{title = "B", will_appear = function()
      line = debug.getinfo(1, "l").currentline + 1
      nav:dismiss()   -- from a hook: it waits, and fails once it runs (nothing is presented)
    end}
    local err = error_of(function()
      nav:push(b)
      navlua.settle()
    end)
    assert.truthy(err:find("the navigation is not presented (queued by nav:dismiss at "
                           .. debug.getinfo(1, "S").short_src .. ":" .. line .. ")", 1, true), err)
  end)
end)

describe("hooks that raise", function()
  before_each(function() navlua.reset() end)

  local function two(hooks)
    hooks.title = "Detail"
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen(hooks), {animated = false})
    return nav
  end

  it("fail the drag that triggered them, with the hook, screen and traceback", function()
    local nav = two{will_go_back = function() error("boom") end}
    local err = error_of(function() navlua.drag{from = {100, 400}, by = {200, 0}} end)
    assert.matches("^[^:]*errors_spec%.lua:%d+: navlua.drag: hook 'will_go_back' of screen 'Detail' failed: "
                   .. "[^\n]*errors_spec%.lua:%d+: boom\nstack traceback:", err)
    -- the gesture failed, the touch was released, the engine goes on
    assert.are.equal(0, navlua.settle())
    assert.are.equal(2, nav.count)
    assert.are.equal("Detail", nav:pop{animated = false}.title)
    assert.are.equal(1, nav.count)
  end)

  it("leave a later swipe working", function()
    local raise = true
    local nav = two{enabled = function() if raise then error("flaky") end return true end}
    assert.error_matches(function() navlua.drag{from = {100, 400}, by = {200, 0}} end,
                         "^navlua%.drag: hook 'enabled' of screen 'Detail' failed: [^\n]-:%d+: flaky\nstack traceback:")
    raise = false
    assert.are.equal("pop", navlua.drag{from = {100, 400}, by = {200, 0}}.recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("release the touch they were driving", function()
    two{allow_drag_back = function() error("nope") end}
    local t = navlua.touch_down(100, 400)
    assert.error_matches(function() t:move_to(300, 400, 0.2) end,
                         "^touch:move_to: hook 'allow_drag_back' of screen 'Detail' failed: [^\n]-:%d+: nope\n")
    expect("touch:up", "was released after a hook failed", function() t:up() end)
    assert.are.equal(0, navlua.settle())
  end)

  it("in a trace subscriber release a touch whose move they cut short", function()
    local nav = two{}
    local off = navlua.on("gesture", function() error("subscriber failed") end)
    local t = navlua.touch_down(100, 400)
    local err = error_of(function() t:move_to(300, 400, 0.3) end)
    assert.matches("subscriber for 'gesture' failed", err)
    off()
    expect("touch:up", "was released after", function() t:up() end)
    navlua.settle()                                  -- the pop it began cancels
    assert.are.equal(2, nav.count)
  end)

  it("of lifecycle fail the navigation call, which still completes", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local err = error_of(function()
      nav:push(navlua.screen{title = "B", will_appear = function() error("appear failed") end})
    end)
    assert.matches("nav:push: hook 'will_appear' of screen 'B' failed", err)
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)

  it("of the root leave no navigation behind", function()
    local root = navlua.screen{title = "Root", will_appear = function() error("root failed") end}
    local err = error_of(function() navlua.navigation{root = root} end)
    assert.matches("navlua.navigation: hook 'will_appear' of screen 'Root' failed", err)
    root.will_appear = nil
    local nav = navlua.navigation{root = root}     -- the root is free again
    nav:push(navlua.screen{title = "B"}, {animated = false})
    assert.are.equal("pop", navlua.drag{from = {100, 400}, by = {200, 0}}.recognizer)
  end)

  it("must return a boolean or nil", function()
    two{enabled = function() return "yes" end}
    local err = error_of(function() navlua.drag{from = {100, 400}, by = {200, 0}} end)
    assert.is_truthy(err:find("hook 'enabled' of screen 'Detail' returned 'yes'; it must return a boolean or nil", 1, true))
  end)

  it("of a completion function cancel the pop", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, completion = function() error("x") end}
    nav:push(navlua.screen{title = "B"}, {animated = false})
    assert.error_matches(function() navlua.drag{from = {100, 400}, by = {300, 0}} end,
                         "^navlua%.drag: completion function failed: [^\n]-:%d+: x\nstack traceback:")
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)

  it("survive 10,000 failures without growing memory", function()
    two{enabled = function() error("again") end}
    local function round()
      for _ = 1, 1000 do pcall(navlua.drag, {from = {100, 400}, by = {100, 0}, duration = 0.05}) end
    end
    round()
    collectgarbage()
    collectgarbage()
    local before = collectgarbage("count")
    for _ = 1, 9 do round() end
    collectgarbage()
    collectgarbage()
    assert.is_true(collectgarbage("count") - before < 512, "grew by " .. (collectgarbage("count") - before) .. " KB")
  end)
end)
