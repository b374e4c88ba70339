#!/usr/bin/env bash
# busted.sh: CPU time (user + system, the processes a run starts included)
# of `navlua test --jobs 1` against Debian's busted (Lua 5.4) on the same
# suites: one this script writes (200 files of one test each, where the cost
# of starting a file dominates) and, when given, a real busted suite
# (run in its folder as `busted` would be, with no flags). Runs alternate
# between the two tools and the figure is the median of the per-pair ratios,
# which a busy machine disturbs less than single timings. Goal: <= 1.0x.
# Not a test: it prints figures and fails only if a run fails or the two
# disagree on the counts.
#
#   scripts/bench/busted.sh [SUITE_DIR] [PAIRS]
#   NAVLUA=/path/to/navlua scripts/bench/busted.sh /work/ext/busted-suites/Penlight 9
#
# Build the binary first: swift build -c release --static-swift-stdlib
set -euo pipefail
cd "$(dirname "$0")/../.."
suite=${1:-}
pairs=${2:-9}
navlua=$(realpath "${NAVLUA:-.build/release/navlua}")
[ -x "$navlua" ] || { echo "busted.sh: no $navlua (build it in release first)"; exit 1; }
command -v busted >/dev/null || { echo "busted.sh: no busted (Debian: apt-get install lua-busted)"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/small/spec"
for ((f = 1; f <= 200; f++)); do
  printf 'describe("file %d", function()\n  it("adds", function() assert.are.equal(%d, %d + 1) end)\nend)\n' \
    "$f" "$((f + 1))" "$f" > "$dir/small/spec/f$(printf %03d "$f")_spec.lua"
done

# cpu DIR CMD...: user+system seconds of one run of CMD in DIR
cpu() {
  local d=$1; shift
  local TIMEFORMAT='%U %S'
  local t
  t=$( { time (cd "$d" && "$@" >/dev/null 2>&1 || true); } 2>&1 | tail -n 1)
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }'
}

# counts DIR CMD...: "successes failures errors pending", from the summary
# line of busted's plainTerminal handler (busted's own json handler prints
# nothing once a test has failed: it cannot encode the error objects)
counts() {
  local d=$1; shift
  { (cd "$d" && "$@" -o plainTerminal 2>/dev/null) || true; } | awk '
    / successes? \/ [0-9]+ failures? \/ [0-9]+ errors? \/ [0-9]+ pending : / { s = $1; f = $4; e = $7; p = $10 }
    END { print s, f, e, p }'
}

measure() {
  local name=$1 d=$2
  local b n
  b=$(counts "$d" busted)
  n=$(counts "$d" "$navlua" test --jobs 1)
  [ "$b" = "$n" ] || { echo "busted.sh: $name: counts differ: busted $b, navlua $n" >&2; exit 1; }
  (cd "$d" && "$navlua" test --jobs 1 >/dev/null 2>&1) || true   # warm the file cache
  local ratios=() nt=() bt=()
  for ((r = 0; r < pairs; r++)); do
    local x y
    x=$(cpu "$d" "$navlua" test --jobs 1)
    y=$(cpu "$d" busted)
    nt+=("$x"); bt+=("$y")
    ratios+=("$(awk -v a="$x" -v b="$y" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')")
  done
  local median_ratio median_n median_b
  median_ratio=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  median_n=$(printf '%s\n' "${nt[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  median_b=$(printf '%s\n' "${bt[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  printf '%-34s counts %-14s navlua %5.3f s  busted %5.3f s  ratio %sx (median of %d pairs; goal <= 1.0x)\n' \
    "$name" "$b" "$median_n" "$median_b" "$median_ratio" "$pairs"
}

measure "200 files, one test each" "$dir/small"
if [ -n "$suite" ]; then measure "$(basename "$suite")" "$suite"; fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
