-- The planning in `navlua test`'s driver (spec_driver.lua), in the
-- template before anything runs: which spec files there are, each run's
-- seed and order, the files compiled up front, and which files must share
-- one Lua state.
--
-- Loaded by spec_driver.lua with the session and the parts it uses.

local session, wire = ...

local P = {}

-- The spec files busted would run, in its order (each root's files
-- sorted), as one record (a name may hold a newline); the roots are checked first (a missing one is a
-- usage error: the caller gives the status, so the message has no digit).
function P.discover(default_root)
  local options, busted = session.options, session.busted
  local roots = #options.ROOT > 0 and options.ROOT or { default_root }
  options.roots = roots
  for _, root in ipairs(roots) do
    local f = io.open(root, "r")
    if not f then return nil, "no such file or folder: '" .. root .. "'" end
    f:close()
  end
  local files = session.get_all_files(roots, options.pattern, {
    excludes = options["exclude-pattern"], recursive = options.recursive,
  })
  local lines = {}
  for _, name in ipairs(files) do
    for _, loader in ipairs(options.loaders) do
      local ok, module = pcall(require, "busted.modules.files." .. loader)
      if ok and module.match(busted, name) then lines[#lines + 1] = name; break end
    end
  end
  return #lines > 0 and wire.record(table.unpack(lines)) or ""
end

-- The seed of run `n` of --repeat, and the files in that run's order (one
-- record, the seed first):
-- busted's execute sorts them (--sort-files) or shuffles them with the
-- seed (--shuffle-files); run 1 keeps the seed busted chose at the start.
function P.plan(n, ...)
  local options = session.options
  local files = { ... }
  local seed = session.busted.randomseed
  if tonumber(n) > 1 then
    seed = tonumber(options.seed) or require("busted.utils").urandom() or os.time()
  end
  if options["sort-files"] then
    table.sort(files)
  elseif options["shuffle-files"] then
    require("busted.utils").shuffle(files, seed)
  end
  return wire.record(string.format("%d", seed), table.unpack(files))
end

-- Compiles every spec file here in the template, before anything runs, as
-- busted's test file loader does: a file that does not load is busted's
-- error before the suite starts, and the children find their file compiled.
-- Returns, for each file that failed, a line "FILE<TAB>RECORDS" (RECORDS:
-- what a child would have written about it, escaped as one field).
function P.compile(...)
  local failures = {}
  local real_out = session.out
  for _, name in ipairs({ ... }) do
    local collected = {}
    session.out = { write = function(_, text) collected[#collected + 1] = text end, flush = function() end }
    session.current_file = name
    local testFile, getTrace, rewriteMessage = session.load_file(session.busted, name)
    session.compiled[name] = testFile and { testFile, getTrace, rewriteMessage } or false
    if not testFile then
      failures[#failures + 1] = wire.record(name, table.concat(collected))
    end
  end
  session.out = real_out
  return table.concat(failures)
end

-- Which files must share one Lua state, as they share one under busted:
-- with --no-auto-insulate all of them; else from the first file that uses
-- `expose` on (what it exposes reaches every later file). Returns the size
-- of each group, in order.
function P.groups(...)
  local files = { ... }
  if #files == 0 then return "" end
  if not session.options["auto-insulate"] then return tostring(#files) end
  for i, name in ipairs(files) do
    local f = io.open(name, "rb")
    local text = f and f:read("a") or ""
    if f then f:close() end
    if text:find("%f[%w_]expose%f[^%w_]") then
      local sizes = {}
      for _ = 1, i - 1 do sizes[#sizes + 1] = "1" end
      sizes[#sizes + 1] = tostring(#files - i + 1)
      return table.concat(sizes, " ")
    end
  end
  return string.rep("1", #files, " ")
end

return P
