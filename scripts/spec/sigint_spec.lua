-- Issue 11: Ctrl-C (SIGINT) during `navlua run` and `-e` as lua.c handles
-- it: "interrupted!" with a traceback, exit 1, standard output flushed,
-- --trace/--timeline/--filmstrip files written, __close run; a pcall can
-- catch it; a second SIGINT ends a run stuck in C. The child's SIGINT
-- disposition is set explicitly: left at the default (a shell with job
-- control, `set -m`), or ignored (`trap '' INT`, as for a job started with
-- & from a script), which lua.c overrides while a chunk runs.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

-- Starts navlua with `args` in the background with SIGINT at `disposition`
-- ("default" or "ignored"); returns a handle with the pid, the ready file
-- the script is told about (NAVLUA_READY), and a way to wait for the end.
local function start(args, disposition)
  local dir = P.tempdir()
  local h = {dir = dir, ready = dir .. "/ready", out = dir .. "/out", err = dir .. "/err", status = dir .. "/status"}
  local setup = disposition == "ignored" and "trap '' INT;" or "set -m;"
  local cmd = setup .. " NAVLUA_READY=" .. q(h.ready) .. " " .. q(P.binary()) .. " " .. args
    .. " >" .. q(h.out) .. " 2>" .. q(h.err) .. " </dev/null & echo $! >" .. q(dir .. "/pid")
    .. "; wait $!; echo $? >" .. q(h.status)
  os.execute("sh -c " .. q(cmd) .. " >/dev/null 2>&1 &")
  assert(P.wait_for(dir .. "/pid", 5), "navlua did not start")
  h.pid = P.read(dir .. "/pid"):match("%d+")
  function h.interrupt() os.execute("kill -INT " .. h.pid .. " 2>/dev/null") end
  function h.finish(seconds)
    assert(P.wait_for(h.status, seconds or 10), "navlua did not end")
    return P.read(h.out), P.read(h.err), tonumber(P.read(h.status))
  end
  assert(P.wait_for(h.ready, 10), "the script did not get ready")
  P.sleep(0.1)   -- into the loop that follows
  return h
end

-- Lua that tells the spec it is running (then loops, or whatever follows).
local READY = [[io.open(os.getenv("NAVLUA_READY"), "w"):close() ]]

describe("Ctrl-C during navlua run and -e", function()
  for _, disposition in ipairs{"default", "ignored"} do
    it("ends a busy script with 'interrupted!', its traceback and exit 1 (SIGINT " .. disposition .. ")", function()
      local script = P.script([[
local function spin() while true do end end
io.write("buffered output ")   -- a file: flushed only at exit
]] .. READY .. [[
spin()
]])
      local h = start("run " .. q(script), disposition)
      h.interrupt()
      local out, err, status = h.finish()
      assert.are.equal(1, status)
      assert.are.equal("buffered output ", out)
      assert.matches("^navlua: " .. script:gsub("%p", "%%%0") .. ":3: interrupted!\nstack traceback:\n", err)
      assert.matches("in local 'spin'", err)
    end)
  end

  it("writes the files the run asked for, and runs __close", function()
    local dir = P.tempdir()
    local script = P.script([[
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"})
navlua.settle()
local guard <close> = setmetatable({}, {__close = function() print("closed") end})
]] .. READY .. [[
while true do end
]])
    local h = start("run --trace " .. q(dir .. "/t.json") .. " --timeline " .. q(dir .. "/t.svg")
                    .. " --filmstrip " .. q(dir .. "/f.svg") .. " " .. q(script), "ignored")
    h.interrupt()
    local out, err, status = h.finish()
    assert.are.equal(1, status)
    assert.are.equal("closed\n", out)
    assert.matches("interrupted!", err)
    assert.matches('"traceEvents"', P.read(dir .. "/t.json"))
    assert.matches("<svg", P.read(dir .. "/t.svg"))
    assert.matches("<svg", P.read(dir .. "/f.svg"))
  end)

  it("can be caught by pcall: the script goes on, as under lua5.4", function()
    local h = start([[-e "]] .. READY:gsub('"', '\\"') .. [[ pcall(function () while true do end end); print(42)"]], "ignored")
    h.interrupt()
    local out, err, status = h.finish()
    assert.are.equal(0, status)
    assert.are.equal("42\n", out)
    assert.are.equal("", err)
  end)

  it("stops a navlua.tick that runs for ever", function()
    local script = P.script([[
navlua.navigation{root = navlua.screen{title = "A"}}
]] .. READY .. [[
navlua.tick(1e12)
]])
    local h = start("run " .. q(script), "default")
    h.interrupt()
    local _, err, status = h.finish()
    assert.are.equal(1, status)
    assert.matches("navlua.tick: interrupted!", err)
  end)

  it("leaves a second SIGINT its default action while a C function runs", function()
    local h = start([[-e "]] .. READY:gsub('"', '\\"') .. [[ string.find(string.rep('a', 1e6), '.*b')"]], "ignored")
    h.interrupt()
    P.sleep(0.2)
    h.interrupt()
    local _, _, status = h.finish()
    assert.are.equal(128 + 2, status)   -- killed by SIGINT
  end)
end)
