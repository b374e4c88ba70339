-- navlua.screen checks a table's keys by their names (manual §3.1), in one
-- call into C: a table of a few fields is walked once, a larger one gets a
-- look-up of each key. A script that rewrites navlua's registry references
-- to the keys' strings (debug.getregistry()) does not change what is
-- checked. In a file of its own: the rewrites last for the state.

local refs = require("support.registry").refs

local function big(t)
  for i = 1, 30 do t["f" .. i] = i end
  return t
end

local function same(t) return t end

local function fails(t, message)
  local ok, err = pcall(navlua.screen, t)
  assert.is_false(ok)
  assert.truthy(err:find(message, 1, true), err)
end

describe("navlua.screen's checks", function()
  for _, case in ipairs{ { "a table of a few fields", same }, { "a table of 31 fields", big } } do
    local name, make = case[1], case[2]
    it("name the key that fails, in " .. name, function()
      assert.is_true(pcall(navlua.screen, make{ title = "X", back_button = "custom", pop_disabled = true,
                                                will_appear = function() end }))
      fails(make{ title = "X", pop_disabled = 1 }, "'pop_disabled' must be a boolean (got 1)")
      fails(make{ title = "X", did_disappear = "no" }, "'did_disappear' must be a function (got 'no')")
      fails(make{ title = "X", back_button = "none" }, "'back_button' must be \"system\" or \"custom\" (got 'none')")
    end)
  end

  it("follow the keys' names when a script rewrote their references", function()
    navlua.screen{ title = "first" }   -- the references are made by the first screen
    local r = debug.getregistry()
    local swap = { pop_disabled = "title", will_appear = "title", back_button = "pop_disabled",
                   title = "back_button" }
    local found = refs(function(v) return swap[v] ~= nil end)
    assert.are.equal(4, #found)
    for _, k in ipairs(found) do r[k] = swap[r[k]] end
    for _, make in ipairs{ same, big } do
      assert.is_true(pcall(navlua.screen, make{ title = "X", back_button = "custom" }))
      assert.is_true(pcall(navlua.screen, make{ title = "X" }))
      fails(make{ back_button = "custom" }, "'title' must be a non-empty string (got nil)")
      fails(make{ title = "X", pop_disabled = 1 }, "'pop_disabled' must be a boolean (got 1)")
      fails(make{ title = "X", will_appear = "no" }, "'will_appear' must be a function (got 'no')")
    end
  end)
end)
