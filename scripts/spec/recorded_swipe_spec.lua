-- Manual §5.1: a recorded swipe as a regression test. The log
-- scripts/examples/logs/back_flick.jsonl (made by navlua: an 18-sample
-- 120 Hz flick from the leading edge, fast then slowing, 142 pt in 141 ms)
-- replayed under each preset at 60 and at 120 fps; and `navlua touches
-- import`, which turns a device's log into such records.

local P = require "support.process"

local LOG = "scripts/examples/logs/back_flick.jsonl"

describe("the recorded back flick", function()
  -- what each platform makes of it, at both frame rates alike:
  -- UIKit and React Navigation finish on its speed (their estimates see
  -- 545 pt/s); Flutter's least-squares fit sees the finger stopping (the
  -- fit's slope at the last sample is below zero) and 0.36 of the width
  -- is short of half: the page goes back.
  local outcomes = {
    uikit = {finished = true, count = 1},
    react_navigation = {finished = true, count = 1},
    flutter = {finished = false, count = 2},
  }
  for preset, want in pairs(outcomes) do
    for _, fps in ipairs{60, 120} do
      it(("%s at %d fps: %s"):format(preset, fps, want.finished and "pops" or "stays"), function()
        navlua.reset{fps = fps}
        local nav = navlua.navigation{preset = preset, root = navlua.screen{title = "Home"}}
        nav:push(navlua.screen{title = "Detail"}, {animated = false})
        local r = navlua.replay_touches(LOG)
        navlua.settle()
        assert.are.equal("pop", r.recognizer)
        assert.are.equal(want.finished, r.finished)
        assert.are.equal(want.count, nav.count)
        if preset == "flutter" then assert.is_true(r.velocity.x < 0) else
          assert.is_true(math.abs(r.velocity.x - 544.53) < 0.01, r.velocity.x)
        end
      end)
    end
  end
end)

describe("navlua touches import", function()
  local function import(args)
    return P.sh(P.quote(P.binary()) .. " touches import " .. args)
  end

  it("reads getevent -lt (protocol B), scaling raw units by --axes to --screen", function()
    local dir = P.tempdir()
    local log = P.write(dir .. "/swipe.txt", table.concat({
      "add device 1: /dev/input/event2",
      "[   5000.000000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000",
      "[   5000.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   0000002a",
      "[   5000.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000001b",
      "[   5000.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0",
      "[   5000.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
      "[   5000.008333] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000010e",
      "[   5000.008333] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
      "[   5000.010000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001",
      "[   5000.010000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   0000002b",
      "[   5000.010000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000200",
      "[   5000.010000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000200",
      "[   5000.010000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
      "[   5000.016666] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000",
      "[   5000.016666] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff",
      "[   5000.016666] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001",
      "[   5000.016666] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff",
      "[   5000.016666] /dev/input/event2: EV_SYN       SYN_REPORT           00000000",
    }, "\n") .. "\n")
    local out, err, code = import("--from getevent --screen 390x844 --axes 1080,2400 " .. P.quote(log))
    assert.are.equal(0, code, err)
    assert.are.same({
      '{"t":0,"id":42,"phase":"down","x":9.75,"y":422}',
      '{"t":0.008333,"id":42,"phase":"move","x":97.5,"y":422}',
      '{"t":0.01,"id":43,"phase":"down","x":184.888889,"y":180.053333}',
      '{"t":0.016666,"id":42,"phase":"up","x":97.5,"y":422}',
      '{"t":0.016666,"id":43,"phase":"up","x":184.888889,"y":180.053333}',
    }, (function() local t = {} for l in out:gmatch("[^\n]+") do t[#t + 1] = l end return t end)())
    -- and the records play
    local records = P.write(dir .. "/swipe.jsonl", out)
    navlua.reset()
    navlua.navigation{root = navlua.screen{title = "A"}}
    assert.is_table(navlua.replay_touches(records))
    P.cleanup()
  end)

  it("reads Chrome DevTools Protocol Input.dispatchTouchEvent, commands or params, lines or an array", function()
    local dir = P.tempdir()
    local lines = P.write(dir .. "/a.jsonl", table.concat({
      '{"method":"Input.dispatchTouchEvent","params":{"type":"touchStart","touchPoints":[{"x":20,"y":400,"id":1}],"timestamp":100.0}}',
      '{"type":"touchMove","touchPoints":[{"x":60,"y":400,"id":1}],"timestamp":100.008}',
      '{"type":"touchEnd","touchPoints":[],"timestamp":100.016}',
    }, "\n"))
    local out, err, code = import("--from cdp " .. P.quote(lines))
    assert.are.equal(0, code, err)
    assert.are.equal('{"t":0,"id":1,"phase":"down","x":20,"y":400}\n'
      .. '{"t":0.008,"id":1,"phase":"move","x":60,"y":400}\n'
      .. '{"t":0.016,"id":1,"phase":"up","x":60,"y":400}\n', out)
    local array = P.write(dir .. "/b.json", '[{"type":"touchStart","touchPoints":[{"x":1,"y":2}]},'
      .. '{"type":"touchEnd","touchPoints":[]}]')
    out, err, code = import("--from cdp " .. P.quote(array))
    assert.are.equal(0, code, err)
    assert.are.equal('{"t":0,"id":0,"phase":"down","x":1,"y":2}\n{"t":0.016667,"id":0,"phase":"up","x":1,"y":2}\n', out)
    P.cleanup()
  end)

  it("names the file and line of a bad record, and exits 2 on a bad command line", function()
    local dir = P.tempdir()
    local cases = {
      {"cdp", '{"type":"touchMove","touchPoints":[{"x":1,"y":1}]}', ":1: a touchMove of touch 0, which is not down"},
      {"cdp", '{"type":"touchStart","touchPoints":[{"x":1,"y":1}]}\n{"type":"wiggle"}', ":2: unknown type 'wiggle'"},
      {"cdp", '{"type":"touchStart","touchPoints":[{"x":1,"y":1}],"timestamp":5}\n'
        .. '{"type":"touchEnd","touchPoints":[],"timestamp":4}', ":2: out of order"},
      {"cdp", '{"type":', ":1: not a JSON object"},
      {"getevent", "[  abc] /dev/input/event2: EV_SYN SYN_REPORT 00000000", ":1: the time in brackets is not a number"},
      {"getevent", "[ 1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_X zz", ":1: the value 'zz' is not hexadecimal"},
    }
    for _, c in ipairs(cases) do
      local file = P.write(dir .. "/bad", c[2])
      local _, err, code = import("--from " .. c[1] .. " " .. P.quote(file))
      assert.are.equal(1, code)
      assert.matches("navlua: .*/bad" .. c[3], err)
    end
    for _, args in ipairs{"--from xml f", "--from cdp", "--from cdp a b", "--screen 0x1 --from cdp f"} do
      local _, err, code = import(args)
      assert.are.equal(2, code, args)
      assert.matches("usage: navlua touches import", err)
    end
    P.cleanup()
  end)
end)
