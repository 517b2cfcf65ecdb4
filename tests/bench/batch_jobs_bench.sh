#!/usr/bin/env bash
# `solve --batch --jobs N` for scripts/bench: Korf's 100 15-puzzles with the pattern databases
# of PDB_DIR (the large set if it is there), --jobs 1 and --jobs 2 run alternately ROUNDS times
# in one run; prints each median wall time and their ratio (target: >= 1.7 on 2 idle cores),
# and checks every answer against the published optimal lengths.
#   tests/bench/batch_jobs_bench.sh BUILD_DIR PDB_DIR [ROUNDS]
set -euo pipefail
build=$(realpath "$1") pdb_dir=$2 rounds=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
data=$here/../data/korf100_blanklast.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# "13 6 8 ..." -> "13,6,8,...": one board per line, the default goal (1..15 then the blank).
awk -F'\t' '{gsub(/ /, ",", $2); print $2}' "$data" >"$work/korf.txt"
cut -f3 "$data" >"$work/want.txt"

run() {  # jobs: wall seconds of one batch; fails unless all 100 lengths are the published ones
  local start end
  start=$(date +%s.%N)
  "$build/slidegif" solve --batch "$work/korf.txt" --pdb-dir "$pdb_dir" --jobs "$1" >"$work/out"
  end=$(date +%s.%N)
  cut -d' ' -f1 "$work/out" | cmp -s - "$work/want.txt" ||
    { echo "FAIL: --jobs $1: lengths differ from the published optimal ones" >&2; exit 1; }
  echo "$end - $start" | bc
}
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

run 2 >/dev/null  # the tables into the page cache
: >"$work/1" ; : >"$work/2"
for _ in $(seq "$rounds"); do
  run 1 >>"$work/1"
  run 2 >>"$work/2"
done
one=$(median <"$work/1") two=$(median <"$work/2")
echo "== solve --batch: Korf's 100 ($(ls "$pdb_dir"/4x4-*.pdb | xargs -n1 basename | tr '\n' ' ')), median of $rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) =="
printf '  --jobs 1 %6.2f s   --jobs 2 %6.2f s   ratio %.2f   (all 100 at the published optimal lengths)\n' \
  "$one" "$two" "$(echo "$one / $two" | bc -l)"
