-- Specs of the reports of `navlua test` that CI tools and log scrapers read
-- (manual §11.4): busted's own output handlers print what they print under
-- busted (compared with Debian's busted, times aside), navlua's TAP is what
-- Perl's prove accepts, and the default output keeps navlua's closing line.
--
--   navlua test scripts/runner_spec

local fixture = require("fixture")

local f

setup(function()
  f = fixture.new({
    ["mixed/spec/a_spec.lua"] = [[
describe("a", function()
  it("passes", function() print("printed inside a test") end)
  it("fails", function() assert.are.same({ 1, 2 }, { 1, 3 }) end)
  it("errors", function() error("boom") end)
  pending("waits", function() end)
  describe("inner", function()
    it("passes too", function() end)
  end)
end)
]],
    ["mixed/spec/b_spec.lua"] = [[
describe("b", function()
  before_each(function() error("hook broke") end)
  it("never runs", function() end)
end)
it("outside any describe", function() end)
]],
    -- processes that end inside a test: a crash (the shell's parent is the
    -- file's process; two signals: see runner_spec's crash_spec), os.exit,
    -- a timeout the test swallows
    ["early/spec/crash_spec.lua"] = [[
describe("crash", function()
  it("crashes", function() os.execute("kill -SEGV $PPID; sleep 0.5; kill -SEGV $PPID; sleep 5") end)
end)
]],
    ["early/spec/exit_spec.lua"] = [[it("exits", function() os.exit(0) end)]],
    ["early/spec/stubborn_spec.lua"] = [[
it("swallows the timeout", function()
  pcall(function() while true do end end)
  while true do end
end)
]],
    ["stderr/spec/w_spec.lua"] = [[
describe("w", function()
  it("warns on stderr", function() io.stderr:write("warning & <x>\n") end)
end)
]],
    ["green/spec/a_spec.lua"] = [[
describe("green", function()
  it("one", function() end)
  it("two", function() end)
  pending("three")
end)
]],
  })
end)
teardown(function() f:remove() end)

-- Times, dates, table addresses and the order of XML attributes vary.
local function normal(text)
  text = text:gsub("%d+%.%d+ ?m?s", "T"):gsub("%d+%.%d+ seconds", "T seconds")
  text = text:gsub("time='[%d.]+'", "time=''"):gsub("timestamp='[^']*'", "timestamp=''")
  text = text:gsub("0x%x+", "0x")
  -- attributes in sorted order, per line
  return (text:gsub("<(%w+)( [^>]-)(/?)>", function(tag, attrs, close)
    local list = {}
    for a in attrs:gmatch(" %w+='[^']*'") do list[#list + 1] = a end
    table.sort(list)
    return "<" .. tag .. table.concat(list) .. close .. ">"
  end))
end

describe("busted's output handlers", function()
  for _, handler in ipairs({ "plainTerminal", "utfTerminal", "gtest", "TAP", "junit" }) do
    for _, extra in ipairs({ "", " -v" }) do
      it("-o " .. handler .. extra .. " prints what busted prints", function()
        local out, status = f:navlua("mixed", "-o " .. handler .. extra)
        assert.are.equal(1, status)
        if not fixture.have_busted() then pending("Debian's busted is not installed") end
        assert.are.equal(normal(f:busted("mixed", "-o " .. handler .. extra)), normal(out))
      end)
    end
  end

  -- busted 2.1.1's json handler prints nothing once a test has failed or is
  -- pending: dkjson cannot encode the functions in the error objects and
  -- elements it is given. navlua's events carry plain data, so it prints.
  it("-o json prints busted's json report", function()
    local out, status = f:navlua("green", "-o json")
    assert.are.equal(0, status)
    local doc = require("dkjson").decode(out)
    assert.are.same({ 2, 0, 0, 1 }, { #doc.successes, #doc.failures, #doc.errors, #doc.pendings })
    assert.are.equal("green one", doc.successes[1].name)
    assert.are.equal("spec/a_spec.lua", doc.successes[1].trace.short_src)
    assert.are.equal("it", doc.successes[1].element.descriptor)
    assert.are.equal("number", type(doc.duration))
  end)

  it("-o json with failures, what the specs print before it", function()
    local out = f:navlua("mixed", "-o json")
    assert.truthy(out:find("^printed inside a test\n{"))
    local doc = require("dkjson").decode(out:match("{.*"))
    assert.are.same({ 3, 1, 2, 1 }, { #doc.successes, #doc.failures, #doc.errors, #doc.pendings })
    assert.are.equal("spec/a_spec.lua:3: Expected objects to be the same.", doc.failures[1].message:match("^[^\n]*"))
  end)

  it("the summary line log scrapers read", function()
    local out = f:navlua("mixed", "-o utfTerminal")
    assert.truthy(out:find("\n3 successes / 1 failure / 2 errors / 1 pending : [%d.]+ seconds\n"))
  end)

  it("-o junit --output FILE: XML to the file, navlua's text on stdout", function()
    local out, status = f:navlua("mixed", "-o junit --output report.xml")
    assert.are.equal(1, status)
    assert.are.equal("3 passed, 3 failed, 1 skipped", fixture.last_line(out))
    assert.truthy(f:read("mixed/report.xml"):find("<testsuites ", 1, true))
  end)

  it("-o junit -Xoutput FILE writes the file, as busted's junit does", function()
    local out = f:navlua("mixed", "-o junit -Xoutput x.xml")
    assert.is_nil(out:find("<testsuites", 1, true))
    local ours = f:read("mixed/x.xml")
    assert.truthy(ours:find("<testsuites ", 1, true))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    f:busted("mixed", "-o junit -Xoutput y.xml")
    assert.are.equal(normal(f:read("mixed/y.xml")), normal(ours))
  end)

  it("the same under any --jobs, times aside", function()
    for _, handler in ipairs({ "gtest", "TAP", "junit" }) do
      assert.are.equal(normal(f:navlua("mixed", "--jobs 1 -o " .. handler)),
                       normal(f:navlua("mixed", "--jobs 3 -o " .. handler)))
    end
  end)
end)

-- busted's handlers only hear events; when a file's process ends early,
-- navlua tells them what busted would have: an error in the test it died
-- in, then the ends of the blocks open.
describe("a file whose process ends inside a test", function()
  it("-o junit: that test is an error, not a pass", function()
    local out, status = f:navlua("early", "--jobs 1 -o junit spec/crash_spec.lua spec/exit_spec.lua")
    assert.are.equal(1, status)
    local xml = out:match("<testsuites.*")
    assert.truthy(xml, out)
    assert.matches("<testsuites [^>]*errors='2'", xml)
    assert.matches("<testcase[^>]*name='crash crashes'[^>]*>%s*<error>[^<]*killed by signal 11", xml)
    assert.matches("<testcase[^>]*name='exits'[^>]*>%s*<error>[^<]*ended its process %(os.exit%?%)", xml)
  end)

  it("-o junit: a test killed at --timeout is an error", function()
    local out = f:navlua("early", "--timeout 0.5 -o junit spec/stubborn_spec.lua")
    assert.matches("<testcase[^>]*name='swallows the timeout'[^>]*>%s*<error>[^<]*ran past %-%-timeout 0.5 s", out)
  end)

  it("-o utfTerminal counts them as errors", function()
    local out = f:navlua("early", "--jobs 1 -o utfTerminal spec/crash_spec.lua spec/exit_spec.lua")
    assert.truthy(out:find("\n0 successes / 0 failures / 2 errors / 0 pending : [%d.]+ seconds\n"), out)
  end)
end)

describe("navlua's own formats", function()
  it("text: the closing line is navlua's", function()
    local out, status = f:navlua("mixed", "")
    assert.are.equal(1, status)
    assert.are.equal("3 passed, 3 failed, 1 skipped", fixture.last_line(out))
  end)

  it("-o tap: one version line, a plan, and prove accepts it with failures in it", function()
    local out, status = f:navlua("mixed", "-o tap")
    assert.are.equal(1, status)
    local _, versions = out:gsub("TAP version 13\n", "")
    assert.are.equal(1, versions)
    assert.truthy(out:find("^TAP version 13\n"))
    assert.truthy(out:find("\n1%.%.7\n"))
    local p = io.popen("command -v prove")
    local prove = p:read("l")
    p:close()
    if not prove then pending("prove (Perl's TAP::Harness) is not installed") end
    f:write("mixed/out.tap", out)
    local report, prove_status = f:run("mixed", "prove", "--exec cat out.tap")
    assert.are.equal(1, prove_status)
    assert.is_nil(report:find("Parse errors", 1, true), report)
    assert.truthy(report:find("Failed 3/7 subtests", 1, true), report)
    report, prove_status = f:run("green", "sh -c", "'" .. fixture.quote(fixture.bin)
                                   .. " test -o tap > out.tap && prove --exec cat out.tap'")
    assert.are.equal(0, prove_status)
    assert.truthy(report:find("Result: PASS", 1, true), report)
  end)
end)

-- busted's handlers write the report to stdout; a spec's stderr goes to
-- stderr, as under busted, so that a JUnit report on stdout stays XML.
describe("a spec's stderr under busted's handlers", function()
  for _, handler in ipairs{"junit", "TAP", "json"} do
    it("stays out of " .. handler .. "'s report on stdout, as under busted", function()
      local out, status, err = f:navlua("stderr", "-o " .. handler)
      assert.are.equal(0, status)
      assert.is_nil(out:find("warning", 1, true), out)
      assert.truthy(err:find("warning & <x>\n", 1, true), err)
      local b_out, _, b_err = f:busted("stderr", "-o " .. handler)
      assert.is_nil(b_out:find("warning", 1, true), b_out)
      assert.truthy(b_err:find("warning & <x>", 1, true), "stderr: " .. b_err .. "\nstdout: " .. b_out)
    end)
  end
end)
