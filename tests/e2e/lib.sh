# Shared by the end-to-end scripts (sourced, not run): starts lighttpd with samples/lighttpd.conf
# on a free loopback port and stops it when the calling script exits.
#   source lib.sh; e2e_start_server /path/to/slidegif.cgi; curl "$E2E_URL/slidegif.cgi?..."

E2E_SOURCE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
E2E_STATE=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-e2e.XXXXXX")
E2E_PID=""

e2e_stop_server() {
  if [[ -n $E2E_PID ]]; then
    kill "$E2E_PID" 2>/dev/null || true
    wait "$E2E_PID" 2>/dev/null || true
  fi
  E2E_PID=""
}

e2e_cleanup() {
  e2e_stop_server
  rm -rf "$E2E_STATE"
}
trap e2e_cleanup EXIT

e2e_fail() {
  echo "FAIL: $*" >&2
  [[ -f $E2E_STATE/error.log ]] && sed 's/^/  lighttpd: /' "$E2E_STATE/error.log" >&2
  exit 1
}

# e2e_start_server CGI_PATH [WEB_DIR]: sets E2E_PORT and E2E_URL; the CGI answers at
# $E2E_URL/slidegif.cgi whatever its file name. e2e_stop_server stops it early.
e2e_start_server() {
  local cgi=$1 web=${2:-$E2E_SOURCE_DIR/samples/web}
  command -v lighttpd >/dev/null || e2e_fail "lighttpd is not installed (scripts/install-deps)"
  [[ -x $cgi ]] || e2e_fail "$cgi is not built"
  # lighttpd resolves relative paths against its own working directory: pass absolute ones.
  cgi=$(realpath "$cgi") web=$(realpath "$web")
  # A random high port; another process may hold it, so retry a bounded number of times.
  for _ in $(seq 1 20); do
    E2E_PORT=$((20000 + RANDOM % 40000))
    : >"$E2E_STATE/error.log"
    # An empty pattern-database directory: the tests see the no-database fallback.
    mkdir -p "$E2E_STATE/pdb"
    SLIDEGIF_PDB_DIR=$E2E_STATE/pdb \
    SLIDEGIF_PORT=$E2E_PORT SLIDEGIF_WEB=$web SLIDEGIF_CGI=$cgi SLIDEGIF_STATE=$E2E_STATE \
      lighttpd -D -f "$E2E_SOURCE_DIR/samples/lighttpd.conf" 2>>"$E2E_STATE/error.log" &
    E2E_PID=$!
    for _ in $(seq 1 50); do
      if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$E2E_PORT/"; then
        E2E_URL="http://127.0.0.1:$E2E_PORT"
        return 0
      fi
      kill -0 "$E2E_PID" 2>/dev/null || break  # died: most likely the port was taken
      sleep 0.1
    done
    e2e_stop_server
  done
  e2e_fail "lighttpd did not start"
}
