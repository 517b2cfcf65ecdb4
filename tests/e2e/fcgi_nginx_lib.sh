# Sourced after lib.sh: nginx with samples/nginx-slidegif-fcgi{-http,}.conf as shipped, in front
# of two slidegif.fcgi backends started by spawn-fcgi (one worker each), with only the samples'
# paths (/usr/local, /var/cache, /run) pointed at $run under the test's directory. Shared by the
# e2e test and the benchmark.
#   fcgi_nginx_start BUILD/slidegif.fcgi   # sets run, url, backend_pids; E2E_PID is nginx
#   fcgi_nginx_stop                        # nginx, then the backends

backend_pids=()
stop_backends() {
  for pid in "${backend_pids[@]}"; do e2e_kill "$pid"; done
  backend_pids=()
}

fcgi_nginx_stop() {
  e2e_stop_server
  stop_backends
}

# As root, nginx's workers and the backends run as www-data, which may not reach the build tree:
# the program, its font (found beside it, ../fonts) and the page are copied where it can.
fcgi_nginx_prepare() {
  local fcgi
  fcgi=$(realpath "$1")
  run=$E2E_STATE/nginx
  mkdir -p "$run/bin" "$run/fonts" "$run/web" "$run/pdb" "$run/tmp" "$run/cache" "$run/sock"
  cp "$fcgi" "$run/bin/slidegif.fcgi"
  cp "$E2E_SOURCE_DIR"/fonts/*.ttf "$run/fonts/"
  cp "$E2E_SOURCE_DIR/samples/web/index.html" "$run/web/"
  chmod 711 "$E2E_STATE"
  chmod -R a+rX "$run"
  spawn_user=()
  if ((EUID == 0)); then
    chown www-data "$run" "$run/cache" "$run/sock" "$run/tmp"
    spawn_user=(-u www-data -g www-data -U www-data -G www-data)
  fi
  local part
  for part in "" -http; do
    sed -e "s|/usr/local/share/slidegif/web|$run/web|" \
      -e "s|/var/cache/nginx/slidegif|$run/cache|" \
      -e "s|/run/slidegif/|$run/sock/|" \
      "$E2E_SOURCE_DIR/samples/nginx-slidegif-fcgi$part.conf" >"$run/slidegif$part.conf"
    sed -e 's/#.*//' -e "s|$run/||g" "$run/slidegif$part.conf" | grep -E '/usr/local|/run/|/var/' &&
      e2e_fail "a system path is left in nginx-slidegif-fcgi$part.conf (above)"
  done
  return 0
}

# A backend as the sample's comment says: spawn-fcgi, one worker (-n: spawn-fcgi execs the
# program, so the pid is the pool's parent).
start_backend() {  # number [slidegif.fcgi options, default --workers 1]
  local sock=$run/sock/fcgi-$1.sock n=$1
  shift
  local options=("$@")
  # $FCGI_BACKEND_OPTIONS (word-split) after the default --workers 1.
  ((${#options[@]} > 0)) || read -r -a options <<<"--workers 1 ${FCGI_BACKEND_OPTIONS:-}"
  rm -f "$sock"
  env -i PATH=/usr/bin:/bin SLIDEGIF_PDB_DIR="$run/pdb" \
    spawn-fcgi -n -s "$sock" -M 0660 "${spawn_user[@]}" -- "$run/bin/slidegif.fcgi" "${options[@]}" \
    2>>"$run/backend-$n.log" &
  backend_pids+=($!)
  for _ in $(seq 1 50); do
    [[ -S $sock ]] && return 0
    sleep 0.1
  done
  e2e_fail "backend $n did not start: $(tail -5 "$run/backend-$n.log")"
}

start_nginx() {  # port
  # Which backend answered, for the upstream and cache checks.
  e2e_start_nginx "$run" "$nginx" "$1" "log_format upstream '\$upstream_addr';
  access_log $run/upstream.log upstream;
  include $run/slidegif-http.conf;"
}

fcgi_nginx_start() {
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
  [[ -x $nginx ]] || e2e_fail "nginx is not installed (scripts/install-deps)"
  command -v spawn-fcgi >/dev/null || e2e_fail "spawn-fcgi is not installed (scripts/install-deps)"
  fcgi_nginx_prepare "$1"
  start_backend 1
  start_backend 2
  e2e_start_on_free_port start_nginx slidegif/ ||
    e2e_fail "nginx did not start: $(tail -5 "$run/error.log")"
  url=http://127.0.0.1:$E2E_PORT/slidegif
}
