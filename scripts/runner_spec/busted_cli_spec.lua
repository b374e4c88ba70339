-- Specs of `navlua test` as a drop-in for busted (manual §11.2): every busted
-- flag navlua takes, each checked against what Debian's busted does with
-- the same command line on the same fixture (the counts of busted's
-- plainTerminal summary line, or the output itself), and the ones it
-- refuses.
--
--   navlua test scripts/runner_spec

local fixture = require("fixture")
local counts = fixture.counts

local files = {
  ["proj/src/calc.lua"] = [[return { add = function(a, b) return a + b end, where = "src" }]],
  ["proj/calc.lua"] = [[return { where = "root" }]],
  ["proj/spec/calc_spec.lua"] = [[
local calc = require("calc")
describe("calc", function()
  it("adds #fast", function() assert.are.equal(3, calc.add(1, 2)) end)
  it("comes from src #fast", function() assert.are.equal("src", calc.where) end)
  it("is slow #slow", function() assert.is_true(true) end)
  it("fails #broken", function() assert.are.equal(1, 2) end)
  pending("is pending")
end)
]],
  ["proj/spec/other_spec.lua"] = [[
describe("other", function()
  it("passes", function() end)
  it("errors #broken", function() error("boom") end)
end)
]],
  ["proj/spec/sub/deep_spec.lua"] = [[
describe("deep", function() it("is found recursively", function() end) end)
]],
  ["proj/spec/util_test.lua"] = [[
describe("util", function() it("matches _test", function() end) end)
]],
  ["proj/spec/order_spec.lua"] = [[
describe("order", function()
  for _, n in ipairs({ "c", "a", "e", "b", "d" }) do
    it(n, function() print("test " .. n) end)
  end
end)
]],
  ["proj/helper/helper.lua"] = [[
HELPER_ARGS = table.concat(arg, ",")
print("helper ran")
]],
  ["proj/helped/helped_spec.lua"] = [[
it("sees the helper's global", function() assert.are.equal("x,y", HELPER_ARGS) end)
]],
  ["proj/lazy/lazy_spec.lua"] = [[
describe("outer", function()
  setup(function() print("setup ran") end)
  describe("empty", function() end)
end)
]],
  ["proj/paths/paths_spec.lua"] = [[
it("sees the paths", function()
  assert.truthy(package.path:find("./lib/?.lua", 1, true), package.path)
  assert.truthy(package.cpath:find("./clib/?.so", 1, true), package.cpath)
end)
]],
  ["proj/globals/a_spec.lua"] = [[it("sets a global", function() rawset(_G, "LEAKED", true) end)]],
  ["proj/globals/b_spec.lua"] = [[it("sees another file's global", function() assert.is_true(LEAKED) end)]],
}

local f

setup(function() f = fixture.new(files) end)
teardown(function() f:remove() end)

-- Runs both tools with `-o plainTerminal ARGS` in `dir`; their counts.
local function both(dir, args)
  local n = counts(f:navlua(dir, "-o plainTerminal " .. args))
  if not fixture.have_busted() then pending("Debian's busted is not installed") end
  local b = counts(f:busted(dir, "-o plainTerminal " .. args))
  return n, b
end

