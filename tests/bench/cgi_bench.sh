#!/usr/bin/env bash
# CGI figures for scripts/bench: the median wall time of one slidegif.cgi request for a random
# 3x3 (run directly, environment as a web server sets it), and requests/s under lighttpd next to
# a trivial compiled "hello" CGI measured in the same run (the process-spawn ceiling).
#   tests/bench/cgi_bench.sh BUILD_DIR [WRK_SECONDS]
set -euo pipefail
build=$(realpath "$1") seconds=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
# The user's databases, found before lib.sh gives the servers a home of their own.
pdb_dir=${SLIDEGIF_PDB_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/slidegif}
source "$here/../e2e/lib.sh"
cgi=$build/slidegif.cgi hello=$E2E_STATE/hello.cgi
cc -O2 -o "$hello" "$here/hello_cgi.c"

median_ms() {  # the "median" (seconds) of hyperfine's JSON, in milliseconds
  sed -n 's/.*"median": *\([0-9.e+-]*\).*/\1/p' "$1" | head -1 | awk '{printf "%.2f", $1 * 1000}'
}
one_request() {  # label, query: median wall time of 200 direct runs
  REQUEST_METHOD=GET QUERY_STRING=$2 hyperfine -N --warmup 10 --runs 200 \
    --export-json "$E2E_STATE/h.json" "$cgi" >/dev/null 2>&1
  printf '  %-34s median %6s ms\n' "$1" "$(median_ms "$E2E_STATE/h.json")"
}
echo "== CGI: one request, run directly (hyperfine -N --runs 200) =="
REQUEST_METHOD=GET hyperfine -N --warmup 10 --runs 200 --export-json "$E2E_STATE/h.json" \
  "$hello" >/dev/null 2>&1
printf '  %-34s median %6s ms\n' "hello CGI (spawn floor)" "$(median_ms "$E2E_STATE/h.json")"
one_request "400: size=5 (no work)" "size=5"
one_request "random 3x3, defaults" "random=1"
one_request "random 3x3, tween=0" "random=1&tween=0"
one_request "random 3x3, tween=0, tile=40" "random=1&tween=0&tile=40"
# Issue 4: a random 15-puzzle with the pattern databases present (built by `slidegif pdb build`
# into the default cache directory, or $SLIDEGIF_PDB_DIR: pdb_dir above).
if compgen -G "$pdb_dir/4x4-*.pdb" >/dev/null; then
  SLIDEGIF_PDB_DIR=$pdb_dir one_request "random 4x4, tween=0, databases" "random=1&size=4&tween=0"
  SLIDEGIF_PDB_DIR=$pdb_dir one_request "random 4x4, defaults, databases" "random=1&size=4"
else
  echo "  (no pattern databases in $pdb_dir: run 'build-bench/slidegif pdb build' for the 4x4 figure)"
fi

requests_per_s() {  # cgi, query: wrk -t2 -c4 against 127.0.0.1 for $seconds
  e2e_start_server "$1"
  local out
  out=$(wrk -t2 -c4 -d"${seconds}s" --timeout 10s "$E2E_URL/slidegif.cgi?$2")
  e2e_stop_server
  ! grep -q 'Non-2xx' <<<"$out" || { echo "non-200 answers: $out" >&2; exit 1; }
  awk '/Requests\/sec/ {printf "%.1f", $2}' <<<"$out"
}
echo "== CGI under lighttpd: wrk -t2 -c4 -d${seconds}s on 127.0.0.1 =="
ceiling=$(requests_per_s "$hello" "")
printf '  %-34s %8s req/s\n' "hello CGI (ceiling)" "$ceiling"
for query in "random=1" "random=1&tween=0"; do
  ours=$(requests_per_s "$cgi" "$query")
  printf '  %-34s %8s req/s  (%s of the ceiling)\n' "slidegif.cgi?$query" "$ours" \
    "$(awk -v a="$ours" -v b="$ceiling" 'BEGIN {printf "%.2f", a / b}')"
done
