-- Specs of `navlua test --coverage` (manual §11.6): line hits of the files
-- under test, recorded through Lua's debug hook in every spec file's
-- process, added up and written as LCOV.
--
--   navlua test scripts/runner_spec

local fixture = require("fixture")

local f

setup(function()
  f = fixture.new({
    ["cov/src/stack.lua"] = table.concat({
      "local Stack = {}",                               -- 1
      "Stack.__index = Stack",                          -- 2
      "",                                               -- 3
      "function Stack.new()",                           -- 4
      "  return setmetatable({ n = 0 }, Stack)",        -- 5
      "end",                                            -- 6
      "",                                               -- 7
      "function Stack:push(v)",                         -- 8
      "  self.n = self.n + 1",                          -- 9
      "  self[self.n] = v",                             -- 10
      "end",                                            -- 11
      "",                                               -- 12
      "function Stack:clear()",                         -- 13
      "  for i = 1, self.n do self[i] = nil end",       -- 14
      "  self.n = 0",                                   -- 15
      "end",                                            -- 16
      "",                                               -- 17
      "return Stack",                                   -- 18
    }, "\n") .. "\n",
    ["cov/spec/helper.lua"] = [[return { push_twice = function(s) s:push(1); s:push(2) end }]],
    ["cov/spec/push_spec.lua"] = [[
local Stack = require("stack")
local helper = require("helper")
it("pushes", function()
  local s = Stack.new()
  helper.push_twice(s)
  assert.are.equal(2, s.n)
end)
]],
    ["cov/spec/new_spec.lua"] = [[
local Stack = require("stack")
it("makes one", function() assert.are.equal(0, Stack.new().n) end)
]],
    ["cov/spec/spin_spec.lua"] = [[it("spins", function() while true do end end)]],
  })
end)
teardown(function() f:remove() end)

local function records(text)
  local files = {}
  for file, body in text:gmatch("SF:([^\n]+)\n(.-)end_of_record\n") do
    local lines = {}
    for line, hits in body:gmatch("DA:(%d+),(%d+)") do lines[tonumber(line)] = tonumber(hits) end
    files[file] = { lines = lines, found = tonumber(body:match("LF:(%d+)")), hit = tonumber(body:match("LH:(%d+)")) }
  end
  return files
end

describe("navlua test --coverage", function()
  it("writes LCOV with every executable line of the files under test, hit or not", function()
    local out, status = f:navlua("cov", "--coverage --exclude-pattern=spin")
    assert.are.equal(0, status, out)
    assert.truthy(out:find("coverage: lcov.info (1 file, ", 1, true))
    assert.are.equal("2 passed, 0 failed", fixture.last_line(out))
    local lcov = f:read("cov/lcov.info")
    assert.truthy(lcov:find("^TN:\nSF:src/stack.lua\n"))
    local stack = records(lcov)["src/stack.lua"]
    -- the module's body once per file that required it (two processes,
    -- the hits added up): a function's definition counts on its first and
    -- last lines; new() twice, push() twice (its last line: its return
    -- too), clear() never
    assert.are.same({ [1] = 2, [2] = 2, [4] = 2, [5] = 2, [6] = 2, [8] = 2, [9] = 2, [10] = 2, [11] = 4,
                      [13] = 2, [14] = 0, [15] = 0, [16] = 2, [18] = 2 }, stack.lines)
    assert.are.same({ 14, 12 }, { stack.found, stack.hit })
  end)

  it("leaves out the specs and what is in the spec folder", function()
    f:navlua("cov", "-c --exclude-pattern=spin")
    local files = records(f:read("cov/lcov.info"))
    assert.is_nil(files["spec/push_spec.lua"])
    assert.is_nil(files["spec/helper.lua"])
  end)

  it("--coverage-output names the file", function()
    f:run("cov", "mkdir", "-p out")
    local out, status = f:navlua("cov", "--coverage --coverage-output=out/cov.lcov --exclude-pattern=spin")
    assert.are.equal(0, status)
    assert.truthy(out:find("coverage: out/cov.lcov (1 file", 1, true), out)
    assert.truthy(f:read("cov/out/cov.lcov"):find("SF:src/stack.lua", 1, true))
  end)

  it("still ends a runaway file at --timeout", function()
    local out, status = f:navlua("cov", "--coverage --timeout 0.5 spec/spin_spec.lua")
    assert.are.equal(1, status)
    assert.truthy(out:find("timeout", 1, true), out)
  end)

  it("is off without the flag", function()
    os.remove(f.root .. "/cov/lcov.info")
    local out = f:navlua("cov", "--exclude-pattern=spin")
    assert.is_nil(out:find("coverage:", 1, true))
    assert.is_nil(f:read("cov/lcov.info"))
  end)

  it("is what genhtml reads", function()
    f:navlua("cov", "--coverage --exclude-pattern=spin")
    local p = io.popen("command -v genhtml")
    local genhtml = p:read("l")
    p:close()
    if not genhtml then pending("genhtml (Debian's lcov) is not installed") end
    local out, status = f:run("cov", "genhtml", "-q -o html lcov.info")
    assert.are.equal(0, status, out)
    assert.truthy(f:read("cov/html/index.html"))
  end)
end)
