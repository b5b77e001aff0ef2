"""grundy.seq against the command on the same run: the Python package's
cost for G(0..=N) of Grundy's game, as a numpy array, over the time of
`grundy seq grundy --to N --values-out FILE` (the target is at most 1.2x).
Each side runs three times, alternating, and the best times are compared;
the values must be equal. Usage: seq_vs_cli.py N GRUNDY_BINARY."""

import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import grundy


def main() -> None:
    n, binary = int(sys.argv[1]), sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "g.bin")
        cli, py = [], []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run(
                [binary, "seq", "grundy", "--to", str(n), "--values-out", out],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            cli.append(time.perf_counter() - t)
            t = time.perf_counter()
            values = grundy.seq("grundy", n).values
            py.append(time.perf_counter() - t)
        if not np.array_equal(values, np.fromfile(out, dtype="<u2")):
            sys.exit("error: grundy.seq and the command's --values-out differ")
    command = f"grundy seq grundy --to {n} --values-out F"
    package = f"grundy.seq('grundy', {n})"
    print(f"{'run':<44} {'best':>8}  ratio")
    print(f"{command:<44} {min(cli):>7.3f}s  1.00x")
    print(f"{package:<44} {min(py):>7.3f}s  {min(py) / min(cli):.2f}x")


if __name__ == "__main__":
    main()
