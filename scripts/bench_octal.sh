#!/usr/bin/env bash
# Take-and-break games against the anchor (ogsolve, Piotr Beling's
# sparse-space octal solver) in one run: Officers (0.6) to 2^20 heaps by
# ogsolve's two best methods (rc2 and rc) and by `grundy seq officers` on
# one thread, in alternating rounds, then the ratio of the best timing of
# each; then grundy on one and two threads from 2^20 to 2^22 heaps
# (Officers and Grundy's game; each run resumes a checkpoint of the first
# 2^20) with the ratio of the best one-thread timing to the best
# two-thread timing (and each round's own ratio: the target is 1.8x in
# every round). Wall times (s) from /usr/bin/time; the machine is
# printed first, since absolute figures only mean something beside it.
#   scripts/bench_octal.sh          full run (a few minutes)
#   scripts/bench_octal.sh --quick  2^16 heaps, then 2^16 to 2^18 (seconds)
# ogsolve is installed (never vendored or linked) into $GRUNDY_BENCH_CACHE
# (default target/bench-cache) with `cargo install` when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench_lib.sh
CACHE="${GRUNDY_BENCH_CACHE:-target/bench-cache}"
ROUNDS="${GRUNDY_BENCH_ROUNDS:-3}"
heaps=1048576 far=4194304
if [ "${1:-}" = "--quick" ]; then
  heaps=65536 far=262144 ROUNDS=2
fi
cargo build --release -q -p grundy-cli
GRUNDY=target/release/grundy
if [ ! -x "$CACHE/bin/ogsolve" ]; then
  cargo install -q ogsolve --root "$CACHE" || echo "ogsolve could not be installed: anchor rows skipped"
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GiB, $(date -u +%F)"

# secs COMMAND...: the wall time of one run, or nothing when it fails.
secs() {
  local out
  out=$(mktemp)
  /usr/bin/time -o "$out" -f "%e" "$@" >/dev/null 2>&1 && tail -1 "$out"
  rm -f "$out"
}

# record KEY LABEL SECONDS: prints a row and keeps the smallest time
# recorded under KEY in BEST; a failed run (no time) prints "-".
declare -A BEST
record() {
  local key=$1 label=$2 t=$3
  if [ -z "$t" ]; then
    printf '  %-44s %8s\n' "$label" "- (failed)"
    return
  fi
  printf '  %-44s %8s s\n' "$label" "$t"
  if [ -z "${BEST[$key]:-}" ] || awk "BEGIN {exit !($t < ${BEST[$key]})}"; then
    BEST[$key]=$t
  fi
}

echo "Officers (0.6) to $heaps heaps, one thread, $ROUNDS alternating rounds:"
for _ in $(seq "$ROUNDS"); do
  if [ -x "$CACHE/bin/ogsolve" ]; then
    for m in rc2 rc; do
      record ogsolve "ogsolve -m $m 0.6 -n $heaps" \
        "$(secs "$CACHE/bin/ogsolve" -m "$m" -n "$heaps" 0.6)"
    done
  fi
  record grundy "grundy seq officers --to $heaps --threads 1" \
    "$(secs "$GRUNDY" seq officers --to "$heaps" --threads 1)"
done
if [ -x "$CACHE/bin/ogsolve" ]; then
  echo "best ogsolve method / best grundy, one thread each: $(ratio "${BEST[ogsolve]:-}" "${BEST[grundy]:-}") (target >= 2.5x)"
fi

# The stretch from $heaps to $far heaps: each timed run resumes from a
# checkpoint of the first $heaps heaps (a copy, since a run extends it).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for game in officers grundy; do
  "$GRUNDY" seq "$game" --to "$heaps" --checkpoint "$work/$game.base" >/dev/null
  echo "$game from $heaps to $far heaps, one and two threads, $ROUNDS alternating rounds:"
  for _ in $(seq "$ROUNDS"); do
    declare -A LAST=()
    for t in 1 2; do
      cp "$work/$game.base" "$work/run"
      LAST[$t]=$(secs "$GRUNDY" seq "$game" --to "$far" --threads "$t" --checkpoint "$work/run" || true)
      record "$game $t" "grundy seq $game --threads $t ($heaps..$far)" "${LAST[$t]}"
    done
    echo "  this round, one thread / two threads: $(ratio "${LAST[1]}" "${LAST[2]}")"
  done
  echo "best one thread / best two threads: $(ratio "${BEST[$game 1]:-}" "${BEST[$game 2]:-}") (target >= 1.8x in every round)"
done
