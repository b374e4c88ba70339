-- Issue 39: what new users trip on. One describe per item; each guards the
-- behaviour the issue asked for (manual sections named in each).

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local W, H = 390, 844

describe("item 11: a vertical list needs no content_width (manual §3.4)", function()
  before_each(function() navlua.reset() end)

  it("defaults content_width to the view's width, as content_height to its height", function()
    local s = navlua.screen{title = "Feed"}
    navlua.navigation{root = s}
    local list = s:add_scroll_view{x = 0, y = 0, width = W, height = H, content_height = 4000}
    assert.are.equal(W, list.content_width)
    assert.are.equal(4000, list.content_height)
    local narrow = s:add_scroll_view{width = 200, height = 100}
    assert.are.equal(200, narrow.content_width)
    assert.are.equal(100, narrow.content_height)
  end)

  it("still refuses a negative content_width", function()
    local s = navlua.screen{title = "Feed"}
    assert.has_error(function() s:add_scroll_view{content_width = -1} end)
  end)
end)

describe("item 1: a sheet's pull is no pop refused by 'error' (manual §5.10)", function()
  before_each(function() navlua.reset() end)

  it("reports the pop as refused by 'sheet', with no error event", function()
    navlua.navigation{root = navlua.screen{title = "Home"}}
    local sheet = navlua.navigation{root = navlua.screen{title = "Sheet"}}
    sheet:present{style = "page_sheet", detents = {"medium", "large"}}
    navlua.settle()
    local r = navlua.drag{from = {200, 600}, by = {0, -300}}
    assert.are.equal("sheet", r.recognizer)
    assert.are.equal("sheet", r.refused_by)
    assert.are.equal("large", sheet.detent)
    for _, e in ipairs(navlua.trace()) do
      assert.are_not.equal("error", e.kind)
      if e.kind == "gesture" and e.recognizer == "pop" and e.state == "failed" then
        assert.are.equal("sheet", e.refused_by)
      end
    end
  end)
end)

describe("item 3: typos are not silent (manual §3.2, §6.5)", function()
  before_each(function() navlua.reset() end)

  local function made(options)
    options.root = navlua.screen{title = "A"}
    return pcall(navlua.navigation, options)
  end

  it("a delegate's mistyped method is an error naming the method meant", function()
    local ok, err = made{delegate = {did_shw = function() end}}
    assert.is_false(ok)
    assert.matches("delegate: unknown method 'did_shw' %(did you mean 'did_show'%?%)", err)
  end)

  it("so is a presentation delegate's, as a field too", function()
    local ok, err = made{presentation_delegate = {should_dismis = function() return false end}}
    assert.is_false(ok)
    assert.matches("presentation_delegate: unknown method 'should_dismis' %(did you mean 'should_dismiss'%?%)", err)
    local nav = navlua.navigation{root = navlua.screen{title = "B"}}
    ok, err = pcall(function() nav.presentation_delegate = {willDismiss = function() end} end)
    assert.is_false(ok)
    assert.matches("did you mean 'will_dismiss'%?", err)
  end)

  it("a gesture delegate's unknown method names the near one", function()
    local ok, err = made{gesture_delegate = {should_beginn = function() end}}
    assert.is_false(ok)
    assert.matches("unknown method 'should_beginn' %(expected .*%); did you mean 'should_begin'%?$", err)
  end)

  it("a delegate may still keep its own state and methods beside its own", function()
    local ok = made{delegate = {vcsDic = {}, push_view_controller = function() end, did_show = function() end}}
    assert.is_true(ok)
  end)

  it("a misspelled hook is named on stderr without -W", function()
    local script = P.script([[
local s = navlua.screen{title = "A", will_go_bak = function() end}
s.did_apear = function() end
]])
    local _, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status)
    assert.truthy(err:find("did you mean 'will_go_back'?", 1, true), err)
    assert.truthy(err:find(script .. ":2: screen 'A' has a function 'did_apear'", 1, true), err)
  end)
end)

