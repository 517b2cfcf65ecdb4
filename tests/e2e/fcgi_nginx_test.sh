#!/usr/bin/env bash
# End-to-end: samples/nginx-slidegif-fcgi{-http,}.conf as shipped, under a real nginx, with an
# upstream of two slidegif.fcgi backends started by spawn-fcgi, only their paths (/usr/local,
# /var/cache, /run) pointed at a temporary dir. curl checks the page, a GIF, HEAD, 304, 400s,
# that a second identical deterministic request is served from nginx's cache (it still is with
# both backends stopped), that random ones are never cached, and that a backend whose worker is
# killed under load is replaced with no failed request beyond the one in flight.
#   tests/e2e/fcgi_nginx_test.sh BUILD/slidegif.fcgi BUILD/tests/e2e/gif_frames
set -euo pipefail
fcgi=$(realpath "$1") gif_frames=$2
source "$(dirname "$0")/lib.sh"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x $nginx ]] || e2e_fail "nginx is not installed (scripts/install-deps)"
command -v spawn-fcgi >/dev/null || e2e_fail "spawn-fcgi is not installed (scripts/install-deps)"

backend_pids=()
stop_backends() {
  for pid in "${backend_pids[@]}"; do e2e_kill "$pid"; done
  backend_pids=()
}
trap 'e2e_stop_server; stop_backends; e2e_cleanup' EXIT

# As root, nginx's workers and the backends run as www-data, which may not reach the build tree:
# the program, its font (found beside it, ../fonts) and the page are copied where it can.
run=$E2E_STATE/nginx
mkdir -p "$run/bin" "$run/fonts" "$run/web" "$run/pdb" "$run/tmp" "$run/cache" "$run/sock"
cp "$fcgi" "$run/bin/slidegif.fcgi"
cp "$E2E_SOURCE_DIR"/fonts/*.ttf "$run/fonts/"
cp "$E2E_SOURCE_DIR/samples/web/index.html" "$run/web/"
chmod 711 "$E2E_STATE"
chmod -R a+rX "$run"
user_line="" spawn_user=()
if ((EUID == 0)); then
  chown www-data "$run" "$run/cache" "$run/sock" "$run/tmp"
  user_line="user www-data;"
  spawn_user=(-u www-data -g www-data -U www-data -G www-data)
fi

for part in "" -http; do
  sed -e "s|/usr/local/share/slidegif/web|$run/web|" \
    -e "s|/var/cache/nginx/slidegif|$run/cache|" \
    -e "s|/run/slidegif/|$run/sock/|" \
    "$E2E_SOURCE_DIR/samples/nginx-slidegif-fcgi$part.conf" >"$run/slidegif$part.conf"
  sed -e 's/#.*//' -e "s|$run/||g" "$run/slidegif$part.conf" | grep -E '/usr/local|/run/|/var/' &&
    e2e_fail "a system path is left in nginx-slidegif-fcgi$part.conf (above)"
done

# Two backends as the sample's comment says: spawn-fcgi, one worker each here (-n: spawn-fcgi
# execs the program, so the pid is the pool's parent).
start_backend() {  # number
  local sock=$run/sock/fcgi-$1.sock
  rm -f "$sock"
  env -i PATH=/usr/bin:/bin SLIDEGIF_PDB_DIR="$run/pdb" \
    spawn-fcgi -n -s "$sock" -M 0660 "${spawn_user[@]}" -- "$run/bin/slidegif.fcgi" --workers 1 \
    2>>"$run/backend-$1.log" &
  backend_pids+=($!)
  for _ in $(seq 1 50); do
    [[ -S $sock ]] && return 0
    sleep 0.1
  done
  e2e_fail "backend $1 did not start: $(tail -5 "$run/backend-$1.log")"
}
start_backend 1
start_backend 2

mime=""
[[ -f /etc/nginx/mime.types ]] && mime="include /etc/nginx/mime.types;"
start_nginx() {
  local port=$1
  cat >"$run/nginx.conf" <<CONF
$user_line
daemon off;
worker_processes 1;
pid $run/nginx.pid;
error_log $run/error.log;
events { worker_connections 64; }
http {
  $mime
  access_log $run/access.log;
  log_format upstream '\$upstream_addr';
  access_log $run/upstream.log upstream;
  client_body_temp_path $run/tmp/body;
  fastcgi_temp_path $run/tmp/fastcgi;
  proxy_temp_path $run/tmp/proxy;
  uwsgi_temp_path $run/tmp/uwsgi;
  scgi_temp_path $run/tmp/scgi;
  include $run/slidegif-http.conf;
  server {
    listen 127.0.0.1:$port;
    include $run/slidegif.conf;
  }
}
CONF
  "$nginx" -p "$run/" -c "$run/nginx.conf" -e stderr 2>>"$run/error.log" &
  E2E_PID=$!
}

e2e_start_on_free_port start_nginx slidegif/ ||
  e2e_fail "nginx did not start: $(tail -5 "$run/error.log")"
url=http://127.0.0.1:$E2E_PORT/slidegif
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
