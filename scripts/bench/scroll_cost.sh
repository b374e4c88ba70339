#!/usr/bin/env bash
# scroll_cost.sh: what a vertical list on every screen costs per frame
# (callgrind's Ir), for two loops: an animated push + pop, and a
# finger-driven pop (a horizontal drag over the list, which the list
# declines and the pop takes: SPEC §10). Each figure is the difference
# between two loop sizes divided by the difference in frames, so start-up
# cancels out.
#
#   scripts/bench/scroll_cost.sh OLD_BINARY [NEW_BINARY]
#
# OLD_BINARY predates content_height, so it runs the loops without a list
# only. NEW_BINARY defaults to .build/release/navlua. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "scroll_cost: needs valgrind (apt-get install valgrind)"; exit 1; }
# Without debug information, as in instructions.sh (valgrind and DWARF 5).
objcopy --strip-debug "${1:?usage: scroll_cost.sh OLD_BINARY [NEW_BINARY]}" "$work/old"
objcopy --strip-debug "${2:-.build/release/navlua}" "$work/new"

scenario() {   # scenario FILE LOOP(animated|finger) LIST(0|1) CYCLES
  cat >"$1" <<LUA
local W, H = 390, 844
local function screen(title)
  local s = navlua.screen{title = title}
  if $3 == 1 then s:add_scroll_view{content_width = W, content_height = 3 * H} end
  return s
end
local a, b = screen("A"), screen("B")
local nav = navlua.navigation{root = a}
for _ = 1, $4 do
  if "$2" == "animated" then
    nav:push(b) navlua.settle()
    nav:pop() navlua.settle()
  else
    nav:push(b, {animated = false})
    navlua.drag{from = {100, 400}, by = {300, 0}, duration = 0.5}
    navlua.settle()
  end
end
io.stderr:write(navlua.frame(), "\n")
LUA
}

ir() {   # ir BINARY FILE: instructions of a run
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$1" run "$2" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p; s/^totals: //p' "$work/cg.out" | head -1
}
frames() { "$1" run "$2" 2>&1 >/dev/null | tail -1; }

per_frame() {   # per_frame BINARY LOOP LIST: Ir per frame
  scenario "$work/s1.lua" "$2" "$3" 20
  scenario "$work/s2.lua" "$2" "$3" 60
  local a b fa fb
  a=$(ir "$1" "$work/s1.lua"); b=$(ir "$1" "$work/s2.lua")
  fa=$(frames "$1" "$work/s1.lua"); fb=$(frames "$1" "$work/s2.lua")
  echo $(( (b - a) / (fb - fa) ))
}

printf '%-28s %12s %12s %12s %9s\n' "Ir per frame" "old" "new" "new+list" "list cost"
for loop in animated finger; do
  o=$(per_frame "$work/old" "$loop" 0)
  n=$(per_frame "$work/new" "$loop" 0)
  l=$(per_frame "$work/new" "$loop" 1)
  printf '%-28s %12s %12s %12s %9s\n' "$loop push/pop loop" "$o" "$n" "$l" \
    "$(awk -v a="$n" -v b="$l" 'BEGIN { printf "%+.1f%%", 100 * (b - a) / a }')"
done
