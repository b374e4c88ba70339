-- explore.lua: what navlua.explore costs (issue 38), run by explore.sh:
--
--   navlua run scripts/bench/explore.lua WORKDIR
--
-- 1. Runs per CPU second at 10, 20, 40 and 80 steps: the app of
--    scripts/examples/explore_form_carousel_sheet.lua (a form, a carousel,
--    a sheet; every action kind and every check), with a property that
--    always holds, so that no run stops early.
-- 2. The CPU time to find and shrink seed 004's leak
--    (scripts/examples/explore_seed004.lua) at the same step counts.
-- 3. The same sequences as plain scripts: the first 300 runs of 20 steps
--    written as one navlua script (WORKDIR/plain.lua), which explore.sh
--    times under `navlua run`; this prints explore's time for those runs.
-- CPU time is os.clock's, the median of three; no figure is asserted.

local work = assert(arg[1], "usage: navlua run scripts/bench/explore.lua WORKDIR")
local FORM = "scripts/examples/explore_form_carousel_sheet.lua"
local SEED004 = "scripts/examples/explore_seed004.lua"

local function median(f)
  local t = {f(), f(), f()}
  table.sort(t)
  return t[2]
end

local function always() return true end

local function throughput(steps, runs)
  return median(function()
    local t = dofile(FORM)
    t.property, t.runs, t.steps, t.raise = always, runs, steps, false
    local r, stats = navlua.explore(t)
    assert(r == nil, r and r.message)
    return stats.cpu
  end)
end

print("explore: runs per CPU second (the form, carousel and sheet app; all checks)")
print(string.format("  %6s %8s %14s %14s", "steps", "runs", "runs/CPU s", "steps/CPU s"))
for _, steps in ipairs({10, 20, 40, 80}) do
  local runs = 8000 // steps
  local cpu = throughput(steps, runs)
  print(string.format("  %6d %8d %14.0f %14.0f", steps, runs, runs / cpu, runs * steps / cpu))
end

print("\nexplore: seed 004's leak, found and shrunk (CPU seconds)")
for _, steps in ipairs({10, 20, 40, 80}) do
  local r, stats
  local cpu = median(function()
    local t = dofile(SEED004)
    t.steps, t.raise = steps, false
    local clock = os.clock()
    r, stats = navlua.explore(t)
    return os.clock() - clock
  end)
  print(string.format("  %6d steps: %.4f s  (run %d failed at step %d, shrunk to %d)", steps, cpu, r.run, r.shrunk_from, #r.steps))
end

-- The same 300 sequences, once as explore runs and once as one plain script.
local RUNS = 300
local blocks = {"local explore = dofile(" .. string.format("%q", FORM) .. ")",
                "local clock = os.clock()"}
local t = dofile(FORM)
t.property, t.runs, t.steps, t.raise = always, RUNS, 20, false
t.each_run = function(_, _, lines)
  blocks[#blocks + 1] = "do\nnavlua.reset()\nlocal app = explore.setup()\nlocal nav, screens = app.nav, app.screens\n"
    .. lines .. "\nend"
end
navlua.explore(t)
blocks[#blocks + 1] = "io.write(string.format('%.4f\\n', os.clock() - clock))"
local f = assert(io.open(work .. "/plain.lua", "w"))
f:write(table.concat(blocks, "\n"), "\n")
f:close()
local cpu = median(function()
  local u = dofile(FORM)
  u.property, u.runs, u.steps, u.raise = always, RUNS, 20, false
  return select(2, navlua.explore(u)).cpu
end)
print(string.format("\nthe same %d runs of 20 steps: explore %.4f s", RUNS, cpu))
