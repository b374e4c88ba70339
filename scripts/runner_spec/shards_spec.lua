-- Specs of a suite across machines (README: A suite across machines;
-- docs/ci/github-actions-shards.yml): a suite run as three `--shard K/3`
-- jobs, their JUnit reports merged with junitparser (Debian's
-- python3-junitparser) and their LCOV with `lcov -a`, gives the counts of
-- one unsharded run: the same tests, failures, errors and skipped tests,
-- the same lines found and hit, and replays that never share a name.
--
--   navlua test scripts/runner_spec/shards_spec.lua
--
-- junitparser and lcov are required (scripts/setup.sh installs both): a
-- machine without them fails here, it does not skip.

local fixture = require("fixture")
local quote = fixture.quote

local f

-- Seven files of different sizes (shards of 3, 2 and 2 files, none alike):
-- passes, failures (one after a swipe), errors, pending tests, and a
-- module under test for coverage.
local files = {
  ["suite/src/stack.lua"] = [[
local Stack = {}
Stack.__index = Stack
function Stack.new() return setmetatable({ n = 0 }, Stack) end
function Stack:push(v)
  self.n = self.n + 1
  self[self.n] = v
end
function Stack:pop()
  if self.n == 0 then error("empty stack") end
  local v = self[self.n]
  self[self.n] = nil
  self.n = self.n - 1
  return v
end
function Stack:clear()
  for i = 1, self.n do self[i] = nil end
  self.n = 0
end
function Stack:size()   -- no spec calls it
  return self.n
end
return Stack
]],
  ["suite/spec/a_spec.lua"] = [[
local Stack = require("stack")
describe("a", function()
  it("pushes", function() local s = Stack.new(); s:push(1); assert.are.equal(1, s.n) end)
  it("pops", function() local s = Stack.new(); s:push(1); assert.are.equal(1, s:pop()) end)
end)
]],
  ["suite/spec/b_spec.lua"] = [[
local Stack = require("stack")
describe("b", function()
  it("passes", function() assert.are.equal(0, Stack.new().n) end)
  it("fails", function() assert.are.equal(1, Stack.new().n) end)
end)
]],
  ["suite/spec/c_spec.lua"] = [[
local Stack = require("stack")
describe("c", function()
  it("errors on an empty pop", function() Stack.new():pop() end)
  pending("is pending")
  it("passes", function() end)
end)
]],
  ["suite/spec/d_spec.lua"] = [[
describe("d", function()
  it("stays after a swipe (it pops)", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.settle()
    navlua.drag{from = {100, 400}, by = {300, 0}, duration = 0.25}
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)
  it("pushes", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)
end)
]],
  ["suite/spec/e_spec.lua"] = [[
local Stack = require("stack")
describe("e", function()
  it("clears", function() local s = Stack.new(); s:push(1); s:clear(); assert.are.equal(0, s.n) end)
  it("one", function() end)
  it("two", function() end)
  it("three", function() end)
end)
]],
  ["suite/spec/f_spec.lua"] = [[
describe("f", function()
  it("errors", function() error("on purpose") end)
  it("fails", function() assert.is_true(false) end)
end)
]],
  ["suite/spec/g_spec.lua"] = [[
local Stack = require("stack")
describe("g", function()
  pending("is pending too")
  it("pushes twice", function() local s = Stack.new(); s:push(1); s:push(2); assert.are.equal(2, s.n) end)
end)
]],
}

setup(function() f = fixture.new(files) end)
teardown(function() f:remove() end)

local function sh(command)
  local p = io.popen(command .. " 2>&1")
  local out = p:read("a")
  local _, _, status = p:close()
  return out, status
end

-- The tools, or a failure that says how to get them.
local function require_tools()
  local _, status = sh("/usr/bin/python3 -c 'import junitparser'")
  assert(status == 0, "junitparser is missing: apt-get install python3-junitparser (scripts/setup.sh installs it)")
  _, status = sh("command -v lcov")
  assert(status == 0, "lcov is missing: apt-get install lcov (scripts/setup.sh installs it)")
end

local dir   -- the fixture's suite folder

-- `navlua test` in the suite folder; its exit status (1: the suite has failures).
local function navlua(args)
  local _, status = f:navlua("suite", args)
  return status
end

