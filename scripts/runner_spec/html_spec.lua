-- Specs of `navlua test --html DIR` (SPEC §13, manual §11): one HTML
-- replay per failing test, named after its file and test, named in the
-- text, TAP and JUnit reports; nothing for the tests that pass or are
-- pending, and no recording at all without --html.
--
--   navlua test scripts/runner_spec/html_spec.lua

local fixture = require("fixture")
local quote = fixture.quote

local f

-- Two files: two tests pass, two fail (an assertion after a swipe, an
-- error), one is pending. Each passing test prints whether the child has
-- the replay writer, which exists only with --html (FailureReplays
-- installs it and the frame recorder together).
local probe = [[print("replay writer: " .. type(debug.getregistry()["navlua test replay"]))]]

local push_spec = [[
describe("push", function()
  it("pushes", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.settle()
    assert.are.equal(2, nav.count)
    ]] .. probe .. [[

  end)
  it("stays after a swipe (it pops)", function()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    nav:push(navlua.screen{title = "B"})
    navlua.settle()
    navlua.drag{from = {100, 400}, by = {300, 0}, duration = 0.25}
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)
end)
]]
local sheet_spec = [[
describe("sheet", function()
  it("opens", function() ]] .. probe .. [[ end)
  it("errors › on purpose", function() local t = nil; return t.field end)
  pending("is pending")
end)
]]

setup(function()
  f = fixture.new({
    ["suite/spec/push_spec.lua"] = push_spec,
    ["suite/spec/sheet_spec.lua"] = sheet_spec,
    -- the same suite, for the run without --html
    ["bare/spec/push_spec.lua"] = push_spec,
    ["bare/spec/sheet_spec.lua"] = sheet_spec,
    -- same base names in two folders, same test names, a long name, and
    -- bytes a file name should not have
    ["names/spec/a/same_spec.lua"] = [[
it("x", function() error("1") end)
it("x", function() error("2") end)
it("x 2", function() error("3") end)
it("]] .. string.rep("long ", 60) .. [[", function() error("4") end)
it("ünïcode / and spaces", function() error("5") end)
]],
    ["names/spec/b/same_spec.lua"] = [[
it("x", function() error("6") end)
]],
    ["names/afile"] = "",
    -- html from .busted, as a key of its task
    ["config/.busted"] = [[return { default = { html = "from_config" } }]],
    ["config/spec/c_spec.lua"] = [[it("fails", function() error("x") end)]],
    -- frames: a failing test's replay holds every frame of its run (its
    -- file is run again with a recorder), a passing one records nothing
    ["frames/spec/frames_spec.lua"] = [[
it("records nothing while it passes", function()
  navlua.navigation{root = navlua.screen{title = "A"}}
  navlua.tick(30)
  -- without a recorder navlua.html starts one, and writes this frame alone;
  -- "ran" is there when the file runs again for a replay, with a recorder
  local ran = io.open("ran")
  if ran then ran:close() end
  navlua.html(ran and "second.html" or "first.html")
end)
it("fails after a push", function()
  local nav = navlua.navigation{root = navlua.screen{title = "A"}}
  nav:push(navlua.screen{title = "B"})
  navlua.settle()
  navlua.drag{from = {100, 400}, by = {60, 0}, hold = 0.1}
  navlua.settle()
  error("at frame " .. navlua.frame())
end)
it("fails the first time it runs only", function()
  local ran = io.open("ran")
  if ran then ran:close() return end
  io.open("ran", "w"):close()
  error("first run")
end)
]],
    -- the pipes a program started by a spec holds: none more with --html
    -- (the notes' pipe is close-on-exec), so a program left running does
    -- not hold the file's end
    ["fds/spec/fds_spec.lua"] = [[
it("lists its pipes, then fails", function()
  -- the first run's count (the file runs again for its replay)
  local out = os.getenv("FDS_OUT") or "fds.txt"
  os.execute("[ -e " .. out .. " ] || ls -l /proc/$$/fd 2>/dev/null | grep -c pipe: > " .. out)
  error("on purpose")
end)
]],
    -- a snapshot the second run would change
    ["snap/spec/snap_spec.lua"] = [[
local function bump()
  local f = io.open("counter")
  local n = f and tonumber(f:read("a")) or 0
  if f then f:close() end
  f = io.open("counter", "w") f:write(tostring(n + 1)) f:close()
  return n + 1
end
it("fails", function() assert.are.equal(1, 2) end)
it("snapshots a value of its run", function() navlua.snapshot("value", "run " .. bump()) end)
]],
    -- a spec that changes the working directory, then fails
    ["cd/spec/cd_spec.lua"] = [[
it("changes directory and fails", function()
  assert(require("lfs").chdir("elsewhere"))
  error("on purpose")
end)
]],
    ["cd/elsewhere/.keep"] = "",
    -- a file that runs past --timeout: no second run
    ["late/spec/late_spec.lua"] = [[
it("fails at once", function() error("on purpose") end)
it("spins", function() while true do end end)
]],
    -- a test that takes the folder away before it fails
    ["gone/spec/gone_spec.lua"] = [[
it("removes the folder, then fails", function()
  assert(os.remove("replays"))
  error("on purpose")
end)
]],
  })
end)
teardown(function() f:remove() end)

