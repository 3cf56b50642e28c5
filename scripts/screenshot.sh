#!/usr/bin/env bash
# Starts the real sudolens window under Xvfb (software OpenGL, no GPU),
# plays a few moves with xdotool and captures the window for the README.
#
#   scripts/screenshot.sh [OUTPUT.png]      (default: assets/screenshot.png)
#
# Installs xvfb, xdotool, ImageMagick and Mesa's software OpenGL with
# apt-get when they are missing (as root, or through sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-assets/screenshot.png}

. scripts/xvfb_lib.sh
extra=()
[ -x /usr/bin/import ] || extra+=(imagemagick)
need_xvfb_packages "${extra[@]}"

cargo build --release
bin=target/release/sudolens

# A game to show: a newspaper-level puzzle with a few digits found, restored
# from a fresh data directory as if the player came back.
data=$(mktemp -d)
givens=".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
entries="1.8.2............................................................................"
notes=$(printf '"",%.0s' $(seq 80))'""'
cat >"$data/autosave.json" <<EOF
{"format":"sudolens-game","version":1,"givens":"$givens","entries":"$entries","notes":[$notes],"history":[],"redo":[],"elapsed_seconds":754}
EOF

xvfb=""
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT
start_xvfb ${SCREENSHOT_DISPLAY:+":$SCREENSHOT_DISPLAY"}
xvfb=$XVFB_PID

export DISPLAY=$XVFB_DISPLAY LIBGL_ALWAYS_SOFTWARE=1 SUDOLENS_DATA_DIR=$data LANG=en_US.UTF-8
"$bin" >/dev/null 2>&1 &
app=$!

win=$(wait_for_window '^sudolens$') || { echo "the sudolens window did not appear" >&2; exit 1; }
xdotool windowmove "$win" 0 0 windowsize "$win" 1200 860
sleep 2

# Ask Pip for a hint (H: a single, so no pencil marks), then page to the line
# that shows the cells proving the step (Page Down, as Next does).
xdotool windowfocus --sync "$win"
xdotool mousemove 1000 700 click 1
sleep 0.5
xdotool key h
sleep 2
xdotool key Next
sleep 0.5
xdotool key Next
sleep 2

mkdir -p "$(dirname "$out")"
import -window "$win" "$out"
echo "wrote $out"
