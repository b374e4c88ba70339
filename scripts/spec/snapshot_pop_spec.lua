-- Manual §5.9, snapshot style: QDNavigationController's numbers (seed 000).

local W, H = 390, 844

local function two(b_fields)
  local nav = navlua.navigation{style = "snapshot", root = navlua.screen{title = "A"}}
  local b = b_fields or {}
  b.title = "B"
  nav:push(navlua.screen(b), {animated = false})
  return nav
end

local function frames_of(kind)
  local out = {}
  for _, e in ipairs(navlua.trace(kind)) do out[#out + 1] = e.frame end
  return out
end

describe("snapshot style", function()
  before_each(function() navlua.reset() end)

  it("moves the top by x = touch.x - start.x with the seed's mask and snapshot frame", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(250, 400, 0.25)        -- 10 pt a frame: the pan begins at x = 120
    local v = nav:visual()
    local x = 250 - 120
    assert.are.equal(x, v.top.x)
    assert.near(0.4 - x / 800, v.mask, 1e-12)
    local g = 0.04 * (W - x) / W
    assert.are.equal("A", v.snapshot.screen.title)
    assert.near(g * W, v.snapshot.x, 1e-9)
    assert.near(g * H, v.snapshot.y, 1e-9)
    assert.near((1 - 2 * g) * W, v.snapshot.width, 1e-9)
    assert.near((1 - 2 * g) * H, v.snapshot.height, 1e-9)
    t:up()
  end)

  -- 0.4 - x / 800 is below 0 past x = 320; UIKit clamps an alpha to [0, 1].
  it("keeps the mask's alpha within [0, 1] all the way out", function()
    local nav = two()
    local t = navlua.touch_down(5, 400)
    t:move_to(389, 400, 0.25)
    local v = nav:visual()
    assert.is_true(v.top.x > 320)
    assert.are.equal(0, v.mask)
    t:up()
    local least = 1
    for _ = 1, 30 do
      navlua.tick()
      local m = nav:visual().mask
      if m < least then least = m end
    end
    assert.are.equal(0, least)
  end)

  it("leaves the view where it is when x < 0", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(200, 400, 0.1)
    local before = nav:visual().top.x
    t:move_to(60, 400, 0)            -- one sample behind where the pan began
    assert.are.equal(before, nav:visual().top.x)
    t:cancel()
  end)

  it("finishes past 80 pt in 0.2 s, then pops without animation", function()
    local ended = 0
    local nav = two{pop_gesture_did_end = function() ended = ended + 1 end}
    local r = navlua.drag{from = {100, 400}, by = {150, 0}}
    assert.are.equal("ended", r.state)
    local up = navlua.frame()
    assert.are.equal(0.2, navlua.settle())
    assert.are.equal(1, nav.count)
    assert.are.equal(1, ended)
    local lifecycle = navlua.trace("lifecycle")
    local last = lifecycle[#lifecycle]
    assert.are.equal(up + 12, last.frame)
    assert.is_false(last.animated)
    -- no lifecycle while the finger moved: QD is not an interactive transition
    local during = 0
    for _, e in ipairs(lifecycle) do if e.frame > 0 and e.frame < up + 12 then during = during + 1 end end
    assert.are.equal(0, during)
  end)

  it("counts the 80 pt from where the pan began: a 90 pt drag that began 18 pt in cancels", function()
    local nav = two()
    -- 18 pt a frame: the first sample (18 pt) already exceeds the slop
    navlua.drag{from = {100, 400}, by = {90, 0}, duration = 5 / 60}
    local g = navlua.trace("gesture")
    assert.are.equal(118, g[1].location.x)
    assert.are.equal(false, g[#g].finish)
    assert.are.equal(0.3, navlua.settle())
    assert.are.equal(2, nav.count)
  end)

  it("goes back to 0 in 0.3 s on a touch cancel", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(300, 400, 0.2)
    t:cancel()
    assert.are.equal(0.3, navlua.settle())
    assert.are.equal(0, nav:visual().top.x)
    assert.are.equal(2, nav.count)
  end)

  it("moves nothing when it begins at the root through allow_drag_back", function()
    local nav = navlua.navigation{style = "snapshot",
      root = navlua.screen{title = "A", allow_drag_back = function() return true end}}
    local r = navlua.drag{from = {100, 400}, by = {200, 0}}
    assert.are.equal("pop", r.recognizer)
    assert.are.equal(0, nav:visual().top.x)
    assert.is_nil(nav:visual().snapshot)
    assert.are.equal(0, navlua.settle())
  end)
end)

-- issue 39 item 4: QD's scroll view rule as seed 000 writes it (manual §5.4.4
-- rule 5): content wider than the screen counts, the first view that decides
-- ends the loop.
describe("snapshot style, QD's scroll view rule", function()
  before_each(function() navlua.reset() end)

  local function swipe_on(nav, x, y)
    local r = navlua.drag{from = {x, y}, by = {200, 0}}
    navlua.settle()
    return r, nav.top.title
  end

  it("lets a 200 pt chip row with 300 pt of content, scrolled 50 pt, pass: not wider than the screen", function()
    local nav = two()
    local chips = nav.top:add_scroll_view{x = 0, y = 100, width = 200, height = 44, content_width = 300, offset = 50}
    assert.are.equal(50, chips.offset)
    local r, title = swipe_on(nav, 100, 120)
    assert.is_nil(r.refused_by)
    assert.are.equal("A", title)
  end)

  it("blocks on a view whose content is wider than the screen, scrolled, under the finger", function()
    local nav = two()
    nav.top:add_scroll_view{x = 0, y = 100, width = W, height = 200, content_width = 1000, offset = 50}
    local r, title = swipe_on(nav, 100, 150)
    assert.are.equal("scroll_view", r.refused_by)
    assert.are.equal("B", title)
  end)

  it("lets the pop through at offset 0, and off the view's content", function()
    local nav = two()
    nav.top:add_scroll_view{x = 0, y = 100, width = W, height = 200, content_width = 1000}
    local r = swipe_on(nav, 100, 150)
    assert.is_nil(r.refused_by)
    navlua.reset()
    nav = two()
    nav.top:add_scroll_view{x = 0, y = 100, width = W, height = 200, content_width = 1000, offset = 50}
    r = swipe_on(nav, 100, 500)
    assert.is_nil(r.refused_by)
  end)

  it("shows QD's bug: the first wide view, not under the finger, lets the pop through on a second one scrolled", function()
    local nav = two()
    nav.top:add_scroll_view{x = 0, y = 100, width = W, height = 100, content_width = 1000}
    nav.top:add_scroll_view{x = 0, y = 300, width = W, height = 100, content_width = 1000, offset = 100}
    local r, title = swipe_on(nav, 100, 350)
    assert.is_nil(r.refused_by)   -- UIKit would hand the pan to the scrolled view; QD pops
    assert.are.equal("A", title)
  end)
end)