-- The names in folder `dir` of the fixture, sorted.
local function listing(dir)
  local p = io.popen("ls -1A " .. quote(f.root .. "/" .. dir) .. " 2>/dev/null")
  local names = {}
  for line in p:lines() do names[#names + 1] = line end
  p:close()
  table.sort(names)
  return names
end

-- An HTML file read by Python's html.parser: its <title>, and the tags
-- opened and not closed (void elements aside); nil when it has no <html>.
local function outline(path)
  local script = [[
import sys
from html.parser import HTMLParser
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.open = []; self.title = None; self.seen = set(); self.in_title = False
    def handle_starttag(self, tag, attrs):
        self.seen.add(tag)
        if tag == "title": self.in_title = True; self.title = ""
        if tag not in VOID: self.open.append(tag)
    def handle_endtag(self, tag):
        if tag == "title": self.in_title = False
        if tag in self.open:
            while self.open.pop() != tag: pass
    def handle_data(self, data):
        if self.in_title: self.title += data
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read()); p.close()
print("html" in p.seen and "head" in p.seen and "body" in p.seen)
print(p.title)
print(" ".join(p.open))
]]
  local p = io.popen("/usr/bin/python3 -c " .. quote(script) .. " " .. quote(path))
  local ok, title, open = p:read("l"), p:read("l"), p:read("l")
  p:close()
  if ok ~= "True" then return nil end
  return { title = title, open = open }
end

local expected = { "push_spec--push-stays-after-a-swipe-it-pops.html", "sheet_spec--sheet-errors-on-purpose.html" }

