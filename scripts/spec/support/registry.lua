-- What the specs that rewrite navlua's registry entries share.
local M = {}

-- The integer references of the registry whose value satisfies `is`.
function M.refs(is)
  local found = {}
  for k, v in pairs(debug.getregistry()) do
    if math.type(k) == "integer" and is(v) then found[#found + 1] = k end
  end
  return found
end

return M
