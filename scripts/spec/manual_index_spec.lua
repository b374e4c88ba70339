-- docs/manual.md §14: the index of every Lua function and command-line
-- option is made from their declarations by scripts/manual_index.lua; this
-- fails when a function or an option was added, renamed or moved and the
-- index was not made again, or when one is not in the manual at all.

local P = require "support.process"

describe("the manual's index", function()
  it("is current, and every function and option in it has a section", function()
    local out, err, status = P.sh(P.quote(P.binary()) .. " run scripts/manual_index.lua --check")
    assert.are.equal(0, status, err)
    assert.matches("index current: %d+ functions, %d+ options, 0 not in the manual", out)
  end)
end)
