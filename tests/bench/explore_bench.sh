#!/usr/bin/env bash
# explore_bench.sh BUILD_DIR [big]: the god's-eye figures (issue 11) through the real binary.
#  - 10,000 random 3x3 start/goal pairs through `slidegif solve --batch` (one process, start
#    included; the three 3x3 tables are built into the program; hyperfine's median of 60), per
#    query, against the seeds' BFS per query (solver_bench's BM_Baseline_BfsPerQuery3x3);
#  - with "big": `explore` of 3x4 and 2x6 on two threads: wall, CPU, peak RSS, states/s.
set -euo pipefail
b=${1:-build-bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$b/tests/bench/explore_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_display_aggregates_only=true

"$b/tests/bench/explore_bench" pairs 10000 >"$tmp/pairs.txt"
"$b/slidegif" solve --batch "$tmp/pairs.txt" >"$tmp/out"
[[ $(grep -cE "^[0-9]+ [UDLR]*$" "$tmp/out") == 10000 ]] || { echo "batch: not 10,000 answers"; exit 1; }
# The median of 60 runs (hyperfine), then the BFS's median in the same run: the ratio is as
# steady as the BFS's time is, which drifts more than the batch's.
hyperfine -N -w 5 -r 60 --export-json "$tmp/batch.json" \
  "$b/slidegif solve --batch $tmp/pairs.txt" >/dev/null
batch_s=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' \
  "$tmp/batch.json")
bfs_ms=$("$b/tests/bench/solver_bench" --benchmark_filter=Baseline --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true --benchmark_format=csv 2>/dev/null |
  awk -F, '/_median/ {print $3}')
awk -v wall="$batch_s" -v bfs="$bfs_ms" 'BEGIN {
  per = wall / 10000 * 1e3;
  printf "batch of 10,000 3x3 random-goal pairs: %.1f ms wall (median of 60, process start included)\n", wall * 1e3;
  printf "per query: %.4f ms by descent vs %.3f ms by BFS: %.0fx (target 20,000x)\n",
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
