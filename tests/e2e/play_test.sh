#!/usr/bin/env bash
# End-to-end in a real browser driven by WebDriver: chromium (chromedriver + python3-selenium)
# plays samples/web/play.html served by lighttpd with the real CGI (tests/e2e/play_test.py says
# what it checks). Screenshots go to SHOT_DIR for a person to look at.
#   tests/e2e/play_test.sh BUILD/slidegif.cgi BUILD/slidegif [SHOT_DIR]
set -euo pipefail
cgi=$1 cli=$2 shots=${3:-$(dirname "$cgi")/e2e-play}
source "$(dirname "$0")/lib.sh"
command -v chromedriver >/dev/null || e2e_fail "chromedriver is not installed (scripts/install-deps)"
/usr/bin/python3 -c "import selenium, PIL" 2>/dev/null ||
  e2e_fail "python3-selenium and python3-pil are needed (scripts/install-deps)"
e2e_start_server "$cgi"
mkdir -p "$shots"
# Debian's python3, whatever python3 comes first on PATH (its packages are the ones installed).
PYTHONDONTWRITEBYTECODE=1 HOME=$E2E_STATE timeout 110 /usr/bin/python3 "$(dirname "$0")/play_test.py" "$E2E_URL" "$cli" "$shots" ||
  e2e_fail "the play page test failed"
