-- Manual §10.5 and §11.7: SIGTERM, SIGHUP (what CI runners and `timeout`
-- send) and SIGPIPE (a reader gone, `| head -1`) stop a run as Ctrl-C does:
-- the script or the running tests stop, every file asked for is written
-- (`--trace`, `--timeline`, `--filmstrip`; `--output` and the closing line),
-- and the process then ends by that signal, so a shell reads 128+N as it
-- does from lua5.4 and busted, which write nothing. `navlua test` stops and
-- kills its files with everything they started (a process group each), at
-- a signal and at a file's `--timeout`. The child's disposition is set
-- explicitly: default (`trap - SIG`) or ignored (`trap '' SIG`, as `nohup`
-- leaves SIGHUP), which navlua leaves ignored.

local P = require "support.process"
local q = P.quote

after_each(P.reset)

local NUMBER = {TERM = 15, HUP = 1, PIPE = 13}

-- Starts navlua with `args` in the background, SIGNAL's disposition set to
-- `disposition`; returns a handle: its pid, its folder (dir), `signal`, and
-- `finish`, which waits for the end and returns stdout, stderr and status.
local function start(args, signal, disposition)
  local dir = P.tempdir()
  local h = {dir = dir, ready = dir .. "/ready", out = dir .. "/out", err = dir .. "/err", status = dir .. "/status"}
  local setup = (disposition == "ignored" and "trap '' " or "trap - ") .. signal .. ";"
  local cmd = "cd " .. q(dir) .. "; " .. setup .. " NAVLUA_READY=" .. q(h.ready) .. " " .. q(P.binary()) .. " " .. args
    .. " >" .. q(h.out) .. " 2>" .. q(h.err) .. " </dev/null & echo $! >" .. q(dir .. "/pid")
    .. "; wait $!; echo $? >" .. q(h.status)
  os.execute("bash -c " .. q(cmd) .. " >/dev/null 2>&1 &")
  assert(P.wait_for(dir .. "/pid", 5), "navlua did not start")
  P.sleep(0.05)
  h.pid = P.read(dir .. "/pid"):match("%d+")
  P.track(h.pid)
  function h.signal(name) os.execute("kill -" .. (name or signal) .. " " .. h.pid .. " 2>/dev/null") end
  function h.finish(seconds)
    assert(P.wait_for(h.status, seconds or 10), "navlua did not end")
    return P.read(h.out), P.read(h.err), tonumber(P.read(h.status))
  end
  assert(P.wait_for(h.ready, 10), "the script did not get ready")
  P.sleep(0.1)   -- into the loop that follows
  return h
end

local function alive(pid)
  return os.execute("kill -0 " .. pid .. " 2>/dev/null") == true
end

-- Waits up to `seconds` for process `pid` to be gone; true when it is.
local function gone(pid, seconds)
  for _ = 1, math.ceil(seconds / 0.05) do
    if not alive(pid) then return true end
    P.sleep(0.05)
  end
  return false
end

local READY = [[io.open(os.getenv("NAVLUA_READY"), "w"):close() ]]

local SCENE = [[
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B"})
navlua.settle()
io.write("buffered output ")   -- a file: flushed only at exit
]]

local OUTPUTS = " --trace t.json --timeline t.svg --filmstrip f.svg --html r.html "

local function assert_outputs(dir)
  assert.matches('id="navlua%-data"', P.read(dir .. "/r.html"))
  assert.matches('"traceEvents"', P.read(dir .. "/t.json"))
  assert.matches("</svg>", P.read(dir .. "/t.svg"))
  assert.matches("</svg>", P.read(dir .. "/f.svg"))
end

