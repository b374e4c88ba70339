-- The REPL's Lua side: how results are shown and what Tab offers
-- (ReplPrelude.swift tells what the chunk gets and returns). The names Tab
-- offers for navlua's objects come from the bindings, in `types`.
local types = ...
local ScreenMT, NavMT = types.screen.metatable, types.navigation.metatable
local G = _G
local type, tostring, next, rawget, rawlen, pcall, select = type, tostring, next, rawget, rawlen, pcall, select
local sort, concat, mathtype, getmt = table.sort, table.concat, math.type, (debug and debug.getmetatable) or getmetatable
local ipairs, min, max, unpack = ipairs, math.min, math.max, table.unpack
local strmethods, base_print = string, print

local MAX_DEPTH, MAX_ITEMS, MAX_KEYS, WIDTH = 4, 50, 10000, 78

local keywords = {}
for w in ([[and break do else elseif end false for function goto if in local nil not or
           repeat return then true until while]]):gmatch("%a+") do keywords[w] = true end

local function is_name(s)
  return type(s) == "string" and s:match("^[%a_][%w_]*$") ~= nil and not keywords[s]
end

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    local named = {["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"', ["\\"] = "\\\\"}
    return named[c] or ("\\%d"):format(c:byte())
  end) .. '"'
end

-- tostring that survives a failing __tostring
local function safe_tostring(v)
  local ok, s = pcall(tostring, v)
  if ok and type(s) == "string" then return s end
  return "<" .. type(v) .. ": __tostring failed>"
end

-- "key2" before "key10": digit runs compare as numbers
local function natural(s)
  return (s:gsub("%d+", function(d) return ("0"):rep(24 - #d) .. d end))
end

-- numbers before strings before the rest; each kind in its natural order
local kind_rank = {number = 1, string = 2, boolean = 3}
local function key_before(a, b)
  local ra, rb = kind_rank[type(a)] or 4, kind_rank[type(b)] or 4
  if ra ~= rb then return ra < rb end
  if ra == 1 then return a < b end
  if ra == 2 then
    local na, nb = natural(a), natural(b)
    if na ~= nb then return na < nb end
    return a < b
  end
  return safe_tostring(a) < safe_tostring(b)
end

local show

local function show_table(t, depth, seen, indent)
  if next(t) == nil then return "{}" end
  if seen[t] then return "<cycle>" end
  if depth >= MAX_DEPTH then return "{...}" end
  seen[t] = true
  local items, n = {}, rawlen(t)
  local inner = indent .. "  "
  for i = 1, min(n, MAX_ITEMS) do
    items[#items + 1] = show(rawget(t, i), depth + 1, seen, inner)
  end
  local keys, more = {}, 0
  for k in next, t do
    if not (mathtype(k) == "integer" and k >= 1 and k <= n) then
      if #keys < MAX_KEYS then keys[#keys + 1] = k else more = more + 1 end
    end
  end
  sort(keys, key_before)
  for _, k in ipairs(keys) do
    if #items >= MAX_ITEMS then more = more + 1 else
      local name = is_name(k) and k or ("[" .. show(k, MAX_DEPTH, seen, inner) .. "]")
      items[#items + 1] = name .. " = " .. show(rawget(t, k), depth + 1, seen, inner)
    end
  end
  more = more + max(0, n - MAX_ITEMS)
  if more > 0 then items[#items + 1] = ("... (%d more)"):format(more) end
  seen[t] = nil
  local line = "{" .. concat(items, ", ") .. "}"
  if #indent + #line <= WIDTH and not line:find("\n") then return line end
  -- too long for one line: fill lines up to WIDTH, nested tables on their own
  local lines, current = {}, nil
  for i, item in ipairs(items) do
    local text = item .. (i < #items and "," or "")
    if current and not item:find("\n") and #inner + #current + 1 + #text <= WIDTH then
      current = current .. " " .. text
    else
      if current then lines[#lines + 1] = current end
      current = text
    end
    if item:find("\n") then lines[#lines + 1] = current; current = nil end
  end
  if current then lines[#lines + 1] = current end
  return "{\n" .. inner .. concat(lines, "\n" .. inner) .. "\n" .. indent .. "}"
end

function show(v, depth, seen, indent)
  local t = type(v)
  if t == "string" then return quote(v) end
  if t == "table" then
    local mt = getmt(v)
    if mt == ScreenMT then return safe_tostring(v) end   -- screen 'Home'
    if mt ~= nil and rawget(mt, "__tostring") ~= nil then return safe_tostring(v) end
    return show_table(v, depth, seen, indent)
  end
  return safe_tostring(v)                                -- navigation 1 [A > B], ...
end

-- The results of one input, tab-separated as lua.c prints them; a string
-- at the top is printed as it is.
local function format(...)
  local out = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    out[i] = type(v) == "string" and v or show(v, 0, {}, "")
  end
  return concat(out, "\t")
end

-- ---- completion ----------------------------------------------------------

-- metatable -> {methods = {...}, fields = {...}} of each navlua object
local kinds = {}
for _, kind in next, types do kinds[kind.metatable] = kind end

-- name -> true for the names `v` offers after "." (or ":" when `methods`)
local function members(v, methods)
  local found = {}
  local function add(list) for _, k in ipairs(list) do found[k] = true end end
  local function add_keys(t, functions_only)
    for _ = 1, 4 do   -- the table, then up to three __index tables
      if type(t) ~= "table" then return end
      for k, x in next, t do
        if is_name(k) and (not functions_only or type(x) == "function") then found[k] = true end
      end
      local mt = getmt(t)
      t = mt and rawget(mt, "__index")
    end
  end
  local kind = kinds[getmt(v)]
  if kind then
    add(kind.methods)
    if kind == types.screen then add_keys(v, methods) end   -- a screen is a table too
    if not methods then add(kind.fields) end
  elseif type(v) == "table" then
    add_keys(v, methods)
  elseif type(v) == "string" and methods then
    add_keys(strmethods, true)
  end
  return found
end

-- Follows `a.b.c` from the globals, reading tables raw; a navigation's
-- fields are read through navlua's own __index, nothing else runs.
local function resolve(path)
  local v = G
  for name in path:gmatch("[^.]+") do
    if not is_name(name) then return nil end
    if type(v) == "table" then
      v = rawget(v, name)
    elseif getmt(v) == NavMT then
      local ok, x = pcall(function() return v[name] end)
      if not ok then return nil end
      v = x
    else
      return nil
    end
  end
  return v
end

-- `text` is the line up to the cursor. Returns the word being completed,
-- then the candidates that extend it, sorted.
local function complete(text)
  local word = text:match("[%w_.:]*$")
  if word:match("^%d") then return word end
  local base, sep, partial = word:match("^(.-)([.:])([%w_]*)$")
  local found
  if base then
    if base == "" or base:find("[:]") or base:find("%.%.") or base:find("%.$") then return partial end
    local v = resolve(base)
    if v == nil then return partial end
    found = members(v, sep == ":")
  else
    partial = word
    found = members(G, false)
    for k in next, keywords do found[k] = true end
  end
  local list = {}
  for k in next, found do
    if k:sub(1, #partial) == partial then list[#list + 1] = k end
  end
  sort(list)
  return partial, unpack(list)
end

-- One live frame step: `tick(n)` with `print` watched, so that the REPL
-- knows whether a hook wrote to the terminal. Returns printed, error.
local function live_tick(tick, n)
  local printed, user_print = false, G.print
  local watcher = function(...) printed = true; return user_print(...) end
  if user_print == base_print then G.print = watcher end
  local ok, err = pcall(tick, n)
  if G.print == watcher then G.print = user_print end
  return printed, (not ok) and tostring(err) or nil
end

return {format = format, complete = complete, live_tick = live_tick}