describe("item 5: page view controllers have an end (manual §3.4, §5.5 rule 7)", function()
  before_each(function() navlua.reset() end)

  local function pager(extra)
    local nav = navlua.navigation{style = "fullscreen", root = navlua.screen{title = "A"}}
    local b = navlua.screen{title = "B"}
    nav:push(b, {animated = false})
    local o = {y = 200, height = 400, content_width = 3 * W, paging = true, page_offset_reset = true}
    for k, v in pairs(extra or {}) do o[k] = v end
    return b:add_scroll_view(o)
  end

  local function swipe_left()
    navlua.drag{from = {300, 400}, by = {-250, 0}}
    navlua.settle()
  end

  it("stops a 3-page pager at its last page", function()
    local sv = pager()
    assert.are.equal(3, sv.pages)
    for _ = 1, 4 do swipe_left() end
    assert.are.equal(2, sv.page)
    assert.are.equal(W, sv.offset)
  end)

  it("takes the data source's page count as 'pages'", function()
    local sv = pager{pages = 5}
    for _ = 1, 6 do swipe_left() end
    assert.are.equal(4, sv.page)
    assert.has_error(function() pager{page_offset_reset = false, pages = 5} end,
                     "screen:add_scroll_view: 'pages' is for a page_offset_reset view (another view's pages are its content's)")
  end)

  it("refuses a page it does not have, and records a page a script writes", function()
    local sv = pager()
    local ok, err = pcall(function() sv.page = 7 end)
    assert.is_false(ok)
    assert.matches("'page' must be a whole number from 0 to 2 %(got 7%)", err)
    assert.are.equal(0, sv.page)
    sv.page = 1
    local events = navlua.trace("scroll")
    assert.are.equal(1, #events)
    assert.are.equal(1, events[1].page)
  end)

  it("says a field it does not have is absent, not read-only", function()
    local sv = pager()
    local ok, err = pcall(function() sv.pageControllerCurrentIndex = 1 end)
    assert.is_false(ok)
    assert.matches("a scroll view has no field 'pageControllerCurrentIndex'", err)
    ok, err = pcall(function() sv.pgae = 1 end)
    assert.matches("no field 'pgae' %(did you mean 'page'%?%)", err)
    ok, err = pcall(function() sv.width = 1 end)
    assert.matches("field 'width' is read%-only", err)
  end)
end)

describe("item 9: the CLI and the objects say 'did you mean' (manual §4.3, §5.1, §10.1)", function()
  it("for a mistyped command that is no file", function()
    local dir = P.tempdir()
    local out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " rum x.lua")
    assert.are.equal(2, status)
    assert.are.equal("", out)
    assert.are.equal("navlua: 'rum' is no command and no file (did you mean 'navlua run'?)\n"
                     .. "Try 'navlua --help'.\n", err)
    -- a file of that name still runs
    P.write(dir .. "/rum", "print('ran')")
    out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " rum")
    assert.are.equal(0, status, err)
    assert.are.equal("ran\n", out)
  end)

  it("for a mistyped option of run and of test", function()
    local _, err, status = P.navlua("--htm x.html x.lua")
    assert.are.equal(2, status)
    assert.truthy(err:find("unrecognized option '--htm' (did you mean '--html'?)", 1, true), err)
    _, err, status = P.navlua("test --strict-hook x")
    assert.are.equal(2, status)
    assert.truthy(err:find("unknown test option '--strict-hook' (did you mean '--strict-hooks'?)", 1, true), err)
  end)

  it("for a mistyped method of a navigation or a touch; other keys still read nil", function()
    navlua.reset()
    local nav = navlua.navigation{root = navlua.screen{title = "A"}}
    local ok, err = pcall(function() nav:pushh(navlua.screen{title = "B"}) end)
    assert.is_false(ok)
    assert.matches("navigation: no method 'pushh' %(did you mean 'push'%?%)", err)
    assert.is_nil(nav.anything_else)
    assert.are.equal(1, nav.count)
    local t = navlua.touch_down(10, 10)
    ok, err = pcall(function() t:upp() end)
    assert.matches("touch: no method 'upp' %(did you mean 'up'%?%)", err)
    assert.is_nil(t.bogus)
    t:up()
  end)
end)

describe("item 2: a navigation made to be presented appears when presented (manual §4.6 rule 5)", function()
  before_each(function() navlua.reset() end)

  it("calls its root's will_appear and did_appear at the present, not at creation", function()
    local log = {}
    local function screen(title)
      return navlua.screen{title = title,
        will_appear = function() log[#log + 1] = string.format("%s.will_appear %.3f", title, navlua.now()) end,
        did_appear = function() log[#log + 1] = string.format("%s.did_appear %.3f", title, navlua.now()) end}
    end
    navlua.navigation{root = screen("Home")}
    local sheet = navlua.navigation{root = screen("Form")}
    assert.are.same({"Home.will_appear 0.000", "Home.did_appear 0.000"}, log)
    navlua.advance(1)
    sheet:present{style = "page_sheet", animated = false}
    navlua.settle()
    assert.are.same({"Home.will_appear 0.000", "Home.did_appear 0.000",
                     "Form.will_appear 1.000", "Form.did_appear 1.000"}, log)
  end)
end)

describe("item 12: smaller things (manual §5.2, §9.2, §11.3)", function()
  before_each(function() navlua.reset() end)

  it("a drag's velocity reads 800.0, not 799.99999709", function()
    navlua.navigation{root = navlua.screen{title = "A"}}
    local r = navlua.drag{from = {5, 400}, by = {200, 0}}
    assert.are.equal(800, r.velocity.x)
    assert.are.equal(0, r.velocity.y)
  end)

  it("a hook's error is printed with one traceback", function()
    local script = P.script([[
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
nav:push(navlua.screen{title = "B", did_appear = function() error("boom") end})
navlua.settle()
]])
    local _, err, status = P.navlua("run " .. q(script))
    assert.are.equal(1, status)
    assert.truthy(err:find("hook 'did_appear' of screen 'B' failed: " .. script .. ":2: boom\nstack traceback:", 1, true), err)
    local _, count = err:gsub("stack traceback:", "")
    assert.are.equal(1, count, err)
  end)

  it("a touch that begins beyond the screen is an error with the caller's line; a move may pass the edge (manual §5.1 rule 9)", function()
    local script = P.script([[
navlua.navigation{root = navlua.screen{title = "A"}}
local ok, err = pcall(navlua.touch_down, 400, 100)
print(err)
print(select(2, pcall(navlua.tap, {-1, 10})))
print(select(2, pcall(navlua.drag, {from = {100, 845}, by = {50, 0}})))
print(navlua.drag{from = {390, 844}, by = {-10, 0}} and "on the edge: accepted")
print(navlua.drag{from = {300, 400}, by = {200, 0}}.velocity.x)
]])
    local out, err, status = P.navlua("run " .. q(script))
    assert.are.equal(0, status, err)
    assert.are.equal(script .. ":2: navlua.touch_down: (400, 100) is outside the screen (0...390 x 0...844); a touch begins on the screen\n"
                     .. script .. ":4: navlua.tap: (-1, 10) is outside the screen (0...390 x 0...844); a touch begins on the screen\n"
                     .. script .. ":5: navlua.drag: 'from' (100, 845) is outside the screen (0...390 x 0...844); a touch begins on the screen\n"
                     .. "on the edge: accepted\n800.0\n", out)
  end)
end)
