-- Spec files whose names are not UTF-8 (manual §11.1 rule 5): lua.c and
-- busted take file names as bytes, and so does navlua test, end to end:
-- found, run, and named in navlua's own reports with each byte that is not
-- UTF-8 shown as \xFF; busted's handlers get the bytes, as under busted.

local fixture = require("fixture")

local BAD = "b\xff"   -- a Latin-1 byte: not UTF-8

describe("a spec file whose name is not UTF-8", function()
  local f
  before_each(function()
    f = fixture.new({
      ["s/spec/" .. BAD .. "_spec.lua"] = [[
it("runs", function() end)
it("fails", function() error("from " .. debug.getinfo(1, "S").short_src) end)
]],
      ["s/spec/caf\xe9/a_spec.lua"] = [[it("in a folder not UTF-8", function() end)]],
    })
  end)
  after_each(function() f:remove() end)

  it("runs, and the text report names it with \\xFF", function()
    local out, status = f:navlua("s", "--jobs 1")
    assert.are.equal(1, status)
    assert.is_nil(out:find("cannot open", 1, true))
    assert.is_nil(out:find("\xef\xbf\xbd", 1, true))   -- no U+FFFD
    assert.matches("FAIL spec/b\\xFF_spec.lua  %(1 passed, 1 failed%)", out)
    assert.matches("from spec/b\\xFF_spec.lua", out)
    assert.matches("ok   spec/caf\\xE9/a_spec.lua  %(1 passed%)", out)
    assert.matches("2 passed, 1 failed\n$", out)
  end)

  it("is named by its bytes in busted's handlers, as under busted", function()
    local out = f:navlua("s", "--jobs 1 -o junit")
    assert.truthy(out:find("spec/" .. BAD .. "_spec.lua", 1, true))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    local b = f:busted("s", "-o plainTerminal")
    local n = f:navlua("s", "--jobs 1 -o plainTerminal")
    assert.are.equal(fixture.counts(b), fixture.counts(n))
    assert.are.equal("2 0 1 0", fixture.counts(n))   -- error() is an error to busted
  end)

  it("can be the --output file's name too", function()
    local _, status = f:navlua("s", "--jobs 1 -o tap --output " .. fixture.quote("report-" .. BAD .. ".tap"))
    assert.are.equal(1, status)
    assert.matches("^TAP version 13\n", f:read("s/report-" .. BAD .. ".tap"))
  end)
end)
