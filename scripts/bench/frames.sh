#!/usr/bin/env bash
# frames.sh: the cost of a simulated frame and of the Lua API's calls
# (issue 23), under two binaries side by side in one command:
#
#   scripts/bench/frames.sh OLD_BINARY [NEW_BINARY]
#
# Each figure runs one loop of scripts/bench/frames.lua at two sizes and
# divides the difference by the difference in simulated frames (or in
# calls), so that start-up cancels out: instructions from callgrind (the
# same whatever the load on the machine: the figure to compare), CPU time
# from os.clock around the loop (the median of three runs; noisy, compare
# old and new only as a ratio taken in the same command). Then start-up
# against lua5.4 and the simulation benchmark (scripts/bench/simulation.lua)
# in simulated seconds per CPU second. NEW_BINARY defaults to
# .build/release/navlua. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "frames: needs valgrind (apt-get install valgrind)"; exit 1; }
# Copies without debug information: Debian's valgrind cannot read the
# DWARF 5 that clang writes for the C targets. Instructions are the same.
objcopy --strip-debug "${1:?usage: frames.sh OLD_BINARY [NEW_BINARY]}" "$work/old"
objcopy --strip-debug "${2:-.build/release/navlua}" "$work/new"
bench=scripts/bench/frames.lua

ir() {   # ir COMMAND...: instructions the command executes
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p; s/^totals: //p' "$work/cg.out" | head -1
}
field() {   # field NAME LINE: the value of NAME=... in a line of frames.lua
  sed -n "s/.*$1=\([0-9.]*\).*/\1/p" <<<"$2"
}
units() {   # units LOOP LINE: frames for the frame loops, calls for the others
  case $1 in idle|tick|animated|finger) field frames "$2" ;; *) field calls "$2" ;; esac
}
median3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }

# per BINARY LOOP SMALL LARGE [DEPTH]: "instructions ns" per frame or call
per() {
  local bin=$1 loop=$2 a=$3 b=$4 depth=${5:-1}
  local la lb ia ib ua ub ca cb i
  la=$("$bin" run $bench "$loop" "$a" "$depth"); lb=$("$bin" run $bench "$loop" "$b" "$depth")
  ua=$(units "$loop" "$la"); ub=$(units "$loop" "$lb")
  ia=$(ir "$bin" run $bench "$loop" "$a" "$depth"); ib=$(ir "$bin" run $bench "$loop" "$b" "$depth")
  local times=()
  for i in 1 2 3; do
    ca=$(field cpu "$("$bin" run $bench "$loop" "$a" "$depth")")
    cb=$(field cpu "$("$bin" run $bench "$loop" "$b" "$depth")")
    times+=("$(awk -v a="$ca" -v b="$cb" -v n=$((ub - ua)) 'BEGIN { printf "%.1f", (b - a) * 1e9 / n }')")
  done
  echo "$(( (ib - ia) / (ub - ua) )) $(median3 "${times[@]}")"
}

printf '%-44s %12s %12s %7s %10s %10s %7s\n' "per frame (or per call)" \
  "old instr" "new instr" "new/old" "old ns" "new ns" "new/old"
declare -A result
row() {   # row KEY LABEL LOOP SMALL LARGE [DEPTH]
  local key=$1 label=$2 o n
  shift 2
  o=$(per "$work/old" "$@"); n=$(per "$work/new" "$@")
  result[$key.old]=$o result[$key.new]=$n
  set -- $o $n
  printf '%-44s %12s %12s %7s %10s %10s %7s\n' "$label" "$1" "$3" \
    "$(awk -v a="$1" -v b="$3" 'BEGIN { printf "%.3f", b / a }')" "$2" "$4" \
    "$(awk -v a="$2" -v b="$4" 'BEGIN { printf "%.2f", b / a }')"
}
row idle "idle frame (navlua.tick(n), nothing moving)" idle 20000 60000
row tick "navlua.tick() per call, nothing moving" tick 20000 60000
# 10 and 90 cycles: at depth 1,000 the registry's weak tables (1,001 live
# screens in 1,024 slots) are rehashed every ~23 new screens, and the
# collector's cycles come as seldom; a difference of 20 cycles caught one
# such event or none, and moved the figure by ~10%. 80 cycles average them.
row anim1 "animated push + pop, depth 1" animated 10 90 1
row anim1000 "animated push + pop, depth 1000" animated 10 90 1000
row finger "finger-driven pop (t:move_to 330, 400, s)" finger 1 3
row now "navlua.now() per call" now 100000 300000
row visual "nav:visual() per call" visual 20000 60000
row field "screen.title + nav.count per pair" field 100000 300000
row title "screen.title per read (the script's table)" title 100000 300000
row count "nav.count per read (a C __index)" count 100000 300000
row visual_lua "nav:visual()'s table built in Lua (yardstick)" visual_lua 20000 60000
row abs "math.abs per call (yardstick)" abs 100000 300000

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
for v in old new; do
  set -- ${result[now.$v]} ${result[abs.$v]} ${result[field.$v]} ${result[visual.$v]}
  echo "$v: now()/abs $(ratio "$1" "$3") in instructions, $(ratio "$2" "$4") in time;" \
    "field read/abs $(ratio "$(($5 / 2))" "$3") in instructions;" \
    "visual()/abs $(ratio "$7" "$3") in instructions"
  set -- ${result[title.$v]} ${result[count.$v]} ${result[abs.$v]} ${result[visual.$v]} ${result[visual_lua.$v]}
  echo "$v: screen.title/abs $(ratio "$1" "$5"), nav.count/abs $(ratio "$3" "$5") in instructions;" \
    "visual()/the same table built in Lua $(ratio "$7" "$9") in instructions"
