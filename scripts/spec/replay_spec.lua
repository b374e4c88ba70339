-- The HTML replay (SPEC v2 §13, manual §8.4): `navlua run --html FILE` and
-- `navlua.html(FILE)` write one self-contained page holding every recorded
-- frame and the trace. What the page does in a browser is checked in
-- chromium by scripts/replay_test/replay_test.py; these specs check the
-- file: its name, its data (read back with Debian's python3 json), its
-- size, and its bytes from run to run.

local P = require "support.process"
local q = P.quote
after_each(P.cleanup)

-- Debian's own python3 (the first one on PATH may be another).
local PYTHON = "/usr/bin/python3"

-- The page's data as counts: "frames events states titles width".
local function data_counts(path)
  local code = [[
import json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="navlua-data">(.*?)</script>', html, re.S)
d = json.loads(m.group(1))
print(len(d["frames"]), len(d["events"]), len(d["states"]), len(d["titles"]), d["w"])
]]
  local out, err, status = P.sh(PYTHON .. " -c " .. q(code) .. " " .. q(path))
  assert.are.equal(0, status, err)
  local f, e, s, t, w = out:match("(%d+) (%d+) (%d+) (%d+) (%S+)")
  return {frames = tonumber(f), events = tonumber(e), states = tonumber(s), titles = tonumber(t), width = tonumber(w)}
end

local SWIPES = [[
local nav = navlua.navigation{root = navlua.screen{title = "Feed"}}
nav:push(navlua.screen{title = "Detail"})
navlua.settle()
navlua.drag{from = {200, 400}, by = {60, 0}, hold = 0.1}
navlua.settle()
navlua.drag{from = {60, 400}, by = {280, 0}}
navlua.settle()
io.write(navlua.frame(), " ", #navlua.trace(), "\n")
]]

describe("navlua run --html", function()
  it("writes one page with every frame since the start and every trace event", function()
    local dir = P.tempdir()
    local out, err, status = P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(P.script(SWIPES)))
    assert.are.equal(0, status, err)
    local frame, events = out:match("(%d+) (%d+)")
    local html = P.read(dir .. "/r.html")
    assert.truthy(html:find("^<!DOCTYPE html>"))
    local c = data_counts(dir .. "/r.html")
    -- frames 1 to the last one (a frame is recorded at its end), each once
    assert.are.equal(tonumber(frame), c.frames)
    assert.are.equal(tonumber(events), c.events)
    assert.are.equal(2, c.titles)
    assert.are.equal(390, c.width)
  end)

  it("loads nothing: no src, href, @import or url() in the page", function()
    local dir = P.tempdir()
    assert.are.equal(0, select(3, P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(P.script(SWIPES)))))
    local html = P.read(dir .. "/r.html")
    for _, needle in ipairs{"src=", "href=", "@import", "url(", "http://", "https://"} do
      assert.is_nil(html:find(needle, 1, true), needle)
    end
  end)

  it("writes the same bytes every run", function()
    local dir = P.tempdir()
    local script = P.script(SWIPES)
    P.navlua("run --html " .. q(dir .. "/a.html") .. " " .. q(script))
    P.navlua("run --html " .. q(dir .. "/b.html") .. " " .. q(script))
    assert.are.equal(P.read(dir .. "/a.html"), P.read(dir .. "/b.html"))
  end)

  it("is written when the script fails, as the other outputs are", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --html " .. q(dir .. "/r.html") .. " "
                                    .. q(P.script(SWIPES .. "\nerror('late')\n")))
    assert.are.equal(1, status)
    assert.truthy(err:find("late", 1, true))
    assert.truthy(data_counts(dir .. "/r.html").frames > 1)
  end)

  it("refuses a name that is not .html with a usage error, before running", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --html " .. q(dir .. "/r.htm") .. " " .. q(P.script("print('ran')")))
    assert.are.equal(2, status)
    assert.truthy(err:find("--html: cannot write '" .. dir .. "/r.htm': its extension is not .html (navlua writes replays as HTML pages)", 1, true), err)
    assert.is_nil(P.read(dir .. "/r.htm"))
  end)

  it("keeps a 10-second run at 60 fps under 2 MB", function()
    -- ten seconds of swipes, pushes and pops, a finger down a third of the time
    local script = P.script([[
      local nav = navlua.navigation{root = navlua.screen{title = "Feed"}}
      while navlua.now() < 10 do
        nav:push(navlua.screen{title = "Detail " .. navlua.frame()})
        navlua.settle()
        navlua.drag{from = {120, 400}, by = {250, 30}, duration = 0.4}
        navlua.settle()
      end
    ]])
    local dir = P.tempdir()
    assert.are.equal(0, select(3, P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(script))))
    local size = #P.read(dir .. "/r.html")
    local c = data_counts(dir .. "/r.html")
    assert.truthy(c.frames >= 600, c.frames)
    assert.truthy(size < 2 * 1024 * 1024, size)
  end)

  it("stores a state once however many frames show it", function()
    -- 600 frames in which nothing moves: one state
    local dir = P.tempdir()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'Still'}} navlua.tick(600)")
    assert.are.equal(0, select(3, P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(script))))
    local c = data_counts(dir .. "/r.html")
    assert.are.equal(600, c.frames)
    assert.are.equal(1, c.states)
  end)
