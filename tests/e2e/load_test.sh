#!/usr/bin/env bash
# A short, bounded load test against 127.0.0.1 only: wrk with 2 threads and 4 connections for a
# few seconds on random 3x3 puzzles; every response must be 200.
#   tests/e2e/load_test.sh BUILD/slidegif.cgi [SECONDS]
set -euo pipefail
cgi=$1 seconds=${2:-5}
source "$(dirname "$0")/lib.sh"
command -v wrk >/dev/null || e2e_fail "wrk is not installed (scripts/install-deps)"
e2e_start_server "$cgi"
out=$(timeout $((seconds + 30)) wrk -t2 -c4 -d"${seconds}s" --timeout 10s \
  "$E2E_URL/slidegif.cgi?random=1") || e2e_fail "wrk failed: $out"
echo "$out"
requests=$(awk '/requests in/ {print $1}' <<<"$out")
[[ ${requests:-0} -gt 0 ]] || e2e_fail "no requests completed"
! grep -q 'Non-2xx or 3xx' <<<"$out" || e2e_fail "some responses were not 200"
! grep -q 'Socket errors' <<<"$out" || e2e_fail "socket errors under load"
echo "PASS: $requests requests, all 200"
