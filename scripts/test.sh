#!/usr/bin/env bash
# Every test: the Rust workspace, then the web playground in a real browser.
#
# The browser tests need Debian's Chromium and playwright-core from npm;
# what is missing is installed here (Chromium, and Node.js if absent, with
# apt-get as root or through password-less sudo), so this runs the same on
# a fresh machine as on a developer's. `.ci/run` calls this script, so the README's test command
# and CI run the same tests.
#
# The Python package (crates/grundy-py) is tested with pytest in a virtual
# environment made by scripts/py-env.sh (target/py-venv), built by `maturin
# develop` in the dev profile, so it shares the workspace's compiled engine.
#
# SKIP_PYTHON_TESTS=1 skips the Python tests; SKIP_BROWSER_TESTS=1 the
# browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --workspace"
cargo test --workspace

# The grundy binary that the Python and browser tests run: `cargo test` built
# it for the command line's own tests (target/debug/grundy, in the test
# profile), so it is not built a second time in the dev profile (2.7 minutes
# of a clean clone's CI).
binary="$PWD/target/debug/grundy"
if [ ! -x "$binary" ]; then
  echo "error: cargo test did not leave $binary" >&2
  exit 1
fi

if [ "${SKIP_PYTHON_TESTS:-}" = 1 ]; then
  echo "== Python tests skipped (SKIP_PYTHON_TESTS=1)"
else
  echo "== Python tests: the grundy package in target/py-venv, checked against the grundy binary"
  python=$(scripts/py-env.sh)
  GRUNDY_BIN="$binary" "$python" -m pytest -q crates/grundy-py/tests
fi

if [ "${SKIP_BROWSER_TESTS:-}" = 1 ]; then
  echo "== browser tests skipped (SKIP_BROWSER_TESTS=1)"
  exit 0
fi

echo "== browser tests: $binary in Chromium"

# apt-get as root, or through sudo when it needs no password.
apt_install() {
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo="sudo -n"
    else
      echo "error: $* missing; install with: sudo apt-get install -y $*" >&2
      exit 2
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  timeout 900 $sudo apt-get update -qq
  timeout 900 $sudo apt-get install -y -qq "$@" >/dev/null
}

chromium=/usr/bin/chromium
if [ ! -x "$chromium" ]; then
  echo "== browser tests: installing Debian's chromium"
  apt_install chromium
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== browser tests: installing Debian's Node.js and npm"
  apt_install nodejs npm
fi

cd tests-browser
if [ ! -d node_modules/playwright-core ]; then
  echo "== browser tests: npm ci (playwright-core; no browser is downloaded)"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 600 npm ci --no-audit --no-fund
fi

echo "== browser tests: Chromium drives the page (screenshots in tests-browser/screenshots/)"
node e2e.mjs "$binary"
