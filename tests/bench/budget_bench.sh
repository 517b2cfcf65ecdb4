#!/usr/bin/env bash
# Is --max-seconds honoured? Runs the real binary on puzzles whose optimal search cannot finish
# in the budget (Korf's hardest 15-puzzle without databases; random 2x8 without databases) and
# fails when a run's wall time exceeds 1.1 x the budget + 0.2 s (process start, printing).
# Usage: tests/bench/budget_bench.sh BUILD_DIR [SECONDS]
set -euo pipefail
bin=$1/slidegif
budget=${2:-5}
limit=$(awk -v b="$budget" 'BEGIN { print 1.1 * b + 0.2 }')
worst=0
status=0
run() {
  local start end took
  start=$(date +%s.%N)
  "$bin" "$@" --no-pdb --max-seconds "$budget" >/dev/null
  end=$(date +%s.%N)
  took=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
  echo "  $* : $took s"
  if awk -v t="$took" -v l="$limit" 'BEGIN { exit !(t > l) }'; then
    echo "  OVER the limit of $limit s" >&2
    status=1
  fi
  worst=$(awk -v t="$took" -v w="$worst" 'BEGIN { print (t > w ? t : w) }')
}
for seed in 1 2 3 4; do run random --size 2x8 --seed "$seed"; done
run solve "12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1"
echo "budget $budget s: worst $worst s (limit $limit s)"
exit $status
