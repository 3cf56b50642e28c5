# Shared by the scripts that run the real window under Xvfb (sourced, not run).
#
# need_xvfb_packages [EXTRA_PACKAGE...]: installs Xvfb, xdotool and Mesa's
#   software OpenGL (and the extra packages) with apt-get when missing, as
#   root or through sudo; about 30 s on a fresh machine.
# start_xvfb [DISPLAY]: starts Xvfb on DISPLAY, or on the first free display
#   when none is given, sets XVFB_PID and XVFB_DISPLAY, and waits until it
#   accepts clients.

. "$(dirname "${BASH_SOURCE[0]}")/apt_lib.sh"

need_xvfb_packages() {
    local need=("$@")
    command -v Xvfb >/dev/null || need+=(xvfb)
    command -v xdotool >/dev/null || need+=(xdotool)
    local pkg
    for pkg in libgl1-mesa-dri libegl-mesa0 libglx-mesa0; do
        dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
    done
    apt_install "${need[@]}"
}

start_xvfb() {
    # Without a display, Xvfb takes the first free one and says which (-displayfd): two
    # runs at once, or a server left over from an earlier one, never share a display. A
    # shared one was a flake: this script drove the other run's server, which closed midway.
    # -noreset: an X server resets when its last client leaves, and the readiness probe
    # below is that client; an app connecting during the reset failed with "Failed to open
    # connection to X server" (1 run in 20 of the first-run check; 0 in 40 with it).
    local fd_file
    fd_file=$(mktemp)
    if [ -n "${1:-}" ]; then
        Xvfb "$1" -screen 0 1280x900x24 -nolisten tcp -noreset >/dev/null 2>&1 &
    else
        Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp -noreset 3>"$fd_file" >/dev/null 2>&1 &
    fi
    XVFB_PID=$!
    XVFB_DISPLAY=${1:-}
    # Xvfb takes a moment to accept clients (longer on its first start).
    local _
    for _ in $(seq 100); do
        # a server that exits at once (its display taken) must not pass for the one there
        kill -0 "$XVFB_PID" 2>/dev/null || break
        [ -n "$XVFB_DISPLAY" ] || { [ -s "$fd_file" ] && XVFB_DISPLAY=:$(head -1 "$fd_file"); }
        if [ -n "$XVFB_DISPLAY" ] && DISPLAY=$XVFB_DISPLAY xdotool getdisplaygeometry >/dev/null 2>&1; then
            rm -f "$fd_file"
            return 0
        fi
        sleep 0.2
    done
    rm -f "$fd_file"
    echo "Xvfb did not start on ${1:-a free display}" >&2
    return 1
}

# wait_exit PID TRIES: waits up to TRIES half-seconds for the child PID to
#   end and sets EXIT_STATUS to its exit status, or to "" when it is still
#   running (a variable, not printed: `wait` in a subshell has no child).
wait_exit() {
    EXIT_STATUS=""
    local _
    for _ in $(seq "$2"); do
        if ! kill -0 "$1" 2>/dev/null; then
            wait "$1" && EXIT_STATUS=0 || EXIT_STATUS=$?
            return 0
        fi
        sleep 0.5
    done
}

# wait_for_window NAME: prints the id of the first window titled NAME (60 s at most).
wait_for_window() {
    local win="" _
    for _ in $(seq 120); do
        win=$(xdotool search --name "$1" 2>/dev/null | head -1 || true)
        [ -n "$win" ] && { echo "$win"; return 0; }
        sleep 0.5
    done
    return 1
}
