-- Specs of Sources/NavLuaTestRunner/Lua/spec_wire.lua, the wire format of
-- a `navlua test` worker: the records a child writes for the parent
-- (ChildRecord.swift reads them) and the Lua text of the events.
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local M = load_embedded("NavLuaTestRunner/Lua/spec_wire.lua", "=navlua test driver")()

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

  it("is written whole and flushed at once", function()
    local written, flushed = {}, 0
    local out = { write = function(_, text) written[#written + 1] = text end,
                  flush = function() flushed = flushed + 1 end }
    M.emit(out, "done", "")
    assert.are.same({ "done\t\n" }, written)
    assert.are.equal(1, flushed)
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
