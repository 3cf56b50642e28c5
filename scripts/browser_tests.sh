#!/usr/bin/env bash
# The web page in a real browser: starts `sudolens serve` on loopback and
# drives the page in headless Chromium through WebDriver
# (tests/browser/test_page.py): at phone size it plays a move, pages through
# a hint and applies it, reads a sample photo through the file input, and
# finds the game again after a reload; then a landscape phone and a desktop,
# and a game played by keyboard (conflicts, notes, pause, celebrations, Solve);
# then every screen size in both languages, the page kept still, the first
# visit's intro, the puzzle of the day, Cancel of a slow puzzle, and Check's
# crosses after a reload (tests/browser/test_screens.py).
#
#   scripts/browser_tests.sh [--screenshots DIR] [BINARY]   (default: target/debug/sudolens)
#
# Installs Debian's chromium and chromium-driver with apt-get when missing
# (about 25 s on a fresh machine), and selenium from PyPI into a virtual
# environment under target/ (about 5 s, once). The tests take about 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."

shots=()
if [ "${1:-}" = "--screenshots" ]; then
    shots=(--screenshots "$2")
    shift 2
fi
bin=${1:-target/debug/sudolens}
[ -x "$bin" ] || cargo build

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
if ((${#need[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

venv=target/browser-venv
if ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "selenium>=4.20,<5"
fi

out=$(mktemp)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    rm -f "$out"
}
trap cleanup EXIT
"$bin" serve --port 0 >"$out" 2>&1 &
server=$!
url=""
for _ in $(seq 100); do
    url=$(head -1 "$out" | grep '^http://' || true)
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$out" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "FAIL: sudolens serve printed no URL" >&2; cat "$out" >&2; exit 1; }

"$venv/bin/python" tests/browser/test_page.py "$url" "$PWD/samples" "${shots[@]}"
"$venv/bin/python" tests/browser/test_screens.py "$url" "$PWD/samples"

# Ctrl+C stops the server cleanly.
kill -INT "$server"
status=0
wait "$server" || status=$?
server=""
[ "$status" -eq 0 ] || { echo "FAIL: sudolens serve exited with $status on Ctrl+C" >&2; cat "$out" >&2; exit 1; }
if grep -q "panicked" "$out"; then
    echo "FAIL: the server panicked" >&2
    cat "$out" >&2
    exit 1
fi
echo "browser tests: ok"