done
# (A read's figure moves by a few percent from run to run of one binary:
# Lua seeds its string hashes from the time and an address, and with them
# where a key falls in a table.)

# start-up: instructions, and the median wall time of 101 runs against
# lua5.4's and /bin/true's (a process that does nothing), the three taken
# in turn. Timed from python around each run: `date` on either side put
# its own start inside the interval (~1 ms), which made every ratio
# look nearer 1 than it is.
: >"$work/empty.lua"
walls() {   # walls BINARY: "binary lua5.4 true" median wall nanoseconds
  python3 - "$1" "$work/empty.lua" <<'PY'
import statistics, subprocess, sys, time
binary, script = sys.argv[1], sys.argv[2]
runs = {"binary": [binary, "run", script], "lua": ["lua5.4", script], "true": ["true"]}
times = {k: [] for k in runs}
for _ in range(101):
    for k, cmd in runs.items():
        start = time.perf_counter_ns()
        subprocess.run(cmd, stdout=subprocess.DEVNULL)
        times[k].append(time.perf_counter_ns() - start)
print(*(int(statistics.median(times[k])) for k in runs))
PY
}
lua_ir=$(ir lua5.4 "$work/empty.lua")
for v in old new; do
  i=$(ir "$work/$v" run "$work/empty.lua")
  set -- $(walls "$work/$v")
  echo "$v: start-up (run empty.lua) $i instructions, $(ratio "$i" "$lua_ir") lua5.4's;" \
    "median wall $(awk -v a="$1" 'BEGIN { printf "%.2f", a / 1e6 }') ms, $(ratio "$1" "$2") lua5.4's," \
    "$(ratio "$(($1 - $3))" "$(($2 - $3))") net of a process that does nothing"
done

# The simulation benchmark: its loop (200 cycles is the benchmark as the
# issue names it) run 2,000 times, so that each figure is ~50 ms of CPU,
# not 5 (os.clock's steps and the machine's noise were a quarter of it);
# old and new alternate three times and each figure is the median.
sim() {   # sim BINARY: "label@fps=speed" words
  "$1" run scripts/bench/simulation.lua 2000 |
    sed -n 's/simulation \(.*[^ ]\) *@\([0-9]*\) fps.*: \([0-9]*\)x real time.*/\1 @\2=\3/p'
}
for r in 1 2 3; do
  for v in old new; do sim "$work/$v" | sed "s/^/$v\t/" >>"$work/sim.txt"; done
done
for v in old new; do
  echo "$v: simulation.lua, 2,000 cycles (x real time, median of 3):" \
    "$(awk -F'\t' -v v="$v" '$1 == v { split($2, kv, "="); if (!(kv[1] in n)) order[++k] = kv[1]; x[kv[1], ++n[kv[1]]] = kv[2] }
        END { for (i = 1; i <= k; i++) { l = order[i]; a = x[l,1]; b = x[l,2]; c = x[l,3]
              m = (a <= b) ? ((b <= c) ? b : ((a <= c) ? c : a)) : ((a <= c) ? a : ((b <= c) ? c : b))
              printf "%s=%dx; ", l, m } }' "$work/sim.txt")"
done
# and in instructions, which the noise does not move: per cycle of the
# uikit preset's four runs (60 and 120 fps, with and without the delegate)
for v in old new; do
  a=$(ir "$work/$v" run scripts/bench/simulation.lua 20 uikit)
  b=$(ir "$work/$v" run scripts/bench/simulation.lua 100 uikit)
  echo "$v: simulation.lua, uikit's four runs: $(( (b - a) / 80 )) instructions a cycle"
done
