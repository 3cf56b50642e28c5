#!/usr/bin/env bash
# The web page in a real browser: starts `sudolens serve` on loopback and
# drives the page in headless Chromium through WebDriver
# (tests/browser/test_page.py): at phone size it plays a move, pages through
# a hint and applies it, reads a sample photo through the file input, and
# finds the game again after a reload; then a landscape phone and a desktop,
# and a game played by keyboard (conflicts, notes, pause, celebrations, Solve);
# then every screen size in both languages, the page kept still, the first
# visit's intro, the puzzle of the day, Cancel of a slow puzzle, and Check's
# crosses after a reload (tests/browser/test_screens.py); and a nested
# forcing chain's inner chain opened with More (tests/browser/test_chains.py);
# and every shape: a 6x6 and a 16x16 played at phone size, a 16x16 on a
# landscape phone, a jigsaw's regions and X's diagonals drawn
# (tests/browser/test_shapes.py); and a samurai pinch-zoomed, panned, played
# in a shared box and hinted on a phone, zoomed by the wheel and crossed by
# the arrow keys on a desktop (tests/browser/test_overlap.py); and the
# endless carpet walked on by the arrow keys, its view following the player
# (tests/browser/test_endless.py).
#
#   scripts/browser_tests.sh [--screenshots DIR] [BINARY]   (default: target/debug/sudolens)
#
# Installs Debian's chromium and chromium-driver with apt-get when missing
# (about 25 s on a fresh machine), and selenium from PyPI into a virtual
# environment under target/ (about 5 s, once). The tests take about 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/serve_lib.sh

shots=()
if [ "${1:-}" = "--screenshots" ]; then
    shots=(--screenshots "$2")
    shift 2
fi
bin=${1:-target/debug/sudolens}
[ -x "$bin" ] || cargo build

driver=()
command -v chromedriver >/dev/null || driver=(chromium-driver)
need_chromium "${driver[@]}"

venv=target/browser-venv
if ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "selenium>=4.20,<5"
fi

cleanup() {
    [ -n "${SERVE_PID:-}" ] && kill "$SERVE_PID" 2>/dev/null || true
    rm -f "${SERVE_LOG:-}"
}
trap cleanup EXIT
start_serve "$bin"
url=$SERVE_URL
out=$SERVE_LOG

"$venv/bin/python" tests/browser/test_page.py "$url" "$PWD/samples" "${shots[@]}"
"$venv/bin/python" tests/browser/test_screens.py "$url" "$PWD/samples"
"$venv/bin/python" tests/browser/test_chains.py "$url"
"$venv/bin/python" tests/browser/test_shapes.py "$url"
"$venv/bin/python" tests/browser/test_overlap.py "$url"
"$venv/bin/python" tests/browser/test_endless.py "$url"

# Ctrl+C stops the server cleanly.
status=0
stop_serve || status=$?
[ "$status" -eq 0 ] || { echo "FAIL: sudolens serve exited with $status on Ctrl+C" >&2; cat "$out" >&2; exit 1; }
if grep -q "panicked" "$out"; then
    echo "FAIL: the server panicked" >&2
    cat "$out" >&2
    exit 1
fi
echo "browser tests: ok"
