-- Manual §10.2 rule 6: os.exit() ends the run as lua.c's does (its status, __close
-- and __gc with `close`), and still writes the --trace, --timeline and
-- --filmstrip files the run asked for.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local SCENARIO = [[
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"})
navlua.settle()
]]

describe("os.exit", function()
  it("writes the requested files and exits with the status it was given", function()
    local dir = P.tempdir()
    local script = P.script(SCENARIO .. "io.write('partial ') os.exit(3)")
    local out, err, status = P.navlua("run --trace " .. q(dir .. "/t.json") .. " --timeline " .. q(dir .. "/t.svg")
                                      .. " --filmstrip " .. q(dir .. "/f.svg") .. " --html " .. q(dir .. "/r.html")
                                      .. " " .. q(script))
    assert.are.equal(3, status)
    assert.are.equal("partial ", out)
    assert.are.equal("", err)
    local trace = P.read(dir .. "/t.json")
    assert.matches('"traceEvents"', trace)
    assert.matches('"cat":"lifecycle"', trace)
    assert.matches("<svg", P.read(dir .. "/t.svg"))
    assert.matches("<svg", P.read(dir .. "/f.svg"))
    assert.matches('id="navlua%-data"', P.read(dir .. "/r.html"))
  end)

  it("writes them with os.exit(true, true) too, after which __close runs", function()
    local dir = P.tempdir()
    local script = P.script(SCENARIO .. [[
local x <close> = setmetatable({}, {__close = function() print("closed") end})
os.exit(true, true)
]])
    local out, _, status = P.navlua("run --trace " .. q(dir .. "/t.jsonl") .. " " .. q(script))
    assert.are.equal(0, status)
    assert.are.equal("closed\n", out)
    assert.matches('"kind":"push"', P.read(dir .. "/t.jsonl"))
  end)

  it("turns success into failure when a file cannot be written", function()
    local script = P.script(SCENARIO .. "os.exit(0)")
    local _, err, status = P.navlua("run --trace /nonexistent/dir/t.json " .. q(script))
    assert.are.equal(1, status)
    assert.matches("^navlua: cannot write '/nonexistent/dir/t.json'", err)
  end)

  it("behaves as under lua5.4 otherwise", function()
    for _, code in ipairs{"os.exit(nil, true)", "os.exit(false, true)", "os.exit(7)", "print(1) os.exit(true)",
                          [[setmetatable({}, {__gc = function() print("gc") end}) os.exit(0, true)]]} do
      local script = P.script(code)
      local lo, le, ls = P.sh("lua5.4 " .. q(script))
      local no, ne, ns = P.navlua(q(script))
      assert.are.same({lo, le, ls}, {no, ne, ns}, code)
    end
  end)
end)
