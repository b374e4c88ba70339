-- The child's run in `navlua test`'s driver (spec_driver.lua): the
-- recorders that turn busted's events into records (installed in the
-- template, heard in the child), what the template readies before the
-- first fork (attach, settle), and run, the body of a forked child.
--
-- Loaded by spec_driver.lua with the session and the parts it uses.

local session, wire, messages = ...

local R = {}

-- (taken now: a spec may replace the global debug)
local registry = debug.getregistry()

-- One record to the records file of the session (a child's, or compile's
-- collector).
function R.emit(...)
  wire.emit(session.out, ...)
end

-- Where the child's output (fd 1 and 2, one file) has got to: only when a
-- group's files share the output or events are placed in it ("" else).
local function output_offset()
  if not session.track_output then return "" end
  io.stdout:flush()
  io.stderr:flush()
  return io.stdout:seek("cur") or 0
end

-- "describe it" names, as busted's own output handlers build them.
local function full_name(element)
  if element.navlua_full_name then return element.navlua_full_name end
  local busted = session.busted
  local names = { element.name or element.descriptor }
  local parent = busted.context.parent(element)
  while parent and (parent.name or parent.descriptor) and parent.descriptor ~= "file" do
    table.insert(names, 1, parent.name or parent.descriptor)
    parent = busted.context.parent(parent)
  end
  element.navlua_full_name = table.concat(names, " ")
  return element.navlua_full_name
end

-- A limit ends the file: once one fires, the rest of the file is skipped.
local function limit_message(message)
  local text, ends_file = messages.limit_message(message, session.timeout_figure, session.memory_figure)
  if ends_file then session.busted.skipAll = true end
  return text
end

-- The fields of a busted element that output handlers read.
R.element_fields = { "descriptor", "name", "attributes", "trace", "starttick", "endtick", "starttime",
                     "endtime", "duration", "randomseed" }

-- The fields that change while an element runs; the rest are sent once.
local changing = { "starttick", "endtick", "starttime", "endtime", "duration", "randomseed" }

-- An element for an event: all of it the first time it is sent, then its
-- id and the fields that change. Its parent has always been sent before
-- (a block starts before what it holds); 0 is the suite.
local function element_record(element)
  if element == nil then return nil end
  local ids = session.element_ids
  local id = ids[element]
  local copy
  if id then
    copy = { id = id }
    for _, k in ipairs(changing) do copy[k] = element[k] end
    return copy
  end
  session.next_element_id = session.next_element_id + 1
  id = session.next_element_id
  ids[element] = id
  copy = { id = id }
  for _, k in ipairs(R.element_fields) do copy[k] = element[k] end
  if element.descriptor == "file" and session.options["auto-insulate"] then
    copy.attributes = { envmode = "insulate" }   -- as busted has it (see R.run)
  end
  local parent = session.busted.context.parent(element)
  if parent and parent.descriptor ~= "suite" and not ids[parent] then
    copy.parent_record = element_record(parent)
  end
  copy.parent = parent and (parent.descriptor == "suite" and 0 or ids[parent]) or nil
  return copy
end

-- One event for busted's output handlers: the channel, the element, its
-- parent's id and the rest of the arguments, with the output's offset.
local function record_event(channel, element, parent, ...)
  if not session.events then return end
  local event = { channel = channel, element = element_record(element),
                  parent = parent and (session.element_ids[parent] or element_record(parent)) or nil,
                  args = table.pack(...) }
  R.emit("event", output_offset(), wire.encode(event))
end

-- With --html DIR: at each test's end, the function FailureReplays.swift
-- keeps in the registry (none without --html) gives the path of a failed
-- test's replay (written by the process that runs the file again), named
-- in a record for navlua's reports and in an event (channel navlua replay)
-- for busted's: busted_report.lua puts it in junit's <testcase>.
function R.test_replay(element, parent, failed)
  local ended = registry["navlua test replay"]
  if not ended then return end
  -- protected: a limit that fires in the call must not cost the test its end event
  local ok, path, problem = pcall(ended, session.current_file or "", full_name(element), failed)
  if not ok then path, problem = "", tostring(path) end
  if path == nil then return end
  R.emit("replay", path, problem or "")
  record_event({ "navlua", "replay" }, element, parent, path, problem or "")
end

