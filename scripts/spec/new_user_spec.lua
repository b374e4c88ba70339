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
