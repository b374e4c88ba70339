-- Loads one of the Lua files the navlua binary embeds (Sources/*/Lua/*.lua)
-- from the repository, under the chunk name the binary gives it, so that
-- the specs beside this file test the files themselves.
--
--   local load_embedded = require("embedded_lua")
--   local store = load_embedded("NavLuaTestRunner/Lua/snapshot_store.lua", "=navlua snapshot")()
--   load_embedded.sources   -- the folder Sources/, for a file's text

local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
local sources = here .. "/../../Sources/"

-- load_embedded.sources: the folder of the targets' sources.
return setmetatable({ sources = sources }, {
  __call = function(_, path, chunkname)
    local f = assert(io.open(sources .. path, "rb"))
    local text = f:read("a")
    f:close()
    return assert(load(text, chunkname))
  end,
})
