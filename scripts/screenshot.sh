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

need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
[ -x /usr/bin/import ] || need+=(imagemagick)
dpkg -s libgl1-mesa-dri >/dev/null 2>&1 || need+=(libgl1-mesa-dri)
dpkg -s libegl-mesa0 >/dev/null 2>&1 || need+=(libegl-mesa0)
dpkg -s libglx-mesa0 >/dev/null 2>&1 || need+=(libglx-mesa0)
if ((${#need[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
fi

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

display=:${SCREENSHOT_DISPLAY:-97}
Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT
sleep 1

export DISPLAY=$display LIBGL_ALWAYS_SOFTWARE=1 SUDOLENS_DATA_DIR=$data LANG=en_US.UTF-8
"$bin" >/dev/null 2>&1 &
app=$!

win=""
for _ in $(seq 60); do
    win=$(xdotool search --name '^sudolens$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.5
done
[ -n "$win" ] || { echo "the sudolens window did not appear" >&2; exit 1; }
xdotool windowmove "$win" 0 0 windowsize "$win" 1200 860
sleep 2

# Ask Pip for a hint (H: it fills the notes first), then page to the line
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
