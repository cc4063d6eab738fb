# Shared set-up steps of scripts/serve and scripts/test (sourced, not run). Each step
# installs only what is missing, so a second run is quick; all work as root on a fresh
# machine with no venv and no node_modules.

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO/.venv"
export NO_MKDOCS_2_WARNING=1

say() { printf '\n==> %s\n' "$*" >&2; }

# Python: a venv in .venv holding exactly what requirements.txt locks (hash-checked, so a
# new release on PyPI changes nothing here), then the project itself, editable (that
# registers the `lessons` MkDocs plugin). The site and the tests share the one lock, so
# `scripts/serve` and `scripts/test` never disagree about a version. Done again whenever
# the lock or pyproject.toml is newer than the last install.
ensure_python() {
  local stamp="$VENV/.installed-lock"
  if [ ! -x "$VENV/bin/python" ]; then
    # Each set-up gap in one line, with what to do (not Python's traceback).
    if ! command -v python3 >/dev/null; then
      echo "set-up: no python3 on this machine: install Python 3.11 or later (Debian: apt-get install python3 python3-venv)" >&2
      return 1
    fi
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
      echo "set-up: python3 is $(python3 -c 'import platform; print(platform.python_version())'); the project needs 3.11 or later: install it, then run this again" >&2
      return 1
    fi
    say "creating the Python venv in .venv"
    if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
      rm -rf "$VENV"
      echo "set-up: python3 could not make a venv (Debian keeps venv apart: apt-get install python3-venv), then run this again" >&2
      return 1
    fi
  fi
  if [ ! -f "$stamp" ] || [ "$REPO/requirements.txt" -nt "$stamp" ] || [ "$REPO/pyproject.toml" -nt "$stamp" ]; then
    say "installing Python packages from requirements.txt (the lock)"
    "$VENV/bin/python" -m pip install --quiet --require-hashes --no-deps -r "$REPO/requirements.txt"
    # No build isolation: the build backend (setuptools) is the locked one just installed.
    "$VENV/bin/python" -m pip install --quiet --no-deps --no-build-isolation -e "$REPO"
    touch "$stamp"
  fi
}

# Debian packages, installed with apt-get when missing (as root, no prompts).
apt_install() {
  local apt=(apt-get)
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then apt=(sudo apt-get); else
      echo "need root (or sudo) to install: $*" >&2; return 1
    fi
  fi
  say "installing $* from Debian"
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "$@"
}

ensure_node() {
  command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
}

# node_modules from package-lock.json (npm ci), again whenever the lock file changed.
ensure_node_modules() {
  ensure_node
  if [ ! -f "$REPO/node_modules/.package-lock.json" ] ||
    [ "$REPO/package-lock.json" -nt "$REPO/node_modules/.package-lock.json" ]; then
    say "installing npm packages (npm ci)"
    (cd "$REPO" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

build_frontend() {
  say "bundling the front end (npm run build)"
  (cd "$REPO" && npm run --silent build)
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}
