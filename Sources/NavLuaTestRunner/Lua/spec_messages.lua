-- The messages of `navlua test`'s driver (spec_driver.lua): what a failure
-- says, where it happened, the limits that end a file, and the tracebacks.
-- Pure functions: they read their arguments (and navlua.trace), nothing of
-- the session.

local Msg = {}

-- A failure's message, plus one line for each pitfall (manual §11.4 rule 4) that
-- occurred in the test's world and that the message does not name yet.
function Msg.with_pitfalls(message)
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

-- A failure's message, plus one line for each pop gesture in the test's
-- world that did not pop: the check that refused it (`refused_by`, manual
-- §5.10) with the arena's decision at that moment, or the release that
-- cancelled it, so that "Expected 'Home', passed 'EditProfile'" says why
-- the swipe did not pop (issue 39 item 7). The last three, most recent last.
local SHOWN_REFUSALS = 3

local function arena_words(arenas, e)
  for i = #arenas, 1, -1 do
    local a = arenas[i]
    if a.t == e.t and a.nav == e.nav then
      local words = string.format("; arena (%s): winner %s", tostring(a.rule), tostring(a.winner))
      if a.lost then words = words .. ", lost " .. tostring(a.lost) end
      if a.joined then words = words .. ", joined " .. tostring(a.joined) end
      return words
    end
  end
  return ""
end

local function refusal_line(e, arenas)
  if e.state == "failed" and e.refused_by then
    -- on a navigation with several pop recognizers, which one (manual §5.11)
    return string.format("\n%s refused at %.3f s (nav %s): refused_by %s%s", e.pop_recognizer or "pop",
                         e.t or 0, tostring(e.nav), tostring(e.refused_by), arena_words(arenas, e))
  elseif e.state == "ended" and e.finish == false then
    local tx = type(e.translation) == "table" and e.translation.x or 0
    local vx = type(e.velocity) == "table" and e.velocity.x or 0
    return string.format("\npop cancelled at the lift at %.3f s (nav %s): translation %.1f pt, velocity %.1f pt/s"
                         .. " did not pass the preset's completion rule%s", e.t or 0, tostring(e.nav), tx, vx,
                         e.rule and (" (" .. tostring(e.rule) .. ")") or "")
  elseif e.state == "cancelled" then
    return string.format("\npop cancelled at %.3f s (nav %s): the touch was cancelled before the lift",
                         e.t or 0, tostring(e.nav))
  end
end

function Msg.with_refusals(message)
  if type(message) ~= "string" or type(navlua) ~= "table" then return message end
  local ok, gestures = pcall(navlua.trace, "gesture")
  local ok2, arenas = pcall(navlua.trace, "arena")
  if not ok or type(gestures) ~= "table" then return message end
  if not ok2 or type(arenas) ~= "table" then arenas = {} end
  local lines = {}
  for _, e in ipairs(gestures) do
    if e.recognizer == "pop" then lines[#lines + 1] = refusal_line(e, arenas) end
  end
  local first = math.max(1, #lines - SHOWN_REFUSALS + 1)
  if first > 1 then
    message = message .. string.format("\n(%d earlier pop gestures did not pop)", first - 1)
  end
  return message .. table.concat(lines, "", first)
end

-- "file:line" of a trace, else the spec file itself.
function Msg.where(trace, spec_file)
  if trace and trace.short_src and trace.currentline and trace.currentline > 0 then
    return trace.short_src .. ":" .. trace.currentline
  end
  return spec_file
end

-- The message for a failure, and whether it was a limit (which ends the
-- file: the rest of it is skipped). A nil message is what an error in the
-- message handler leaves, which only running out of memory causes.
function Msg.limit_message(message, timeout_figure, memory_figure)
  if message == nil then
    return "error in error handling (out of memory?); the rest of the file did not run", true
  end
  message = tostring(message)
  if message:find("timeout: the script ran past its time limit", 1, true) then
    return message .. " (--timeout " .. timeout_figure .. " s); the rest of the file did not run", true
  elseif message == "interrupted!" or message:find("^[^\n]*: interrupted!$") then
    return message .. " (SIGINT); the rest of the file did not run", true
  elseif message:find("^interrupted! %(SIG%u+%)$") or message:find("^[^\n]*: interrupted! %(SIG%u+%)$") then
    return message .. "; the rest of the file did not run", true
  elseif message == "not enough memory" or message:find("^[^\n]*: not enough memory$") then
    return "not enough memory: the file exhausted --memory-limit (" .. memory_figure
      .. " MB); the rest of the file did not run", true
  end
  return message, false
end

-- The traceback without the driver's own frames; none for a memory error,
-- whose traceback is taken after the stack has unwound.
function Msg.traceback_of(trace, message)
  if not trace or not trace.traceback or message:find("^not enough memory") then return "" end
  return (trace.traceback:gsub("\n\t[^\n]*navlua test driver:[^\n]*", ""))
end

-- luaL_traceback's text from `level` (1: the caller of this function) up
-- to the first C function, without its search of package.loaded for a
-- global name (which costs most of a small spec file's time and names only
-- functions that modules export): what busted keeps of a traceback
-- (it cuts it at the first "[C]") is the same but for such names.
function Msg.traceback(level)
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

-- 2 -> "2", 0.5 -> "0.5" (as SpecDriver.figure).
function Msg.figure(d)
  if d == math.floor(d) and math.abs(d) < 1e15 then return string.format("%d", d) end
  return tostring(d)
end

return Msg
