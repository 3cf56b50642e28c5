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
export DEBIAN_FRONTEND=noninteractive

need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
dpkg -s libgl1-mesa-dri >/dev/null 2>&1 || need+=(libgl1-mesa-dri)
dpkg -s libegl-mesa0 >/dev/null 2>&1 || need+=(libegl-mesa0)
dpkg -s libglx-mesa0 >/dev/null 2>&1 || need+=(libglx-mesa0)
if ((${#need[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

root=$(mktemp -d)
data=$root/home/.local/share/sudolens
display=:${FIRST_RUN_DISPLAY:-96}
Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
# Xvfb takes a moment to accept clients (longer on its first start).
for _ in $(seq 100); do
    DISPLAY=$display xdotool getdisplaygeometry >/dev/null 2>&1 && break
    sleep 0.2
done

export DISPLAY=$display LIBGL_ALWAYS_SOFTWARE=1 SUDOLENS_DATA_DIR=$data LANG=en_US.UTF-8
"$bin" >"$root/out.txt" 2>&1 &
app=$!

win=""
for _ in $(seq 120); do
    win=$(xdotool search --name '^sudolens$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.5
done
[ -n "$win" ] || { echo "FAIL: the sudolens window did not appear" >&2; cat "$root/out.txt" >&2; exit 1; }
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

status=""
for _ in $(seq 60); do
    if ! kill -0 "$app" 2>/dev/null; then
        wait "$app" && status=0 || status=$?
        break
    fi
    sleep 0.5
done
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
# eframe's persistence keeps the window's place and the settings beside it.
grep -q "sudolens-settings" "$data/settings.ron" || { echo "FAIL: no settings in $data/settings.ron" >&2; exit 1; }
echo "first run under Xvfb: the game was saved in a new nested data folder (ok)"
