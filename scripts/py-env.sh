#!/usr/bin/env bash
# The Python package in a virtual environment of its own, target/py-venv:
# makes the environment when missing, installs what the package's tests and
# benchmark need (maturin, pytest, numpy), and builds the package into it
# with `maturin develop` (extra arguments, e.g. --release, go to maturin).
# scripts/test.sh and scripts/bench.sh call it; it prints the Python to run.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$PWD/target/py-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" >&2
fi
timeout 600 "$venv/bin/pip" install -q --disable-pip-version-check \
  "maturin>=1.5,<2" "pytest>=7" "numpy>=1.21" >&2
(cd crates/grundy-py && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop -q "$@" >&2)
echo "$venv/bin/python"