describe("SIGTERM and SIGHUP during navlua run", function()
  for _, signal in ipairs{"TERM", "HUP"} do
    it("stops a busy script, writes every file asked for, and ends by SIG" .. signal, function()
      local script = P.script(SCENE .. READY .. [[
local function spin() while true do end end
spin()
]])
      local h = start("run" .. OUTPUTS .. q(script), signal)
      h.signal()
      local out, err, status = h.finish()
      assert.are.equal(128 + NUMBER[signal], status)
      assert.are.equal("buffered output ", out)
      assert.matches("^navlua: [^\n]*interrupted! %(SIG" .. signal .. "%)\nstack traceback:\n", err)
      assert.matches("in local 'spin'", err)
      assert_outputs(h.dir)
    end)
  end

  it("cannot be caught by pcall: the script does not run on", function()
    local h = start([[-e "]] .. READY:gsub('"', '\\"')
                    .. [[ for i = 1, 3 do pcall(function() while true do end end) end print('ran on')"]], "TERM")
    h.signal()
    local out, _, status = h.finish()
    assert.are.equal(128 + 15, status)
    assert.are.equal("", out)
  end)

  it("writes the files of a run stuck in a call that hooks cannot stop, half a second later", function()
    local script = P.script(SCENE .. READY .. [[os.execute("sleep 8")]])
    local h = start("run" .. OUTPUTS .. q(script), "TERM")
    local t0 = P.now()
    h.signal()
    local out, err, status = h.finish(5)
    assert.is_true(P.now() - t0 < 4)
    assert.are.equal(128 + 15, status)
    assert.are.equal("buffered output ", out)
    assert.matches("^navlua: interrupted! %(SIGTERM%)\n%(the script was stuck in a call", err)
    assert_outputs(h.dir)
  end)

  it("leaves an inherited ignored SIGTERM ignored, as lua5.4 does", function()
    local h = start([[-e "]] .. READY:gsub('"', '\\"')
                    .. [[ while not io.open('stop') do end print('went on')"]], "TERM", "ignored")
    h.signal()
    P.sleep(0.2)
    P.write(h.dir .. "/stop", "")
    local out, err, status = h.finish()
    assert.are.equal(0, status)
    assert.are.equal("went on\n", out)
    assert.are.equal("", err)
  end)
end)

describe("SIGPIPE during navlua run", function()
  it("stops the script quietly, writes its files, and ends by SIGPIPE", function()
    local dir = P.tempdir()
    local out, err, status = P.sh("bash -c " .. q("cd " .. q(dir) .. "; trap - PIPE; " .. q(P.binary())
      .. " run --trace t.json -e " .. q([[navlua.navigation{root = navlua.screen{title = "A"}} for i = 1, 1e7 do print(i) end]])
      .. " | head -1; echo ${PIPESTATUS[0]} >status"))
    assert.are.equal("1\n", out)
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("141\n", P.read(dir .. "/status"))
    assert.matches('"traceEvents"', P.read(dir .. "/t.json"))
  end)
end)

-- A suite in a fresh folder: a file that passes, one that spins in its first
-- test (its process's pid in `spec.pid`, through the shell's $PPID), one
-- that would run after.
local function suite(spin)
  local dir = P.tempdir()
  P.write(dir .. "/a_spec.lua", [[it("a passes", function() end)]])
  P.write(dir .. "/b_spec.lua", [[
describe("b", function()
  it("spins", function()
    os.execute("echo $PPID > spec.pid")
    ]] .. (spin or READY .. [[ while true do end]]) .. [[

  end)
  it("comes after the spin", function() end)
end)
]])
  P.write(dir .. "/c_spec.lua", [[it("c passes", function() end)]])
  return dir
end

local function test(dir, options, signal, disposition)
  return start("test --jobs 1 -C " .. q(dir) .. " " .. (options or "") .. " a_spec.lua b_spec.lua c_spec.lua",
               signal, disposition)
end

describe("SIGTERM and SIGHUP during navlua test", function()
  for _, signal in ipairs{"TERM", "HUP"} do
    it("ends the running test, writes --output and the closing line, and ends by SIG" .. signal, function()
      local dir = suite()
      local h = test(dir, "-o junit --output report.xml", signal)
      h.signal()
      local out, err, status = h.finish()
      assert.are.equal(128 + NUMBER[signal], status)
      assert.are.equal("", err)
      assert.matches("b_spec.lua:%d+: interrupted! %(SIG" .. signal .. "%); the rest of the file did not run", out)
      assert.matches("\ninterrupted %(SIG" .. signal .. "%): 1 file did not run: c_spec.lua\n\n1 passed, 1 failed\n$", out)
      local xml = P.read(dir .. "/report.xml")
      assert.matches("</testsuites>%s*$", xml)
      assert.matches("<testcase[^>]*name='b spins'[^>]*>%s*<error>b_spec.lua:%d+: interrupted! %(SIG" .. signal, xml)
      assert.is_true(gone(P.read(dir .. "/spec.pid"):match("%d+"), 2))
    end)
  end

  it("kills a file that swallows it a second later, with the processes it started", function()
    local dir = suite([[os.execute("sh -c 'echo $$ > sleeper.pid; exec sleep 300' &")
    ]] .. READY .. [[ while true do pcall(function() while true do end end) end]])
    local h = test(dir, "", "TERM")
    assert.is_true(P.wait_for(dir .. "/sleeper.pid", 5))
    h.signal()
    local out, _, status = h.finish(5)
    assert.are.equal(128 + 15, status)
    assert.matches("interrupted!: the process running this file was stopped after SIGTERM", out)
    assert.is_true(gone(P.read(dir .. "/spec.pid"):match("%d+"), 2))
    assert.is_true(gone(P.read(dir .. "/sleeper.pid"):match("%d+"), 2))
  end)

  it("leaves no spec process running when the parent is killed outright", function()
    local dir = suite()
    local h = test(dir, "", "TERM")
    h.signal("KILL")
    h.finish()
    assert.is_true(gone(P.read(dir .. "/spec.pid"):match("%d+"), 3))
  end)

  it("leaves an inherited ignored SIGTERM ignored", function()
    local dir = suite(READY .. [[ while not io.open("stop") do end]])
    local h = test(dir, "", "TERM", "ignored")
    h.signal()
    P.sleep(0.2)
    P.write(dir .. "/stop", "")
    local out, _, status = h.finish()
    assert.are.equal(0, status)
    assert.matches("4 passed, 0 failed\n$", out)
  end)
end)

describe("a file's --timeout", function()
  it("kills the processes the file started with it", function()
    local dir = P.tempdir()
    P.write(dir .. "/a_spec.lua", [[
it("waits on a child", function()
  os.execute("sh -c 'echo $$ > sleeper.pid; exec sleep 300'")
end)
]])
    local out, _, status = P.navlua("test --timeout 0.3 -C " .. q(dir) .. " a_spec.lua")
    assert.are.equal(1, status)
    assert.matches("timeout", out)
    assert.is_true(gone(P.read(dir .. "/sleeper.pid"):match("%d+"), 2))
  end)
end)

describe("SIGPIPE during navlua test", function()
  it("writes the whole --output report when standard output's reader is gone, and ends by SIGPIPE", function()
    local dir = P.tempdir()
    local names = {}
    for k = 1, 8 do
      names[k] = "f" .. k .. "_spec.lua"
      P.write(dir .. "/" .. names[k], [[it("passes", function() end)]])
    end
    for _, format in ipairs{"junit", "tap"} do
      local report = "report." .. format
      P.sh("bash -c " .. q("cd " .. q(dir) .. "; trap - PIPE; " .. q(P.binary()) .. " test --jobs 1 -o " .. format
        .. " --output " .. report .. " " .. table.concat(names, " ") .. " | (read line; echo \"$line\" >first)"
        .. "; echo ${PIPESTATUS[0]} >status"))
      assert.are.equal("ok   f1_spec.lua  (1 passed)\n", P.read(dir .. "/first"))
      assert.are.equal("141\n", P.read(dir .. "/status"))
      local text = P.read(dir .. "/" .. report)
      if format == "junit" then
        assert.matches("^%s*<testsuites.*</testsuites>%s*$", text)
      else
        assert.matches("^TAP version 13\n.*\n1%.%.%d+\n", text)
      end
      assert.are.equal("0\n", (P.sh("ls -a " .. q(dir) .. " | grep -c navlua-")))   -- no temporary file left
    end
  end)
end)
