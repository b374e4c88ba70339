-- Manual §4.4: a push or pop made while a transition runs waits in the
-- queue (uikit, react_navigation) or acts at once (flutter:
-- calls_during_transition = "interrupt"). Flutter's own cases are in
-- flutter_route_spec.lua; these are the rules around them.

local function lifecycle(since)
  local out = {}
  for _, e in ipairs(navlua.trace()) do
    if e.frame >= since and (e.kind == "lifecycle" or e.kind == "delegate") then
      out[#out + 1] = (e.kind == "delegate" and "delegate " or "") .. e.name .. ":" .. e.screen
    end
  end
  return out
end

local function nav_with(preset, extra)
  local opts = {preset = preset, root = navlua.screen{title = "A"}, delegate = {did_show = function() end}}
  for k, v in pairs(extra or {}) do opts[k] = v end
  return navlua.navigation(opts)
end

describe("calls during a transition", function()
  it("wait in the queue under uikit and react_navigation", function()
    for _, preset in ipairs{"uikit", "react_navigation"} do
      navlua.reset()
      local nav = nav_with(preset)
      assert.are.equal("queue", nav.calls_during_transition)
      nav:push(navlua.screen{title = "B"})
      navlua.tick(3)
      assert.is_nil(nav:pop())               -- queued: nothing popped yet
      assert.are.equal(1, #navlua.trace("queued"))
      assert.are.equal("B", nav.top.title)
      navlua.settle()
      assert.are.equal("A", nav.top.title)
    end
  end)

  it("act at once under flutter: a pop during a push reverses it, in UIKit's lifecycle order", function()
    local nav = nav_with("flutter")
    assert.are.equal("interrupt", nav.calls_during_transition)
    nav:push(navlua.screen{title = "B"})
    navlua.advance(0.2)
    local since = navlua.frame()
    local popped = nav:pop()
    assert.are.equal("B", popped.title)
    assert.are.equal("A", nav.top.title)
    assert.are.equal(0, #navlua.trace("queued"))
    local took = navlua.settle()
    -- back the way it came, in the time the push had run (0.2 s of 0.5 s)
    assert.is_true(math.abs(took - 0.2) < 0.02, took)
    assert.are.same({"will_disappear:B", "will_appear:A", "did_disappear:B", "did_appear:A", "delegate did_show:A"},
                    lifecycle(since))
    local pops = navlua.trace("pop")
    assert.is_true(pops[#pops].reversed)
    local tr = navlua.trace("transition")
    assert.are.equal("cancel", tr[#tr].phase)
    assert.are.equal("push", tr[#tr].what)
  end)

  it("under flutter, a push during a push ends the first at once, then runs", function()
    local nav = nav_with("flutter")
    nav:push(navlua.screen{title = "B"})
    navlua.advance(0.1)
    local since = navlua.frame()
    nav:push(navlua.screen{title = "C"})
    assert.are.equal(3, nav.count)
    assert.are.same({"did_disappear:A", "did_appear:B", "delegate did_show:B", "will_disappear:B", "will_appear:C"},
                    lifecycle(since))
    navlua.settle()
    assert.are.equal("C", nav.top.title)
  end)

  it("under flutter, a pop during a back swipe takes the pop from the finger: no pop_gesture_did_end", function()
    local ended, notified = 0, nil
    local nav = nav_with("flutter")
    nav:push(navlua.screen{title = "B", pop_gesture_did_end = function() ended = ended + 1 end}, {animated = false})
    local t = navlua.touch_down(5, 300)
    t:move_to(200, 300, 0.1)
    nav.transition_coordinator:notify_when_interaction_changes(function(ctx) notified = ctx.is_cancelled end)
    assert.are.equal("B", nav:pop().title)
    assert.is_false(notified)
    local g = navlua.trace("gesture")
    assert.are.equal("cancelled", g[#g].state)
    assert.is_true(g[#g].finish)
    t:move_to(20, 300, 0.1)          -- the finger goes back: nothing follows it
    navlua.advance(1)
    t:up()
    navlua.settle()
    assert.are.equal(1, nav.count)
    assert.are.equal(0, ended)
  end)

  it("still wait when made from a hook, under flutter", function()
    local nav
    local c = navlua.screen{title = "C"}
    nav = nav_with("flutter")
    nav:push(navlua.screen{title = "B", will_appear = function() nav:push(c) end})
    assert.are.equal(1, #navlua.trace("queued"))
    navlua.settle()
    assert.are.equal("C", nav.top.title)
  end)

  it("is an option beside any preset, and a preset key", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}, calls_during_transition = "interrupt"}
    assert.are.equal("interrupt", nav.calls_during_transition)
    assert.are.equal("interrupt", navlua.preset("flutter").calls_during_transition)
    assert.are.equal("queue", navlua.preset("uikit").calls_during_transition)
    navlua.define_preset("flutter_queued", {base = "flutter", calls_during_transition = "queue"})
    assert.are.equal("queue", navlua.navigation{preset = "flutter_queued"}.calls_during_transition)
    local ok, err = pcall(navlua.navigation, {calls_during_transition = "now"})
    assert.is_false(ok)
    assert.matches("calls_during_transition_spec.lua:%d+: navlua.navigation: unknown calls_during_transition 'now' %(expected queue or interrupt%)", err)
  end)
end)
