-- Manual §3.4 and §5.5: scroll views, paging, page view controllers and
-- how their pans share the touch with the pop gesture.

local W = 390

local function two(style, sv)
  local nav = navlua.navigation{style = style or "fullscreen", root = navlua.screen{title = "A"}}
  local b = navlua.screen{title = "B"}
  nav:push(b, {animated = false})
  local view = b:add_scroll_view(sv or {y = 300, height = 200, content_width = 3 * W})
  return nav, view, b
end

local function swipe(x, dx, hold)
  return navlua.drag{from = {x, 400}, by = {dx, 0}, duration = 0.25, hold = hold}
end

describe("scroll views", function()
  before_each(function() navlua.reset() end)

  it("follow the finger from where their pan began, clamped to the content", function()
    local _, sv = two()
    sv.offset = 200
    local t = navlua.touch_down(300, 400)
    t:move_to(200, 400, 0.1)
    -- the pan began at the first sample (16.7 pt > the 15 pt slop), at x = 283.3
    assert.is_true(sv.scrolling)
    local began_at = 300 - 50 / 3
    assert.near(200 - (200 - began_at), sv.offset, 1e-9)   -- start offset minus the finger's move
    t:move_to(-2000, 400, 0.1)
    assert.are.equal(2 * W, sv.offset)
    t:move_to(2000, 400, 0.1)
    assert.are.equal(0, sv.offset)
    t:up()
    assert.is_false(sv.scrolling)
  end)

  -- A script that scrolls a view while a finger drags it: as UIKit's
  -- setContentOffset, the drag goes on from the new offset (the pan is the
  -- view's one driver and rebases on it) instead of overwriting it.
  it("go on from an offset a script sets while a finger drags them", function()
    local _, sv = two()
    local t = navlua.touch_down(300, 400)
    t:move_to(250, 400, 0.1)
    assert.is_true(sv.scrolling)
    sv.offset = 500
    assert.are.equal(500, sv.offset)
    t:move_to(240, 400, 0.05)          -- 10 more points to the left
    assert.near(510, sv.offset, 1e-9)
    t:up()
  end)

  it("stop snapping where a script sets their offset", function()
    local _, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, paging = true})
    swipe(300, -150)
    assert.is_true(sv.scrolling)      -- snapping to page 1
    navlua.tick(3)
    sv.offset = 100
    assert.is_false(sv.scrolling)
    navlua.settle()
    assert.are.equal(100, sv.offset)
    assert.are.equal(0, sv.page)
  end)

  it("move their offset to a page a script sets, unless they reset it (page_offset_reset)", function()
    local _, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, paging = true})
    sv.page = 2
    assert.are.equal(2 * W, sv.offset)
    local _, pv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, paging = true,
                                      page_offset_reset = true, pages = 6})
    pv.page = 5
    assert.are.equal(5, pv.page)
    assert.are.equal(W, pv.offset)
  end)

  it("take the pan first in the fullscreen style: the pop fails", function()
    local nav, sv = two()
    local r = swipe(100, 200)
    assert.are.equal("scroll", r.recognizer)
    assert.are.equal("scroll_view", r.refused_by)
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)

  it("do not compete when their content fits their frame", function()
    local nav = two("fullscreen", {y = 300, height = 200, content_width = W})
    assert.are.equal("pop", swipe(100, 200).recognizer)
  end)

  it("do not compete outside their frame", function()
    local nav = two()
    assert.are.equal("pop", navlua.drag{from = {100, 100}, by = {200, 0}}.recognizer)
  end)

  it("let the pop begin with them at their leading edge (FD's recipe)", function()
    local nav, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W,
                                        pop_simultaneous = "at_leading_edge"})
    assert.are.equal("pop", swipe(100, 200).recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
    navlua.reset()
    nav, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, offset = 50,
                                 pop_simultaneous = "at_leading_edge"})
    assert.are.equal("scroll_view", swipe(100, 200).refused_by)
  end)

  it("ask a pop_simultaneous function with the view", function()
    local seen
    local nav, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W,
                                        pop_simultaneous = function(v) seen = v return true end})
    assert.are.equal("pop", swipe(100, 200).recognizer)
    assert.are.equal(sv, seen)
  end)

  it("are asked after the pop in the snapshot style", function()
    local nav, sv = two("snapshot")
    local r = swipe(100, 200)
    assert.are.equal("pop", r.recognizer)       -- offset 0: QD lets the pop go
    assert.are.equal(0, sv.offset)
  end)
end)

