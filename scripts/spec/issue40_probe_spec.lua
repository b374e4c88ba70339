-- Issue 40's probe, one reproduction per item ("nothing lost, nothing
-- escapes", second round). Each failed on the binary before the fix:
-- 1 an out-of-memory test read as passed in busted's reports; 2 what the
-- engine holds escaped --memory-limit; 3 outputs naming one file were
-- caught only when spelled alike; 4 a spec file with a newline in its name
-- never ran; 5 SIGINT during os.execute was lost; 6 the report's temporary
-- file stayed for the whole run; 7 an output symlink was replaced; 8 a
-- test killed at --timeout counted the wait for its report; 9
-- navlua.define_preset took quadratic time.

local P = require "support.process"
local q = P.quote

after_each(P.reset)

-- A folder with spec/a_spec.lua holding `body`.
local function suite(body)
  local dir = P.tempdir()
  os.execute("mkdir -p " .. q(dir .. "/spec"))
  P.write(dir .. "/spec/a_spec.lua", body)
  return dir
end

-- `navlua test ARGS` run in `dir`.
local function test_in(dir, args)
  return P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test " .. args)
end

-- Starts `navlua test ARGS` in `dir` in the background; the spec creates
-- `ready` when it has got where the probe acts. Returns its pid and a
-- function that waits for its end and returns stdout and status.
local function start_test(dir, args)
  local cmd = "cd " .. q(dir) .. "; set -m; " .. q(P.binary()) .. " test " .. args
    .. " >out 2>err </dev/null & echo $! >pid; wait $!; echo $? >status"
  os.execute("bash -c " .. q(cmd) .. " >/dev/null 2>&1 &")
  assert(P.wait_for(dir .. "/pid", 5), "navlua did not start")
  local pid = P.read(dir .. "/pid"):match("%d+")
  P.track(pid)
  assert(P.wait_for(dir .. "/ready", 10), "the spec did not get ready")
  return pid, function()
    assert(P.wait_for(dir .. "/status", 15), "navlua did not end")
    return P.read(dir .. "/out"), tonumber(P.read(dir .. "/status"))
  end
end

