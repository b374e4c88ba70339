#!/usr/bin/env bash
# compare_busted.sh: runs third-party busted suites under Debian's busted
# (Lua 5.4) and under `navlua test`, each in the suite's own folder with the
# same arguments (none, unless listed below), and prints a table of the
# counts each reports (successes, failures, errors, pending: from the
# summary line of busted's plainTerminal handler, which both print with
# `-o plainTerminal`) and the CPU time (user + system, best of 3) of a run
# with each tool's default output. Exits 1 when any count differs.
#
#   scripts/compare_busted.sh DIR          DIR holds one checked-out suite per folder
#   NAVLUA=/path/to/navlua scripts/compare_busted.sh /work/ext/busted-suites
#
# The suites are not part of this repository: check them out yourself (see
# docs/using.md, "Regression suites").
set -uo pipefail
cd "$(dirname "$0")/.."
root=${1:?usage: scripts/compare_busted.sh DIR}
navlua=$(realpath "${NAVLUA:-.build/release/navlua}")
[ -x "$navlua" ] || { echo "compare: no $navlua (build it in release first)"; exit 1; }
command -v busted >/dev/null || { echo "compare: no busted (Debian: apt-get install lua-busted)"; exit 1; }

# Extra rows: "FOLDER|ARGS" runs FOLDER again with ARGS (same for both tools).
extra_rows=(
  "argparse|--exclude-tags=unsafe"
  "argparse|--tags=unsafe"
  "Penlight|--filter=pl%.utils --filter-out=choose"
)

# counts DIR ARGS...: "S F E P" as the plainTerminal summary line says
counts() {
  local dir=$1; shift
  (cd "$dir" && "$@" -o plainTerminal 2>/dev/null) | awk '
    / successes? \/ [0-9]+ failures? \/ [0-9]+ errors? \/ [0-9]+ pending : / { s = $1; f = $4; e = $7; p = $10 }
    END { if (s == "") print "(no summary)"; else print s " / " f " / " e " / " p }'
}

# cpu DIR ARGS...: best user+system seconds of 3 runs
cpu() {
  local dir=$1; shift
  local best="" t
  local TIMEFORMAT='%U %S'
  for _ in 1 2 3; do
    t=$( { time (cd "$dir" && "$@" >/dev/null 2>&1); } 2>&1 | tail -n 1)
    t=$(awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }')
    best=$(awk -v a="$t" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
  done
  echo "$best"
}

rows=()
for dir in "$root"/*/; do
  dir=${dir%/}
  [ -d "$dir/spec" ] || [ -f "$dir/.busted" ] || continue
  rows+=("$(basename "$dir")|")
done
for row in "${extra_rows[@]}"; do
  [ -d "$root/${row%%|*}" ] && rows+=("$row")
done

printf '| suite | busted: successes / failures / errors / pending | navlua | busted CPU | navlua CPU | navlua / busted |\n'
printf '|---|---|---|---|---|---|\n'
status=0
for row in "${rows[@]}"; do
  name=${row%%|*}
  args=${row#*|}
  dir="$root/$name"
  # shellcheck disable=SC2086  # ARGS are words
  b=$(counts "$dir" busted $args)
  # shellcheck disable=SC2086
  n=$(counts "$dir" "$navlua" test --jobs 1 $args)
  # shellcheck disable=SC2086
  bt=$(cpu "$dir" busted $args)
  # shellcheck disable=SC2086
  nt=$(cpu "$dir" "$navlua" test --jobs 1 $args)
  mark=""
  if [ "$b" != "$n" ]; then mark=" **differs**"; status=1; fi
  label=$name${args:+ \`$args\`}
  ratio=$(awk -v a="$nt" -v b="$bt" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')
  printf '| %s | %s | %s%s | %s s | %s s | %s |\n' "$label" "$b" "$n" "$mark" "$bt" "$nt" "$ratio"
done
echo
echo "navlua test --jobs 1; CPU: best of 3, each tool's default output; load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
