-- Specs of Sources/NavLuaTestRunner/Lua/spec_driver.lua, the Lua side of
-- a `navlua test` worker, as its parts come together: the calls the Swift
-- side makes (SpecDriver.swift). Each part is specced on its own beside
-- this file; the driver as a whole, busted and all, is specced through the
-- binary in scripts/runner_spec.
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")

local function source(name)
  local f = assert(io.open(load_embedded.sources .. "NavLuaTestRunner/Lua/" .. name .. ".lua", "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local parts = {}
for _, name in ipairs({ "spec_wire", "spec_messages", "spec_bootstrap", "spec_plan", "spec_run" }) do
  parts[name] = source(name)
end
local driver = load_embedded("NavLuaTestRunner/Lua/spec_driver.lua", "=navlua test driver")

describe("the spec driver given its parts", function()
  it("returns the calls the Swift side makes, and nothing runs", function()
    local M = driver(parts)
    local names = {}
    for name, f in pairs(M.session) do
      assert.are.equal("function", type(f))
      names[#names + 1] = name
    end
    table.sort(names)
    assert.are.same({ "attach", "compile", "discover", "groups", "parse", "plan", "prepare", "report",
                      "run", "settle", "version" }, names)
  end)

  it("names a part it was not given", function()
    local some = { spec_wire = parts.spec_wire }
    assert.has_error(function() driver(some) end, "the test driver has no part 'spec_messages'")
  end)
end)
