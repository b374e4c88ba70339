-- busted's own output handlers (utfTerminal, plainTerminal, gtest, TAP,
-- json, junit, sound, or a handler of the project) for `navlua test -o
-- NAME`, in the parent's Lua state (the template, where busted and the
-- modules the handlers use are loaded, as under busted). Each spec file
-- runs in a process of its own, so the handler cannot listen to it: the
-- child records the events busted published (spec_run.lua), and this
-- replays them, file by file in file order, into a busted core of its own
-- (the specs' core is left alone: a child forked later must not have the
-- handler listening) between the suite events busted's execute would
-- publish. What the handler prints is what busted prints.
--
--   R.start(name, option, report_file, verbose, suppress_pending, lang,
--           defer_print, enable_sound, Xoutput...)
--
-- `option` is the option that named the handler as it was typed (`-o`,
-- `--output`), for the message when the handler does not load.
--   R.suite_start(run, runs, seed) ; R.file(events, output) ... ;
--   R.suite_end(run, runs) ; R.finish()

local R = {}

local busted            -- the core the handler listens to
local parents           -- element -> its parent, for busted.parent
local root              -- the suite element of the current run
local elements = {}     -- "file:id" -> element, for one run
local file_count = 0
local interleave        -- write each file's output between its events

local report_out        -- the file the report goes to (--output), else stdout
local report_path       -- where it is copied at the end (beside --output's file)
local report_problem    -- the first write to it that failed (a full disk)
local replay

-- A handler writes with io.write and io.flush (junit's keeps them as
-- locals it took when it loaded) and drops what they return, and a failed
-- flush discards what it held: while a handler loads or runs, they are
-- these, which keep the first failure on --output's file.
local raw_write, raw_flush = io.write, io.flush
local function note(ok, why)
  if not ok and report_out and io.output() == report_out and not report_problem then report_problem = why end
end
local function checked_write(...)
  local ok, why = raw_write(...)
  note(ok, why)
  return ok, why
end
local function checked_flush()
  local ok, why = raw_flush()
  note(ok, why)
  return ok, why
end

-- Runs `fn` with io.write and io.flush checked (above), and puts the
-- library's own back: a child forked later sees them untouched.
local function checked(fn, ...)
  io.write, io.flush = checked_write, checked_flush
  local result = table.pack(pcall(fn, ...))
  io.write, io.flush = raw_write, raw_flush
  return table.unpack(result, 1, result.n)
end

-- Runs `fn` with the handler's output as the default output, and puts
-- the state's own back: a child forked later writes to its stdout.
local function writing(fn, ...)
  local old = io.output()
  io.output(report_out or io.stdout)
  local ok, problem = checked(fn, ...)
  io.stdout:flush()
  note(io.output():flush())
  io.output(old)
  if not ok then error(problem, 0) end
  return ""
end

-- --html's replays in a JUnit report. busted's junit handler keeps each
-- <testcase> node to itself, so while a file's events are fed, the nodes
-- pl.xml makes are watched (only then: a child forked later finds pl.xml
-- untouched), and a test's replay event (spec_run.lua) becomes a
-- <system-out> of the testcase open then: its `replay: PATH` line, and
-- `[[ATTACHMENT|PATH]]`, the line the Jenkins JUnit Attachments plugin and
-- GitLab's unit test reports read as a file attached to the test case.
local testcase   -- the <testcase> node made last, while events are fed

local function watching_testcases(fn, ...)
  local xml = package.loaded["pl.xml"]
  if type(xml) ~= "table" or type(xml.new) ~= "function" then return fn(...) end
  local new = xml.new
  xml.new = function(tag, ...)
    local node = new(tag, ...)
    if tag == "testcase" then testcase = node end
    return node
  end
  local result = table.pack(pcall(fn, ...))
  xml.new, testcase = new, nil
  if not result[1] then error(result[2], 0) end
  return table.unpack(result, 2, result.n)
end

local function attach_replay(_, _, path, problem)
  if testcase and type(testcase.addtag) == "function" then
    local text = "replay: " .. path
    if problem ~= "" then
      text = text .. (path ~= "" and " " or "") .. "(not written: " .. problem .. ")"
    else
      text = text .. "\n[[ATTACHMENT|" .. path .. "]]"
    end
    testcase:addtag("system-out"):text(text):up()
  end
  return nil, true
end

function R.start(name, option, report_file, verbose, suppress_pending, lang, defer_print, enable_sound, ...)
  busted = require("busted.core")()
  parents = setmetatable({}, { __mode = "k" })
  -- what `require 'busted'` gives a handler: this core's API
  local api = {
    publish = busted.publish, subscribe = busted.subscribe, unsubscribe = busted.unsubscribe,
    gettime = busted.gettime, monotime = busted.monotime, sleep = busted.sleep, version = busted.version,
    fail = busted.fail, parent = function(element) return parents[element] end,
    children = busted.context.children,
  }
  local facade = setmetatable({}, {
    __index = api,
    __newindex = function() error("Attempt to modify busted") end,
  })

  local options = {
    defaultOutput = "plainTerminal", enableSound = enable_sound == "true", verbose = verbose == "true",
    suppressPending = suppress_pending == "true", language = lang, deferPrint = defer_print == "true",
    arguments = { ... },
  }
  local specs_busted = package.loaded.busted
  package.loaded.busted = facade
  -- as busted.modules.output_handler_loader, but a handler that cannot be
  -- loaded is an error: nothing has run yet
  local handler
  local ok, err = checked(function()
    if name:match("%.lua$") then
      handler = dofile(name)
    else
      handler = require("busted.outputHandlers." .. name)
    end
  end)
  if not ok and tostring(err):match("module '.-' not found:") then
    ok, err = checked(function() handler = require(name) end)
  end
  if ok and type(handler) == "function" then
    ok, err = checked(function()
      if options.enableSound then require("busted.outputHandlers.sound")(options) end
      handler(options):subscribe(options)
    end)
  elseif ok then
    ok, err = false, "it is not a function"
  end
  package.loaded.busted = specs_busted
  if not ok then
    local message = option .. " " .. name .. ": not text, tap or a busted output handler that loads ("
      .. tostring(err):match("^[^\n]*") .. ")"
    if option == "--output" then
      -- busted's --output names the handler; a report goes to a file with both
      message = message .. "; --output alone names the output format, as in busted:"
        .. " to write the report to a file, give -o FORMAT --output FILE"
    end
    return nil, "2" .. message
  end
  busted.subscribe({ "navlua", "replay" }, attach_replay)
  if report_file ~= "" then
    -- an anonymous file until the report is whole (R.finish): a run killed
    -- meanwhile leaves nothing beside the report (OutputSpool.swift)
    local file, problem = io.tmpfile()
    if not file then return nil, "2cannot write '" .. report_file .. "': " .. tostring(problem) end
    report_out, report_path = file, report_file
  end
  interleave = report_file == ""
  return ""
end

function R.suite_start(run, runs, seed)
  run, runs = tonumber(run), tonumber(runs)
  return writing(function()
    if run > 1 then busted.publish({ "suite", "reset" }, root, run, runs) end
    root = { descriptor = "suite", attributes = {}, starttick = busted.monotime(), starttime = busted.gettime() }
    elements = {}
    busted.publish({ "suite", "start" }, root, run, runs, tonumber(seed))
  end)
end

-- The element a record describes, the same table every time (handlers
-- keep them and key tables by them), with its fields brought up to date;
-- a number is an element sent before.
local function element(record)
  if record == nil then return nil end
  if type(record) == "number" then return elements[file_count .. ":" .. record] end
  if record.parent_record then element(record.parent_record) end
  local key = file_count .. ":" .. record.id
  local e = elements[key]
  if not e then
    e = {}
    elements[key] = e
  end
  for k, v in pairs(record) do
    if k ~= "id" and k ~= "parent" and k ~= "parent_record" then e[k] = v end
  end
  if record.parent == 0 then
    parents[e] = root
  elseif record.parent then
    parents[e] = elements[file_count .. ":" .. record.parent]
  end
  return e
end

local unescapes = { ["\\\\"] = "\\", ["\\t"] = "\t", ["\\n"] = "\n", ["\\r"] = "\r" }

-- One file: its events (lines "OFFSET<TAB>TEXT", TEXT escaped as records
-- are) and its output, which goes to stdout between the events; `problem`
-- (not "") what the parent saw end the file early, for file `name`.
function R.file(events, output, problem, name)
  return writing(watching_testcases, replay, events, output, problem, name)
end

-- The file's process ended inside the elements still open (killed, crashed,
-- interrupted, never started): busted's handlers get the error busted
-- would have published there, on the test if one was running, else on the
-- innermost block, and the ends of what is open, so that a report (junit's
-- above all) does not count the test it died in as passed.
local function close_early(open, problem, name)
  if #open == 0 then
    local file = { descriptor = "file", name = name, attributes = {}, starttick = busted.monotime(),
                   starttime = busted.gettime(), trace = { short_src = name, currentline = 0 } }
    parents[file] = root
    busted.publish({ "file", "start" }, file)
    open[1] = { kind = "file", element = file }
  end
  local function finish(e)
    e.endtick = e.endtick or busted.monotime()
    e.endtime = e.endtime or busted.gettime()
    e.duration = e.duration or (e.starttick and e.endtick - e.starttick) or 0
  end
  local top = open[#open]
  local parent = parents[top.element]
  local trace = { message = problem, traceback = "", short_src = name, currentline = 0 }
  if top.element.trace then
    trace.short_src, trace.currentline = top.element.trace.short_src, top.element.trace.currentline
  end
  busted.publish({ "error", top.element.descriptor }, top.element, parent, problem, trace)
  if top.kind == "test" then
    table.remove(open)
    finish(top.element)
    busted.publish({ "test", "end" }, top.element, parent, "error")
  end
  for i = #open, 1, -1 do
    local e = open[i].element
    finish(e)
    busted.publish({ open[i].kind, "end" }, e, parents[e])
  end
end

local opens = { file = true, describe = true, test = true }

replay = function(events, output, problem, name)
  file_count = file_count + 1
  local offsets, texts = {}, {}
  for offset, text in events:gmatch("(%d*)\t([^\n]*)\n") do
    offsets[#offsets + 1] = tonumber(offset) or 0
    texts[#texts + 1] = text
  end
  -- one chunk for all the events of the file
  local chunk = "return {" .. table.concat(texts, ","):gsub("\\[\\tnr]", unescapes) .. "}"
  local list = load(chunk, "=events", "t", {})()
  local written = 0
  local open = {}   -- {kind, element} of each start not yet ended
  for i, event in ipairs(list) do
    local offset = offsets[i]
    if interleave and offset > written then
      io.stdout:write(output:sub(written + 1, offset))
      written = offset
    end
    local e = element(event.element)
    local parent = element(event.parent)
    local args = event.args or {}
    busted.publish(event.channel, e, parent, table.unpack(args, 1, args.n or #args))
    local kind, phase = event.channel[1], event.channel[2]
    if opens[kind] and phase == "start" then
      open[#open + 1] = { kind = kind, element = e }
    elseif opens[kind] and phase == "end" and #open > 0 then
      open[#open] = nil
    end
  end
  if problem and problem ~= "" then close_early(open, problem, name) end
  if interleave and #output > written then io.stdout:write(output:sub(written + 1)) end
end

function R.suite_end(run, runs)
  return writing(function()
    root.endtick = busted.monotime()
    root.endtime = busted.gettime()
    root.duration = root.endtick - root.starttick
    busted.publish({ "suite", "end" }, root, tonumber(run), tonumber(runs))
  end)
end

-- Copies the spooled report to `path`; nil, else why it could not.
local function copy(from, path)
  local to, why = io.open(path, "wb")
  if not to then return why end
  local ok, problem = from:seek("set")
  while ok do
    local chunk = from:read(65536)
    if not chunk then break end
    ok, problem = to:write(chunk)
  end
  local closed, close_problem = to:close()
  if not ok then return tostring(problem) end
  if not closed then return tostring(close_problem) end
  return nil
end

-- Returns "" when the report was written whole, else why it was not.
function R.finish()
  writing(function() busted.publish({ "exit" }) end)
  if report_out then
    if not report_problem then report_problem = copy(report_out, report_path) end
    report_out:close()
    report_out = nil
  end
  return report_problem or ""
end

return R
