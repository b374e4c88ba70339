-- Specs of Sources/NavLuaTestRunner/Lua/test_options.lua: busted's command
-- line and .busted as `navlua test` reads them (the whole runner, busted
-- and all, is specced through the binary in scripts/runner_spec).
--
--   navlua test scripts/lua_spec

local load_embedded = require("embedded_lua")
local M = load_embedded("NavLuaTestRunner/Lua/test_options.lua", "=navlua test options")()

local dir
setup(function()
  local p = io.popen("mktemp -d")
  dir = p:read("l")
  p:close()
end)
teardown(function()
  if dir and dir:match("^/tmp/") then os.execute("rm -rf '" .. dir .. "'") end
end)

local function write(name, text)
  local f = assert(io.open(dir .. "/" .. name, "w"))
  f:write(text)
  f:close()
  return dir .. "/" .. name
end

local function parse(args, busted_text)
  if busted_text then
    write(".busted", busted_text)
    table.insert(args, 1, "--directory=" .. dir)
  end
  return M.parse(args)
end

describe("the command line", function()
  it("takes --key=value, --key value, -k value and -k=value", function()
    local given = M.parse_command_line({ "--tags=a", "--tags", "b", "-t", "c", "-t=d" })
    assert.are.same({ "a", "b", "c", "d" }, given.tags)
  end)

  it("splits list options at commas, as busted's fixupList does", function()
    assert.are.same({ "a", "b", "", "c" }, M.parse_command_line({ "--exclude-tags=a,b,,c" })["exclude-tags"])
  end)

  it("appends repeated patterns and joins repeated paths with ';'", function()
    local given = M.parse_command_line({ "-p", "x", "--pattern=y", "-m", "a/?.lua", "--lpath=b/?.lua" })
    assert.are.same({ "x", "y" }, given.pattern)
    assert.are.equal("a/?.lua;b/?.lua", given.lpath)
  end)

  it("takes each -C relative to the one before", function()
    assert.are.equal("a/c", M.parse_command_line({ "-C", "a/b", "-C", "../c" }).directory)
  end)

  it("sets flags, negates the negatable ones, and lets --shuffle and --sort set two each", function()
    local given = M.parse_command_line({ "--no-keep-going", "-v", "--shuffle", "--no-shuffle-tests", "--sort" })
    assert.are.same({ false, true, true, false, true, true },
                    { given["keep-going"], given.verbose, given["shuffle-files"], given["shuffle-tests"],
                      given["sort-files"], given["sort-tests"] })
  end)

  it("keeps paths, also after --, and '-' as a path", function()
    local _, _, roots = M.parse_command_line({ "spec", "-", "--", "--tags" })
    assert.are.same({ "spec", "-", "--tags" }, roots)
  end)

  it("reads -o as the format, and --output after -o as the report's file", function()
    local given = M.parse_command_line({ "--output", "TAP" })
    assert.are.equal("TAP", given.output)
    given = M.parse_command_line({ "--output", "report.xml", "-o", "junit" })
    assert.are.same({ "junit", "report.xml" }, { given.output, given["report-file"] })
  end)

  it("checks navlua's own values", function()
    assert.are.same({ 3, { 2, 4 }, 0.5, 64.0 }, (function()
      local g = M.parse_command_line({ "-j", "3", "--shard", "2/4", "--timeout", "0.5", "--memory-limit", "64" })
      return { g.jobs, g.shard, g.timeout, g["memory-limit"] }
    end)())
    assert.are.same({ nil, "--jobs must be a whole number from 1 to 1024 (got '0')" },
                    { M.parse_command_line({ "--jobs", "0" }) })
    assert.are.same({ nil, "--shard must be K/N with 1 <= K <= N (got '3/2')" },
                    { M.parse_command_line({ "--shard", "3/2" }) })
  end)

  it("reads --html DIR, from the command line and from .busted", function()
    assert.are.equal("out/replays", M.parse_command_line({ "--html", "out/replays" }).html)
    assert.are.same({ nil, "--html needs a value" }, { M.parse_command_line({ "--html=" }) })
    local o = parse({}, [[return { default = { html = "replays" } }]])
    assert.are.same({ "replays", dir .. "/.busted: task 'default', key 'html'" }, { o.html, o.origin.html })
    assert.truthy(M.encode(o):find("\nhtml\treplays\n", 1, true))
    local _, problem = parse({}, [[return { default = { html = 3 } }]])
    assert.are.equal(dir .. "/.busted: task 'default', key 'html': expected a string, got 3 (number)", problem)
  end)

  it("refuses what it does not know or support, with a reason", function()
    for args, message in pairs({
      ["--exit"] = "unknown test option '--exit'",
      ["-x"] = "unknown test option '-x'",
      ["--lua=luajit"] = "--lua is not supported by navlua test: navlua runs the specs in its own Lua 5.4",
      ["--no-list"] = "--no-list: --list cannot be negated",
      ["--verbose=1"] = "--verbose takes no value (got '--verbose=1')",
      ["--helper"] = "--helper needs a value",
      ["--filter="] = "--filter needs a value",
      ["--repeat=two"] = "--repeat must be a number (got 'two')",
    }) do
      assert.are.same({ nil, message }, { M.parse_command_line({ args }) })
    end
  end)
end)

