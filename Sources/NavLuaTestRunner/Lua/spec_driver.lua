-- The Lua side of `navlua test` (SpecDriver.swift tells the whole story):
-- a session that reads the options, prepares busted once in the parent's
-- Lua state (the template every file's process is forked from) and, in a
-- forked child, runs spec files and writes what happened as records.
--
-- This file holds the session's state and the calls the Swift side makes
-- by name; the work is in its parts, one concept each, loaded here from
-- the sources the chunk is given (`sources[name]`, LuaSession.driver):
--
--   spec_wire       the records and the events' Lua text
--   spec_messages   failure messages, limits, tracebacks (pure)
--   spec_bootstrap  the options, busted loaded as its runner loads it
--   spec_plan       discovery, each run's order, compiling, groups
--   spec_run        the recorders, and the run of a forked child
--
-- The chunk returns its module; M.session holds the calls (parse,
-- prepare, discover, plan, compile, groups, report, version, settle,
-- attach, run). Every part has the driver's chunk name: the driver's own
-- frames are left out of a failure's traceback by that name.

local sources = ...

local M = {}

-- Everything the session keeps between calls, in one place. Set by parse
-- (options), prepare (the rest of busted's side) and, in a child, run.
local session = {
  options = nil,            -- test_options.lua's table of the options
  options_module = nil,     -- test_options.lua itself
  busted = nil,             -- busted's core, in this state
  load_file = nil,          -- busted's test file loader: one file
  get_all_files = nil,      -- busted's test file loader: every file under the roots
  execute = nil,            -- busted's execute
  snapshot_module = nil,    -- snapshot_store.lua
  coverage_module = nil,    -- coverage.lua, with --coverage
  events = false,           -- record events for busted's output handlers?
  timeout_figure = "",      -- --timeout and --memory-limit as messages give them
  memory_figure = "",
  compiled = {},            -- spec file -> {chunk, getTrace, rewriteMessage}, or false
  slot_files = {},          -- slot -> the records file opened for it (attach)
  report_module = nil,      -- busted_report.lua, with -o NAME
  -- in a child (and in compile: the collector of a file's records)
  out = nil,                -- the records file
  track_output = false,     -- does the parent need output offsets?
  current_file = nil,       -- spec file running, for messages
  current_test = nil,       -- full name of the test running, for snapshots
  store = nil,              -- snapshots of the current file
  element_ids = setmetatable({}, { __mode = "k" }),   -- element -> its id in the events
  next_element_id = 0,
}

local function part(name, ...)
  local source = sources and sources[name]
  if not source then error("the test driver has no part '" .. name .. "'", 0) end
  return assert(load(source, "=navlua test driver"))(...)
end

local wire = part("spec_wire")
local messages = part("spec_messages")
local run = part("spec_run", session, wire, messages)
local bootstrap = part("spec_bootstrap", session, wire, messages, run)
local plan = part("spec_plan", session, wire)

-- busted's output handlers, in this state (busted_report.lua): `report(
-- source)` loads the module, then `report(name, args...)` calls its function.
local function report(name, ...)
  if not session.report_module then
    session.report_module = load(name, "=navlua busted report")()
    return ""
  end
  return session.report_module[name](...)
end

M.session = {
  parse = bootstrap.parse,
  prepare = bootstrap.prepare,
  version = bootstrap.version,
  discover = plan.discover,
  plan = plan.plan,
  compile = plan.compile,
  groups = plan.groups,
  report = report,
  settle = run.settle,
  attach = run.attach,
  run = run.run,
}

return M
