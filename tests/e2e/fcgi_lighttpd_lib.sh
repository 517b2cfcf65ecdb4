# Sourced after lib.sh: slidegif.fcgi started by the test on a free TCP port, behind lighttpd
# with samples/lighttpd-fcgi.conf pointed at that port (the test, not lighttpd, owns the
# backend, so it can signal, kill and restart it). Shared by the faults and the stop tests.
#   fcgi_backend_start BUILD/slidegif.fcgi [OPTIONS...]  # sets port, backend_pid
#   fcgi_lighttpd_start                                  # sets url; E2E_PID is lighttpd
#   fcgi_workers                                         # the backend's worker pids
backend_pid=""

fcgi_backend_start() {
  local fcgi=$1
  shift
  mkdir -p "$E2E_STATE/pdb"
  for _ in $(seq 1 20); do  # tried until a port is free
    port=$((20000 + RANDOM % 40000))
    "$fcgi" --listen "127.0.0.1:$port" --pdb-dir "$E2E_STATE/pdb" "$@" \
      2>>"$E2E_STATE/backend.log" &
    backend_pid=$!
    sleep 0.3
    kill -0 "$backend_pid" 2>/dev/null && return 0
    backend_pid=""
  done
  e2e_fail "the backend did not start: $(tail -3 "$E2E_STATE/backend.log")"
}

fcgi_workers() { pgrep -P "$backend_pid" | sort | tr '\n' ' '; }

fcgi_lighttpd_start() {
  sed -e "s|\"bin-path\".*|\"host\" => \"127.0.0.1\", \"port\" => $port,|" \
    -e '/"socket"/d' -e '/"bin-environment"/d' -e '/"max-procs"/d' \
    "$E2E_SOURCE_DIR/samples/lighttpd-fcgi.conf" >"$E2E_STATE/lighttpd.conf"
  e2e_start_on_free_port fcgi_lighttpd_run "" || e2e_fail "lighttpd did not start"
  url="http://127.0.0.1:$E2E_PORT/slidegif.cgi"
}

fcgi_lighttpd_run() {
  : >"$E2E_STATE/error.log"
  SLIDEGIF_PORT=$1 SLIDEGIF_WEB=$E2E_SOURCE_DIR/samples/web SLIDEGIF_STATE=$E2E_STATE \
    lighttpd -D -f "$E2E_STATE/lighttpd.conf" 2>>"$E2E_STATE/error.log" &
  E2E_PID=$!
}