describe("navlua test takes busted's flags", function()
  local cases = {
    { "no flags: ./spec, pattern _spec, recursive, lpath ./src", "", "10 1 1 1" },
    { "-p, --pattern", "--pattern=_test", "1 0 0 0" },
    { "several patterns", "-p _test --pattern deep", "2 0 0 0" },
    { "--exclude-pattern", "--exclude-pattern=calc", "7 0 1 0" },
    { "-t, --tags", "--tags=fast", "2 0 0 0" },
    { "tags, comma-separated and repeated", "-t fast,slow --tags broken", "3 1 1 0" },
    { "--exclude-tags", "--exclude-tags=broken,slow", "9 0 0 1" },
    { "--filter", "--filter=adds", "1 0 0 0" },
    { "--filter PATTERN (a space)", "--filter adds", "1 0 0 0" },
    { "several --filter: any of them", "--filter=adds --filter=deep", "2 0 0 0" },
    { "--filter-out", "--filter-out=calc", "7 0 1 0" },
    { "--filter and --filter-out", "--filter=calc --filter-out=fail", "3 0 0 1" },
    { "tags and filters together", "--tags=fast --filter=adds", "1 0 0 0" },
    { "-R, --no-recursive", "--no-recursive", "9 1 1 1" },
    { "-k, --no-keep-going", "--no-keep-going", nil },
    { "--keep-going", "--keep-going", "10 1 1 1" },
    { "--suppress-pending", "--suppress-pending", "10 1 1 0" },
    { "-v, --verbose", "-v", "10 1 1 1" },
    { "--defer-print", "--defer-print", "10 1 1 1" },
    { "--sort", "--sort", "10 1 1 1" },
    { "--shuffle --seed", "--shuffle --seed=42", "10 1 1 1" },
    { "--repeat", "--repeat=2", "10 1 1 1" },
    { "-m, --lpath: replaces ./src", "-m ./nowhere/?.lua", "8 2 2 1" },
    { "--loaders", "--loaders=lua", "10 1 1 1" },
    { "--lang", "--lang=de", nil },
    { "--ignore-lua", "--ignore-lua", "10 1 1 1" },
    { "ROOT paths", "spec/sub spec/other_spec.lua", "2 0 1 0" },
    { "--", "-- spec/sub", "1 0 0 0" },
  }
  for _, c in ipairs(cases) do
    local name, args, expected = c[1], c[2], c[3]
    it(name .. ": the same counts as busted", function()
      local n, b = both("proj", args)
      assert.are.equal(b, n)
      if expected then assert.are.equal(expected, n) end
    end)
  end

  it("--lpath and --cpath reach package.path and package.cpath", function()
    local n, b = both("proj", "--lpath=./lib/?.lua --cpath=./clib/?.so paths")
    assert.are.equal("1 0 0 0", n)
    assert.are.equal(b, n)
  end)

  it("--helper runs once before the specs, with -Xhelper as its arg", function()
    local out, status = f:navlua("proj", "--helper=helper/helper.lua -Xhelper x,y helped")
    assert.are.equal(0, status)
    assert.are.equal(1, select(2, out:gsub("helper ran", "")))
    local n, b = both("proj", "--helper=helper/helper.lua -Xhelper x,y helped")
    assert.are.equal("1 0 0 0", n)
    assert.are.equal(b, n)
  end)

  it("a helper that fails stops the run with busted's message", function()
    local out, status, err = f:navlua("proj", "--helper=helper/missing.lua")
    assert.are.equal(1, status)
    assert.are.equal("", out)
    assert.truthy(err:find("failed running the specified helper (helper/missing.lua)", 1, true))
  end)

  it("-e runs a statement once, before the specs, in every file's state", function()
    local out, status = f:navlua("proj", "-e 'HELPER_ARGS = \"x,y\"' -e 'print(\"statement ran\")' helped")
    assert.are.equal(0, status)
    assert.truthy(out:find("statement ran", 1, true))
    local n, b = both("proj", "-e 'HELPER_ARGS = \"x,y\"' helped")
    assert.are.equal(b, n)
  end)

  it("--lazy makes setup lazy: a block without tests runs none", function()
    local out = f:navlua("proj", "lazy")
    assert.truthy(out:find("setup ran", 1, true))
    out = f:navlua("proj", "--lazy lazy")
    assert.is_nil(out:find("setup ran", 1, true))
  end)

  it("--no-auto-insulate: files share one Lua state, as under busted", function()
    local n, b = both("proj", "globals")
    assert.are.equal("1 1 0 0", n)
    assert.are.equal(b, n)
    n, b = both("proj", "--no-auto-insulate globals")
    assert.are.equal("2 0 0 0", n)
    assert.are.equal(b, n)
  end)

  it("-l, --list prints what busted prints and runs nothing", function()
    local out, status = f:navlua("proj", "--list")
    assert.are.equal(0, status)
    assert.is_nil(out:find("passed", 1, true))
    assert.truthy(out:find("spec/calc_spec.lua:3: calc adds #fast\n", 1, true))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    assert.are.equal(f:busted("proj", "--list"), out)
    assert.are.equal(f:busted("proj", "-l --tags=fast"), (f:navlua("proj", "-l --tags=fast")))
  end)

  it("--sort orders files and tests by name, as busted does", function()
    local out = f:navlua("proj", "--sort -o plainTerminal spec/order_spec.lua")
    assert.truthy(out:find("test a\n.*test b\n.*test c\n.*test d\n.*test e\n"))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    assert.are.equal((f:busted("proj", "--sort -o plainTerminal spec/order_spec.lua"):gsub("[%d.]+ seconds", "")),
                     (out:gsub("[%d.]+ seconds", "")))
  end)

  it("--shuffle with --seed gives busted's order, and the same one again", function()
    local args = "--shuffle --seed=7 -o plainTerminal spec/order_spec.lua"
    local function untimed(text) return (text:gsub("[%d.]+ seconds", "")) end
    local one = untimed(f:navlua("proj", args))
    assert.are.equal(one, untimed(f:navlua("proj", args)))
    assert.is_nil(one:find("test c\n.*test a\n.*test e\n.*test b\n.*test d\n"))
    if not fixture.have_busted() then pending("Debian's busted is not installed") end
    local function order(text) return (text:gsub("[^\n]*seconds\n", ""):gsub("[+%-*.]", "")) end
    assert.are.equal(order(untimed(f:busted("proj", args))), order(one))
  end)

  it("--shuffle in the text output says the seed that replays it", function()
    local out = f:navlua("proj", "--shuffle --seed=7 spec/order_spec.lua")
    assert.truthy(out:find("files shuffled with seed 7 (--seed 7 replays the order)", 1, true))
    assert.truthy(out:find("random order: seed 7 (--seed 7 replays it)", 1, true))
  end)

  it("--repeat runs the suite again, as busted says", function()
    local out, status = f:navlua("proj", "--repeat 2 spec/sub")
    assert.are.equal(0, status)
    assert.truthy(out:find("Repeating all tests (run 1 of 2)", 1, true))
    assert.truthy(out:find("Repeating all tests (run 2 of 2)", 1, true))
    assert.are.equal("2 passed, 0 failed", fixture.last_line(out))
  end)

  it("--version prints busted's version", function()
    local out, status = f:navlua("proj", "--version")
    assert.are.equal(0, status)
    assert.truthy(out:match("^%d+%.%d+%.%d+\n$"))
    if fixture.have_busted() then assert.are.equal(f:busted("proj", "--version"), out) end
  end)

  it("-h, --help lists the options", function()
    local out, status = f:navlua("proj", "--help")
    assert.are.equal(0, status)
    for _, flag in ipairs({ "--pattern", "--exclude-pattern", "--tags", "--filter-out", "--lpath", "--cpath",
                            "--helper", "--run", "--repeat", "--seed", "]shuffle", "]sort", "--list",
                            "]coverage", "--jobs", "--shard", "--timeout", "--memory-limit", "--html DIR" }) do
      assert.truthy(out:find(flag, 1, true), flag)
    end
    assert.are.equal(out, (f:navlua("proj", "-h")))
  end)

  it("-C, --directory runs in another folder, each relative to the one before", function()
    local out, status = f:navlua(".", "-C proj -C spec/.. spec/sub")
    assert.are.equal(0, status)
    assert.are.equal("1 passed, 0 failed", fixture.last_line(out))
  end)
end)

