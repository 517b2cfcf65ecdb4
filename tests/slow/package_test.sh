#!/usr/bin/env bash
# The .deb on a clean Debian 12: scripts/package builds it (lintian: no errors), then a fresh
# minimal Debian 12 root made by mmdebstrap installs it with apt (so the Depends line that
# dpkg-shlibdeps computed must bring every library), and inside that root: slidegif renders a
# GIF from the PATH, slidegif.fcgi starts, `man slidegif` shows the page, bash completes, and
# removing and purging the package leaves none of its files. Labelled slow (minutes: a
# package build and a Debian root from the mirror).
#   tests/slow/package_test.sh SOURCE_DIR
set -euo pipefail
src=$1
state=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-package.XXXXXX")
trap 'rm -rf "$state"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$src/scripts/package" >"$state/package.log" 2>&1 || fail "scripts/package: $(tail -20 "$state/package.log")"
deb=$(ls "$src"/build-package/slidegif_*.deb)
echo "ok: built and lintian-clean: $(basename "$deb")"
dpkg-deb -f "$deb" Depends | grep -q libgd || fail "Depends lacks libgd: $(dpkg-deb -f "$deb" Depends)"

cp "$deb" "$state/slidegif.deb"
cat >"$state/inside.sh" <<'INSIDE'
set -euo pipefail
fail() { echo "FAIL (in the Debian root): $*" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq /tmp/slidegif.deb man-db bash-completion >/dev/null
command -v slidegif >/dev/null || fail "slidegif is not on the PATH"
cd /tmp
slidegif solve 867254301 --tween 2 -o a.gif >/dev/null
[[ $(head -c 6 a.gif) == GIF89a ]] || fail "no GIF"
slidegif solve 867254301 -o a.webp >/dev/null
[[ $(tail -c +9 a.webp | head -c 4) == WEBP ]] || fail "no WebP"
slidegif solve 867254301 -o a.mp4 >/dev/null || fail "no MP4 (slidegif-video and FFmpeg's libraries)"
[[ $(tail -c +5 a.mp4 | head -c 4) == ftyp ]] || fail "a.mp4 is no MP4"
slidegif.fcgi --help >/dev/null 2>&1 || /usr/lib/slidegif/slidegif.fcgi --help >/dev/null ||
  fail "slidegif.fcgi does not start: $(ldd /usr/lib/slidegif/slidegif.fcgi | grep 'not found')"
REQUEST_METHOD=GET QUERY_STRING='start=867254301' /usr/lib/cgi-bin/slidegif.cgi >answer
grep -aq '^Content-Type: image/gif' answer || fail "slidegif.cgi does not answer"
man -P cat slidegif >page 2>/dev/null || fail "man slidegif shows no page"
grep -q 'slidegif solve' page || fail "man slidegif shows no commands"
man -P cat slidegif.cgi >page 2>/dev/null || fail "man slidegif.cgi shows no page"
grep -q 'QUERY PARAMETERS' page || fail "man slidegif.cgi does not show slidegif.fcgi(8)"
bash -c 'source /usr/share/bash-completion/bash_completion
  _completion_loader slidegif
  COMP_WORDS=(slidegif pdb st); COMP_CWORD=2; _slidegif
  [[ ${COMPREPLY[*]} == status ]]' || fail "bash does not complete 'slidegif pdb st'"
[[ -f /lib/systemd/system/slidegif-fcgi@.socket ]] || fail "no systemd socket unit"
grep -q '^ExecStart=/usr/lib/slidegif/slidegif.fcgi$' /lib/systemd/system/slidegif-fcgi@.service ||
  fail "the unit does not start the installed program"
files=$(dpkg -L slidegif | while read -r f; do [[ -f $f ]] && echo "$f"; done)
apt-get purge -y -qq slidegif >/dev/null
for f in $files; do [[ ! -e $f ]] || fail "$f is left after purge"; done
[[ ! -e /usr/share/slidegif ]] || fail "/usr/share/slidegif is left after purge"
echo "ok: installed with apt, used, removed and purged cleanly ($(wc -w <<<"$files") files)"
INSIDE

mmdebstrap --quiet --variant=apt --include=ca-certificates bookworm /dev/null \
  --customize-hook="copy-in $state/slidegif.deb $state/inside.sh /tmp" \
  --customize-hook='chroot "$1" bash /tmp/inside.sh' 2>"$state/mmdebstrap.log" ||
  fail "$(grep -v '^I:' "$state/mmdebstrap.log" | tail -20)"
grep '^ok:' "$state/mmdebstrap.log" || true
echo "ok: the .deb installs, works and removes cleanly on a fresh Debian 12"
