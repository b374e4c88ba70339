-- The wire format of `navlua test`'s driver (spec_driver.lua): the records
-- a child writes for the parent to read (ChildRecord.swift reads them), and
-- the Lua text of the events replayed into busted's output handlers.
--
-- A record is one line: its fields joined by tabs, each escaped (`\\ \t \n
-- \r`). The kinds and their fields are listed in SpecDriver.swift; this
-- file writes any of them, ChildRecord.swift is the one reader.

local W = {}

local escapes = { ["\\"] = "\\\\", ["\t"] = "\\t", ["\n"] = "\\n", ["\r"] = "\\r" }

-- One record: each field as text (nil and false as ""), escaped, joined by tabs.
function W.record(...)
  local fields = table.pack(...)
  for i = 1, fields.n do
    local f = tostring(fields[i] or "")
    fields[i] = f:find("[\\\t\n\r]") and f:gsub("[\\\t\n\r]", escapes) or f
  end
  return table.concat(fields, "\t", 1, fields.n) .. "\n"
end

-- Writes one record to `out` at once (a parent reading the pipe sees whole
-- records as they happen).
function W.emit(out, ...)
  out:write(W.record(...))
  out:flush()
end

-- A value as Lua constructor text that loads back as plain data: strings,
-- numbers, booleans and tables of them (functions, userdata and cycles are
-- left out). For the events replayed into busted's output handlers.
function W.encode(value, depth, seen)
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
        local ev = W.encode(v, depth + 1, seen)
        if ev then parts[#parts + 1] = "[" .. W.encode(k) .. "]=" .. ev end
      end
    end
    seen[value] = nil
    table.sort(parts)
    return "{" .. table.concat(parts, ",") .. "}"
  end
  return nil
end

return W
