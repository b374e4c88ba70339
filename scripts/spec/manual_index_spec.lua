-- docs/manual.md §14: the index of every Lua function and command-line
-- option is made from their declarations by scripts/manual_index.lua; this
-- fails when a function or an option was added, renamed or moved and the
-- index was not made again, or when one is not in the manual at all.

local P = require "support.process"

describe("the manual's index and option tables", function()
  it("is current, and every function and option in it has a section", function()
    local out, err, status = P.sh(P.quote(P.binary()) .. " run scripts/manual_index.lua --check")
    assert.are.equal(0, status, err)
    assert.matches("index current: %d+ functions, %d+ options, 0 not in the manual", out)
  end)
end)

-- Issue 39 item 10: each command's options are declared once, beside its
-- parser; its usage text and its table in the manual are made from them.
describe("the options of each command", function()
  after_each(P.cleanup)

  local function declared(args)
    local out, err, status = P.navlua(args)
    assert.are.equal(0, status, err)
    local list = {}
    for name, argument in out:gmatch("([^\t\n]+)\t([^\t\n]*)\t[^\n]*") do list[#list + 1] = {name, argument} end
    assert.is_true(#list >= 3, args .. ": " .. out)
    return list
  end

  it("are in the command's usage text, as declared, and each command answers --help", function()
    local cases = {
      {"--declared-options run", {"--help", "run --help", "repl --help"}},
      {"--declared-options touches import", {"touches import --help"}},
      {"explore --declared-options", {"explore --help"}},
    }
    for _, case in ipairs(cases) do
      for _, help in ipairs(case[2]) do
        local out, err, status = P.navlua(help)
        assert.are.equal(0, status, help .. ": " .. err)
        for _, o in ipairs(declared(case[1])) do
          assert.matches("\n  " .. o[1] .. " " .. o[2] .. "  ", out, nil, true)
        end
      end
    end
  end)

  it("make the manual's tables: a table edited by hand fails the check", function()
    local dir = P.tempdir()
    for _, path in ipairs{"docs/manual.md", "types/navlua.lua", "scripts/manual_index.lua",
                          "Sources/NavLuaTestRunner/Lua/test_options.lua"} do
      os.execute("mkdir -p " .. P.quote(dir .. "/" .. path:match("^(.*)/")))
      P.write(dir .. "/" .. path, assert(P.read(path)))
    end
    local manual = P.read("docs/manual.md")
    local edited, n = manual:gsub("| `%-%-memory%-limit MB` | end the script", "| `--memory-limit MB` | stop the script", 1)
    assert.are.equal(1, n)
    P.write(dir .. "/docs/manual.md", edited)
    local _, err, status = P.sh("cd " .. P.quote(dir) .. " && NAVLUA=" .. P.quote(P.binary()) .. " "
                                .. P.quote(P.binary()) .. " run scripts/manual_index.lua --check")
    assert.are.equal(1, status)
    assert.matches("index or option tables are not current", err, nil, true)
  end)
end)
