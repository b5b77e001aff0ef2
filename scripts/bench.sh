#!/usr/bin/env bash
# The engine benchmark: fast engines against the naive mex in one run, and
# the take-and-break speed targets, then misère play (quotients, a sum of
# 100 heaps against search, the genera of 4.7), then the Python package against the command
# on one sequence run (the package's cost as a ratio of the command's),
# then the anchors: ogsolve on octal games, igsolve on boards.
# Prints tables; takes a few minutes.
#   scripts/bench.sh          full run
#   scripts/bench.sh --quick  small inputs (about ten seconds)
#   scripts/bench.sh --micro  also the divan micro-benchmarks
set -euo pipefail
cd "$(dirname "$0")/.."
py_heaps=1048576
case "${1:-}" in
  --quick) export GRUNDY_BENCH_QUICK=1 py_heaps=65536 ;;
esac
cargo bench -p grundy --bench compare
cargo bench -p grundy --bench misere
if [ "${1:-}" = "--micro" ]; then
  cargo bench -p grundy --bench engines
fi
# Both sides in the release profile, which shares the engine's build.
cargo build --release --bin grundy
# Misère genera of 4.7 (Daisies): past the recurrence's reach they are read
# off the misère quotient (heap 100 takes about twenty minutes: run it by
# hand, docs/dev/performance.md).
genus_to=60
[ "${1:-}" = "--quick" ] && genus_to=40
echo "seq 4.7 --misere --to $genus_to:"
time target/release/grundy seq 4.7 --misere --to "$genus_to" > /dev/null
python=$(scripts/py-env.sh --release)
"$python" crates/grundy-py/benches/seq_vs_cli.py "$py_heaps" target/release/grundy
# Officers against the anchor ogsolve, and two threads against one from
# 2^20 to 2^22 heaps (scripts/bench_octal.sh).
scripts/bench_octal.sh "${1:-}"
# Cram, Chomp against the anchor igsolve (scripts/bench_boards.sh).
scripts/bench_boards.sh "${1:-}"
