#!/usr/bin/env bash
# The static play site (scripts/build-web) in chromium through WebDriver, served by a plain
# static file server with no CGI: the page picks, solves and hints with the WebAssembly solver
# (tests/e2e/web_test.py says what it checks, and prints the sizes and times it measured).
#   tests/e2e/web_test.sh SOURCE_DIR BUILD/slidegif OUT_DIR
set -euo pipefail
src=$1 cli=$2 out=$3
source "$(dirname "$0")/lib.sh"
command -v chromedriver >/dev/null || e2e_fail "chromedriver is not installed (scripts/install-deps)"
rm -rf "$out"
"$src/scripts/build-web" "$out" >/dev/null || e2e_fail "scripts/build-web failed"
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
/usr/bin/python3 -m http.server --bind 127.0.0.1 --directory "$out" "$port" >"$E2E_STATE/http.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; e2e_cleanup' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/play.html" >/dev/null && break; sleep 0.1; done
PYTHONDONTWRITEBYTECODE=1 HOME=$E2E_STATE timeout 400 /usr/bin/python3 "$(dirname "$0")/web_test.py" \
  "http://127.0.0.1:$port" "$cli" "$out" || e2e_fail "the static play site test failed"
# The npm package the same build packed, as a user installs and uses it.
bash "$(dirname "$0")/npm_test.sh" "$out" "$cli" "$src" || e2e_fail "the npm package test failed"
