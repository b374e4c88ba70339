-- Manual §5.6-§5.8: the interactive pop of the edge and fullscreen styles:
-- progress and visuals under the finger, the completion rules on each side
-- of their thresholds, release durations, and UIKit's lifecycle order.

local W = 390

local function two(options, b_fields)
  local opts = options or {}
  opts.root = opts.root or navlua.screen{title = "A"}
  local nav = navlua.navigation(opts)
  local b = b_fields or {}
  b.title = "B"
  local screen_b = navlua.screen(b)
  nav:push(screen_b, {animated = false})
  return nav, screen_b
end

-- Drags from x=100 by dx, keeps the finger still for `hold` seconds (so the
-- velocity decays to 0 after 40 ms), and lifts. Returns the drag result.
local function release_at(dx, hold)
  return navlua.drag{from = {100, 400}, by = {dx, 0}, duration = 0.25, hold = hold or 0.1}
end

local function finished(nav)
  navlua.settle()
  return nav.count == 1
end

local function lifecycle_since(frame)
  local out = {}
  for _, e in ipairs(navlua.trace("lifecycle")) do
    if e.frame >= frame then out[#out + 1] = e.name .. ":" .. e.screen end
  end
  return out
end

describe("progress under the finger", function()
  before_each(function() navlua.reset() end)

  it("follows p = translation.x / W with parallax and dim", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(256, 400, 0.2)                 -- translation 156: p = 0.4
    local v = nav:visual()
    assert.near(0.4 * W, v.top.x, 1e-9)
    assert.near(-0.3 * W * 0.6, v.below.x, 1e-9)
    assert.near(0.1 * 0.6, v.dim, 1e-12)
    assert.is_true(nav.transitioning)
    t:up()
  end)

  it("clamps progress to [0, 1]", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(150, 400, 0.1)
    t:move_to(20, 400, 0.1)                  -- behind the start
    assert.are.equal(0, nav:visual().top.x)
    t:move_to(600, 400, 0.1)
    assert.are.equal(W, nav:visual().top.x)
    t:cancel()
  end)

  it("fires top will_disappear and below will_appear at began", function()
    two()
    local t = navlua.touch_down(100, 400)
    t:move_to(200, 400, 0.1)
    assert.are.same({"will_disappear:B", "will_appear:A"}, lifecycle_since(1))
    t:up()
  end)
end)

describe("completion rules", function()
  before_each(function() navlua.reset() end)

  it("uikit: released still at 49% finishes (0.49 > 187.5/390)", function()
    assert.is_true(finished(two{completion = "uikit"}, release_at(0.49 * W)))
  end)

  it("uikit: released still at 47% cancels", function()
    assert.is_false(finished(two{completion = "uikit"}, release_at(0.47 * W)))
  end)

  it("uikit: velocity carries a short swipe (p + vT)", function()
    local nav = two{completion = "uikit"}
    release_at(60, 0)                        -- 240 pt/s: 0.154 + 0.615*0.35 = 0.369 < 0.481
    assert.is_false(finished(nav))
    navlua.reset()
    nav = two{completion = "uikit"}
    navlua.drag{from = {100, 400}, by = {100, 0}, duration = 0.1}  -- 1000 pt/s
    assert.is_true(finished(nav))
  end)

  it("uikit: with fewer than 3 samples since began, direction alone decides", function()
    local nav = two{completion = "uikit"}
    -- one sample jumps 250 pt (p = 0.64), then the finger rests: v = 0
    navlua.drag{from = {100, 400}, by = {250, 0}, duration = 1 / 60, hold = 0.1}
    assert.is_false(finished(nav))
  end)

  it("uikit_legacy: finishes unless the finger was moving back", function()
    local nav = two{completion = "uikit_legacy"}
    release_at(40)                            -- v = 0 >= 0
    assert.is_true(finished(nav))
    navlua.reset()
    nav = two{completion = "uikit_legacy"}
    local t = navlua.touch_down(100, 400)
    t:move_to(300, 400, 0.2)
    t:move_to(240, 400, 0.15)                -- every sample of the last 100 ms moves back
    t:up()
    assert.is_false(finished(nav))
  end)

  it("flutter: released still at 49% cancels, at 50% finishes", function()
    assert.is_false(finished(two{completion = "flutter"}, release_at(0.49 * W)))
    navlua.reset()
    assert.is_true(finished(two{completion = "flutter"}, release_at(0.5 * W)))
  end)

  it("flutter: a fling of at least 1 width/s decides by direction", function()
    local nav = two{completion = "flutter"}
    navlua.drag{from = {100, 400}, by = {60, 0}, duration = 0.1}    -- 600 pt/s > 390
    assert.is_true(finished(nav))
    navlua.reset()
    nav = two{completion = "flutter"}
    local t = navlua.touch_down(100, 400)
    t:move_to(330, 400, 0.2)                 -- p = 0.59
    t:move_to(270, 400, 0.1)                 -- back at 600 pt/s
    t:up()
    assert.is_false(finished(nav))
  end)

  it("react_navigation: translation + 0.3 velocity past W/2", function()
    assert.is_true(finished(two{completion = "react_navigation"}, release_at(196)))
    navlua.reset()
    assert.is_false(finished(two{completion = "react_navigation"}, release_at(194)))
  end)

  it("a Lua function decides with (p, velocity_x, gesture)", function()
    local args
    local nav = two{completion = function(p, vx, g) args = {p, vx, g} return p > 0.25 end}
    release_at(0.3 * W)
    assert.is_true(finished(nav))
    assert.near(0.3, args[1], 1e-9)
    assert.are.equal(0, args[2])
    assert.near(0.3 * W, args[3].translation.x, 1e-9)
  end)

  it("rejects unknown rule names", function()
    assert.has_error(function() navlua.navigation{completion = "android"} end,
      "navlua.navigation: unknown completion rule 'android' (expected uikit, uikit_legacy, flutter, react_navigation or a function)")
  end)
end)

describe("release animation", function()
  before_each(function() navlua.reset() end)

  it("finishes a resting release in T(1-p)/max(1-p, 0) = T", function()
    local nav = two()
    release_at(0.6 * W)
    local took = navlua.settle()
    assert.are.equal(0.35, took)
  end)

  it("runs the rest at UIKit's completion speed max(remaining, T|v|)", function()
    local nav = two()
    -- 200 pt in 0.25 s: v = 800 pt/s; p = 200/390
    navlua.drag{from = {100, 400}, by = {200, 0}, duration = 0.25}
    local p, v = 200 / W, 800 / W
    local expected = 0.35 * (1 - p) / math.max(1 - p, 0.35 * v)
    local took = navlua.settle()
    assert.is_true(took >= expected and took < expected + 1 / 60)
  end)

  it("finishes: pop_gesture_did_end at the lift (SPEC v2 §2, §9), then did_disappear, did_appear, pop", function()
    local ended, lifted = 0, nil
    local nav = two(nil, {pop_gesture_did_end = function() ended = ended + 1 end})
    navlua.on("touch", function(e) if e.phase == "ended" then lifted = e.frame end end)
    navlua.on("hook", function(e)
      if e.name == "pop_gesture_did_end" then assert.are.equal(lifted, e.frame) end
    end)
    release_at(0.6 * W)
    assert.are.equal(1, ended)    -- before the drop animation has run
    assert.is_true(nav.transitioning)
    navlua.settle()
    local order = {}
    for _, e in ipairs(navlua.trace()) do
      if e.frame > 0 and (e.kind == "lifecycle" or e.kind == "pop" or e.kind == "hook") then
        order[#order + 1] = e.kind .. ":" .. (e.name or e.screen)
      end
    end
    assert.are.same({"lifecycle:will_disappear", "lifecycle:will_appear", "hook:pop_gesture_did_end",
                     "lifecycle:did_disappear", "lifecycle:did_appear", "pop:B"}, order)
    assert.are.equal(1, ended)
  end)

  it("cancels in UIKit's order and never calls pop_gesture_did_end", function()
    local ended = 0
    local nav = two(nil, {pop_gesture_did_end = function() ended = ended + 1 end})
    release_at(0.2 * W)
    navlua.settle()
    assert.are.same({"will_disappear:B", "will_appear:A", "will_disappear:A", "did_disappear:A",
                     "will_appear:B", "did_appear:B"}, lifecycle_since(1))
    assert.are.equal(0, ended)
    assert.are.equal(2, nav.count)
  end)

  it("cancels on a touch cancel", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(350, 400, 0.2)
    t:cancel()
    navlua.settle()
    assert.are.equal(2, nav.count)
  end)

  it("restores the bar after a cancelled swipe (FD issue #55)", function()
    local nav = two(nil, {navigation_bar_hidden = true})
    assert.is_true(nav.bar_hidden)
    local t = navlua.touch_down(100, 400)
    t:move_to(150, 400, 0.1)
    assert.is_false(nav.bar_hidden)          -- A's bar shows while A appears
    t:hold(0.1)
    t:up()
    navlua.settle()
    assert.is_true(nav.bar_hidden)
  end)

  it("queues a push made during the swipe until the pop is done", function()
    local nav = two()
    local t = navlua.touch_down(100, 400)
    t:move_to(350, 400, 0.2)
    nav:push(navlua.screen{title = "C"})
    assert.are.equal(2, nav.count)
    t:up()
    navlua.settle()
    local titles = {}
    for i, s in ipairs(nav.screens) do titles[i] = s.title end
    assert.are.same({"A", "C"}, titles)
  end)
end)

describe("right-to-left interactive pop", function()
  it("mirrors progress and the completion rules", function()
    navlua.reset{layout = "rtl"}
    local nav = two{completion = "flutter"}
    local t = navlua.touch_down(W - 100, 400)
    t:move_to(W - 100 - 156, 400, 0.2)
    assert.near(-0.4 * W, nav:visual().top.x, 1e-9)
    assert.near(0.3 * W * 0.6, nav:visual().below.x, 1e-9)
    t:hold(0.1)
    t:up()
    assert.is_false(finished(nav))
    navlua.reset{layout = "rtl"}
    nav = two{completion = "flutter"}
    navlua.drag{from = {W - 100, 400}, by = {-0.5 * W, 0}, hold = 0.1}
    assert.is_true(finished(nav))
  end)
end)
