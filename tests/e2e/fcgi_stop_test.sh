#!/usr/bin/env bash
# Stopping and reloading slidegif.fcgi behind lighttpd, each with a request in flight (Korf's
# #88 without databases: about 2.5 s of drawing, answered near-optimally):
#  1. SIGTERM to the pool: the request is answered in full; the pool exits 0, its workers end;
#  2. SIGINT to an idle pool: it stops at once;
#  3. SIGHUP: the request is answered; every worker is replaced; the server answers on;
#  4. SIGKILL to the pool: its workers end too (PR_SET_PDEATHSIG), after their requests.
# No request is logged as cut off.
#   tests/e2e/fcgi_stop_test.sh BUILD/slidegif.fcgi
set -euo pipefail
fcgi=$(realpath "$1")
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/fcgi_lighttpd_lib.sh"
command -v lighttpd >/dev/null || e2e_fail "lighttpd is not installed (scripts/install-deps)"
trap 'e2e_stop_server; e2e_kill "$backend_pid"; e2e_cleanup' EXIT
hard="start=15,2,12,11/14,13,9,5/1,3,8,7/0,10,6,4&goal=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&tween=0"

restart() {  # a fresh backend (two workers) and lighttpd in front of it
  e2e_stop_server
  e2e_kill "$backend_pid"
  fcgi_backend_start "$fcgi" --workers 2
  fcgi_lighttpd_start
  [[ $(fetch "$url?start=123456708&tween=0") == 200 ]] || e2e_fail "the backend does not answer"
}

cpu() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# in_flight NAME: starts the hard request and returns once a worker is drawing it.
in_flight() {
  local p t0=() i
  for p in $(fcgi_workers); do t0+=("$p:$(cpu "$p")"); done
  curl -s -o "$E2E_STATE/$1.gif" -D "$E2E_STATE/$1.h" -w '%{http_code}' --max-time 60 \
    "$url?$hard&n=$1" >"$E2E_STATE/$1.code" &
  flight=$!
  for i in $(seq 1 100); do
    for p in "${t0[@]}"; do  # 0.2 s of CPU: the search has started
      (($(cpu "${p%%:*}") - ${p#*:} >= 20)) && return 0
    done
    sleep 0.05
  done
  e2e_fail "$1: no worker took the request"
}
# answered NAME: the request ended with 200 and a whole GIF.
answered() {
  wait "$flight" || e2e_fail "$1: curl failed"
  local code length size
  code=$(cat "$E2E_STATE/$1.code")
  [[ $code == 200 ]] || e2e_fail "$1: answered $code: $(head -c 300 "$E2E_STATE/$1.gif")"
  length=$(grep -i '^content-length:' "$E2E_STATE/$1.h" | tr -dc 0-9)
  size=$(stat -c %s "$E2E_STATE/$1.gif")
  [[ -z $length || $length == "$size" ]] || e2e_fail "$1: $size of $length bytes"
  [[ $(head -c 6 "$E2E_STATE/$1.gif") == GIF89a && $(tail -c 1 "$E2E_STATE/$1.gif" | od -An -tx1) == *3b ]] ||
    e2e_fail "$1: not a whole GIF ($size bytes)"
}
# ended SECONDS PID...: every PID gone within SECONDS.
ended() {
  local limit=$1 i p alive
  shift
  for i in $(seq 1 $((limit * 10))); do
    alive=0
    for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
    ((alive)) || return 0
    sleep 0.1
  done
  return 1
}

# 1. SIGTERM with a request in flight.
restart
workers=$(fcgi_workers)
in_flight term
kill -0 "$flight" 2>/dev/null || e2e_fail "term: the request ended before the signal"
kill -TERM "$backend_pid"
answered term
status=0
wait "$backend_pid" || status=$?
backend_pid=""
((status == 0)) || e2e_fail "SIGTERM: the pool exited $status"
# shellcheck disable=SC2086
ended 5 $workers || e2e_fail "SIGTERM: workers left: $workers"
echo "ok: SIGTERM: the request in flight answered in full, pool and workers gone"

# 2. SIGINT to an idle pool.
restart
workers=$(fcgi_workers)
t0=$(date +%s%N)
kill -INT "$backend_pid"
wait "$backend_pid" || e2e_fail "SIGINT: the pool exited non-zero"
backend_pid=""
# shellcheck disable=SC2086
ended 5 $workers || e2e_fail "SIGINT: workers left: $workers"
ms=$((($(date +%s%N) - t0) / 1000000))
((ms < 3000)) || e2e_fail "SIGINT: an idle pool took $ms ms to stop"
echo "ok: SIGINT: an idle pool stopped in $ms ms"

# 3. SIGHUP with a request in flight.
restart
workers=$(fcgi_workers)
in_flight hup
kill -HUP "$backend_pid"
answered hup
for _ in $(seq 1 50); do
  now=$(fcgi_workers)
  [[ $(wc -w <<<"$now") == 2 ]] && [[ -z $(comm -12 <(tr ' ' '\n' <<<"$workers" | sed '/^$/d') \
    <(tr ' ' '\n' <<<"$now" | sed '/^$/d')) ]] && break
  sleep 0.1
done
[[ $(wc -w <<<"$now") == 2 ]] || e2e_fail "SIGHUP: workers $now"
[[ -z $(comm -12 <(tr ' ' '\n' <<<"$workers" | sed '/^$/d') <(tr ' ' '\n' <<<"$now" | sed '/^$/d')) ]] ||
  e2e_fail "SIGHUP: workers not replaced: $workers -> $now"
[[ $(fetch "$url?start=123456708&tween=0&n=after-hup") == 200 ]] || e2e_fail "SIGHUP: no answer after"
echo "ok: SIGHUP: the request in flight answered, workers $workers -> $now, answering on"

# 4. SIGKILL to the pool with a request in flight: the workers end with it, after the request.
workers=$(fcgi_workers)
in_flight kill
kill -KILL "$backend_pid"
answered kill
wait "$backend_pid" 2>/dev/null || true
backend_pid=""
# shellcheck disable=SC2086
ended 5 $workers || e2e_fail "SIGKILL: workers outlived their pool: $workers"
echo "ok: SIGKILL to the pool: the request in flight answered, its workers ended"

! grep -q "cut off" "$E2E_STATE/backend.log" || e2e_fail "$(grep "cut off" "$E2E_STATE/backend.log")"
echo "PASS"
