#!/usr/bin/env bash
# Installs what navlua needs on a fresh Debian machine with the Swift
# toolchain, then builds the release binary (.build/release/navlua). On
# macOS (which this repository's CI does not test) it installs nothing: it
# checks for Homebrew's Lua and pkg-config, then builds (docs/macos.md).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Darwin ]; then
  if ! pkg-config --exists lua5.4 2>/dev/null; then
    echo "setup: needs Lua 5.4 and pkg-config: brew install lua pkg-config" >&2
    exit 1
  fi
  # Apple's platforms have the Swift runtime in the OS: nothing to link statically.
  build=(swift build -c release)
else
  # python3-junitparser: the shards spec merges JUnit reports with it (docs/using.md, "A suite across machines")
  packages=(pkg-config liblua5.4-dev lua5.4 lua-busted lua-luassert libedit-dev tmux python3 lcov perl chromium chromium-driver python3-selenium python3-junitparser)
  missing=()
  for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  # A static Swift runtime keeps start-up close to lua5.4's own.
  build=(swift build -c release --static-swift-stdlib)
fi

# The build's progress lines ([12/40] Compiling ...) are dropped, the rest
# is shown. A failed build fails setup, even with an older binary still in
# place, and its messages go to standard error, which scripts/test.sh does
# not hide.
quiet() { grep -Ev '^\[[0-9]+/[0-9]+\]' || true; }
# swift-build itself sometimes crashes (Swift 6.3.1: a signal 11 in
# libdispatch's event loop, "*** Program crashed"): that one failure, and
# only it, is tried once more.
if ! log=$("${build[@]}" 2>&1); then
  if [[ $log == *"*** Program crashed"* ]] && log=$("${build[@]}" 2>&1); then
    echo "setup: swift-build crashed once; the second build succeeded" >&2
  else
    printf '%s\n' "$log" | quiet >&2
    echo "setup: the build failed" >&2
    exit 1
  fi
fi
printf '%s\n' "$log" | quiet
test -x .build/release/navlua
echo "setup: built .build/release/navlua"
# require "navlua" from lua5.4 and other Lua 5.4 hosts
scripts/build_module.sh
