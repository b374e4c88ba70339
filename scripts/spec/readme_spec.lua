-- README.md is the front door (issue 39 item 10): its snippets must run as
-- a new user pastes them, and what it says they print is what they print.
-- Each ```lua block of the README runs in a file of its own through the
-- real binary; a line `code --> TEXT` says TEXT is a line of the output
-- (spaces and tabs alike; a trailing "(...)" is a note, not output). Its
-- commands and links are checked the same way: each `navlua ...` command
-- of the seeds' table runs, and each relative link reaches a file (and
-- an anchor that file has).

local P = require "support.process"

after_each(P.cleanup)

local README = P.read("README.md")

-- Text with runs of spaces and tabs made one space, trimmed.
local function squeeze(s) return (s:gsub("[ \t]+", " "):gsub("^ ", ""):gsub(" $", "")) end

local function blocks(text, language)
  local out = {}
  for body in text:gmatch("\n```" .. language .. "\n(.-)\n```") do out[#out + 1] = body end
  return out
end

describe("the README", function()
  it("has at least one Lua snippet, and every one runs and prints what its --> comments say", function()
    local snippets = blocks(README, "lua")
    assert.is_true(#snippets >= 1)
    for i, code in ipairs(snippets) do
      local script = P.script(code, "readme_" .. i .. ".lua")
      local out, err, status = P.navlua("run " .. P.quote(script))
      assert.are.equal(0, status, "README snippet " .. i .. ": " .. err)
      local lines = {}
      for line in out:gmatch("[^\n]+") do lines[squeeze(line)] = true end
      for expected in code:gmatch("%-%->([^\n]*)") do
        expected = squeeze(expected:gsub("%s%(.*%)%s*$", ""))
        assert.is_true(lines[expected] ~= nil,
                       ("README snippet %d says it prints '%s'; it printed:\n%s"):format(i, expected, out))
      end
    end
  end)

  it("runs each command of the seeds' table from the repository's root", function()
    local section = README:match("## The seeds side by side(.-)\n## ")
    assert.is_truthy(section)
    local commands = 0
    for command, rest in section:gmatch("`navlua (%a+ scripts/examples/[%w_/]+%.lua)`") do
      commands = commands + 1
      local _, err, status = P.navlua(command)
      -- an explore file exits 1 with the script it found (its purpose)
      local expected = command:match("^explore ") and 1 or 0
      assert.are.equal(expected, status, command .. ": " .. err)
      if expected == 1 then assert.matches("shrunk to", err, nil, true) end
    end
    assert.is_true(commands >= 7, "the seeds' table names " .. commands .. " commands")
  end)

  it("links only to files and anchors that exist", function()
    for _, page in ipairs{"README.md", "docs/manual.md"} do
      local text = P.read(page)
      local dir = page:match("^(.*)/") or "."
      for target in text:gmatch("%]%(([^)%s]+)%)") do
        if not target:match("^%a+:") then
          local path, anchor = target:match("^([^#]*)#?(.*)$")
          local file = path == "" and page or dir .. "/" .. path
          local linked = P.read(file)
          assert.is_truthy(linked or os.execute("test -d " .. P.quote(file)), page .. ": no file for " .. target)
          if anchor ~= "" and linked then
            assert.is_truthy(linked:find('<a id="' .. anchor .. '"></a>', 1, true),
                             page .. ": " .. file .. " has no anchor '" .. anchor .. "'")
          end
        end
      end
    end
  end)
end)
