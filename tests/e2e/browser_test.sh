#!/usr/bin/env bash
# End-to-end in a real browser: headless Debian chromium loads samples/web/index.html from
# lighttpd and the page's <img> must decode the CGI's GIF (naturalWidth > 0). A screenshot is
# kept for a human to look at.
#   tests/e2e/browser_test.sh BUILD/slidegif.cgi [SCREENSHOT.png]
set -euo pipefail
cgi=$1 shot=${2:-$(dirname "$cgi")/e2e-page.png}
source "$(dirname "$0")/lib.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
[[ -n $browser ]] || e2e_fail "chromium is not installed (scripts/install-deps)"
e2e_start_server "$cgi"

run_browser() {
  # No network but 127.0.0.1: every background service is off. timeout bounds a stuck browser.
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$E2E_STATE/profile" \
    --virtual-time-budget=8000 "$@" "$E2E_URL/" 2>>"$E2E_STATE/chromium.log"
}

dom=$(run_browser --dump-dom) || e2e_fail "chromium failed: $(tail -5 "$E2E_STATE/chromium.log")"
width=$(grep -o 'data-gif-width="[0-9]*"' <<<"$dom" | grep -o '[0-9]*' || true)
[[ -n $width && $width -gt 0 ]] || e2e_fail "the page's image did not decode (naturalWidth '$width')"
echo "ok: image decoded in chromium, naturalWidth $width"

rm -f "$shot"
run_browser --window-size=900,900 --screenshot="$shot" >/dev/null ||
  e2e_fail "chromium screenshot failed: $(tail -5 "$E2E_STATE/chromium.log")"
[[ -s $shot ]] || e2e_fail "no screenshot written"
echo "ok: screenshot $shot"
echo "PASS"
