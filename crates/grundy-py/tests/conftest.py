"""Shared fixtures: the `grundy` command the answers are checked against."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# Resolved now, so that a relative GRUNDY_BIN holds in tests that change
# the current directory.
BINARY = Path(os.environ.get("GRUNDY_BIN", ROOT / "target" / "debug" / "grundy")).resolve()


@pytest.fixture(scope="session")
def cli():
    """Runs the `grundy` binary (GRUNDY_BIN, else target/debug/grundy, which
    scripts/test.sh builds) and returns (exit code, stdout, stderr)."""
    binary = BINARY
    if not binary.is_file():
        pytest.fail(f"{binary} is missing: run `cargo build --bin grundy` first")

    def run(*args):
        done = subprocess.run(
            [str(binary), *map(str, args)], capture_output=True, text=True, timeout=600
        )
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """The parsed `--json` output of a successful command."""

    def run(*args):
        code, out, err = cli(*args, "--json")
        assert code == 0, err
        return json.loads(out)

    return run
