#!/usr/bin/env bash
# instructions.sh: instructions (callgrind's Ir, which counts the same
# whatever the load on the machine) of navlua's hot paths under two
# binaries, side by side in one command:
#
#   scripts/bench/instructions.sh OLD_BINARY [NEW_BINARY]
#
# - start-up: `run empty.lua` (and lua5.4's, as the yardstick);
# - per call: navlua.now() and math.abs in a loop, and a push + pop cycle
#   with four lifecycle hooks (the engine calling Lua), each as the
#   difference between two loop sizes divided by the difference in calls,
#   so that start-up cancels out;
# - the simulation benchmark (scripts/bench/simulation.lua, 20 cycles).
# NEW_BINARY defaults to .build/release/navlua. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "instructions: needs valgrind (apt-get install valgrind)"; exit 1; }
# Copies without debug information: Debian's valgrind cannot read the
# DWARF 5 that clang writes for the C targets. Instructions are the same.
objcopy --strip-debug "${1:?usage: instructions.sh OLD_BINARY [NEW_BINARY]}" "$work/old"
objcopy --strip-debug "${2:-.build/release/navlua}" "$work/new"
old=$work/old
new=$work/new

# Ir of a command
ir() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p; s/^totals: //p' "$work/cg.out" | head -1
}

: >"$work/empty.lua"
loop() {   # loop FILE N BODY
  printf 'local f = %s\nfor _ = 1, %d do %s end\n' "$4" "$2" "$3" >"$1"
}
loop "$work/now1.lua" 100000 "f()" "navlua.now"
loop "$work/now2.lua" 300000 "f()" "navlua.now"
loop "$work/abs1.lua" 100000 "f(-1)" "math.abs"
loop "$work/abs2.lua" 300000 "f(-1)" "math.abs"
cycles() {   # cycles FILE N: push + pop, not animated, with lifecycle hooks
  cat >"$1" <<LUA
local n = 0
local function h() n = n + 1 end
local nav = navlua.navigation{root = navlua.screen{title = "A", will_appear = h, did_appear = h,
  will_disappear = h, did_disappear = h}}
local b = navlua.screen{title = "B", will_appear = h, did_appear = h, will_disappear = h, did_disappear = h}
for _ = 1, $2 do nav:push(b, {animated = false}) nav:pop{animated = false} end
LUA
}
cycles "$work/cyc1.lua" 2000
cycles "$work/cyc2.lua" 6000

per() {   # per BINARY FILE1 FILE2 CALLS
  local a b
  a=$(ir "$1" run "$2"); b=$(ir "$1" run "$3")
  echo $(( (b - a) / $4 ))
}

printf '%-34s %14s %14s %8s\n' "instructions" "old" "new" "new/old"
row() {   # row NAME OLD NEW
  printf '%-34s %14s %14s %8s\n' "$1" "$2" "$3" "$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.3f", b / a }')"
}
row "start-up: run empty.lua" "$(ir "$old" run "$work/empty.lua")" "$(ir "$new" run "$work/empty.lua")"
echo "  (lua5.4 empty.lua: $(ir lua5.4 "$work/empty.lua"))"
row "navlua.now() per call" "$(per "$old" "$work/now1.lua" "$work/now2.lua" 200000)" \
    "$(per "$new" "$work/now1.lua" "$work/now2.lua" 200000)"
row "math.abs per call (yardstick)" "$(per "$old" "$work/abs1.lua" "$work/abs2.lua" 200000)" \
    "$(per "$new" "$work/abs1.lua" "$work/abs2.lua" 200000)"
row "push + pop cycle, 8 hook calls" "$(per "$old" "$work/cyc1.lua" "$work/cyc2.lua" 4000)" \
    "$(per "$new" "$work/cyc1.lua" "$work/cyc2.lua" 4000)"
row "simulation.lua, 20 cycles" "$(ir "$old" run scripts/bench/simulation.lua 20)" \
    "$(ir "$new" run scripts/bench/simulation.lua 20)"
