-- Manual §10.2 rule 4: bytes that are not UTF-8 pass through untouched, as lua5.4
-- passes them: in arg, in script and output file names, in -e code, in
-- error messages (no U+FFFD, EF BF BD, anywhere).

local P = require "support.process"
local q = P.quote

after_each(P.cleanup)

local LATIN1 = "caf\xe9"          -- not UTF-8
local FFFD = "\xef\xbf\xbd"

local function no_replacement(s, what)
  assert.is_nil(s:find(FFFD, 1, true), what .. " has U+FFFD: " .. s)
end

describe("bytes that are not UTF-8", function()
  it("reach arg and ... as they were given", function()
    local script = P.script("io.write(arg[1], '|', #arg[1], '|', (...), '|', arg[2])")
    local out, err, status = P.navlua("run " .. q(script) .. " " .. q("x\xffy") .. " " .. q(LATIN1))
    assert.are.equal(0, status, err)
    assert.are.equal("x\xffy|3|x\xffy|" .. LATIN1, out)
  end)

  it("name a script that can be opened, and appear in its error messages", function()
    local dir = P.tempdir()
    local script = P.write(dir .. "/" .. LATIN1 .. ".lua", "error('bad " .. LATIN1 .. "')")
    local _, err, status = P.navlua(q(script))
    assert.are.equal(1, status)
    assert.are.equal("navlua: " .. script .. ":1: bad " .. LATIN1 .. "\n", err:match("^[^\n]*\n"))
    no_replacement(err, "stderr")
    local _, missing = P.navlua(q(dir .. "/nope" .. LATIN1 .. ".lua"))
    assert.matches("nope" .. LATIN1, missing, 1, true)
    no_replacement(missing, "stderr")
  end)

  it("pass through -e, LUA_INIT and error objects", function()
    local out, err = P.sh("env LUA_INIT=" .. q("io.write('" .. LATIN1 .. "')") .. " " .. q(P.binary())
                          .. " -e " .. q("io.write('\xff') error('\xfe', 0)"))
    assert.are.equal(LATIN1 .. "\xff", out)
    assert.are.equal("navlua: \xfe\n", err:match("^[^\n]*\n"))
    no_replacement(err, "stderr")
  end)

  -- (an error message ends at a NUL byte, as in lua5.4: its traceback is a C string)
  it("reach the REPL's input, results and errors as they are, NUL bytes included", function()
    local input = "s = '" .. LATIN1 .. "\\0z'\ns, #s\nerror('\xfe' .. s:sub(1, 4), 0)\n"
    local out, err, status = P.sh(q(P.binary()) .. " -i", input)
    assert.are.equal(0, status, err)
    assert.matches(LATIN1 .. "\0z\t6\n", out, 1, true)
    assert.are.equal("\xfe" .. LATIN1 .. "\n", err:match("^[^\n]*\n"))
    no_replacement(out, "stdout")
    no_replacement(err, "stderr")
  end)

  it("name the files --trace, --timeline and --filmstrip write", function()
    local dir = P.tempdir()
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}} navlua.tick(2)")
    local trace, svg = dir .. "/t" .. LATIN1 .. ".json", dir .. "/f" .. LATIN1 .. ".svg"
    local _, err, status = P.navlua("run --trace " .. q(trace) .. " --filmstrip " .. q(svg) .. " " .. q(script))
    assert.are.equal(0, status, err)
    assert.matches('"traceEvents"', P.read(trace))
    assert.matches("<svg", P.read(svg))
    local _, failed = P.navlua("run --trace " .. q(dir .. "/no" .. LATIN1 .. "/t.json") .. " " .. q(script))
    assert.matches("cannot write '" .. dir .. "/no" .. LATIN1 .. "/t.json'", failed, 1, true)
  end)

  it("name the file navlua.render writes", function()
    local dir = P.tempdir()
    local path = dir .. "/frame" .. LATIN1 .. ".svg"
    local script = P.script("navlua.navigation{root = navlua.screen{title = 'A'}} io.write(navlua.render(arg[1]))")
    local out, err, status = P.navlua(q(script) .. " " .. q(path))
    assert.are.equal(0, status, err)
    assert.are.equal(path, out)
    assert.matches("<svg", P.read(path))
    local _, failed = P.navlua(q(script) .. " " .. q(dir .. "/no" .. LATIN1 .. "/x.svg"))
    assert.matches("navlua.render: cannot write '" .. dir .. "/no" .. LATIN1 .. "/x.svg'", failed, 1, true)
    no_replacement(failed, "stderr")
  end)
end)
