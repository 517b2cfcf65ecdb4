#!/usr/bin/env bash
# Signed URLs through the real programs, signed by another HMAC than ours (openssl): the CGI
# with SLIDEGIF_URL_KEY_FILE answers a URL signed as the README shows, 403 for a missing or
# wrong sig=, 200 for health=1; slidegif.fcgi refuses to start with a key file it cannot read.
#   tests/e2e/signed_test.sh BUILD/slidegif.cgi BUILD/slidegif.fcgi
set -euo pipefail
cgi=$1 fcgi=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
printf 'a long random key\n' >"$dir/key"

# As the README signs a URL.
sign() { printf '%s' "$1" | openssl dgst -sha256 -hmac "a long random key" -binary | base64 | tr '+/' '-_' | tr -d '=\n'; }
status() {  # QUERY: the CGI's status for it, its body in $dir/body
  REQUEST_METHOD=GET QUERY_STRING=$1 SLIDEGIF_URL_KEY_FILE=$dir/key "$cgi" >"$dir/out"
  sed -n '1s/^Status: \([0-9]*\).*/\1/p' "$dir/out"
}
q="start=867254301&format=png"
[[ $(status "$q&sig=$(sign "$q")") == 200 ]] || fail "a signed URL: $(head -c 300 "$dir/out")"
echo "ok: a URL signed with openssl is answered"
[[ $(status "$q") == 403 ]] && grep -q "sig= is missing" "$dir/out" || fail "unsigned: $(cat "$dir/out")"
[[ $(status "$q&sig=$(sign "start=867254301")") == 403 ]] || fail "another URL's signature"
[[ $(status "start=123456780&format=png&sig=$(sign "$q")") == 403 ]] || fail "a changed URL"
[[ $(status "health=1") == 200 ]] || fail "health: $(cat "$dir/out")"
echo "ok: 403 for a missing, another or a changed signature; health checks need none"

if "$fcgi" --listen "$dir/sock" --url-key-file "$dir/none" 2>"$dir/err"; then
  fail "slidegif.fcgi started without its key"
fi
grep -q "cannot read the URL key file" "$dir/err" || fail "slidegif.fcgi said: $(cat "$dir/err")"
echo "ok: slidegif.fcgi will not start without its key"
echo PASS
