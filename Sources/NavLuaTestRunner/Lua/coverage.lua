-- Line coverage for `navlua test --coverage`, without luacov (Debian has
-- none for Lua 5.4): a line hook counts the lines run in the files under
-- test, and each file's executable lines come from its compiled chunk, so
-- that lines never run are reported with 0 hits. CoverageReport.swift adds
-- up the records of every spec file and writes LCOV.
--
-- Files under test: Lua files under the working directory that the specs
-- load, except the spec files themselves (names matching --pattern) and
-- what lies in a spec folder (a ROOT other than ".").
--
--   local c = M.start{patterns = {"_spec"}, roots = {"spec"}}
--   ... run the specs ...
--   c:stop(); for _, r in ipairs(c:records()) do print(r[1], r[2]) end
--   --> src/a.lua   1=1,2=0,4=3

local M = {}

-- ---- executable lines, from Lua 5.4 bytecode (ldump.c) ---------------------------

local function reader(s)
  local pos = 1
  local r = {}
  function r.byte()
    local b = s:byte(pos)
    pos = pos + 1
    return b
  end
  function r.skip(n) pos = pos + n end
  -- dumpSize: 7 bits a byte, most significant first, the last byte marked
  function r.size()
    local x = 0
    repeat
      local b = r.byte()
      x = x * 128 + (b & 0x7f)
    until b & 0x80 ~= 0
    return x
  end
  function r.string()
    local n = r.size()
    if n == 0 then return nil end
    local text = s:sub(pos, pos + n - 2)
    pos = pos + n - 1
    return text
  end
  return r
end

local ABSLINEINFO = -0x80

local function read_function(r, into)
  r.string()                         -- source
  local linedefined = r.size()
  r.size()                           -- lastlinedefined
  r.byte()                           -- numparams
  local is_vararg = r.byte() ~= 0
  r.byte()                           -- maxstacksize
  local ncode = r.size()
  r.skip(4 * ncode)
  for _ = 1, r.size() do             -- constants
    local tag = r.byte()
    if tag == 3 or tag == 19 then r.skip(8)          -- integer, float
    elseif tag == 4 or tag == 20 then r.string() end -- short, long string
  end
  for _ = 1, r.size() do r.skip(3) end              -- upvalues
  for _ = 1, r.size() do read_function(r, into) end -- nested functions
  local nline = r.size()
  local deltas = {}
  for i = 1, nline do
    local d = r.byte()
    deltas[i] = d >= 128 and d - 256 or d
  end
  local absolute = {}
  for i = 1, r.size() do
    r.size()                         -- pc
    absolute[i] = r.size()
  end
  for _ = 1, r.size() do r.string(); r.size(); r.size() end -- local names
  for _ = 1, r.size() do r.string() end                     -- upvalue names
  -- as collectvalidlines: a vararg function's first instruction
  -- (OP_VARARGPREP) is not a line the hook can report
  local line, j = linedefined, 0
  for pc = 1, nline do
    if deltas[pc] == ABSLINEINFO then
      j = j + 1
      line = absolute[j]
    else
      line = line + deltas[pc]
    end
    if not (is_vararg and pc == 1) then into[line] = true end
  end
end

-- The set of lines of `chunk` (a function loaded from source, with its
-- debug information) that Lua's line hook can report.
function M.lines(chunk)
  local r = reader(string.dump(chunk))
  r.skip(4 + 1 + 1 + 6 + 3 + 8 + 8)  -- signature, version, format, data, sizes, int, float
  r.byte()                            -- upvalues of the main function
  local lines = {}
  read_function(r, lines)
  return lines
end

-- ---- recording --------------------------------------------------------------------

local function current_directory()
  local ok, lfs = pcall(require, "lfs")
  return ok and lfs.currentdir() or os.getenv("PWD") or "."
end

-- The path of `source` relative to `cwd` when it is a file under test,
-- else nil. `patterns`: spec file names; `roots`: spec folders.
function M.under_test(source, cwd, patterns, roots)
  if source:sub(1, 1) ~= "@" then return nil end
  local path = source:sub(2)
  if path:sub(1, 1) == "/" then
    if path:sub(1, #cwd + 1) ~= cwd .. "/" then return nil end
    path = path:sub(#cwd + 2)
  end
  while path:sub(1, 2) == "./" do path = path:sub(3) end
  if path:sub(1, 3) == "../" or not path:match("%.lua$") then return nil end
  local base = path:match("[^/]*$")
  for _, pattern in ipairs(patterns) do
    if base:find(pattern) then return nil end
  end
  for _, root in ipairs(roots) do
    root = root:gsub("^%./", ""):gsub("/$", "")
    if root ~= "." and root ~= "" and path:sub(1, #root + 1) == root .. "/" then return nil end
  end
  return path
end

local Recorder = {}
Recorder.__index = Recorder

-- Starts counting lines in this thread (and the coroutines it makes).
-- It keeps no time limit of its own: navlua's limit hook runs before a
-- script's hook (hook.c) and ends a file at --timeout. A second deadline
-- here, on CPU time, raised again after that one, inside the driver's
-- report of the first, and lost it (a runaway file passed).
function M.start(options)
  local cwd = current_directory()
  local patterns, roots = options.patterns or {}, options.roots or {}
  local hits, paths = {}, {}
  local getinfo = debug.getinfo
  local function hook(_, line)
    local source = getinfo(2, "S").source
    local counts = hits[source]
    if counts == nil then
      local path = M.under_test(source, cwd, patterns, roots)
      counts = path and {} or false
      hits[source], paths[source] = counts, path
    end
    if counts then counts[line] = (counts[line] or 0) + 1 end
  end
  debug.sethook(hook, "l")
  return setmetatable({ hits = hits, paths = paths }, Recorder)
end

function Recorder:stop() debug.sethook() end

-- {path, "line=hits,..."} for each file under test that ran, every
-- executable line listed (0 for those that never ran), sorted by path.
function Recorder:records()
  local out = {}
  for source, counts in pairs(self.hits) do
    if counts then
      local path = self.paths[source]
      local chunk = loadfile(source:sub(2))
      local lines = chunk and M.lines(chunk) or {}
      for line in pairs(counts) do lines[line] = true end
      local sorted = {}
      for line in pairs(lines) do sorted[#sorted + 1] = line end
      table.sort(sorted)
      for i, line in ipairs(sorted) do sorted[i] = line .. "=" .. (counts[line] or 0) end
      out[#out + 1] = { path, table.concat(sorted, ",") }
    end
  end
  table.sort(out, function(a, b) return a[1] < b[1] end)
  return out
end

return M
