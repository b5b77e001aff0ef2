#!/usr/bin/env bash
# Lists the dependencies whose features differ between the workspace's test
# build (`cargo test --workspace`) and the Python package's own build
# (`maturin develop`, the crate alone). Each difference makes maturin compile
# the engine again; crates/grundy-py/Cargo.toml pins features to avoid that.
# pyo3's `extension-module` is meant to differ. Prints nothing when all match,
# and exits with 0 after a drift too (it costs CI time, not correctness).
set -euo pipefail
cd "$(dirname "$0")/.."
alone=$(mktemp)
workspace=$(mktemp)
trap 'rm -f "$alone" "$workspace"' EXIT
# Each package with its features, `(*)` marking one listed before.
tree() { cargo tree -q -f '{p}|{f}' --prefix none "$@" | sort -u; }
tree -p grundy-py -e normal,build --features grundy-py/extension-module >"$alone"
tree --workspace -e normal,build,dev >"$workspace"
python3 - "$alone" "$workspace" <<'PY'
import sys

def load(path):
    found = {}
    for line in open(path):
        if '|' not in line:
            continue
        name, features = line.strip().split('|', 1)
        name = name.replace(' (*)', '').strip()
        found.setdefault(name, set()).update(
            f.replace(' (*)', '') for f in features.split(',') if f)
    return found

alone, workspace = load(sys.argv[1]), load(sys.argv[2])
for name in sorted(alone):
    if name.startswith(('grundy', 'pyo3')):
        continue
    extra = sorted(workspace.get(name, set()) - alone[name])
    if extra:
        print(f"feature pin missing in crates/grundy-py/Cargo.toml: {name} {extra}")
PY
