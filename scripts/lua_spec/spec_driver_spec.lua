-- Specs of the helpers of Sources/NavLuaTestRunner/Lua/spec_driver.lua, the
-- Lua side of a `navlua test` worker: the records it writes and the
-- messages it gives for limits. (The driver as a whole, busted and all, is
-- specced through the binary in scripts/runner_spec.)
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local driver = load_embedded("NavLuaTestRunner/Lua/spec_driver.lua", "=navlua test driver")
local M = driver()

describe("the spec driver called without arguments", function()
  it("only returns its helpers", function()
    assert.are.equal("function", type(M.record))
    assert.are.equal("function", type(M.where))
    assert.are.equal("function", type(M.limit_message))
    assert.are.equal("function", type(M.traceback_of))
  end)
end)

describe("a record", function()
  it("joins its fields with tabs and ends with a newline", function()
    assert.are.equal("test\tpass\ta name\tx_spec.lua:3\t\t\n",
                     M.record("test", "pass", "a name", "x_spec.lua:3", "", ""))
    assert.are.equal("done\n", M.record("done"))
  end)

  it("escapes backslashes, tabs, newlines and carriage returns", function()
    assert.are.equal("error\ta\\\\b\\tc\\nd\\re\n", M.record("error", "a\\b\tc\nd\re"))
  end)

  it("writes nil and false as empty fields and other values as tostring does", function()
    assert.are.equal("\t7\t\t0.5\ttrue\n", M.record(nil, 7, false, 0.5, true))
  end)

  it("keeps every field apart: no escaped text contains a bare tab or newline", function()
    local nasty = "\\t\t\\n\n\\\\"
    local line = M.record(nasty, nasty)
    assert.are.equal(2, select(2, line:gsub("[\t\n]", "")))
  end)
end)

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

describe("an event's data", function()
  it("loads back as the same plain values", function()
    local value = { a = 1, b = 2.5, c = "x\ny\"z", d = { true, false }, [3] = "three", inf = 1 / 0 }
    local text = M.encode(value)
    assert.are.same(value, load("return " .. text)())
  end)

  it("leaves out functions, userdata and cycles", function()
    local t = { f = function() end, io = io.stdout, keep = 1 }
    t.self = t
    assert.are.equal("{[\"keep\"]=1}", M.encode(t))
  end)
end)
