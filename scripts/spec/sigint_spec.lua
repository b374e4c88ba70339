-- Manual §10.5: Ctrl-C (SIGINT) during `navlua run` and `-e` as lua.c handles
-- it: "interrupted!" with a traceback, exit 1, standard output flushed,
-- --trace/--timeline/--filmstrip files written, __close run; a pcall can
-- catch it; a second SIGINT ends a run stuck in C. The child's SIGINT
-- disposition is set explicitly: left at the default (a shell with job
-- control, bash's `set -m`, which also makes it a process group), or ignored (`trap '' INT`, as for a job started with
-- & from a script), which lua.c overrides while a chunk runs.

local P = require "support.process"
local q = P.quote

after_each(P.reset)

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
  -- bash: dash's `set -m` wants a terminal, and without job control a
  -- background job's SIGINT is ignored, whatever the test asked for
  os.execute("bash -c " .. q(cmd) .. " >/dev/null 2>&1 &")
  assert(P.wait_for(dir .. "/pid", 5), "navlua did not start")
  h.pid = P.read(dir .. "/pid"):match("%d+")
  P.track(h.pid)
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

  -- The hook that stops the script is navlua's one hook function, defined
  -- once in the binary (the runtime's hook.c): a script's own hook, kept
  -- across the interrupt, is what debug.gethook shows, never "external
  -- hook". (lua.c's own stop removes the script's hook: lua5.4 prints nil.)
  it("leaves debug.gethook showing the script's own hook after a caught interrupt", function()
    local script = P.script([[
local function mine() end
debug.sethook(mine, "", 1e8)
]] .. READY .. [[
pcall(function() while true do end end)
local hook, mask, count = debug.gethook()
print(hook == mine, mask, count)
]])
    local h = start("run " .. q(script), "ignored")
    h.interrupt()
    local out, err, status = h.finish()
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("true\t\t100000000\n", out)
  end)

  it("has one hook function in the binary", function()
    local out, _, status = P.sh("nm " .. q(P.binary()) .. " | grep -c ' navlua_hook$'")
    assert.are.equal(0, status)
    assert.are.equal("1\n", out)
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

-- Ctrl-C during `navlua test` (manual §11.7 rule 3): the file running ends its test
-- with "interrupted!" and its traceback, no file starts after it, the report
-- (and any --output file) is written with what ran, and the run exits 1.
-- A terminal sends SIGINT to the whole process group; `kill` from a script
-- or a CI runner, often to the parent only: both are checked.
describe("Ctrl-C during navlua test", function()
  -- A suite in a fresh folder: a file that passes, one that spins in its
  -- first test (and tells the spec it is there), one that would run after.
  local function suite(spinning_test)
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", [[it("a passes", function() end)]])
    P.write(dir .. "/b_spec.lua", [[
describe("b", function()
  it("spins", function()
    ]] .. (spinning_test or [[
    local function spin() while true do end end
    ]] .. READY .. [[
    spin()]]) .. [[

  end)
  it("comes after the spin", function() end)
end)
]])
    P.write(dir .. "/c_spec.lua", [[it("c passes", function() end)]])
    return dir
  end

  local function test(dir, options, disposition)
    return start("test --jobs 1 -C " .. q(dir) .. " " .. (options or "") .. " a_spec.lua b_spec.lua c_spec.lua",
                 disposition or "default")
  end

  for _, disposition in ipairs{"default", "ignored"} do
    it("ends the running test and reports what ran (SIGINT to the parent, " .. disposition .. ")", function()
      local h = test(suite(), "", disposition)
      h.interrupt()
      local out, err, status = h.finish()
      assert.are.equal(1, status)
      assert.are.equal("", err)
      assert.matches("^ok   a_spec.lua  %(1 passed%)\nFAIL b_spec.lua  %(0 passed, 1 failed%)\n", out)
      assert.matches("\n    b_spec.lua:%d+: interrupted! %(SIGINT%); the rest of the file did not run\n"
                     .. "    stack traceback:\n.-in local 'spin'", out)
      assert.is_nil(out:find("comes after", 1, true))
      assert.matches("\ninterrupted %(SIGINT%): 1 file did not run: c_spec.lua\n\n0?1 passed, 1 failed\n$", out)
    end)
  end

  it("takes the terminal's Ctrl-C, sent to the whole process group, once", function()
    local h = test(suite())
    os.execute("kill -INT -" .. h.pid)   -- the parent, the worker and the file's process
    local out, err, status = h.finish()
    assert.are.equal(1, status)
    assert.are.equal("", err)   -- the worker lives on: no "the worker process ended"
    local _, interrupts = out:gsub("interrupted!", "")
    assert.are.equal(1, interrupts)
    assert.matches("b_spec.lua:%d+: interrupted! %(SIGINT%)", out)
    assert.matches("1 passed, 1 failed\n$", out)
  end)

  it("stops a file that swallows the interrupt a second later, and says so in --output", function()
    local dir = suite(READY .. [[ while true do pcall(function() while true do end end) end]])
    local h = test(dir, "-o junit --output report.xml")
    h.interrupt()
    local out, _, status = h.finish(5)
    assert.are.equal(1, status)
    assert.matches("interrupted!: the process running this file was stopped after SIGINT", out)
    local xml = P.read(dir .. "/report.xml")
    assert.matches("<testcase[^>]*name='b spins'[^>]*>%s*<error>interrupted!: the process running this file", xml)
    assert.matches("errors='1'", xml)
    assert.is_nil(xml:find("c passes", 1, true))
  end)

  it("kills the files still running at a second SIGINT", function()
    local h = test(suite(READY .. [[ while true do pcall(function() while true do end end) end]]))
    h.interrupt()
    P.sleep(0.1)
    h.interrupt()
    local out, _, status = h.finish(5)
    assert.are.equal(1, status)
    assert.matches("interrupted!: the process running this file was stopped after SIGINT", out)
    assert.matches("1 passed, 1 failed\n$", out)
  end)

  it("runs none of the remaining --repeat runs", function()
    local h = test(suite(), "--repeat 3")
    h.interrupt()
    local out, _, status = h.finish()
    assert.are.equal(1, status)
    assert.matches("interrupted %(SIGINT%): 1 file did not run: c_spec.lua; runs 2 to 3 did not run\n", out)
    assert.is_nil(out:find("run 2 of 3", 1, true))
  end)
end)
