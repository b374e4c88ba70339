-- Helpers for the specs that drive the real navlua binary as a child
-- process: the binary ($NAVLUA, which scripts/test.sh sets, or the release
-- build), shell quoting, temporary files written byte for byte, and runs
-- that capture standard output, standard error and the exit status.

local M = {}

-- An absolute path: specs run it from other folders too (cd DIR && ...).
local function absolute(p)
  if p:sub(1, 1) == "/" then return p end
  return (os.getenv("PWD") or ".") .. "/" .. p
end

function M.binary()
  local env = os.getenv("NAVLUA")
  if env and env ~= "" then return absolute(env) end
  for _, p in ipairs{".build/release/navlua", ".build/debug/navlua"} do
    local f = io.open(p)
    if f then f:close() return absolute(p) end
  end
  error("no navlua binary: set NAVLUA")
end

function M.quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- A fresh temporary directory, removed by M.cleanup().
local dirs = {}
function M.tempdir()
  local p = io.popen("mktemp -d")
  local dir = p:read("l")
  p:close()
  dirs[#dirs + 1] = dir
  return dir
end

function M.cleanup()
  for _, d in ipairs(dirs) do os.execute("rm -rf " .. M.quote(d)) end
  dirs = {}
end

-- Writes `bytes` to `path` (binary mode: no translation); returns path.
function M.write(path, bytes)
  local f = assert(io.open(path, "wb"))
  f:write(bytes)
  f:close()
  return path
end

-- The file's bytes, or nil when it does not exist.
function M.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- The file's bytes, and the file removed (a picture a spec wrote to read it).
function M.take(path)
  local s = assert(M.read(path), "no file " .. path)
  os.remove(path)
  return s
end

-- A script in a fresh temporary file.
function M.script(text, name)
  return M.write(M.tempdir() .. "/" .. (name or "script.lua"), text)
end

-- Runs the shell command `cmd` with standard input from `stdin` (a string)
-- or /dev/null; returns stdout, stderr and the exit status (128 + N when a
-- signal N ended it, as the shell reports it).
function M.sh(cmd, stdin)
  local dir = M.tempdir()
  local out, err = dir .. "/out", dir .. "/err"
  local input = stdin and M.write(dir .. "/in", stdin) or "/dev/null"
  local full = "(" .. cmd .. ") <" .. input .. " >" .. out .. " 2>" .. err .. "; echo $? >" .. dir .. "/status"
  os.execute(full)
  return M.read(out), M.read(err), tonumber(M.read(dir .. "/status"))
end

-- Runs navlua with `args` (a shell fragment) and optional standard input.
function M.navlua(args, stdin)
  return M.sh(M.quote(M.binary()) .. " " .. args, stdin)
end

-- Sleeps for `seconds` (a fraction is fine).
function M.sleep(seconds) os.execute("sleep " .. seconds) end

-- Waits up to `seconds` for the file to exist; true when it does.
function M.wait_for(path, seconds)
  for _ = 1, math.ceil(seconds / 0.02) do
    local f = io.open(path)
    if f then f:close() return true end
    M.sleep(0.02)
  end
  return false
end

-- The navlua processes a spec started in the background: `M.track(pid)`
-- keeps one, `M.kill_tracked()` (in an after_each) kills those a failed
-- spec left running (a signal that never reached them, as under TSan),
-- checking that the pid is still navlua's, not a process that took it.
local tracked = {}
function M.track(pid) tracked[#tracked + 1] = pid end

function M.kill_tracked()
  for _, pid in ipairs(tracked) do
    os.execute("ps -p " .. pid .. " -o args= 2>/dev/null | grep -q navlua && kill -9 " .. pid .. " 2>/dev/null")
  end
  tracked = {}
end

-- What a spec that starts navlua in the background leaves: the processes
-- still running, then the temporary directories (an after_each).
function M.reset()
  M.kill_tracked()
  M.cleanup()
end

-- The names in `dir` (`ls -A`), one a line.
function M.listing(dir)
  local p = io.popen("ls -A " .. M.quote(dir))
  local names = p:read("a")
  p:close()
  return names
end

-- Wall time since the Epoch in seconds, to the millisecond.
function M.now()
  local p = io.popen("date +%s%N")
  local ns = p:read("n")
  p:close()
  return ns / 1e9
end

return M
