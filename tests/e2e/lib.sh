# Shared by the end-to-end scripts (sourced, not run): starts lighttpd with samples/lighttpd.conf
# on a free loopback port and stops it when the calling script exits.
#   source lib.sh; e2e_start_server /path/to/slidegif.cgi; curl "$E2E_URL/slidegif.cgi?..."

E2E_SOURCE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
E2E_STATE=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-e2e.XXXXXX")
E2E_PID=""
# A home of the script's own: nothing it runs reads or writes the user's home or cache.
export HOME=$E2E_STATE/home XDG_CACHE_HOME=$E2E_STATE/home/.cache
export XDG_CONFIG_HOME=$E2E_STATE/home/.config XDG_DATA_HOME=$E2E_STATE/home/.local/share
unset SLIDEGIF_PDB_DIR
mkdir -p "$HOME"

# e2e_kill PID: stops a background process of this script and reaps it (no-op when empty).
e2e_kill() {
  [[ -n $1 ]] || return 0
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

e2e_stop_server() {
  e2e_kill "$E2E_PID"
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

# e2e_start_on_free_port START_FN PATH: runs `START_FN PORT` (which starts a server in the
# background and sets E2E_PID) on random high ports until http://127.0.0.1:PORT/PATH answers;
# another process may hold a port, so a bounded number of tries. Sets E2E_PORT; fails with 1.
e2e_start_on_free_port() {
  local start=$1 path=$2
  for _ in $(seq 1 20); do
    E2E_PORT=$((20000 + RANDOM % 40000))
    "$start" "$E2E_PORT"
    for _ in $(seq 1 50); do
      curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$E2E_PORT/$path" && return 0
      kill -0 "$E2E_PID" 2>/dev/null || break  # died: most likely the port was taken
      sleep 0.1
    done
    e2e_stop_server
  done
  return 1
}

# e2e_start_server CGI_PATH [WEB_DIR]: sets E2E_PORT and E2E_URL; the CGI answers at
# $E2E_URL/slidegif.cgi whatever its file name. A program named *.fcgi is the FastCGI server,
# run by samples/lighttpd-fcgi.conf at the same URL. e2e_stop_server stops it early.
e2e_start_server() {
  local cgi=$1 web=${2:-$E2E_SOURCE_DIR/samples/web}
  command -v lighttpd >/dev/null || e2e_fail "lighttpd is not installed (scripts/install-deps)"
  [[ -x $cgi ]] || e2e_fail "$cgi is not built"
  # lighttpd resolves relative paths against its own working directory: pass absolute ones.
  E2E_CGI=$(realpath "$cgi") E2E_WEB=$(realpath "$web")
  # An empty pattern-database directory: the tests see the no-database fallback.
  mkdir -p "$E2E_STATE/pdb"
  e2e_start_on_free_port e2e_start_lighttpd "" || e2e_fail "lighttpd did not start"
  E2E_URL="http://127.0.0.1:$E2E_PORT"
}

e2e_start_lighttpd() {
  local conf=lighttpd.conf
  [[ $E2E_CGI == *.fcgi ]] && conf=lighttpd-fcgi.conf
  : >"$E2E_STATE/error.log"
  # lighttpd splits bin-path at spaces: $E2E_FCGI_ARGS become the FastCGI server's options.
  SLIDEGIF_PDB_DIR=$E2E_STATE/pdb SLIDEGIF_FCGI="$E2E_CGI${E2E_FCGI_ARGS:+ $E2E_FCGI_ARGS}" \
  SLIDEGIF_PICTURE_DIR=${E2E_PICTURE_DIR:-$E2E_SOURCE_DIR/samples/pictures} \
  SLIDEGIF_PORT=$1 SLIDEGIF_WEB=$E2E_WEB SLIDEGIF_CGI=$E2E_CGI SLIDEGIF_STATE=$E2E_STATE \
    lighttpd -D -f "$E2E_SOURCE_DIR/samples/$conf" 2>>"$E2E_STATE/error.log" &
  E2E_PID=$!
}

# fetch [curl args...] URL: prints the status code; the headers are in $h, the body in $b.
h=$E2E_STATE/headers b=$E2E_STATE/body
fetch() { rm -f "$b"; : >"$b"; curl -s --max-time 20 -D "$h" -o "$b" -w '%{http_code}' "$@"; }
# header NAME: its value in the last fetch (empty if absent).
header() { grep -i "^$1:" "$h" | head -1 | cut -d' ' -f2- | tr -d '\r' || true; }

# e2e_head_sends_no_body PORT PATH: a raw HEAD to 127.0.0.1:PORT, read to the connection's end
# (curl would not show a body sent after HEAD headers). Fails the test on a body or not-200.
e2e_head_sends_no_body() {
  exec 3<>"/dev/tcp/127.0.0.1/$1"
  printf 'HEAD %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$2" >&3
  timeout 10 cat <&3 >"$b" || true
  exec 3<&-
  grep -q '^HTTP/1.1 200' "$b" || e2e_fail "raw HEAD $2: $(head -1 "$b")"
  [[ $(sed '1,/^\r$/d' "$b" | wc -c) == 0 ]] || e2e_fail "HEAD $2 sent a body"
}

# e2e_check_sample_site URL GIF_FRAMES: what every sample server config must serve, URL being
# its /slidegif base: the page, a GIF (with the CGI's Content-Length passed on, or chunked),
# and HEAD without a body. Failures go through the caller's `fail MESSAGE` (which adds its
# server's logs).
e2e_check_sample_site() {
  local url=$1 gif_frames=$2 length info
  [[ $(fetch "$url/") == 200 ]] || fail "the page"
  grep -q 'slidegif.cgi' "$b" || fail "the page does not point at slidegif.cgi"
  echo "ok: the page at $url/"

  [[ $(fetch "$url/slidegif.cgi?start=123456708&tween=0") == 200 ]] || fail "a GIF"
  [[ $(header Content-Type) == image/gif ]] || fail "Content-Type $(header Content-Type)"
  length=$(header Content-Length)
  [[ -z $length || $length == "$(stat -c %s "$b")" ]] || fail "Content-Length mismatch"
  [[ -n $length || $(header Transfer-Encoding) == chunked ]] || fail "neither a length nor chunks"
  info=$("$gif_frames" "$b") || fail "giflib cannot decode the body"
  [[ ${info%% *} == 2 ]] || fail "frames: $info, want 2 (one move, no tweens)"
  echo "ok: a GIF ($info; ${length:+Content-Length $length}$(header Transfer-Encoding))"

  [[ $(fetch -I "$url/slidegif.cgi?start=123456708") == 200 ]] || fail "HEAD"
  [[ $(header Content-Type) == image/gif ]] || fail "HEAD: Content-Type $(header Content-Type)"
  e2e_head_sends_no_body "$E2E_PORT" "/${url#http://*/}/slidegif.cgi?start=123456708"
  echo "ok: HEAD"
}

# e2e_check_revalidation URL: a conditional GET passes through the server to the CGI
# (HTTP_IF_NONE_MATCH), which answers 304 itself: no body, the same ETag. Through `fail`.
e2e_check_revalidation() {
  local cgi=$1/slidegif.cgi?random=1\&seed=5 etag
  [[ $(fetch "$cgi") == 200 ]] || fail "seeded random"
  etag=$(header ETag)
  [[ $etag == \"sg-* && $(header Cache-Control) == public,* ]] || fail "seeded random: ETag '$etag'"
  [[ $(fetch -H "If-None-Match: $etag" "$cgi") == 304 ]] || fail "If-None-Match $etag"
  [[ ! -s $b ]] || fail "304 sent a body"
  [[ $(header ETag) == "$etag" ]] || fail "304 ETag '$(header ETag)', want $etag"
  echo "ok: 304 for If-None-Match $etag"
}

# e2e_check_refusals URL SERVER: the CGI's 400 says why; POST is refused by SERVER's config
# (403) before it reaches the CGI. Through `fail`.
e2e_check_refusals() {
  local url=$1 server=$2
  [[ $(fetch "$url/slidegif.cgi?start=123456780&goal=123456870") == 400 ]] || fail "unsolvable"
  grep -q unsolvable "$b" || fail "the 400 does not say why"
  echo "ok: 400 $(head -c 60 "$b")"
  [[ $(fetch -X POST -d x "$url/slidegif.cgi?random=1") == 403 ]] ||
    fail "POST should be refused by $server"
  ! grep -q "not allowed" "$b" || fail "POST reached the CGI"
  echo "ok: POST refused by the config (403)"
}

# e2e_start_nginx RUN NGINX PORT EXTRA: nginx in the foreground, everything in RUN (its site
# config is RUN/slidegif.conf, inside a server on 127.0.0.1:PORT), as www-data when root, with
# EXTRA lines in the http block (the front end's own). Sets E2E_PID.
e2e_start_nginx() {
  local run=$1 nginx=$2 port=$3 extra=$4 user="" mime=""
  ((EUID == 0)) && user="user www-data;"
  [[ -f /etc/nginx/mime.types ]] && mime="include /etc/nginx/mime.types;"
  cat >"$run/nginx.conf" <<CONF
$user
daemon off;
worker_processes 1;
pid $run/nginx.pid;
error_log $run/error.log;
events { worker_connections 256; }
http {
  $mime
  access_log $run/access.log;
  client_body_temp_path $run/tmp/body;
  fastcgi_temp_path $run/tmp/fastcgi;
  proxy_temp_path $run/tmp/proxy;
  uwsgi_temp_path $run/tmp/uwsgi;
  scgi_temp_path $run/tmp/scgi;
  $extra
  server {
    listen 127.0.0.1:$port;
    include $run/slidegif.conf;
  }
}
CONF
  "$nginx" -p "$run/" -c "$run/nginx.conf" -e stderr 2>>"$run/error.log" &
  E2E_PID=$!
}

# e2e_start_apache RUN MODULES APACHE PORT EXTRA: a minimal Apache in the foreground, everything
# in RUN (its site config is RUN/slidegif.conf), the modules every test needs plus EXTRA lines
# (the front end's own: mod_cgid or mod_proxy_fcgi). Sets E2E_PID.
e2e_start_apache() {
  local run=$1 modules=$2 apache=$3 port=$4 extra=$5
  cat >"$run/httpd.conf" <<CONF
ServerName 127.0.0.1
Listen 127.0.0.1:$port
User www-data
Group www-data
PidFile $run/httpd.pid
ErrorLog $run/error.log
DefaultRuntimeDir $run
Mutex file:$run default
LoadModule mpm_event_module $modules/mod_mpm_event.so
LoadModule authz_core_module $modules/mod_authz_core.so
LoadModule alias_module $modules/mod_alias.so
LoadModule mime_module $modules/mod_mime.so
LoadModule dir_module $modules/mod_dir.so
$extra
TypesConfig /etc/mime.types
Include $run/slidegif.conf
CONF
  "$apache" -f "$run/httpd.conf" -DFOREGROUND 2>>"$run/error.log" &
  E2E_PID=$!
}
