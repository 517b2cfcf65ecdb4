#!/usr/bin/env bash
# End-to-end: samples/apache-slidegif.conf as shipped, under a real Apache 2.4 (Debian's
# apache2-bin, mod_cgid), with only its /usr/local paths pointed at the build tree. curl checks
# the page, a GIF, HEAD, a 400 message, and that Apache itself refuses other methods.
#   tests/e2e/apache_test.sh BUILD/slidegif.cgi BUILD/tests/e2e/gif_frames
set -euo pipefail
cgi=$(realpath "$1") gif_frames=$2
source "$(dirname "$0")/lib.sh"
apache=$(command -v apache2 || echo /usr/sbin/apache2)
modules=/usr/lib/apache2/modules
[[ -x $apache && -f $modules/mod_cgid.so ]] || e2e_fail "apache2 is not installed (scripts/install-deps)"

# Apache, started as root, runs the CGI as www-data, which may not reach the build tree: the
# program, its font (found beside it, ../fonts) and the page are copied where it can.
run=$E2E_STATE/apache
mkdir -p "$run/bin" "$run/fonts" "$run/web" "$run/pdb"
cp "$cgi" "$run/bin/slidegif.cgi"
cp "$E2E_SOURCE_DIR"/fonts/*.ttf "$run/fonts/"
cp "$E2E_SOURCE_DIR/samples/web/index.html" "$run/web/"
chmod 711 "$E2E_STATE"
chmod -R a+rX "$run"
chown www-data "$run"

sed -e "s|/usr/local/lib/cgi-bin/slidegif.cgi|$run/bin/slidegif.cgi|" \
  -e "s|/usr/local/share/slidegif/web|$run/web|" \
  -e "s|/var/cache/slidegif|$run/pdb|" \
  "$E2E_SOURCE_DIR/samples/apache-slidegif.conf" >"$run/slidegif.conf"
grep -v "^#" "$run/slidegif.conf" | grep -q /usr/local && e2e_fail "a /usr/local path is left in the config"

start_apache() {
  e2e_start_apache "$run" "$modules" "$apache" "$1" "LoadModule env_module $modules/mod_env.so
LoadModule cgid_module $modules/mod_cgid.so
ScriptSock $run/cgid.sock"
}

e2e_start_on_free_port start_apache slidegif/ ||
  e2e_fail "apache did not start: $(tail -5 "$run/error.log")"
url=http://127.0.0.1:$E2E_PORT/slidegif
fail() { e2e_fail "$1; body: $(head -c 300 "$b" | tr -d '\0'); apache: $(tail -3 "$run/error.log")"; }

# Apache streams a CGI's body chunked rather than pass its Content-Length on.
e2e_check_sample_site "$url" "$gif_frames"

e2e_check_refusals "$url" Apache
echo "PASS"
