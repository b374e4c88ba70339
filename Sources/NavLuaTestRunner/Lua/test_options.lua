-- The configuration of `navlua test`, read as busted 2.1.1 reads it
-- (busted/modules/cli.lua and configuration_loader.lua): the command line,
-- then the `.busted` file's task (`default`, or the one `--run` names) with
-- `_all` under it, then busted's defaults. A value given on the command line
-- wins over the task's, the task's over `_all`'s, `_all`'s over the default;
-- lists are replaced, not joined. navlua's own options (--jobs, --shard,
-- --timeout, --memory-limit, --update-snapshots, --coverage-output, --html) come the
-- same ways. An option or key busted has and navlua does not, or one neither
-- has, is an error that says so; nothing is ignored.
--
--   local options, problem = M.parse(args)   -- problem: a message for the user
--
-- `options` holds every key under its long name, typed and with its
-- default; `options.ROOT` the paths; `options.origin[key]` where a value came
-- from ("--tags", ".busted: task 'default', key 'tags'", or "default"), for
-- the messages of later checks. M.encode(options) is the text the Swift side
-- reads (TestOptions.swift).

local M = {}

-- Every option: busted's, in the order of its --help, then navlua's.
--   kind: flag | value | number | multi (repeatable, a list) | list (comma
--   separated, repeatable) | path (';'-joined, repeatable) | dir (each
--   relative to the one before)
--   short: the one-dash name; negatable: --no-NAME exists; sets: a flag
--   that sets other flags; unsupported: why navlua refuses it.
M.specs = {
  { "version", kind = "flag", help = "print busted's version and exit" },
  { "pattern", short = "p", kind = "multi", default = { "_spec" }, arg = "PATTERN",
    help = "run files whose name matches the Lua pattern (default _spec; .lua files only)" },
  { "exclude-pattern", kind = "multi", default = {}, arg = "PATTERN",
    help = "skip files whose name matches the Lua pattern; wins over --pattern" },
  { "e", short = "e", long = false, kind = "multi", default = {}, arg = "STATEMENT",
    help = "run STATEMENT before the specs, once (its globals reach every file)" },
  { "output", short = "o", kind = "value", default = "text", arg = "FORMAT",
    help = "text (default), tap, or a busted output handler: utfTerminal, plainTerminal, gtest, "
      .. "TAP, json, junit, sound, a .lua file or a module; with -o, --output FILE writes the report to FILE" },
  { "directory", short = "C", kind = "dir", default = "./", arg = "DIR",
    help = "change to DIR first (several: each relative to the one before)" },
  { "config-file", short = "f", kind = "value", arg = "FILE", help = "read FILE instead of ./.busted" },
  { "coverage-config-file", kind = "value", arg = "FILE",
    unsupported = "it configures luacov, which navlua does not use (--coverage writes LCOV itself; "
      .. "--coverage-output names the file)" },
  { "tags", short = "t", kind = "list", default = {}, arg = "TAGS", help = "run only tests with these #tags" },
  { "exclude-tags", kind = "list", default = {}, arg = "TAGS",
    help = "skip tests with these #tags; wins over --tags" },
  { "filter", kind = "multi", default = {}, arg = "PATTERN",
    help = "run tests whose full name matches the Lua pattern (several: any of them)" },
  { "filter-out", kind = "multi", default = {}, arg = "PATTERN",
    help = "skip tests whose full name matches the Lua pattern; wins over --filter" },
  { "lpath", short = "m", kind = "path", default = "./src/?.lua;./src/?/?.lua;./src/?/init.lua", arg = "PATH",
    help = "put PATH in front of package.path (default: busted's ./src paths)" },
  { "cpath", kind = "path", default = "./csrc/?.so;./csrc/?/?.so;", arg = "PATH",
    help = "put PATH in front of package.cpath" },
  { "run", short = "r", kind = "value", arg = "TASK", help = "use the task TASK of .busted instead of 'default'" },
  { "repeat", kind = "number", default = 1, arg = "N", help = "run the whole suite N times" },
  { "seed", kind = "number", whole = true, arg = "SEED",
    help = "the random seed of --shuffle and randomize() (default: /dev/urandom); shown when used" },
  { "lang", kind = "value", default = "en", arg = "LANG", help = "language of busted's and luassert's messages" },
  { "loaders", kind = "list", default = { "lua", "moonscript" }, arg = "NAMES",
    help = "busted's file loaders: lua, moonscript (.moon files, when moonscript is installed)" },
  { "helper", kind = "value", arg = "PATH", help = "a Lua file (or module) run once before the specs" },
  { "lua", kind = "value", arg = "LUA", unsupported = "navlua runs the specs in its own Lua 5.4" },
  { "Xoutput", short = "Xoutput", long = false, kind = "list", default = {}, arg = "OPTION",
    help = "pass OPTION to a busted output handler (junit: the file to write)" },
  { "Xhelper", short = "Xhelper", long = false, kind = "list", default = {}, arg = "OPTION",
    help = "pass OPTION to the helper (its arg table)" },
  { "coverage", short = "c", kind = "flag", negatable = true, default = false,
    help = "record line coverage of the files under test and write LCOV (see --coverage-output)" },
  { "verbose", short = "v", kind = "flag", negatable = true, default = false,
    help = "tracebacks in busted's output handlers (-o text always shows them)" },
  { "enable-sound", short = "s", kind = "flag", negatable = true, default = false,
    help = "busted's sound output (runs the 'say' command)" },
  { "list", short = "l", kind = "flag", default = false, help = "print the tests' names and places, run none" },
  { "ignore-lua", kind = "flag", default = false, help = "accepted: navlua never switches interpreters" },
  { "lazy", kind = "flag", negatable = true, default = false,
    help = "setup/teardown are lazy_setup/lazy_teardown" },
  { "auto-insulate", kind = "flag", negatable = true, default = true,
    help = "each file in its own environment (--no-auto-insulate: all files share one Lua state)" },
  { "keep-going", short = "k", kind = "flag", negatable = true, default = true,
    help = "go on after a failure (--no-keep-going: stop at the first)" },
  { "recursive", short = "R", kind = "flag", negatable = true, default = true,
    help = "look for spec files in subfolders" },
  { "shuffle", kind = "flag", negatable = true, sets = { "shuffle-files", "shuffle-tests" },
    help = "shuffle files and tests (--shuffle-files, --shuffle-tests)" },
  { "shuffle-files", kind = "flag", negatable = true, default = false, help = "shuffle the order of files" },
  { "shuffle-tests", kind = "flag", negatable = true, default = false, help = "shuffle tests within files" },
  { "sort", kind = "flag", negatable = true, sets = { "sort-files", "sort-tests" },
    help = "sort files and tests by name (wins over --shuffle)" },
  { "sort-files", kind = "flag", negatable = true, default = false, help = "sort files by name" },
  { "sort-tests", kind = "flag", negatable = true, default = false, help = "sort tests by name" },
  { "suppress-pending", kind = "flag", negatable = true, default = false, help = "leave pending tests out" },
  { "defer-print", kind = "flag", negatable = true, default = false,
    help = "busted's output handlers print at the end" },
  { "help", short = "h", kind = "flag", default = false, help = "print this help" },
  -- navlua's own
  { "jobs", short = "j", kind = "value", navlua = true, arg = "N",
    help = "files run at once, each in its own process (default: the cores)" },
  { "shard", kind = "value", navlua = true, arg = "K/N", help = "run the K-th of N stable shares of the files" },
  { "timeout", kind = "value", navlua = true, arg = "SECONDS", help = "a file that runs longer fails" },
  { "memory-limit", kind = "value", navlua = true, arg = "MB",
    help = "a file that allocates more Lua memory than this fails" },
  { "update-snapshots", kind = "flag", navlua = true, default = false, help = "rewrite stored snapshots" },
  { "strict-hooks", kind = "flag", navlua = true, default = false,
    help = "a screen function named like a misspelled hook (will_go_bak) fails its test" },
  { "preset", kind = "value", navlua = true, arg = "NAME",
    help = "the preset of navigations made without one: a built-in preset's name" },
  { "coverage-output", kind = "value", navlua = true, default = "lcov.info", arg = "FILE",
    help = "where --coverage writes its LCOV report (default lcov.info)" },
  { "html", kind = "value", navlua = true, arg = "DIR",
    help = "write an HTML replay of each failing test into DIR (made if missing), named after its file and test" },
}

