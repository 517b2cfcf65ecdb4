#!/usr/bin/env bash
# End-to-end: the programs need no file beside them. build/slidegif copied alone into an empty
# directory renders a GIF (the font is built in); slidegif.cgi copied alone into a cgi-bin/
# answers 200 behind lighttpd, with a Chinese title (the fallback font is built in too).
#   tests/e2e/alone_test.sh BUILD/slidegif BUILD/slidegif.cgi BUILD/tests/e2e/gif_frames
set -euo pipefail
cli=$1 cgi=$2 gif_frames=$3
source "$(dirname "$0")/lib.sh"
alone=$E2E_STATE/alone
mkdir -p "$alone/bin" "$alone/cgi-bin" "$alone/work"
cp "$cli" "$alone/bin/slidegif"
cp "$cgi" "$alone/cgi-bin/slidegif.cgi"

(cd "$alone/work" && HOME=$alone "$alone/bin/slidegif" solve 867254301 --title "八数码难题 最优解" \
  --tween 0 -o a.gif 2>"$E2E_STATE/cli.err") || e2e_fail "the copied CLI failed: $(cat "$E2E_STATE/cli.err")"
! grep -q "no installed font" "$E2E_STATE/cli.err" || e2e_fail "CLI: $(cat "$E2E_STATE/cli.err")"
[[ $("$gif_frames" "$alone/work/a.gif") == "32 "* ]] || e2e_fail "the copied CLI's GIF does not decode"
echo "ok: slidegif copied alone renders"

e2e_start_server "$alone/cgi-bin/slidegif.cgi"
status=$(fetch "$E2E_URL/slidegif.cgi?start=867254301&tween=0&title=%E5%85%AB%E6%95%B0%E7%A0%81")
[[ $status == 200 ]] || e2e_fail "the copied CGI answered $status: $(head -c 300 "$b")"
[[ $(header Content-Type) == image/gif ]] || e2e_fail "Content-Type $(header Content-Type)"
[[ $("$gif_frames" "$b") == "32 "* ]] || e2e_fail "the copied CGI's GIF does not decode"
echo "ok: slidegif.cgi copied alone answers 200"
