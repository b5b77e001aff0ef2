#!/usr/bin/env bash
# The engine benchmark: fast engines against the naive mex in one run, and
# the take-and-break speed targets, then misère play (quotients, a sum of
# 100 heaps against search). Prints tables; takes a few minutes.
#   scripts/bench.sh          full run
#   scripts/bench.sh --quick  small inputs (about ten seconds)
#   scripts/bench.sh --micro  also the divan micro-benchmarks
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  --quick) export GRUNDY_BENCH_QUICK=1 ;;
esac
cargo bench -p grundy --bench compare
cargo bench -p grundy --bench misere
if [ "${1:-}" = "--micro" ]; then
  cargo bench -p grundy --bench engines
fi
# Cram, Chomp against the anchor igsolve (scripts/bench_boards.sh).
scripts/bench_boards.sh "${1:-}"
