#!/usr/bin/env bash
# End-to-end test of the REPL as a person uses it: the real binary in a
# pseudo-terminal (tmux), keys typed, the screen read back.
#
#   scripts/repl_test.sh [path/to/navlua]     (default: $NAVLUA, else .build/debug/navlua)
#
# Needs tmux. Uses its own tmux server socket and history file, so it
# touches neither your tmux sessions nor ~/.navlua_history. Prints one line
# per check and, last, "N passed, N failed"; exits 1 on any failure.
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
navlua=${1:-${NAVLUA:-$here/.build/debug/navlua}}
if [ ! -x "$navlua" ]; then
    echo "repl_test: no navlua binary at $navlua (build first, or pass its path)" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
command -v tmux >/dev/null || { echo "repl_test: tmux is not installed" >&2; echo "0 passed, 1 failed"; exit 1; }

work=$(mktemp -d)
socket="navlua-repl-test-$$"
tm() { tmux -L "$socket" "$@"; }
cleanup() {
    tm kill-server 2>/dev/null
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"   # kill-server leaves the socket file
    rm -rf "$work"
}
trap cleanup EXIT

export NAVLUA_HISTORY="$work/history"
passed=0
failed=0
session=""

# start NAME COMMAND...: a new 120x30 pane running the command; when it ends
# the pane shows "EXIT=<status>" and stays.
start() {
    session=$1; shift
    tm new-session -d -s "$session" -x 120 -y 30 \
        "NAVLUA_HISTORY='$NAVLUA_HISTORY' $*; echo EXIT=\$?; sleep 600"
}
screen() { tm capture-pane -p -t "$session" -S -300; }
type_line() { tm send-keys -t "$session" -l "$1"; tm send-keys -t "$session" Enter; }
keys() { tm send-keys -t "$session" "$@"; }

