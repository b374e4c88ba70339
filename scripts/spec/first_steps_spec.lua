-- Issue 22, "What a new user trips on": each case is what a user typed,
-- run through the real binary as they ran it ($NAVLUA, or the release
-- build), with the message or the behaviour they should have had.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local SCENARIO = "navlua.navigation{root = navlua.screen{title = 'A'}} navlua.tick(2)"

-- Files the run left in `dir` (none is expected after a usage error).
local function listing(dir)
  local p = io.popen("ls -A " .. q(dir))
  local names = p:read("a")
  p:close()
  return names
end

describe("several unknown options", function()
  it("are all named, sorted, whatever order pairs visits them in", function()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}, did_dismiss = function() end,"
                            .. " will_dismiss = function() end, did_attempt_to_dismiss = function() end}")
    local _, err, status = P.navlua("run " .. q(script))
    assert.are.equal(1, status)
    assert.are.equal("navlua: " .. script .. ":1: navlua.navigation: unknown options 'did_attempt_to_dismiss',"
                     .. " 'did_dismiss', 'will_dismiss' (expected one of: style, root, pop_gesture, dismiss_at_root,"
                     .. " bar_per_screen, edge_width, completion, transition, presentation, gesture_delegate,"
                     .. " preset)\n", err:match("^[^\n]*\n"))
  end)

  it("are all named for a gesture delegate too", function()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}, gesture_delegate ="
                            .. " {should_start = print, on_touch = print, should_begin = print}}")
    local _, err = P.navlua("run " .. q(script))
    assert.truthy(err:find("gesture_delegate: unknown methods 'on_touch', 'should_start' (expected"
                           .. " should_receive_touch, should_begin, should_recognize_simultaneously)\n", 1, true), err)
  end)
end)