-- The subscribers that turn busted's events into records, where busted's
-- runner subscribes its output handler.
function R.install_recorders()
  local busted = session.busted
  local outcome = {}          -- element -> {message, traceback} of its failure

  busted.subscribe({ "file", "start" }, function(file)
    record_event({ "file", "start" }, file)
    return nil, true
  end)
  busted.subscribe({ "file", "end" }, function(file)
    if file.randomseed then R.emit("seed", "", file.randomseed) end
    record_event({ "file", "end" }, file)
    return nil, true
  end)
  busted.subscribe({ "describe", "start" }, function(describe, parent)
    record_event({ "describe", "start" }, describe, parent)
    return nil, true
  end)
  busted.subscribe({ "describe", "end" }, function(describe, parent)
    if describe.randomseed then R.emit("seed", full_name(describe), describe.randomseed) end
    record_event({ "describe", "end" }, describe, parent)
    return nil, true
  end)

  busted.subscribe({ "test", "start" }, function(element, parent)
    session.current_test = full_name(element)
    record_event({ "test", "start" }, element, parent)
    return nil, true
  end)

  busted.subscribe({ "test", "end" }, function(element, parent, status)
    local o = outcome[element] or {}
    outcome[element] = nil
    local kind = ({ success = "pass", failure = "fail", error = "error", pending = "skip" })[status] or "error"
    R.emit("test", kind, full_name(element), messages.where(element.trace, session.current_file),
           o.message or (kind == "skip" and element.message) or "", o.traceback or "")
    R.test_replay(element, parent, kind == "fail" or kind == "error")
    session.current_test = nil
    record_event({ "test", "end" }, element, parent, status)
    return nil, true
  end)

  busted.subscribe({ "pending" }, function(element, parent, message, trace)
    outcome[element] = { message = message }
    record_event({ "pending", element.descriptor }, element, parent, message, trace)
    return nil, true
  end)

  local function on_problem(kind)
    return function(element, parent, message, trace)
      local text = messages.with_refusals(messages.with_pitfalls(limit_message(message)))
      if element.descriptor == "it" then
        outcome[element] = { message = text, traceback = messages.traceback_of(trace, text) }
      else
        local name = element.descriptor == "file" and "" or full_name(element)
        R.emit("error", name, messages.where(trace or element.trace, session.current_file), text,
               messages.traceback_of(trace, text))
      end
      -- busted's runner: --no-keep-going stops at the first problem
      if not session.options["keep-going"] then busted.skipAll = true end
      if trace and text:find("^not enough memory") then
        -- its traceback was taken after the stack unwound: the driver's frames
        local copy = {}
        for k, v in pairs(trace) do copy[k] = v end
        copy.traceback, trace = "", copy
      end
      record_event({ kind, element.descriptor }, element, parent, text, trace)
      return nil, true
    end
  end
  busted.subscribe({ "failure" }, on_problem("failure"))
  busted.subscribe({ "error" }, on_problem("error"))
end

-- Collects what is garbage before the first fork, so that no child starts
-- in the middle of a cycle (which would copy every page of the heap).
function R.settle()
  collectgarbage("collect")
  return ""
end

-- The records files of the worker's slots, opened here in the template so
-- that a child finds its own open (one open and one buffer less per file).
function R.attach(...)
  for i, path in ipairs({ ... }) do
    session.slot_files[i - 1] = assert(io.open(path, "w"))
    session.slot_files[i - 1]:setvbuf("full")
  end
  return ""
end

-- In a forked child: runs `files` (one, or a group that shares this state)
-- with `seed`, writing records to the file of `slot` (or to the path `slot`
-- names when it is not one of the attached slots).
function R.run(slot, seed, ...)
  local options, busted = session.options, session.busted
  local files = { ... }
  local single = #files == 1
  session.track_output = session.events or not single
  session.out = session.slot_files[tonumber(slot)] or assert(io.open(slot, "w"))
  busted.randomseed = tonumber(seed) or busted.randomseed
  if single and options["auto-insulate"] then
    -- the process ends with its one file: nothing to restore _G for
    busted.register("file", "file", {})
  end
  local coverage
  if session.coverage_module then
    coverage = session.coverage_module.start({ patterns = options.pattern, roots = options.roots })
  end
  local dirs = {}
  for k, name in ipairs(files) do
    session.current_file = name
    -- a second run for --html's replays (ReplayStandby) writes no snapshot
    session.store = session.snapshot_module.new(name, options["update-snapshots"],
                                                registry["navlua test replaying"] == true)
    if not single then R.emit("load", k, output_offset()) end
    -- helpers beside a spec load with require, after the project's own modules
    local dir = name:match("^(.*)/") or "."
    if not dirs[dir] then
      dirs[dir] = true
      package.path = package.path .. ";" .. dir .. "/?.lua;" .. dir .. "/?/init.lua"
    end
    local chunk = session.compiled[name]
    if chunk == nil then
      local testFile, getTrace, rewriteMessage = session.load_file(busted, name)
      chunk = testFile and { testFile, getTrace, rewriteMessage } or false
    end
    -- (a file that did not load was reported when it was compiled)
    if chunk then
      busted.executors.file(name, setmetatable({ getTrace = chunk[2], rewriteMessage = chunk[3] },
                                               { __call = chunk[1] }))
    end
  end
  if not single then
    local file_index = 0
    busted.subscribe({ "file", "start" }, function(file)
      -- records after this one belong to this file
      for k, name in ipairs(files) do
        if name == file.name and k > file_index then file_index = k; break end
      end
      session.current_file = file.name
      session.store = session.snapshot_module.new(file.name, options["update-snapshots"])
      R.emit("file", file_index, output_offset())
      return nil, true
    end, { priority = 1 })
  end
  session.execute(1, {})
  if coverage then
    coverage:stop()
    for _, line in ipairs(coverage:records()) do R.emit("coverage", line[1], line[2]) end
  end
  R.emit("done", output_offset())
  session.out:close()
  return ""
end

return R
