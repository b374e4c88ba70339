#!/usr/bin/env bash
# limits.sh: what --timeout, Ctrl-C handling and the coroutine bookkeeping
# cost Lua code that runs: CPU time (user + system) of a CPU-bound loop and
# of coroutine switches under lua5.4 (the yardstick), `navlua run`,
# `navlua run --timeout`, and `navlua test` with and without --timeout,
# measured alternately in this command; each figure is the median of the
# per-round ratios. (Coroutine switches inside any busted test run about 6x
# slower than in a bare script, under busted as under navlua test, so test
# runs are compared with test runs.) Any debug hook (a count hook included) makes Lua's
# interpreter call into the hook machinery at every instruction, about 2x:
# navlua hooks nothing until a limit is hit, so every ratio should be near
# 1 (goal <= 1.1x). Not a test: it prints figures.
#
#   scripts/bench/limits.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
navlua=$(realpath "${NAVLUA:-.build/release/navlua}")
[ -x "$navlua" ] || { echo "limits.sh: no $navlua (build it in release first)"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
loop='local x = 0 for i = 1, 5e7 do x = x + i % 7 end'
switches='local s = 0
local f = coroutine.wrap(function() while true do coroutine.yield(1) end end)
for i = 1, 1e6 do s = s + f() end
local co = coroutine.create(function() while true do coroutine.yield(1) end end)
for i = 1, 1e6 do local _, v = coroutine.resume(co) s = s + v end'
mkdir -p "$dir/spec"
printf '%s\n' "$loop" > "$dir/loop.lua"
printf '%s\n' "$switches" > "$dir/switches.lua"
printf 'it("loops", function()\n%s\nend)\n' "$loop" > "$dir/spec/loop_spec.lua"
printf 'it("switches", function()\n%s\nend)\n' "$switches" > "$dir/spec/switches_spec.lua"
python3 - "$navlua" "$dir" "$rounds" <<'PY'
import resource, statistics, subprocess, sys
navlua, d, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, cwd=d, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
for work in ("loop", "switches"):
    cases = {
        "lua5.4": ["lua5.4", f"{work}.lua"],
        "run": [navlua, "run", f"{work}.lua"],
        "run --timeout": [navlua, "run", "--timeout", "3600", f"{work}.lua"],
        "test": [navlua, "test", "--jobs", "1", f"spec/{work}_spec.lua"],
        "test --timeout": [navlua, "test", "--jobs", "1", "--timeout", "3600", f"spec/{work}_spec.lua"],
    }
    # (figure, measured, yardstick)
    figures = [("navlua run against lua5.4", "run", "lua5.4"),
               ("navlua run --timeout 3600 against navlua run", "run --timeout", "run"),
               ("navlua test --timeout 3600 against navlua test", "test --timeout", "test")]
    seconds = {name: [] for name in cases}
    ratios = {f: [] for f, _, _ in figures}
    for _ in range(rounds):
        t = {name: cpu(cmd) for name, cmd in cases.items()}
        for name in t: seconds[name].append(t[name])
        for f, a, b in figures: ratios[f].append(t[a] / t[b])
    med = {name: statistics.median(v) for name, v in seconds.items()}
    print(f"{work}: CPU seconds " + ", ".join(f"{n} {v:.2f}" for n, v in med.items()))
    for f, _, _ in figures:
        print(f"  {f}: {statistics.median(ratios[f]):.2f}x (goal <= 1.1x)")
PY
