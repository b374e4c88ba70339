#!/usr/bin/env bash
# startup.sh: `navlua run empty.lua` against `lua5.4 empty.lua`, both run
# alternately in this command, N times each; prints the ratio of the
# medians (goal: within 2x). Uses the release binary; with OTHER_BINARY
# (a build from before a change), that one runs in the same rotation too.
#
#   scripts/bench/startup.sh [N] [OTHER_BINARY]
#
# Time a binary that was written a while ago, or copy both and `sync`
# first: a build's freshly written (dirty) pages made the same binary
# start 7% slower in these runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-200}
navlua=.build/release/navlua
empty=$(mktemp --suffix=.lua)
trap 'rm -f "$empty"' EXIT
python3 - "$navlua" "$empty" "$n" "${2:-}" <<'PY'
import subprocess, sys, time, statistics
navlua, empty, n, other = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def once(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - t
a, b, c = [], [], []
for _ in range(n):
    a.append(once([navlua, "run", empty]))
    b.append(once(["lua5.4", empty]))
    if other: c.append(once([other, "run", empty]))
ma, mb = statistics.median(a), statistics.median(b)
print(f"startup: navlua run empty.lua {ma*1e3:.2f} ms, lua5.4 empty.lua {mb*1e3:.2f} ms: ratio {ma/mb:.2f}x (goal <= 2x)")
if other:
    mc = statistics.median(c)
    print(f"startup: {other} run empty.lua {mc*1e3:.2f} ms: ratio {mc/mb:.2f}x lua5.4, this build / it {ma/mc:.3f}x")
PY
