-- navlua.explore (manual §13; SPEC §17): random sequences of what a person
-- does, run against a fresh world that `setup` builds, checked after every
-- step; the first failing run is shrunk to a 1-minimal sequence and printed
-- as a plain navlua script. ExploreBinding.swift loads this chunk once, on
-- the first call, with the navlua table; it returns {explore =, cli =}.
--
-- Each step is data, `{action = NAME, p = {integers...}}`, so that it can be
-- replayed, shrunk and printed; the kinds below say how to do and print each.
-- Numbers are integers on a grid (points, centiseconds, frames), so a
-- shrink move is exact and the printed script does what the search did.

local navlua = ...
local type, pairs, ipairs, pcall, error, tostring = type, pairs, ipairs, pcall, error, tostring
local floor, concat, fmt = math.floor, table.concat, string.format
-- (a script may have removed the debug library: positions are then left out)
local getinfo = debug and debug.getinfo or function() return nil end

local CHUNK = "=navlua.explore"

-- Seeded random numbers: splitmix64 on Lua's 64-bit integers (they wrap).
-- Never math.random: its state is the script's, and a run must depend on
-- (seed, run) alone, so that shards and reruns see the same sequences.
local function random_source(seed, run)
  local state = seed * 0x9E3779B97F4A7C15 + run * 0xD1B54A32D192ED03
  local function next64()
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    return z ~ (z >> 31)
  end
  local r = {}
  -- a whole number in [lo, hi]
  function r.int(lo, hi) return lo + (next64() >> 1) % (hi - lo + 1) end
  function r.chance(percent) return r.int(1, 100) <= percent end
  return r
end

---------------------------------------------------------------------------
-- Where an error points: the first Lua frame that is not this chunk's.

local function caller_position()
  for level = 2, 60 do
    local info = getinfo(level, "Sl")
    if not info then break end
    if info.source ~= CHUNK and info.currentline and info.currentline > 0 then
      return info.short_src .. ":" .. info.currentline .. ": "
    end
  end
  return ""
end

local function function_position(fn)
  local info = getinfo(fn, "S")
  if info and info.what == "Lua" then return info.short_src .. ":" .. info.linedefined .. ": " end
  return ""
end

local function first_line(s)
  s = tostring(s)
  return s:match("^[^\n]*")
end

---------------------------------------------------------------------------
-- Printing values as Lua literals (for the script).

