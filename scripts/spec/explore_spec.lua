-- Manual §13 (SPEC §17): navlua.explore and `navlua explore`. The seeds'
-- pitfalls are found from their apps' code alone; the result is 1-minimal,
-- the same for the same seed, and its script fails the same way under
-- `navlua run`; shards share the runs; wrong tables are errors with
-- file:line. No timing is asserted (scripts/bench measures speed).

local P = require "support.process"

local SEED001 = "scripts/examples/explore_seed001.lua"
local SEED004 = "scripts/examples/explore_seed004.lua"
local FORM = "scripts/examples/explore_form_carousel_sheet.lua"

local function explore(t, extra)
  t.raise = false
  for k, v in pairs(extra or {}) do t[k] = v end
  return navlua.explore(t)
end

local function file_text(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
  return path
end

describe("navlua.explore finds the seeds' pitfalls from the app's code alone", function()
  it("seed 001: a swipe at the root freezes the app (nav.stuck)", function()
    local r = explore(dofile(SEED001))
    assert.is_table(r)
    assert.are.equal("stuck", r.check)
    assert.matches("root freeze", r.message)
    assert.are.equal(1, #r.steps)
    assert.are.equal("drag", r.steps[1].action)
    assert.are.equal(1, r.seed)
  end)

  it("seed 004: the global switch leaks in the first version", function()
    local r = explore(dofile(SEED004))
    assert.is_table(r)
    assert.are.equal("pitfall", r.check)
    assert.matches("pop_gesture_leaked", r.message)
    assert.is_true(#r.steps <= r.shrunk_from)
  end)

  it("seed 004: nothing in its fix (the wish kept per screen)", function()
    local r, stats = explore(loadfile(SEED004)("fixed"))
    assert.is_nil(r)
    assert.are.equal(300, stats.runs)
  end)

  it("an app with a form, a carousel and a sheet: every action kind runs", function()
    local r = explore(dofile(FORM), {checks = {}, property = function() return true end, runs = 60})
    assert.is_nil(r)
  end)
end)

describe("the result", function()
  it("is 1-minimal: no step removed, no number moved towards its target fails the same way", function()
    for _, file in ipairs({SEED001, SEED004, FORM}) do
      local r = assert(explore(dofile(file)), file)
      local neighbours = r.neighbours()
      assert.is_true(#neighbours >= #r.steps)
      local kind = r.message:match("^pitfall (%S+)")
      for _, steps in ipairs(neighbours) do
        local check, message = r.replay(steps)
        local same = check == r.check and (kind == nil or message:match("^pitfall (%S+)") == kind)
        assert.is_false(same, file .. ": a neighbour still fails the same way: " .. tostring(message))
      end
      -- and the steps themselves still fail
      assert.are.equal(r.check, (r.replay(r.steps)))
    end
  end)

  it("is the same for the same seed, and says its seed and run", function()
    local a = explore(dofile(SEED004), {seed = 7})
    local b = explore(dofile(SEED004), {seed = 7})
    assert.are.equal(a.script, b.script)
    assert.are.same(a.steps, b.steps)
    assert.are.equal(7, a.seed)
    assert.matches("seed 7, run " .. a.run, a.script, 1, true)
  end)

  it("does not depend on math.random's state", function()
    math.randomseed(1)
    local a = explore(dofile(SEED004), {seed = 9})
    math.randomseed(2)
    for _ = 1, 10 do math.random() end
    local b = explore(dofile(SEED004), {seed = 9})
    assert.are.equal(a.script, b.script)
  end)

  it("prints a script that fails the same way under navlua run", function()
    for _, file in ipairs({SEED001, SEED004, FORM}) do
      local r = explore(dofile(file))
      local path = write(os.tmpname(), r.script)
      local _, err, status = P.navlua("run " .. P.quote(path))
      os.remove(path)
      assert.are.equal(1, status, file)
      assert.matches("navlua: " .. r.message, err, 1, true)
    end
  end)

  it("of a hook that raises: the script's step raises the same error under navlua run", function()
    local path = write(os.tmpname() .. ".lua", [[
      return {setup = function()
        local detail = navlua.screen{title = "Detail"}
        function detail.will_go_back(self) if self.armed then error("the form cannot close") end end
        local nav = navlua.navigation{style = "edge", root = navlua.screen{title = "Home"}}
        return {nav = nav, screens = {detail}, toggles = {{detail, "armed", {true, false}}}}
      end}
    ]])
    local r = explore(dofile(path))
    assert.are.equal("error", r.check)
    assert.matches("hook 'will_go_back' of screen 'Detail' failed: .*the form cannot close", r.message)
    local script = write(os.tmpname(), r.script)
    local _, err, status = P.navlua("run " .. P.quote(script))
    os.remove(script)
    os.remove(path)
    assert.are.equal(1, status)
    assert.matches("hook 'will_go_back' of screen 'Detail' failed: .*the form cannot close", err)
  end)

  it("of a sheet given with its present options: the script presents it with them", function()
    local path = write(os.tmpname() .. ".lua", [[
      return {
        setup = function()
          local sheet = navlua.navigation{root = navlua.screen{title = "Filters"}}
          local nav = navlua.navigation{root = navlua.screen{title = "Home"}}
          return {nav = nav, sheets = {{sheet, {style = "page_sheet", detents = {"medium", "large"}}}}}
        end,
        property = function(app) return app.sheets[1][1].detent ~= "medium", "the sheet rests at medium" end,
      }
    ]])
    local r = explore(dofile(path))
    assert.matches('app.sheets[1][1]:present({detents = {"medium", "large"}, style = "page_sheet"})', r.script, 1, true)
    local script = write(os.tmpname(), r.script)
    local _, err, status = P.navlua("run " .. P.quote(script))
    os.remove(script)
    os.remove(path)
    assert.are.equal(1, status)
    assert.matches("navlua: the sheet rests at medium", err, 1, true)
  end)

  it("is a script a person would write: a comment per step, navlua calls", function()
    local r = explore(dofile(SEED004))
    local comments = 0
    for n in r.script:gmatch("\n%-%- (%d+)%. ") do comments = comments + 1 end
    assert.are.equal(#r.steps, comments)
    assert.matches('dofile("' .. SEED004 .. '")', r.script, 1, true)
    assert.is_function(load(r.script))
  end)
end)

describe("runs", function()
  local never = {property = function() return true end, runs = 30, steps = 5}

  it("of the N shards together are exactly the runs of one search", function()
    local total = 0
    for k = 1, 3 do
      local r, stats = explore(dofile(SEED004), {property = never.property, checks = {pitfall = false}, runs = 31, shard = k .. "/3"})
      assert.is_nil(r)
      total = total + stats.runs
    end
    assert.are.equal(31, total)
  end)

  it("the first failure of any shard is the unsharded search's", function()
    local whole = explore(dofile(SEED004), {seed = 3})
    local first
    for k = 1, 4 do
      local r = explore(dofile(SEED004), {seed = 3, shard = k .. "/4"})
      if r and (not first or r.run < first.run) then first = r end
    end
    assert.are.equal(whole.run, first.run)
    assert.are.equal(whole.script, first.script)
  end)

  it("use only the actions the weights allow", function()
    local r = explore(dofile(SEED001), {actions = {edge_swipe = 0, swipe = false, tap = 1}, runs = 20})
    assert.is_nil(r)
  end)
end)

describe("errors name file:line", function()
  local function app() return {nav = navlua.navigation{root = navlua.screen{title = "A"}}, screens = {}} end
  local line = debug.getinfo(1, "l").currentline

  it("a setup that raises", function()
    local ok, err = pcall(navlua.explore, {setup = function() error("no app") end})
    assert.is_false(ok)
    assert.matches("explore_spec.lua:%d+: navlua.explore: setup raised an error: .*no app", err)
  end)

  it("a setup that returns something that is not an app", function()
    local ok, err = pcall(navlua.explore, {setup = function() return 42 end})
    assert.is_false(ok)
    assert.matches("explore_spec.lua:%d+: navlua.explore: setup returned number", err)
  end)

  it("a property that raises", function()
    local ok, err = pcall(navlua.explore, {setup = app, property = function() error("oops") end})
    assert.is_false(ok)
    assert.matches("explore_spec.lua:%d+: navlua.explore: the property raised an error: .*oops", err)
  end)

  it("an unknown action name, at the call", function()
    local ok, err = pcall(navlua.explore, {setup = app, actions = {fly = 1}})
    assert.is_false(ok)
    assert.matches("explore_spec.lua:%d+: navlua.explore: unknown action 'fly'", err)
    assert.is_true(tonumber(err:match(":(%d+):")) > line)
  end)
end)

describe("inside navlua test", function()
  it("a failing explore fails its test with the shrunk script in the message", function()
    local t = dofile(SEED001)
    local ok, err = pcall(navlua.explore, t)
    assert.is_false(ok)
    assert.matches("explore_spec.lua:%d+: navlua.explore: root freeze", err)
    assert.matches("the shrunk script:\n-- Found by navlua.explore", err, 1, true)
  end)
end)

describe("navlua explore FILE", function()
  it("exits 1 with the shrunk script on stdout and the seed and run on stderr", function()
    local out, err, status = P.navlua("explore " .. SEED004 .. " --seed 5 --steps 25")
    assert.are.equal(1, status)
    assert.matches("^%-%- Found by navlua.explore %(seed 5, run %d+%)", out)
    assert.matches("seed 5, run %d+", err)
  end)

  it("exits 0 when nothing fails", function()
    local _, err, status = P.sh("EXPLORE_FIX=1 " .. P.quote(P.binary()) .. " explore " .. SEED004 .. " --runs 40")
    assert.are.equal(0, status, err)
    assert.matches("no failure in 40 runs of 20 steps %(seed 1%)", err)
  end)

  it("writes the shrunk run's replay with --html", function()
    local dir = P.tempdir()
    local _, _, status = P.navlua("explore " .. SEED001 .. " --html " .. dir .. "/r.html")
    assert.are.equal(1, status)
    assert.matches("<html", file_text(dir .. "/r.html"))
    P.cleanup()
  end)

  it("with --shard K/N finds the same first failure as the whole search", function()
    local whole = P.navlua("explore " .. SEED004 .. " --seed 3")
    local best, best_run
    for k = 1, 3 do
      local out, err = P.navlua("explore " .. SEED004 .. " --seed 3 --shard " .. k .. "/3")
      local run = tonumber(err:match("run (%d+)"))
      if run and (not best_run or run < best_run) then best, best_run = out, run end
    end
    assert.are.equal(whole, best)
  end)

  it("refuses wrong options with exit 2", function()
    for _, args in ipairs({"", SEED001 .. " --runs 0", SEED001 .. " --shard 4/3", SEED001 .. " --html a.png", SEED001 .. " --fast"}) do
      local _, err, status = P.navlua("explore " .. args)
      assert.are.equal(2, status, args)
      assert.matches("usage: navlua explore FILE", err)
    end
  end)

  it("an unknown action in FILE is an error naming FILE:line", function()
    local path = write(os.tmpname() .. ".lua", "return {setup = function() end,\n  actions = {\n    fly = 1}}\n")
    local _, err, status = P.navlua("explore " .. path)
    os.remove(path)
    assert.are.equal(1, status)
    assert.matches(":3: navlua.explore: unknown action 'fly'", err, 1, true)
  end)
end)