describe("paging", function()
  before_each(function() navlua.reset() end)

  it("snaps to the nearest page in 0.3 s, then updates page", function()
    local _, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, paging = true})
    swipe(300, -150, 0.1)                         -- 150 of 390: back to page 0
    assert.are.equal(0.3, navlua.settle())
    assert.are.equal(0, sv.offset)
    assert.are.equal(0, sv.page)
    swipe(300, -250, 0.1)                         -- past half: page 1
    navlua.settle()
    assert.are.equal(W, sv.offset)
    assert.are.equal(1, sv.page)
  end)

  it("lets release speed carry it one page", function()
    local _, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, paging = true})
    navlua.drag{from = {300, 400}, by = {-100, 0}, duration = 0.1}   -- 1000 pt/s
    navlua.settle()
    assert.are.equal(1, sv.page)
  end)

  it("models a page view controller with page_offset_reset (seed 003)", function()
    local nav, sv = two("fullscreen", {y = 300, height = 200, content_width = 3 * W, paging = true,
                                       page_offset_reset = true, pop_simultaneous = "first_page"})
    assert.are.equal(W, sv.offset)
    assert.are.equal(0, sv.page)
    navlua.drag{from = {300, 400}, by = {-250, 0}, hold = 0.1}
    navlua.settle()
    assert.are.equal(1, sv.page)
    assert.are.equal(W, sv.offset)                -- the offset snapped back
    -- not on the first page: the pop may not join
    assert.are.equal("scroll_view", swipe(50, 300, 0.1).refused_by)
    navlua.settle()
    assert.are.equal(0, sv.page)
    -- on the first page: it may
    assert.are.equal("pop", swipe(100, 200).recognizer)
    navlua.settle()
    assert.are.equal(1, nav.count)
  end)
end)

-- issue 39 item 8: the pictures draw scroll views, as the HTML replay does
describe("navlua.render and --filmstrip", function()
  before_each(function() navlua.reset() end)
  local read = require("support.process").take

  it("draw each scroll view with its pages or rows at its offset", function()
    local nav = navlua.navigation{root = navlua.screen{title = "Feed"}}
    local s = navlua.screen{title = "Detail"}
    s:add_scroll_view{x = 0, y = 100, width = 200, height = 44, content_width = 600, offset = 250}
    s:add_scroll_view{x = 0, y = 200, width = 390, height = 300, content_height = 4000, content_width = 390, offset_y = 100}
    nav:push(s, {animated = false})
    local svg = read(navlua.render(os.tmpname() .. ".svg"))
    local _, views = svg:gsub('<g class="scroll"', "")
    assert.are.equal(2, views)
    assert.truthy(svg:find('<g class="scroll" data-offset="250" data-offset-y="0">', 1, true))
    -- pages 1 and 2 of the chip row are in sight, page 0 is scrolled away
    assert.truthy(svg:find(">page 1</text>", 1, true))
    assert.truthy(svg:find(">page 2</text>", 1, true))
    assert.is_nil(svg:find(">page 0</text>", 1, true))
    -- rows 2 to 9 of the list (offset 100, 44 pt rows, 300 pt tall)
    assert.truthy(svg:find(">row 2</text>", 1, true))
    assert.truthy(svg:find(">row 8</text>", 1, true))
    assert.is_nil(svg:find(">row 1</text>", 1, true))
    assert.is_nil(svg:find(">row 10</text>", 1, true))
  end)

  it("--filmstrip draws them in each moment", function()
    local P = require "support.process"
    local dir = P.tempdir()
    local _, err, status = P.navlua("run --filmstrip " .. P.quote(dir .. "/f.svg") .. " "
                                    .. P.quote(P.script((require "support.refused_swipes"))))
    local svg = status == 0 and read(dir .. "/f.svg")
    P.cleanup()
    assert.are.equal(0, status, err)
    local _, drawn = svg:gsub('<g class="scroll" data%-offset="0" data%-offset%-y="0">', "")
    assert.is_true(drawn >= 2, drawn)   -- the carousel in the moments where its screen is on top
    assert.truthy(svg:find(">page 0</text>", 1, true))
  end)

  it("draws a scroll view far taller than the screen at once", function()
    local nav = navlua.navigation{root = navlua.screen{title = "Feed"}}
    local s = navlua.screen{title = "Detail"}
    s:add_scroll_view{x = 0, y = 0, width = 390, height = 1e9, content_width = 390, content_height = 1e300, offset_y = 1e299}
    nav:push(s, {animated = false})
    local svg = read(navlua.render(os.tmpname() .. ".svg"))
    assert.truthy(#svg < 100000, #svg)
  end)
end)
