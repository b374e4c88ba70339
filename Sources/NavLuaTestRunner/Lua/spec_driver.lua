-- The Lua side of a `navlua test` worker: runs one spec file with busted's
-- core and writes what happened to `results_path`, one record per line
-- (SpecDriver.swift tells the arguments and the records).
--
-- Called without arguments, as its own spec (scripts/lua_spec) does, the
-- chunk only returns its helpers and runs nothing.
local file, results_path, filter, update_snapshots, timeout, memory_limit, snapshot_source = ...

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

-- "file:line" of a trace, else the spec file itself.
function M.where(trace, spec_file)
  if trace and trace.short_src and trace.currentline and trace.currentline > 0 then
    return trace.short_src .. ":" .. trace.currentline
  end
  return spec_file
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

if file == nil then return M end

local out = assert(io.open(results_path, "w"))
out:setvbuf("full")

local function emit(...)
  out:write(M.record(...))
  out:flush()
end

local found, core = pcall(require, "busted.core")
if not found and tostring(core):find("not enough memory", 1, true) then
  error("not enough memory to load busted: --memory-limit is below what the runner itself needs"
        .. " (about 0.5 MB)", 0)
elseif not found then
  error("navlua test needs busted and luassert for Lua 5.4 (Debian: apt-get install lua-busted"
        .. " lua-luassert): " .. tostring(core), 0)
end
local busted = core()
require("busted")(busted)

require("busted.modules.filter_loader")()(busted, {
  filter = filter ~= "" and { filter } or {}, filterOut = {}, tags = {}, excludeTags = {},
})

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

local function where(trace) return M.where(trace, file) end

-- A limit ends the file: once one fires, the rest of the file is skipped.
local function limit_message(message)
  local text, ends_file = M.limit_message(message, timeout, memory_limit)
  if ends_file then busted.skipAll = true end
  return text
end

local outcome = {}          -- element -> {message, trace} of its failure
local current_test          -- full name of the test running, for snapshots

busted.subscribe({ "test", "start" }, function(element)
  current_test = full_name(element)
  return nil, true
end)

busted.subscribe({ "test", "end" }, function(element, parent, status)
  local o = outcome[element] or {}
  outcome[element] = nil
  local kind = ({ success = "pass", failure = "fail", error = "error", pending = "skip" })[status] or "error"
  emit("test", kind, full_name(element), where(element.trace), o.message or (kind == "skip" and element.message) or "",
       o.traceback or "")
  current_test = nil
  return nil, true
end)

busted.subscribe({ "pending" }, function(element, parent, message)
  outcome[element] = { message = message }
  return nil, true
end)

local function on_problem(element, parent, message, trace)
  message = M.with_pitfalls(limit_message(message))
  if element.descriptor == "it" then
    outcome[element] = { message = message, traceback = M.traceback_of(trace, message) }
  else
    local name = element.descriptor == "file" and "" or full_name(element)
    emit("error", name, where(trace or element.trace), message, M.traceback_of(trace, message))
  end
  return nil, true
end
busted.subscribe({ "failure" }, on_problem)
busted.subscribe({ "error" }, on_problem)

-- A fresh world before every test: a root before_each runs before any of
-- the file's own.
busted.executors.before_each(function() navlua.reset() end)

-- navlua.snapshot(name, value): see snapshot_store.lua.
local store = load(snapshot_source, "=navlua snapshot")().new(file, update_snapshots == "1")
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

-- Helpers beside the spec load with require, as from busted's own folder.
local spec_dir = file:match("^(.*)/") or "."
package.path = spec_dir .. "/?.lua;" .. spec_dir .. "/?/init.lua;" .. package.path

local chunk, err = loadfile(file)
if not chunk then
  emit("error", "", file, err, "")
else
  busted.executors.file(file, setmetatable({ getTrace = function(_, info)
    local index = info.traceback:find("\n%s*%[C]")
    info.traceback = info.traceback:sub(1, index)
    return info
  end }, { __call = chunk }))
  require("busted.execute")(busted)(1, {})
end
emit("done")
out:close()
