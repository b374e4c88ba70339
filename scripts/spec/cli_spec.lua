-- Manual §10.1: navlua run, -e, -, --version, --help and exit codes.
-- Runs the navlua binary named by $NAVLUA (scripts/test.sh sets it), or
-- the release build.

local P = require "support.process"
local binary, shell_quote = P.binary, P.quote

-- Runs navlua with `args` (a shell fragment) and optional standard input;
-- returns stdout, stderr and the exit code.
local function navlua(args, stdin)
  local out, err = os.tmpname(), os.tmpname()
  local cmd = shell_quote(binary()) .. " " .. args .. " >" .. out .. " 2>" .. err
  if stdin then
    local inp = os.tmpname()
    local f = assert(io.open(inp, "w")) f:write(stdin) f:close()
    cmd = cmd .. " <" .. inp
  else
    cmd = cmd .. " </dev/null"
  end
  local _, _, code = os.execute(cmd)
  local function slurp(p) local f = io.open(p) local s = f:read("a") f:close() os.remove(p) return s end
  return slurp(out), slurp(err), code
end

local function script(text)
  local p = os.tmpname()
  local f = assert(io.open(p, "w")) f:write(text) f:close()
  return p
end

describe("navlua run", function()
  it("runs a scenario with arg and ... as lua does", function()
    local p = script("print(arg[0] == ..., select('#', ...), arg[1], arg[2])")
    local out, _, code = navlua("run " .. p .. " one two")
    assert.are.equal(0, code)
    assert.are.equal("false\t2\tone\ttwo\n", out)
  end)

  it("reports a script error as navlua: file:line: message with a traceback, exit 1", function()
    local p = script("local x = 1\nerror('bad scenario')\n")
    local out, err, code = navlua("run " .. p)
    assert.are.equal(1, code)
    assert.matches("^navlua: " .. p:gsub("%p", "%%%0") .. ":2: bad scenario\nstack traceback:\n", err)
  end)

  it("reports an API misuse with the script's line", function()
    local p = script("\n\nnavlua.advance(-1)\n")
    local _, err, code = navlua("run " .. p)
    assert.are.equal(1, code)
    assert.matches(":3: navlua.advance: 'seconds' must be a number >= 0 %(got %-1%)", err)
  end)

  it("runs -e CODE and - (standard input)", function()
    local out, _, code = navlua("-e " .. shell_quote("print(navlua.version)"))
    assert.are.equal(0, code)
    assert.matches("^navlua %d+%.%d+%.%d+\n$", out)
    out, _, code = navlua("- x", "print(..., navlua.now())")
    assert.are.equal(0, code)
    assert.are.equal("x\t0.0\n", out)
  end)

  it("prints --version and --help with exit 0", function()
    local out, _, code = navlua("--version")
    assert.are.equal(0, code)
    assert.matches("^navlua ", out)
    out, _, code = navlua("--help")
    assert.are.equal(0, code)
    assert.matches("usage: navlua run", out)
  end)

  it("exits 2 on usage errors", function()
    for _, args in ipairs{"--frobnicate", "run", "run --timeout", "run --timeout -3 x.lua", "-e"} do
      local _, err, code = navlua(args)
      assert.are.equal(2, code, args)
      assert.matches("^navlua: ", err)
    end
  end)

  it("ends a runaway script with --timeout", function()
    local out, err, code = navlua("run --timeout 0.3 " .. script("while true do end"))
    assert.are.equal(1, code)
    assert.matches("timeout", err)
  end)

  it("ends a memory hog with --memory-limit", function()
    local _, err, code = navlua("run --memory-limit 20 " .. script("local t = {} for i = 1, 1e9 do t[i] = {} end"))
    assert.are.equal(1, code)
    assert.matches("not enough memory", err)
  end)

  it("ends with an error, not an abort, when the limit is below what a bare state needs", function()
    local _, err, code = navlua("run --memory-limit 0.001 " .. script("print(1)") .. " a b c")
    assert.are.equal(1, code)
    assert.matches("^navlua: not enough memory", err)
  end)

  it("gives the same output for the same scenario, byte for byte", function()
    local p = script([[
      local nav = navlua.navigation{style = "snapshot", root = navlua.screen{title = "A"}}
      nav:push(navlua.screen{title = "B"})
      navlua.settle()
      navlua.drag{from = {30, 300}, by = {250, 20}, duration = 0.4}
      navlua.settle()
      io.write(navlua.trace_text())
    ]])
    local a = navlua("run " .. p)
    local b = navlua("run " .. p)
    assert.are.equal(a, b)
    assert.is_true(#a > 1000)
  end)

  -- NavLuaSystem/arguments.c: argv comes from the loader, so a static
  -- build links none of the Swift runtime's CommandLine.cpp, whose
  -- initializer scans /proc/self/maps at every start (11% of start-up).
  it("starts without the Swift runtime's scan of /proc/self/maps, and still sees its argv", function()
    local symbols = P.sh("nm " .. shell_quote(binary()) .. " 2>/dev/null")
    if not symbols:find("_swift_stdlib_getUnsafeArgvArgc", 1, true) then
      pending("a dynamically linked navlua: the runtime's own CommandLine.cpp answers")
      return
    end
    assert.is_nil(symbols:find("argvGrabber", 1, true), "CommandLine.cpp's object is linked")
    -- the test runner finds its own executable through CommandLine.arguments
    local dir = P.tempdir()
    local f = assert(io.open(dir .. "/a_spec.lua", "w"))
    f:write('describe("a", function() it("runs in a child", function() assert.is_true(true) end) end)\n')
    f:close()
    local out, _, status = P.sh("cd " .. shell_quote(dir) .. " && env PATH=/usr/bin:/bin "
                                .. shell_quote(binary()) .. " test --jobs 2 a_spec.lua")
    P.cleanup()
    assert.are.equal(0, status, out)
    assert.matches("1 passed, 0 failed", out, 1, true)
  end)
end)
