-- Files a run or a test run writes (--trace, --timeline, --filmstrip,
-- navlua.render, --output, --coverage-output): every write is checked; a
-- file that cannot be written is named on stderr and the exit status is 1;
-- a file is written beside its target and renamed when complete, so a
-- failed write leaves the target as it was (manual §10.3, §11.4).

local P = require "support.process"
local q = P.quote

local mounts = {}
after_each(function()
  for _, d in ipairs(mounts) do os.execute("umount " .. q(d) .. " 2>/dev/null") end
  mounts = {}
end)
after_each(P.cleanup)

local SCENARIO = [[
local nav = navlua.navigation{root = navlua.screen{title = "A"}}
for i = 1, 40 do nav:push(navlua.screen{title = "screen " .. i}) navlua.settle() end
]]

local function spec_dir()
  local dir = P.tempdir()
  for i = 1, 30 do
    P.write(dir .. "/f" .. i .. "_spec.lua", ('describe("file %d", function() it("passes with a long name to fill a report %d", function() end) end)'):format(i, i))
  end
  return dir
end

-- A 16 KB tmpfs holding `files` (name -> bytes), then filled up, or nil
-- where mounting is not allowed (the spec is then pending).
local function full_disk(files)
  local dir = P.tempdir()
  local _, _, status = P.sh("mount -t tmpfs -o size=16k tmpfs " .. q(dir))
  if status ~= 0 then return nil end
  table.insert(mounts, dir)
  for name, bytes in pairs(files) do P.write(dir .. "/" .. name, bytes) end
  os.execute("head -c 1M /dev/zero > " .. q(dir .. "/fill") .. " 2>/dev/null")
  return dir
end

describe("a file that cannot be written", function()
  for _, flag in ipairs{"--trace", "--timeline", "--filmstrip", "--html"} do
    it("fails navlua run " .. flag .. " with its name on stderr", function()
      local _, err, status = P.navlua("run " .. flag .. " /dev/full " .. q(P.script(SCENARIO)))
      assert.are.equal(1, status)
      assert.truthy(err:find("navlua: cannot write '/dev/full': No space left on device", 1, true), err)
    end)
  end

  for _, format in ipairs{"text", "tap", "junit", "TAP", "json"} do
    it("fails navlua test -o " .. format .. " --output", function()
      local dir = spec_dir()
      local _, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test -o " .. format
                                   .. " --output /dev/full .")
      assert.are.equal(1, status)
      assert.truthy(err:find("navlua: cannot write '/dev/full': No space left on device", 1, true), err)
    end)
  end

  it("fails navlua test --coverage-output, on stderr", function()
    local dir = spec_dir()
    P.write(dir .. "/lib.lua", "local M = {}\nfunction M.f()\n  return 1\nend\nreturn M\n")
    P.write(dir .. "/lib_spec.lua", 'local lib = require "lib"\nit("covers", function() assert.are.equal(1, lib.f()) end)\n')
    local out, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test --coverage --coverage-output /dev/full .")
    assert.are.equal(1, status)
    assert.truthy(err:find("navlua: coverage: cannot write '/dev/full': No space left on device", 1, true), err)
    assert.is_nil(out:find("cannot write", 1, true))
  end)
end)

describe("a file on a full disk", function()
  it("leaves the trace it would replace as it was, and no other file", function()
    local disk = full_disk{["t.json"] = "old"}
    if not disk then return pending("this machine does not allow mounting a tmpfs") end
    local _, err, status = P.navlua("run --trace " .. q(disk .. "/t.json") .. " " .. q(P.script(SCENARIO)))
    assert.are.equal(1, status)
    assert.truthy(err:find("No space left on device", 1, true), err)
    assert.are.equal("old", P.read(disk .. "/t.json"))
    local listing = P.sh("ls -A " .. q(disk))
    assert.are.equal("fill\nt.json\n", listing)
  end)

  for _, format in ipairs{"text", "junit"} do
    it("leaves navlua test -o " .. format .. "'s --output report as it was", function()
      local disk = full_disk{["r.txt"] = "old"}
      if not disk then return pending("this machine does not allow mounting a tmpfs") end
      local dir = spec_dir()
      local _, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test -o " .. format
                                   .. " --output " .. q(disk .. "/r.txt") .. " .")
      assert.are.equal(1, status)
      assert.truthy(err:find("No space left on device", 1, true), err)
      assert.are.equal("old", P.read(disk .. "/r.txt"))
    end)
  end

  it("keeps a report's permissions when it replaces it", function()
    local dir = spec_dir()
    local report = P.tempdir() .. "/r.txt"
    P.write(report, "old")
    os.execute("chmod 600 " .. q(report))
    local _, _, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary()) .. " test -o text --output " .. q(report) .. " .")
    assert.are.equal(0, status)
    assert.matches("30 passed, 0 failed", P.read(report) or "")
    assert.are.equal("600\n", P.sh("stat -c %a " .. q(report)))
  end)
end)

describe("the same file for two outputs", function()
  it("is a usage error of navlua run, writing nothing", function()
    local dir = P.tempdir()
    local out, err, status = P.navlua("run --timeline " .. q(dir .. "/a.svg") .. " --filmstrip " .. q(dir .. "/a.svg")
                                      .. " " .. q(P.script(SCENARIO)))
    assert.are.equal(2, status)
    assert.are.equal("", out)
    assert.truthy(err:find("--timeline and --filmstrip name the same file '" .. dir .. "/a.svg'", 1, true), err)
    assert.is_nil(P.read(dir .. "/a.svg"))
  end)

  it("is allowed for a device, which nothing replaces", function()
    local _, _, status = P.navlua("run --timeline /dev/null --filmstrip /dev/null " .. q(P.script(SCENARIO)))
    assert.are.equal(0, status)
  end)

  it("is a usage error of navlua test for --output and --coverage-output", function()
    local dir = spec_dir()
    local _, err, status = P.sh("cd " .. q(dir) .. " && " .. q(P.binary())
                                .. " test -o junit --output r.info --coverage --coverage-output r.info .")
    assert.are.equal(2, status)
    assert.truthy(err:find("--output and --coverage-output name the same file 'r.info'", 1, true), err)
  end)
end)
