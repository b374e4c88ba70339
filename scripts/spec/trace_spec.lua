-- Manual §8: the trace and subscriptions.

local function scenario()
  local nav = navlua.navigation{root = navlua.screen{title = "A"}}
  nav:push(navlua.screen{title = "B", will_go_back = function() return true end})
  navlua.settle()
  navlua.drag{from = {100, 400}, by = {200, 0}}
  navlua.settle()
  return navlua.trace_text()
end

describe("the trace", function()
  before_each(function() navlua.reset() end)

  it("stamps every event with t, frame and kind", function()
    scenario()
    for _, e in ipairs(navlua.trace()) do
      assert.are.equal("number", type(e.t))
      assert.are.equal("number", type(e.frame))
      assert.are.equal("string", type(e.kind))
    end
  end)

  it("records touches, gestures, hooks, lifecycle, transitions, push and pop", function()
    scenario()
    local kinds = {}
    for _, e in ipairs(navlua.trace()) do kinds[e.kind] = true end
    for _, k in ipairs{"touch", "gesture", "hook", "lifecycle", "transition", "push", "pop"} do
      assert.is_true(kinds[k], k)
    end
    local hook = navlua.trace("hook")[1]
    assert.are.same({"will_go_back", "B", true}, {hook.name, hook.screen, hook.result})
  end)

  it("gives the same text for the same script, byte for byte", function()
    local first = scenario()
    navlua.reset()
    assert.are.equal(first, scenario())
    assert.is_true(#first > 1000)
  end)

  it("calls subscribers as events happen, and stops when told", function()
    local seen = {}
    local off = navlua.on("lifecycle", function(e) seen[#seen + 1] = e.name .. ":" .. e.screen end)
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    assert.are.same({"will_appear:A", "did_appear:A"}, seen)
    off()
    nav:push(navlua.screen{title = "B"}, {animated = false})
    assert.are.equal(2, #seen)
  end)

  it("keeps at most trace_limit events, the newest", function()
    navlua.reset{trace_limit = 3}
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"}, {animated = false})
    local events = navlua.trace()
    assert.are.equal(3, #events)
    assert.are.equal("did_appear", events[3].name)
  end)

  it("rejects unknown kinds", function()
    assert.error_matches(function() navlua.on("swipe", print) end,
                         "^navlua%.on: unknown event kind 'swipe' %(expected \"%*\" or one of: touch, ")
  end)
end)