# wait_for TEXT [SECONDS]: true once TEXT is on the screen.
wait_for() {
    local deadline=$((SECONDS + ${2:-5}))
    while [ $SECONDS -le $deadline ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    return 1
}

check() {   # check NAME TEXT [SECONDS]
    if wait_for "$2" "${3:-5}"; then
        passed=$((passed + 1)); echo "ok - $1"
    else
        failed=$((failed + 1)); echo "not ok - $1 (no '$2' on the screen)"
        screen | sed 's/^/    | /' | tail -25
    fi
}

check_re() {   # check_re NAME REGEX [SECONDS]
    local deadline=$((SECONDS + ${3:-5}))
    while [ $SECONDS -le $deadline ]; do
        if screen | grep -qE -- "$2"; then passed=$((passed + 1)); echo "ok - $1"; return; fi
        sleep 0.1
    done
    failed=$((failed + 1)); echo "not ok - $1 (nothing matches '$2')"
    screen | sed 's/^/    | /' | tail -25
}

check_not() {  # check_not NAME TEXT: TEXT is not on the screen now
    if screen | grep -qF -- "$2"; then
        failed=$((failed + 1)); echo "not ok - $1 ('$2' is on the screen)"
        screen | sed 's/^/    | /' | tail -25
    else
        passed=$((passed + 1)); echo "ok - $1"
    fi
}

# ---- session 1: navlua repl ------------------------------------------------
start one "$navlua" repl
check "banner" "Ctrl-D exits, Tab completes"
check_re "prompt" '^>$'

type_line '40 + 2'
check "an expression is printed" "42"

type_line '=navlua.version'
check "=expr is printed" "navlua 0."

type_line 't = {3, 2, 1, zeta = {deep = true}, alpha = "x"}'
type_line 't'
check "tables are pretty-printed with sorted keys" '{3, 2, 1, alpha = "x", zeta = {deep = true}}'

type_line 'function double(x)'
check_re "an incomplete chunk continues on a >> prompt" '^>>$'
type_line 'return x * 2'
type_line 'end'
type_line 'double(3500)'
check "a multi-line function is defined and called" "7000"

type_line 'error("boom-123")'
check "an error prints its message" "stdin:1: boom-123"
check "an error prints a traceback" "stack traceback:"
type_line '600 + 66'
check "the session goes on after an error" "666"

type_line 'while true do end'
sleep 0.5
keys C-c
check "Ctrl-C stops an endless loop" "interrupted"
type_line '700 + 77'
check "the prompt is back after Ctrl-C" "777"

type_line 'navlua.tick(1e9)'
sleep 0.5
keys C-c
check "Ctrl-C stops a long navlua.tick" "navlua.tick: interrupted"

tm send-keys -t "$session" -l 'this would not compile'
wait_for "> this would not compile"   # typed before Ctrl-C, as a person would
keys C-c
type_line '800 + 88'
check "Ctrl-C at the prompt drops the line" "888"
check_not "the dropped line was not run" "'=' expected near 'would'"

type_line 'navlua.reset()'
check "status line after navlua.reset" "[t=0.000s frame 0] no navigations"
type_line 'Home = navlua.screen{title = "Home"}; Detail = navlua.screen{title = "Detail"}'
type_line 'nav = navlua.navigation{root = Home}'
check "status line after a navigation is made" "[t=0.000s frame 0] nav1: Home"
type_line 'nav:push(Detail)'
check "status line tells a transition" "nav1: Home > Detail (transitioning)"
type_line 'navlua.tick(21)'
check "status line after the clock moved" "[t=0.350s frame 21] nav1: Home > Detail"
type_line 'nav'
check "a navigation is shown by its stack" "navigation 1 [Home > Detail]"
type_line '{Home, n = nav.count}'
check "a screen is shown by its title" "{screen 'Home', n = 2}"

tm send-keys -t "$session" -l 'navlua.sett'
keys Tab
tm send-keys -t "$session" -l '()'
keys Enter
check "Tab completes navlua's functions" "> navlua.settle()"
tm send-keys -t "$session" -l 'nav:pop_to_r'
keys Tab
tm send-keys -t "$session" -l '{animated = false}'
keys Enter
check "Tab completes a navigation's methods" "> nav:pop_to_root{animated = false}"
tm send-keys -t "$session" -l 'nav.transitioni'
keys Tab Enter
check "Tab completes a navigation's fields" "> nav.transitioning"

type_line 'Slow = navlua.screen{title = "Slow"}; slow = navlua.navigation{root = Slow, transition = {duration = 0.6}}'
type_line 'navlua.live(true)'
type_line 'slow:push(navlua.screen{title = "Later"})'
check "live mode: the transition plays at the prompt" "nav2: Slow > Later (transitioning)" 2
check_re "live mode: and finishes in real time" 'nav2: Slow > Later$' 2
before=$(screen | grep -c '^\[t=')
sleep 1
after=$(screen | grep -c '^\[t=')
if [ "$before" = "$after" ] && screen | grep -qE '^\[t=[0-9.]+s frame [0-9]+\] nav1: Home; nav2: Slow > Later$'; then
    passed=$((passed + 1)); echo "ok - live mode: the status line updates in place"
else
    failed=$((failed + 1)); echo "not ok - live mode: the status line updates in place ($before then $after status lines)"
    screen | sed 's/^/    | /' | tail -10
fi
type_line 'navlua.live(false)'
# Ctrl-D typed ahead while a command runs is eaten by the terminal's cooked
# mode (as in lua.c), so wait for the prompt as a person would.
check_re "navlua.live(false) returns to the prompt" '^> navlua\.live\(false\)$'
sleep 0.3

keys C-d
check "Ctrl-D exits with status 0" "EXIT=0"

# ---- session 2: history from session 1, navlua -i FILE -----------------------
cat > "$work/scenario.lua" <<'EOF'
from_file = navlua.navigation{root = navlua.screen{title = "FromFile"}}
EOF
start two "$navlua" -i "$work/scenario.lua"
check "-i runs the scenario first" "nav1: FromFile"
type_line 'from_file.count + 1000'
check "-i keeps the scenario's globals" "1001"
keys Up Up
check "history from the first session" "> navlua.live(false)"
keys C-u C-d
check "Ctrl-D exits the second session" "EXIT=0"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
