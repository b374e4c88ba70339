-- Manual §5.1 and §5.3: touch samples at the device's touch rate, each with
-- its own time; move profiles; navlua.replay_touches and its records; the
-- velocity estimators (recent span, and Flutter's least-squares fit).

local W = 390

-- A two-screen navigation under `preset` in a world at `fps`.
local function app(preset, fps)
  navlua.reset{fps = fps or 60}
  local nav = navlua.navigation{preset = preset, root = navlua.screen{title = "A"}}
  nav:push(navlua.screen{title = "B"}, {animated = false})
  return nav
end

local function touches(phase)
  local found = {}
  for _, e in ipairs(navlua.trace("touch")) do
    if phase == nil or e.phase == phase then found[#found + 1] = e end
  end
  return found
end

describe("touch samples", function()
  it("come at the preset's touch rate (120 Hz), whatever the frame rate", function()
    for _, fps in ipairs{60, 120} do
      app("uikit", fps)
      local t = navlua.touch_down(100, 400)
      t:move_to(200, 400, 0.25)
      local moved = touches("moved")
      assert.are.equal(30, #moved)   -- 0.25 s at 120 Hz
      local frames = {}
      for _, e in ipairs(moved) do frames[e.frame] = (frames[e.frame] or 0) + 1 end
      -- at 60 fps two a frame: the finger's own clock is half a frame
      -- ahead (the down was taken at 1/120 s), so the first frame of the
      -- move brings three and the last one
      local first, last = moved[1].frame, moved[#moved].frame
      for frame, n in pairs(frames) do
        local want = fps == 120 and 1 or frame == first and 3 or frame == last and 1 or 2
        assert.are.equal(want, n)
      end
      t:up()
    end
  end)

  it("say when they were taken when that is before their frame (trace field sample_t)", function()
    app("uikit", 60)
    local t = navlua.touch_down(100, 400)
    assert.is_true(math.abs(touches("began")[1].sample_t - 1 / 120) < 1e-9)
    t:move_to(200, 400, 0.1)
    local moved = touches("moved")
    assert.are.equal(12, #moved)
    assert.is_true(math.abs(moved[2].sample_t - 3 / 120) < 1e-9)   -- 25 ms, delivered at 33.3
    assert.is_nil(moved[3].sample_t)   -- taken at its frame
    t:up()
  end)

  it("give the same velocity at the lift, and the same outcome, at 60 and at 120 fps", function()
    for _, preset in ipairs{"uikit", "flutter", "react_navigation"} do
      local results = {}
      for _, fps in ipairs{60, 120} do
        local nav = app(preset, fps)
        local r = navlua.drag{from = {5, 400}, to = {150, 400}, duration = 0.141}
        navlua.settle()
        results[#results + 1] = {r.velocity.x, r.finished, nav.count}
      end
      assert.are.same(results[1], results[2])
    end
  end)

  it("follow a preset's touch_rate (define_preset)", function()
    navlua.define_preset("pencil", {base = "uikit", touch_rate = 240})
    navlua.reset()
    navlua.navigation{preset = "pencil", root = navlua.screen{title = "A"}}
    local t = navlua.touch_down(100, 400)
    t:move_to(200, 400, 0.1)
    assert.are.equal(24, #touches("moved"))
    t:up()
    assert.are.equal(240, navlua.preset("pencil").touch_rate)
    for _, bad in ipairs{0, 1.5, 5000} do
      local ok, err = pcall(navlua.define_preset, "x", {touch_rate = bad})
      assert.is_false(ok)
      assert.matches("touch_samples_spec.lua:%d+:.*touch_rate", err)
    end
  end)
end)

describe("a move's profile", function()
  it("ease_out is a flick: past halfway at half the time, and slower at the lift than linear", function()
    app("uikit")
    local t = navlua.touch_down(100, 300)
    t:move_to(300, 300, 0.2, {profile = "ease_out"})
    local moved = touches("moved")
    assert.is_true(moved[12].x > 200, moved[12].x)   -- 0.1 s of 0.2
    assert.are.equal(300, moved[#moved].x)
    t:up()
    local flick = navlua.drag{from = {100, 500}, by = {200, 0}, duration = 0.2, profile = "ease_out"}
    local linear = navlua.drag{from = {100, 500}, by = {200, 0}, duration = 0.2}
    assert.is_true(flick.velocity.x < linear.velocity.x)
  end)

  it("takes a function of the time's fraction", function()
    app("uikit")
    local seen = {}
    local t = navlua.touch_down(100, 300)
    t:move_to(300, 300, 0.05, {profile = function(f) seen[#seen + 1] = f return f * f end})
    assert.are.same({1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6, 1}, seen)
    local moved = touches("moved")
    assert.is_true(math.abs(moved[3].x - (100 + 200 * 0.25)) < 1e-9)
    assert.are.equal(300, moved[6].x)   -- the last is exactly where it goes
    t:up()
  end)

  it("refuses a bad profile with file:line, and the touch stays where it was", function()
    app("uikit")
    local t = navlua.touch_down(100, 300)
    local cases = {
      {{profile = "bouncy"}, "unknown curve 'bouncy'"},
      {{profile = 3}, "'profile' must be \"linear\", a curve or a function"},
      {{profile = function() return "far" end}, "the profile function returned 'far'; it must return a number"},
      {{profile = function() return 0 / 0 end}, "it must return a finite number"},
      {{profile = function() error("boom") end}, "the profile function failed: .*boom"},
      {{speed = 2}, "unknown option 'speed'"},
      {"fast", "'options' must be a table"},
    }
    for _, c in ipairs(cases) do
      local ok, err = pcall(t.move_to, t, 300, 300, 0.1, c[1])
      assert.is_false(ok)
      assert.matches("touch_samples_spec.lua:%d+: touch:move_to: .*" .. c[2], err)
      assert.are.equal(100, t.x)
    end
    t:move_to(150, 300, 0.1)
    assert.are.equal(150, t.x)
    t:up()
    local ok, err = pcall(navlua.drag, {from = {1, 1}, by = {1, 0}, profile = "nope"})
    assert.is_false(ok)
    assert.matches("touch_samples_spec.lua:%d+: navlua.drag: unknown curve 'nope'", err)
  end)
end)

describe("navlua.replay_touches", function()
  -- An 18-sample 120 Hz flick from the edge (the checked-in log's shape).
  local function flick(id)
    local recs = {{t = 10, id = id, phase = "down", x = 8, y = 420}}
    for i = 1, 16 do
      recs[#recs + 1] = {t = 10 + i / 120, id = id, phase = "move", x = 8 + 142 * (1 - (1 - i / 17) ^ 3), y = 420}
    end
    recs[#recs + 1] = {t = 10 + 17 / 120, id = id, phase = "up", x = 150, y = 420}
    return recs
  end

  it("plays samples at their own times: the same velocity at 60 and at 120 fps", function()
    local v = {}
    for _, fps in ipairs{60, 120} do
      app("uikit", fps)
      local r = navlua.replay_touches(flick(3))
      assert.are.equal("pop", r.recognizer)
      v[#v + 1] = r.velocity.x
    end
    assert.are.equal(v[1], v[2])
  end)

  it("keeps each finger by its id", function()
    app("uikit")
    local recs = {
      {t = 0, id = 1, phase = "down", x = 100, y = 300},
      {t = 0.01, id = 2, phase = "down", x = 200, y = 600},
      {t = 0.02, id = 1, phase = "move", x = 150, y = 300},
      {t = 0.03, id = 2, phase = "up", x = 200, y = 600},
      {t = 0.04, id = 1, phase = "up", x = 150, y = 300},
    }
    navlua.replay_touches(recs)
    local downs = touches("began")
    assert.are.equal(2, #downs)
    assert.are_not.equal(downs[1].id, downs[2].id)
    assert.are.equal(0, #navlua.trace("touch") - #touches("began") - #touches("moved") - #touches("ended"))
  end)

  it("reads a JSON Lines file, and names the file and line of a bad record", function()
    app("uikit")
    local path = os.tmpname()
    local function write(text) local f = assert(io.open(path, "w")) f:write(text) f:close() end
    write('{"t":0,"id":1,"phase":"down","x":8,"y":420}\n\n{"t":0.1,"id":1,"phase":"up","x":8,"y":420}\n')
    assert.is_table(navlua.replay_touches(path))
    local cases = {
      {'{"t":0,"phase":"down","x":8,"y":420}\n{"t":-1,"phase":"up","x":8,"y":420}\n', ":2: out of order"},
      {'{"t":0,"phase":"move","x":8,"y":420}\n', ":1: a move of touch 1, which is not down"},
      {'{"t":0,"phase":"down","x":8,"y":420}\n{"t":1,"phase":"lift","x":8,"y":420}\n', ":2: unknown phase 'lift'"},
      {'{"t":0,"phase":"down","x":8,"y":420}\n{"t":1,"phase":"up","x":8\n', ":2: not a JSON object"},
      {'{"t":0,"phase":"down","x":8,"y":420}\n', "touch 1 is still down after the last record"},
      {'{"t":0,"phase":"down","x":8,"y":420}\n{"t":0,"phase":"down","x":8,"y":420}\n', ":2: touch 1 goes down again"},
    }
    for _, c in ipairs(cases) do
      write(c[1])
      local ok, err = pcall(navlua.replay_touches, path)
      assert.is_false(ok)
      assert.matches("touch_samples_spec.lua:%d+: navlua.replay_touches: .*" .. c[2], err)
    end
    os.remove(path)
    local ok, err = pcall(navlua.replay_touches, {{t = 0, phase = "down", x = 1}})
    assert.is_false(ok)
    assert.matches("records%[1%]: 'y' must be a number", err)
  end)
end)

describe("velocity estimators", function()
  -- the velocity at the lift of `recs` under `preset`
  local function lift_velocity(preset, recs)
    app(preset)
    return navlua.replay_touches(recs).velocity.x
  end

  -- x = f(ms) sampled every 8 ms for `n` samples, then the lift.
  local function samples(n, f)
    local recs = {{t = 0, phase = "down", x = f(0), y = 400}}
    for i = 1, n do recs[#recs + 1] = {t = i * 0.008, phase = "move", x = f(i * 8), y = 400} end
    recs[#recs + 1] = {t = n * 0.008 + 0.004, phase = "up", x = f(n * 8), y = 400}
    return recs
  end

  it("agree on a constant speed", function()
    local recs = samples(10, function(ms) return 100 + 0.5 * ms end)   -- 500 pt/s
    assert.is_true(math.abs(lift_velocity("uikit", recs) - 500) < 1e-6)
    assert.is_true(math.abs(lift_velocity("flutter", recs) - 500) < 1e-6)
  end)

  it("least_squares (flutter) fits a parabola: the speed at the newest sample, not the mean", function()
    -- x = 100 + 0.002 ms^2: 4 ms/1000 per ms at 80 ms = 320 pt/s; the mean over 80 ms is 160
    local recs = samples(10, function(ms) return 100 + 0.002 * ms * ms end)
    assert.is_true(math.abs(lift_velocity("flutter", recs) - 320) < 1e-6)
    assert.is_true(math.abs(lift_velocity("uikit", recs) - 160) < 1e-6)
  end)

  it("least_squares uses at most 20 samples, within 100 ms and no gap over 40 ms, and needs 3", function()
    -- fast, a 45 ms pause, then slow: only the slow samples count
    local recs = {{t = 0, phase = "down", x = 100, y = 400}}
    for i = 1, 5 do recs[#recs + 1] = {t = i * 0.008, phase = "move", x = 100 + 10 * i, y = 400} end
    for i = 0, 3 do recs[#recs + 1] = {t = 0.085 + i * 0.008, phase = "move", x = 150 + 0.8 * i, y = 400} end
    recs[#recs + 1] = {t = 0.115, phase = "up", x = 152.4, y = 400}
    assert.is_true(math.abs(lift_velocity("flutter", recs) - 100) < 1e-6)
    -- two samples are not enough
    assert.are.equal(0, lift_velocity("flutter", {
      {t = 0, phase = "down", x = 100, y = 400}, {t = 0.008, phase = "move", x = 110, y = 400},
      {t = 0.01, phase = "up", x = 110, y = 400}}))
  end)

  it("are a preset's `velocity`", function()
    assert.are.equal("least_squares", navlua.preset("flutter").velocity)
    assert.are.equal("recent_span", navlua.preset("uikit").velocity)
    navlua.define_preset("fit", {base = "uikit", velocity = "least_squares"})
    assert.are.equal("least_squares", navlua.preset("fit").velocity)
    local ok, err = pcall(navlua.define_preset, "y", {velocity = "kalman"})
    assert.is_false(ok)
    assert.matches("unknown velocity estimator 'kalman' %(expected recent_span, least_squares%)", err)
  end)
end)
