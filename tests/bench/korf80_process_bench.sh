#!/usr/bin/env bash
# The 17 15-puzzles 80 moves from the goal, each as a user runs it: one `slidegif solve`
# process per position (start, mapping the best set in PDB_DIR, search on both cores, output), ROUNDS
# rounds in one run. Prints each position's median wall time, then the median and the slowest
# of those, and how many are under half a second (issue 53's target). Fails unless every answer
# is 80 moves and proven optimal.
#   tests/bench/korf80_process_bench.sh BUILD_DIR PDB_DIR [ROUNDS]
set -euo pipefail
build=$(realpath "$1") pdb_dir=$2 rounds=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../data/korf80_blanklast.txt
[[ -f $pdb_dir/4x4-large.pdb || -f $pdb_dir/4x4-zero-aware.pdb ]] ||
  { echo "no large or zero-aware set in $pdb_dir (slidegif pdb build --set large --dir $pdb_dir)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "13 6 8 ..." -> "13,6,8,...", one position a line, the default goal (1..15 then the blank).
grep -v '^#' "$data" | awk -F'\t' '{gsub(/ /, ",", $2); print $1, $2}' >"$work/positions"

one() {  # board: wall seconds of one process; fails unless it is 80 moves, optimal
  local start end
  start=$(date +%s.%N)
  "$build/slidegif" solve --pdb-dir "$pdb_dir" "$1" >"$work/out"
  end=$(date +%s.%N)
  grep -q ': 80 moves (optimal)' "$work/out" || { echo "FAIL: $1: $(cat "$work/out")" >&2; exit 1; }
  echo "$end - $start" | bc
}
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

one "$(head -1 "$work/positions" | cut -d' ' -f2)" >/dev/null  # the set into the page cache
for _ in $(seq "$rounds"); do
  while read -r id board; do one "$board" >>"$work/times.$id"; done <"$work/positions"
done
while read -r id _; do
  printf '%s %s\n' "$id" "$(median <"$work/times.$id")"
done <"$work/positions" >"$work/medians"
echo "== the 17 at 80 moves, a process each, median of $rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) =="
awk '{printf "  #%-3s %.3f s\n", $1, $2}' "$work/medians"
cut -d' ' -f2 "$work/medians" | sort -g | awk '
  {a[NR] = $1; under += ($1 < 0.5)}
  END {printf "  median %.3f s   slowest %.3f s   under 0.5 s: %d of %d\n", a[int((NR + 1) / 2)], a[NR], under, NR}'
