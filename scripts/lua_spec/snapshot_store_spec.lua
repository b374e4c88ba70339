-- Specs of Sources/NavLuaTestRunner/Lua/snapshot_store.lua, the module
-- behind navlua.snapshot: its text format, its diff and its store.
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local M = load_embedded("NavLuaTestRunner/Lua/snapshot_store.lua", "=navlua snapshot")()

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function temp_dir()
  local p = io.popen("mktemp -d")
  local dir = p:read("l")
  p:close()
  return dir
end

describe("the text of a value", function()
  it("is a string itself, unchanged and without a newline added", function()
    assert.are.equal("a\nb", M.text("a\nb"))
  end)

  it("gives numbers in the shortest form that reads back the same", function()
    assert.are.equal("100\n", M.text(100))
    assert.are.equal("0.1\n", M.text(0.1))
    assert.are.equal("0.3333333333333333\n", M.text(1 / 3))
    assert.are.equal("1e+300\n", M.text(1e300))
    assert.are.equal("0/0\n1/0\n-1/0\n", M.text(0 / 0) .. M.text(1 / 0) .. M.text(-1 / 0))
  end)

  it("writes nil and booleans as Lua does, and quotes nested strings", function()
    assert.are.equal("nil\n", M.text(nil))
    assert.are.equal("true\n", M.text(true))
    assert.are.equal('{\n  "a\\\nb",\n}\n', M.text({ "a\nb" }))   -- %q's escaped newline
  end)

  it("lists the array part first, then the other keys sorted by type and value", function()
    local text = M.text({ 3, 1, "x", b = { z = 1, 0.1 }, a = true, [true] = 1, [2.5] = 0 / 0,
                          ["a b"] = 1 / 0, c = {} })
    assert.are.equal(table.concat({
      "{",
      "  3,",
      "  1,",
      '  "x",',
      "  [true] = 1,",
      "  [2.5] = 0/0,",
      "  a = true,",
      '  ["a b"] = 1/0,',
      "  b = {",
      "    0.1,",
      "    z = 1,",
      "  },",
      "  c = {},",
      "}",
      "",
    }, "\n"), text)
  end)

  it("is the same for equal tables built in different orders", function()
    local a, b = {}, {}
    for i = 1, 50 do a["k" .. i] = i end
    for i = 50, 1, -1 do b["k" .. i] = i end
    assert.are.equal(M.text(a), M.text(b))
  end)

  it("allows a table twice but names the path of a cycle", function()
    local shared = { 1 }
    assert.has_no.errors(function() M.text({ shared, shared }) end)
    local t = {}
    t.self = t
    assert.has_error(function() M.text({ x = t }) end, "the value refers to itself at value.x.self")
  end)

  it("names the path of a value it cannot store", function()
    assert.has_error(function() M.text({ a = { f = print } }) end, "cannot store a function (at value.a.f)")
    assert.has_error(function() M.text({ { 1, coroutine.create(print) } }) end,
                     "cannot store a thread (at value[1][2])")
  end)
end)

