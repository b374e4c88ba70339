-- lua_testsuite_skips.lua MAIN_LUA: blanks out, in a copy of the Lua 5.4.4
-- test suite's main.lua, the checks of lua.c's behaviour where navlua
-- deliberately differs (README, "navlua and lua5.4"), keeping every line
-- number; prints how many checks it removed. Run by scripts/lua_testsuite.sh.
--
-- Each entry: the first and the last line of the statements to drop (plain
-- text found in the line), and the README row it stands for; `pending`
-- marks what navlua means to match but does not yet. Prints "N M": the
-- deliberate differences and the pending ones removed.

local skips = {
  -- deliberate differences
  {from = [[RUN('echo 10 | lua -e "print=nil" -i > /dev/null 2> %s', out)]],
   to = [[assert(string.find(getoutput(), "error calling 'print'"))]],
   why = "the REPL shows results with its own formatter, not the global print"},
  {from = [==[NoRun(progname .. ": 6\n", [[lua %s]], prog)]==],
   to = [==[NoRun(progname .. ": 6\n", [[lua %s]], prog)]==],
   why = "messages start with 'navlua: ' (manual §10.1), not with argv[0]"},
}

local path = assert(arg[1], "usage: lua_testsuite_skips.lua MAIN_LUA")
local lines = {}
for line in io.lines(path) do lines[#lines + 1] = line end

local function find(text, from)
  for i = from, #lines do
    if lines[i]:find(text, 1, true) then return i end
  end
  error("main.lua has no line with: " .. text)
end

local removed, pending = 0, 0
for _, skip in ipairs(skips) do
  local first = find(skip.from, 1)
  local last = find(skip.to, first)
  lines[first] = "do end -- navlua: skipped, " .. skip.why
  for i = first + 1, last do lines[i] = "" end
  if skip.pending then pending = pending + 1 else removed = removed + 1 end
end

local out = assert(io.open(path, "w"))
out:write(table.concat(lines, "\n"), "\n")
out:close()
print(removed .. " " .. pending)
