#!/usr/bin/env bash
# replay.sh: what the HTML replay costs (SPEC v2 §13), in one command:
#
#   scripts/bench/replay.sh [NAVLUA]
#
# - writing it: callgrind's instructions of `run replay_run.lua 10` with
#   and without `--html` (the goal: at most 20% more than the run's own);
# - its size for 10 s and 10 min of virtual time at 60 fps (goal: 10 s
#   under 2 MB);
# - the page drawing a frame of the 10-minute run in chromium (goal: 60 fps
#   scrubbing, under 16.7 ms a frame).
# A benchmark, not a test: it prints figures and fails on none.
set -euo pipefail
cd "$(dirname "$0")/../.."
navlua=$(realpath "${1:-.build/release/navlua}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$navlua" "$work/navlua"
ir() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p; s/^totals: //p' "$work/cg.out" | head -1
}
run=scripts/bench/replay_run.lua
plain=$(ir "$work/navlua" run "$run" 10)
html=$(ir "$work/navlua" run --html "$work/r10.html" "$run" 10)
echo "writing the replay of 10 s at 60 fps: $plain instructions without --html, $html with:" \
  "+$(( (html - plain) * 1000 / plain / 10 )).$(( (html - plain) * 1000 / plain % 10 ))% (goal: at most 20%)"
"$navlua" run --html "$work/r600.html" "$run" 600
printf 'size: 10 s %s bytes (goal: under 2 MB), 10 min %s bytes\n' \
  "$(stat -c %s "$work/r10.html")" "$(stat -c %s "$work/r600.html")"
/usr/bin/python3 scripts/bench/replay_draw.py "$work/r10.html"
/usr/bin/python3 scripts/bench/replay_draw.py "$work/r600.html"
