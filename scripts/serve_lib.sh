# Shared by the scripts that drive the web page in a browser (sourced, not run).
#
# need_chromium [EXTRA_PACKAGE...]: installs Debian's chromium when missing,
#   and the extra packages given (the caller checks those), with apt-get, as
#   root or through sudo; about 25 s on a fresh machine.
# start_serve BINARY: starts `BINARY serve --port 0` on loopback, sets
#   SERVE_PID, SERVE_LOG (its output) and SERVE_URL (the page's address with
#   its token), and waits until it has printed it; exits when it does not.
#   The caller stops it (stop_serve) and removes SERVE_LOG.
# stop_serve: Ctrl+C to the server, and its exit status.

. "$(dirname "${BASH_SOURCE[0]}")/apt_lib.sh"

need_chromium() {
    local need=("$@")
    command -v chromium >/dev/null || need+=(chromium)
    apt_install "${need[@]}"
}

start_serve() {
    SERVE_LOG=$(mktemp)
    "$1" serve --port 0 >"$SERVE_LOG" 2>&1 &
    SERVE_PID=$!
    SERVE_URL=""
    local _
    for _ in $(seq 100); do
        SERVE_URL=$(head -1 "$SERVE_LOG" | grep '^http://' || true)
        [ -n "$SERVE_URL" ] && return 0
        kill -0 "$SERVE_PID" 2>/dev/null || { cat "$SERVE_LOG" >&2; exit 1; }
        sleep 0.1
    done
    echo "FAIL: sudolens serve printed no URL" >&2
    cat "$SERVE_LOG" >&2
    exit 1
}

stop_serve() {
    local status=0
    kill -INT "$SERVE_PID"
    wait "$SERVE_PID" || status=$?
    SERVE_PID=""
    return "$status"
}
