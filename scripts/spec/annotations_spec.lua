-- Manual §12.1: the LuaLS annotations in types/navlua.lua cover the whole API,
-- so that an editor knows every name and the annotations cannot drift.
-- What navlua registers is read from the running state (the navlua table,
-- the methods behind each object's __index) and, for what a switch or an
-- options list holds, from the bindings' sources.

local source = debug.getinfo(1, "S").source:sub(2)
local root = (source:match("^(.*)/scripts/spec/[^/]*$") or ".")

local function read(path)
  local f = assert(io.open(root .. "/" .. path, "rb"), "cannot read " .. path)
  local s = f:read("a")
  f:close()
  return s
end

-- ---- the annotations -----------------------------------------------------

local annotated = {functions = {}, methods = {}, fields = {}, aliases = {}, any_field = {}}
do
  local class, alias
  local locals = {}   -- local name -> class
  for line in read("types/navlua.lua"):gmatch("[^\n]*") do
    local c = line:match("^%-%-%-@class ([%w%.]+)")
    if c then class = c; annotated.fields[c] = annotated.fields[c] or {} end
    local f = line:match("^%-%-%-@field ([%w_]+)")
    if f and class then annotated.fields[class][f] = true; annotated.any_field[f] = true end
    local name = line:match("^local (%w+) = {}")
    if name and class then locals[name] = class end
    local fn = line:match("^function navlua%.([%w_]+)%(")
    if fn then annotated.functions[fn] = true end
    local obj, method = line:match("^function (%w+):([%w_]+)%(")
    if obj then
      local cls = assert(locals[obj], "method of an unknown local " .. obj)
      annotated.methods[cls] = annotated.methods[cls] or {}
      annotated.methods[cls][method] = true
    end
    local a = line:match("^%-%-%-@alias ([%w%.]+)")
    if a then alias = a; annotated.aliases[a] = {} end
    if alias and (line:match("^%-%-%-@alias") or line:match("^%-%-%-|")) then
      for value in line:gmatch('"([%w_]+)"') do annotated.aliases[alias][value] = true end
    elseif not line:match("^%-%-%-@alias") then
      alias = nil
    end
  end
end

-- ---- what the sources hold -----------------------------------------------

-- The Lua names of a `enum NAME: String, CaseIterable` of `file`: each case's
-- raw value when it has one (`case barHidden = "bar_hidden"`), else its name.
-- The bindings' __index functions switch over these enums, and the REPL
-- completes from them.
local function field_names(file, name)
  local text = read("Sources/NavLuaBridge/" .. file)
  local start = assert(text:find("enum " .. name .. ": String, CaseIterable", 1, true), name .. " in " .. file)
  local names = {}
  for line in text:sub(start):match("%b{}"):gmatch("[^\n]*") do
    local list = line:match("^%s*case (.+)$")
    if list then
      for item in list:gmatch("[^,]+") do
        local raw = item:match('"([%w_]+)"')
        names[#names + 1] = raw or item:match("[%w_]+")
      end
    end
  end
  assert(#names > 0, "no fields found in " .. file .. " " .. name)
  return names
end

-- The quoted names in `case "a", "b":` lines of the closure `name` in `file`,
-- up to its `default:`.
local function cases(file, name)
  local text = read("Sources/NavLuaBridge/" .. file)
  local start = assert(text:find("static let " .. name .. ": navlua_SwiftFunction", 1, true), name .. " in " .. file)
  local stop = assert(text:find("default:", start, true))
  local names = {}
  for line in text:sub(start, stop):gmatch("[^\n]*") do
    if line:match('^%s*case "') then
      for n in line:match("^%s*case (.-):"):gmatch('"([%w_]+)"') do names[#names + 1] = n end
    end
  end
  assert(#names > 0, "no fields found in " .. file .. " " .. name)
  return names
end

-- Every name in `allowed: [...]` and `options = [...]` lists of the bindings.
local function option_names()
  local names = {}
  for _, file in ipairs{"NavigationBinding.swift", "NavigationConstructor.swift", "ScreenBinding.swift", "TouchBinding.swift",
                        "WorldBinding.swift", "RenderBinding.swift", "TraceBinding.swift"} do
    local text = read("Sources/NavLuaBridge/" .. file)
    for list in text:gmatch("allowed: (%b[])") do
      for n in list:gmatch('"([%w_]+)"') do names[#names + 1] = n end
    end
    for list in text:gmatch("static let options = (%b[])") do
      for n in list:gmatch('"([%w_]+)"') do names[#names + 1] = n end
    end
  end
  assert(#names > 10, "the options lists were not found")
  return names
end

-- The cases of a Swift enum: `case a, b` lines between `enum NAME` and `}`.
local function enum_cases(path, name)
  local text = read(path)
  local start = assert(text:find("enum " .. name, 1, true), name .. " in " .. path)
  local body = text:sub(start):match("%b{}"):gsub(",%s*\n%s*", ", ")
  local names = {}
  for line in body:gmatch("[^\n]*") do
    local list = line:match("^%s*case ([%w_, \n]+)$") or line:match("^%s*case ([%w_, ]+)%s*$")
    if list then for n in list:gmatch("[%w_]+") do names[#names + 1] = n end end
  end
  return names
end

local function missing(names, set)
  local out = {}
  for _, n in ipairs(names) do if not set[n] then out[#out + 1] = n end end
  table.sort(out)
  return out
end

local function keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

describe("the LuaLS annotations (types/navlua.lua)", function()
  it("declare the navlua table as a ---@meta file", function()
    assert.matches("^%-%-%-@meta navlua\n", read("types/navlua.lua"))
  end)

  it("annotate every function and field of the navlua table", function()
    local functions, fields = {}, {}
    for k, v in pairs(navlua) do
      if type(v) == "function" then functions[#functions + 1] = k else fields[#fields + 1] = k end
    end
    assert.is_true(#functions > 15)
    assert.are.same({}, missing(functions, annotated.functions))
    assert.are.same({}, missing(fields, annotated.fields["navlua"]))
  end)

  it("annotate no function navlua does not have", function()
    local extra = {}
    for _, name in ipairs(keys(annotated.functions)) do
      if navlua[name] == nil then extra[#extra + 1] = name end
    end
    assert.are.same({}, extra)
  end)

  it("annotate every method of navigations, touches, screens and scroll views", function()
    local registry = debug.getregistry()
    for _, class in ipairs{"navlua.Navigation", "navlua.Touch", "navlua.ScrollView"} do
      local index = assert(registry[class], class).__index
      -- (upvalue 2: the type's keys, a method's name to its function and
      -- a field's to its position, objects.c)
      local _, keys_of_type = debug.getupvalue(index, 2)
      local methods = {}
      for name, v in pairs(keys_of_type) do
        if type(v) == "function" then methods[name] = v end
      end
      assert.are.same({}, missing(keys(methods), annotated.methods[class] or {}), class)
      for name in pairs(annotated.methods[class] or {}) do
        assert.is_truthy(methods[name], class .. ":" .. name .. " is annotated but does not exist")
      end
    end
    local screen_methods = registry["navlua.Screen"].__index
    assert.are.same({}, missing(keys(screen_methods), annotated.methods["navlua.Screen"]))
  end)

  it("annotate every field the objects' __index functions read", function()
    for _, case in ipairs{{"NavigationFields.swift", "Field", "navlua.Navigation"},
                          {"TouchBinding.swift", "Field", "navlua.Touch"},
                          {"ScreenBinding.swift", "ScrollViewField", "navlua.ScrollView"}} do
      local names = field_names(case[1], case[2])
      assert.are.same({}, missing(names, annotated.fields[case[3]]), case[3] .. " (" .. case[2] .. ")")
    end
    local writable = cases("ScreenBinding.swift", "scrollNewIndex")
    assert.are.same({}, missing(writable, annotated.fields["navlua.ScrollView"]), "scrollNewIndex")
    -- the one writable navigation field
    assert.matches('guard key == "pop_gesture"', read("Sources/NavLuaBridge/NavigationFields.swift"), 1, true)
    assert.is_true(annotated.fields["navlua.Navigation"].pop_gesture)
  end)

  it("annotate the fields and hooks a screen table may have", function()
    -- the keys navlua reads from a screen table, fields and hooks (every
    -- hook has one: ScreenKey(hook) is an exhaustive switch)
    local names = enum_cases("Sources/NavLuaBridge/ScreenKey.swift", "ScreenKey")
    assert.are.same({}, missing(enum_cases("Sources/NavLuaEngine/Navigation/Screen.swift", "Hook"),
                                (function() local set = {} for _, n in ipairs(names) do set[n] = true end return set end)()))
    assert.is_true(#names >= 13)
    assert.are.same({}, missing(names, annotated.fields["navlua.Screen"]))
  end)

  it("annotate every option the calls accept", function()
    assert.are.same({}, missing(option_names(), annotated.any_field))
  end)

  it("list every trace kind, style, completion rule and curve name", function()
    local kinds = enum_cases("Sources/NavLuaEngine/Core/Trace.swift", "Kind")
    assert.is_true(#kinds > 10)
    assert.are.same({}, missing(kinds, annotated.aliases["navlua.TraceKind"]))
    assert.are.same({}, missing(enum_cases("Sources/NavLuaEngine/Navigation/NavigationOptions.swift", "PopStyle"),
                                annotated.aliases["navlua.Style"]))
    local rules = {}
    for n in read("Sources/NavLuaEngine/Gestures/CompletionRule.swift"):match("static let names = (%b[])"):gmatch('"([%w_]+)"') do
      rules[#rules + 1] = n
    end
    assert.are.same({}, missing(rules, annotated.aliases["navlua.CompletionRuleName"]))
    local curves = {}
    local named = read("Sources/NavLuaEngine/Core/Curve.swift"):match("func named.-\n    }")
    for n in named:gmatch('case "([%w_]+)"') do curves[#curves + 1] = n end
    assert.is_true(#curves >= 4)
    assert.are.same({}, missing(curves, annotated.aliases["navlua.CurveName"]))
  end)
end)
