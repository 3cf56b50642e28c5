#!/usr/bin/env bash
# A newcomer's first minute, in a real window under Xvfb: sudolens starts
# with a data folder that does not exist yet (several levels deep), on
# Pip's welcome (no game runs yet: issue 30); the player starts a puzzle
# with Ctrl+N, makes a few moves and quits with Ctrl+Q. The game must then
# be kept in that folder's games/, and the process must exit 0. Then
# Continue survives a restart (issue 30): the window opens again on that
# game, a new game (Ctrl+N) joins it instead of replacing it, and after
# quitting both are kept, as `sudolens games` lists them.
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
# Runs the window, types a digit into every cell of the first row (the
# empty ones take it, givens refuse it), with Ctrl+N first when $1 is "new",
# and quits with Ctrl+Q; checks that it exits 0.
play_and_quit() {
    "$bin" >"$root/out.txt" 2>&1 &
    app=$!
    win=$(wait_for_window '^sudolens$') || { echo "FAIL: the sudolens window did not appear" >&2; cat "$root/out.txt" >&2; exit 1; }
    sleep 2
    xdotool windowfocus --sync "$win"
    if [ "${1:-}" = new ]; then
        xdotool key ctrl+n
        sleep 4
    fi
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
}

# The kept games: each a save file with the player's moves.
check_kept() {
    python3 - "$data/games" "$1" <<'PY'
import json, os, sys
folder, want = sys.argv[1], int(sys.argv[2])
names = [n for n in os.listdir(folder) if n.endswith(".json") and not n.startswith(".")]
assert len(names) == want, f"{len(names)} games kept, not {want}: {names}"
for n in names:
    game = json.load(open(os.path.join(folder, n)))
    assert game["format"] == "sudolens-game", game.get("format")
    assert game["entries"].strip(".") != "", f"{n} has none of the moves"
    assert not game["kept"]["finished"], n
PY
}

# The first start shows the welcome and keeps nothing: Ctrl+N starts a game.
play_and_quit new
[ -d "$data/games" ] || { echo "FAIL: no $data/games after closing" >&2; cat "$root/out.txt" >&2; exit 1; }
check_kept 1 || { echo "FAIL: the game was not kept" >&2; exit 1; }
first=$(ls "$data/games" | grep -v '^\.')
# Continue survives a restart: the game comes back, a new one joins it.
play_and_quit new
check_kept 2 || { echo "FAIL: the new game replaced the first one" >&2; exit 1; }
[ -f "$data/games/$first" ] || { echo "FAIL: $first is gone after the restart" >&2; exit 1; }
listed=$("$bin" games | wc -l)
[ "$listed" -eq 2 ] || { echo "FAIL: sudolens games lists $listed games, not 2" >&2; exit 1; }
# The settings are written beside the game (by sudolens, atomically).
grep -q "sudolens-settings" "$data/settings.ron" || { echo "FAIL: no settings in $data/settings.ron" >&2; exit 1; }
echo "first run under Xvfb: the game was kept in a new nested data folder, and kept with a new one after a restart (ok)"
