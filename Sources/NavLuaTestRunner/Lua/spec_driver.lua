-- The Lua side of `navlua test` (SpecDriver.swift tells the whole story):
-- a session that reads the options, prepares busted once in the parent's
-- Lua state (the template every file's process is forked from) and, in a
-- forked child, runs spec files and writes what happened as records.
--
-- The chunk returns its module; M.session(...) starts the session that the
-- Swift side then drives by name (parse, prepare, discover, plan, run).
-- Called as its own spec does (scripts/lua_spec), only the pure helpers are
-- used and nothing runs.

local M = {}

local escapes = { ["\\"] = "\\\\", ["\t"] = "\\t", ["\n"] = "\\n", ["\r"] = "\\r" }

-- One record: each field as text (nil and false as ""), escaped, joined by tabs.
function M.record(...)
  local fields = table.pack(...)
  for i = 1, fields.n do
    local f = tostring(fields[i] or "")
    fields[i] = f:find("[\\\t\n\r]") and f:gsub("[\\\t\n\r]", escapes) or f
  end
  return table.concat(fields, "\t", 1, fields.n) .. "\n"
end

-- A failure's message, plus one line for each pitfall (issue 13) that
-- occurred in the test's world and that the message does not name yet.
function M.with_pitfalls(message)
  if type(message) ~= "string" or type(navlua) ~= "table" then return message end
  local ok, events = pcall(navlua.trace, "pitfall")
  if not ok or type(events) ~= "table" then return message end
  local seen = {}
  for _, e in ipairs(events) do
    local name = tostring(e.name)
    if not seen[name] and not message:find("pitfall " .. name, 1, true) then
      seen[name] = true
      message = message .. string.format("\npitfall %s at %.3f s on '%s': fix: %s",
                                         name, e.t or 0, tostring(e.screen), tostring(e.fix))
    end
  end
  return message
end

-- "file:line" of a trace, else the spec file itself.
function M.where(trace, spec_file)
  if trace and trace.short_src and trace.currentline and trace.currentline > 0 then
    return trace.short_src .. ":" .. trace.currentline
  end
  return spec_file
end

-- The message for a failure, and whether it was a limit (which ends the
-- file: the rest of it is skipped). A nil message is what an error in the
-- message handler leaves, which only running out of memory causes.
function M.limit_message(message, timeout_figure, memory_figure)
  if message == nil then
    return "error in error handling (out of memory?); the rest of the file did not run", true
  end
  message = tostring(message)
  if message:find("timeout: the script ran past its time limit", 1, true) then
    return message .. " (--timeout " .. timeout_figure .. " s); the rest of the file did not run", true
  elseif message == "interrupted!" or message:find("^[^\n]*: interrupted!$") then
    return message .. " (SIGINT); the rest of the file did not run", true
  elseif message:find("not enough memory", 1, true) then
    return "not enough memory: the file exhausted --memory-limit (" .. memory_figure
      .. " MB); the rest of the file did not run", true
  end
  return message, false
end

-- The traceback without the driver's own frames; none for a memory error,
-- whose traceback is taken after the stack has unwound.
function M.traceback_of(trace, message)
  if not trace or not trace.traceback or message:find("^not enough memory") then return "" end
  return (trace.traceback:gsub("\n\t[^\n]*navlua test driver:[^\n]*", ""))
end

-- luaL_traceback's text from `level` (1: the caller of this function) up
-- to the first C function, without its search of package.loaded for a
-- global name (which costs most of a small spec file's time and names only
-- functions that modules export): what busted keeps of a traceback
-- (it cuts it at the first "[C]") is the same but for such names.
function M.traceback(level)
  level = level + 1
  local last = level
  while debug.getinfo(last + 1, "") do last = last + 1 end
  local out = { "\nstack traceback:" }
  local limit = (last - level + 1 > 21) and 10 or -1
  while true do
    local info = debug.getinfo(level, "Slnt")
    if not info then break end
    if limit == 0 then
      local n = last - level - 11 + 1
      out[#out + 1] = "\n\t...\t(skipping " .. n .. " levels)"
      level = level + n
    else
      if info.currentline <= 0 then
        out[#out + 1] = "\n\t" .. info.short_src .. ": in "
      else
        out[#out + 1] = "\n\t" .. info.short_src .. ":" .. info.currentline .. ": in "
      end
      if info.namewhat == "global" then
        out[#out + 1] = "function '" .. info.name .. "'"
      elseif info.namewhat ~= "" then
        out[#out + 1] = info.namewhat .. " '" .. info.name .. "'"
      elseif info.what == "main" then
        out[#out + 1] = "main chunk"
      elseif info.what ~= "C" then
        out[#out + 1] = "function <" .. info.short_src .. ":" .. info.linedefined .. ">"
      else
        out[#out + 1] = "?"
      end
      if info.istailcall then out[#out + 1] = "\n\t(...tail calls...)" end
      if info.what == "C" then break end
    end
    limit = limit - 1
    level = level + 1
  end
  return table.concat(out)
end

-- A value as Lua constructor text that loads back as plain data: strings,
-- numbers, booleans and tables of them (functions, userdata and cycles are
-- left out). For the events replayed into busted's output handlers.
function M.encode(value, depth, seen)
  local t = type(value)
  if t == "string" then
    return string.format("%q", value)
  elseif t == "number" then
    if math.type(value) == "integer" then return string.format("%d", value) end
    if value ~= value then return "0/0" end
    if value == math.huge then return "1/0" elseif value == -math.huge then return "-1/0" end
    return string.format("%.17g", value)
  elseif t == "boolean" then
    return tostring(value)
  elseif t == "table" then
    depth, seen = depth or 0, seen or {}
    if depth > 8 or seen[value] then return nil end
    seen[value] = true
    local parts = {}
    for k, v in next, value do
      local tk = type(k)
      if tk == "string" or tk == "number" or tk == "boolean" then
        local ev = M.encode(v, depth + 1, seen)
        if ev then parts[#parts + 1] = "[" .. M.encode(k) .. "]=" .. ev end
      end
    end
    seen[value] = nil
    table.sort(parts)
    return "{" .. table.concat(parts, ",") .. "}"
  end
  return nil
end

-- The fields of a busted element that output handlers read.
M.element_fields = { "descriptor", "name", "attributes", "trace", "starttick", "endtick", "starttime",
                     "endtime", "duration", "randomseed" }

-- ---- the session ---------------------------------------------------------------

local session = {}
M.session = session

local options           -- from test_options.lua
local busted            -- busted's core, in this state
local loadTestFile, getAllTestFiles, execute
local out               -- the records file of a child
local current_file      -- spec file running, for messages
local current_test      -- full name of the test running, for snapshots
local store             -- snapshots of the current file
local snapshot_module
local coverage_module, coverage
local events            -- replay events for busted's output handlers?
local timeout_figure, memory_figure = "", ""

local function emit(...)
  out:write(M.record(...))
  out:flush()
end

local track_output      -- does the parent need output offsets?

-- Where the child's output (fd 1 and 2, one file) has got to: only when a
-- group's files share the output or events are placed in it ("" else).
local function output_offset()
  if not track_output then return "" end
  io.stdout:flush()
  io.stderr:flush()
  return io.stdout:seek("cur") or 0
end

-- "describe it" names, as busted's own output handlers build them.
local function full_name(element)
  if element.navlua_full_name then return element.navlua_full_name end
  local names = { element.name or element.descriptor }
  local parent = busted.context.parent(element)
  while parent and (parent.name or parent.descriptor) and parent.descriptor ~= "file" do
    table.insert(names, 1, parent.name or parent.descriptor)
    parent = busted.context.parent(parent)
  end
  element.navlua_full_name = table.concat(names, " ")
  return element.navlua_full_name
end

-- Parses the command line (and .busted); keeps the options for the rest of
-- the session. Returns what TestOptions.swift reads.
function session.parse(options_source, ...)
  local parser = assert(load(options_source, "=navlua test options"))()
  local problem
  options, problem = parser.parse({ ... })
  if not options then return nil, problem end
  session.options_module = parser
  if options.help then return "help-text\t" .. parser.help():gsub("[\\\t\n\r]", escapes) .. "\n" end
  return parser.encode(options)
end

-- The modules busted's runner has loaded when a spec runs (busted 2.1.1 on
-- Debian, plainTerminal), loaded here too: a spec that requires one of them
-- gets the copy busted itself uses, as under busted.
M.runner_modules = {
  "pl.path", "pl.tablex", "term", "busted.utils", "busted.compatibility", "busted.options",
  "busted.core", "busted.modules.cli", "cliargs.core", "busted.modules.configuration_loader",
  "busted.modules.filter_loader", "busted.modules.helper_loader",
  "busted.modules.output_handler_loader", "busted.modules.luacov", "busted", "busted.luajit",
  "busted.modules.test_file_loader", "busted.modules.files.lua", "busted.modules.files.moonscript",
  "busted.execute", "busted.outputHandlers.base", "busted.languages.en", "pl.dir", "pl.Map",
  "pl.class", "term.colors", "say",
}

-- Loads busted and sets up everything its runner sets up before it loads
-- the spec files, in its order: lpath and cpath, -e, the output side (here
-- the recorders), the helper, the filters. Returns "" or nil, a message.
function session.prepare(snapshot_source, coverage_source, executable, ...)
  local found, core = pcall(require, "busted.core")
  if not found then
    return nil, "2navlua test needs busted and luassert for Lua 5.4 (Debian: apt-get install lua-busted"
      .. " lua-luassert): " .. tostring(core)
  end
  busted = core()
  require("busted")(busted)
  for _, name in ipairs(M.runner_modules) do pcall(require, name) end
  -- and the output handler busted would have loaded: its default one
  -- when navlua prints its own (-o NAME loads NAME in session.report)
  if options.output == "text" or options.output == "tap" then
    local tty = io.type(io.stdout) == "file" and require("term").isatty(io.stdout)
    pcall(require, tty and "busted.outputHandlers.utfTerminal" or "busted.outputHandlers.plainTerminal")
  end
  -- `require 'busted.runner'()` at the top of a spec: busted has already run it
  package.loaded["busted.runner"] = function() return function() end end

  -- the global arg: how navlua was started, as busted's is
  local args = { ... }
  local arg_table = { [-1] = executable, [0] = "test" }
  for i, a in ipairs(args) do arg_table[i] = a end
  rawset(_G, "arg", arg_table)

  M.install_fast_traces()

  if not options["auto-insulate"] then busted.register("file", "file", {}) end
  if options.lazy then
    busted.register("setup", "lazy_setup")
    busted.register("teardown", "lazy_teardown")
  end
  if #options.lpath > 0 then package.path = (options.lpath .. ";" .. package.path):gsub(";;", ";") end
  if #options.cpath > 0 then package.cpath = (options.cpath .. ";" .. package.cpath):gsub(";;", ";") end

  for _, statement in ipairs(options.e) do
    local chunk, err = load(statement, "=(command line)")
    if not chunk then return nil, "1-e: " .. err end
    local ok, problem = pcall(chunk)
    if not ok then return nil, "1-e: " .. tostring(problem) end
  end

  local language_ok = pcall(require, "busted.languages." .. options.lang)
  if not language_ok then
    return nil, "2" .. options.origin.lang .. ": busted has no language '" .. options.lang .. "'"
  end

  M.install_recorders()

  busted.sort = options["sort-tests"]
  busted.randomize = options["shuffle-tests"]
  busted.randomseed = tonumber(options.seed) or require("busted.utils").urandom() or os.time()

  require("busted.luajit")()

  if options.helper and options.helper ~= "" then
    local ok, err = require("busted.modules.helper_loader")()(busted, options.helper, {
      verbose = options.verbose, language = options.lang, arguments = options.Xhelper,
    })
    if not ok then
      return nil, "1failed running the specified helper (" .. options.helper .. "), error: " .. tostring(err)
    end
  end

  require("busted.modules.filter_loader")()(busted, {
    tags = options.tags, excludeTags = options["exclude-tags"], filter = options.filter,
    filterOut = options["filter-out"], list = options.list, nokeepgoing = not options["keep-going"],
    suppressPending = options["suppress-pending"],
  })

  -- A fresh world before every test: a root before_each runs before any of
  -- the file's own.
  busted.executors.before_each(function() navlua.reset() end)

  snapshot_module = load(snapshot_source, "=navlua snapshot")()
  if options.coverage then coverage_module = load(coverage_source, "=navlua coverage")() end
  rawset(navlua, "snapshot", function(...)
    local name, value = ...
    local action, detail = store:check(name, value, current_test, select("#", ...))
    if action == "written" or action == "updated" then
      emit("snapshot", action, detail)
    elseif action == "mismatch" then
      busted.fail(detail, 2)
    elseif action == "misuse" then
      error(detail, 2)
    end
  end)

  local _, load_one, get_all = require("busted.modules.test_file_loader")(busted, options.loaders)
  loadTestFile, getAllTestFiles = load_one, get_all
  execute = require("busted.execute")(busted)
  events = not (options.output == "text" or options.output == "tap") and not options.list
  timeout_figure = options.timeout and M.figure(options.timeout) or ""
  memory_figure = options["memory-limit"] and M.figure(options["memory-limit"]) or ""
  return ""
end

-- 2 -> "2", 0.5 -> "0.5" (as SpecWorker.figure).
function M.figure(d)
  if d == math.floor(d) and math.abs(d) < 1e15 then return string.format("%d", d) end
  return tostring(d)
end

-- busted.getTrace with M.traceback for the traces of registrations (every
-- describe, it and hook a file declares); failures keep debug.traceback.
function M.install_fast_traces()
  local original = busted.getTrace
  local dirname = require("pl.path").dirname
  local busted_dir = dirname(debug.getinfo(original, "S").source)
  local function trim(info)
    local index = info.traceback:find("\n%s*%[C]")
    info.traceback = info.traceback:sub(1, index)
    return info
  end
  local function is_publisher(f)
    for _, publisher in pairs(busted.executors) do
      if publisher == f then return true end
    end
    return false
  end
  busted.getTrace = function(element, level, msg)
    if not is_publisher(debug.getinfo(2, "f").func) then
      return original(element, level, msg)
    end
    level = level or 3
    local info = debug.getinfo(level, "Sl")
    while info.what == "C" or info.short_src:match("luassert[/\\].*%.lua$")
          or (info.source:sub(1, 1) == "@" and busted_dir == dirname(info.source)) do
      level = level + 1
      info = debug.getinfo(level, "Sl")
    end
    info.traceback = M.traceback(level)
    info.message = msg
    local file = busted.getFile(element)
    return file and file.getTrace(file.name, info) or trim(info)
  end
end

-- A limit ends the file: once one fires, the rest of the file is skipped.
local function limit_message(message)
  local text, ends_file = M.limit_message(message, timeout_figure, memory_figure)
  if ends_file then busted.skipAll = true end
  return text
end

local element_ids = setmetatable({}, { __mode = "k" })
local next_element_id = 0

-- The fields that change while an element runs; the rest are sent once.
local changing = { "starttick", "endtick", "starttime", "endtime", "duration", "randomseed" }

-- An element for an event: all of it the first time it is sent, then its
-- id and the fields that change. Its parent has always been sent before
-- (a block starts before what it holds); 0 is the suite.
local function element_record(element)
  if element == nil then return nil end
  local id = element_ids[element]
  local copy
  if id then
    copy = { id = id }
    for _, k in ipairs(changing) do copy[k] = element[k] end
    return copy
  end
  next_element_id = next_element_id + 1
  id = next_element_id
  element_ids[element] = id
  copy = { id = id }
  for _, k in ipairs(M.element_fields) do copy[k] = element[k] end
  if element.descriptor == "file" and options["auto-insulate"] then
    copy.attributes = { envmode = "insulate" }   -- as busted has it (see session.run)
  end
  local parent = busted.context.parent(element)
  if parent and parent.descriptor ~= "suite" and not element_ids[parent] then
    copy.parent_record = element_record(parent)
  end
  copy.parent = parent and (parent.descriptor == "suite" and 0 or element_ids[parent]) or nil
  return copy
end

-- One event for busted's output handlers: the channel, the element, its
-- parent's id and the rest of the arguments, with the output's offset.
local function record_event(channel, element, parent, ...)
  if not events then return end
  local event = { channel = channel, element = element_record(element),
                  parent = parent and (element_ids[parent] or element_record(parent)) or nil,
                  args = table.pack(...) }
  emit("event", output_offset(), M.encode(event))
end

-- The subscribers that turn busted's events into records, where busted's
-- runner subscribes its output handler.
function M.install_recorders()
  local outcome = {}          -- element -> {message, traceback} of its failure

  busted.subscribe({ "file", "start" }, function(file)
    record_event({ "file", "start" }, file)
    return nil, true
  end)
  busted.subscribe({ "file", "end" }, function(file)
    if file.randomseed then emit("seed", "", file.randomseed) end
    record_event({ "file", "end" }, file)
    return nil, true
  end)
  busted.subscribe({ "describe", "start" }, function(describe, parent)
    record_event({ "describe", "start" }, describe, parent)
    return nil, true
  end)
  busted.subscribe({ "describe", "end" }, function(describe, parent)
    if describe.randomseed then emit("seed", full_name(describe), describe.randomseed) end
    record_event({ "describe", "end" }, describe, parent)
    return nil, true
  end)

  busted.subscribe({ "test", "start" }, function(element, parent)
    current_test = full_name(element)
    record_event({ "test", "start" }, element, parent)
    return nil, true
  end)

  busted.subscribe({ "test", "end" }, function(element, parent, status)
    local o = outcome[element] or {}
    outcome[element] = nil
    local kind = ({ success = "pass", failure = "fail", error = "error", pending = "skip" })[status] or "error"
    emit("test", kind, full_name(element), M.where(element.trace, current_file),
         o.message or (kind == "skip" and element.message) or "", o.traceback or "")
    current_test = nil
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
      local text = M.with_pitfalls(limit_message(message))
      if element.descriptor == "it" then
        outcome[element] = { message = text, traceback = M.traceback_of(trace, text) }
      else
        local name = element.descriptor == "file" and "" or full_name(element)
        emit("error", name, M.where(trace or element.trace, current_file), text, M.traceback_of(trace, text))
      end
      -- busted's runner: --no-keep-going stops at the first problem
      if not options["keep-going"] then busted.skipAll = true end
      record_event({ kind, element.descriptor }, element, parent, text, trace)
      return nil, true
    end
  end
  busted.subscribe({ "failure" }, on_problem("failure"))
  busted.subscribe({ "error" }, on_problem("error"))
end

-- The spec files busted would run, in its order (each root's files
-- sorted), one a line; the roots are checked first.
function session.discover(default_root)
  local roots = #options.ROOT > 0 and options.ROOT or { default_root }
  options.roots = roots
  for _, root in ipairs(roots) do
    local f = io.open(root, "r")
    if not f then return nil, "2no such file or folder: '" .. root .. "'" end
    f:close()
  end
  local files = getAllTestFiles(roots, options.pattern, {
    excludes = options["exclude-pattern"], recursive = options.recursive,
  })
  local lines = {}
  for _, name in ipairs(files) do
    for _, loader in ipairs(options.loaders) do
      local ok, module = pcall(require, "busted.modules.files." .. loader)
      if ok and module.match(busted, name) then lines[#lines + 1] = name; break end
    end
  end
  return table.concat(lines, "\n")
end

-- The seed of run `n` of --repeat, and the files in that run's order:
-- busted's execute sorts them (--sort-files) or shuffles them with the
-- seed (--shuffle-files); run 1 keeps the seed busted chose at the start.
function session.plan(n, ...)
  local files = { ... }
  local seed = busted.randomseed
  if tonumber(n) > 1 then
    seed = tonumber(options.seed) or require("busted.utils").urandom() or os.time()
  end
  if options["sort-files"] then
    table.sort(files)
  elseif options["shuffle-files"] then
    require("busted.utils").shuffle(files, seed)
  end
  return string.format("%d", seed) .. "\n" .. table.concat(files, "\n")
end

-- Compiles every spec file here in the template, before anything runs, as
-- busted's test file loader does: a file that does not load is busted's
-- error before the suite starts, and the children find their file compiled.
-- Returns, for each file that failed, a line "FILE<TAB>RECORDS" (RECORDS:
-- what a child would have written about it, escaped as one field).
local compiled = {}
function session.compile(...)
  local failures = {}
  local real_out = out
  for _, name in ipairs({ ... }) do
    local collected = {}
    out = { write = function(_, text) collected[#collected + 1] = text end, flush = function() end }
    current_file = name
    local testFile, getTrace, rewriteMessage = loadTestFile(busted, name)
    compiled[name] = testFile and { testFile, getTrace, rewriteMessage } or false
    if not testFile then
      failures[#failures + 1] = M.record(name, table.concat(collected))
    end
  end
  out = real_out
  return table.concat(failures)
end

-- Which files must share one Lua state, as they share one under busted:
-- with --no-auto-insulate all of them; else from the first file that uses
-- `expose` on (what it exposes reaches every later file). Returns the size
-- of each group, in order.
function session.groups(...)
  local files = { ... }
  if #files == 0 then return "" end
  if not options["auto-insulate"] then return tostring(#files) end
  for i, name in ipairs(files) do
    local f = io.open(name, "rb")
    local text = f and f:read("a") or ""
    if f then f:close() end
    if text:find("%f[%w_]expose%f[^%w_]") then
      local sizes = {}
      for _ = 1, i - 1 do sizes[#sizes + 1] = "1" end
      sizes[#sizes + 1] = tostring(#files - i + 1)
      return table.concat(sizes, " ")
    end
  end
  return string.rep("1", #files, " ")
end

-- busted's output handlers, in this state (busted_report.lua): `report(
-- source)` loads the module, then `report(name, args...)` calls its function.
local report_module
function session.report(name, ...)
  if not report_module then
    report_module = load(name, "=navlua busted report")()
    return ""
  end
  return report_module[name](...)
end

-- busted's version, for --version.
function session.version()
  return busted and busted.version or require("busted.core")().version
end

-- Collects what is garbage before the first fork, so that no child starts
-- in the middle of a cycle (which would copy every page of the heap).
function session.settle()
  collectgarbage("collect")
  return ""
end

-- The records files of the worker's slots, opened here in the template so
-- that a child finds its own open (one open and one buffer less per file).
local slot_files = {}
function session.attach(...)
  for i, path in ipairs({ ... }) do
    slot_files[i - 1] = assert(io.open(path, "w"))
    slot_files[i - 1]:setvbuf("full")
  end
  return ""
end

-- In a forked child: runs `files` (one, or a group that shares this state)
-- with `seed`, writing records to the file of `slot` (or to the path `slot`
-- names when it is not one of the attached slots).
function session.run(slot, seed, ...)
  local files = { ... }
  local single = #files == 1
  track_output = events or not single
  out = slot_files[tonumber(slot)] or assert(io.open(slot, "w"))
  busted.randomseed = tonumber(seed) or busted.randomseed
  if single and options["auto-insulate"] then
    -- the process ends with its one file: nothing to restore _G for
    busted.register("file", "file", {})
  end
  if coverage_module then
    coverage = coverage_module.start({
      timeout = options.timeout, patterns = options.pattern, roots = options.roots,
    })
  end
  local dirs = {}
  for k, name in ipairs(files) do
    current_file = name
    store = snapshot_module.new(name, options["update-snapshots"])
    if not single then emit("load", k, output_offset()) end
    -- helpers beside a spec load with require, after the project's own modules
    local dir = name:match("^(.*)/") or "."
    if not dirs[dir] then
      dirs[dir] = true
      package.path = package.path .. ";" .. dir .. "/?.lua;" .. dir .. "/?/init.lua"
    end
    local chunk = compiled[name]
    if chunk == nil then
      local testFile, getTrace, rewriteMessage = loadTestFile(busted, name)
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
      current_file = file.name
      store = snapshot_module.new(file.name, options["update-snapshots"])
      emit("file", file_index, output_offset())
      return nil, true
    end, { priority = 1 })
  end
  execute(1, {})
  if coverage then
    coverage:stop()
    for _, line in ipairs(coverage:records()) do emit("coverage", line[1], line[2]) end
  end
  emit("done", output_offset())
  out:close()
  return ""
end

return M
