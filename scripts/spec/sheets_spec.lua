-- Manual §4.7 (SPEC v2 §12): presentation styles, detents, the dismissal
-- pull beside the pop and the scroll views, refusal, the presentation
-- delegate, lifecycle per style, visual().presented and the trace.

local W, H = 390, 844

local function logger()
  local log = {}
  local function screen(title, extra)
    local t = {title = title}
    for _, h in ipairs{"will_appear", "did_appear", "will_disappear", "did_disappear"} do
      t[h] = function(self) log[#log + 1] = self.title .. "." .. h end
    end
    for k, v in pairs(extra or {}) do t[k] = v end
    return navlua.screen(t)
  end
  return log, screen
end

-- Home on screen, and a navigation `sheet` (root Form) ready to present.
local function app(opts)
  local log, screen = logger()
  local home = navlua.navigation{root = screen("Home")}
  local o = {root = screen("Form", opts and opts.form)}
  for k, v in pairs(opts or {}) do if k ~= "form" then o[k] = v end end
  local sheet = navlua.navigation(o)
  for i = #log, 1, -1 do log[i] = nil end
  return home, sheet, log, screen
end

local function presented(sheet, style, detents)
  sheet:present{style = style or "page_sheet", detents = detents}
  navlua.settle()
  return sheet:visual().presented
end

local function pull(from_y, dy, duration, hold)
  return navlua.drag{from = {200, from_y}, by = {0, dy}, duration = duration or 0.3, hold = hold or 0}
end

describe("presenting", function()
  it("full_screen is v1's: the card slides its top from the height to 0; no detent", function()
    local _, sheet = app()
    sheet:present{}
    navlua.advance(0.25)
    local mid = sheet:visual().presented
    assert.are.equal("full_screen", mid.style)
    assert.is_true(mid.y > 0 and mid.y < H)
    assert.is_nil(mid.detent)
    navlua.settle()
    local p = sheet:visual().presented
    assert.are.same({0, 1}, {p.y, p.progress})
    assert.is_nil(p.behind)
    assert.is_nil(sheet.detent)
  end)

  it("a page sheet rests at its detent: large below the top gap, medium at about half", function()
    local _, sheet = app()
    local p = presented(sheet, "page_sheet")
    assert.are.equal("large", p.detent)
    assert.is_true(math.abs(p.y - 0.08 * H) < 1e-9)
    assert.are.equal(1, p.progress)
    navlua.reset()
    _, sheet = app()
    p = presented(sheet, "form_sheet", {"medium", "large"})
    assert.are.equal("medium", p.detent)
    assert.are.equal(H / 2, p.y)
    navlua.reset()
    _, sheet = app()
    sheet:present{style = "page_sheet", detents = {300, "large"}, selected_detent = "large"}
    navlua.settle()
    assert.are.equal("large", sheet.detent)
    navlua.reset()
    _, sheet = app()
    p = presented(sheet, "page_sheet", {300})
    assert.are.same({300, H - 300}, {p.detent, p.y})
  end)

  it("draws the screen behind a sheet scaled, lowered and dimmed by the sheet's progress", function()
    local _, sheet = app()
    local p = presented(sheet)
    assert.is_true(math.abs(p.behind.scale - (1 - 0.0835)) < 1e-9)
    assert.is_true(math.abs(p.behind.y - 0.07 * H) < 1e-9)
    assert.is_true(math.abs(p.behind.dim - 0.1) < 1e-9)
    sheet:dismiss()
    navlua.advance(0.2)
    local mid = sheet:visual().presented
    assert.is_true(mid.behind.scale > p.behind.scale and mid.behind.dim < 0.1)
  end)

  it("full_screen makes the presenting top disappear and reappear; a sheet does not (iOS 13)", function()
    local _, sheet, log = app()
    sheet:present{}
    navlua.settle()
    sheet:dismiss()
    navlua.settle()
    -- Form appears when presented, not when made (issue 39 item 2)
    assert.are.same({"Home.will_disappear", "Form.will_appear", "Home.did_disappear", "Form.did_appear",
                     "Form.will_disappear", "Home.will_appear", "Form.did_disappear", "Home.did_appear"}, log)
    for i = #log, 1, -1 do log[i] = nil end
    sheet:present{style = "page_sheet"}
    navlua.settle()
    sheet:dismiss()
    navlua.settle()
    assert.are.same({"Form.will_appear", "Form.did_appear", "Form.will_disappear", "Form.did_disappear"}, log)
  end)

  it("refuses bad input with file:line, and the navigation stays as it was", function()
    local _, sheet = app()
    local cases = {
      {{style = "popover"}, "unknown style 'popover' %(expected full_screen, page_sheet, form_sheet%)"},
      {{style = "page_sheet", detents = {}}, "'detents' must not be empty"},
      {{style = "page_sheet", detents = {"small"}}, "detents%[1%]: unknown detent 'small'"},
      {{style = "page_sheet", detents = {0 / 0}}, "'detents%[1%]' must be a positive height"},
      {{style = "page_sheet", detents = {-5}}, "'detents%[1%]' must be a positive height"},
      {{style = "page_sheet", detents = {"medium"}, selected_detent = "large"}, "'selected_detent' %(large%) is not one of the detents"},
      {{detents = {"medium"}}, "'detents' are for page_sheet and form_sheet"},
      {{style = 3}, "'style' must be a string"},
    }
    for _, c in ipairs(cases) do
      local ok, err = pcall(sheet.present, sheet, c[1])
      assert.is_false(ok)
      assert.matches("sheets_spec.lua:%d+: nav:present: " .. c[2], err)
      assert.is_false(sheet.presented)
    end
    sheet:present{style = "page_sheet"}
    local ok, err = pcall(sheet.present, sheet, {})
    assert.is_false(ok)
    assert.matches("already presented", err)
  end)
end)

describe("the dismissal pull", function()
  it("dismisses when pulled far, in the frame order will_dismiss, will_disappear ... did_disappear, did_dismiss", function()
    local calls = {}
    local function note(name) return function() calls[#calls + 1] = name end end
    local _, sheet, log = app{presentation_delegate = {will_dismiss = note("will_dismiss"), did_dismiss = note("did_dismiss"),
                                                       should_dismiss = function() calls[#calls + 1] = "should_dismiss" return true end}}
    presented(sheet)
    for i = #log, 1, -1 do log[i] = nil end
    local r = pull(300, 500)
    assert.are.equal("sheet", r.recognizer)
    navlua.settle()
    assert.is_false(sheet.presented)
    assert.are.same({"should_dismiss", "will_dismiss", "did_dismiss"}, calls)
    assert.are.same({"Form.will_disappear", "Form.did_disappear"}, log)
    local d = navlua.trace("dismiss")
    assert.is_true(d[#d].interactive)
  end)

  it("follows the finger, and a short slow pull snaps back: a cancelled dismissal's lifecycle", function()
    local calls = {}
    local _, sheet, log = app{presentation_delegate = {will_dismiss = function() calls[#calls + 1] = "will" end,
                                                       did_dismiss = function() calls[#calls + 1] = "did" end}}
    local rest = presented(sheet).y
    for i = #log, 1, -1 do log[i] = nil end
    local t = navlua.touch_down(200, 300)
    t:move_to(200, 400, 0.5)
    assert.is_true(math.abs(sheet:visual().presented.y - (rest + 100)) < 1e-6)
    t:hold(0.1)
    t:up()
    navlua.settle()
    assert.are.equal(rest, sheet:visual().presented.y)
    assert.is_true(sheet.presented)
    assert.are.same({"will"}, calls)
    assert.are.same({"Form.will_disappear", "Form.will_appear", "Form.did_appear"}, log)
  end)

  it("snaps between detents: a pull up from medium reaches large, a pull down from large returns to medium", function()
    local _, sheet, log = app()
    presented(sheet, "page_sheet", {"medium", "large"})
    for i = #log, 1, -1 do log[i] = nil end
    pull(500, -300)
    navlua.settle()
    assert.are.equal("large", sheet.detent)
    pull(200, 280, 0.5, 0.1)
    navlua.settle()
    assert.are.equal("medium", sheet.detent)
    assert.are.same({}, log)   -- moving between detents is no dismissal
    assert.are.same({"medium", "large", "medium"}, (function()
      local seen = {}
      for _, e in ipairs(navlua.trace("sheet")) do if e.phase == "began" then seen[#seen + 1] = e.detent end end
      seen[#seen + 1] = sheet.detent
      return seen
    end)())
  end)

  it("is refused by the top screen's modal_in_presentation: it resists, returns, did_attempt_to_dismiss once", function()
    local attempts, will = 0, 0
    local _, sheet, log = app{form = {modal_in_presentation = true},
      presentation_delegate = {did_attempt_to_dismiss = function() attempts = attempts + 1 end,
                               will_dismiss = function() will = will + 1 end}}
    local rest = presented(sheet).y
    for i = #log, 1, -1 do log[i] = nil end
    local t = navlua.touch_down(200, 300)
    t:move_to(200, 800, 0.3)
    local y = sheet:visual().presented.y
    assert.is_true(y > rest and y - rest < 60, y)      -- resistance: far less than the finger's 500
    t:up()
    navlua.settle()
    assert.are.equal(rest, sheet:visual().presented.y)
    assert.is_true(sheet.presented)
    assert.are.same({1, 0}, {attempts, will})
    assert.are.same({}, log)
    local ended = navlua.trace("sheet")
    assert.are.equal("modal_in_presentation", ended[#ended].refused_by)
    -- a tiny refused pull counts too
    pull(300, 20, 0.5)
    navlua.settle()
    assert.are.equal(2, attempts)
  end)

  it("is refused by presentation_delegate.should_dismiss returning false (read/write field)", function()
    local _, sheet = app()
    presented(sheet)
    local attempts = 0
    sheet.presentation_delegate = {should_dismiss = function(nav) return false end,
                                   did_attempt_to_dismiss = function(nav) attempts = attempts + 1 end}
    pull(300, 600)
    navlua.settle()
    assert.is_true(sheet.presented)
    assert.are.equal(1, attempts)
    local s = navlua.trace("sheet")
    assert.are.equal("should_dismiss", s[#s].refused_by)
    sheet.presentation_delegate = nil
    pull(300, 600)
    navlua.settle()
    assert.is_false(sheet.presented)
  end)

  it("calls no presentation delegate method for nav:dismiss (as UIKit)", function()
    local calls = 0
    local _, sheet = app{presentation_delegate = {should_dismiss = function() calls = calls + 1 return false end,
                                                  will_dismiss = function() calls = calls + 1 end,
                                                  did_dismiss = function() calls = calls + 1 end}}
    presented(sheet)
    sheet:dismiss()
    navlua.settle()
    assert.are.same({0, false}, {calls, sheet.presented})
  end)

  it("a vertical list in the sheet scrolls first and hands the pull over at its top", function()
    local _, sheet = app()
    presented(sheet)
    -- the list fills the card; its frame is in the card's coordinates
    local list = sheet.top:add_scroll_view{content_width = W, height = H - 0.08 * H, content_height = 3 * H, offset_y = 100}
    local card = sheet:visual().presented.y
    local t = navlua.touch_down(200, 300)
    t:move_to(200, 600, 0.5)
    -- 300 pt down: the first 100 scroll the list to its top, the rest pull the card
    assert.are.equal(0, list.offset_y)
    local y = sheet:visual().presented.y
    assert.is_true(math.abs(y - (card + 200)) < 25, y)
    t:up()
    navlua.settle()
    -- two decisions: the list takes the pan, then hands it to the sheet
    local a = navlua.trace("arena")
    assert.are.same({"scroll:" .. list.id, "sheet"}, {a[1].winner, a[2].winner})
    assert.are.equal("scroll:" .. list.id .. "=sheet", a[2].lost)
    assert.are.equal(2, #a)
  end)

  it("a list at its top gives a pull down to the sheet at once; a pull up scrolls it", function()
    local _, sheet = app()
    presented(sheet)
    local list = sheet.top:add_scroll_view{content_width = W, height = 700, content_height = 3 * H}
    pull(300, -200)
    navlua.settle()
    assert.is_true(list.offset_y > 0)
    assert.is_true(sheet.presented)
    list.offset_y = 0
    local r = pull(300, 600)
    assert.are.equal("sheet", r.recognizer)
    navlua.settle()
    assert.is_false(sheet.presented)
    local a = navlua.trace("arena")
    assert.matches("scroll:%d+=sheet", a[#a].lost)
  end)

  it("leaves the pop to a horizontal swipe inside the presented navigation", function()
    local _, sheet, _, screen = app()
    presented(sheet)
    sheet:push(screen("Details"), {animated = false})
    local r = navlua.drag{from = {100, 400}, by = {250, 0}}
    assert.are.equal("pop", r.recognizer)
    navlua.settle()
    assert.are.same({"Form", true}, {sheet.top.title, sheet.presented})
  end)

  it("does not exist for a full-screen present, or above the card", function()
    local _, sheet = app()
    presented(sheet, "full_screen")
    local r = pull(300, 600)
    assert.are_not.equal("sheet", r.recognizer)
    navlua.settle()
    assert.is_true(sheet.presented)
    navlua.reset()
    _, sheet = app()
    presented(sheet, "page_sheet", {"medium"})
    r = pull(100, 600)   -- above the card's top (422)
    assert.is_nil(r.recognizer)
  end)

  it("keeps QD's dismiss_at_root beside sheets", function()
    local _, sheet = app{style = "snapshot", dismiss_at_root = true}
    presented(sheet, "full_screen")
    sheet:back()
    navlua.settle()
    assert.is_false(sheet.presented)
  end)
end)

describe("each platform's release rule", function()
  it("flutter: a fling of 2 heights/s decides by direction; else it stays above 0.52 (sheet.dart)", function()
    local _, sheet = app{preset = "flutter"}
    local rest = presented(sheet).y
    local span = H - rest
    -- slow, 45% of the sheet: value 0.55 > 0.52 stays
    pull(300, 0.45 * span, 1.0, 0.1)
    navlua.settle()
    assert.is_true(sheet.presented)
    -- slow, 50%: value 0.5 dismisses
    pull(300, 0.50 * span, 1.0, 0.1)
    navlua.settle()
    assert.is_false(sheet.presented)
    navlua.reset()
    _, sheet = app{preset = "flutter"}
    presented(sheet)
    -- fast and short: 100 pt in 0.05 s = 2000 pt/s = 2.4 heights/s
    pull(300, 100, 0.05)
    navlua.settle()
    assert.is_false(sheet.presented)
  end)

  it("react_navigation: the pull must begin within 135 pt of the card's top; closes past half with velocity x 0.3", function()
    local _, sheet = app{preset = "react_navigation"}
    local rest = presented(sheet).y
    local r = pull(rest + 200, 500)
    assert.are_not.equal("sheet", r.recognizer)
    navlua.settle()
    assert.is_true(sheet.presented)
    -- slow, 400 pt: 400 < 422
    pull(rest + 50, 400, 1.0, 0.1)
    navlua.settle()
    assert.is_true(sheet.presented)
    -- slow, 430 pt: past half of 844
    pull(rest + 50, 430, 1.0, 0.1)
    navlua.settle()
    assert.is_false(sheet.presented)
  end)
end)

describe("the trace", function()
  it("records sheet began and ended with the detent, and present and dismiss with interactive", function()
    local _, sheet = app()
    presented(sheet, "page_sheet", {"medium", "large"})
    local p = navlua.trace("present")
    assert.are.same({false, "page_sheet", "medium"}, {p[1].interactive, p[1].style, p[1].detent})
    pull(500, 400)
    navlua.settle()
    local phases = {}
    for _, e in ipairs(navlua.trace("sheet")) do phases[#phases + 1] = e.phase .. ":" .. e.detent end
    assert.are.same({"began:medium", "ended:medium"}, phases)
  end)
end)

describe("sheets in pictures", function()
  local read = require("support.process").take

  it("navlua.render draws the screen behind scaled and dimmed, and the card at its detent", function()
    local _, sheet = app()
    presented(sheet, "page_sheet", {"medium"})
    local svg = read(navlua.render(os.tmpname() .. ".svg"))
    local behind = svg:match('<g class="behind" transform="([^"]+)">')
    assert.truthy(behind, "the screen behind is in its own group")
    local dx, dy, scale = behind:match("translate%(([%d.]+),([%d.]+)%) scale%(([%d.]+)%)")
    for i, want in ipairs{390 * 0.0835 / 2, 0.07 * H, 1 - 0.0835} do
      local got = tonumber(({dx, dy, scale})[i])
      assert(math.abs(got - want) <= 5e-4, ("value %d: expected %g, got %s"):format(i, want, tostring(got)))
    end
    assert.truthy(svg:match('<rect class="behind%-dim"[^>]*fill%-opacity="0.1"'))
    -- the home navigation is inside the group, the sheet after it at its card's top
    local group = svg:match('<g class="behind".-</g>\n</g>\n')
    assert.truthy(group and group:find('data-screen="Home"', 1, true))
    local card = svg:match('<g class="navigation" data%-nav="2"[^>]*>')
    assert.are.equal("medium", card:match('data%-detent="([^"]+)"'))
    assert.are.equal("translate(0,422)", card:match('transform="([^"]+)"'))
  end)
end)

describe("sheets in the timeline", function()
  it("--timeline draws the card's motion across a pull that dismisses", function()
    local P = require "support.process"
    local dir = P.tempdir()
    local script = P.script([[
      navlua.navigation{root = navlua.screen{title = "Home"}}
      local sheet = navlua.navigation{root = navlua.screen{title = "Form"}}
      sheet:present{style = "page_sheet"}
      navlua.settle()
      navlua.drag{from = {200, 300}, by = {0, 500}, duration = 0.3}
      navlua.settle()
    ]])
    local _, err, status = P.navlua("run --timeline " .. P.quote(dir .. "/tl.svg") .. " " .. P.quote(script))
    assert.are.equal(0, status, err)
    local svg = P.read(dir .. "/tl.svg")
    assert.truthy(svg:find('data-series="nav2.card"', 1, true), "a card series")
    assert.is_nil(svg:find('data-series="nav1.card"', 1, true))
    P.cleanup()
  end)
end)

describe("sheet rules as a preset key", function()
  it("navlua.preset names them, and define_preset takes another platform's", function()
    assert.are.same({"uikit", "flutter", "react_navigation"},
                    {navlua.preset("uikit").sheet, navlua.preset("flutter").sheet, navlua.preset("react_navigation").sheet})
    navlua.define_preset("uikit_rn_sheets", {sheet = "react_navigation"})
    local _, sheet = app{preset = "uikit_rn_sheets"}
    assert.are.equal(10, presented(sheet).y)   -- React Navigation's 10 pt top
    local ok, err = pcall(navlua.define_preset, "x", {sheet = "android"})
    assert.is_false(ok)
    assert.matches("unknown sheet rules 'android' %(expected uikit, flutter, react_navigation%)", err)
  end)
end)

describe("the rules the fuzzer found", function()
  it("a pull up on a medium sheet expands it before the list in it scrolls (prefersScrollingExpandsWhenScrolledToEdge)", function()
    local _, sheet = app()
    presented(sheet, "page_sheet", {"medium", "large"})
    local list = sheet.top:add_scroll_view{content_width = W, height = H, content_height = 3 * H}
    pull(600, -250)
    navlua.settle()
    assert.are.same({"large", 0}, {sheet.detent, list.offset_y})
    pull(500, -250)
    navlua.settle()
    assert.is_true(list.offset_y > 0)   -- at the largest detent, the list scrolls
  end)

  it("one finger pulls a sheet at a time: a second finger on the card moves nothing", function()
    local _, sheet = app()
    local rest = presented(sheet).y
    local a = navlua.touch_down(100, 300)
    a:move_to(100, 400, 0.2)
    local y = sheet:visual().presented.y
    local b = navlua.touch_down(300, 300)
    b:move_to(300, 700, 0.2)
    assert.are.equal(y, sheet:visual().presented.y)
    b:up()
    a:hold(0.1)
    a:up()
    navlua.settle()
    assert.are.same({true, rest}, {sheet.presented, sheet:visual().presented.y})
    assert.are.equal(1, #navlua.trace("sheet") // 2)
  end)

  it("calls on a covered navigation wait while the cover animates, and apply at once when it rests", function()
    local home, sheet, log, screen = app()
    sheet:present{}
    home:push(screen("During"), {animated = false})
    assert.are.equal(1, #navlua.trace("queued"))
    navlua.settle()
    assert.are.equal("During", home.top.title)
    for i = #log, 1, -1 do log[i] = nil end
    home:push(screen("Covered"), {animated = false})   -- at rest: out of sight
    assert.are.same({}, log)
    sheet:dismiss()
    navlua.settle()
    assert.are.same({"Form.will_disappear", "Covered.will_appear", "Form.did_disappear", "Covered.did_appear"}, log)
  end)

  it("a full-screen present waits for the transition of the navigation it covers", function()
    local home, sheet, _, screen = app()
    home:push(screen("Next"))
    sheet:present{}
    assert.is_false(sheet.presented)
    assert.are.equal(1, #navlua.trace("queued"))
    navlua.settle()
    assert.is_true(sheet.presented)
    assert.are.equal("Next", home.top.title)
  end)
end)