describe("the diff of two texts", function()
  it("shows a changed line with two lines of context on each side", function()
    assert.are.equal(table.concat({
      "--- stored",
      "+++ actual",
      "@@ stored line 2, actual line 2 @@",
      " b",
      " c",
      "-d",
      "+D",
      " e",
      " f",
    }, "\n"), M.diff("a\nb\nc\nd\ne\nf\ng", "a\nb\nc\nD\ne\nf\ng"))
  end)

  it("starts a new hunk after unchanged lines it leaves out", function()
    local old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12"
    local new = "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY\n12"
    assert.are.equal(table.concat({
      "--- stored", "+++ actual",
      "@@ stored line 1, actual line 1 @@", " 1", "-2", "+X", " 3", " 4",
      "@@ stored line 9, actual line 9 @@", " 9", " 10", "-11", "+Y", " 12",
    }, "\n"), M.diff(old, new))
  end)

  it("shows added and removed lines in the order of the texts", function()
    assert.are.equal(table.concat({
      "--- stored", "+++ actual", "@@ stored line 1, actual line 1 @@", " a", "-b", " c", "+d",
    }, "\n"), M.diff("a\nb\nc", "a\nc\nd"))
  end)

  it("stops after 200 lines and says how many more there are", function()
    local old, new = {}, {}
    for i = 1, 300 do old[i], new[i] = "old " .. i, "new " .. i end
    local lines = {}
    for line in (M.diff(table.concat(old, "\n"), table.concat(new, "\n")) .. "\n"):gmatch("(.-)\n") do
      lines[#lines + 1] = line
    end
    assert.are.equal("... (400 more lines)", lines[#lines])
    assert.are.equal(2 + 1 + 200 + 1, #lines)
  end)
end)

describe("a store", function()
  local dir, spec_file
  before_each(function()
    dir = temp_dir()
    spec_file = dir .. "/nav_spec.lua"
  end)
  after_each(function() os.execute("rm -rf '" .. dir .. "'") end)

  it("writes a new snapshot under __snapshots__, then finds it the same", function()
    local path = dir .. "/__snapshots__/nav_spec/first.txt"
    assert.are.same({ "written", path }, { M.new(spec_file, false):check("first", { 1 }, "a test", 2) })
    assert.are.equal("{\n  1,\n}\n", read(path))
    assert.are.same({ "same" }, { M.new(spec_file, false):check("first", { 1 }, "a test", 2) })
  end)

  it("reports a mismatch with a diff, and rewrites it only when updating", function()
    local path = dir .. "/__snapshots__/nav_spec/value.txt"
    M.new(spec_file, false):check("value", "old\n", "t", 2)
    local action, message = M.new(spec_file, false):check("value", "new\n", "t", 2)
    assert.are.equal("mismatch", action)
    assert.are.equal("snapshot 'value' does not match " .. path
      .. " (run with --update-snapshots to accept the new value)\n"
      .. "--- stored\n+++ actual\n@@ stored line 1, actual line 1 @@\n-old\n+new\n ", message)
    assert.are.equal("old\n", read(path))
    assert.are.same({ "updated", path }, { M.new(spec_file, true):check("value", "new\n", "t", 2) })
    assert.are.equal("new\n", read(path))
  end)

  it("refuses a bad name, a missing value, a call outside a test and a name used twice", function()
    local store = M.new(spec_file, false)
    assert.are.same({ "misuse", "navlua.snapshot: 'name' must be a string of letters, digits, '_', '-' and '.'"
      .. " (got 'a b')" }, { store:check("a b", 1, "t", 2) })
    assert.are.same({ "misuse", "navlua.snapshot: 'name' must be a string of letters, digits, '_', '-' and '.'"
      .. " (got 7)" }, { store:check(7, 1, "t", 2) })
    assert.are.same({ "misuse", "navlua.snapshot: 'value' is missing (navlua.snapshot(name, value))" },
                    { store:check("x", nil, "t", 1) })
    assert.are.same({ "misuse", "navlua.snapshot: call it inside a test ('it')" }, { store:check("x", 1, nil, 2) })
    store:check("once", 1, "first test", 2)
    assert.are.same({ "misuse", "navlua.snapshot: the name 'once' is already used in this file by test"
      .. " 'first test'" }, { store:check("once", 1, "second test", 2) })
  end)

  it("stores nil when it is given as the value", function()
    assert.are.equal("written", (M.new(spec_file, false):check("nothing", nil, "t", 2)))
    assert.are.equal("nil\n", read(dir .. "/__snapshots__/nav_spec/nothing.txt"))
  end)

  it("turns a value it cannot store into a misuse naming the path", function()
    assert.are.same({ "misuse", "navlua.snapshot: cannot store a function (at value.f)" },
                    { M.new(spec_file, false):check("f", { f = print }, "t", 2) })
  end)
end)
