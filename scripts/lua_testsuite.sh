#!/usr/bin/env bash
# lua_testsuite.sh TESTES [MODE...]: runs the official Lua 5.4.4 test suite
# (the testes/ folder of the lua/lua repository at tag v5.4.4, or lua.org's
# lua-5.4.4-tests; never committed here) under `navlua run`, and prints one
# table row per mode:
#
#   user       navlua run -e "_U=true" all.lua   (lua.org's "basic" run)
#   complete   navlua run all.lua, with the C libraries of testes/libs built
#              against the Debian headers: _port and _soft false, so the
#              long and non-portable tests run too, main.lua included
#   limits     the complete run with --timeout and --memory-limit set, so the
#              limits' hook is armed the whole time
#   lua5.4     the complete run under lua5.4 itself, the yardstick
#
# Default: all four. The folder is copied to a temporary directory (the
# suite writes files where it runs, and libs/ is built there); the copy is
# removed afterwards unless KEEP=1; each run gets LIMIT seconds (default
# 1800). The internal tests (the T library) need
# a Lua built with ltests.c and are skipped, as under any distributed Lua.
#
# main.lua runs the interpreter as `progname`, the lowest arg[] entry: for
# `navlua run all.lua`, argv[0], so navlua is started by its absolute path
# (main.lua also runs it under `env -i`, with no PATH). Where navlua
# deliberately differs from
# lua.c (docs/using.md, "navlua and lua5.4"), the lines of main.lua that test that
# difference are replaced by `do end` in the copy, and the row says how many.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
testes=${1:?usage: lua_testsuite.sh TESTES-FOLDER [user|complete|limits|lua5.4 ...]}
shift
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(user complete limits lua5.4)
navlua=${NAVLUA:-$here/.build/release/navlua}
[ -f "$testes/all.lua" ] || { echo "lua_testsuite: no all.lua in $testes" >&2; exit 2; }
[ -x "$navlua" ] || { echo "lua_testsuite: no $navlua (run scripts/setup.sh)" >&2; exit 2; }

work=$(mktemp -d)
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT
cp -r "$testes" "$work/testes"
lua_dir=$(pkg-config --variable=includedir lua5.4 2>/dev/null || echo /usr/include/lua5.4)
[ -f "$lua_dir/luaconf.h" ] || lua_dir=/usr/include/lua5.4
make -s -C "$work/testes/libs" LUA_DIR="$lua_dir" >/dev/null 2>&1 \
  || { echo "lua_testsuite: cannot build testes/libs against $lua_dir" >&2; exit 1; }

# The deliberate differences main.lua would test (see the README's table):
# each pattern names the first line of a statement of main.lua, which is
# replaced with `do end` up to the line where that statement ends.
skips_file="$here/scripts/lua_testsuite_skips.lua"
read -r skipped pending < <(lua5.4 "$skips_file" "$work/testes/main.lua")

# Runs "${cmd[@]}" in the copy, output to $1, in a session of its own so
# that whatever it leaves running in the background (main.lua's Ctrl-C test
# does when it fails) is ended with it, and for at most $LIMIT seconds.
# files.lua checks that seeking standard input fails: it must be a pipe.
run_mode() {
  setsid bash -c 'cd "$1" && shift && true | "$@"' _ "$work/testes" "${cmd[@]}" >"$1" 2>&1 &
  local leader=$!
  (
    trap 'kill "$nap" 2>/dev/null; exit 0' TERM
    sleep "${LIMIT:-1800}" & nap=$!
    wait "$nap" && kill -- -"$leader" 2>/dev/null
  ) &
  local killer=$!
  wait "$leader"
  local rc=$?
  kill -- -"$leader" 2>/dev/null
  kill "$killer" 2>/dev/null
  wait "$killer" 2>/dev/null
  return $rc
}

echo "| mode | command | result | time |"
echo "|---|---|---|---|"
status=0
for mode in "${modes[@]}"; do
  case $mode in
    user) cmd=("$navlua" run -e "_U=true" all.lua) ;;
    complete) cmd=("$navlua" run all.lua) ;;
    limits) cmd=("$navlua" run --timeout 3600 --memory-limit 8192 all.lua) ;;
    lua5.4) cmd=(lua5.4 all.lua) ;;
    *) echo "lua_testsuite: unknown mode $mode" >&2; exit 2 ;;
  esac
  log="$work/$mode.log"
  start=$(date +%s%N)
  run_mode "$log"
  rc=$?
  rerun=""
  # main.lua's Ctrl-C test reads the background interpreter's pid and its
  # first line from one pipe; on a loaded machine the line can come first
  # and the test fails on a wrong pid (lua5.4 too): run it once more.
  if [ $rc -ne 0 ] && grep -qE 'main\.lua:(501|512): assertion failed' "$log"; then
    rerun=" (run twice: main.lua's pid race)"
    start=$(date +%s%N)
    run_mode "$log"
    rc=$?
  fi
  tenths=$(( ($(date +%s%N) - start) / 100000000 ))
  if [ $rc -eq 0 ] && grep -q '^final OK !!!' "$log"; then
    result="final OK$rerun"
  else
    result="FAILED (exit $rc): $(grep -m1 -E '^(navlua|lua5.4|lua): ' "$log" | cut -c1-120)"
    status=1
    [ "${VERBOSE:-}" = 1 ] && tail -30 "$log" >&2
  fi
  note=""
  if [ "$mode" != user ] && [ "$mode" != lua5.4 ]; then
    note=" (main.lua: $skipped checks of deliberate differences skipped)"
    [ "$pending" -gt 0 ] && note=" (main.lua: $skipped checks of deliberate differences and $pending pending skipped)"
  fi
  shown="${cmd[*]}"
  shown=${shown/#$navlua/navlua}
  printf '| %s | `%s` | %s%s | %d.%d s |\n' "$mode" "$shown" "$result" "$note" $((tenths / 10)) $((tenths % 10))
done
exit $status
