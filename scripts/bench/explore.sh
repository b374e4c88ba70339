#!/usr/bin/env bash
# explore.sh: navlua.explore's speed (issue 38), in one command:
#
#   scripts/bench/explore.sh [BINARY]
#
# Runs per CPU second and how they grow with the number of steps, the time
# to find and shrink seed 004's leak, and the same 300 sequences of 20
# steps as explore runs them against one plain script under `navlua run`
# (its main chunk timed with os.clock, the median of three). See
# scripts/bench/explore.lua. BINARY defaults to .build/release/navlua.
set -euo pipefail
cd "$(dirname "$0")/../.."
navlua=${1:-.build/release/navlua}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$navlua" run scripts/bench/explore.lua "$work" | tee "$work/explore.txt"
plain=$(for _ in 1 2 3; do "$navlua" run "$work/plain.lua"; done | sort -n | sed -n 2p)
explore=$(sed -n 's/.*explore \([0-9.]*\) s$/\1/p' "$work/explore.txt")
echo "                          as one plain script under navlua run: $plain s"
awk -v e="$explore" -v p="$plain" 'BEGIN { printf "  explore / plain: %.2f\n", e / p }'