end)

-- issue 39 item 8: the page's words for a refused or cancelled gesture
local REFUSED_SWIPES = require "support.refused_swipes"

describe("the replay's explanations", function()
  local function whys(path)
    local code = [[
import json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="navlua-data">(.*?)</script>', html, re.S)
for e in json.loads(m.group(1))["events"]:
    if e[4]: print(e[4])
]]
    local out, err, status = P.sh(PYTHON .. " -c " .. q(code) .. " " .. q(path))
    assert.are.equal(0, status, err)
    local lines = {}
    for line in out:gmatch("[^\n]+") do lines[#lines + 1] = line end
    return lines
  end

  it("name the scroll view that took the pan and the fix, and give the one value of the navigation's own completion rule", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(P.script(REFUSED_SWIPES .. [[
      local ended = navlua.trace("gesture")
      ended = ended[#ended]
      assert(ended.finish == false and ended.rule:find("^uikit: progress %+ velocity x duration = "), ended.rule)
    ]])))
    assert.are.equal(0, status, err)
    local lines = whys(dir .. "/r.html")
    assert.are.equal(2, #lines)
    assert.truthy(lines[1]:find("scroll_view: the scroll view scroll:1 took the pan (uikit arena); fix: "
                                .. "let the pop join it at its start with pop_simultaneous = \"at_leading_edge\"", 1, true), lines[1])
    assert.are.equal("cancelled at the lift: the navigation's completion rule did not finish the pop (manual §5.7): "
                     .. "uikit: progress + velocity x duration = 0.103 + 0.205 x 0.35 = 0.174 <= min(187.5 / 390, 0.5) = 0.481",
                     lines[2])
  end)

  it("name which of several pop recognizers refused, and which took the pan from it", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(P.script([[
      local nav = navlua.navigation{root = navlua.screen{title = "Home"}, preset = "ios26"}
      nav:push(navlua.screen{title = "Form", will_go_back = function() return false end}, {animated = false})
      navlua.drag{from = {200, 500}, by = {200, 0}}   -- mid-screen: the content swipe, refused by the hook
      navlua.settle()
      nav:push(navlua.screen{title = "Plain"}, {animated = false})
      navlua.drag{from = {5, 500}, by = {200, 0}}     -- from the edge: the edge swipe takes it
      navlua.settle()
    ]])))
    assert.are.equal(0, status, err)
    local text = table.concat(whys(dir .. "/r.html"), "\n")
    assert.truthy(text:find("pop:edge refused, edge_width: ", 1, true), text)
    assert.truthy(text:find("pop:content refused, will_go_back: ", 1, true), text)
    assert.truthy(text:find("pop:content refused, pop_recognizer: pop:edge took the pan first", 1, true), text)
  end)

  it("give the snapshot style's own rule at a cancelled lift", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(P.script([[
      local nav = navlua.navigation{root = navlua.screen{title = "Home"}, style = "snapshot"}
      nav:push(navlua.screen{title = "B"})
      navlua.settle()
      navlua.drag{from = {100, 400}, by = {60, 0}, duration = 0.5}
      navlua.settle()
    ]])))
    assert.are.equal(0, status, err)
    local lines = whys(dir .. "/r.html")
    assert.truthy(lines[#lines]:find("completion rule did not finish the pop (manual §5.7): snapshot: x ", 1, true), lines[#lines])
    assert.truthy(lines[#lines]:find(" pt <= 80 pt (QD)", 1, true), lines[#lines])
  end)
end)

describe("navlua.html", function()
  it("writes the replay of the run so far and returns the path", function()
    local dir = P.tempdir()
    local out, err, status = P.navlua("run --html " .. q(dir .. "/all.html") .. " " .. q(P.script(
      SWIPES .. "\nprint(navlua.html(" .. ("%q"):format(dir .. "/now.html") .. "))\n")))
    assert.are.equal(0, status, err)
    assert.truthy(out:find(dir .. "/now.html", 1, true))
    assert.are.same(data_counts(dir .. "/all.html"), data_counts(dir .. "/now.html"))
  end)

  -- issue 39 item 6: called once, at the end, it showed one frame
  it("called once at the end of a run without --html, has the whole run, as --html does", function()
    local dir = P.tempdir()
    local script = P.script(SWIPES .. ("\nnavlua.html(%q)\n"):format(dir .. "/end.html"))
    local _, err, status = P.navlua("run --html " .. q(dir .. "/all.html") .. " " .. q(script))
    assert.are.equal(0, status, err)
    _, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status, err)
    local c = data_counts(dir .. "/end.html")
    assert.is_true(c.frames > 1)
    assert.are.same(data_counts(dir .. "/all.html"), c)
  end)

  it("without --html, records from the first frame of a script that names it", function()
    local dir = P.tempdir()
    local first, second = q(dir .. "/first.html"), q(dir .. "/second.html")
    local _, err, status = P.navlua("run " .. q(P.script(([[
      navlua.navigation{root = navlua.screen{title = "A"}}
      navlua.tick(10)
      navlua.html(%q)
      navlua.tick(20)
      navlua.html(%q)
    ]]):format(dir .. "/first.html", dir .. "/second.html"))))
    assert.are.equal(0, status, err)
    assert.are.equal(10, data_counts(dir .. "/first.html").frames)
    assert.are.equal(30, data_counts(dir .. "/second.html").frames)
  end)

  it("starts recording at its first call when the script does not name it (a module, a computed name)", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run " .. q(P.script(([[
      local write = navlua["ht" .. "ml"]
      navlua.navigation{root = navlua.screen{title = "A"}}
      navlua.tick(10)
      write(%q)
      navlua.tick(20)
      write(%q)
    ]]):format(dir .. "/first.html", dir .. "/second.html"))))
    assert.are.equal(0, status, err)
    assert.are.equal(1, data_counts(dir .. "/first.html").frames)
    assert.are.equal(21, data_counts(dir .. "/second.html").frames)
  end)

  it("covers the run since the last navlua.reset", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --html " .. q(dir .. "/r.html") .. " " .. q(P.script([[
      navlua.navigation{root = navlua.screen{title = "Before"}}
      navlua.tick(30)
      navlua.reset()
      navlua.navigation{root = navlua.screen{title = "After"}}
      navlua.tick(5)
    ]])))
    assert.are.equal(0, status, err)
    local c = data_counts(dir .. "/r.html")
    assert.are.equal(5, c.frames)
    assert.are.equal(1, c.titles)
  end)

  it("refuses a name that is not .html, with the caller's line", function()
    local _, err, status = P.navlua("run " .. q(P.script("\nnavlua.html('a.png')\n", "s.lua")))
    assert.are.equal(1, status)
    assert.truthy(err:find("s.lua:2: navlua.html: cannot write 'a.png': its extension is not .html", 1, true), err)
  end)

  it("raises with the caller's line when the file cannot be written", function()
    local _, err, status = P.navlua("run " .. q(P.script("navlua.html('/no/such/dir/r.html')", "s.lua")))
    assert.are.equal(1, status)
    assert.truthy(err:find("s.lua:1: navlua.html: cannot write '/no/such/dir/r.html'", 1, true), err)
  end)

  it("keeps a title that holds </script> inside the page's data", function()
    local dir = P.tempdir()
    local _, err, status = P.navlua("run " .. q(P.script(([[
      navlua.navigation{root = navlua.screen{title = "</script><b>x"}}
      navlua.html(%q, {title = "</script> & <title>"})
    ]]):format(dir .. "/r.html"))))
    assert.are.equal(0, status, err)
    local html = P.read(dir .. "/r.html")
    local _, closes = html:gsub("</script>", "")
    assert.are.equal(2, closes)   -- the data's and the page script's own
    assert.truthy(html:find("<title>&lt;/script&gt; &amp; &lt;title&gt;</title>", 1, true))
    assert.are.equal(1, data_counts(dir .. "/r.html").titles)
  end)

  it("checks its options", function()
    local _, err = P.navlua("run " .. q(P.script("navlua.html('r.html', {titel = 'x'})", "s.lua")))
    assert.truthy(err:find("s.lua:1: navlua.html:", 1, true), err)
    assert.truthy(err:find("titel", 1, true), err)
  end)
end)