-- A JUnit file's counts, as junitparser reads it (the root's attributes,
-- busted's `skip` or junitparser's `skipped`), and its test cases, one
-- "classname name outcome" line each, sorted.
local function junit(path)
  local script = [[
import sys
from junitparser import JUnitXml, Failure, Error, Skipped
xml = JUnitXml.fromfile(sys.argv[1])
root = xml._elem
print(root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped") or root.get("skip"))
cases = []
for suite in xml:
    for case in suite:
        kinds = [type(r).__name__ for r in case.result] or ["passed"]
        cases.append(case.classname + " " + case.name + " " + ",".join(kinds))
for c in sorted(cases): print(c)
]]
  local out, status = sh("/usr/bin/python3 -c " .. quote(script) .. " " .. quote(path))
  assert(status == 0, out)
  local counts, cases = out:match("^([^\n]*)\n(.*)$")
  return counts, cases
end

-- An LCOV file's "N of M lines" from `lcov --summary`, and its DA lines per
-- file (line -> hits), for hits that add up.
local function lcov(path)
  local out, status = sh("lcov --summary " .. quote(path))
  assert(status == 0, out)
  local hit, found = out:match("lines%.+: [%d.]+%% %((%d+) of (%d+) lines%)")
  assert(hit, out)
  local lines = {}
  local file
  for line in io.lines(path) do
    file = line:match("^SF:(.*)") or file
    local n, hits = line:match("^DA:(%d+),(%d+)")
    if n then lines[file .. ":" .. n] = tonumber(hits) end
  end
  return { found = tonumber(found), hit = tonumber(hit) }, lines
end

local function merge_junit(inputs, output)
  local out, status = sh("cd " .. quote(dir) .. " && /usr/bin/python3 -m junitparser merge "
                         .. table.concat(inputs, " ") .. " " .. output)
  assert(status == 0, out)
  return dir .. "/" .. output
end

local function merge_lcov(inputs, output)
  local args = {}
  for _, i in ipairs(inputs) do args[#args + 1] = "-a " .. i end
  local out, status = sh("cd " .. quote(dir) .. " && lcov -q " .. table.concat(args, " ") .. " -o " .. output)
  assert(status == 0, out)
  return dir .. "/" .. output
end

local function listing(folder)
  local names = {}
  local p = io.popen("ls -1A " .. quote(dir .. "/" .. folder) .. " 2>/dev/null")
  for line in p:lines() do names[#names + 1] = line end
  p:close()
  table.sort(names)
  return names
end

describe("a suite in three shards, merged", function()
  local whole, merged = {}, {}

  setup(function()
    require_tools()
    dir = f.root .. "/suite"
    for k = 1, 3 do
      assert.are.equal(1, navlua(("--shard %d/3 -o junit --output junit-%d.xml --coverage"
                                  .. " --coverage-output lcov-%d.info --html replays-%d"):format(k, k, k, k)))
    end
    assert.are.equal(1, navlua("-o junit --output junit.xml --coverage --coverage-output lcov.info --html replays"))
    whole.counts, whole.cases = junit(dir .. "/junit.xml")
    whole.coverage, whole.lines = lcov(dir .. "/lcov.info")
    merged.counts, merged.cases = junit(merge_junit({ "junit-1.xml", "junit-2.xml", "junit-3.xml" }, "merged.xml"))
    merged.coverage, merged.lines = lcov(merge_lcov({ "lcov-1.info", "lcov-2.info", "lcov-3.info" }, "merged.info"))
  end)

  it("has the unsharded run's tests, failures, errors and skipped tests", function()
    -- 17 tests: 3 failures, 2 errors, 2 pending
    assert.are.equal("17 3 2 2", whole.counts)
    assert.are.equal(whole.counts, merged.counts)
    assert.are.equal(whole.cases, merged.cases)
  end)

  it("has the unsharded run's lines found and hit, and each line's hits", function()
    assert.are.same({ found = 22, hit = 21 }, whole.coverage)
    assert.are.same(whole.coverage, merged.coverage)
    assert.are.same(whole.lines, merged.lines)
  end)

  it("writes the unsharded run's replays, no two shards under one name", function()
    local names = {}
    for k = 1, 3 do
      for _, name in ipairs(listing("replays-" .. k)) do names[#names + 1] = name end
    end
    table.sort(names)
    assert.are.equal(5, #names)   -- one per failure and error
    assert.are.same(listing("replays"), names)
  end)

  it("would see a shard dropped or a test run twice", function()
    local counts, cases = junit(merge_junit({ "junit-1.xml", "junit-2.xml" }, "dropped.xml"))
    assert.are_not.equal(whole.counts, counts)
    assert.are_not.equal(whole.cases, cases)
    counts, cases = junit(merge_junit({ "junit-1.xml", "junit-2.xml", "junit-3.xml", "junit-2.xml" }, "twice.xml"))
    assert.are_not.equal(whole.counts, counts)
    assert.are_not.equal(whole.cases, cases)
    local coverage, lines = lcov(merge_lcov({ "lcov-1.info", "lcov-3.info" }, "dropped.info"))
    assert.are_not.same(whole.lines, lines)
    coverage, lines = lcov(merge_lcov({ "lcov-1.info", "lcov-2.info", "lcov-3.info", "lcov-3.info" }, "twice.info"))
    assert.are_not.same(whole.lines, lines)
    assert.is_table(coverage)
  end)
end)
