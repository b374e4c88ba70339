-- Specs of Sources/NavLuaTestRunner/Lua/coverage.lua, the line coverage of
-- `navlua test --coverage`: the executable lines it reads from bytecode,
-- which files it counts, and the records of a run.
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local M = load_embedded("NavLuaTestRunner/Lua/coverage.lua", "=navlua coverage")()

local function sorted(set)
  local list = {}
  for line in pairs(set) do list[#list + 1] = line end
  table.sort(list)
  return list
end

describe("executable lines", function()
  it("are those of every function in the chunk, nested ones included", function()
    local chunk = assert(load(table.concat({
      "local a = 1",          -- 1
      "local function f(x)",  -- 2
      "  if x then",          -- 3
      "    return 1",         -- 4
      "  end",                -- 5
      "  return 2",           -- 6
      "end",                  -- 7
      "",                     -- 8
      "local t = {",          -- 9
      "  g = function(...)",  -- 10
      "    return select('#', ...)", -- 11
      "  end,",               -- 12
      "}",                    -- 13
      "return f, t",          -- 14
    }, "\n"), "=sample"))
    -- a function counts where its closure is made (its last line), not its first
    assert.are.same({ 1, 3, 4, 6, 7, 9, 11, 12, 14 }, sorted(M.lines(chunk)))
  end)

  it("are what the line hook reports when every line runs", function()
    local chunk = assert(load("local n = 0\nfor i = 1, 3 do\n  n = n + i\nend\nreturn n\n", "=loop"))
    local seen = {}
    debug.sethook(function(_, line)
      if debug.getinfo(2, "S").source == "=loop" then seen[line] = true end
    end, "l")
    chunk()
    debug.sethook()
    assert.are.same(sorted(seen), sorted(M.lines(chunk)))
  end)

  it("come from lines far apart too (absolute line information)", function()
    local chunk = assert(load("local a = 1" .. string.rep("\n", 300) .. "return a\n", "=far"))
    assert.are.same({ 1, 301 }, sorted(M.lines(chunk)))
  end)
end)

describe("a file under test", function()
  local cwd = "/home/p"
  local function under(source, patterns, roots)
    return M.under_test(source, cwd, patterns or { "_spec" }, roots or { "spec" })
  end

  it("is a Lua file under the working directory, named as from it", function()
    assert.are.same({ "src/a.lua", "src/a.lua", "a.lua", "lib/x/init.lua" },
                    { under("@src/a.lua"), under("@./src/a.lua"), under("@/home/p/a.lua"), under("@lib/x/init.lua") })
  end)

  it("is not a spec, what lies in a spec folder, outside, or not a file", function()
    assert.are.same({}, { under("@src/a_spec.lua"), under("@spec/helper.lua"), under("@/usr/share/lua/5.4/x.lua"),
                          under("@../x.lua"), under("=stdin"), under("@src/a.moon") })
  end)

  it("may be in the root when the spec folder is '.'", function()
    assert.are.equal("helper.lua", under("@./helper.lua", { "_spec" }, { "." }))
  end)
end)

describe("a recording", function()
  it("counts the lines of the files under test that ran, every executable line listed", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local path = dir .. "/m.lua"
    local f = assert(io.open(path, "w"))
    f:write("local M = {}\nfunction M.on() return 1 end\nfunction M.off() return 2 end\nreturn M\n")
    f:close()
    local ok, lfs = pcall(require, "lfs")
    local old = ok and lfs.currentdir()
    if ok then lfs.chdir(dir) end
    local c = M.start({ patterns = { "_spec" }, roots = { "spec" } })
    local m = dofile("m.lua")
    m.on()
    c:stop()
    if ok then lfs.chdir(old) end
    os.execute("rm -rf " .. dir)
    if not ok then pending("lfs is not installed") end
    assert.are.same({ { "m.lua", "1=1,2=2,3=1,4=1" } }, c:records())
  end)
end)
