-- Golden snapshots for `navlua test`: the module behind
-- navlua.snapshot(name, value) (SnapshotStore.swift tells the file layout).
-- M.new(spec_file, update, read_only) makes a store whose check(name,
-- value, test, nargs) returns an action and its detail (a read-only store,
-- for a file run again for its replays, says what it would write and
-- writes nothing); M.text and M.diff are the text
-- format and the diff it reports.
local M = {}
local Store = {}
Store.__index = Store

local ok_lfs, lfs = pcall(require, "lfs")

function M.new(spec_file, update, read_only)
  local dir, base = spec_file:match("^(.-)([^/]*)$")
  base = base:gsub("%.lua$", "")
  return setmetatable({ dir = dir .. "__snapshots__/" .. base, update = update, taken = {},
                        read_only = read_only or false }, Store)
end

-- Numbers in the shortest form that reads back to the same value.
local function number_text(n)
  if math.type(n) == "integer" then return string.format("%d", n) end
  if n ~= n then return "0/0" end
  if n == math.huge then return "1/0" elseif n == -math.huge then return "-1/0" end
  for digits = 14, 17 do
    local s = string.format("%." .. digits .. "g", n)
    if tonumber(s) == n then return s end
  end
end

local function key_text(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
  if type(k) == "string" then return "[" .. string.format("%q", k) .. "]" end
  return "[" .. (type(k) == "number" and number_text(k) or tostring(k)) .. "]"
end

local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "boolean" then return (not a) and b end
  return a < b
end

-- Stable text for a value; errors name the path of what cannot be stored.
local function serialize(value, indent, path, seen, out)
  local t = type(value)
  if t == "string" then out[#out + 1] = string.format("%q", value)
  elseif t == "number" then out[#out + 1] = number_text(value)
  elseif t == "boolean" or t == "nil" then out[#out + 1] = tostring(value)
  elseif t == "table" then
    if seen[value] then error("the value refers to itself at " .. path, 0) end
    seen[value] = true
    local n, keys = #value, {}
    for k in pairs(value) do
      if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
    end
    table.sort(keys, key_less)
    if n + #keys == 0 then out[#out + 1] = "{}" else
      local inner = indent .. "  "
      out[#out + 1] = "{\n"
      for i = 1, n do
        out[#out + 1] = inner
        serialize(value[i], inner, path .. "[" .. i .. "]", seen, out)
        out[#out + 1] = ",\n"
      end
      for _, k in ipairs(keys) do
        out[#out + 1] = inner .. key_text(k) .. " = "
        serialize(value[k], inner, path .. (type(k) == "string" and "." .. k or "[" .. tostring(k) .. "]"), seen, out)
        out[#out + 1] = ",\n"
      end
      out[#out + 1] = indent .. "}"
    end
    seen[value] = nil
  else
    error("cannot store a " .. t .. " (at " .. path .. ")", 0)
  end
end

function M.text(value)
  if type(value) == "string" then return value end
  local out = {}
  serialize(value, "", "value", {}, out)
  return table.concat(out) .. "\n"
end

local function lines(text)
  local list = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do list[#list + 1] = line end
  return list
end

-- A unified diff of two texts with 2 lines of context: "-" stored, "+" actual.
function M.diff(old, new)
  local a, b = lines(old), lines(new)
  local head = 0
  while head < #a and head < #b and a[head + 1] == b[head + 1] do head = head + 1 end
  local tail = 0
  while tail < #a - head and tail < #b - head and a[#a - tail] == b[#b - tail] do tail = tail + 1 end
  local n, m = #a - head - tail, #b - head - tail
  -- ops over the differing middle: longest common subsequence, or all
  -- removed then all added when it is too large to compare line by line
  local ops = {}
  if n * m <= 4000000 then
    local L = {}
    for i = n + 1, 1, -1 do L[i] = {} end
    for i = n + 1, 1, -1 do
      for j = m + 1, 1, -1 do
        if i > n or j > m then L[i][j] = 0
        elseif a[head + i] == b[head + j] then L[i][j] = L[i + 1][j + 1] + 1
        else L[i][j] = math.max(L[i + 1][j], L[i][j + 1]) end
      end
    end
    local i, j = 1, 1
    while i <= n or j <= m do
      if i <= n and j <= m and a[head + i] == b[head + j] then
        ops[#ops + 1] = { " ", a[head + i], head + i, head + j }; i, j = i + 1, j + 1
      elseif i <= n and (j > m or L[i + 1][j] >= L[i][j + 1]) then
        ops[#ops + 1] = { "-", a[head + i], head + i, head + j }; i = i + 1
      else
        ops[#ops + 1] = { "+", b[head + j], head + i, head + j }; j = j + 1
      end
    end
  else
    for i = 1, n do ops[#ops + 1] = { "-", a[head + i], head + i, head + 1 } end
    for j = 1, m do ops[#ops + 1] = { "+", b[head + j], head + n + 1, head + j } end
  end
  -- context around the changes, from the common head and tail
  local all = {}
  for i = math.max(1, head - 1), head do all[#all + 1] = { " ", a[i], i, i } end
  for _, op in ipairs(ops) do all[#all + 1] = op end
  for k = 1, math.min(2, tail) do
    local i, j = #a - tail + k, #b - tail + k
    all[#all + 1] = { " ", a[i], i, j }
  end
  local out = { "--- stored", "+++ actual" }
  local limit = 200
  for k, op in ipairs(all) do
    if k > limit then out[#out + 1] = "... (" .. (#all - limit) .. " more lines)"; break end
    local keep = op[1] ~= " "
    if not keep then
      for d = -2, 2 do
        local near = all[k + d]
        if near and near[1] ~= " " then keep = true end
      end
    end
    if keep then
      if out.skipped or #out == 2 then
        out[#out + 1] = string.format("@@ stored line %d, actual line %d @@", op[3], op[4])
        out.skipped = nil
      end
      out[#out + 1] = op[1] .. op[2]
    else
      out.skipped = true
    end
  end
  return table.concat(out, "\n")
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function make_dirs(dir)
  local path = ""
  for part in dir:gmatch("[^/]+") do
    path = (path == "" and dir:sub(1, 1) == "/") and "/" .. part or (path == "" and part or path .. "/" .. part)
    if ok_lfs then lfs.mkdir(path) else os.execute("mkdir -p '" .. path:gsub("'", "'\\''") .. "'") end
  end
end

local function write(path, dir, text)
  make_dirs(dir)
  local f, err = io.open(path, "wb")
  if not f then error("cannot write snapshot: " .. err, 0) end
  f:write(text)
  f:close()
end

function Store:check(name, value, test, nargs)
  if type(name) ~= "string" or not name:match("^[%w_%-][%w_%-%.]*$") then
    return "misuse", "navlua.snapshot: 'name' must be a string of letters, digits, '_', '-' and '.' (got "
      .. (type(name) == "string" and "'" .. name .. "'" or tostring(name)) .. ")"
  end
  if nargs < 2 then return "misuse", "navlua.snapshot: 'value' is missing (navlua.snapshot(name, value))" end
  if test == nil then return "misuse", "navlua.snapshot: call it inside a test ('it')" end
  if self.taken[name] then
    return "misuse", "navlua.snapshot: the name '" .. name .. "' is already used in this file by test '"
      .. self.taken[name] .. "'"
  end
  self.taken[name] = test
  local ok, text = pcall(M.text, value)
  if not ok then return "misuse", "navlua.snapshot: " .. text end
  local path = self.dir .. "/" .. name .. ".txt"
  local stored = read(path)
  if stored == text then return "same" end
  if stored == nil then
    if not self.read_only then write(path, self.dir, text) end
    return "written", path
  end
  if self.update then
    if not self.read_only then write(path, self.dir, text) end
    return "updated", path
  end
  return "mismatch", "snapshot '" .. name .. "' does not match " .. path
    .. " (run with --update-snapshots to accept the new value)\n" .. M.diff(stored, text)
end

return M