describe("navlua test --html DIR", function()
  it("writes one replay per failing test, named after its file and test, each a whole HTML page", function()
    local out, status = f:navlua("suite", "--html out/replays")
    assert.are.equal(1, status, out)
    assert.are.equal("2 passed, 2 failed, 1 skipped", fixture.last_line(out))
    assert.are.same(expected, listing("suite/out/replays"))
    local titles = {
      ["push_spec--push-stays-after-a-swipe-it-pops.html"] = "spec/push_spec.lua › push stays after a swipe (it pops)",
      ["sheet_spec--sheet-errors-on-purpose.html"] = "spec/sheet_spec.lua › sheet errors › on purpose",
    }
    for name, title in pairs(titles) do
      local page = outline(f.root .. "/suite/out/replays/" .. name)
      assert.is_table(page, name)
      assert.are.equal(title, page.title)
      assert.are.equal("", page.open, name .. " leaves tags open")
    end
  end)

  it("names each replay under its failure in the text report", function()
    local out = f:navlua("suite", "--html out/text")
    -- the line follows the failure's message and traceback, before the next case
    assert.truthy(out:find("  FAIL push stays after a swipe %(it pops%)  spec/push_spec.lua:%d+\n"
                           .. "    spec/push_spec.lua:%d+: Expected objects to be equal.\n.-"
                           .. "\n    replay: out/text/push_spec%-%-push%-stays%-after%-a%-swipe%-it%-pops%.html\n"), out)
    assert.truthy(out:find("  FAIL sheet errors › on purpose  spec/sheet_spec.lua:%d+\n"
                           .. "    spec/sheet_spec.lua:%d+: attempt to index a nil value.-"
                           .. "\n    replay: out/text/sheet_spec%-%-sheet%-errors%-on%-purpose%.html\n"), out)
    local _, lines = out:gsub("replay: ", "")
    assert.are.equal(2, lines)
    assert.truthy(out:find("replay writer: function", 1, true))
  end)

  it("points to each replay from the failing <testcase> of JUnit, and from TAP", function()
    local out = f:navlua("suite", "-o junit --output junit.xml --html out/junit")
    -- the text report on stdout still names them
    assert.truthy(out:find("    replay: out/junit/push_spec--push-stays-after-a-swipe-it-pops.html\n", 1, true), out)
    local xml = f:read("suite/junit.xml")
    local cases = {}   -- name -> its <testcase> up to the next one
    for piece in (xml:gsub("<testcase", "\1<testcase")):gmatch("\1([^\1]*)") do
      cases[piece:match("^<testcase[^>]- name='([^']*)'")] = piece
    end
    for _, name in ipairs(expected) do
      local path = "out/junit/" .. name
      local found = false
      for _, body in pairs(cases) do
        if body:find("<system-out>replay: " .. path .. "\n[[ATTACHMENT|" .. path .. "]]</system-out>", 1, true) then
          found = true
        end
      end
      assert.is_true(found, path .. " in\n" .. xml)
    end
    -- only in the failing ones (a passing testcase is an empty element)
    local _, outs = xml:gsub("<system%-out>", "")
    assert.are.equal(2, outs)
    assert.truthy(cases["push stays after a swipe (it pops)"]:find("<failure>", 1, true))
    assert.truthy(cases["sheet errors › on purpose"]:find("<error>", 1, true))

    local tap = f:navlua("suite", "-o tap --html out/tap")
    assert.truthy(tap:find("not ok 2 %- spec/push_spec.lua: push stays after a swipe %(it pops%)\n.-  %.%.%.\n"
                           .. "# replay: out/tap/push_spec%-%-push%-stays%-after%-a%-swipe%-it%-pops%.html\n"), tap)
    assert.truthy(tap:find("\n# replay: out/tap/sheet_spec--sheet-errors-on-purpose.html\n", 1, true), tap)
  end)

  it("records and writes nothing without --html", function()
    local out, status = f:navlua("bare", "--jobs 2")
    assert.are.equal(1, status)
    assert.are.equal("2 passed, 2 failed, 1 skipped", fixture.last_line(out))
    assert.is_nil(out:find("replay:", 1, true))
    local _, writers = out:gsub("replay writer: nil", "")
    assert.are.equal(2, writers, out)
    assert.are.same({ "spec" }, listing("bare"))
  end)

  it("gives the same names under --jobs 1 and --jobs 2", function()
    f:navlua("suite", "--jobs 1 --html out/j1")
    f:navlua("suite", "--jobs 2 --html out/j2")
    assert.are.same(expected, listing("suite/out/j1"))
    assert.are.same(expected, listing("suite/out/j2"))
  end)

  it("makes names unique and safe: -2 for a name taken, the same whatever --jobs or --shard", function()
    local names = {
      "same_spec--" .. ("long-"):rep(21) .. "long.html",   -- cut at 120 bytes
      "same_spec--n-code-and-spaces.html",
      "same_spec--x-2-2.html",
      "same_spec--x-2.html",
      "same_spec--x.html",
      "same_spec-2--x.html",
    }
    local out, status = f:navlua("names", "--jobs 1 --html r1")
    assert.are.equal(1, status, out)
    assert.are.same(names, listing("names/r1"))
    f:navlua("names", "--jobs 2 --html r2")
    assert.are.same(names, listing("names/r2"))
    -- the second file of the suite keeps its name when run as a shard alone
    f:navlua("names", "--shard 2/2 --html r3")
    assert.are.same({ "same_spec-2--x.html" }, listing("names/r3"))
    assert.are.equal(120 + #".html", #names[1])
  end)

  it("reads html from .busted, and names the key when its folder cannot be made", function()
    local out, status = f:navlua("config", "")
    assert.are.equal(1, status)
    assert.truthy(out:find("    replay: from_config/c_spec--fails.html\n", 1, true), out)
    assert.are.same({ "c_spec--fails.html" }, listing("config/from_config"))
    f:write("config/file", "")
    local _, status2, err = f:navlua("config", "--html file")
    assert.are.equal(2, status2)
    assert.truthy(err:find("navlua: --html: 'file' is not a folder", 1, true), err)
    f:write("config/.busted", [[return { default = { html = "file/sub" } }]])
    _, status2, err = f:navlua("config", "")
    assert.are.equal(2, status2)
    assert.truthy(err:find("navlua: .busted: task 'default', key 'html': cannot make the folder 'file/sub': Not a directory",
                           1, true), err)
  end)

  it("says so under the failure when a replay cannot be written", function()
    local out, status = f:navlua("gone", "--html replays")
    assert.are.equal(1, status)
    assert.truthy(out:find("\n    replay: replays/gone_spec--removes-the-folder-then-fails.html"
                           .. " (not written: No such file or directory)\n", 1, true), out)
    local xml = f:navlua("gone", "-o junit --html replays")
    assert.truthy(xml:find("<system-out>replay: replays/gone_spec--removes-the-folder-then-fails.html"
                           .. " (not written: No such file or directory)</system-out>", 1, true), xml)
  end)

  it("is an error before anything runs when DIR cannot be a folder", function()
    local out, status, err = f:navlua("names", "--html afile")
    assert.are.equal(2, status)
    assert.are.equal("", out)
    assert.are.equal("navlua: --html: 'afile' is not a folder\nTry 'navlua test --help'.\n", err)
    _, status, err = f:navlua("names", "--html afile/replays")
    assert.are.equal(2, status)
    assert.truthy(err:find("navlua: --html: cannot make the folder 'afile/replays': Not a directory\n", 1, true), err)
  end)

  -- The frames of a replay's page, counted by Python's json.
  local function frames(path)
    local script = [[
import json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="navlua-data">(.*?)</script>', html, re.S)
print(len(json.loads(m.group(1))["frames"]))
]]
    local p = io.popen("/usr/bin/python3 -c " .. quote(script) .. " " .. quote(path))
    local n = p:read("n")
    p:close()
    return n
  end

  it("holds every frame of a failed test, recorded when its file runs again", function()
    os.remove(f.root .. "/frames/ran")
    local out, status = f:navlua("frames", "--html replays --jobs 1")
    assert.are.equal(1, status)
    assert.truthy(out:find("2 failed", 1, true), out)
    local frame = tonumber(out:match("at frame (%d+)"))
    assert.truthy(frame and frame > 40, out)
    assert.are.equal(frame, frames(f.root .. "/frames/replays/frames_spec--fails-after-a-push.html"))
    -- the passing test ran without a recorder (its own navlua.html began
    -- one), and with one from its start when the file ran again
    assert.are.equal(1, frames(f.root .. "/frames/first.html"))
    assert.are.equal(30, frames(f.root .. "/frames/second.html"))
  end)

  it("says so in the replay's title when the test passed the second time", function()
    os.remove(f.root .. "/frames/ran")
    local out = f:navlua("frames", "--html flaky --jobs 1")
    assert.truthy(out:find("replay: flaky/frames_spec--fails-the-first-time-it-runs-only.html", 1, true), out)
    local page = outline(f.root .. "/frames/flaky/frames_spec--fails-the-first-time-it-runs-only.html")
    assert.are.equal("spec/frames_spec.lua › fails the first time it runs only (passed when run again for this replay)",
                     page.title)
  end)

  it("leaves no pipe of its own to the programs a spec starts", function()
    os.remove(f.root .. "/fds/without.txt")
    os.remove(f.root .. "/fds/with.txt")
    f:navlua("fds", "", "FDS_OUT=without.txt")
    f:navlua("fds", "--html replays", "FDS_OUT=with.txt")
    local function count(name)
      local h = assert(io.open(f.root .. "/fds/" .. name))
      local n = h:read("n")
      h:close()
      return n
    end
    assert.are.equal(count("without.txt"), count("with.txt"))
  end)

  it("gives each run of --repeat its own replay", function()
    local out = f:navlua("names", "--repeat 2 --html repeat --jobs 1 spec/b")
    assert.truthy(out:find("replay: repeat/same_spec--x.html", 1, true), out)
    assert.truthy(out:find("replay: repeat/same_spec--x-run2.html", 1, true), out)
    assert.are.same({ "same_spec--x-run2.html", "same_spec--x.html" }, listing("names/repeat"))
  end)

  it("writes no snapshot in the second run", function()
    os.remove(f.root .. "/snap/counter")
    os.execute("rm -rf " .. quote(f.root .. "/snap/spec/__snapshots__"))
    local out = f:navlua("snap", "--html replays --update-snapshots")
    assert.truthy(out:find("1 failed", 1, true), out)
    local h = assert(io.open(f.root .. "/snap/spec/__snapshots__/snap_spec/value.txt"))
    local stored = h:read("a")
    h:close()
    -- the first run's value; the second run (counter 2) read it, wrote nothing
    assert.truthy(stored:find("run 1", 1, true), stored)
  end)

  it("writes the replay into DIR as the run began, whatever directory the spec went to", function()
    local out = f:navlua("cd", "--html replays")
    assert.truthy(out:find("replay: replays/cd_spec--changes-directory-and-fails.html\n", 1, true), out)
    assert.are.same({ "cd_spec--changes-directory-and-fails.html" }, listing("cd/replays"))
    local page = outline(f.root .. "/cd/replays/cd_spec--changes-directory-and-fails.html")
    -- the second run wrote it: every frame, and the plain title
    assert.are.equal("spec/cd_spec.lua › changes directory and fails", page.title)
  end)

  it("does not run a file again that ran past --timeout: its replays keep the last frame", function()
    local out, status = f:navlua("late", "--timeout 1 --html replays")
    assert.are.equal(1, status)
    assert.truthy(out:find("2 failed", 1, true), out)
    for _, name in ipairs{ "late_spec--fails-at-once.html", "late_spec--spins.html" } do
      local page = outline(f.root .. "/late/replays/" .. name)
      assert.truthy(page.title:find("(the last frame only: the second run, which records every frame, did not finish)",
                                    1, true), page.title)
    end
  end)
end)
