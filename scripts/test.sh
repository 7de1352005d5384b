#!/usr/bin/env bash
# The test command: sets up what the tests need, then runs every test.
#
#   bash scripts/test.sh [cargo test arguments...]
#
# - GNU Go 3.8 (/usr/games/gnugo, the rules referee of tests/gnugo_diff.rs): installed with
#   apt-get when missing (as root, or through passwordless sudo).
# - Node.js and npm (the Sabaki client test): installed the same way when missing; then
#   `npm ci` installs the client's pinned packages in clients/sabaki.
# Where something cannot be installed here (not root, no apt-get), it stops at once and says
# what to install. It never skips a test.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

die() {
  echo "scripts/test.sh: $*" >&2
  exit 1
}

# Runs apt-get as root: directly, or through sudo without a password.
apt_install() {
  local packages=("$@")
  local run=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      run=(sudo -n)
    else
      return 1
    fi
  fi
  command -v apt-get >/dev/null 2>&1 || return 1
  echo "scripts/test.sh: installing ${packages[*]} with apt-get" >&2
  "${run[@]}" apt-get update -qq || return 1
  "${run[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null || return 1
}

gnugo=/usr/games/gnugo
if [ ! -x "$gnugo" ]; then
  # --reinstall also restores a binary removed from an installed package.
  apt_install gnugo || true
  [ -x "$gnugo" ] || apt_install --reinstall gnugo || true
  [ -x "$gnugo" ] || die "GNU Go is missing and could not be installed here; install it as root with: apt-get install gnugo (Debian/Ubuntu package gnugo, version 3.8, at $gnugo)"
fi
"$gnugo" --version | head -1

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm || true
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 ||
    die "Node.js and npm are missing and could not be installed here; install them (apt-get install nodejs npm, or from nodejs.org) for the Sabaki client test"
fi
echo "node $(node --version), npm $(npm --version)"
(cd clients/sabaki && npm ci --no-audit --no-fund --loglevel=error) ||
  die "npm ci failed in clients/sabaki (it needs the npm registry once)"

exec cargo test --locked "$@"
