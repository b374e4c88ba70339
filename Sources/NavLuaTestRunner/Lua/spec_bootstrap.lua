-- busted's bootstrap in `navlua test`'s driver (spec_driver.lua): reads
-- the options, then loads busted and sets up, in the parent's Lua state,
-- everything its runner sets up before it loads the spec files. The state
-- so prepared is the template every child is forked from.
--
-- Loaded by spec_driver.lua with the session and the parts it uses.

local session, wire, messages, run = ...

local B = {}

-- Parses the command line (and .busted); keeps the options for the rest of
-- the session. Returns what TestOptions.swift reads.
function B.parse(options_source, ...)
  local parser = assert(load(options_source, "=navlua test options"))()
  local options, problem = parser.parse({ ... })
  session.options = options
  if not options then return nil, problem end
  session.options_module = parser
  if options.help then return wire.record("help-text", parser.help()) end
  return parser.encode(options)
end

-- The modules busted's runner has loaded when a spec runs (busted 2.1.1 on
-- Debian, plainTerminal), loaded here too: a spec that requires one of them
-- gets the copy busted itself uses, as under busted.
B.runner_modules = {
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
function B.prepare(snapshot_source, coverage_source, executable, ...)
  local options = session.options
  local found, core = pcall(require, "busted.core")
  if not found then
    return nil, "2navlua test needs busted and luassert for Lua 5.4 (Debian: apt-get install lua-busted"
      .. " lua-luassert): " .. tostring(core)
  end
  local busted = core()
  session.busted = busted
  require("busted")(busted)
  for _, name in ipairs(B.runner_modules) do pcall(require, name) end
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

  B.install_fast_traces()

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

  run.install_recorders()

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

  session.snapshot_module = load(snapshot_source, "=navlua snapshot")()
  if options.coverage then session.coverage_module = load(coverage_source, "=navlua coverage")() end
  rawset(navlua, "snapshot", function(...)
    local name, value = ...
    local action, detail = session.store:check(name, value, session.current_test, select("#", ...))
    if action == "written" or action == "updated" then
      run.emit("snapshot", action, detail)
    elseif action == "mismatch" then
      busted.fail(detail, 2)
    elseif action == "misuse" then
      error(detail, 2)
    end
  end)

  local _, load_one, get_all = require("busted.modules.test_file_loader")(busted, options.loaders)
  session.load_file, session.get_all_files = load_one, get_all
  session.execute = require("busted.execute")(busted)
  session.events = not (options.output == "text" or options.output == "tap") and not options.list
  session.timeout_figure = options.timeout and messages.figure(options.timeout) or ""
  session.memory_figure = options["memory-limit"] and messages.figure(options["memory-limit"]) or ""
  return ""
end

-- busted.getTrace with messages.traceback for the traces of registrations
-- (every describe, it and hook a file declares); failures keep
-- debug.traceback.
function B.install_fast_traces()
  local busted = session.busted
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
    info.traceback = messages.traceback(level)
    info.message = msg
    local file = busted.getFile(element)
    return file and file.getTrace(file.name, info) or trim(info)
  end
end

-- busted's version, for --version.
function B.version()
  local busted = session.busted
  return busted and busted.version or require("busted.core")().version
end

return B
