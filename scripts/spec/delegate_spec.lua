-- Manual §6.5 (SPEC v2 §9): the navigation's delegate, the transition
-- coordinator, and pop_gesture_did_end at the lift, driven through the Lua
-- API. Each test fails if its rule breaks.

local W = 390

-- A log of lifecycle calls and delegate calls, in the order they run.
local function recorder()
  local log = {}
  local function add(s) log[#log + 1] = s end
  local function screen(title, extra)
    local t = {title = title}
    for _, h in ipairs{"will_appear", "did_appear", "will_disappear", "did_disappear"} do
      t[h] = function(self) add(self.title .. "." .. h) end
    end
    for k, v in pairs(extra or {}) do t[k] = v end
    return navlua.screen(t)
  end
  local delegate = {
    will_show = function(nav, screen, animated) add("will_show " .. screen.title .. " " .. tostring(animated)) end,
    did_show = function(nav, screen, animated) add("did_show " .. screen.title .. " " .. tostring(animated)) end,
  }
  return log, screen, delegate
end

local function swipe(dx, hold)
  return navlua.drag{from = {100, 400}, by = {dx, 0}, duration = 0.25, hold = hold or 0.1}
end

describe("the navigation's delegate", function()
  it("is told will_show after the will_ calls and did_show after the did_ calls, on a push and a pop", function()
    local log, screen, delegate = recorder()
    local nav = navlua.navigation{root = screen("A"), delegate = delegate}
    assert.are.same({"A.will_appear", "will_show A false", "A.did_appear", "did_show A false"}, log)
    for i = #log, 1, -1 do log[i] = nil end
    nav:push(screen("B"))
    navlua.settle()
    nav:pop()
    navlua.settle()
    assert.are.same({"A.will_disappear", "B.will_appear", "will_show B true",
                     "A.did_disappear", "B.did_appear", "did_show B true",
                     "B.will_disappear", "A.will_appear", "will_show A true",
                     "B.did_disappear", "A.did_appear", "did_show A true"}, log)
  end)

  it("hears a push without animation in one frame, animated=false", function()
    local log, screen, delegate = recorder()
    local nav = navlua.navigation{root = screen("A"), delegate = delegate}
    local frame = navlua.frame()
    nav:push(screen("B"), {animated = false})
    assert.are.equal(frame, navlua.frame())
    assert.are.same({"will_show B false", "did_show B false"}, {log[7], log[10]})
  end)

  it("hears set_screens when the top changes", function()
    local log, screen, delegate = recorder()
    local nav = navlua.navigation{root = screen("A"), delegate = delegate}
    local b, c = screen("B"), screen("C")
    nav:set_screens({b, c}, {animated = false})
    assert.are.equal("did_show C false", log[#log])
  end)

  it("hears an interactive pop: will_show at its begin, did_show when it finishes", function()
    local log, screen, delegate = recorder()
    local nav = navlua.navigation{root = screen("A"), delegate = delegate}
    nav:push(screen("B"), {animated = false})
    for i = #log, 1, -1 do log[i] = nil end
    swipe(0.6 * W)
    navlua.settle()
    assert.are.same({"B.will_disappear", "A.will_appear", "will_show A true",
                     "B.did_disappear", "A.did_appear", "did_show A true"}, log)
  end)

  it("hears no did_show after a cancelled interactive pop (rdar://21137690)", function()
    local log, screen, delegate = recorder()
    local nav = navlua.navigation{root = screen("A"), delegate = delegate}
    nav:push(screen("B"), {animated = false})
    for i = #log, 1, -1 do log[i] = nil end
    swipe(0.2 * W)
    navlua.settle()
    assert.are.equal(2, nav.count)
    assert.are.same({"B.will_disappear", "A.will_appear", "will_show A true",
                     "A.will_disappear", "A.did_disappear", "B.will_appear", "B.did_appear"}, log)
  end)

  it("is a read/write field; a method added later is called; nil removes it", function()
    local log, screen = recorder()
    local nav = navlua.navigation{root = screen("A")}
    assert.is_nil(nav.delegate)
    local d = {}
    nav.delegate = d
    assert.are.equal(d, nav.delegate)
    d.did_show = function(_, s) log[#log + 1] = "late " .. s.title end
    nav:push(screen("B"), {animated = false})
    assert.are.equal("late B", log[#log])
    nav.delegate = nil
    nav:push(screen("C"), {animated = false})
    assert.are.equal("C.did_appear", log[#log])
  end)

  it("may keep its own state and take methods from a class (metatable __index)", function()
    local Base = {}
    Base.__index = Base
    function Base.did_show(nav, screen) Base.seen = (Base.seen or "") .. screen.title end
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, delegate = setmetatable({vcsDic = {}}, Base)}
    nav:push(navlua.screen{title = "B"}, {animated = false})
    assert.are.equal("AB", Base.seen)
  end)

  it("queues navigation calls made from its methods", function()
    local nav
    local pushed = false
    local c = navlua.screen{title = "C"}
    nav = navlua.navigation{root = navlua.screen{title = "A"}, delegate = {
      did_show = function(n, screen)
        if screen.title == "B" and not pushed then
          pushed = true
          n:push(c)
          assert.are.equal("B", n.top.title)   -- not yet: queued
        end
      end}}
    nav:push(navlua.screen{title = "B"})
    navlua.settle()
    assert.are.equal("C", nav.top.title)
  end)

  it("records its calls in the trace", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, delegate = {did_show = function() end}}
    nav:push(navlua.screen{title = "B"}, {animated = false})
    local names = {}
    for _, e in ipairs(navlua.trace("delegate")) do names[#names + 1] = e.name .. " " .. e.screen end
    assert.are.same({"did_show A", "did_show B"}, names)   -- will_show is not defined: not recorded
  end)

  it("fails the call that triggered it with file:line, and the stack stays consistent", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, delegate = {
      will_show = function(n, s) if s.title == "B" then error("boom") end end}}
    local ok, err = pcall(nav.push, nav, navlua.screen{title = "B"})
    assert.is_false(ok)
    assert.matches("delegate_spec.lua:%d+: nav:push: delegate.will_show of navigation %d+ failed: "
                   .. ".-delegate_spec.lua:%d+: boom", err)
    navlua.settle()
    assert.are.equal("B", nav.top.title)
    assert.is_false(nav.transitioning)
  end)

  it("refuses what is not a table, and methods that are not functions, with file:line", function()
    local ok, err = pcall(navlua.navigation, {root = navlua.screen{title = "A"}, delegate = 3})
    assert.is_false(ok)
    assert.matches("^.-delegate_spec.lua:%d+: navlua.navigation: 'delegate' must be a table", err)
    ok, err = pcall(navlua.navigation, {root = navlua.screen{title = "A"}, delegate = {did_show = true}})
    assert.is_false(ok)
    assert.matches("'delegate.did_show' must be a function %(got true%)", err)
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    ok, err = pcall(function() nav.delegate = "x" end)
    assert.is_false(ok)
    assert.matches("delegate_spec.lua:%d+:", err)
    assert.is_nil(nav.delegate)
  end)
end)

describe("the transition coordinator", function()
  local function two(extra)
    local a = navlua.screen{title = "A"}
    local b = navlua.screen(extra or {title = "B"})
    local nav = navlua.navigation{root = a}
    nav:push(b, {animated = false})
    return nav, a, b
  end

  it("is nil with no transition and during a push without animation", function()
    local nav = two()
    assert.is_nil(nav.transition_coordinator)
    local seen = "unset"
    nav:push(navlua.screen{title = "C", will_appear = function() seen = nav.transition_coordinator end},
             {animated = false})
    assert.is_nil(seen)
  end)

  it("exists from the will_ calls of an animated push on, the same object each time", function()
    local nav = two()
    local seen
    nav:push(navlua.screen{title = "C", will_appear = function() seen = nav.transition_coordinator end})
    assert.is_not_nil(seen)
    assert.are.equal(seen, nav.transition_coordinator)
    assert.are.equal("B", seen.from.title)
    assert.are.equal("C", seen.to.title)
    assert.is_false(seen.is_interactive)
    assert.is_true(seen.is_animated)
    navlua.settle()
    assert.is_nil(nav.transition_coordinator)
  end)

  it("never calls notify_when_interaction_changes for a transition no finger drives", function()
    local nav = two()
    nav:push(navlua.screen{title = "C"})
    local called = 0
    assert.is_false(nav.transition_coordinator:notify_when_interaction_changes(function() called = called + 1 end))
    navlua.settle()
    assert.are.equal(0, called)
  end)

  it("calls notify_when_interaction_changes once, at the lift, with the release's context", function()
    local nav = two()
    local contexts, lift = {}, nil
    navlua.on("touch", function(e) if e.phase == "ended" then lift = e.frame end end)
    local t = navlua.touch_down(100, 400)
    t:move_to(100 + 0.6 * W, 400, 0.25)
    local c = nav.transition_coordinator
    assert.is_true(c.is_interactive)
    assert.is_true(c:notify_when_interaction_changes(function(ctx)
      contexts[#contexts + 1] = {frame = navlua.frame(), ctx = ctx}
    end))
    t:up()
    navlua.settle()
    assert.are.equal(1, #contexts)
    local ctx = contexts[1].ctx
    assert.are.equal(lift, contexts[1].frame)
    assert.is_false(ctx.is_cancelled)
    assert.is_false(ctx.is_interactive)
    assert.is_true(ctx.initially_interactive)
    assert.are.equal("B", ctx.from.title)
    assert.are.equal("A", ctx.to.title)
    assert.is_true(math.abs(ctx.percent_complete - 0.6) < 1e-9)
    assert.is_true(ctx.completion_velocity > 0)
    assert.are.equal(0.35, ctx.transition_duration)
  end)

  it("tells a cancelled interaction is_cancelled, and calls the completion cancelled", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(100 + 0.2 * W, 400, 0.25)
    t:hold(0.1)
    local got = {}
    nav.transition_coordinator:notify_when_interaction_changes(function(ctx) got.interaction = ctx.is_cancelled end)
    nav.transition_coordinator:animate_alongside(nil, function(ctx) got.completion = ctx.is_cancelled end)
    t:up()
    navlua.settle()
    assert.are.same({interaction = true, completion = true}, got)
  end)

  it("counts a touch cancel as a cancelled interaction", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(300, 400, 0.25)
    local cancelled
    nav.transition_coordinator:notify_when_interaction_changes(function(ctx) cancelled = ctx.is_cancelled end)
    t:cancel()
    navlua.settle()
    assert.is_true(cancelled)
    assert.are.equal(2, nav.count)
  end)

  it("calls animate_alongside on each frame and its completion once, before the did_ calls", function()
    local order = {}
    local nav = two()
    nav:push(navlua.screen{title = "C", did_appear = function() order[#order + 1] = "did_appear" end})
    local frames, last = 0, -1
    nav.transition_coordinator:animate_alongside(function(ctx)
      frames = frames + 1
      assert.is_true(ctx.percent_complete >= last)
      last = ctx.percent_complete
    end, function(ctx)
      order[#order + 1] = "completion " .. tostring(ctx.is_cancelled) .. " " .. ctx.percent_complete
    end)
    local took = navlua.settle()
    -- one call per frame while it runs; the last frame is the completion's
    assert.are.equal(math.floor(took * 60 + 0.5) - 1, frames)
    assert.are.same({"completion false 1.0", "did_appear"}, order)
    assert.is_false(nav.transition_coordinator ~= nil)
  end)

  it("refuses registrations once its transition has ended", function()
    local nav = two()
    nav:push(navlua.screen{title = "C"})
    local c = nav.transition_coordinator
    navlua.settle()
    assert.is_false(c:animate_alongside(function() error("never") end))
    assert.is_false(c:notify_when_interaction_changes(function() error("never") end))
    navlua.tick(5)
  end)

  it("gives callback errors with file:line and refuses non-functions", function()
    local nav = two()
    nav:push(navlua.screen{title = "C"})
    local c = nav.transition_coordinator
    local ok, err = pcall(c.animate_alongside, c, 5)
    assert.is_false(ok)
    assert.matches("delegate_spec.lua:%d+: coordinator:animate_alongside: 'animate_alongside animation' must be a function or nil %(got 5%)", err)
    ok, err = pcall(c.notify_when_interaction_changes, 1)
    assert.is_false(ok)
    assert.matches("delegate_spec.lua:%d+: coordinator:notify_when_interaction_changes: 'self' must be a transition coordinator", err)
    c:animate_alongside(nil, function() error("late") end)
    ok, err = pcall(navlua.settle)
    assert.is_false(ok)
    assert.matches("transition coordinator's animate_alongside completion failed: .-delegate_spec.lua:%d+: late", err)
    assert.is_false(nav.transitioning)
    assert.are.equal("C", nav.top.title)
  end)

  it("records its interaction and completion callbacks in the trace", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(340, 400, 0.25)
    nav.transition_coordinator:notify_when_interaction_changes(function() end)
    nav.transition_coordinator:animate_alongside(nil, function() end)
    t:up()
    navlua.settle()
    local kinds = {}
    for _, e in ipairs(navlua.trace("coordinator")) do kinds[#kinds + 1] = e.callback .. " " .. tostring(e.cancelled) end
    assert.are.same({"interaction_changes false", "completion false"}, kinds)
  end)
end)

describe("pop_gesture_did_end (SPEC v2 §2: at the lift)", function()
  local function two(b)
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen(b), {animated = false})
    return nav
  end

  it("fires in the frame the finger lifts, while the screen is still on the stack", function()
    local at, on_stack
    local nav
    nav = two{title = "B", pop_gesture_did_end = function(self)
      at = navlua.frame()
      on_stack = nav.top == self
    end}
    local t = navlua.touch_down(100, 400)
    t:move_to(340, 400, 0.25)
    t:up()
    assert.are.equal(navlua.frame(), at)
    assert.is_true(on_stack)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)

  it("fires after the coordinator's interaction callbacks, never on a cancel", function()
    local order = {}
    local nav = two{title = "B", pop_gesture_did_end = function() order[#order + 1] = "did_end" end}
    local t = navlua.touch_down(100, 400)
    t:move_to(340, 400, 0.25)
    nav.transition_coordinator:notify_when_interaction_changes(function() order[#order + 1] = "notify" end)
    t:up()
    navlua.settle()
    assert.are.same({"notify", "did_end"}, order)
    order = {}
    nav:push(navlua.screen{title = "C", pop_gesture_did_end = function() order[#order + 1] = "did_end" end},
             {animated = false})
    swipe(0.2 * W)
    navlua.settle()
    assert.are.same({}, order)
  end)

  it("fires at the lift in the snapshot style too, before the slide out", function()
    local at
    local nav = navlua.navigation{style = "snapshot", root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B", pop_gesture_did_end = function() at = navlua.frame() end}, {animated = false})
    local t = navlua.touch_down(50, 400)
    t:move_to(250, 400, 0.25)
    t:up()
    assert.are.equal(navlua.frame(), at)
    assert.are.equal(2, nav.count)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)
end)
