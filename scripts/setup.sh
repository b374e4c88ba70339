#!/usr/bin/env bash
# Installs what navlua needs on a fresh Debian machine with the Swift
# toolchain, then builds the release binary (.build/release/navlua).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(pkg-config liblua5.4-dev lua5.4 lua-busted lua-luassert libedit-dev tmux python3)
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
swift build -c release --static-swift-stdlib 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
test -x .build/release/navlua
echo "setup: built .build/release/navlua"
# require "navlua" from lua5.4 and other Lua 5.4 hosts
scripts/build_module.sh
