#!/usr/bin/env bash
# Board games against the anchor (igsolve, Piotr Beling's solver) in one
# run: Cram 4x11 and 5x9, Chomp 12x12 and 13x13, each by grundy on one and
# two threads (and on two threads with a 24 MB budget) and by igsolve
# with its hash-map table; wall time (s) and max RSS (KB) from
# /usr/bin/time. The anchor gives the value only, so grundy is asked the
# same (`--max-moves 0`); a last row per board adds every winning move,
# which on Cram costs a search per move. The ratios follow
# each board: the anchor against grundy on one thread (time and memory),
# two threads against one, and every winning move against the value. Then
# the boards the anchor does not finish in 5 minutes (Cram 6x7 and 3x16,
# Chomp 14x14), grundy only. The cluster on localhost follows: 1 and 3
# processes against plain `grundy value`, and Cram 5x9 with the table as
# the bound (3 processes of 12 MiB each against one of 12 and one of 36).
#   scripts/bench_boards.sh          full run (tens of minutes)
#   scripts/bench_boards.sh --quick  small boards only (seconds)
# igsolve is installed (never vendored) into $GRUNDY_BENCH_CACHE
# (default target/bench-cache) with `cargo install` when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench_lib.sh
CACHE="${GRUNDY_BENCH_CACHE:-target/bench-cache}"
LIMIT="${GRUNDY_BENCH_LIMIT:-300}"
cargo build --release -q -p grundy-cli
GRUNDY=target/release/grundy
if [ ! -x "$CACHE/bin/igsolve" ]; then
  cargo install -q igsolve --root "$CACHE" || echo "igsolve could not be installed: anchor rows skipped"
fi

# run LABEL COMMAND...: one row, `-` when the command fails or times out;
# the time and memory are kept in SECS and KB under LABEL for the ratios.
declare -A SECS KB
run() {
  local label=$1; shift
  local out
  if out=$( { /usr/bin/time -f "%e %M" timeout "$LIMIT" "$@" >/dev/null; } 2>&1 | tail -1 ); then
    printf '%-34s %10s s %10s KB\n' "$label" ${out}
    SECS["$label"]=${out% *}
    KB["$label"]=${out#* }
  else
    printf '%-34s %10s\n' "$label" "- (failed or over ${LIMIT} s)"
  fi
}

# rows A B: the ratio of two rows' times.
rows() {
  ratio "${SECS[$1]:-}" "${SECS[$2]:-}"
}

# Chomp's table takes a state per diagram: 13x13 and 14x14 are past the
# default --max-states (the other boards do not count states).
STATES=(--max-states 100000000)

# board GAME RxC: grundy's value on 1 and 2 threads, the anchor, then
# grundy with every winning move listed.
board() {
  local game=$1 size=$2 r=${2%x*} c=${2#*x}
  run "grundy $game $size --threads 1" "$GRUNDY" value "$game" "$size" --max-moves 0 --threads 1 "${STATES[@]}"
  run "grundy $game $size --threads 2" "$GRUNDY" value "$game" "$size" --max-moves 0 --threads 2 "${STATES[@]}"
  run "grundy $game $size --threads 2 --memory 24M" "$GRUNDY" value "$game" "$size" --max-moves 0 --threads 2 --memory 24M "${STATES[@]}"
  if [ -x "$CACHE/bin/igsolve" ]; then
    run "igsolve $game $size (hash-map)" "$CACHE/bin/igsolve" --tt hash-map "$game" -r "$r" -c "$c"
  fi
  run "grundy $game $size, all moves, 1 thread" "$GRUNDY" value "$game" "$size" --threads 1 "${STATES[@]}"
  local one="grundy $game $size --threads 1" anchor="igsolve $game $size (hash-map)"
  echo "  igsolve / grundy, one thread each: $(rows "$anchor" "$one") (target >= 1.5x), memory ${KB[$anchor]:-?} KB / ${KB[$one]:-?} KB"
  echo "  two threads / one: $(rows "$one" "grundy $game $size --threads 2") faster; every winning move / value alone: $(rows "grundy $game $size, all moves, 1 thread" "$one") (target <= 1.3x)"
}

# cluster GAME POSITION: the cluster on localhost (the guide's recipe,
# each process on one thread) with 1 and 3 processes, against plain
# `grundy value --threads 1`; the memory is the largest process's.
cluster() {
  local game=$1 pos=$2 base=$((24000 + RANDOM % 20000))
  run "plain $game $pos --threads 1" "$GRUNDY" value "$game" "$pos" --max-moves 0 --threads 1
  for n in 1 3; do
    run "cluster $game $pos, $n process(es)" env PATH="$PWD/target/release:$PATH" BASE_PORT=$((base + 10 * n)) \
      sh docs/book/examples/cluster-localhost.sh "$n" "$game" "$pos" --max-moves 0 --threads 1
  done
  local plain="plain $game $pos --threads 1" one="cluster $game $pos, 1 process(es)"
  echo "  1 process / plain: $(rows "$one" "$plain") of the time (target <= 1.5x), memory ${KB[$one]:-?} KB / ${KB[$plain]:-?} KB"
  echo "  3 processes / 1: $(rows "$one" "cluster $game $pos, 3 process(es)") faster (target > 1x)"
}

# bounded GAME POSITION SIZE: the table as the bound. One process with
# three times SIZE, one with SIZE, and three processes with SIZE each:
# whether three processes, each with a third of the memory, beat one with
# all of it (each keeps its own table, a cache of what it and the others
# found, so a small one searches again what it dropped).
bounded() {
  local game=$1 pos=$2 size=$3 base=$((24000 + RANDOM % 20000))
  [[ $size =~ ^[0-9]+M$ ]] || { echo "bounded: give the size in whole MiB, as 12M (not $size)"; return 1; }
  local n=${size%M}
  run "plain $game $pos --memory $((3 * n))M" "$GRUNDY" value "$game" "$pos" --max-moves 0 --threads 1 --memory "$((3 * n))M"
  run "plain $game $pos --memory $size" "$GRUNDY" value "$game" "$pos" --max-moves 0 --threads 1 --memory "$size"
  run "cluster $game $pos, 3 x --memory $size" env PATH="$PWD/target/release:$PATH" BASE_PORT=$base \
    sh docs/book/examples/cluster-localhost.sh 3 "$game" "$pos" --max-moves 0 --threads 1 --memory "$size"
  local three="cluster $game $pos, 3 x --memory $size"
  echo "  3 processes with $size each / 1 with $((3 * n))M: $(rows "plain $game $pos --memory $((3 * n))M" "$three") faster; / 1 with $size: $(rows "plain $game $pos --memory $size" "$three") faster"
}

if [ "${1:-}" = "--quick" ]; then
  board cram 4x8
  board chomp 9x9
  cluster cram 5x7
  bounded cram 5x7 10M
  exit 0
fi
board cram 4x11
board cram 5x9
board chomp 12x12
board chomp 13x13
cluster cram 4x11
cluster cram 5x9
cluster node-kayles grid:3x20
# grid:3x20 is valued in a hundredth of a second, less than timely takes
# to connect three processes (it retries a second apart): a board whose
# search the cluster can share.
cluster node-kayles grid:3x31
bounded cram 5x9 12M
for big in "cram 6x7" "cram 3x16" "chomp 14x14"; do
  set -- $big
  run "grundy $1 $2 --threads 2" "$GRUNDY" value "$1" "$2" --max-moves 0 --threads 2 "${STATES[@]}"
done
