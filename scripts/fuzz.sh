#!/usr/bin/env bash
# Runs the fuzzer (Tests/NavLuaBridgeTests/Fuzz*.swift) in release mode:
# 10,000 random sequences of navigation calls, touches and hooks through the
# Lua bridge, with the invariants checked after every frame and every call.
# A failing sequence is printed, shrunk, as a Lua script that replays it with
# `navlua run`, and written to $NAVLUA_FUZZ_OUT. The last line is
# `N passed, N failed`; the exit status is non-zero on any failure.
#
#   scripts/fuzz.sh                 # 10,000 sequences, seed 1
#   scripts/fuzz.sh 50000 7         # 50,000 sequences, seed 7
#   NAVLUA_FUZZ_ONLY=123 scripts/fuzz.sh   # sequence 123 alone
set -uo pipefail
cd "$(dirname "$0")/.."

export NAVLUA_FUZZ_SEQUENCES="${1:-${NAVLUA_FUZZ_SEQUENCES:-10000}}"
export NAVLUA_FUZZ_SEED="${2:-${NAVLUA_FUZZ_SEED:-1}}"
export NAVLUA_FUZZ_OUT="${NAVLUA_FUZZ_OUT:-/tmp/navlua-fuzz}"
scratch="${NAVLUA_FUZZ_SCRATCH:-/tmp/fuzz-build}"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift test -c release --scratch-path "$scratch" --filter 'FuzzTests' 2>&1 | tee "$log" \
  | grep -v -E '^(Test Suite|Test Case|\[[0-9]+/[0-9]+\]|Building|Compiling|Build complete)'
status=${PIPESTATUS[0]}
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
if [ -z "$line" ]; then
  echo "fuzz: the fuzzer did not run (swift test exited $status)"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "$line"
exit "$status"