describe("navlua test refuses what it does not do", function()
  it("--output FILE without -o: names --output as typed and says how to write a report to a file", function()
    for _, args in ipairs({ "--output r2.txt", "--output=r2.txt" }) do
      local out, status, err = f:navlua("proj", args)
      assert.are.equal(2, status, args)
      assert.are.equal("", out)
      assert.truthy(err:find("navlua: --output r2.txt: not text, tap or a busted output handler that loads (", 1, true),
                    err)
      assert.truthy(err:find("; --output alone names the output format, as in busted: to write the report to a"
                             .. " file, give -o FORMAT --output FILE\nTry 'navlua test --help'.\n", 1, true), err)
      assert.is_nil(f:read("proj/r2.txt"))
    end
    -- which is what writes it
    local out = f:navlua("proj", "-o tap --output r2.txt")
    assert.matches("^TAP version 13\n", f:read("proj/r2.txt"))
    assert.matches("%d+ passed, %d+ failed", fixture.last_line(out))
    os.remove(f.root .. "/proj/r2.txt")
  end)

  local cases = {
    { "--lua=luajit", "--lua is not supported by navlua test: navlua runs the specs in its own Lua 5.4" },
    { "--coverage-config-file=x", "--coverage-config-file is not supported by navlua test" },
    { "--exit", "unknown test option '--exit'" },
    { "--bogus", "unknown test option '--bogus'" },
    { "--no-list", "--no-list: --list cannot be negated" },
    { "--list=yes", "--list takes no value" },
    { "--tags", "--tags needs a value" },
    { "--repeat=x", "--repeat must be a number (got 'x')" },
    { "--seed=x", "--seed must be a number (got 'x')" },
    -- math.randomseed takes integers: such a seed ran no file and passed
    { "--seed=2.5", "--seed must be a whole number (got '2.5')" },
    { "--seed=1e19", "--seed must be a whole number (got '1e19')" },
    { "--seed=-1e308", "--seed must be a whole number (got '-1e308')" },
    { "--repeat=0", "--repeat: --repeat must be a whole number from 1" },
    { "--tags=a --exclude-tags=a", "the tag 'a' is in both --tags and --exclude-tags" },
    { "--loaders=lua,python", "--loaders: busted has no file loader 'python'" },
    { "--lang=xx", "--lang: busted has no language 'xx'" },
    { "-o nosuchhandler", "-o nosuchhandler: not text, tap or a busted output handler that loads" },
    { "--pattern='[a'", "--pattern: malformed pattern (missing ']')" },
    { "--filter-out='%'", "--filter-out: malformed pattern (ends with '%')" },
    { "-C nowhere", "--directory: cannot change to 'nowhere'" },
    { "-f missing.busted", "--config-file: no such file: 'missing.busted'" },
    { "--run=ci", "--run ci: there is no .busted file" },
    { "--preset flutr", "navlua: --preset: unknown preset 'flutr' (expected one of: uikit, flutter, react_navigation, ios26, swiftui, native_stack, android;"
      .. " --preset names a built-in preset)\n" },
    { "nonexistent_spec.lua", "navlua: no such file or folder: 'nonexistent_spec.lua'\n" },
    { "spec nowhere/", "navlua: no such file or folder: 'nowhere/'\n" },
    { "-Xoutput --plain", "-Xoutput: -Xoutput is for busted's output handlers (-o NAME), not for navlua's -o text" },
    { "-s -o tap", "-s: -s, --enable-sound is for busted's output handlers (-o NAME), not for navlua's -o tap" },
  }
  for _, c in ipairs(cases) do
    local args, message = c[1], c[2]
    it(args .. ": exit 2, a message, nothing run", function()
      local out, status, err = f:navlua("proj", args)
      assert.are.equal(2, status)
      assert.are.equal("", out)
      if not message:find("^navlua: ") then message = "navlua: " .. message end
      assert.truthy(err:find(message, 1, true), err)
      assert.truthy(err:find("Try 'navlua test --help'.", 1, true))
    end)
  end
end)
