#!/usr/bin/env bash
# test_runner.sh: `navlua test` on 1000 generated spec cases (push, swipe
# back, settle), spread over FILES files. Prints the wall time with --jobs 2
# and --jobs 1 (best of RUNS each) and their ratio. Goals on a 2-core
# machine: under 1 s with --jobs 2, and --jobs 1 / --jobs 2 >= 1.7. Not a
# test: it prints figures and fails only if the runner itself does.
#
#   scripts/bench/test_runner.sh [FILES] [RUNS]
#   NAVLUA=/path/to/navlua scripts/bench/test_runner.sh
#
# Build the binary first: swift build -c release --static-swift-stdlib
set -euo pipefail
cd "$(dirname "$0")/../.."
files=${1:-10}
runs=${2:-5}
cases=1000
navlua=${NAVLUA:-.build/release/navlua}
[ -x "$navlua" ] || { echo "test_runner: no $navlua (build it in release first)"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for ((f = 0; f < files; f++)); do
  per=$(( cases / files + (f < cases % files ? 1 : 0) ))
  {
    echo "describe(\"push, swipe back and settle (file $f)\", function()"
    for ((c = 0; c < per; c++)); do
      cat <<LUA
  it("case $c", function()
    local a, b = navlua.screen{title = "A"}, navlua.screen{title = "B"}
    local nav = navlua.navigation{root = a}
    nav:push(b)
    navlua.settle()
    navlua.drag{from = {20, 400}, by = {$(( 200 + c % 100 )), 0}, duration = 0.2}
    navlua.settle()
    assert.are.equal(a, nav.top)
  end)
LUA
    done
    echo "end)"
  } > "$dir/$(printf 'case_%03d' "$f")_spec.lua"
done

# one timed run, in seconds; checks the summary line
timed() {
  local t0 t1 last
  t0=$(date +%s.%N)
  last=$("$navlua" test --jobs "$1" "$dir" | tail -n 1)
  t1=$(date +%s.%N)
  [ "$last" = "$cases passed, 0 failed" ] || { echo "test_runner: unexpected summary '$last'" >&2; exit 1; }
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }'
}

"$navlua" test --jobs 2 "$dir" > /dev/null   # warm the file cache
# alternate the two so that both see the same background load; keep the best
two="" one=""
for ((r = 0; r < runs; r++)); do
  t=$(timed 2); two=$(awk -v t="$t" -v m="$two" 'BEGIN { print (m == "" || t < m) ? t : m }')
  t=$(timed 1); one=$(awk -v t="$t" -v m="$one" 'BEGIN { print (m == "" || t < m) ? t : m }')
done
load=$(cut -d' ' -f1 /proc/loadavg)
awk -v one="$one" -v two="$two" -v n="$cases" -v f="$files" -v load="$load" 'BEGIN {
  printf "test runner: %d cases in %d files: --jobs 2 %.3f s (goal < 1 s), --jobs 1 %.3f s, ratio %.2fx (goal >= 1.7x; load average %s)\n",
    n, f, two, one, one / two, load
}'
