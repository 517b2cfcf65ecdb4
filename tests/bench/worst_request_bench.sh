#!/usr/bin/env bash
# The costliest requests a stranger may send slidegif.cgi (issue 49): each run directly, as a web
# server runs it, with the small 4x4 databases; RUNS times each (a random puzzle with seeds 1 to
# RUNS), the slowest wall time and the largest peak resident memory of those runs (GNU time;
# the mapped databases' pages included), the status and the answer's size. A
# request past a limit must be refused with 400 naming it, which the bench prints.
#   tests/bench/worst_request_bench.sh BUILD_DIR PDB_DIR [RUNS]
set -euo pipefail
build=$(realpath "$1") pdb_dir=$(realpath "$2") runs=${3:-3}
cgi=$build/slidegif.cgi
work=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-worst.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 78 bytes of CJK, percent-encoded: the title limit is 80 bytes.
title=$(/usr/bin/python3 -c 'import urllib.parse; print(urllib.parse.quote("滑" * 26))')
long_query="random=1&size=4&seed=1$(printf '&theme=dark%.0s' {1..360})"  # about 4 KB
queries=(
  "random=1&size=4&tile=160&tween=4&format=gif"
  "random=1&size=4&tile=160&tween=4&format=webp"
  "random=1&size=4&tile=160&tween=4&format=apng"
  "random=1&size=4&tile=160&tween=4&format=png&frame=-1"
  "random=1&size=4&metric=mtm&tile=160&tween=4"
  "random=1&size=4&tile=160&tween=4&theme=dark"
  "random=1&size=3x5&tile=128&tween=4"
  "random=1&moves=max&tile=160&tween=8&format=apng"
  "random=1&size=4&title=$title&tile=160&tween=4"
  "$long_query"
  "explain=bfs&start=867254301&frames=60&format=gif"
  "compare=1&start=867254301&format=json"
)
printf '%-58s %6s %9s %9s %10s\n' "query (RUNS=$runs)" status "wall s" "peak MB" bytes
# A request refused with a suggested tile ("use tile=96 ...") is fitted to it: the largest
# allowed request of that shape, look and tween.
fit() {  # query: refit for each seed of the runs in turn (a longer answer needs a smaller tile)
  local q=$1 out seed
  for seed in $(seq "$runs"); do
    out=$(env -i PATH=/usr/bin:/bin REQUEST_METHOD=GET QUERY_STRING="$q&seed=$seed" \
      SLIDEGIF_PDB_DIR="$pdb_dir" "$cgi" 2>/dev/null | tr -d '\r\0' || true)
    if [[ $out =~ \(use\ tile=([0-9]+) ]]; then
      q=$(sed "s/tile=[0-9]*/tile=${BASH_REMATCH[1]}/" <<<"$q")
    fi
  done
  echo "$q"
}
for q in "${queries[@]}"; do
  [[ $q == random=1* && $q != *seed=* ]] && q=$(fit "$q")
  worst_wall=0 worst_kb=0 status="" bytes=0
  for run in $(seq "$runs"); do
    query=$q  # a random puzzle: another seed each run, the worst of them reported
    [[ $q == random=1* && $q != *seed=* ]] && query="$q&seed=$run"
    env -i PATH=/usr/bin:/bin REQUEST_METHOD=GET QUERY_STRING="$query" SLIDEGIF_PDB_DIR="$pdb_dir" \
      /usr/bin/time -f "%e %M" -o "$work/time" "$cgi" >"$work/out" 2>/dev/null || true
    read -r wall kb <"$work/time"
    status=$(sed -n 's/^Status: \([0-9]*\).*/\1/p' "$work/out" | head -1)
    status=${status:-200}
    bytes=$(/usr/bin/python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
print(len(d) - d.index(b"\r\n\r\n") - 4)' "$work/out")
    worst_wall=$(awk -v a="$worst_wall" -v b="$wall" 'BEGIN{print (b > a) ? b : a}')
    ((kb > worst_kb)) && worst_kb=$kb
  done
  label=${q:0:56}
  [[ ${#q} -gt 56 ]] && label="${q:0:44}... (${#q} B)"
  printf '%-58s %6s %9s %9.0f %10s\n' "$label" "$status" "$worst_wall" "$((worst_kb / 1024))" "$bytes"
  if [[ $status == 4* ]]; then
    echo "    refused: $(tr -d '\r' <"$work/out" | sed '1,/^$/d' | head -c 160)"
  fi
done
