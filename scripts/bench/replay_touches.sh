#!/usr/bin/env bash
# replay_touches.sh: what a recorded sample costs. The same motion, N
# samples a frame apart at 60 fps, either replayed (navlua.replay_touches
# with N records) or driven as frame-rate moves (one t:move_to a sample, a
# touch rate of 60 Hz so that each is one sample), in instructions per
# sample from callgrind: the difference between two sizes divided by the
# difference in samples, so that start-up and the setup cancel out. The
# replay's figure includes building its records in Lua. Prints a markdown
# table (docs/performance_replay.md is its output). Needs valgrind.
#
#   scripts/bench/replay_touches.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-.build/release/navlua}
command -v valgrind >/dev/null || { echo "replay_touches: needs valgrind (apt-get install valgrind)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$bin" "$work/navlua"   # Debian's valgrind cannot read clang's DWARF 5

ir() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/navlua" "$@" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p; s/^totals: //p' "$work/cg.out" | head -1
}

setup='navlua.define_preset("bench", {base = "uikit", touch_rate = 60})
navlua.navigation{preset = "bench", root = navlua.screen{title = "A"}}
local function at(i) return 200 + 50 * math.sin(i / 20), 300 + 200 * math.cos(i / 30) end'
cat >"$work/replay.lua" <<LUA
$setup
local n = tonumber(arg[1])
local recs = {{t = 0, phase = "down", x = 200, y = 500}}
for i = 1, n do local x, y = at(i) recs[#recs + 1] = {t = i / 60, phase = "move", x = x, y = y} end
local x, y = at(n)
recs[#recs + 1] = {t = (n + 1) / 60, phase = "up", x = x, y = y}
navlua.replay_touches(recs)
LUA
cat >"$work/moves.lua" <<LUA
$setup
local n = tonumber(arg[1])
local t = navlua.touch_down(200, 500)
for i = 1, n do t:move_to(at(i), 1 / 60) end
t:up()
LUA
small=5000
large=15000
per() {   # per SCRIPT: instructions a sample
  local a b
  a=$(ir "$work/$1" $small)
  b=$(ir "$work/$1" $large)
  echo $(( (b - a) / (large - small) ))
}
replay=$(per replay.lua)
moves=$(per moves.lua)
ratio=$(awk -v r="$replay" -v m="$moves" 'BEGIN { printf "%.2f", r / m }')
echo "<!-- Generated: scripts/bench/replay_touches.sh > docs/performance_replay.md -->"
echo "# What a recorded sample costs"
echo
echo "The same motion, N samples a frame apart at 60 fps, replayed with \`navlua.replay_touches\` or"
echo "driven by one \`t:move_to\` a sample (touch rate 60 Hz), in instructions a sample (callgrind;"
echo "the difference between $small and $large samples over the difference in samples)."
echo
echo "| way | instructions a sample |"
echo "|---|---|"
echo "| frame-rate moves (\`t:move_to\`) | $moves |"
echo "| \`navlua.replay_touches\` (records built in Lua included) | $replay |"
echo "| replay / moves | $ratio |"
