#!/usr/bin/env bash
# startup.sh: `navlua run empty.lua` against `lua5.4 empty.lua`, both run
# alternately in this command, N times each; prints the ratio of the
# medians (goal: within 2x). Uses the release binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-200}
navlua=.build/release/navlua
empty=$(mktemp --suffix=.lua)
trap 'rm -f "$empty"' EXIT
python3 - "$navlua" "$empty" "$n" <<'PY'
import subprocess, sys, time, statistics
navlua, empty, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def once(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - t
a, b = [], []
for _ in range(n):
    a.append(once([navlua, "run", empty]))
    b.append(once(["lua5.4", empty]))
ma, mb = statistics.median(a), statistics.median(b)
print(f"startup: navlua run empty.lua {ma*1e3:.2f} ms, lua5.4 empty.lua {mb*1e3:.2f} ms: ratio {ma/mb:.2f}x (goal <= 2x)")
PY
