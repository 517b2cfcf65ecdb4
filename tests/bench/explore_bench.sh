#!/usr/bin/env bash
# explore_bench.sh BUILD_DIR [big]: the god's-eye figures (issue 11) through the real binary.
#  - 10,000 random 3x3 start/goal pairs through `slidegif solve --batch` (one process, start
#    included; the three 3x3 tables are built into the program), per query, against the seeds'
#    BFS per query (solver_bench's BM_Baseline_BfsPerQuery3x3);
#  - with "big": `explore` of 3x4 and 2x6 on two threads: wall, CPU, peak RSS, states/s.
set -euo pipefail
b=${1:-build-bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$b/tests/bench/explore_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_display_aggregates_only=true

"$b/tests/bench/explore_bench" pairs 10000 >"$tmp/pairs.txt"
best=
for run in 1 2 3 4 5; do
  /usr/bin/time -f "%e %U" -o "$tmp/time" "$b/slidegif" solve --batch "$tmp/pairs.txt" >"$tmp/out"
  [[ $(grep -cE "^[0-9]+ [UDLR]*$" "$tmp/out") == 10000 ]] || { echo "batch: not 10,000 answers"; exit 1; }
  read -r wall user <"$tmp/time"
  echo "batch of 10,000 3x3 random-goal pairs: ${wall} s wall, ${user} s user"
  best=$(printf '%s\n%s\n' "$wall" "${best:-$wall}" | sort -g | head -1)
done
bfs_ms=$("$b/tests/bench/solver_bench" --benchmark_filter=Baseline --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true --benchmark_format=csv 2>/dev/null |
  awk -F, '/_median/ {print $3}')
awk -v wall="$best" -v bfs="$bfs_ms" 'BEGIN {
  per = wall / 10000 * 1e3;
  printf "per query: %.4f ms by descent (best wall of 5 / 10,000) vs %.3f ms by BFS: %.0fx\n",
         per, bfs, bfs / per }'

if [[ ${2:-} == big ]]; then
  for size in 3x4 2x6; do
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$b/slidegif" explore --size "$size" \
      --threads 2 >"$tmp/out"
    read -r wall user sys rss <"$tmp/time"
    grep -E "God's number" "$tmp/out"
    awk -v s="$size" -v w="$wall" -v u="$user" -v y="$sys" -v r="$rss" 'BEGIN {
      printf "explore %s: %.1f s wall, %.1f s CPU, peak RSS %.0f MB, %.1f M states/s wall, %.1f M states/s per CPU second\n",
             s, w, u + y, r / 1024, 239500800 / w / 1e6, 239500800 / (u + y) / 1e6 }'
  done
fi
