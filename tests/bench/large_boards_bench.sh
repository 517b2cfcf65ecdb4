#!/usr/bin/env bash
# large_boards_bench.sh BUILD_DIR [SEEDS] [LONG_SECONDS] [SHAPE...]: boards past optimal reach
# (issue 13: 6x6 to 8x8 and the rectangles between). For each shape, random puzzles of seeds
# 1..SEEDS are solved with the defaults and again with --max-seconds LONG_SECONDS; prints the
# mean lengths, their ratio (default / long run) and the wall times. Every answer is replayed
# from the JSON's start to its goal.
set -euo pipefail
b=${1:-build-bench} seeds=${2:-3} long=${3:-30}
shift $(( $# < 3 ? $# : 3 ))
shapes=("$@")
[[ ${#shapes[@]} -gt 0 ]] || shapes=(6x6 6x7 6x8 7x7 7x8 8x8)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

solve() {  # shape seed [flags]: "length wall_seconds" of one run, the answer replayed
  local shape=$1 seed=$2
  shift 2
  /usr/bin/time -f "%e" -o "$tmp/time" "$b/slidegif" random --size "$shape" --seed "$seed" \
    --json "$@" >"$tmp/out"
  python3 - "$tmp/out" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
rows, cols = j["rows"], j["cols"]
parse = lambda s: [int(t) for r in s.split("/") for t in r.split(",")]
board, goal = parse(j["start"]), parse(j["goal"])
blank = board.index(0)
step = {"U": -cols, "D": cols, "L": -1, "R": 1}
for m in j["moves"]:
    to = blank + step[m]
    assert 0 <= to < rows * cols and (m in "UD" or to // cols == blank // cols), "bad move"
    board[blank], board[to] = board[to], 0
    blank = to
assert board == goal, "the answer does not reach the goal"
print(j["length"])
PY
}

printf '%-6s %8s %10s %8s %10s %7s\n' shape default wall_s long long_s ratio
for shape in "${shapes[@]}"; do
  d_sum=0 l_sum=0 w_sum=0 lw_sum=0
  for seed in $(seq 1 "$seeds"); do
    d=$(solve "$shape" "$seed"); w=$(cat "$tmp/time")
    l=$(solve "$shape" "$seed" --max-seconds "$long"); lw=$(cat "$tmp/time")
    d_sum=$((d_sum + d)) l_sum=$((l_sum + l))
    w_sum=$(echo "$w_sum + $w" | bc) lw_sum=$(echo "$lw_sum + $lw" | bc)
  done
  awk -v s="$shape" -v n="$seeds" -v d="$d_sum" -v l="$l_sum" -v w="$w_sum" -v lw="$lw_sum" \
    'BEGIN { printf "%-6s %8.1f %10.2f %8.1f %10.2f %7.3f\n", s, d / n, w / n, l / n, lw / n, d / l }'
done
