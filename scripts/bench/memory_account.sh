#!/usr/bin/env bash
# memory_account.sh: whether --memory-limit bounds resident memory when the
# script grows through what the engine keeps for it rather than through the
# Lua heap (manual §10.4 rule 1): the peak resident set size (/usr/bin/time
# -v) and the exit status of each reproducer, under `--memory-limit 64`,
# with the binary under test and, given OLD, an older binary beside it:
#
#   titles         1,500 push/pop cycles of a screen titled with 100,000
#                  characters (each trace event copies the title)
#   trace_limit    navlua.reset{trace_limit = 1e8}, 300,000 push/pop cycles
#   subscriptions  2,000,000 navlua.on subscriptions
#   trace_bytes    trace_limit as above with trace_bytes = 1e9 (the trace's
#                  own cap lifted: the limit itself must stop it)
#   scroll_views   3,000,000 scroll views on one screen (issue 40)
#   navigations    300,000 navigations
#   presets        100,000 navlua.define_preset (before issue 40: 52 s)
#   frames         --html: 10 navigations recorded for 200,000 frames
#   trace_writer   --trace t.json of a 32 MiB trace (trace_limit as above,
#                  200,000 cycles, under --memory-limit 256): its peak
#                  beside the same run without --trace ("trace_plain")
#
# Not a test (the figures depend on malloc and the machine): it prints them.
#
#   scripts/bench/memory_account.sh [OLD_NAVLUA]
set -euo pipefail
cd "$(dirname "$0")/../.."
navlua=$(realpath "${NAVLUA:-.build/release/navlua}")
old=${1:-}
[ -x "$navlua" ] || { echo "memory_account.sh: no $navlua (build it in release first)"; exit 1; }
[ -x /usr/bin/time ] || { echo "memory_account.sh: needs GNU time (/usr/bin/time, Debian's 'time')"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/titles.lua" <<'EOF'
local big = string.rep("x", 100000)
local nav = navlua.navigation{root = navlua.screen{title = "root"}}
for i = 1, 1500 do
  nav:push(navlua.screen{title = big})
  navlua.settle()
  nav:pop()
  navlua.settle()
end
EOF
cat > "$dir/trace_limit.lua" <<'EOF'
navlua.reset{trace_limit = 1e8}
local nav = navlua.navigation{root = navlua.screen{title = "root"}}
local s = navlua.screen{title = "Detail"}
for i = 1, 300000 do
  nav:push(s, {animated = false})
  nav:pop{animated = false}
end
EOF
cat > "$dir/subscriptions.lua" <<'EOF'
local offs = {}
for i = 1, 2e6 do offs[i] = navlua.on("push", function() end) end
EOF
sed 's/trace_limit = 1e8}/trace_limit = 1e8, trace_bytes = 1e9}/' "$dir/trace_limit.lua" > "$dir/trace_bytes.lua"
cat > "$dir/scroll_views.lua" <<'EOF'
local s = navlua.screen{title = "S"}
for i = 1, 3e6 do s:add_scroll_view{x = 0, y = 0, width = 390, height = 100, content_width = 1000} end
EOF
cat > "$dir/navigations.lua" <<'EOF'
for i = 1, 300000 do navlua.navigation{root = navlua.screen{title = "r"}} end
EOF
cat > "$dir/presets.lua" <<'EOF'
for i = 1, 1e5 do navlua.define_preset("p" .. i, {dim = 0.2}) end
EOF
cat > "$dir/frames.lua" <<'EOF'
for i = 1, 10 do navlua.navigation{root = navlua.screen{title = "r" .. i}} end
navlua.tick(200000)
EOF
sed 's/300000/200000/' "$dir/trace_limit.lua" > "$dir/trace_writer.lua"
cp "$dir/trace_writer.lua" "$dir/trace_plain.lua"

# the options of a reproducer's run
options() {
  case "$1" in
    frames) echo "--memory-limit 64 --html $dir/out.html" ;;
    trace_writer) echo "--memory-limit 256 --trace $dir/out.json" ;;
    trace_plain) echo "--memory-limit 256" ;;
    *) echo "--memory-limit 64" ;;
  esac
}

# peak resident KB and exit status of one run
measure() {
  local status=0
  # shellcheck disable=SC2046 # the options are words
  /usr/bin/time -v -o "$dir/time" "$1" run $(options "$3") "$2" >/dev/null 2>&1 || status=$?
  printf '%s KB, exit %s' "$(awk '/Maximum resident/ {print $6}' "$dir/time")" "$status"
}

printf '%-14s | %-28s' "reproducer" "navlua (this build)"
[ -n "$old" ] && printf ' | %s' "$old"
printf '\n'
for r in titles trace_limit subscriptions trace_bytes scroll_views navigations presets frames trace_writer trace_plain; do
  printf '%-14s | %-28s' "$r" "$(measure "$navlua" "$dir/$r.lua" "$r")"
  [ -n "$old" ] && printf ' | %s' "$(measure "$old" "$dir/$r.lua" "$r")"
  printf '\n'
done
