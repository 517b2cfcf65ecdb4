#!/usr/bin/env bash
# Signed URLs through the real programs, signed by another HMAC than ours (openssl): the CGI
# with SLIDEGIF_URL_KEY_FILE answers a URL signed as the README shows, 403 for a missing or
# wrong sig=, 200 for health=1; with a key file that is not one, the CGI answers 500 and
# slidegif.fcgi refuses to start.
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

# Key files that are not one: missing, a directory, a device without end, a FIFO nobody
# writes, empty, or an empty setting. The CGI answers 500 at once (no crash, no hang, no
# unsigned answer); slidegif.fcgi does not start (exit 2), saying why.
mkdir "$dir/keydir"
mkfifo "$dir/fifo"
: >"$dir/empty"
for key in "$dir/none" "$dir/keydir" /dev/zero "$dir/fifo" "$dir/empty" ""; do
  code=0
  REQUEST_METHOD=GET QUERY_STRING=$q SLIDEGIF_URL_KEY_FILE=$key timeout 10 "$cgi" >"$dir/out" \
    2>"$dir/err" || code=$?
  ((code == 0)) || fail "the CGI with key file '$key' exited $code: $(cat "$dir/err")"
  [[ $(sed -n '1s/^Status: \([0-9]*\).*/\1/p' "$dir/out") == 500 ]] ||
    fail "the CGI with key file '$key': $(head -c 200 "$dir/out")"
  code=0
  timeout 10 "$fcgi" --listen "$dir/sock" --url-key-file "$key" 2>"$dir/err" || code=$?
  ((code == 2)) || fail "slidegif.fcgi with key file '$key' exited $code: $(cat "$dir/err")"
  grep -Eq "URL key file" "$dir/err" || fail "slidegif.fcgi with key file '$key' said: $(cat "$dir/err")"
  [[ ! -e $dir/sock ]] || fail "slidegif.fcgi refused to start but left its socket file"
done
echo "ok: no key (missing, a directory, /dev/zero, a FIFO, empty, an empty setting): 500 from the CGI, slidegif.fcgi does not start"
echo PASS
