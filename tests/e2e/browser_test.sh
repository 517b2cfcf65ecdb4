#!/usr/bin/env bash
# End-to-end in a real browser: headless Debian chromium loads samples/web/index.html from
# lighttpd and the page's <img> must decode the CGI's GIF (naturalWidth > 0). A screenshot is
# kept for a human to look at. Then a driver page uses the sample page as a user would: the
# "New puzzle" button, the form, and a bad board whose message must reach the page.
#   tests/e2e/browser_test.sh BUILD/slidegif.cgi [SCREENSHOT.png]
set -euo pipefail
cgi=$1 shot=${2:-$(dirname "$cgi")/e2e-page.png}
source "$(dirname "$0")/lib.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
[[ -n $browser ]] || e2e_fail "chromium is not installed (scripts/install-deps)"
e2e_start_server "$cgi"

run_browser() {  # URL [chromium flags...]
  local url=$1
  shift
  # No network but 127.0.0.1: every background service is off. timeout bounds a stuck browser.
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$E2E_STATE/profile" \
    --virtual-time-budget=8000 "$@" "$url" 2>>"$E2E_STATE/chromium.log"
}

dom=$(run_browser "$E2E_URL/" --dump-dom) || e2e_fail "chromium failed: $(tail -5 "$E2E_STATE/chromium.log")"
width=$(grep -o 'data-gif-width="[0-9]*"' <<<"$dom" | grep -o '[0-9]*' || true)
[[ -n $width && $width -gt 0 ]] || e2e_fail "the page's image did not decode (naturalWidth '$width')"
echo "ok: image decoded in chromium, naturalWidth $width"
# The page offers WebP in a <picture> with the GIF as fallback: chromium takes the WebP.
format=$(grep -o 'data-format="[a-z]*"' <<<"$dom" | cut -d'"' -f2 || true)
[[ $format == webp ]] || e2e_fail "chromium showed format '$format', not the WebP"
echo "ok: chromium chose the animated WebP"

rm -f "$shot"
run_browser "$E2E_URL/" --window-size=900,900 --screenshot="$shot" >/dev/null ||
  e2e_fail "chromium screenshot failed: $(tail -5 "$E2E_STATE/chromium.log")"
[[ -s $shot ]] || e2e_fail "no screenshot written"
echo "ok: screenshot $shot"

# The driver: the sample page in a same-origin iframe, driven by script; results land as
# data- attributes on the driver's <body> for --dump-dom.
e2e_stop_server
web=$E2E_STATE/web
mkdir -p "$web"
cp "$E2E_SOURCE_DIR/samples/web/index.html" "$web/"
cat >"$web/drive.html" <<'HTML'
<!doctype html>
<html><body><iframe id="page" src="index.html" width="900" height="900"></iframe>
<script>
"use strict";
const out = document.body.dataset;
const wait = (ok, what) => new Promise((resolve, reject) => {
  const start = Date.now();
  (function poll() {
    if (ok()) return resolve();
    if (Date.now() - start > 6000) return reject(new Error("timed out waiting for " + what));
    setTimeout(poll, 50);
  })();
});
document.getElementById("page").addEventListener("load", async (event) => {
  const d = event.target.contentDocument, img = d.getElementById("puzzle");
  const form = d.getElementById("custom"), status = d.getElementById("status");
  const shown = (src) => img.getAttribute("src") !== src && img.complete && img.naturalWidth > 0;
  try {
    await wait(() => img.complete && img.naturalWidth > 0, "the first image");
    let before = img.getAttribute("src");
    d.getElementById("new").click();
    await wait(() => shown(before), "the new puzzle");
    out.button = img.getAttribute("src");
    before = out.button;
    form.elements.start.value = "123/456/708";
    form.elements.theme.value = "dark";
    form.requestSubmit();
    await wait(() => shown(before), "the form's puzzle");
    out.form = img.getAttribute("src");
    out.formWidth = String(img.naturalWidth);
    out.formShown = img.currentSrc;
    form.elements.start.value = "123/456/87_";
    form.requestSubmit();
    await wait(() => status.className === "error" && !/^Could not/.test(status.textContent),
               "the error message");
    out.error = status.textContent;
    out.done = "yes";
  } catch (e) {
    out.failure = String(e);
  }
});
</script></body></html>
HTML
e2e_start_server "$cgi" "$web"
dom=$(run_browser "$E2E_URL/drive.html" --dump-dom) ||
  e2e_fail "chromium failed: $(tail -5 "$E2E_STATE/chromium.log")"
attr() {  # a data- attribute of the driver's <body>, HTML entities for & undone
  sed -n "s/.*data-$1=\"\([^\"]*\)\".*/\1/p" <<<"$dom" | head -1 | sed 's/&amp;/\&/g'
}
[[ -z $(attr failure) ]] || e2e_fail "driving the page: $(attr failure)"
[[ $(attr done) == yes ]] || e2e_fail "the driver did not finish: ${dom:0:400}"
[[ $(attr button) == *random=1*seed=* ]] || e2e_fail "New puzzle loaded '$(attr button)'"
echo "ok: New puzzle loaded $(attr button)"
[[ $(attr form) == *start=123%2F456%2F708* && $(attr form) == *theme=dark* ]] ||
  e2e_fail "the form loaded '$(attr form)'"
echo "ok: the form loaded $(attr form) (naturalWidth $(attr form-width))"
[[ $(attr form-shown) == *theme=dark*format=webp ]] || e2e_fail "the form's image shown is '$(attr form-shown)'"
echo "ok: shown as $(attr form-shown)"
[[ $(attr error) == *unsolvable* || $(attr error) == *parity* ]] ||
  e2e_fail "the page showed '$(attr error)' for an unsolvable board"
echo "ok: the page showed the CGI's message: $(attr error)"
echo "PASS"
