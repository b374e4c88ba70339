-- account.lua: small helpers the example scenarios share to print a
-- readable account of what happened. Load it with
--   package.path = (arg and arg[0]:match("^(.*/)") or "") .. "?.lua;" .. package.path
--   local account = require "account"

local account = {}

-- "Home > List > Detail"
function account.stack(nav)
  local titles = {}
  for i, s in ipairs(nav.screens) do titles[i] = s.title end
  return table.concat(titles, " > ")
end

-- Prints a swipe's outcome: who got the pan, how it ended, and the stack
-- once everything has settled.
function account.swipe(label, nav, drag)
  local r = navlua.drag(drag)
  local took = navlua.settle()
  local outcome
  if r.recognizer == "pop" then
    outcome = "pop " .. (r.state or "?") .. (r.finished == false and ", cancelled" or "")
  elseif r.refused_by then
    outcome = "pop refused by " .. r.refused_by .. (r.recognizer and (", " .. r.recognizer .. " took the pan") or "")
  else
    outcome = (r.recognizer or "nothing") .. " " .. (r.state or "")
  end
  print(string.format("%-44s -> %-40s stack: %s (settled in %.3fs)", label, outcome, account.stack(nav), took))
  return r
end

-- Prints the lifecycle and hook events recorded since frame `from`.
function account.events_since(from, kinds)
  kinds = kinds or {lifecycle = true, hook = true}
  for _, e in ipairs(navlua.trace()) do
    if e.frame >= from and kinds[e.kind] then
      local what = e.name or e.kind
      local extra = e.result ~= nil and (" -> " .. tostring(e.result)) or ""
      print(string.format("    %6.3fs  %-10s %-22s %s%s", e.t, e.kind, what, e.screen or "", extra))
    end
  end
end

return account