describe("the configuration", function()
  it("has every busted default without a .busted", function()
    local o = parse({ "--directory=/nonexistent" })
    assert.are.same({ "_spec" }, o.pattern)
    assert.are.equal("./src/?.lua;./src/?/?.lua;./src/?/init.lua", o.lpath)
    assert.are.equal("./csrc/?.so;./csrc/?/?.so;", o.cpath)
    assert.are.same({ "lua", "moonscript" }, o.loaders)
    assert.are.same({ true, true, false, 1, "en", "text" },
                    { o["keep-going"], o.recursive, o.verbose, o["repeat"], o.lang, o.output })
  end)

  it("takes the default task, with _all under it, and the command line over both", function()
    local o = parse({ "--tags=cli" }, [[return {
      _all = { lpath = "./all/?.lua", verbose = true, tags = "all" },
      default = { lpath = "./default/?.lua", tags = { "default" }, ["exclude-tags"] = "x,y" },
    }]])
    assert.are.equal("./default/?.lua", o.lpath)
    assert.is_true(o.verbose)
    assert.are.same({ "cli" }, o.tags)
    assert.are.same({ "x", "y" }, o["exclude-tags"])
    assert.are.equal(dir .. "/.busted: task 'default', key 'lpath'", o.origin.lpath)
    assert.are.equal("--tags", o.origin.tags)
  end)

  it("takes the task --run names instead of default", function()
    local o = parse({ "--run", "ci" }, [[return { default = { output = "TAP" }, ci = { output = "junit" } }]])
    assert.are.equal("junit", o.output)
  end)

  it("lets a task's specific key win over its shuffle or sort", function()
    local o = parse({}, [[return { default = { shuffle = true, ["shuffle-tests"] = false } }]])
    assert.are.same({ true, false }, { o["shuffle-files"], o["shuffle-tests"] })
  end)

  it("takes ROOT and navlua's own keys from a task", function()
    local o = parse({}, [[return { default = { ROOT = { "tests", "more" }, jobs = 2, timeout = "1.5",
                                               shard = "1/2", ["update-snapshots"] = true } }]])
    assert.are.same({ { "tests", "more" }, 2, 1.5, { 1, 2 }, true },
                    { o.ROOT, o.jobs, o.timeout, o.shard, o["update-snapshots"] })
  end)

  it("reads -f FILE instead of .busted", function()
    local path = write("other.busted", [[return { default = { pattern = "_check" } }]])
    assert.are.same({ "_check" }, M.parse({ "-f", path }).pattern)
  end)

  it("names the file, the task and the key of a bad value", function()
    local o, problem = parse({}, [[return { default = { ["filter-out"] = { 1 } } }]])
    assert.is_nil(o)
    assert.are.equal(dir .. "/.busted: task 'default', key 'filter-out': expected a string or a list of strings,"
                     .. " got a table", problem)
  end)

  it("names the tasks there are for an unknown --run", function()
    local _, problem = parse({ "--run=nope" }, [[return { default = {}, a = {}, b = {}, _all = {}, c = 1 }]])
    assert.are.equal(dir .. "/.busted: no task 'nope' (--run); its tasks: a, b, default", problem)
  end)
end)

describe("what the Swift side reads", function()
  it("is one line a value, lists item by item, then where each came from", function()
    local text = M.encode({ tags = { "a", "b" }, e = {}, jobs = 2, shard = { 1, 3 }, verbose = false,
                            origin = { tags = "--tags" } })
    assert.are.equal("e\njobs\t2\nshard\t1/3\ntags\ta\ntags\tb\nverbose\tfalse\norigin\ttags\t--tags\n", text)
  end)

  it("escapes tabs, newlines and backslashes", function()
    assert.are.equal("filter\ta\\tb\\nc\\\\\n", M.encode({ filter = { "a\tb\nc\\" }, origin = {} }))
  end)
end)

describe("the help", function()
  it("lists every option", function()
    local help = M.help()
    for _, spec in ipairs(M.specs) do
      local name = spec.long == false and "-" .. spec.short or spec.name
      assert.truthy(help:find(name, 1, true), name)
    end
  end)
end)

describe("paths", function()
  it("are normalized as pl.path does", function()
    assert.are.same({ "a/c", ".", "/x", "../b", "spec" },
                    { M.normpath("a/./b/../c"), M.normpath("./"), M.normpath("/../x"), M.normpath("../b"),
                      M.normpath("./spec/") })
  end)
end)
