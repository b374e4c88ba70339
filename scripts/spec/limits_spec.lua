-- Manual §10.4: --timeout cannot be escaped. Past the limit every further Lua
-- instruction fails, whatever pcall, coroutines or debug.sethook do; a run
-- stuck where hooks cannot reach (a blocking system call, a long C
-- function, a loop inside a script's own hook) is ended by a timer within
-- a second of the limit; the limit's hook is not visible through
-- debug.gethook, and a script's own hooks work beside it.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local TIMEOUT = "timeout: the script ran past its time limit"

-- Runs `code` with --timeout `limit`; returns stdout, stderr, status and the
-- wall time the run took.
local function timed(code, limit, stdin_redirect)
  local script = P.script(code)
  local start = P.now()
  local out, err, status = P.sh(q(P.binary()) .. " run --timeout " .. limit .. " " .. q(script)
                                .. (stdin_redirect or ""))
  return out, err, status, P.now() - start
end

describe("--timeout", function()
  it("cannot be caught by pcall and run on from", function()
    local out, err, status = timed([[
local caught = 0
while true do
  local ok = pcall(function() while true do end end)
  caught = caught + 1
  if caught > 3 then print("escaped") break end
end
]], 0.3)
    assert.are.equal(1, status)
    assert.are.equal("", out)
    assert.matches("^navlua: .*" .. TIMEOUT, err)
  end)

  it("cannot be caught by xpcall, a coroutine or a __close handler", function()
    local _, err, status = timed([[
local co = coroutine.wrap(function()
  while true do xpcall(function() while true do end end, function(m) return m end) end
end)
local guard <close> = setmetatable({}, {__close = function() while true do end end})
while true do pcall(co) end
]], 0.3)
    assert.are.equal(1, status)
    assert.matches(TIMEOUT, err)
  end)

  it("is not removed by debug.sethook, and debug.gethook does not show it", function()
    local out, err, status = timed([[
print(debug.gethook())
debug.sethook()
local co = coroutine.create(function() end)
debug.sethook(co)
print(debug.gethook(co))
while true do end
]], 0.3)
    assert.are.equal(1, status)
    assert.are.equal("nil\nnil\n", out)
    assert.matches(TIMEOUT, err)
  end)

  it("leaves a script's own hooks working, reported by debug.gethook as under lua5.4", function()
    local code = [[
local lines = 0
local function hook(event, line) lines = lines + 1 end
debug.sethook(hook, "l")
local f, mask, count = debug.gethook()
local a = 1
local b = 2
debug.sethook()
print(f == hook, mask, count, lines, debug.gethook())
local calls = 0
debug.sethook(function() calls = calls + 1 end, "", 100)
for i = 1, 1000 do end
debug.sethook()
print(calls >= 5, select(3, debug.gethook()))
local co = coroutine.create(function() local x = 1 end)
local seen = {}
debug.sethook(co, function(e) seen[#seen + 1] = e end, "cr")
print(debug.gethook(co) ~= nil, debug.gethook() == nil)
coroutine.resume(co)
print(seen[1], seen[#seen], #seen)
]]
    local out, err, status = timed(code, 5)
    local expected = P.sh("lua5.4 " .. q(P.script(code)))
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal(expected, out)
    assert.matches("^true\tl\t0\t%d+\tnil\n", out)
  end)

  it("still ends a loop that runs under a script's hook", function()
    local _, err, status = timed([[
debug.sethook(function() end, "l")
while true do end
]], 0.3)
    assert.are.equal(1, status)
    assert.matches(TIMEOUT, err)
  end)

  local stuck = {
    {"a blocking system call (os.execute sleep)", [[os.execute("sleep 5")]]},
    {"a blocking read of standard input", [[io.read()]], " 0<>" },
    {"a long C function", [[string.find(string.rep("a", 1e6), ".*b")]]},
    {"a loop inside the script's own hook", "debug.sethook(function() while true do end end, 'l')\nlocal x = 1\n"},
  }
  for _, case in ipairs(stuck) do
    it("ends " .. case[1] .. " within a second of the limit", function()
      local fifo
      if case[3] then
        fifo = P.tempdir() .. "/fifo"
        os.execute("mkfifo " .. q(fifo))
      end
      local _, err, status, took = timed(case[2], 0.3, fifo and (case[3] .. q(fifo)))
      assert.are.equal(1, status)
      assert.matches("^navlua: " .. TIMEOUT .. "\n", err)
      assert.is_true(took < 1.3, "took " .. took .. " s")
    end)
  end

  it("writes the files the run asked for when it ends a stuck run", function()
    local dir = P.tempdir()
    local script = P.script([[
navlua.navigation{root = navlua.screen{title = "A"}}
navlua.tick(10)
io.write("before ")
os.execute("sleep 5")
]])
    local out, err, status = P.navlua("run --timeout 0.3 --trace " .. q(dir .. "/t.json") .. " " .. q(script))
    assert.are.equal(1, status)
    assert.are.equal("before ", out)
    assert.matches(TIMEOUT, err)
    assert.matches('"traceEvents"', P.read(dir .. "/t.json"))
  end)

  -- lua_close runs the script's finalizers at the end, as lua.c's does;
  -- before, a run with --timeout (whose timer kept the state) never closed it.
  it("leaves the end of the run as it is: finalizers run at lua_close", function()
    local script = P.script([[u = setmetatable({}, {__gc = function() io.write("finalized\n") end})]])
    for _, options in ipairs{"", "--timeout 5", "--trace /dev/null"} do
      local out, _, status = P.navlua("run " .. options .. " " .. q(script))
      assert.are.equal(0, status)
      assert.are.equal("finalized\n", out, options)
    end
  end)

  -- The timer must not end a run whose script has stopped and is only
  -- slow to report (standard error a full pipe whose reader is late):
  -- before, both the script's error and the timer said "timeout:".
  it("says timeout once when the error is slow to be written", function()
    local dir = P.tempdir()
    local _, _, status = P.sh("bash -c " .. q(q(P.binary()) .. " run --timeout 0.3 --trace /dev/full -e "
      .. q("io.stderr:write(string.rep('e', 65536)) while true do end")
      .. " 2> >(sleep 1.5; cat > " .. q(dir .. "/err") .. "); echo $? > " .. q(dir .. "/status")))
    assert.are.equal(0, status)
    assert.is_true(P.wait_for(dir .. "/status", 5))
    P.sleep(2)   -- the late reader
    local err = P.read(dir .. "/err")
    local _, timeouts = err:gsub("timeout: ", "")
    assert.are.equal(1, timeouts)
    assert.are.equal("1\n", P.read(dir .. "/status"))
    assert.matches("cannot write '/dev/full'", err)
  end)
end)

describe("--memory-limit", function()
  it("still ends a memory hog inside pcall with 'not enough memory'", function()
    local script = P.script([[
local ok, err = pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end)
print(ok, err)
]])
    local out, _, status = P.navlua("run --memory-limit 20 " .. q(script))
    assert.are.equal(0, status)
    assert.are.equal("false\tnot enough memory\n", out)
  end)
end)
