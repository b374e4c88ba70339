-- Specs of `.busted` under `navlua test` (manual §11.2 rule 1): the keys a project's
-- .busted sets, its tasks (`default`, `--run NAME`, `_all`), what the
-- command line wins over, each checked against Debian's busted on the same
-- folder; and the errors for a malformed file, which name the file, the
-- key and what was expected, and run nothing.
--
--   navlua test scripts/runner_spec

local fixture = require("fixture")
local counts = fixture.counts

local project = {
  ["lib/thing.lua"] = [[return { where = "lib" }]],
  ["src/thing.lua"] = [[return { where = "src" }]],
  ["tests/thing_check.lua"] = [[
local thing = require("thing")
describe("thing", function()
  it("comes from lib", function() assert.are.equal("lib", thing.where) end)
  it("is quick #quick", function() end)
  it("is slow #slow", function() end)
  it("is helped", function() assert.is_true(HELPED) end)
  it("is skipped by filter-out", function() end)
end)
]],
  ["tests/other_check.lua"] = [[describe("other", function() it("runs", function() end) end)]],
  ["tests/ignored_check.lua"] = [[describe("ignored", function() it("never runs", function() end) end)]],
  ["helpers/helper.lua"] = [[HELPED = true]],
}

local function with_busted(text)
  local files = {}
  for path, body in pairs(project) do files["p/" .. path] = body end
  files["p/.busted"] = text
  return files
end

local f

setup(function()
  local files = with_busted([[
return {
  _all = {
    lpath = "./lib/?.lua",
    helper = "helpers/helper.lua",
  },
  default = {
    ROOT = { "tests" },
    pattern = "_check",
    ["exclude-pattern"] = "ignored",
    ["exclude-tags"] = "slow",
    ["filter-out"] = "skipped by",
    verbose = true,
    output = "plainTerminal",
  },
  quick = {
    ROOT = { "tests" },
    pattern = { "_check" },
    tags = { "quick" },
    filter = "thing",
  },
  both = {
    ROOT = { "tests" },
    pattern = "_check",
    filter = { "comes", "runs" },
    ["exclude-tags"] = { "slow" },
  },
}
]])
  files["src_default/src/mod.lua"] = [[return "from src"]]
  files["src_default/spec/mod_spec.lua"] = [[it("loads src", function() assert.are.equal("from src", require("mod")) end)]]
  files["cov/.busted"] = [[return { default = { coverage = true, ["coverage-output"] = "out.lcov" } }]]
  files["cov/src/m.lua"] = "local M = {}\nfunction M.f() return 1 end\nfunction M.g() return 2 end\nreturn M\n"
  files["cov/spec/m_spec.lua"] = [[it("calls f", function() assert.are.equal(1, require("m").f()) end)]]
  files["navkeys/.busted"] = [[return { default = { jobs = 1, timeout = 5, ["memory-limit"] = 64, shard = "1/1" } }]]
  files["navkeys/spec/a_spec.lua"] = [[it("runs", function() end)]]
  f = fixture.new(files)
end)
teardown(function() f:remove() end)

local function both(dir, args)
  local out = f:navlua(dir, args)
  if not fixture.have_busted() then pending("Debian's busted is not installed") end
  return counts(out), counts((f:busted(dir, args)))
end

describe("navlua test reads .busted", function()
  it("the default task: ROOT, pattern, exclude-pattern, exclude-tags, filter-out, lpath, helper, output", function()
    local out, status = f:navlua("p", "")
    assert.are.equal(0, status)
    -- output = "plainTerminal": busted's summary line, not navlua's
    assert.are.equal("4 0 0 0", counts(out))
    local n, b = both("p", "")
    assert.are.equal(b, n)
  end)

  it("--run NAME: a named task, with _all under it", function()
    local n, b = both("p", "--run quick -o plainTerminal")
    assert.are.equal("1 0 0 0", n)
    assert.are.equal(b, n)
    -- "runs" also matches the file `default` excludes
    n, b = both("p", "-r both -o plainTerminal")
    assert.are.equal("3 0 0 0", n)
    assert.are.equal(b, n)
  end)

  it("the command line wins over the task", function()
    local n, b = both("p", "--tags=slow --exclude-tags=quick -o plainTerminal")
    assert.are.equal("1 0 0 0", n)
    assert.are.equal(b, n)
    local out = f:navlua("p", "-o text")
    assert.are.equal("4 passed, 0 failed", fixture.last_line(out))
  end)

  it("-f, --config-file reads another file", function()
    f:write("p/other.busted", [[return { default = { ROOT = { "tests" }, pattern = "other_check" } }]])
    local n, b = both("p", "-f other.busted -o plainTerminal")
    assert.are.equal("1 0 0 0", n)
    assert.are.equal(b, n)
  end)

  it("without .busted, busted's default lpath: ./src first", function()
    local n, b = both("src_default", "-o plainTerminal")
    assert.are.equal("1 0 0 0", n)
    assert.are.equal(b, n)
  end)

  it("coverage = true turns on --coverage", function()
    local out, status = f:navlua("cov", "")
    assert.are.equal(0, status)
    assert.truthy(out:find("coverage: out.lcov (1 file, ", 1, true))
    assert.truthy(f:read("cov/out.lcov"):find("SF:src/m.lua\n", 1, true))
  end)

  it("takes navlua's own keys: jobs, timeout, memory-limit, shard", function()
    local out, status = f:navlua("navkeys", "")
    assert.are.equal(0, status)
    assert.are.equal("1 passed, 0 failed", fixture.last_line(out))
  end)
end)

