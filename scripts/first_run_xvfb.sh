#!/usr/bin/env bash
# A newcomer's first minute, in a real window under Xvfb: sudolens starts
# with a data folder that does not exist yet (several levels deep), the
# player makes a few moves and quits with Ctrl+Q. The game must then be in
# that folder's autosave.json, and the process must exit 0.
#
#   scripts/first_run_xvfb.sh [BINARY]    (default: target/debug/sudolens)
#
# Installs xvfb, xdotool and Mesa's software OpenGL with apt-get when they
# are missing (as root, or through sudo): about 30 s on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/sudolens}
[ -x "$bin" ] || cargo build
. scripts/xvfb_lib.sh
need_xvfb_packages

root=$(mktemp -d)
data=$root/home/.local/share/sudolens
xvfb=""
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
start_xvfb ${FIRST_RUN_DISPLAY:+":$FIRST_RUN_DISPLAY"}
xvfb=$XVFB_PID

export DISPLAY=$XVFB_DISPLAY LIBGL_ALWAYS_SOFTWARE=1 SUDOLENS_DATA_DIR=$data LANG=en_US.UTF-8
"$bin" >"$root/out.txt" 2>&1 &
app=$!

win=$(wait_for_window '^sudolens$') || { echo "FAIL: the sudolens window did not appear" >&2; cat "$root/out.txt" >&2; exit 1; }
sleep 2
xdotool windowfocus --sync "$win"
# Type a digit into every cell of the first row: the empty ones take it
# (givens refuse it), so the game has entries whatever puzzle was drawn.
for _ in $(seq 9); do
    xdotool key 5 Right
    sleep 0.1
done
sleep 0.5
xdotool key ctrl+q

wait_exit "$app" 60
status=$EXIT_STATUS
app_pid=$app
app=""
[ -n "$status" ] || { echo "FAIL: the window did not close on Ctrl+Q" >&2; kill "$app_pid"; exit 1; }
[ "$status" -eq 0 ] || { echo "FAIL: sudolens exited with $status" >&2; cat "$root/out.txt" >&2; exit 1; }
save=$data/autosave.json
[ -f "$save" ] || { echo "FAIL: no $save after closing" >&2; cat "$root/out.txt" >&2; exit 1; }
python3 - "$save" <<'PY'
import json, sys
game = json.load(open(sys.argv[1]))
assert game["format"] == "sudolens-game", game.get("format")
assert game["entries"].strip(".") != "", "the saved game has none of the moves"
PY
# The settings are written beside the game (by sudolens, atomically).
grep -q "sudolens-settings" "$data/settings.ron" || { echo "FAIL: no settings in $data/settings.ron" >&2; exit 1; }
echo "first run under Xvfb: the game was saved in a new nested data folder (ok)"
