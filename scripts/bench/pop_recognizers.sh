#!/usr/bin/env bash
# pop_recognizers.sh: what a second pop recognizer costs a finger-driven
# frame (manual §5.11), in instructions (callgrind), in one command:
#
#   scripts/bench/pop_recognizers.sh OLD_BINARY [NEW_BINARY] > docs/performance_recognizers.md
#
# The frame of frames.lua's `finger` loop (a finger from the left edge
# driving an interactive pop), at 1 and 3 simulated seconds, the
# difference divided by the difference in frames so that start-up cancels
# out: under the binary before several recognizers and this one (one
# recognizer, the default navigation), under this one with one (preset uikit:
# the edge swipe) and with two (preset ios26: the edge and the content
# swipe, both asked at touch-down, the edge one driving the pop).
# NEW_BINARY defaults to .build/release/navlua. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "pop_recognizers: needs valgrind (apt-get install valgrind)"; exit 1; }
objcopy --strip-debug "${1:?usage: pop_recognizers.sh OLD_BINARY [NEW_BINARY]}" "$work/old"
objcopy --strip-debug "${2:-.build/release/navlua}" "$work/new"
bench=scripts/bench/frames.lua

ir() {   # ir COMMAND...: instructions the command executes
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p; s/^totals: //p' "$work/cg.out" | head -1
}
frames() { "$@" | sed -n 's/.*frames=\([0-9]*\).*/\1/p'; }

per_frame() {   # per_frame BINARY [PRESET]: instructions per finger-driven frame
  local bin=$1 preset=${2:-}
  local fa fb ia ib
  fa=$(frames "$bin" run $bench finger 1 1 $preset); fb=$(frames "$bin" run $bench finger 3 1 $preset)
  ia=$(ir "$bin" run $bench finger 1 1 $preset); ib=$(ir "$bin" run $bench finger 3 1 $preset)
  echo $(( (ib - ia) / (fb - fa) ))
}

old=$(per_frame "$work/old")
same=$(per_frame "$work/new")
one=$(per_frame "$work/new" uikit)
two=$(per_frame "$work/new" ios26)
cat <<TABLE
# A second pop recognizer: instructions per finger-driven frame

Made by \`scripts/bench/pop_recognizers.sh OLD_BINARY\` (callgrind; the same on any load).
A finger from the left edge drives an interactive pop over 1 and 3 simulated seconds at 120 fps;
the difference in instructions over the difference in frames.

| binary and navigation | recognizers | instructions per frame | against one |
|---|---|---|---|
| before several recognizers, no preset | 1 (\`fullscreen\`) | $old | |
| this one, no preset | 1 (\`fullscreen\`) | $same | $(awk -v a="$same" -v b="$old" 'BEGIN { printf "%.3f against the binary before", a / b }') |
| this one, \`preset = "uikit"\` | 1 (\`edge\`) | $one | 1.00 |
| this one, \`preset = "ios26"\` | 2 (\`edge\`, \`content\`) | $two | $(awk -v a="$two" -v b="$one" 'BEGIN { printf "%.3f", a / b }') |
TABLE
