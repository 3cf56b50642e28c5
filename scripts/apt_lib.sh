# Shared by the scripts that install what they need with apt-get (sourced, not run).
#
# apt_install [PACKAGE...]: installs the packages given, when any, with apt-get
#   (quietly, without recommends), as root or through sudo.

apt_install() {
    (($#)) || return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
