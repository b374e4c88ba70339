-- A function-valued screen field one or two edits from a hook's name is
-- probably that hook, misspelled: navlua warns through Lua's warn, which
-- lua -W shows, and navlua test shows always (manual §3.2). Nothing is
-- refused: a screen is the user's table.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local SCRIPT = [[
local s = navlua.screen{title = "A", will_go_bak = function() return false end,
                        didAppear = function() end, helper = function() end}
print(s.title)
]]

describe("a misspelled hook", function()
  it("gets a warning under -W, naming the hook, in name order", function()
    local script = P.script(SCRIPT)
    local out, err, status = P.navlua("-W " .. q(script))
    assert.are.equal(0, status)
    assert.are.equal("A\n", out)
    local where = script:gsub("%p", "%%%0") .. ":1: navlua%.screen: screen 'A' has a function '"
    local first, second = err:match("^(Lua warning: [^\n]*)\n(Lua warning: [^\n]*)\n$")
    assert.matches("^Lua warning: " .. where .. "didAppear', which is no hook: did you mean 'did_appear'%?$", first)
    assert.matches("^Lua warning: " .. where .. "will_go_bak', which is no hook: did you mean 'will_go_back'%?$", second)
  end)

  it("is silent without -W, as lua's warnings are", function()
    local _, err, status = P.navlua("run " .. q(P.script(SCRIPT)))
    assert.are.equal(0, status)
    assert.are.equal("", err)
  end)

  it("is shown by navlua test", function()
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", [[
describe("a screen", function()
  it("is made", function()
    navlua.screen{title = "A", will_go_bak = function() return false end}
  end)
end)
]])
    local out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test a_spec.lua")
    assert.are.equal(0, status, out .. err)
    -- a file's output is shown under it, as a line of its own
    assert.truthy(out:find("| Lua warning: a_spec.lua:3: navlua.screen: screen 'A' has a function 'will_go_bak', "
                           .. "which is no hook: did you mean 'will_go_back'?\n", 1, true), out)
  end)
end)
