#!/usr/bin/env bash
# run.sh: every navlua benchmark, each figure a ratio against a yardstick
# measured in the same run, printed with its goal. Not a test: these
# machines are noisy, so nothing here fails on a number.
#
#   scripts/bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/setup.sh >/dev/null
navlua=.build/release/navlua

"$navlua" run scripts/bench/api_call.lua
"$navlua" run scripts/bench/simulation.lua
scripts/bench/startup.sh
scripts/bench/limits.sh
"$navlua" run scripts/bench/memory.lua
if [ -x scripts/bench/test_runner.sh ]; then scripts/bench/test_runner.sh; fi
# against busted: the generated 200-file suite, and a real one when
# $BUSTED_SUITE names its folder (see the README)
if command -v busted >/dev/null; then scripts/bench/busted.sh "${BUSTED_SUITE:-}"; fi
