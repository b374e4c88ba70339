-- Issue 22, "What a new user trips on": each case is what a user typed,
-- run through the real binary as they ran it ($NAVLUA, or the release
-- build), with the message or the behaviour they should have had.

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local SCENARIO = "navlua.navigation{root = navlua.screen{title = 'A'}} navlua.tick(2)"

-- Files the run left in `dir` (none is expected after a usage error).
local listing = P.listing

describe("a file name whose extension the writer does not write", function()
  it("is refused by navlua.render with the script's line, naming SVG, and nothing is written", function()
    local dir = P.tempdir()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}}\nnavlua.render(arg[1])\n")
    local _, err, status = P.navlua(q(script) .. " " .. q(dir .. "/a.png"))
    assert.are.equal(1, status)
    assert.are.equal("navlua: " .. script .. ":2: navlua.render: cannot write '" .. dir .. "/a.png': its extension"
                     .. " is not .svg (navlua writes pictures as SVG only)\n", err:match("^[^\n]*\n"))
    assert.are.equal("", listing(dir))
  end)

  it("is a usage error for --timeline and --filmstrip, exit 2 before anything runs", function()
    local dir = P.tempdir()
    local script = P.script("print('ran') " .. SCENARIO)
    for _, option in ipairs{"--timeline", "--filmstrip"} do
      local out, err, status = P.navlua("run " .. option .. " " .. q(dir .. "/tl.png") .. " " .. q(script))
      assert.are.equal(2, status, option)
      assert.are.equal("", out)
      assert.are.equal("navlua: " .. option .. ": cannot write '" .. dir .. "/tl.png': its extension is not .svg"
                       .. " (navlua writes pictures as SVG only)\nTry 'navlua --help'.\n", err)
    end
    assert.are.equal("", listing(dir))
  end)

  it("is a usage error for --trace, which writes .json and .jsonl", function()
    local dir = P.tempdir()
    local script = P.script(SCENARIO)
    local out, err, status = P.navlua("run --trace " .. q(dir .. "/t.txt") .. " " .. q(script))
    assert.are.equal(2, status)
    assert.are.equal("", out)
    assert.are.equal("navlua: --trace: cannot write '" .. dir .. "/t.txt': its extension is not .json or .jsonl"
                     .. " (navlua writes the trace as Chrome's Trace Event JSON or as JSON Lines)\n"
                     .. "Try 'navlua --help'.\n", err)
    assert.are.equal("", listing(dir))
  end)

  it("is told apart ignoring case, and a name without an extension gets the first format", function()
    local dir = P.tempdir()
    local script = P.script(SCENARIO .. " navlua.render(arg[1] .. '/frame.SVG') navlua.render(arg[1] .. '/frame')")
    local _, err, status = P.navlua("run --trace " .. q(dir .. "/t.JSONL") .. " --timeline " .. q(dir .. "/tl.Svg")
                                    .. " --filmstrip " .. q(dir .. "/film") .. " " .. q(script) .. " " .. q(dir))
    assert.are.equal(0, status, err)
    assert.matches('^{"t":0,', P.read(dir .. "/t.JSONL"))   -- JSON Lines, not Chrome's JSON
    for _, name in ipairs{"tl.Svg", "film", "frame.SVG", "frame"} do
      assert.matches("^<%?xml[^\n]*\n<svg", P.read(dir .. "/" .. name), nil, name)
    end
  end)
end)

describe("--preset with a name that is not a built-in preset", function()
  it("is a usage error at once, exit 2, listing the presets, for run and the REPL", function()
    local script = P.script("print('ran') " .. SCENARIO)
    for _, command in ipairs{"run --preset flutr " .. q(script), "repl --preset flutr"} do
      local out, err, status = P.navlua(command)
      assert.are.equal(2, status, command)
      assert.are.equal("", out, command)
      assert.are.equal("navlua: --preset: unknown preset 'flutr' (expected one of: uikit, flutter,"
                       .. " react_navigation, ios26, swiftui, native_stack, android; --preset names a built-in preset)\nTry 'navlua --help'.\n", err)
    end
  end)

  it("takes each built-in preset", function()
    local script = P.script("print(navlua.navigation{root = navlua.screen{title = 'A'}}.preset)")
    for _, name in ipairs{"uikit", "flutter", "react_navigation"} do
      local out, err, status = P.navlua("run --preset " .. name .. " " .. q(script))
      assert.are.equal(0, status, err)
      assert.are.equal(name .. "\n", out)
    end
  end)
end)

describe("lua's options before the word run", function()
  it("are taken as if they came after it: navlua -W run x.lua is navlua run -W x.lua", function()
    local script = P.script("warn('careful') print(arg[0] == ..., ...)")
    local out, err, status = P.navlua("-W run " .. q(script) .. " a")
    assert.are.equal(0, status, err)
    assert.are.equal("Lua warning: careful\n", err)
    assert.are.equal("false\ta\n", out)
    out, err, status = P.navlua("-e " .. q("x = 1") .. " run -W -e " .. q("print(x)"))
    assert.are.equal(0, status, err)
    assert.are.equal("1\n", out)
  end)

  it("leave run needing something to run, and a script named run runs as ./run", function()
    local _, err, status = P.navlua("-E run")
    assert.are.equal(2, status)
    assert.are.equal("navlua: run needs a FILE, '-' or -e CODE\nTry 'navlua --help'.\n", err)
    local dir = P.tempdir()
    P.write(dir .. "/run", "print('the file run')")
    local out
    out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " -W ./run")
    assert.are.equal(0, status, err)
    assert.are.equal("the file run\n", out)
  end)
end)

describe("several unknown options", function()
  it("are all named, sorted, whatever order pairs visits them in", function()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}, did_dismiss = function() end,"
                            .. " will_dismiss = function() end, did_attempt_to_dismiss = function() end}")
    local _, err, status = P.navlua("run " .. q(script))
    assert.are.equal(1, status)
    assert.are.equal("navlua: " .. script .. ":1: navlua.navigation: unknown options 'did_attempt_to_dismiss',"
                     .. " 'did_dismiss', 'will_dismiss' (expected one of: style, root, pop_gesture, dismiss_at_root,"
                     .. " bar_per_screen, edge_width, completion, transition, presentation, gesture_delegate,"
                     .. " preset, delegate, calls_during_transition, presentation_delegate, recognizers,"
                     .. " full_screen_gesture_enabled, gesture_response_distance, back_animation)\n", err:match("^[^\n]*\n"))
  end)

  it("are all named for a gesture delegate too", function()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}, gesture_delegate ="
                            .. " {should_start = print, on_touch = print, should_begin = print}}")
    local _, err = P.navlua("run " .. q(script))
    assert.truthy(err:find("gesture_delegate: unknown methods 'on_touch', 'should_start' (expected"
                           .. " should_receive_touch, should_begin, should_recognize_simultaneously)\n", 1, true), err)
  end)
end)