local function literal(v)
  local t = type(v)
  if t == "string" then return fmt("%q", v)
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return fmt("%.14g", v)
  elseif t == "boolean" or t == "nil" then return tostring(v)
  elseif t == "table" and getmetatable(v) == nil then
    local parts = {}
    for i, x in ipairs(v) do
      local s = literal(x)
      if not s then return nil end
      parts[i] = s
    end
    local keys = {}
    for k in pairs(v) do
      if type(k) == "string" then keys[#keys + 1] = k
      elseif not (math.type(k) == "integer" and k >= 1 and k <= #v) then return nil end
    end
    table.sort(keys)
    for _, k in ipairs(keys) do
      local s = literal(v[k])
      if not s or not k:match("^[%a_][%w_]*$") then return nil end
      parts[#parts + 1] = k .. " = " .. s
    end
    return "{" .. concat(parts, ", ") .. "}"
  end
  return nil
end

local function seconds(cs) return fmt("%g", cs / 100) end

---------------------------------------------------------------------------
-- The step kinds: their numbers (name, lowest, highest; a shrink moves each
-- towards `to`, zero or the start of its range), what they do, and their
-- script line. `run` returns false when the step could not apply in this
-- state (a push of a screen already on the stack): it then does nothing.

local function in_list(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- (The sheets' screens are read once a run: explore pushes only on app.nav.)
local function pushable(ctx, s)
  return s and not ctx.pending[s] and not ctx.in_sheets[s] and not in_list(ctx.nav.screens, s)
end

local function push(ctx, i)
  local s = ctx.screens[i]
  if not pushable(ctx, s) then return false end
  if ctx.nav.transitioning or ctx.nav.stuck then ctx.pending[s] = true end
  ctx.nav:push(s)
  return true
end

local function title(ctx, i)
  local s = ctx.screens[i]
  return s and fmt("%q", tostring(s.title)) or "?"
end

local function direction(dx, dy)
  if dx == 0 and dy == 0 then return "in place" end
  local h = dx > 0 and "right" or dx < 0 and "left" or nil
  local v = dy > 0 and "down" or dy < 0 and "up" or nil
  if h and v then
    if math.abs(dx) >= 3 * math.abs(dy) then return h .. " (a little " .. v .. ")" end
    if math.abs(dy) >= 3 * math.abs(dx) then return v .. " (a little " .. h .. ")" end
    return v .. " and " .. h
  end
  return h or v
end

local CALLS = {"pop", "back", "pop_to_root"}

-- A navigation call without arguments: nav:pop(), nav:pop_to_root(), nav:back().
local function call_kind(method, words)
  return {
    params = {},
    run = function(ctx) ctx.nav[method](ctx.nav) return true end,
    lines = function() return {"nav:" .. method .. "()"} end,
    says = function() return words end,
  }
end

local KINDS = {
  pop = call_kind("pop", "pop"),
  pop_to_root = call_kind("pop_to_root", "pop to the root"),
  back = call_kind("back", "tap the back button"),
  push = {
    params = {{"screen", 1, 1000, 1}},
    run = function(ctx, p) return push(ctx, p[1]) end,
    lines = function(p) return {fmt("nav:push(screens[%d])", p[1])} end,
    says = function(ctx, p) return "push screen " .. title(ctx, p[1]) end,
  },
  drag = {
    params = {{"x", 0, 10000, 0}, {"y", 0, 10000, 0}, {"dx", -10000, 10000, 0}, {"dy", -10000, 10000, 0},
              {"duration", 1, 300, 1}, {"hold", 0, 300, 0}, {"flick", 0, 1, 0}},
    -- flick 1: the finger's profile is ease_out, fast then slowing (manual
    -- §5.1); a shrink moves it to 0, a constant speed
    run = function(_, p)
      navlua.drag{from = {p[1], p[2]}, by = {p[3], p[4]}, duration = p[5] / 100, hold = p[6] / 100,
                  profile = (p[7] or 0) == 1 and "ease_out" or nil}
      return true
    end,
    lines = function(p)
      local hold = p[6] > 0 and (", hold = " .. seconds(p[6])) or ""
      local flick = (p[7] or 0) == 1 and ', profile = "ease_out"' or ""
      return {fmt("navlua.drag{from = {%d, %d}, by = {%d, %d}, duration = %s%s%s}",
                  p[1], p[2], p[3], p[4], seconds(p[5]), hold, flick)}
    end,
    says = function(ctx, p)
      local start = p[1] <= 13 and " at the left edge" or ""
      local held = p[6] > 0 and (", held " .. seconds(p[6]) .. " s before the lift") or ""
      local flick = (p[7] or 0) == 1 and ", a flick" or ""
      return fmt("drag %s %d pt from (%d, %d)%s in %s s%s%s", direction(p[3], p[4]),
                 floor(math.sqrt(p[3] * p[3] + p[4] * p[4]) + 0.5), p[1], p[2], start, seconds(p[5]), flick, held)
    end,
  },
  tap = {
    params = {{"x", 0, 10000, 0}, {"y", 0, 10000, 0}},
    run = function(_, p) navlua.tap(p[1], p[2]) return true end,
    lines = function(p) return {fmt("navlua.tap(%d, %d)", p[1], p[2])} end,
    says = function(_, p) return fmt("tap at (%d, %d)", p[1], p[2]) end,
  },
  offset = {
    params = {{"view", 1, 1000, 1}, {"offset", 0, 100000, 0}},
    run = function(ctx, p)
      local v = ctx.views[p[1]]
      if not v then return false end
      if v.content_width > v.width then v.offset = p[2] else v.offset_y = p[2] end
      return true
    end,
    lines = function(p, ctx)
      local v = ctx.views[p[1]]
      local field = (v and v.content_width > v.width) and "offset" or "offset_y"
      return {fmt("app.scroll_views[%d].%s = %d", p[1], field, p[2])}
    end,
    says = function(_, p) return fmt("the app scrolls scroll view %d to %d (a write of its offset)", p[1], p[2]) end,
  },
  present = {
    params = {{"sheet", 1, 100, 1}},
    run = function(ctx, p)
      local s = ctx.sheets[p[1]]
      if not s or s.expected or s.nav.presented then return false end
      s.expected = true
      s.nav:present(s.options)
      return true
    end,
    lines = function(p, ctx)
      local s = ctx.sheets[p[1]]
      local options = s and s.options and (literal(s.options) or fmt("app.sheets[%d][2]", p[1])) or ""
      return {(ctx.nav_names[p[1] + 1] or fmt("app.sheets[%d]", p[1])) .. ":present(" .. options .. ")"}
    end,
    says = function(_, p) return fmt("present sheet %d", p[1]) end,
  },
  dismiss = {
    params = {{"sheet", 1, 100, 1}},
    run = function(ctx, p)
      local s = ctx.sheets[p[1]]
      if not s or not s.expected or not s.nav.presented or s.nav.transitioning then return false end
      s.expected = false
      s.nav:dismiss()
      return true
    end,
    lines = function(p, ctx)
      return {(ctx.nav_names[p[1] + 1] or fmt("app.sheets[%d]", p[1])) .. ":dismiss()"}
    end,
    says = function(_, p) return fmt("dismiss sheet %d", p[1]) end,
  },
  wait = {
    params = {{"seconds", 1, 1000, 1}},
    run = function(_, p) navlua.advance(p[1] / 100) return true end,
    lines = function(p) return {"navlua.advance(" .. seconds(p[1]) .. ")"} end,
    says = function(_, p) return "wait " .. seconds(p[1]) .. " s" end,
  },
  tick = {
    params = {{"frames", 1, 100, 1}},
    run = function(_, p) navlua.tick(p[1]) return true end,
    lines = function(p) return {fmt("navlua.tick(%d)", p[1])} end,
    says = function(_, p) return fmt("wait %d frame%s", p[1], p[1] == 1 and "" or "s") end,
  },
  interrupt = {
    params = {{"screen", 1, 1000, 1}, {"frames", 0, 100, 0}, {"call", 1, #CALLS, 1}},
    run = function(ctx, p)
      if not push(ctx, p[1]) then return false end
      if p[2] > 0 then navlua.tick(p[2]) end
      ctx.nav[CALLS[p[3]]](ctx.nav)
      return true
    end,
    lines = function(p)
      local out = {fmt("nav:push(screens[%d])", p[1])}
      if p[2] > 0 then out[#out + 1] = fmt("navlua.tick(%d)", p[2]) end
      out[#out + 1] = "nav:" .. CALLS[p[3]] .. "()"
      return out
    end,
    says = function(ctx, p)
      return fmt("push screen %s, and %d frame%s into its transition call nav:%s()", title(ctx, p[1]), p[2],
                 p[2] == 1 and "" or "s", CALLS[p[3]])
    end,
  },
  toggle = {
    params = {{"toggle", 1, 1000, 1}, {"value", 1, 1000, 1}},
    run = function(ctx, p)
      local t = ctx.toggles[p[1]]
      if not t or t[3][p[2]] == nil then return false end
      t[1][t[2]] = t[3][p[2]]
      return true
    end,
    lines = function(p, ctx)
      local t = ctx.toggles[p[1]]
      local value = t and literal(t[3][p[2]]) or fmt("app.toggles[%d][3][%d]", p[1], p[2])
      local field = t and t[2]
      local target = fmt("app.toggles[%d][1]", p[1])
      if type(field) == "string" and field:match("^[%a_][%w_]*$") then
        return {fmt("%s.%s = %s", target, field, value)}
      end
      return {fmt("%s[%s] = %s", target, literal(field) or fmt("app.toggles[%d][2]", p[1]), value)}
    end,
    says = function(ctx, p)
      local t = ctx.toggles[p[1]]
      local who = t and (type(t[1]) == "table" and rawget(t[1], "title") and fmt("screen %q", t[1].title) or tostring(t[1])) or "?"
      return fmt("the app sets %s's %s to %s", who, t and tostring(t[2]) or "?", t and tostring(t[3][p[2]]) or "?")
    end,
  },
}

---------------------------------------------------------------------------
-- The actions a run picks from (the names `actions` weighs): each makes a
-- step of one kind from the state of the world. Weights are relative.

local function drag_step(x, y, dx, dy, r)
  local hold = r.chance(70) and 0 or r.int(1, 60)
  local duration = r.int(3, 80)
  return {action = "drag", p = {x, y, dx, dy, duration, hold, r.chance(30) and 1 or 0}}
end

local function presented_sheet(ctx)
  for _, s in ipairs(ctx.sheets) do if s.nav.presented then return s end end
end

local ACTIONS = {
  {name = "push", weight = 4, can = function(ctx) return #ctx.screens > 0 end,
   make = function(ctx, r) return {action = "push", p = {r.int(1, #ctx.screens)}} end},
  {name = "pop", weight = 1, make = function() return {action = "pop", p = {}} end},
  {name = "pop_to_root", weight = 0.5, make = function() return {action = "pop_to_root", p = {}} end},
  {name = "back", weight = 2, make = function() return {action = "back", p = {}} end},
  {name = "edge_swipe", weight = 3, make = function(ctx, r)
     local dx = r.chance(85) and r.int(10, ctx.width) or r.int(-ctx.width // 2, ctx.width)
     return drag_step(r.int(0, ctx.edge + 5), r.int(0, ctx.height - 1), dx, r.int(-80, 80), r)
   end},
  {name = "swipe", weight = 3, make = function(ctx, r)
     local dy = r.chance(60) and r.int(-40, 40) or r.int(-ctx.height // 2, ctx.height // 2)
     return drag_step(r.int(0, ctx.width - 1), r.int(0, ctx.height - 1), r.int(-ctx.width, ctx.width), dy, r)
   end},
  {name = "tap", weight = 1, make = function(ctx, r)
     return {action = "tap", p = {r.int(0, ctx.width - 1), r.int(0, ctx.height - 1)}}
   end},
  {name = "scroll", weight = 2, can = function(ctx) return #ctx.views > 0 end, make = function(ctx, r)
     local v = ctx.views[r.int(1, #ctx.views)]
     local x = floor(v.x) + r.int(0, math.max(0, floor(v.width) - 1))
     local y = floor(v.y) + r.int(0, math.max(0, floor(v.height) - 1))
     local along_x = v.content_width > v.width
     local dx = along_x and r.int(-ctx.width, ctx.width) or r.int(-20, 20)
     local dy = along_x and r.int(-20, 20) or r.int(-ctx.height, ctx.height)
     return drag_step(x, y, dx, dy, r)
   end},
  {name = "scroll_offset", weight = 0.5, can = function(ctx) return #ctx.views > 0 end, make = function(ctx, r)
     local i = r.int(1, #ctx.views)
     local v = ctx.views[i]
     local most = math.max(0, floor(math.max(v.content_width - v.width, v.content_height - v.height)))
     return {action = "offset", p = {i, r.int(0, most)}}
   end},
  {name = "present", weight = 1, can = function(ctx) return #ctx.sheets > 0 end,
   make = function(ctx, r) return {action = "present", p = {r.int(1, #ctx.sheets)}} end},
  {name = "dismiss", weight = 1, can = function(ctx) return presented_sheet(ctx) ~= nil end,
   make = function(ctx, r) return {action = "dismiss", p = {r.int(1, #ctx.sheets)}} end},
  {name = "pull", weight = 2, can = function(ctx) return presented_sheet(ctx) ~= nil end, make = function(ctx, r)
     local top = floor(presented_sheet(ctx).nav:visual().y)
     local y = math.min(ctx.height - 1, top + r.int(0, 120))
     return drag_step(r.int(0, ctx.width - 1), y, r.int(-30, 30), r.int(-150, ctx.height - y), r)
   end},
  {name = "wait", weight = 2, make = function(_, r) return {action = "wait", p = {r.int(1, 100)}} end},
  {name = "tick", weight = 1, make = function(_, r) return {action = "tick", p = {r.int(1, 30)}} end},
  -- the call is one of the calls the weights allow (the back button at least)
  {name = "interrupt", weight = 1, can = function(ctx) return #ctx.screens > 0 end, make = function(ctx, r, weights)
     local calls = {}
     for i, name in ipairs(CALLS) do if weights[name] > 0 or name == "back" then calls[#calls + 1] = i end end
     return {action = "interrupt", p = {r.int(1, #ctx.screens), r.int(0, 25), calls[r.int(1, #calls)]}}
   end},
  {name = "toggle", weight = 2, can = function(ctx) return #ctx.toggles > 0 end, make = function(ctx, r)
     local i = r.int(1, #ctx.toggles)
     return {action = "toggle", p = {i, r.int(1, #ctx.toggles[i][3])}}
   end},
}

local ACTION_NAMES = {}
for _, a in ipairs(ACTIONS) do ACTION_NAMES[#ACTION_NAMES + 1] = a.name end

---------------------------------------------------------------------------
-- The built-in checks. Appearance: each screen's calls follow UIKit's
-- cycle; this text is run here and printed into a script that fails on it.

local BALANCE = [[
-- Each screen's appearance calls, in order, must follow UIKit's cycle (a
-- cancelled transition may turn back, e.g. will_disappear then will_appear).
local NEXT = {
  disappeared = {will_appear = "appearing"},
  appearing = {did_appear = "appeared", will_disappear = "disappearing"},
  appeared = {will_disappear = "disappearing"},
  disappearing = {did_disappear = "disappeared", will_appear = "appearing"},
}
local AFTER = {will_appear = "appearing", did_appear = "appeared", will_disappear = "disappearing", did_disappear = "disappeared"}
local function appearance(states, e)
  local key = e.nav .. "\0" .. e.screen
  local state = states[key]
  local to = state and NEXT[state][e.name]
  if state and not to then
    return ("appearance calls unbalanced: screen '%s' got %s while %s"):format(e.screen, e.name, state)
  end
  states[key] = to or AFTER[e.name]
end
]]
local appearance = load(BALANCE .. "return appearance", CHUNK)()

local CHECKS = {"error", "stuck", "pitfall", "appearance", "empty"}

local function pitfall_message(e)
  return fmt("pitfall %s on screen '%s': %s", tostring(e.name), tostring(e.screen), tostring(e.fix))
end

-- The first failure of the world as it is now, or nil: {check=, message=, nav=}.
local function check(run)
  local c, ctx = run.config.checks, run.ctx
  if c.error and ctx.error then return {check = "error", message = ctx.error} end
  if c.stuck then
    for i, nav in ipairs(ctx.navs) do
      if nav.stuck then
        return {check = "stuck", nav = i, message = fmt("root freeze: %s is stuck in an interactive pop at its root (nav.stuck)", ctx.nav_names[i])}
      end
    end
  end
  if c.pitfall and ctx.pitfall then return {check = "pitfall", name = ctx.pitfall.name, message = pitfall_message(ctx.pitfall)} end
  if c.appearance and ctx.unbalanced then return {check = "appearance", message = ctx.unbalanced} end
  if c.empty then
    for i, nav in ipairs(ctx.navs) do
      if nav.count == 0 then return {check = "empty", nav = i, message = fmt("the stack of %s is empty", ctx.nav_names[i])} end
    end
  end
  local property = run.config.property
  if property then
    local ok, good, message = pcall(property, ctx.app)
    if not ok then
      error(function_position(property) .. "navlua.explore: the property raised an error: " .. tostring(good), 0)
    end
    if not good then
      return {check = "property", message = message ~= nil and tostring(message) or "the property failed"}
    end
  end
end

---------------------------------------------------------------------------
-- One run: a fresh world, the app, then steps (given, or made as it goes).

local function app_problem(app)
  if type(app) ~= "table" then return "returned " .. type(app) end
  local ok, is_nav = pcall(function() return type(app.nav) == "userdata" and app.nav.count ~= nil end)
  if not ok or not is_nav then return "returned a table whose 'nav' is not a navigation" end
  for _, key in ipairs({"screens", "scroll_views", "sheets", "toggles"}) do
    if app[key] ~= nil and type(app[key]) ~= "table" then return "returned '" .. key .. "' that is not a list" end
  end
  for i, t in ipairs(app.toggles or {}) do
    if type(t) ~= "table" or t[1] == nil or t[2] == nil or type(t[3]) ~= "table" or #t[3] == 0 then
      return fmt("returned toggles[%d] that is not {object, \"field\", {values...}} with a value", i)
    end
  end
end

local function new_context(config, after_reset)
  local setup = config.setup
  navlua.reset(config.world)
  if after_reset then after_reset() end
  local ok, app = pcall(setup)
  if not ok then
    error(function_position(setup) .. "navlua.explore: setup raised an error: " .. tostring(app), 0)
  end
  local problem = app_problem(app)
  if problem then
    error(function_position(setup) .. "navlua.explore: setup " .. problem
          .. " (it must return an app: {nav = navigation, screens = {...}})", 0)
  end
  local ctx = {app = app, nav = app.nav, screens = app.screens or {}, views = app.scroll_views or {},
               toggles = app.toggles or {}, sheets = {}, pending = {}, states = {},
               width = floor(app.width or (config.world and config.world.width) or 390),
               height = floor(app.height or (config.world and config.world.height) or 844)}
  ctx.navs, ctx.nav_names = {ctx.nav}, {"app.nav"}
  -- edge swipes start within the preset's edge region, or just past it
  local preset = ctx.nav.preset
  local edge = config.edges[preset]
  if not edge then
    local ok, p = pcall(navlua.preset, preset)
    edge = ok and type(p) == "table" and tonumber(p.edge_width) and floor(p.edge_width) or 20
    config.edges[preset] = edge
  end
  ctx.edge = edge
  for i, s in ipairs(app.sheets or {}) do
    local entry = type(s) == "table" and {nav = s[1], options = s[2], pair = true} or {nav = s}
    ctx.sheets[i] = entry
    ctx.navs[#ctx.navs + 1] = entry.nav
    ctx.nav_names[#ctx.nav_names + 1] = fmt(entry.pair and "app.sheets[%d][1]" or "app.sheets[%d]", i)
    entry.expected = entry.nav.presented
  end
  ctx.in_sheets = {}
  for _, entry in ipairs(ctx.sheets) do
    for _, screen in ipairs(entry.nav.screens) do ctx.in_sheets[screen] = true end
  end
  if config.checks.pitfall then
    ctx.pitfall = navlua.trace("pitfall")[1]
    navlua.on("pitfall", function(e) ctx.pitfall = ctx.pitfall or e end)
  end
  if config.checks.appearance then
    navlua.on("lifecycle", function(e)
      ctx.unbalanced = ctx.unbalanced or appearance(ctx.states, e)
    end)
  end
  return ctx
end

-- Calls that waited ran once nothing is in a transition: a screen that was
-- queued for a push is on the stack or gone, so it may be picked again.
local function before_step(ctx)
  if next(ctx.pending) and not ctx.nav.transitioning and not ctx.nav.stuck then ctx.pending = {} end
  for _, s in ipairs(ctx.sheets) do
    if s.expected and not s.nav.presented and not s.nav.transitioning and not ctx.nav.transitioning then
      s.expected = false
    end
  end
end

-- What stops the whole script (Ctrl-C, --timeout, --memory-limit) is not
-- the app's failure: it goes on up.
local function stops(err)
  local s = tostring(err)
  return s:find("interrupted!", 1, true) or s:find("timeout: ", 1, true) or s:find("not enough memory", 1, true)
end

local function do_step(run, step)
  local ctx = run.ctx
  before_step(ctx)
  local ok, applied = pcall(KINDS[step.action].run, ctx, step.p)
  if not ok then
    if stops(applied) then error(applied, 0) end
    ctx.error = "a step raised an error: " .. first_line(applied)
  end
  -- as of the last time it ran: a script leaves out what could not apply
  step.skipped = ok and not applied or nil
  return check(run)
end

local function pick(run, r)
  local ctx, weights, total, usable = run.ctx, run.config.weights, 0, {}
  for _, a in ipairs(ACTIONS) do
    local w = weights[a.name]
    if w > 0 and (not a.can or a.can(ctx)) then
      usable[#usable + 1] = a
      total = total + w
    end
  end
  if total == 0 then return nil end
  local x = r.int(0, floor(total * 1000) - 1) / 1000
  for _, a in ipairs(usable) do
    x = x - weights[a.name]
    if x < 0 then return a.make(ctx, r, weights) end
  end
  return usable[#usable].make(ctx, r, weights)
end

-- Runs `steps` (a list) or, given a random source, makes `count` steps.
-- Returns the failure (with `at`, the step after which it was seen) and
-- the steps done, or nil.
local function play(config, steps, r, count, after_reset)
  local run = {config = config}
  run.ctx = new_context(config, after_reset)
  local failure = check(run)
  if failure then failure.at = 0 return failure, {} end
  local done = {}
  for i = 1, r and count or #steps do
    local step = r and pick(run, r) or steps[i]
    if not step then break end
    done[i] = step
    failure = do_step(run, step)
    if failure then failure.at = i return failure, done end
  end
  return nil, done
end

---------------------------------------------------------------------------
-- Shrinking. A candidate must fail the same way (the same check; for a
-- pitfall the same pitfall). Removal first (halves, quarters, ... single
-- steps), then each number towards its target: all the way, half way, one
-- unit. It stops when no single removal nor number move still fails:
-- 1-minimal on the integer grid.

local function same(a, b) return a.check == b.check and a.name == b.name end

local function copy(steps)
  local out = {}
  for i, s in ipairs(steps) do
    local p = {}
    for j, v in ipairs(s.p) do p[j] = v end
    out[i] = {action = s.action, p = p}
  end
  return out
end

-- Each number's moves towards its target: all the way, half way, one unit.
local function moves(v, to)
  if v == to then return {} end
  local half = v + (to - v) // 2
  if half == v then half = v + (to > v and 1 or -1) end
  return {to, half, v + (to > v and 1 or -1)}
end

local function neighbours(steps)
  local out = {}
  for i = 1, #steps do
    local candidate = {}
    for j = 1, #steps do if j ~= i then candidate[#candidate + 1] = steps[j] end end
    out[#out + 1] = candidate
  end
  for i = 1, #steps do
    for j, spec in ipairs(KINDS[steps[i].action].params) do
      for _, target in ipairs(moves(steps[i].p[j], spec[4])) do
        local candidate = copy(steps)
        candidate[i].p[j] = target
        out[#out + 1] = candidate
      end
    end
  end
  return out
end

local function shrink(config, steps, failure)
  local tries = 0
  local function fails(candidate)
    tries = tries + 1
    local f, done = play(config, candidate)
    if f and same(f, failure) then
      -- what follows the failing step is never needed
      local kept = {}
      for i = 1, f.at do kept[i] = candidate[i] end
      return kept, f
    end
  end
  local function remove_pass()
    local changed, size = false, #steps // 2
    while size >= 1 do
      local i = 1
      while i <= #steps do
        local candidate = {}
        for j = 1, #steps do if j < i or j >= i + size then candidate[#candidate + 1] = steps[j] end end
        local kept, f = fails(candidate)
        if kept then steps, failure, changed = kept, f, true else i = i + size end
      end
      size = size // 2
    end
    return changed
  end
  local function number_pass()
    local changed = false
    for i = 1, #steps do
      local params = KINDS[steps[i].action].params
      for j, spec in ipairs(params) do
        local moved = true
        while moved and steps[i] do
          moved = false
          for _, target in ipairs(moves(steps[i].p[j], spec[4])) do
            local candidate = copy(steps)
            candidate[i].p[j] = target
            local kept, f = fails(candidate)
            if kept then
              steps, failure, changed, moved = kept, f, true, true
              break
            end
          end
        end
        if not steps[i] then return changed end
      end
    end
    return changed
  end
  -- a drag or tap that only lets time pass reads better as that wait
  local function wait_pass()
    local changed = false
    for i = 1, #steps do
      local step = steps[i]
      local frames = step.action == "tap" and 2
        or step.action == "drag" and 2 + math.ceil(step.p[5] * 0.6) + math.ceil(step.p[6] * 0.6)
      if frames then
        local candidate = copy(steps)
        candidate[i] = {action = "tick", p = {frames}}
        local kept, f = fails(candidate)
        if kept then steps, failure, changed = kept, f, true end
      end
      if not steps[i + 1] then break end
    end
    return changed
  end
  repeat
    local a = remove_pass()
    local b = wait_pass()
    local c = number_pass()
  until not a and not b and not c
  return steps, failure, tries
end

---------------------------------------------------------------------------
-- The script: what a person would write to replay the steps by hand.

local ENDINGS = {
  property = function()
    return {"local ok, message = explore.property(app)",
            "if not ok then error(message or \"the property failed\", 0) end"}
  end,
  stuck = function(f, ctx)
    return {fmt("if %s.stuck then", ctx.nav_names[f.nav]),
            fmt("  error(%q, 0)", f.message), "end"}
  end,
  empty = function(f, ctx)
    return {fmt("if %s.count == 0 then error(%q, 0) end", ctx.nav_names[f.nav], f.message)}
  end,
  pitfall = function()
    return {"local pitfall = navlua.trace(\"pitfall\")[1]",
            "if pitfall then",
            "  error((\"pitfall %s on screen '%s': %s\"):format(pitfall.name, pitfall.screen, pitfall.fix), 0)",
            "end"}
  end,
  appearance = function()
    local out = {}
    for line in BALANCE:gmatch("[^\n]+") do out[#out + 1] = line end
    out[#out + 1] = "local states = {}"
    out[#out + 1] = "for _, e in ipairs(navlua.trace(\"lifecycle\")) do"
    out[#out + 1] = "  local problem = appearance(states, e)"
    out[#out + 1] = "  if problem then error(problem, 0) end"
    out[#out + 1] = "end"
    return out
  end,
  error = function() return {"-- (the last step raises the error)"} end,
}

-- The steps as script lines, each after its comment.
local function step_lines(steps, ctx)
  local out = {}
  for i, step in ipairs(steps) do
    local kind = KINDS[step.action]
    out[#out + 1] = ""
    if step.skipped then
      out[#out + 1] = fmt("-- %d. (not possible at this point, so not done: %s)", i, kind.says(ctx, step.p))
    else
      out[#out + 1] = fmt("-- %d. %s", i, kind.says(ctx, step.p))
      for _, line in ipairs(kind.lines(step.p, ctx)) do out[#out + 1] = line end
    end
  end
  return concat(out, "\n")
end

local function script(config, result, ctx)
  local out = {
    fmt("-- Found by navlua.explore (seed %d, run %d): %d step%s, shrunk from %d.", result.seed, result.run,
        #result.steps, #result.steps == 1 and "" or "s", result.found_steps),
    "-- It fails with: " .. first_line(result.message),
    "--   navlua run THIS_FILE   (exit 1, the message on stderr)",
    fmt("local explore = dofile(%q)", config.file),
    "navlua.reset(" .. (config.world and literal(config.world) or "") .. ")",
    "local app = explore.setup()",
    "local nav, screens = app.nav, app.screens",
  }
  out[#out + 1] = step_lines(result.steps, ctx)
  out[#out + 1] = ""
  out[#out + 1] = "-- the rule it breaks (" .. result.check .. ")"
  for _, line in ipairs(ENDINGS[result.check](result.failure, ctx)) do out[#out + 1] = line end
  return concat(out, "\n") .. "\n"
end

---------------------------------------------------------------------------
-- The explore table: checked, with defaults.

local KEYS = {setup = true, property = true, runs = true, steps = true, seed = true, actions = true,
              checks = true, world = true, file = true, raise = true, shard = true, each_run = true}

local function whole(config, key, default, least, where)
  local v = config[key]
  if v == nil then return default end
  if math.type(v) ~= "integer" and not (type(v) == "number" and v == floor(v) and v == v) then
    error(where .. fmt("navlua.explore: '%s' must be a whole number (got %s)", key, tostring(v)), 0)
  end
  v = floor(v)
  if least and v < least then
    error(where .. fmt("navlua.explore: '%s' must be at least %d (got %d)", key, least, v), 0)
  end
  return v
end

-- Under `navlua test` (busted is loaded), a failure raises: the test fails.
local function under_test() return package.loaded["busted.core"] ~= nil or package.loaded["busted"] ~= nil end

-- `where` is a position ("file:line: "), or a function that gives the
-- position of a name (the CLI's file: the line that names it).
local function configure(t, at)
  local where = type(at) == "string" and at or at("")
  local function near(name) return type(at) == "string" and at or at(name) end
  if type(t) ~= "table" then
    error(where .. "navlua.explore: expected a table {setup =, property =, ...} (got " .. type(t) .. ")", 0)
  end
  for k in pairs(t) do
    if not KEYS[k] then error(near(tostring(k)) .. fmt("navlua.explore: unknown option '%s'", tostring(k)), 0) end
  end
  if type(t.setup) ~= "function" then
    error(where .. "navlua.explore: 'setup' must be a function that returns the app (got " .. type(t.setup) .. ")", 0)
  end
  if t.property ~= nil and type(t.property) ~= "function" then
    error(where .. "navlua.explore: 'property' must be a function (got " .. type(t.property) .. ")", 0)
  end
  if t.each_run ~= nil and type(t.each_run) ~= "function" then
    error(where .. "navlua.explore: 'each_run' must be a function (got " .. type(t.each_run) .. ")", 0)
  end
  local c = {setup = t.setup, property = t.property, world = t.world, each_run = t.each_run, edges = {},
             runs = whole(t, "runs", 1000, 1, where), steps = whole(t, "steps", 20, 1, where),
             seed = whole(t, "seed", 1, nil, where), weights = {}, checks = {}}
  for _, a in ipairs(ACTIONS) do c.weights[a.name] = a.weight end
  if t.actions ~= nil then
    if type(t.actions) ~= "table" then error(where .. "navlua.explore: 'actions' must be a table of weights", 0) end
    for name, w in pairs(t.actions) do
      if c.weights[name] == nil then
        error(near(tostring(name)) .. fmt("navlua.explore: unknown action '%s' (expected one of: %s)", tostring(name),
                           concat(ACTION_NAMES, ", ")), 0)
      end
      if w == false then w = 0 end
      if type(w) ~= "number" or w < 0 or w ~= w or w == math.huge then
        error(where .. fmt("navlua.explore: action '%s' must have a weight >= 0 or false (got %s)", name, tostring(w)), 0)
      end
      c.weights[name] = w
    end
  end
  for _, name in ipairs(CHECKS) do c.checks[name] = true end
  if t.checks ~= nil then
    if type(t.checks) ~= "table" then error(where .. "navlua.explore: 'checks' must be a table", 0) end
    for name, on in pairs(t.checks) do
      if c.checks[name] == nil then
        error(near(tostring(name)) .. fmt("navlua.explore: unknown check '%s' (expected one of: %s)", tostring(name), concat(CHECKS, ", ")), 0)
      end
      c.checks[name] = on and true or false
    end
  end
  if t.world ~= nil and type(t.world) ~= "table" then error(where .. "navlua.explore: 'world' must be a table of navlua.reset's options", 0) end
  c.shard_k, c.shard_n = 1, 1
  if t.shard ~= nil then
    local k, n = tostring(t.shard):match("^(%d+)/(%d+)$")
    k, n = tonumber(k), tonumber(n)
    if not k or n < 1 or k < 1 or k > n then
      error(where .. fmt("navlua.explore: 'shard' must be \"K/N\" with 1 <= K <= N (got %s)", tostring(t.shard)), 0)
    end
    c.shard_k, c.shard_n = k, n
  end
  local info = getinfo(t.setup, "S")
  c.file = t.file or (info and info.source:sub(1, 1) == "@" and info.source:sub(2)) or "EXPLORE_FILE.lua"
  if t.raise == nil then c.raise = under_test() else c.raise = t.raise and true or false end
  return c
end

local M = {}

-- navlua.explore{...}: nil (and the counts) when no run failed, else the
-- shrunk result. Its own runs are runs shard_k, shard_k + shard_n, ...
function M.explore(t, position)
  local at = position or caller_position()
  local config = configure(t, at)
  local where = type(at) == "function" and at("") or at
  local clock = os.clock()
  local tried, stepped = 0, 0
  for run = config.shard_k, config.runs, config.shard_n do
    tried = tried + 1
    local failure, steps = play(config, nil, random_source(config.seed, run), config.steps)
    stepped = stepped + #steps
    if config.each_run then config.each_run(run, steps, step_lines(steps, new_context(config))) end
    if failure then
      local found = #steps
      local small, f, tries = shrink(config, copy(steps), failure)
      play(config, small)   -- each step's `skipped` as this sequence runs
      local result = {steps = small, message = f.message, check = f.check, seed = config.seed, run = run,
                      found_steps = found, failure = f}
      result.script = script(config, result, new_context(config))
      result.found_steps, result.failure = nil, nil
      result.shrunk_from = found
      -- replays steps (this result's, or changed ones) as the shrinker does:
      -- the check and message of their first failure, or nil
      function result.replay(steps)
        local g = play(config, steps)
        if g then return g.check, g.message, g.name end
      end
      -- the sequences one move away: each step removed, each number moved
      -- towards its target (all the way, half way, one unit)
      function result.neighbours() return neighbours(small) end
      -- the world is left as the shrunk run leaves it
      play(config, small)
      local stats = {runs = tried, steps = stepped, shrink_runs = tries, cpu = os.clock() - clock}
      if config.raise then
        error(where .. "navlua.explore: " .. f.message .. fmt(" (seed %d, run %d)", config.seed, run)
              .. "\nthe shrunk script:\n" .. result.script, 0)
      end
      return result, stats
    end
  end
  return nil, {runs = tried, steps = stepped, shrink_runs = 0, cpu = os.clock() - clock}
end

---------------------------------------------------------------------------
-- `navlua explore FILE [--runs N] [--seed N] [--steps N] [--html OUT] [--shard K/N]`.
-- Returns the exit status: 0 nothing failed, 1 a failure (the script on
-- stdout), 2 a usage error.

-- The options, declared once: the parser below looks them up here, and
-- `navlua explore --help` and the manual's table of §13.5 (through
-- `navlua explore --declared-options`, read by scripts/manual_index.lua)
-- are made from them.
local OPTIONS = {
  {"--runs", "N", "how many random sequences to try, in place of the table's runs (default 1000)"},
  {"--seed", "N", "the search's seed, in place of the table's seed (default 1)"},
  {"--steps", "N", "the actions in each sequence, in place of the table's steps (default 20)"},
  {"--html", "OUT.html", "write the HTML replay of the shrunk run that fails"},
  {"--shard", "K/N", "run the K-th of N disjoint shares of the runs (runs K, K+N, K+2N, ...)"},
}
local DECLARED = {}
for _, o in ipairs(OPTIONS) do DECLARED[o[1]] = o end

local USAGE = {"usage: navlua explore FILE [--runs N] [--seed N] [--steps N] [--html OUT.html] [--shard K/N]"}
do
  local width = 0
  for _, o in ipairs(OPTIONS) do width = math.max(width, #o[1] + 1 + #o[2]) end
  for _, o in ipairs(OPTIONS) do
    local left = o[1] .. " " .. o[2]
    USAGE[#USAGE + 1] = "  " .. left .. string.rep(" ", width - #left + 2) .. o[3]
  end
  USAGE = table.concat(USAGE, "\n")
end

local function usage(message)
  io.stderr:write("navlua: explore: ", message, "\n", USAGE, "\n")
  return 2
end

function M.cli(...)
  local args, file, options = {...}, nil, {}
  local i = 1
  while i <= #args do
    local a = args[i]
    if DECLARED[a] then
      local v = args[i + 1]
      if v == nil then return usage("option '" .. a .. "' needs a value") end
      local key = a:sub(3)
      if key == "html" then
        if not v:lower():match("%.html$") then return usage("--html needs a name ending in .html (got '" .. v .. "')") end
        options.html = v
      elseif key == "shard" then
        local k, n = v:match("^(%d+)/(%d+)$")
        if not k or tonumber(n) < 1 or tonumber(k) < 1 or tonumber(k) > tonumber(n) then
          return usage("--shard needs K/N with 1 <= K <= N (got '" .. v .. "')")
        end
        options.shard = v
      else
        local n = math.tointeger(tonumber(v))
        if not n or (key ~= "seed" and n < 1) then return usage("--" .. key .. " needs a whole number" .. (key ~= "seed" and " >= 1" or "") .. " (got '" .. v .. "')") end
        options[key] = n
      end
      i = i + 1
    elseif a == "--help" or a == "-h" then
      io.stdout:write(USAGE, "\n")
      return 0
    elseif a == "--declared-options" then   -- for scripts/manual_index.lua
      for _, o in ipairs(OPTIONS) do io.stdout:write(table.concat(o, "\t"), "\n") end
      return 0
    elseif a:sub(1, 1) == "-" and a ~= "-" then
      return usage("unknown option '" .. a .. "'")
    elseif file then
      return usage("one FILE only (got '" .. file .. "' and '" .. a .. "')")
    else
      file = a
    end
    i = i + 1
  end
  if not file then return usage("no FILE") end
  local chunk, problem = loadfile(file)
  if not chunk then error(problem, 0) end
  local t = chunk()
  if type(t) ~= "table" then
    error(file .. ":1: navlua explore: the file must return the explore table {setup =, property =, ...} (got "
          .. type(t) .. ")", 0)
  end
  for _, key in ipairs({"runs", "seed", "steps", "shard"}) do
    if options[key] ~= nil then t[key] = options[key] end
  end
  t.file, t.raise = file, false
  -- a problem with a name points at the first line of the file that has it
  local text = ""
  local f = io.open(file, "rb")
  if f then text = f:read("a") or "" f:close() end
  local function locate(name)
    local at = name ~= "" and text:find(name, 1, true)
    local line = 1
    if at then for _ in text:sub(1, at):gmatch("\n") do line = line + 1 end end
    return file .. ":" .. line .. ": "
  end
  local result, stats = M.explore(t, locate)
  local config = configure(t, "")
  if not result then
    io.stderr:write(fmt("navlua explore: %s: no failure in %d runs of %d steps (seed %d%s)\n", file, stats.runs,
                        config.steps, config.seed, options.shard and (", shard " .. options.shard) or ""))
    return 0
  end
  if options.html then
    play(config, result.steps, nil, nil, function() navlua.html(options.html) end)
    navlua.html(options.html)
  end
  io.stdout:write(result.script)
  io.stderr:write(fmt("navlua explore: %s: %s\n  seed %d, run %d%s: %d step(s), shrunk to %d\n", file,
                      first_line(result.message), result.seed, result.run,
                      options.shard and (" (shard " .. options.shard .. ")") or "", result.shrunk_from, #result.steps))
  return 1
end

return M
