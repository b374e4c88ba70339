#!/usr/bin/env bash
# Builds navlua's loadable Lua module, .build/release/lua/navlua.so, for
# `require "navlua"` from any Lua 5.4 (lua5.4, busted, LuaRocks tools):
#
#   LUA_CPATH="$(.build/release/navlua --cpath);;" lua5.4 -e 'print(require("navlua").version)'
#
# SwiftPM compiles the NavLuaModule target; the link is done here because a
# SwiftPM product's link puts pkg-config's "-L/usr/lib/... -llua5.4" ahead of
# any flag Package.swift can add, and the module must not link Lua: its
# lua_* symbols come from the process that loads it (lua5.4 has Lua built in
# and exports its API), so that a process never holds two Luas. On Linux,
# Sources/NavLuaModule/Linker comes first on the library path and holds an
# empty liblua5.4.so linker script for the -llua5.4 that the CLua module
# map adds; on macOS the host's symbols are looked up when it loads.
set -euo pipefail
cd "$(dirname "$0")/.."

# swift-build itself sometimes crashes (Swift 6.3.1: a signal 11 in
# libdispatch's event loop, "*** Program crashed"): that one failure, and
# only it, is tried once more.
build() { swift build -c release --static-swift-stdlib --target NavLuaModule 2>&1; }
if ! log=$(build); then
  if [[ $log == *"*** Program crashed"* ]] && log=$(build); then
    echo "build_module: swift-build crashed once; the second build succeeded" >&2
  else
    echo "$log" | grep -Ev '^\[[0-9]+/[0-9]+\]' >&2
    echo "build_module: the build failed" >&2
    exit 1
  fi
fi
build=$(swift build -c release --show-bin-path)
objects=()
# The Swift targets the module's target depends on (Package.swift): the
# objects of each target's current sources, as its output file map lists them
# (a glob would also take the objects of sources deleted since the last build).
for target in NavLuaBridge NavLuaEngine NavLuaVisuals; do
  while IFS= read -r object; do objects+=("$object"); done < <(
    sed -n 's/.*"object" *: *"\([^"]*\)".*/\1/p' "$build/$target.build/output-file-map.json" |
      while IFS= read -r o; do [ -f "$o" ] && echo "$o"; done)
done
# The C targets, the module's own (luaopen_navlua) first: one object per
# source file, named after it.
for target in NavLuaModule NavLuaRuntime NavLuaSystem; do
  for source in Sources/$target/*.c; do
    objects+=("$build/$target.build/$(basename "$source").o")
  done
done
mkdir -p "$build/lua"
if [ "$(uname)" = Darwin ]; then
  swiftc -emit-library -o "$build/lua/navlua.so" "${objects[@]}" \
    -Xlinker -undefined -Xlinker dynamic_lookup
else
  # Only luaopen_navlua is exported: the Swift runtime linked in stays
  # private to the module.
  exports=$(mktemp)
  trap 'rm -f "$exports"' EXIT
  echo '{ global: luaopen_navlua; local: *; };' > "$exports"
  swiftc -emit-library -static-stdlib -o "$build/lua/navlua.so" \
    -L Sources/NavLuaModule/Linker "${objects[@]}" \
    -Xlinker --version-script="$exports"
fi
echo "build_module: built $build/lua/navlua.so"
