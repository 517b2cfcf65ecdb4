#!/usr/bin/env bash
# End-to-end: samples/apache-slidegif-fcgi.conf as shipped, under a real Apache 2.4 (Debian's
# apache2-bin, mod_proxy_fcgi) in front of slidegif.fcgi started by spawn-fcgi, with only its
# paths pointed at a temporary dir. curl checks the page, a GIF, HEAD, a 304, a 400 message,
# and that Apache itself refuses other methods.
#   tests/e2e/fcgi_apache_test.sh BUILD/slidegif.fcgi BUILD/tests/e2e/gif_frames
set -euo pipefail
fcgi=$(realpath "$1") gif_frames=$2
source "$(dirname "$0")/lib.sh"
apache=$(command -v apache2 || echo /usr/sbin/apache2)
modules=/usr/lib/apache2/modules
[[ -x $apache && -f $modules/mod_proxy_fcgi.so ]] ||
  e2e_fail "apache2 is not installed (scripts/install-deps)"
command -v spawn-fcgi >/dev/null || e2e_fail "spawn-fcgi is not installed (scripts/install-deps)"
backend_pid=""
trap 'e2e_stop_server; e2e_kill "$backend_pid"; e2e_cleanup' EXIT

run=$E2E_STATE/apache
mkdir -p "$run/bin" "$run/fonts" "$run/web" "$run/pdb" "$run/sock"
cp "$fcgi" "$run/bin/slidegif.fcgi"
cp "$E2E_SOURCE_DIR"/fonts/*.ttf "$run/fonts/"
cp "$E2E_SOURCE_DIR/samples/web/index.html" "$run/web/"
chmod 711 "$E2E_STATE"
chmod -R a+rX "$run"
spawn_user=()
if ((EUID == 0)); then
  chown www-data "$run" "$run/sock"
  spawn_user=(-u www-data -g www-data -U www-data -G www-data)
fi

sed -e "s|/usr/local/share/slidegif/web|$run/web|" -e "s|/run/slidegif/|$run/sock/|" \
  "$E2E_SOURCE_DIR/samples/apache-slidegif-fcgi.conf" >"$run/slidegif.conf"
grep -v "^#" "$run/slidegif.conf" | grep -qE '/usr/local|/run/' &&
  e2e_fail "a system path is left in the config"

sock=$run/sock/fcgi-1.sock
env -i PATH=/usr/bin:/bin SLIDEGIF_PDB_DIR="$run/pdb" \
  spawn-fcgi -n -s "$sock" -M 0660 "${spawn_user[@]}" -- "$run/bin/slidegif.fcgi" \
  2>>"$run/backend.log" &
backend_pid=$!
for _ in $(seq 1 50); do
  [[ -S $sock ]] && break
  sleep 0.1
done
[[ -S $sock ]] || e2e_fail "the backend did not start: $(tail -5 "$run/backend.log")"

start_apache() {
  e2e_start_apache "$run" "$modules" "$apache" "$1" "LoadModule proxy_module $modules/mod_proxy.so
LoadModule proxy_fcgi_module $modules/mod_proxy_fcgi.so"
}

e2e_start_on_free_port start_apache slidegif/ ||
  e2e_fail "apache did not start: $(tail -5 "$run/error.log")"
url=http://127.0.0.1:$E2E_PORT/slidegif
fail() {
  e2e_fail "$1; body: $(head -c 300 "$b" | tr -d '\0'); apache: $(tail -3 "$run/error.log");" \
    "backend: $(tail -3 "$run/backend.log")"
}

e2e_check_sample_site "$url" "$gif_frames"

e2e_check_revalidation "$url"
e2e_check_refusals "$url" Apache
echo "PASS"
