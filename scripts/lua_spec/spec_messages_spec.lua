-- Specs of Sources/NavLuaTestRunner/Lua/spec_messages.lua, the messages
-- of a `navlua test` worker: where a failure happened, the limits that end
-- a file, and the tracebacks.
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local M = load_embedded("NavLuaTestRunner/Lua/spec_messages.lua", "=navlua test driver")()

describe("where a failure happened", function()
  it("is the trace's file and line", function()
    assert.are.equal("a_spec.lua:12", M.where({ short_src = "a_spec.lua", currentline = 12 }, "spec.lua"))
  end)

  it("is the spec file when the trace has no line", function()
    assert.are.equal("spec.lua", M.where({ short_src = "[C]", currentline = -1 }, "spec.lua"))
    assert.are.equal("spec.lua", M.where(nil, "spec.lua"))
  end)
end)

describe("the message of a limit", function()
  it("tells the timeout that fired and that the file ends", function()
    local text, ends = M.limit_message("x.lua:1: timeout: the script ran past its time limit", "2", "64")
    assert.are.equal("x.lua:1: timeout: the script ran past its time limit (--timeout 2 s); the rest of the"
      .. " file did not run", text)
    assert.is_true(ends)
  end)

  it("tells the memory limit that was exhausted", function()
    local text, ends = M.limit_message("not enough memory", "2", "64")
    assert.are.equal("not enough memory: the file exhausted --memory-limit (64 MB); the rest of the file did"
      .. " not run", text)
    assert.is_true(ends)
  end)

  it("reads a missing message as an error in error handling", function()
    local text, ends = M.limit_message(nil, "", "")
    assert.are.equal("error in error handling (out of memory?); the rest of the file did not run", text)
    assert.is_true(ends)
  end)

  it("leaves any other message as it is, as text", function()
    assert.are.same({ "boom", false }, { M.limit_message("boom", "", "") })
    assert.are.same({ "42", false }, { M.limit_message(42, "", "") })
  end)
end)

describe("a failure's traceback", function()
  it("loses the driver's own frames", function()
    local traceback = "stack traceback:\n\tx_spec.lua:3: in function <x_spec.lua:1>"
      .. "\n\tnavlua test driver:140: in function 'run'\n\t[C]: in ?"
    assert.are.equal("stack traceback:\n\tx_spec.lua:3: in function <x_spec.lua:1>\n\t[C]: in ?",
                     M.traceback_of({ traceback = traceback }, "boom"))
  end)

  it("is empty for a memory error or without a trace", function()
    assert.are.equal("", M.traceback_of({ traceback = "stack traceback:\n\tx:1:" }, "not enough memory"))
    assert.are.equal("", M.traceback_of(nil, "boom"))
    assert.are.equal("", M.traceback_of({}, "boom"))
  end)
end)

describe("the cheap traceback of a registration", function()
  local function both() return M.traceback(1), debug.traceback("", 1) end
  it("reads as luaL_traceback's, up to the first C function", function()
    local mine, theirs = both()
    assert.truthy(mine:find("^\nstack traceback:\n\t"))
    -- the same frames up to the first [C]
    local cut = theirs:find("\n%s*%[C]")
    assert.are.equal(theirs:sub(1, cut), mine:sub(1, mine:find("\n%s*%[C]")))
  end)
end)

describe("a figure", function()
  it("is a whole number without a point, else as Lua writes it", function()
    assert.are.equal("2", M.figure(2.0))
    assert.are.equal("0.5", M.figure(0.5))
  end)
end)
