-- Helpers of the runner's specs: fixture folders written to a temp dir,
-- and `navlua test` (or Debian's `busted`, to compare with) run in them.
--
--   local fixture = require("fixture")
--   local f = fixture.new({ ["green/spec/a_spec.lua"] = "it('x', function() end)" })
--   local out, status, err = f:navlua("green", "--jobs 1")
--   f:remove()
--
-- The binary under test is $NAVLUA, else the one running the spec.

local M = {}

local function readlink_self()
  -- the shell's parent is the process running the spec file
  local p = io.popen("readlink /proc/$PPID/exe")
  local path = p:read("l")
  p:close()
  return path
end

M.bin = os.getenv("NAVLUA") or readlink_self()

function M.quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

function M.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

function M.last_line(text)
  return text:match("([^\n]*)\n$")
end

-- "S F E P" from the summary line of busted's plainTerminal handler.
function M.counts(text)
  local s, f, e, p = text:match("(%d+) successe?s? / (%d+) failures? / (%d+) errors? / (%d+) pending : ")
  return s and table.concat({ s, f, e, p }, " ") or nil
end

-- Is Debian's busted here to compare with?
function M.have_busted()
  local p = io.popen("command -v busted")
  local found = p:read("l")
  p:close()
  return found ~= nil
end

local Fixture = {}
Fixture.__index = Fixture

function M.new(files)
  local p = io.popen("mktemp -d")
  local root = p:read("l")
  p:close()
  local self = setmetatable({ root = root }, Fixture)
  for path, text in pairs(files or {}) do self:write(path, text) end
  return self
end

function Fixture:write(path, text)
  local full = self.root .. "/" .. path
  os.execute("mkdir -p " .. M.quote(full:match("^(.*)/") or "."))
  local f = assert(io.open(full, "w"))
  f:write(text)
  f:close()
end

function Fixture:read(path) return M.read(self.root .. "/" .. path) end

-- Runs COMMAND ARGS in `dir` (a fixture folder), with `env` ("NAME=value
-- ...") in its environment; returns standard output, exit status and
-- standard error.
function Fixture:run(dir, command, args, env)
  -- a file of its own per run: a process an earlier run left behind (the
  -- "crashes" fixture's shell, which sleeps on after its second kill)
  -- still writes to the file it was given, and wrote "kill: No such
  -- process" over a later run's stderr when they shared one
  self.runs = (self.runs or 0) + 1
  local err = self.root .. "/.stderr." .. self.runs .. ".txt"
  local p = io.popen("cd " .. M.quote(self.root .. "/" .. dir) .. " && " .. (env or "") .. " " .. command
                     .. " " .. (args or "") .. " 2>" .. M.quote(err))
  local out = p:read("a")
  local _, _, status = p:close()
  return out, status, M.read(err) or ""
end

function Fixture:navlua(dir, args, env)
  return self:run(dir, M.quote(M.bin) .. " test", args, env)
end

function Fixture:busted(dir, args, env)
  return self:run(dir, "busted", args, env)
end

function Fixture:remove()
  if self.root:match("^/tmp/") then os.execute("rm -rf " .. M.quote(self.root)) end
end

return M
