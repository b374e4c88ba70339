-- The examples under scripts/examples run, under navlua run, as a user
-- runs them: each ends with status 0 and no error; seed 004's delegate code
-- (README, "Seed 004 as written") shows the article's outcome.

local P = require "support.process"

local function run(args)
  local out, err, status = P.navlua("run " .. args)
  return out or "", err or "", status
end

local function examples()
  local list = {}
  local p = io.popen("ls scripts/examples/*.lua scripts/examples/*/*.lua")
  for line in p:lines() do list[#list + 1] = line end
  p:close()
  return list
end

describe("every example", function()
  it("runs to the end with status 0 and nothing on stderr", function()
    local list = examples()
    assert.is_true(#list >= 10)
    for _, file in ipairs(list) do
      local _, err, status = run(P.quote(file))
      assert.are.equal(0, status, file .. ": " .. err)
      assert.are.equal("", err, file)
    end
    P.cleanup()
  end)
end)

describe("seed 004 as written (scripts/examples/seed004_base_navigation.lua)", function()
  for _, mode in ipairs{"", "system", "both"} do
    it("keeps each screen's switch, guards the root and calls cl_popGestureDidEnd at the lift " .. mode, function()
      local out, err, status = run("scripts/examples/seed004_base_navigation.lua " .. mode)
      assert.are.equal(0, status, err)
      -- C turned the gesture off: its swipe is refused; no callback for C
      assert.matches("swipe on C%s+refused", out)
      assert.is_nil(out:find("C cl_popGestureDidEnd", 1, true))
      -- back on B the switch is B's again (vcsDic), and the swipe pops;
      -- cl_popGestureDidEnd runs in the frame of the lift, B still on the stack
      local at = out:match("([%d.]+)s  B cl_popGestureDidEnd %(still on the stack: true%)")
      assert.is_not_nil(at, out)
      assert.matches("back on B, swipe%s+popped%s+%(lift at " .. at:gsub("%.", "%%.") .. "s%)", out)
      -- the root guard: at A the switch is off and the swipe refused
      assert.matches("on A %(the root%), swipe refused%s+%(lift at [%d.]+s%)%s+top A, pop_gesture=false", out)
      assert.matches("vcsDic: A=true B=true C=false; pitfalls: 0", out)
      P.cleanup()
    end)
  end
end)

describe("vertical lists (scripts/examples/vertical_list.lua)", function()
  it("a list takes a mostly vertical drag and never pops; a horizontal one pops, on both presets", function()
    local out, err, status = run("scripts/examples/vertical_list.lua")
    assert.are.equal(0, status, err)
    for _, preset in ipairs{"uikit", "flutter"} do
      local section = out:match(preset .. ", a full%-screen list:\n(.-)\n%a") or out:match(preset .. ", a full%-screen list:\n(.*)")
      assert.matches("down the list %(mostly vertical%)%s+%-> top Detail", section)
      assert.matches("across %(mostly horizontal%)%s+%-> top Feed", section)
    end
    P.cleanup()
  end)
end)
