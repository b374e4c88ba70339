-- A function-valued screen field one or two edits from a hook's name is
-- probably that hook, misspelled: navlua names it on stderr, always (lua -W
-- stays for Lua's own warnings), when the screen is made and when such a
-- field is added later; navlua test --strict-hooks fails the test on it
-- (manual §3.2). Otherwise nothing is refused: a screen is the user's table.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local SCRIPT = [[
local s = navlua.screen{title = "A", will_go_bak = function() return false end,
                        didAppear = function() end, helper = function() end}
print(s.title)
]]

local function where(script, line)
  return script:gsub("%p", "%%%0") .. ":" .. line .. ": "
end

describe("a misspelled hook", function()
  it("is named on stderr without -W, naming the hook, in name order", function()
    local script = P.script(SCRIPT)
    local out, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status)
    assert.are.equal("A\n", out)
    local at = where(script, 1) .. "navlua%.screen: screen 'A' has a function '"
    local first, second = err:match("^(navlua: warning: [^\n]*)\n(navlua: warning: [^\n]*)\n$")
    assert.matches("^navlua: warning: " .. at .. "didAppear', which is no hook: did you mean 'did_appear'%?$", first)
    assert.matches("^navlua: warning: " .. at .. "will_go_bak', which is no hook: did you mean 'will_go_back'%?$", second)
  end)

  it("is named once under -W too (-W is for Lua's own warnings)", function()
    local _, err, status = P.navlua("-W " .. q(P.script(SCRIPT)))
    assert.are.equal(0, status)
    local _, count = err:gsub("navlua: warning: ", "")
    assert.are.equal(2, count, err)
    assert.is_nil(err:find("Lua warning", 1, true))
  end)

  it("is named when added after navlua.screen{}, and other fields are set as before", function()
    local script = P.script([[
local s = navlua.screen{title = "A"}
s.count = 1
s.count = s.count + 1
s.will_go_bak = function() end
print(s.count, type(s.will_go_bak))
]])
    local out, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status, err)
    assert.are.equal("2\tfunction\n", out)
    assert.are.equal("navlua: warning: " .. script .. ":4: screen 'A' has a function 'will_go_bak', "
                     .. "which is no hook: did you mean 'will_go_back'?\n", err)
  end)

  local SPEC = [[
describe("a screen", function()
  it("is made", function()
    navlua.screen{title = "A", will_go_bak = function() return false end}
  end)
  it("gets a hook later", function()
    local s = navlua.screen{title = "B"}
    s.didAppear = function() end
  end)
end)
]]

  it("is shown by navlua test, which passes", function()
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", SPEC)
    local out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test a_spec.lua")
    assert.are.equal(0, status, out .. err)
    -- a file's output is shown under it, as a line of its own
    assert.truthy(out:find("| navlua: warning: a_spec.lua:3: navlua.screen: screen 'A' has a function 'will_go_bak', "
                           .. "which is no hook: did you mean 'will_go_back'?\n", 1, true), out)
  end)

  it("fails its test under navlua test --strict-hooks", function()
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", SPEC)
    local out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test --strict-hooks a_spec.lua")
    assert.are.equal(1, status, out .. err)
    assert.truthy(out:find("0 passed, 2 failed", 1, true), out)
    assert.truthy(out:find("\n    a_spec.lua:3: navlua.screen: screen 'A' has a function 'will_go_bak', which is no hook: "
                           .. "did you mean 'will_go_back'?\n", 1, true), out)
    assert.truthy(out:find("\n    a_spec.lua:7: screen: screen 'B' has a function 'didAppear', which is no hook: "
                           .. "did you mean 'did_appear'?\n", 1, true), out)
  end)
end)
