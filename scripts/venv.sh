# Sourced by scripts/serve, scripts/test and scripts/test-compiled: kartaros lives in its own
# virtual environment, .venv in the repository root (the compiled build in .venv-compiled),
# because a system python3 (Debian's, for one) may refuse a global `pip install` (PEP 668:
# externally-managed-environment).
#
#   source scripts/venv.sh && venv_setup '.[dev,rl,ray]'
#
# PYTHON (default python3) is the interpreter that creates .venv; it matters only when .venv
# is made, so delete .venv to switch interpreters.

VENV_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV_DIR="$VENV_ROOT/.venv"

# Run a command as root: directly when we are root, else through sudo.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "need root (or sudo) to run: $*" >&2
        return 1
    fi
}

# Install Debian packages quietly.
apt_install() {
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "please install $* (no apt-get here)" >&2
        return 1
    fi
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Make a virtual environment at the given path (default .venv) if it is missing or unusable.
venv_make() {
    local dir="${1:-$VENV_DIR}"
    local python="${PYTHON:-python3}"
    if ! "$dir/bin/python" -m pip --version >/dev/null 2>&1; then
        if ! command -v "$python" >/dev/null 2>&1; then
            echo "no $python here: install Python >= 3.11, or set PYTHON to one" >&2
            return 1
        fi
        # A bare Debian has venv but not ensurepip (package python3-venv), and then leaves a
        # half-made environment without pip: install python3-venv and make it afresh.
        if ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1 \
            || ! "$python" -m venv --clear "$dir" >/dev/null 2>&1; then
            apt_install python3-venv
            "$python" -m venv --clear "$dir"
        fi
    fi
}

# Make .venv if it is missing or unusable, then install kartaros into it, editable, with the
# given pip requirement (default '.', i.e. no extras). Rerunning is quick and quiet.
venv_setup() {
    local requirement="${1:-.}"
    venv_make "$VENV_DIR"
    (cd "$VENV_ROOT" && "$VENV_DIR/bin/python" -m pip install --quiet --disable-pip-version-check -e "$requirement")
}
