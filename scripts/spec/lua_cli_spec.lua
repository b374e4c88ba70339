-- Manual §10.2: navlua's command line where it overlaps lua.c's (lua5.4): -e
-- (many), -l (both forms), -i, -v, -E, -W, --, - in any order, LUA_INIT,
-- the `arg` table, warn, the collector's mode. Each case runs the real
-- binary; where lua5.4 can run the same command line, its output is the
-- expected one.

local P = require "support.process"
local q = P.quote

-- Runs the same arguments under lua5.4 and under navlua; returns both
-- (stdout, stderr, status) triples.
local function both(args, stdin, env)
  env = env and (env .. " ") or ""
  local lo, le, ls = P.sh(env .. "lua5.4 " .. args, stdin)
  local no, ne, ns = P.sh(env .. q(P.binary()) .. " " .. args, stdin)
  return {lo, le, ls}, {no, ne, ns}
end

-- The messages' program name is "navlua" (manual §10.8), lua5.4's is its argv[0].
local function same_as_lua(args, stdin, env)
  local lua, nav = both(args, stdin, env)
  assert.are.equal(lua[1], nav[1], "stdout of " .. args)
  assert.are.equal((lua[2]:gsub("^lua5%.4: ", "navlua: "):gsub("\nlua5%.4: ", "\nnavlua: ")), nav[2], "stderr of " .. args)
  assert.are.equal(lua[3], nav[3], "status of " .. args)
end

