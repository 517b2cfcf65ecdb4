#!/usr/bin/env bash
# slidegif.fcgi soaked with varied traffic (tests/e2e/soak.py: every format, look, size and
# metric mixed, pictures and video) behind lighttpd (samples/lighttpd-fcgi.conf, one pool of two
# workers) and nginx (samples/nginx-slidegif-fcgi*.conf, two backends of one worker), the small
# 4x4 pattern database beside them. Fails on any answer that is not 2xx, a connection error, a
# worker that ends, or a worker's private memory growing after the warm-up.
#   tests/e2e/fcgi_soak_test.sh BUILD/slidegif.fcgi PDB_FIXTURE_DIR SECONDS SERVERS [CACHE_MB]
# SERVERS: lighttpd, nginx or both ("lighttpd,nginx"). CACHE_MB (default 8): the workers'
# --cache-size, small enough that the caches fill within the warm-up of a short run. The warm-up
# is half of SECONDS and at least 100 answers a cache megabyte (a slow machine's caches fill
# later in time, not in answers: 30 s gave 767 answers and an unfilled cache on a busy 2-core
# machine); the memory is then watched for the other half.
set -euo pipefail
fcgi=$1 fixtures=$2 seconds=$3 servers=$4 cache_mb=${5:-8}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/fcgi_nginx_lib.sh"
trap 'fcgi_nginx_stop; e2e_cleanup' EXIT
pdb=$fixtures/4x4-small.pdb
[[ -f $pdb ]] || e2e_fail "no small 4x4 pattern database in $fixtures (the small_pdb fixture)"
options="--cache-size $cache_mb --max-requests 0"
failed=0

soak() {  # label url [soak.py options]
  echo "== $1: $seconds s, 4 connections, --cache-size $cache_mb =="
  python3 "$here/soak.py" "$2" "$seconds" 4 --warmup 0.5 --warmup-requests $((100 * cache_mb)) "${@:3}" || failed=1
}

if [[ ,$servers, == *,lighttpd,* ]]; then
  mkdir -p "$E2E_STATE/pdb"
  cp "$pdb" "$E2E_STATE/pdb/"
  E2E_FCGI_ARGS="--workers 2 $options" e2e_start_server "$fcgi"
  soak "lighttpd (mod_fastcgi, one pool of 2 workers)" "$E2E_URL/slidegif.cgi" --root "$E2E_PID" \
    --pictures --video
  grep -q "cut off" "$E2E_STATE/error.log" && { echo "FAIL: a worker died mid-request" >&2; failed=1; }
  e2e_stop_server
fi
if [[ ,$servers, == *,nginx,* ]]; then
  mkdir -p "$E2E_STATE/nginx/pdb"
  cp "$pdb" "$E2E_STATE/nginx/pdb/"
  FCGI_BACKEND_OPTIONS=$options fcgi_nginx_start "$fcgi"
  roots=()
  for pid in "${backend_pids[@]}"; do roots+=(--root "$pid"); done
  soak "nginx (2 backends of 1 worker)" "$url/slidegif.cgi" "${roots[@]}" --video
  if grep -q "cut off" "$run"/backend-*.log; then
    echo "FAIL: a worker died mid-request" >&2
    failed=1
  fi
  fcgi_nginx_stop
fi
((failed == 0)) || exit 1
echo "PASS: soaked behind $servers"