describe("a malformed .busted", function()
  local cases = {
    { "a syntax error", [[return { default = { ]], ".busted: .busted:1: unexpected symbol near <eof>" },
    { "a runtime error", [[error("broken config")]], ".busted: .busted:1: broken config" },
    { "not a table", [[return 42]], ".busted: expected the file to return a table of tasks, got 42 (number)" },
    { "a task that is not a table", [[return { default = "spec" }]],
      ".busted: task 'default': expected a table of options, got \"spec\"" },
    { "_all not a table", [[return { _all = true }]],
      ".busted: task '_all': expected a table of options, got true (boolean)" },
    { "a flag of the wrong type", [[return { default = { verbose = "yes" } }]],
      ".busted: task 'default', key 'verbose': expected true or false, got \"yes\"" },
    { "a list of the wrong type", [[return { default = { tags = 3 } }]],
      ".busted: task 'default', key 'tags': expected a string or a list of strings, got 3 (number)" },
    { "a list with a hole", [[return { default = { pattern = { "a", 2 } } }]],
      ".busted: task 'default', key 'pattern': expected a string or a list of strings, got a table" },
    { "ROOT of the wrong type", [[return { default = { ROOT = false } }]],
      ".busted: task 'default', key 'ROOT': expected a list of paths, got false (boolean)" },
    { "ROOT a string (busted reads a list)", [[return { default = { ROOT = "spec" } }]],
      ".busted: task 'default', key 'ROOT': expected a list of paths, got \"spec\"" },
    { "a path of the wrong type", [[return { default = { lpath = {} } }]],
      ".busted: task 'default', key 'lpath': expected a string, got a table" },
    { "a number of the wrong type", [[return { default = { ["repeat"] = "twice" } }]],
      ".busted: task 'default', key 'repeat': expected a number, got \"twice\"" },
    { "a seed that is not a whole number", [[return { default = { seed = 2.5 } }]],
      ".busted: task 'default', key 'seed': expected a whole number, got 2.5 (number)" },
    { "a navlua value out of range", [[return { default = { jobs = 0 } }]],
      ".busted: task 'default', key 'jobs': expected a whole number from 1 to 1024, got 0 (number)" },
    { "an unknown key", [[return { default = { colour = true } }]],
      ".busted: task 'default', key 'colour': no such option in busted or navlua" },
    { "a key busted has and navlua does not", [[return { default = { lua = "luajit" } }]],
      ".busted: task 'default', key 'lua': not supported by navlua test: navlua runs the specs in its own Lua 5.4" },
    { "a short name", [[return { default = { o = "TAP" } }]],
      ".busted: task 'default', key 'o': busted reads options by their long name; write 'output'" },
    { "a key only the command line has", [[return { default = { help = true } }]],
      ".busted: task 'default', key 'help': only the command line can set --help" },
    { "a preset that is not built in", [[return { default = { preset = "flutr" } }]],
      ".busted: task 'default', key 'preset': unknown preset 'flutr' (expected one of: uikit, flutter," },
    { "an output handler that does not load", [[return { default = { output = "nosuch" } }]],
      "-o nosuch: not text, tap or a busted output handler that loads" },
  }
  for _, c in ipairs(cases) do
    local name, text, message = c[1], c[2], c[3]
    it(name .. ": exit 2, a message that names the file and the key, nothing run", function()
      f:write("bad/.busted", text)
      f:write("bad/spec/a_spec.lua", [[print("ran"); it("x", function() end)]])
      local out, status, err = f:navlua("bad", "")
      assert.are.equal(2, status)
      assert.are.equal("", out)
      assert.truthy(err:find("navlua: " .. message, 1, true), err)
    end)
  end

  it("an unknown task: names the tasks there are", function()
    f:write("bad/.busted", [[return { default = {}, ci = {}, _all = {} }]])
    local out, status, err = f:navlua("bad", "--run nightly")
    assert.are.equal(2, status)
    assert.are.equal("", out)
    assert.truthy(err:find("navlua: .busted: no task 'nightly' (--run); its tasks: ci, default", 1, true), err)
  end)

  it("a bad key in a task not used is not read", function()
    f:write("bad/.busted", [[return { default = {}, other = { colour = true } }]])
    local _, status = f:navlua("bad", "")
    assert.are.equal(0, status)
  end)
end)