-- Prints arg from its lowest index to its highest, the interpreter's name
-- replaced by "LUA", and then `...`.
local DUMP = [[
local lo, hi = 0, #arg
while arg[lo - 1] do lo = lo - 1 end
local t = {}
for i = lo, hi do t[#t + 1] = i .. "=" .. (i == lo and "LUA" or arg[i]) end
print(table.concat(t, " "))
print(select("#", ...), ...)
]]
local dump
before_each(function() dump = P.script(DUMP, "dump.lua") end)
after_each(P.cleanup)

describe("the command line, as lua5.4 reads it", function()
  it("runs every -e in order, then the script", function()
    same_as_lua("-e 'print(1)' -e 'print(2)' " .. q(dump) .. " a b")
    same_as_lua([["-eprint(1)" -ea=3 -e "print(a)"]])
  end)

  it("takes options in any order before the script, and none after it", function()
    same_as_lua("-W -e 'x=1' -E -e 'print(x)' " .. q(dump) .. " -e 'print(2)' -i")
  end)

  it("ends options at -- and runs a script whose name starts with '-'", function()
    local dir = P.tempdir()
    P.write(dir .. "/-x.lua", "print('dash', ...)")
    local out, _, code = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " run -- -x.lua y")
    assert.are.equal(0, code)
    assert.are.equal("dash\ty\n", out)
    same_as_lua("-- " .. q(dump) .. " -v")
  end)

  it("reads standard input for '-', with its arguments", function()
    same_as_lua("- -h x", "print(...)")
    same_as_lua("-e 'print(0)' -", "print(select('#', ...), arg[0])")
  end)

  it("builds arg with every argument at its index, as lua.c's createargtable", function()
    same_as_lua(q(dump) .. " a 'b c' ''")
    same_as_lua("-e '' -- " .. q(dump) .. " x")
    same_as_lua("-W " .. q(dump))
    same_as_lua("'-e ' -- " .. q(dump) .. " a b c")
  end)

  it("puts run and navlua's own options at negative indices under navlua run", function()
    local out, _, code = P.navlua("run --timeout 5 -e 'y=1' " .. q(dump) .. " one")
    assert.are.equal(0, code)
    assert.are.equal("-6=LUA -5=run -4=--timeout -3=5 -2=-e -1=y=1 0=" .. dump .. " 1=one\n1\tone\n", out)
  end)

  it("gives arg to -e without a script: everything at positive indices", function()
    same_as_lua([[-e "print(#arg, arg[0] ~= nil, arg[1], arg[2])" -e ""]])
  end)

  it("lets -e change arg before the script reads its arguments from it", function()
    same_as_lua([[-e "arg[1] = 100" -]], "print(...)")
    same_as_lua([[-e "arg = 1" -]], "")
  end)

  it("requires libraries with -l mod and -l g=mod", function()
    local dir = P.tempdir()
    P.write(dir .. "/mymod.lua", "print('loading', ...) return {x = 15}")
    local env = "env LUA_PATH=" .. q(dir .. "/?.lua;;")
    same_as_lua("-l mymod -e 'print(mymod.x)'", nil, env)
    same_as_lua("-lmymod -l 'str=string' '-lm=math' -e 'print(str.upper(\"a\"), m.max(1, 2), mymod.x)'", nil, env)
    same_as_lua("-l nosuchmodule -e 'print(1)'", nil, env)
  end)

  it("runs LUA_INIT_5_4, else LUA_INIT, as code or @file, with arg already set", function()
    same_as_lua(q(dump) .. " 3.2", nil, [[env LUA_INIT='X=tonumber(arg[1]) print("init", X)']])
    same_as_lua("-e 'print(X)'", nil, "env LUA_INIT_5_4='X=10' LUA_INIT='X=3'")
    local init = P.script("x = (x or 10) print('file', x)", "init.lua")
    same_as_lua("-e 'print(x)'", nil, "env LUA_INIT=@" .. q(init))
    same_as_lua("-e 'print(1)'", nil, [[env LUA_INIT="error('msg')"]])
  end)

  it("ignores LUA_INIT and LUA_PATH with -E", function()
    same_as_lua("-E -e 'print(package.path == package.path:gsub(\"xxx\", \"\"))'", nil,
                "env LUA_INIT='error(10)' LUA_PATH=xxx LUA_CPATH=xxx")
  end)

  it("prints lua's version line for -v and runs what follows", function()
    local out, _, code = P.navlua([[-v -e "print'hello'"]])
    assert.are.equal(0, code)
    assert.matches("^navlua %d+%.%d+%.%d+, Lua 5%.4%.%d+  Copyright %(C%) 1994%-%d+ Lua%.org, PUC%-Rio\nhello\n$", out)
  end)

  it("enters the REPL after -e and the script with -i", function()
    local out, _, code = P.navlua("-e 'x = 41' -i", "print(x + 1)\n")
    assert.are.equal(0, code)
    assert.matches("42", out)
  end)

  it("gives the REPL the arg table lua.c builds, and the -i script its arguments", function()
    local lua, nav = both("-e 'y=1' -i " .. q(dump) .. " a 'b c'", "")
    local lines = "%-?%d+=LUA[^\n]*\n[^\n]*\n"
    assert.are.equal(lua[1]:match(lines), nav[1]:match(lines))
    assert.are.equal("-4=LUA -3=-e -2=y=1 -1=-i 0=" .. dump .. " 1=a 2=b c\n2\ta\tb c\n", nav[1]:match(lines))
    lua, nav = both("-i", "print(#arg, arg[1], arg[0] ~= nil)\n")
    assert.matches("\n1\t%-i\ttrue\n", lua[1])
    assert.matches("1\t%-i\ttrue\n", nav[1])
    local out = P.navlua("repl " .. q(dump) .. " x", "")
    assert.matches("^[^\n]*%-2=LUA %-1=repl 0=" .. dump:gsub("%p", "%%%0") .. " 1=x\n1\tx\n", out)
  end)

  it("goes on in the state -e prepared, and runs the -i script from a C frame", function()
    local script = P.script("x = (x or 0) + 1 error('boom ' .. x)", "boom.lua")
    local out, err, code = P.navlua("-e 'x = 10' -i " .. q(script), "print(x)\n")
    assert.are.equal(0, code, "the REPL stays open after the script's error")
    assert.matches("11\n", out)
    assert.matches(":1: boom 11\nstack traceback:\n.*in main chunk\n\t%[C%]: in %?\n", err)
  end)

  -- lua5.4 -i prints its version line first, navlua's REPL only on a terminal
  -- (and tables' addresses differ).
  local function same_repl_as_lua(args, stdin)
    local lua, nav = both(args, stdin)
    local function addresses(s) return (s:gsub("0x%x+", "0x...")) end
    assert.are.equal(addresses(lua[1]:gsub("^Lua 5%.4[^\n]*\n", "")), addresses(nav[1]), "stdout of " .. args)
    assert.are.equal(lua[3], nav[3], "status of " .. args)
  end

  it("shows _PROMPT and _PROMPT2 through tostring at every prompt, and echoes piped lines, as lua5.4", function()
    same_repl_as_lua("-i", " --\na = 2\n")
    same_repl_as_lua([["-e_PROMPT='alo '" -i]], " --\na = 2\n")
    same_repl_as_lua([[-e "_PROMPT='' _PROMPT2=''" -i]], "(6*2-6) -- ===\na =\n10\nprint(a)\na")
    same_repl_as_lua([[-e "local C = 0; _PROMPT = setmetatable({}, {__tostring = function() C = C + 1; return C end})" -i]],
                     " --\na = 2\n")
    same_repl_as_lua([[-e "_PROMPT2 = 2; _PROMPT = setmetatable({}, {__name = 'P'})" -i]], "if true then\nend\n")
    local out = P.navlua("-e \"_PROMPT = setmetatable({}, {__tostring = function() return 'p' .. #arg .. ' ' end})\" -i", "x = 1\n")
    assert.are.equal("p3 x = 1\np3 \n", out)
  end)

  it("keeps the default prompt, and the REPL, when _PROMPT's __tostring fails", function()
    local out, err, code = P.navlua([[-e "_PROMPT = setmetatable({}, {__tostring = function() error('no prompt') end})" -i]],
                                    "print(1)\n")
    assert.are.equal(0, code)
    assert.are.equal("> print(1)\n1\n> \n", out)
    assert.matches("^%(command line%):1: no prompt\nstack traceback:\n", err)
  end)

  it("ends the REPL's tracebacks with lua.c's C frame, as lua5.4", function()
    local input = "error('x')\nlocal t = nil; t.x = 1\nfunction f() error({}) end\nf()\nprint(1)\n"
    local lua, nav = both("-i", input)
    local function without_name(s) return (s:gsub("^lua5%.4: ", ""):gsub("\nlua5%.4: ", "\n")) end
    assert.are.equal(without_name(lua[2]), nav[2])
    assert.matches("\n\t%[C%]: in %?\n$", nav[2])
    assert.are.equal(lua[3], nav[3])
  end)

  it("keeps a script's debug hook from one REPL input to the next, as lua5.4", function()
    local input = 'debug.sethook(function() n = (n or 0) + 1 end, "l")\nx = 1\nprint(n ~= nil, debug.gethook() ~= nil)\n'
    local out, _, code = P.navlua("--timeout 30 -i", input)
    assert.are.equal(0, code)
    assert.matches("true\ttrue\n", out)
  end)

  it("reports bad options as lua.c words them, exit 2", function()
    for _, case in ipairs{{"-h", "unrecognized option '-h'"}, {"---", "unrecognized option '---'"},
                          {"-Ex", "unrecognized option '-Ex'"}, {"-vv", "unrecognized option '-vv'"},
                          {"-iv", "unrecognized option '-iv'"}, {"-e", "'-e' needs argument"},
                          {"-l", "'-l' needs argument"}, {"-e -x", "'-e' needs argument"}} do
      local _, err, code = P.navlua(case[1])
      assert.are.equal(2, code, case[1])
      assert.are.equal("navlua: " .. case[2] .. "\n", err:match("^[^\n]*\n"), case[1])
    end
    same_as_lua("-e a")   -- a syntax error is the chunk's, exit 1
  end)

  it("keeps warnings off until -W or warn('@on'), as lauxlib does", function()
    same_as_lua("-", [[io.stderr:write(1); warn("XXX")]])
    local script = P.script([[
warn("@allow")               -- unknown control, ignored
warn("@off", "XXX", "@off")  -- these are not control messages
warn("@off")                 -- this one is
warn("@on", "YYY", "@on")    -- not control, but warn is off
warn("@off")                 -- keep it off
warn("@on")                  -- restart warnings
warn("", "@on")              -- again, no control, real warning
warn("@on")                  -- keep it "started"
warn("Z", "Z", "Z")          -- common warning
]])
    same_as_lua("-W " .. q(script))
    same_as_lua("-e 'warn(\"@on\")' -e 'warn(\"a\", \"b\")'")
  end)

  it("reports errors in __gc metamethods as warnings when they are on", function()
    local script = P.script([[
u1 = setmetatable({}, {__gc = function () error("XYZ") end})
u2 = setmetatable({}, {__gc = function () error("ZYX") end})
]])
    same_as_lua("-W " .. q(script))
  end)

  it("runs the collector in generational mode, as lua.c sets it", function()
    same_as_lua([[-e "print(collectgarbage('incremental'))"]])
  end)

  it("ends a traceback as lua's does, with the C frame the chunk ran from", function()
    same_as_lua([[-e "local function f() error('boom') end f()"]])
    same_as_lua([[-e "error({})"]])
    same_as_lua([[-e "error(setmetatable({}, {__tostring = function() return 'obj' end}))"]])
  end)
end)