local by_long, by_short = {}, {}
for _, spec in ipairs(M.specs) do
  spec.name = spec[1]
  if spec.long ~= false then by_long[spec.name] = spec end
  if spec.short then by_short[spec.short] = spec end
end

local function option_name(spec)
  return spec.long == false and "-" .. spec.short or "--" .. spec.name
end

-- The long option one or two edits from `key` (optimal string alignment,
-- as NameSuggestion in Swift), for "did you mean"; nil when none is near.
local function nearest_long(key)
  if #key > 40 then return nil end
  local function distance(a, b)
    local d = {}
    for i = 0, #a do d[i] = { [0] = i } end
    for j = 0, #b do d[0][j] = j end
    for i = 1, #a do
      for j = 1, #b do
        local cost = a:byte(i) == b:byte(j) and 0 or 1
        d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
          d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
        end
      end
    end
    return d[#a][#b]
  end
  local best, best_d
  for _, spec in ipairs(M.specs) do
    if spec.long ~= false then
      local dist = distance(key, spec.name)
      if not best_d or dist < best_d then best, best_d = spec.name, dist end
    end
  end
  if best_d and best_d <= 2 and #key > 2 * best_d then return best end
end

-- ---- values ----------------------------------------------------------------

local function split(s, sep)
  local out = {}
  if s == "" then return out end
  local start = 1
  while true do
    local i = s:find(sep, start, true)
    if not i then out[#out + 1] = s:sub(start); return out end
    out[#out + 1] = s:sub(start, i - 1)
    start = i + 1
  end
end

-- "a/./b/../c" -> "a/c"; "" -> "."; keeps a leading "/".
function M.normpath(p)
  local absolute = p:sub(1, 1) == "/"
  local parts = {}
  for part in p:gmatch("[^/]+") do
    if part == ".." and #parts > 0 and parts[#parts] ~= ".." then
      parts[#parts] = nil
    elseif part ~= "." and not (part == ".." and absolute) then
      parts[#parts + 1] = part
    end
  end
  local s = table.concat(parts, "/")
  if absolute then return "/" .. s end
  return s == "" and "." or s
end

function M.join(a, b)
  if b:sub(1, 1) == "/" or a == "" then return b end
  return a:sub(-1) == "/" and a .. b or a .. "/" .. b
end

local function describe_type(v)
  if type(v) == "table" then return "a table" end
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v) .. " (" .. type(v) .. ")"
end

-- Checks of navlua's own values; each returns the value or nil, expected.
local navlua_checks = {
  jobs = function(v)
    local n = tonumber(v)
    if n and math.type(n) == "float" and n == math.floor(n) then n = math.tointeger(n) end
    if math.type(n) == "integer" and n >= 1 and n <= 1024 then return n end
    return nil, "a whole number from 1 to 1024"
  end,
  shard = function(v)
    local k, n = tostring(v):match("^(%d+)/(%d+)$")
    k, n = tonumber(k), tonumber(n)
    if k and n and n >= 1 and k >= 1 and k <= n then return { k, n } end
    return nil, "K/N with 1 <= K <= N"
  end,
  timeout = function(v)
    local n = tonumber(v)
    if n and n > 0 and n < math.huge then return n + 0.0 end
    return nil, "a positive number"
  end,
  ["update-snapshots"] = function(v) return v end,
  -- a built-in preset's name: TestCommand checks it (NavLuaHost.presetProblem)
  preset = function(v) return v end,
  ["coverage-output"] = function(v) return v end,
  html = function(v) return v end,
}
navlua_checks["memory-limit"] = navlua_checks.timeout

-- ---- the command line --------------------------------------------------------

-- Applies one value to `given` (what the command line or a task set), as
-- busted's callbacks do. Returns nil, expected when the value cannot be one
-- of this option.
local function apply(given, spec, value)
  local kind = spec.kind
  if spec.sets then
    for _, name in ipairs(spec.sets) do given[name] = value end
    return true
  elseif kind == "flag" then
    given[spec.name] = value
  elseif kind == "value" then
    if spec.navlua then
      local checked, expected = navlua_checks[spec.name](value)
      if checked == nil then return nil, expected end
      value = checked
    end
    given[spec.name] = value
  elseif kind == "number" then
    local n = tonumber(value)
    if not n then return nil, "a number" end
    -- a seed feeds math.randomseed, which takes integers only: 2.5 or 1e19
    -- would fail every file's shuffle (busted crashes on them with --shuffle)
    if spec.whole and not math.tointeger(n) then return nil, "a whole number" end
    given[spec.name] = n
  elseif kind == "multi" then
    local list = given[spec.name] or {}
    list[#list + 1] = value
    given[spec.name] = list
  elseif kind == "list" then
    local list = given[spec.name] or {}
    for _, item in ipairs(split(value, ",")) do list[#list + 1] = item end
    given[spec.name] = list
  elseif kind == "path" then
    given[spec.name] = given[spec.name] and given[spec.name] .. ";" .. value or value
  elseif kind == "dir" then
    given[spec.name] = M.normpath(M.join(given[spec.name] or "", value))
  end
  return true
end

-- Parses busted's command line with navlua's options. Returns the values
-- given (long names), their origins and the paths, or nil and a message.
--
-- `-o FORMAT` and `--output=FORMAT` name the report's format, as in busted;
-- `--output FILE` after (or before) a `-o` names the file the report goes
-- to, as in earlier navlua: `navlua test -o junit --output report.xml`.
function M.parse_command_line(args)
  local given, origin, roots = {}, {}, {}
  local short_o = false
  for _, a in ipairs(args) do
    if a == "--" then break end
    if a == "-o" or a:match("^%-o=") then short_o = true end
  end
  local i, only_paths = 1, false
  while i <= #args do
    local a = args[i]
    if only_paths or a:sub(1, 1) ~= "-" or a == "-" then
      roots[#roots + 1] = a
    elseif a == "--" then
      only_paths = true
    else
      local dashes, body = a:match("^(%-%-?)(.*)$")
      local key, value = body:match("^([^=]*)=(.*)$")
      key = key or body
      local spec, negated
      if dashes == "--" then
        spec = by_long[key]
        if not spec and key:sub(1, 3) == "no-" and by_long[key:sub(4)] then
          spec, negated = by_long[key:sub(4)], true
        end
      else
        spec = by_short[key]
      end
      if not spec then
        local near = dashes == "--" and nearest_long(key)
        return nil, "unknown test option '" .. a .. "'" .. (near and " (did you mean '--" .. near .. "'?)" or "")
      end
      local name = option_name(spec)
      if spec.unsupported then
        return nil, name .. " is not supported by navlua test: " .. spec.unsupported
      end
      if negated and not spec.negatable then
        return nil, a .. ": " .. name .. " cannot be negated"
      end
      if spec.kind == "flag" then
        if value then return nil, name .. " takes no value (got '" .. a .. "')" end
        value = not negated
      else
        if not value then
          i = i + 1
          value = args[i]
          if value == nil then return nil, name .. " needs a value" end
        end
        if value == "" then return nil, name .. " needs a value" end
      end
      if spec.name == "output" and dashes == "--" and short_o then
        given["report-file"] = value
        origin["report-file"] = "--output"
      else
        local ok, expected = apply(given, spec, value)
        if not ok then
          return nil, name .. " must be " .. expected .. " (got '" .. tostring(value) .. "')"
        end
        -- the option as it was typed, for later messages
        for _, n in ipairs(spec.sets or { spec.name }) do origin[n] = dashes .. key end
      end
    end
    i = i + 1
  end
  return given, origin, roots
end

-- ---- .busted -------------------------------------------------------------------

-- A string or a list of strings, as a list; nil for anything else.
local function strings(v)
  if type(v) == "string" then return { v } end
  if type(v) ~= "table" then return nil end
  local list = {}
  for n, item in pairs(v) do
    if math.type(n) ~= "integer" or n < 1 or n > #v or type(item) ~= "string" then return nil end
    list[n] = item
  end
  return list
end

-- Reads one task of a .busted file into `into` (long names), checking each
-- key. `where` names the task for messages.
local function read_task(task, into, origin, where)
  -- flags that set others first, so that a specific key wins over them
  local keys = {}
  for k in pairs(task) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    local sa, sb = by_long[a] and by_long[a].sets and 0 or 1, by_long[b] and by_long[b].sets and 0 or 1
    if sa ~= sb then return sa < sb end
    return tostring(a) < tostring(b)
  end)
  for _, key in ipairs(keys) do
    local value = task[key]
    local here = where .. ", key '" .. tostring(key) .. "'"
    if type(key) ~= "string" then
      return nil, where .. ": keys must be option names (got " .. describe_type(key) .. ")"
    end
    local spec = key == "ROOT" and { name = "ROOT", kind = "root" } or by_long[key] or by_short[key]
    if not spec then
      return nil, here .. ": no such option in busted or navlua"
    end
    if spec.long ~= false and by_short[key] == spec and key ~= spec.name then
      return nil, here .. ": busted reads options by their long name; write '" .. spec.name .. "'"
    end
    if spec.unsupported then
      return nil, here .. ": not supported by navlua test: " .. spec.unsupported
    end
    if spec.name == "help" or spec.name == "version" or spec.name == "config-file" then
      return nil, here .. ": only the command line can set " .. option_name(spec)
    end
    local expected
    local kind = spec.kind
    if kind == "flag" then
      if type(value) ~= "boolean" then expected = "true or false" end
    elseif spec.navlua and navlua_checks[spec.name] and kind == "value" and spec.name ~= "coverage-output"
        and spec.name ~= "html" then
      local _, e = navlua_checks[spec.name](value)
      if type(value) ~= "string" and type(value) ~= "number" then expected = "a number or a string"
      elseif e then expected = e end
    elseif kind == "value" or kind == "path" or kind == "dir" then
      if type(value) ~= "string" then expected = "a string" end
    elseif kind == "number" then
      if type(value) == "boolean" or tonumber(value) == nil then expected = "a number"
      elseif spec.whole and not math.tointeger(tonumber(value)) then expected = "a whole number" end
    elseif kind == "root" then
      -- busted iterates ROOT with ipairs: a single string is an error there
      if type(value) ~= "table" or strings(value) == nil then expected = "a list of paths" end
    elseif kind == "multi" or kind == "list" then
      if strings(value) == nil then expected = "a string or a list of strings" end
    end
    if expected then
      return nil, here .. ": expected " .. expected .. ", got " .. describe_type(value)
    end
    if kind == "root" then
      into.ROOT = strings(value)
    elseif kind == "multi" then
      into[spec.name] = strings(value)
    elseif kind == "list" then
      local list = {}
      for _, item in ipairs(strings(value)) do
        for _, part in ipairs(split(item, ",")) do list[#list + 1] = part end
      end
      into[spec.name] = list
    elseif kind == "number" then
      into[spec.name] = tonumber(value)
    elseif spec.sets then
      for _, name in ipairs(spec.sets) do into[name] = value; origin[name] = here end
    elseif spec.navlua and navlua_checks[spec.name] then
      into[spec.name] = navlua_checks[spec.name](value)
    else
      into[spec.name] = value
    end
    origin[spec.name] = here
  end
  return true
end

-- Reads `path` (a .busted file): the task to use (`run`, else `default`)
-- with `_all` under it. Returns the values and origins, or nil and a message.
function M.read_config(path, run, load_file)
  local chunk, err = (load_file or loadfile)(path)
  if not chunk then return nil, path .. ": " .. tostring(err) end
  local ok, file = pcall(chunk)
  if not ok then return nil, path .. ": " .. tostring(file) end
  if type(file) ~= "table" then
    return nil, path .. ": expected the file to return a table of tasks, got " .. describe_type(file)
  end
  local values, origin = {}, {}
  local all = file._all
  if all ~= nil then
    if type(all) ~= "table" then
      return nil, path .. ": task '_all': expected a table of options, got " .. describe_type(all)
    end
    local read, problem = read_task(all, values, origin, path .. ": task '_all'")
    if not read then return nil, problem end
  end
  local name = run or "default"
  local task = file[name]
  if task == nil and run then
    local names = {}
    for k, v in pairs(file) do
      if type(k) == "string" and k ~= "_all" and type(v) == "table" then names[#names + 1] = k end
    end
    table.sort(names)
    return nil, path .. ": no task '" .. run .. "' (--run)"
      .. (#names > 0 and "; its tasks: " .. table.concat(names, ", ") or "; it has none")
  end
  if task ~= nil then
    if type(task) ~= "table" then
      return nil, path .. ": task '" .. name .. "': expected a table of options, got " .. describe_type(task)
    end
    local read, problem = read_task(task, values, origin, path .. ": task '" .. name .. "'")
    if not read then return nil, problem end
  end
  return values, origin
end

local function copy(v)
  if type(v) ~= "table" then return v end
  local t = {}
  for k, x in pairs(v) do t[k] = x end
  return t
end

local function is_file(path)
  local f = io.open(path, "r")
  if not f then return false end
  local ok = f:read(0) ~= nil or f:seek("end") ~= nil
  f:close()
  return ok
end

-- The whole configuration; see the top of this file. `is_file` (for specs)
-- tells whether a path is a readable file.
function M.parse(args, exists)
  exists = exists or is_file
  local given, origin, roots = M.parse_command_line(args)
  if not given then return nil, origin end
  local options = { origin = {} }
  for _, spec in ipairs(M.specs) do
    if not spec.sets then
      options[spec.name] = copy(spec.default)
      options.origin[spec.name] = "default"
    end
  end
  options.ROOT = {}
  if given.help or given.version then
    options.help, options.version = given.help, given.version
    return options
  end
  local directory = given.directory or "./"
  local config_path = given["config-file"]
  if config_path then
    if not exists(config_path) then
      return nil, "--config-file: no such file: '" .. config_path .. "'"
    end
  else
    config_path = M.normpath(M.join(directory, ".busted"))
    if not exists(config_path) then config_path = nil end
  end
  if config_path then
    local values, from = M.read_config(config_path, given.run)
    if not values then return nil, from end
    for k, v in pairs(values) do options[k] = v; options.origin[k] = from[k] end
    options.config = config_path
  elseif given.run then
    return nil, "--run " .. given.run .. ": there is no .busted file" .. (directory ~= "./" and " in " .. directory or "")
  end
  for k, v in pairs(given) do options[k] = v; options.origin[k] = origin[k] end
  if #roots > 0 then options.ROOT = roots; options.origin.ROOT = "the command line" end
  for _, excluded in ipairs(options["exclude-tags"]) do
    for _, included in ipairs(options.tags) do
      if excluded == included then
        return nil, "the tag '" .. excluded .. "' is in both --tags and --exclude-tags"
      end
    end
  end
  if options["repeat"] < 1 or options["repeat"] ~= math.floor(options["repeat"]) then
    return nil, options.origin["repeat"] .. ": --repeat must be a whole number from 1 (got "
      .. tostring(options["repeat"]) .. ")"
  end
  for _, loader in ipairs(options.loaders) do
    if loader ~= "lua" and loader ~= "moonscript" then
      return nil, options.origin.loaders .. ": busted has no file loader '" .. loader .. "' (lua, moonscript)"
    end
  end
  return options
end

-- ---- for the Swift side ----------------------------------------------------------

local function field(v)
  v = tostring(v)
  return (v:gsub("[\\\t\n\r]", { ["\\"] = "\\\\", ["\t"] = "\\t", ["\n"] = "\\n", ["\r"] = "\\r" }))
end

-- One line per value: "key<TAB>value" (a list: one line per item, or
-- "key" alone when empty), then "origin<TAB>key<TAB>where" lines.
function M.encode(options)
  local keys = {}
  for k in pairs(options) do if k ~= "origin" then keys[#keys + 1] = k end end
  table.sort(keys)
  local out = {}
  for _, k in ipairs(keys) do
    local v = options[k]
    if k == "shard" then v = v[1] .. "/" .. v[2] end
    if type(v) == "table" then
      if #v == 0 then out[#out + 1] = field(k) end
      for _, item in ipairs(v) do out[#out + 1] = field(k) .. "\t" .. field(item) end
    elseif v ~= nil then
      out[#out + 1] = field(k) .. "\t" .. field(v)
    end
  end
  local origins = {}
  for k in pairs(options.origin) do origins[#origins + 1] = k end
  table.sort(origins)
  for _, k in ipairs(origins) do
    out[#out + 1] = "origin\t" .. field(k) .. "\t" .. field(options.origin[k])
  end
  return table.concat(out, "\n") .. "\n"
end

-- `navlua test --help`.
function M.help()
  local lines = {
    "usage: navlua test [options] [PATH...]",
    "",
    "Runs busted spec files (default: the .lua files named *_spec* under ./spec, or . without one),",
    "each in a fresh Lua state of its own process, with a fresh navlua world before every test.",
    "Options come from the command line, then from ./.busted (its 'default' task, or --run",
    "TASK, with '_all' under it), as busted reads them. The last line of the default output is",
    "'N passed, N failed'. Exit status: 0 all passed, 1 a failure, 2 a usage or .busted error.",
    "",
  }
  for _, spec in ipairs(M.specs) do
    if spec.name == "jobs" then lines[#lines + 1] = "" end   -- navlua's own from here
    do
      local names = {}
      if spec.short and spec.long ~= false then names[#names + 1] = "-" .. spec.short .. "," end
      local long = spec.long == false and "-" .. spec.short or "--" .. (spec.negatable and "[no-]" or "") .. spec.name
      names[#names + 1] = long .. (spec.arg and " " .. spec.arg or "")
      local left = "  " .. table.concat(names, " ")
      local text = spec.unsupported and "not supported: " .. spec.unsupported or spec.help or ""
      -- the text wrapped at 100 columns, from column 31
      local rows, row = {}, ""
      for word in text:gmatch("%S+") do
        if #row > 0 and 30 + #row + 1 + #word > 100 then rows[#rows + 1] = row; row = word
        else row = #row > 0 and row .. " " .. word or word end
      end
      rows[#rows + 1] = row
      if #left >= 30 then lines[#lines + 1] = left; left = "" end
      for i, r in ipairs(rows) do
        lines[#lines + 1] = (i == 1 and left .. string.rep(" ", 30 - #left) or string.rep(" ", 30)) .. r
      end
    end
  end
  return table.concat(lines, "\n") .. "\n"
end

return M
