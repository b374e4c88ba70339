#!/usr/bin/env bash
# Runs every test navlua has: the Swift engine and bridge tests, then the
# Lua regression suites through `navlua test`. Exits non-zero if any fails.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null || { echo "test: setup failed"; exit 1; }
navlua=.build/release/navlua
export NAVLUA="$PWD/$navlua"     # the CLI specs run this binary
passed=0
failed=0

step() {
  echo
  echo "== $1"
  shift
  if "$@"; then passed=$((passed + 1)); else echo "== FAILED: $*"; failed=$((failed + 1)); fi
}

# SwiftPM would let a target import a module it does not declare once that
# module is built: the layering is checked here too.
step "The engine, the pictures and their tests import no Lua" \
  bash -c '! grep -rnE "^(@testable )?import (CLua|NavLuaRuntime|NavLuaBridge|NavLuaTestRunner)\b" \
    Sources/NavLuaEngine Sources/NavLuaVisuals Sources/NavLuaTestSupport Tests/NavLuaEngineTests'
step "Swift tests (engine, bridge, runner)" swift test
# A package outside this one, using only the products (a debug build of the
# engine in its own scratch folder: about 20 s the first time, 1 s after).
# Without --disable-build-manifest-caching SwiftPM keeps the dependency's
# old file list, and a source file added to the engine fails this build once.
step "An outside package on the engine's products" \
  swift test --package-path Tests/EmbeddingPackage --scratch-path .build/embedding --disable-build-manifest-caching
step "Lua regression suite (the manual's rules)" "$navlua" test scripts/spec
step "navlua test, the runner's own specs" "$navlua" test scripts/runner_spec
step "Lua embedded in the binary (Sources/*/Lua)" "$navlua" test scripts/lua_spec
step "REPL, driven through tmux" scripts/repl_test.sh "$navlua"
# Debian's python3 (setup.sh installs chromium, chromium-driver and
# python3-selenium for it; the first python3 on PATH may be another).
step "The HTML replay in chromium" /usr/bin/python3 scripts/replay_test/replay_test.py "$navlua"

# One line for the whole run, counting steps (each step printed its own tests).
echo
echo "steps: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
