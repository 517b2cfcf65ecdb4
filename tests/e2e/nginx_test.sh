#!/usr/bin/env bash
# End-to-end: samples/nginx-slidegif.conf as shipped, under a real nginx (Debian's) passing the
# CGI to fcgiwrap, with only its paths (/usr/local, /var/cache, /run) pointed at a temporary dir.
# curl checks the page, a GIF, HEAD, a 304, 400 messages, and that nginx itself refuses POST.
#   tests/e2e/nginx_test.sh BUILD/slidegif.cgi BUILD/tests/e2e/gif_frames
set -euo pipefail
cgi=$(realpath "$1") gif_frames=$2
source "$(dirname "$0")/lib.sh"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
fcgiwrap=$(command -v fcgiwrap || echo /usr/sbin/fcgiwrap)
[[ -x $nginx ]] || e2e_fail "nginx is not installed (scripts/install-deps)"
[[ -x $fcgiwrap ]] || e2e_fail "fcgiwrap is not installed (scripts/install-deps)"

# lib.sh stops the server in $E2E_PID (nginx) on exit; fcgiwrap is this script's to stop, first
# nginx, then fcgiwrap, then lib.sh's cleanup removes the directory.
fcgi_pid=""
trap 'e2e_stop_server; e2e_kill "$fcgi_pid"; e2e_cleanup' EXIT

# As root, nginx's workers and fcgiwrap (so the CGI) run as www-data, as Debian's packages run
# them; www-data may not reach the build tree, so the program, its font (found beside it,
# ../fonts) and the page are copied where it can. fcgiwrap's socket is then www-data's own.
run=$E2E_STATE/nginx
mkdir -p "$run/bin" "$run/fonts" "$run/web" "$run/pdb" "$run/tmp"
cp "$cgi" "$run/bin/slidegif.cgi"
cp "$E2E_SOURCE_DIR"/fonts/*.ttf "$run/fonts/"
cp "$E2E_SOURCE_DIR/samples/web/index.html" "$run/web/"
# The sample's relative "include fastcgi_params" resolves beside nginx.conf, as in /etc/nginx.
cp /etc/nginx/fastcgi_params "$run/"
chmod 711 "$E2E_STATE"
chmod -R a+rX "$run"
as_user=()
if ((EUID == 0)); then
  chown www-data "$run"
  as_user=(setpriv --reuid=www-data --regid=www-data --init-groups)
fi

sock=$run/fcgiwrap.sock
sed -e "s|/usr/local/lib/cgi-bin/slidegif.cgi|$run/bin/slidegif.cgi|" \
  -e "s|/usr/local/share/slidegif/web|$run/web|" \
  -e "s|/var/cache/slidegif|$run/pdb|" \
  -e "s|/run/fcgiwrap.socket|$sock|" \
  "$E2E_SOURCE_DIR/samples/nginx-slidegif.conf" >"$run/slidegif.conf"
sed -e 's/#.*//' -e "s|$run/||g" "$run/slidegif.conf" | grep -E '/usr/local|/run/|/var/' &&
  e2e_fail "a system path is left in the config (above)"

# fcgiwrap as Debian's fcgiwrap.service runs it: one process (with -c N, a SIGTERM would stop
# only the parent and leave the N children running), -f: the CGI's stderr to nginx's error log,
# and a clean environment, which the CGI inherits beside nginx's fastcgi_params. -p holds it to
# this one program, as the README advises.
env -i PATH=/usr/bin:/bin "${as_user[@]}" "$fcgiwrap" -f -p "$run/bin/slidegif.cgi" \
  -s "unix:$sock" 2>>"$run/fcgiwrap.log" &
fcgi_pid=$!
for _ in $(seq 1 50); do
  [[ -S $sock ]] && break
  kill -0 "$fcgi_pid" 2>/dev/null || break
  sleep 0.1
done
[[ -S $sock ]] || e2e_fail "fcgiwrap did not start: $(tail -5 "$run/fcgiwrap.log")"

start_nginx() { e2e_start_nginx "$run" "$nginx" "$1" ""; }

e2e_start_on_free_port start_nginx slidegif/ ||
  e2e_fail "nginx did not start: $(tail -5 "$run/error.log")"
url=http://127.0.0.1:$E2E_PORT/slidegif
fail() {
  e2e_fail "$1; body: $(head -c 300 "$b" | tr -d '\0'); nginx: $(tail -3 "$run/error.log");" \
    "fcgiwrap: $(tail -3 "$run/fcgiwrap.log")"
}

# nginx passes the CGI's Content-Length on.
e2e_check_sample_site "$url" "$gif_frames"

e2e_check_revalidation "$url"

# Past the CGI's 4096-byte limit but well inside nginx's 8k request line: the CGI's own 400.
long="start=123456708&title=$(printf '%*s' 4978 '' | tr ' ' x)"
[[ $(fetch "$url/slidegif.cgi?$long") == 400 ]] || fail "a ${#long}-byte query"
[[ $(header Content-Type) == text/plain* ]] || fail "long query: Content-Type $(header Content-Type)"
grep -q "query string too long" "$b" || fail "the long query's 400 does not say why"
echo "ok: ${#long}-byte query: 400 $(head -c 60 "$b")"

e2e_check_refusals "$url" nginx

# Nothing went wrong on the way that the answers do not show (the POST denial is logged).
errors=$(grep -E '\[(emerg|alert|crit|error)\]' "$run/error.log" | grep -v 'access forbidden by rule' || true)
[[ -z $errors ]] || fail "nginx logged: $errors"
[[ ! -s $run/fcgiwrap.log ]] || fail "fcgiwrap wrote to stderr"
echo "PASS"
