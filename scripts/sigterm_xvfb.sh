#!/usr/bin/env bash
# The window told to end by the system, in a real window under Xvfb (issue
# 32, N3): the player types into the first row, and at once, before any
# background autosave could land, the window gets SIGTERM (as `kill`, a
# shutdown or a logout sends it). It must save the game and exit 0 within
# a few seconds, its kept game (games/*.json) holding every move typed; SIGHUP and
# SIGINT are checked the same way.
#
#   scripts/sigterm_xvfb.sh [BINARY]    (default: target/debug/sudolens)
#
# Installs what scripts/first_run_xvfb.sh installs, when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/sudolens}
[ -x "$bin" ] || cargo build
. scripts/xvfb_lib.sh
need_xvfb_packages

root=$(mktemp -d)
xvfb=""
app=""
cleanup() {
    [ -n "$app" ] && kill -KILL "$app" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
start_xvfb
xvfb=$XVFB_PID
export DISPLAY=$XVFB_DISPLAY LIBGL_ALWAYS_SOFTWARE=1 LANG=en_US.UTF-8

# one_signal SIGNAL: a fresh window on a fresh data folder, moves typed,
# then SIGNAL; checks the exit and the autosave.
one_signal() {
    local signal=$1 data=$root/$1
    SUDOLENS_DATA_DIR=$data "$bin" >"$root/out-$signal.txt" 2>&1 &
    app=$!
    local win
    win=$(wait_for_window '^sudolens$') || { echo "FAIL: no window" >&2; cat "$root/out-$signal.txt" >&2; exit 1; }
    sleep 2
    xdotool windowfocus --sync "$win"
    # A first start shows the welcome and keeps nothing: Ctrl+N starts a game.
    xdotool key ctrl+n
    sleep 4
    # A digit in every cell of the first row (givens refuse it), quickly:
    # the background autosave, a few seconds after the first change at the
    # earliest, must not be what saves the last moves.
    sleep 3.5
    for _ in $(seq 9); do
        xdotool key 5 Right
    done
    sleep 0.3
    kill "-$signal" "$app"
    wait_exit "$app" 10
    local status=$EXIT_STATUS
    local pid=$app
    app=""
    [ -n "$status" ] || { echo "FAIL: the window did not end within 5 s of SIG$signal" >&2; kill -KILL "$pid"; exit 1; }
    [ "$status" -eq 0 ] || { echo "FAIL: sudolens exited with $status after SIG$signal" >&2; cat "$root/out-$signal.txt" >&2; exit 1; }
    python3 - "$data/games" "$signal" <<'PY'
import json, os, sys
folder, signal = sys.argv[1], sys.argv[2]
names = [n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith(".")]
assert len(names) == 1, f"SIG{signal}: {len(names)} games kept: {names}"
game = json.load(open(os.path.join(folder, names[0])))
givens, entries = game["givens"][:9], game["entries"][:9]
empty = [i for i, g in enumerate(givens) if g == "."]
typed = [i for i, e in enumerate(entries) if e == "5"]
assert typed == empty, f"SIG{signal}: moves typed in {empty}, saved in {typed}"
print(f"SIG{signal}: the {len(typed)} moves typed were saved (ok)")
PY
}

for signal in TERM HUP INT; do
    one_signal $signal
done
