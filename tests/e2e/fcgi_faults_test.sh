#!/usr/bin/env bash
# End-to-end faults of slidegif.fcgi behind lighttpd (samples/lighttpd-fcgi.conf, pointed at a
# backend this script starts on a TCP port, two workers, 2 s socket timeouts):
#  - a request over the search budget is answered (near-optimal, as the CGI) while small ones go
#    on being answered by the other worker;
#  - peers that connect and send nothing hold a worker for the socket timeout only, and peers
#    that trickle bytes for the request's deadline only;
#  - clients that disconnect mid-answer cost nothing: no worker dies;
#  - memory: the workers' RSS after warm-up and after a bounded soak (printed; must stay flat).
#   tests/e2e/fcgi_faults_test.sh BUILD/slidegif.fcgi [SOAK_SECONDS]
set -euo pipefail
fcgi=$(realpath "$1") soak=${2:-10}
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/fcgi_lighttpd_lib.sh"
command -v lighttpd >/dev/null || e2e_fail "lighttpd is not installed (scripts/install-deps)"
trap 'e2e_stop_server; e2e_kill "$backend_pid"; e2e_cleanup' EXIT
fcgi_backend_start "$fcgi" --workers 2 --io-timeout 2
workers() { fcgi_workers; }
before=$(workers)
fcgi_lighttpd_start
ms() { echo $(( $(date +%s%N) / 1000000 )); }

# 1. Korf's #88 without databases: past the budget, answered near-optimally (about 2.5 s), while
# small requests keep being answered by the other worker.
curl -s -o "$E2E_STATE/hard.gif" -D "$E2E_STATE/hard.h" --max-time 20 \
  "$url?start=15,2,12,11/14,13,9,5/1,3,8,7/0,10,6,4&goal=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&tween=0" &
hard=$!
sleep 0.3
slowest=0
for i in 1 2 3 4 5; do
  t0=$(ms)
  [[ $(fetch "$url?start=123456708&tween=0&n=$i") == 200 ]] || e2e_fail "small request $i"
  t=$(( $(ms) - t0 ))
  ((t > slowest)) && slowest=$t
done
wait "$hard" || e2e_fail "the hard request failed"
grep -q "(not optimal)" "$E2E_STATE/hard.h" || e2e_fail "hard: $(grep -i x-slidegif "$E2E_STATE/hard.h")"
((slowest < 1500)) || e2e_fail "a small request took $slowest ms beside the hard one"
echo "ok: over the budget -> not optimal; meanwhile 5 small requests, slowest $slowest ms"

# 2. Two peers connect straight to the backend and send nothing: both workers are held, for the
# 2 s socket timeout only; a request then waits for them and is answered.
exec 3<>"/dev/tcp/127.0.0.1/$port" 4<>"/dev/tcp/127.0.0.1/$port"
printf '\x01\x01' >&3  # half a record header
sleep 0.2
t0=$(ms)
[[ $(fetch "$url?start=123456708&tween=0&n=stalled") == 200 ]] || e2e_fail "request behind stalled peers"
t=$(( $(ms) - t0 ))
exec 3<&- 4<&-
((t >= 1000 && t < 8000)) || e2e_fail "behind two stalled peers: $t ms (want about 2 s)"
echo "ok: two stalled peers held the workers $t ms (socket timeout 2 s)"

# 3. Clients that give up mid-answer (large GIFs, 20 ms patience).
for i in $(seq 1 20); do
  curl -s -o /dev/null --max-time 0.02 "$url?random=1&tile=120&tween=8&n=$i" || true
done
[[ $(fetch "$url?start=123456708&tween=0&n=after") == 200 ]] || e2e_fail "after disconnects"
[[ $(workers) == "$before" ]] || e2e_fail "workers changed: $before -> $(workers); $(cat "$E2E_STATE/backend.log")"
echo "ok: 20 clients gone mid-answer; the same workers ($before) answer"

# 4. Soak: RSS of the workers after warm-up and after $soak s of random puzzles.
rss() { local total=0; for p in $(workers); do total=$((total + $(awk '/VmRSS/ {print $2}' "/proc/$p/status"))); done; echo "$total"; }
if command -v wrk >/dev/null; then
  wrk -t2 -c4 -d2s "$url?random=1" >/dev/null
  start_rss=$(rss)
  out=$(wrk -t2 -c4 -d"${soak}s" --timeout 10s "$url?random=1")
  end_rss=$(rss)
  ! grep -q 'Non-2xx' <<<"$out" || e2e_fail "soak: $out"
  echo "ok: soak ${soak}s, $(awk '/requests in/ {print $1}' <<<"$out") requests: workers' RSS $start_rss kB -> $end_rss kB"
  ((end_rss < start_rss + start_rss / 4 + 4096)) || e2e_fail "RSS grew: $start_rss -> $end_rss kB"
fi
[[ $(workers) == "$before" ]] || e2e_fail "workers changed during the soak"

# 5. A worker killed in the middle of a request (as its CPU backstop would): the pool logs the
# request and counts it (/metrics, routed by PATH_INFO under lighttpd's prefix), and a new
# worker answers the next one.
curl -s -o /dev/null --max-time 20 \
  "$url?start=15,2,12,11/14,13,9,5/1,3,8,7/0,10,6,4&goal=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&n=killed" &
hard=$!
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
sleep 0.3
declare -A ticks
for p in $(workers); do ticks[$p]=$(cpu "$p"); done
sleep 1
busy=""
for p in $(workers); do  # the one drawing used CPU for most of that second
  (($(cpu "$p") - ticks[$p] > 30)) && busy=$p
done
[[ -n $busy ]] || e2e_fail "no worker was busy with the hard request"
kill -KILL "$busy"
wait "$hard" || true
for _ in $(seq 1 50); do grep -q "cut off" "$E2E_STATE/backend.log" && break; sleep 0.1; done
grep -q "a request was cut off: its worker ended by signal 9" "$E2E_STATE/backend.log" ||
  e2e_fail "the cut-off request was not logged: $(tail -3 "$E2E_STATE/backend.log")"
[[ $(fetch "$url?start=123456708&tween=0&n=afterkill") == 200 ]] || e2e_fail "after a killed worker"
[[ $(fetch "$url/metrics") == 200 ]] || e2e_fail "metrics by PATH_INFO"
grep -q '^slidegif_cut_off_total 1$' "$b" || e2e_fail "cut_off not counted: $(grep cut_off "$b")"
echo "ok: a worker killed mid-request: logged, counted, replaced"

# 6. Two peers trickle a byte every half second, each inside the 2 s socket timeout: a worker
# is held for the request's 5 s deadline (twice the timeout and a second), not for as long as
# they keep trickling; a request then waits for them and is answered.
trickle() {
  exec 5<>"/dev/tcp/127.0.0.1/$port"
  for _ in $(seq 1 60); do printf '\x01' >&5 2>/dev/null || break; sleep 0.5; done
}
trickle &
t1=$!
trickle &
t2=$!
sleep 0.3
t0=$(ms)
[[ $(fetch "$url?start=123456708&tween=0&n=trickled") == 200 ]] || e2e_fail "request behind tricklers"
t=$(( $(ms) - t0 ))
kill "$t1" "$t2" 2>/dev/null || true
((t < 12000)) || e2e_fail "behind two trickling peers: $t ms (want about 5 s)"
echo "ok: two trickling peers held the workers $t ms (deadline 5 s)"
echo "PASS"