describe("issue 40", function()
  it("1: a test that exhausts --memory-limit, the memory still referenced, errs in busted's reports", function()
    local dir = suite([[
it("grows", function()
  KEEP = {} for i = 1, 1e8 do KEEP[i] = {i} end
end)
]])
    local out, _, status = test_in(dir, "--memory-limit 16 -o junit --output r.xml spec")
    assert.are.equal(1, status)
    local xml = P.read(dir .. "/r.xml") or ""
    assert.matches("<testsuites[^>]* tests='1'", xml)
    assert.matches("<testsuites[^>]* errors='1'", xml)
    assert.matches("<error>not enough memory: the file exhausted %-%-memory%-limit %(16 MB%)", xml)
    assert.matches("FAIL grows  spec/a_spec.lua:1\n    not enough memory: the file exhausted", out)
  end)

  it("2: what the engine holds for a script counts against --memory-limit (scroll views)", function()
    local script = P.script([[
local s = navlua.screen{title = "S"}
for i = 1, 300000 do s:add_scroll_view{x = 0, y = 0, width = 390, height = 100, content_width = 1000} end
print("done")
]])
    local out, err, status = P.navlua("run --memory-limit 16 " .. q(script))
    assert.are.equal(1, status)
    assert.are.equal("", out)
    assert.matches("not enough memory", err)
  end)

  it("3: two outputs naming one file are refused however they are spelled", function()
    local dir = suite("it('x', function() end)\n")
    local _, err, status = test_in(dir, "-o junit --output r.xml -Xoutput r.xml spec")
    assert.are.equal(2, status)
    assert.truthy(err:find("--output and -Xoutput name the same file 'r.xml'", 1, true), err)
    _, err, status = test_in(dir, "-o junit --output r.xml --coverage --coverage-output ./r.xml spec")
    assert.are.equal(2, status)
    assert.truthy(err:find("--output and --coverage-output name the same file './r.xml'", 1, true), err)
    _, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary())
                          .. " run --timeline a.svg --filmstrip ./a.svg -e 'print(1)'")
    assert.are.equal(2, status)
    assert.truthy(err:find("--timeline and --filmstrip name the same file 'a.svg'", 1, true), err)
    assert.is_nil(P.read(dir .. "/r.xml"))
    assert.is_nil(P.read(dir .. "/a.svg"))
  end)

  it("4: a spec file whose name holds a newline runs, as under busted", function()
    local dir = P.tempdir()
    os.execute("mkdir -p " .. q(dir .. "/spec"))
    P.write(dir .. "/spec/a\nb_spec.lua", "it('runs', function() end)\n")
    local out, _, status = test_in(dir, "spec")
    assert.are.equal(0, status)
    assert.are.equal("ok   spec/a\nb_spec.lua  (1 passed)\n\n1 passed, 0 failed\n", out)
  end)

  it("5: SIGINT while a test waits in os.execute errs that test", function()
    local dir = suite([[
it("waits", function()
  io.open("ready", "w"):close()
  os.execute("sleep 3")
  io.open("ran_on", "w"):close()
end)
]])
    local pid, finish = start_test(dir, "spec")
    P.sleep(0.2)
    os.execute("kill -INT " .. pid)
    local out, status = finish()
    assert.are.equal(1, status)
    assert.matches("FAIL waits  spec/a_spec.lua:1\n    spec/a_spec.lua:3: interrupted! %(SIGINT%)", out)
    assert.is_nil(P.read(dir .. "/ran_on"))
  end)

  it("6: the report's temporary file is made only when the report is written", function()
    local dir = suite([[
it("waits", function()
  io.open("ready", "w"):close()
  while not io.open("go") do os.execute("sleep 0.05") end
end)
]])
    local pid, finish = start_test(dir, "-o junit --output r.xml spec")
    local during = P.listing(dir)
    os.execute("kill -KILL " .. pid)   -- an OOM kill, a CI hard kill
    P.write(dir .. "/go", "")
    finish()
    assert.is_nil(during:find(".navlua-", 1, true), during)
    assert.is_nil(P.listing(dir):find(".navlua-", 1, true))
  end)

  it("7: an output that is a symbolic link is written through it", function()
    local dir = suite("it('x', function() end)\n")
    os.execute("cd " .. q(dir) .. " && mkdir out && echo old > out/real.xml && ln -s out/real.xml r.xml"
               .. " && ln -s t.json link.json")
    local _, _, status = test_in(dir, "-o junit --output r.xml spec")
    assert.are.equal(0, status)
    assert.are.equal("out/real.xml\n", P.sh("readlink " .. q(dir .. "/r.xml")))
    assert.matches("^%s*<testsuites", P.read(dir .. "/out/real.xml"))
    _, _, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " run --trace link.json -e 'print(1)'")
    assert.are.equal(0, status)
    assert.are.equal("t.json\n", P.sh("readlink " .. q(dir .. "/link.json")))
    assert.matches("traceEvents", P.read(dir .. "/t.json"))
  end)

  -- A guard against the quadratic, not a speed figure: 100,000 presets took
  -- 52 s before and take under a second now; the 20 s timeout leaves a
  -- slow machine a wide margin either way.
  it("9: navlua.define_preset takes linear time (100,000 presets, not the quadratic's 52 s)", function()
    local script = P.script([[
for i = 1, 100000 do navlua.define_preset("p" .. i, {dim = 0.2}) end
navlua.define_preset("p1", {dim = 0.3})
local names = navlua.presets()
print(#names, names[#names], navlua.preset("p1").dim, navlua.preset("p2").dim)
]])
    local out, err, status = P.navlua("run --timeout 20 " .. q(script))
    assert.are.equal("", err)
    assert.are.equal(0, status)
    assert.are.equal("100007\tp1\t0.3\t0.2\n", out)
  end)
end)
