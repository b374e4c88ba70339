-- Specs of the environment a spec file finds under `navlua test`, as it
-- finds it under busted (manual §11.3): the global `arg`, `require
-- 'busted.runner'()`, the project's modules before the spec folder's,
-- `expose` reaching later files, `randomize()` and its seed.
--
--   navlua test scripts/runner_spec

local fixture = require("fixture")
local counts = fixture.counts

local f

setup(function()
  f = fixture.new({
    ["env/src/shared.lua"] = [[return { from = "src" }]],
    ["env/spec/shared.lua"] = [[return { from = "spec folder" }]],
    ["env/spec/helper_mod.lua"] = [[return { from = "beside the spec" }]],
    ["env/spec/a_env_spec.lua"] = [[
require 'busted.runner'()
describe("the environment", function()
  it("has arg: the command line after 'test'", function()
    assert.are.equal("table", type(arg))
    assert.are.equal("test", arg[0])
    assert.truthy(arg[-1]:find("navlua", 1, true) or arg[-1]:find("busted", 1, true) or arg[-1] == "lua")
  end)
  it("finds the project's module before the spec folder's", function()
    assert.are.equal("src", require("shared").from)
  end)
  it("finds a helper beside the spec", function()
    assert.are.equal("beside the spec", require("helper_mod").from)
  end)
end)
]],
    ["expose/spec/a_spec.lua"] = [[
expose("an exposed block", function()
  EXPOSED = 42
  it("sets", function() assert.are.equal(42, EXPOSED) end)
end)
]],
    ["expose/spec/b_spec.lua"] = [[
describe("a later file", function()
  it("sees what a_spec exposed", function() assert.are.equal(42, EXPOSED) end)
end)
]],
    ["expose/spec/c_spec.lua"] = [[
insulate("an insulated block", function()
  INSULATED = 1
  it("sets", function() end)
end)
it("does not see the insulated global", function() assert.is_nil(INSULATED) end)
]],
    ["random/spec/r_spec.lua"] = [[
describe("shuffled", function()
  randomize()
  for i = 1, 8 do it("t" .. i, function() print("ran " .. i) end) end
end)
]],
  })
end)
teardown(function() f:remove() end)

describe("a spec's environment", function()
  it("is busted's", function()
    local out, status = f:navlua("env", "")
    assert.are.equal(0, status, out)
    assert.are.equal("3 passed, 0 failed", fixture.last_line(out))
  end)

  it("arg is how navlua was started", function()
    f:write("env/argv/argv_spec.lua", [[it("prints", function() print(arg[-1], arg[0], arg[1], arg[2]) end)]])
    local out = f:navlua("env", "--jobs 1 argv")
    local exe, zero, one, two = out:match("| ([^\t\n]+)\t(%S+)\t(%S+)\t(%S+)\n")
    assert.are.equal(fixture.bin, exe)
    assert.are.same({ "test", "--jobs", "1" }, { zero, one, two })
  end)

  it("expose reaches the files after it; insulate does not leak", function()
    local out, status = f:navlua("expose", "--jobs 2")
    assert.are.equal(0, status, out)
    assert.are.equal("4 passed, 0 failed", fixture.last_line(out))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    assert.are.equal(counts(f:busted("expose", "-o plainTerminal")), counts(f:navlua("expose", "-o plainTerminal")))
  end)

  it("randomize() says its seed, and --seed replays it in busted's order", function()
    local out = f:navlua("random", "")
    local seed = out:match("random order in shuffled: seed (%d+) %(%-%-seed %d+ replays it%)")
    assert.truthy(seed, out)
    local function order(text)
      local list = {}
      for n in text:gmatch("ran (%d)") do list[#list + 1] = n end
      return table.concat(list, " ")
    end
    assert.are.equal(order(out), order(f:navlua("random", "--seed " .. seed)))
    local other = f:navlua("random", "--seed 12345")
    assert.are.equal(order(other), order(f:navlua("random", "--seed=12345 --jobs 1")))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    assert.are.equal(order(f:busted("random", "--seed=12345 -o plainTerminal")), order(other))
  end)
end)
