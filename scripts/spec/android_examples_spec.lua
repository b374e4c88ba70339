-- The Android examples (scripts/examples/android) show what they say.

local P = require "support.process"

local function run(file)
  local out, err, status = P.navlua("run scripts/examples/android/" .. file)
  assert.are.equal(0, status, err)
  assert.are.equal("", err)
  return out
end

describe("the Android examples", function()
  it("compose_form: the dirty form's callback takes the first swipe, the saved form pops", function()
    local out = run("compose_form.lua")
    assert.matches("on_pressed.-Discard changes%?.-stack: Inbox > Compose mail", out)
    assert.matches("swipe back after saving:.-scales to 0%.%d+.-stack: Inbox\n", out)
    assert.matches("started%s+by=callback:Compose mail", out)
  end)

  it("flutter_predictive_back: the page scales toward 0.9 under the finger and fades out at the commit", function()
    local out = run("flutter_predictive_back.lua")
    assert.matches("progress 0%.437%s+0%.956", out)
    assert.matches("commit%s+0%.437.-0%.04", out)
    assert.matches("top: Home", out)
  end)

  it("back_to_home: a short swipe cancels, a full one and the key send the app home", function()
    local out = run("back_to_home.lua")
    assert.matches("cancelled edge=right by=home reason=short", out)
    assert.matches("back_to_home by the gesture", out)
    assert.matches("back_to_home by the key", out)
  end)

  it("side_by_side: the right edge goes back only on Android, mid-screen only on the iOS stand-in", function()
    local out = run("side_by_side.lua")
    assert.matches("right edge, 200 dp leftward%s+| stays%s+| back", out)
    assert.matches("form guards back, 200 dp%s+| stays, form asked%s+| stays, form asked", out)
  end)
end)

describe("the HTML replay of Android's back gesture", function()
  it("carries each frame's predictive back geometry and says why a gesture did not go back", function()
    local dir = P.tempdir()
    local html = dir .. "/home.html"
    local _, err, status = P.navlua("run --html " .. P.quote(html) .. " scripts/examples/android/back_to_home.lua")
    assert.are.equal(0, status, err)
    local s = P.read(html)
    -- "A":[home, scrim, [title, scale, x, y, corner radius, alpha], below]
    assert.matches('"A":%[1,0,%[%d+,0%.9%d*,%-?[%d.]+,0,[%d.]+,1%],null%]', s)
    assert.matches("back cancelled: short: lifted before the finger was 16 dp in", s)
    P.cleanup()
  end)
end)
