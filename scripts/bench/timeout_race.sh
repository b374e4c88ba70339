#!/usr/bin/env bash
# timeout_race.sh: --timeout under CPU load. A script catches the engine's
# timeout with pcall and would print "ran on"; beside two busy loops, the
# deadline's alarm comes late, and before the fix the engine's own timeout
# error was catchable then (7 of 20 runs ran on). Every run must end with
# the timeout, exit 1. Prints the counts; exits 1 when any run ran on.
#
#   scripts/bench/timeout_race.sh [RUNS] [BINARY]
set -uo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-20}
navlua=${2:-.build/release/navlua}
busy=()
for _ in 1 2; do (while :; do :; done) & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
ran_on=0
stopped=0
for call in 'navlua.tick, 1e12' 'function() navlua.touch_down(5, 400):move_to(300, 400, 1e6) end'; do
  for _ in $(seq "$runs"); do
    out=$("$navlua" run --timeout 0.3 -e "navlua.navigation{root = navlua.screen{title = 'A'}}
      local ok, e = pcall($call) print('ran on:', ok, e)" 2>/dev/null)
    status=$?
    if [[ $out == *"ran on"* ]]; then ran_on=$((ran_on + 1)); elif [ "$status" -eq 1 ]; then stopped=$((stopped + 1)); fi
  done
done
echo "timeout_race: $((2 * runs)) runs beside two busy loops: $stopped stopped at the deadline, $ran_on ran on"
[ "$ran_on" -eq 0 ]
