#!/usr/bin/env bash
# End-to-end: samples/nginx-slidegif-fcgi{-http,}.conf as shipped, under a real nginx, with an
# upstream of two slidegif.fcgi backends started by spawn-fcgi, only their paths (/usr/local,
# /var/cache, /run) pointed at a temporary dir. curl checks the page, a GIF, HEAD, 304, 400s,
# that a second identical deterministic request is served from nginx's cache (it still is with
# both backends stopped), that random ones are never cached, and that a backend whose worker is
# killed under load is replaced with no failed request beyond the one in flight.
#   tests/e2e/fcgi_nginx_test.sh BUILD/slidegif.fcgi BUILD/tests/e2e/gif_frames
set -euo pipefail
gif_frames=$2
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/fcgi_nginx_lib.sh"
trap 'fcgi_nginx_stop; e2e_cleanup' EXIT
fcgi_nginx_start "$1"
fail() {
  e2e_fail "$1; body: $(head -c 300 "$b" | tr -d '\0'); nginx: $(tail -3 "$run/error.log");" \
    "backends: $(tail -q -n 3 "$run"/backend-*.log)"
}

e2e_check_sample_site "$url" "$gif_frames"

# The cache: a deterministic URL is rendered once; the second request is nginx's.
q="random=1&seed=5&nonce=$RANDOM$RANDOM"
[[ $(fetch "$url/slidegif.cgi?$q") == 200 ]] || fail "seeded random"
[[ $(header X-Cache) == MISS ]] || fail "first request: X-Cache '$(header X-Cache)'"
first=$(md5sum <"$b") etag=$(header ETag) length=$(header Content-Length)
[[ $etag == \"sg-* ]] || fail "seeded random: ETag '$etag'"
[[ $(fetch "$url/slidegif.cgi?$q") == 200 ]] || fail "seeded random again"
[[ $(header X-Cache) == HIT ]] || fail "second request: X-Cache '$(header X-Cache)'"
[[ $(md5sum <"$b") == "$first" && $(header ETag) == "$etag" ]] || fail "the cached answer differs"
[[ $(header Content-Length) == "$length" ]] || fail "cached Content-Length $(header Content-Length)"
[[ $(fetch -I "$url/slidegif.cgi?$q") == 200 && $(header X-Cache) == HIT ]] || fail "HEAD from the cache"
[[ $(header Content-Length) == "$length" ]] || fail "HEAD Content-Length $(header Content-Length)"
[[ $(fetch -H "If-None-Match: $etag" "$url/slidegif.cgi?$q") == 304 ]] || fail "If-None-Match"
[[ ! -s $b ]] || fail "304 sent a body"
echo "ok: second request, HEAD and If-None-Match from the cache (X-Cache HIT, ETag $etag)"

# Without format=, WebP for a client that takes it and GIF for one that does not, each cached
# apart: the cache never hands one client the other's answer.
for round in miss hit; do
  [[ $(fetch -H 'Accept: image/avif,image/webp,*/*' "$url/slidegif.cgi?start=867254301&tile=40") == 200 ]] || fail "webp ($round)"
  [[ $(header Content-Type) == image/webp && $(header Vary) == Accept ]] ||
    fail "webp ($round): $(header Content-Type), Vary '$(header Vary)'"
  [[ $(fetch -H 'Accept: image/gif,*/*' "$url/slidegif.cgi?start=867254301&tile=40") == 200 ]] || fail "gif ($round)"
  [[ $(header Content-Type) == image/gif ]] || fail "gif ($round): $(header Content-Type)"
done
[[ $(header X-Cache) == HIT ]] || fail "the GIF was not cached apart (X-Cache $(header X-Cache))"
echo "ok: WebP and GIF negotiated by Accept and cached apart"

# Video from the FastCGI server (it links FFmpeg; the CGI refuses it, http_test.sh): FFmpeg's
# ffprobe reads the codec and the GIF's 19.75 s of play.
for want in mp4:h264 webm:vp9; do
  [[ $(fetch "$url/slidegif.cgi?start=867254301&tile=40&format=${want%%:*}") == 200 ]] || fail "${want%%:*}: $(cat "$b")"
  [[ $(header Content-Type) == "video/${want%%:*}" ]] || fail "${want%%:*}: $(header Content-Type)"
  probe=$(ffprobe -v error -show_entries stream=codec_name:format=duration -of csv=p=0 "$b" | tr '\n' ' ')
  [[ $probe == "${want#*:} 19.750000 " ]] || fail "${want%%:*}: ffprobe says '$probe'"
done
echo "ok: MP4 (H.264) and WebM (VP9) served, 19.75 s each by ffprobe"

# Unseeded random: never cached, different every time.
[[ $(fetch "$url/slidegif.cgi?random=1") == 200 ]] || fail "random"
[[ $(header X-Cache) != HIT && $(header Cache-Control) == no-store ]] || fail "random was cached"
first=$(md5sum <"$b")
[[ $(fetch "$url/slidegif.cgi?random=1") == 200 && $(md5sum <"$b") != "$first" ]] ||
  fail "two unseeded random requests gave the same GIF"
echo "ok: unseeded random requests are not cached"

[[ $(fetch "$url/slidegif.cgi?start=123456780&goal=123456870") == 400 ]] || fail "unsolvable"
grep -q unsolvable "$b" || fail "the 400 does not say why"
long="start=123456708&title=$(printf '%*s' 4978 '' | tr ' ' x)"
[[ $(fetch "$url/slidegif.cgi?$long") == 400 ]] || fail "a ${#long}-byte query"
grep -q "query string too long" "$b" || fail "the long query's 400 does not say why"
[[ $(fetch -X POST -d x "$url/slidegif.cgi?random=1") == 403 ]] || fail "POST should be refused by nginx"
echo "ok: 400s from the backend, POST refused by nginx"

# Both backends answered (the upstream balances between them).
[[ $(sort -u "$run/upstream.log" | grep -c 'fcgi-[12].sock') == 2 ]] ||
  fail "not both backends answered: $(sort -u "$run/upstream.log")"
echo "ok: both backends answered"

# A HEAD first, on a cache miss: what nginx keeps must still be the whole GIF.
q2="start=123456708&nonce=$RANDOM$RANDOM"
[[ $(fetch -I "$url/slidegif.cgi?$q2") == 200 ]] || fail "HEAD first"
length=$(header Content-Length)
[[ $(fetch "$url/slidegif.cgi?$q2") == 200 ]] || fail "GET after HEAD"
[[ $(stat -c %s "$b") == "$length" && $(header Content-Length) == "$length" ]] ||
  fail "GET after HEAD: $(stat -c %s "$b") bytes, Content-Length $(header Content-Length), HEAD said $length"
"$gif_frames" "$b" >/dev/null || fail "GET after HEAD: giflib cannot decode the body"
echo "ok: a HEAD on a miss, then GET: the whole GIF ($length bytes, X-Cache $(header X-Cache))"

# A worker killed under load: its pool replaces it, and nginx retries the request in flight on
# the other backend, so wrk sees no failure beyond that one request.
if command -v wrk >/dev/null; then
  parent=${backend_pids[0]}
  worker=$(pgrep -P "$parent" | head -1)
  [[ -n $worker ]] || fail "backend 1 has no worker"
  wrk -t2 -c4 -d4s --timeout 10s "$url/slidegif.cgi?random=1&tween=0" >"$run/wrk.txt" 2>&1 &
  wrk_pid=$!
  sleep 1.5
  kill -9 "$worker"
  wait "$wrk_pid" || fail "wrk failed: $(cat "$run/wrk.txt")"
  non2xx=$(sed -n 's/.*Non-2xx or 3xx responses: *\([0-9]*\).*/\1/p' "$run/wrk.txt")
  errors=$(sed -n 's/.*Socket errors:.*read \([0-9]*\), write \([0-9]*\), timeout \([0-9]*\).*/\1+\2+\3/p' "$run/wrk.txt")
  (( ${non2xx:-0} + ${errors:-0} <= 1 )) || fail "$(cat "$run/wrk.txt")"
  new_worker=$(pgrep -P "$parent" | head -1)
  [[ -n $new_worker && $new_worker != "$worker" ]] || fail "the killed worker was not replaced"
  grep -q "replaced" "$run/backend-1.log" || fail "the pool did not say it replaced the worker"
  echo "ok: worker $worker killed under load, replaced by $new_worker;" \
    "$(awk '/requests in/ {print $1}' "$run/wrk.txt") requests, ${non2xx:-0} non-2xx"
fi

# Operators: each backend's counters through the sample's /slidegif/metrics/N, an access log line
# per request, and no worker left counted as busy (one was killed mid-request above).
[[ $(fetch "$url/metrics/1") == 200 ]] || fail "metrics: $(head -c 300 "$b")"
[[ $(header Content-Type) == "text/plain; version=0.0.4; charset=utf-8" ]] || fail "metrics type $(header Content-Type)"
grep -Eq '^slidegif_requests_total\{status="200",format="gif"\} [1-9]' "$b" || fail "no GIFs counted: $(cat "$b")"
grep -Eq '^slidegif_request_duration_seconds_count [1-9]' "$b" || fail "no durations: $(cat "$b")"
grep -q '^slidegif_in_flight 0$' "$b" || fail "busy workers counted after the load: $(grep in_flight "$b")"
grep -Eq '^127\.0\.0\.1 - - \[[^]]+\] "GET /slidegif/slidegif\.cgi\?[^"]* HTTP/1\.1" 200 [0-9]+$' "$run/backend-1.log" ||
  fail "no access log line: $(tail -3 "$run/backend-1.log")"
echo "ok: metrics ($(grep -c '^slidegif_requests_total' "$b") request series) and an access log"

# --max-busy: each backend four workers, one drawing at a time; requests past it are 503 at
# once, nothing else fails, and the server answers as before afterwards.
stop_backends
start_backend 1 --workers 4 --max-busy 1
start_backend 2 --workers 4 --max-busy 1
slow="random=1&tile=128&tween=6&theme=dark"
# nginx takes a backend it could not reach back after its fail_timeout (10 s).
for _ in $(seq 1 60); do
  [[ $(fetch "$url/slidegif.cgi?$slow") == 200 ]] && break
  sleep 0.25
done
[[ $(fetch "$url/slidegif.cgi?$slow") == 200 ]] || fail "the restarted backends do not answer"
[[ $(header Retry-After) == "" ]] || fail "a 200 with Retry-After"
seq 24 | xargs -P 8 -I{} curl -s -o /dev/null -w '%{http_code}\n' "$url/slidegif.cgi?$slow&n={}" \
  >"$run/busy.txt" &
burst=$!
# Health probes amid the burst: 200, however busy (a 503 would have a load balancer mark a
# backend down that takes work again in a second).
sleep 0.3
health=""
for n in $(seq 1 10); do
  health+="$(curl -s -o /dev/null -w '%{http_code}' "$url/slidegif.cgi?health=1&n=$n") "
  sleep 0.05
done
wait "$burst"
[[ $health == "$(printf '200 %.0s' $(seq 1 10))" ]] || fail "health probes under --max-busy: $health"
ok=$(grep -c '^200$' "$run/busy.txt" || true)
busy=$(grep -c '^503$' "$run/busy.txt" || true)
(( ok + busy == 24 && ok > 0 && busy > 0 )) || fail "under --max-busy 1: $(sort "$run/busy.txt" | uniq -c | tr '\n' ' ')"
[[ $(fetch "$url/slidegif.cgi?$slow") == 200 ]] || fail "after the burst: $(head -c 200 "$b")"
refused=0
for n in 1 2; do
  [[ $(fetch "$url/metrics/$n") == 200 ]] || fail "metrics/$n"
  refused=$((refused + $(sed -n 's/^slidegif_refused_busy_total //p' "$b")))
done
((refused == busy)) || fail "$busy refused, the backends counted $refused"
echo "ok: --max-busy 1 under 8 at once: $ok drawn, $busy refused with 503; 10 health probes 200"

# With both backends stopped, the cached answer is still served: it never reaches a backend.
stop_backends
[[ $(fetch "$url/slidegif.cgi?$q") == 200 && $(header X-Cache) == HIT ]] ||
  fail "the cached answer needed a backend"
[[ $(md5sum <"$b") != "" ]]
[[ $(fetch "$url/slidegif.cgi?random=1") == 502 ]] || fail "no backend should be 502"
echo "ok: with both backends stopped, the cached answer is still served (HIT), random is 502"

errors=$(grep -E '\[(emerg|alert|crit)\]' "$run/error.log" || true)
[[ -z $errors ]] || fail "nginx logged: $errors"
echo "PASS"
