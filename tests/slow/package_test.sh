#!/usr/bin/env bash
# The Debian packages on a clean Debian 12: scripts/package builds them with debhelper
# (lintian: no warning), then a fresh minimal Debian 12 root made by mmdebstrap installs all
# five with apt (so the Depends lines that dpkg-shlibdeps and dh_python3 computed must bring
# every library), and inside that root: slidegif renders from the PATH, slidegif.fcgi answers
# started as its systemd unit starts it, `man` shows the pages, bash completes, examples/cpp
# builds against libslidegif-dev with find_package and with pkg-config, `import slidegif`
# solves, and purging the packages leaves none of their files. Labelled slow (minutes: a
# package build and a Debian root from the mirror).
#   tests/slow/package_test.sh SOURCE_DIR
set -euo pipefail
src=$1
state=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-package.XXXXXX")
trap 'rm -rf "$state"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$src/scripts/package" >"$state/package.log" 2>&1 || fail "scripts/package: $(tail -20 "$state/package.log")"
packages=(slidegif slidegif-web libslidegif0 libslidegif-dev python3-slidegif)
mkdir "$state/debs"
for p in "${packages[@]}"; do
  cp "$src"/build-package/"${p}"_*.deb "$state/debs/" || fail "no package $p"
done
echo "ok: built and lintian-clean: $(cd "$state/debs" && echo *.deb)"
depends=$(dpkg-deb -f "$state"/debs/python3-slidegif_*.deb Depends)
grep -q 'python3 (' <<<"$depends" && grep -q 'libslidegif0 (' <<<"$depends" ||
  fail "python3-slidegif's Depends lacks python3 or libslidegif0: $depends"
cp -r "$src/examples/cpp" "$state/example"

cat >"$state/inside.sh" <<'INSIDE'
set -euo pipefail
fail() { echo "FAIL (in the Debian root): $*" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
cd /tmp
apt-get install -y -qq ./debs/*.deb man-db bash-completion spawn-fcgi libfcgi-bin g++ cmake make \
  >/dev/null
command -v slidegif >/dev/null || fail "slidegif is not on the PATH"
slidegif solve 867254301 --tween 2 -o a.gif >/dev/null
[[ $(head -c 6 a.gif) == GIF89a ]] || fail "no GIF"
slidegif solve 867254301 -o a.mp4 >/dev/null || fail "no MP4 (slidegif-video and FFmpeg's libraries)"
[[ $(tail -c +5 a.mp4 | head -c 4) == ftyp ]] || fail "a.mp4 is no MP4"
REQUEST_METHOD=GET QUERY_STRING='start=867254301' /usr/lib/cgi-bin/slidegif.cgi >answer
grep -aq '^Content-Type: image/gif' answer || fail "slidegif.cgi does not answer"
# The play page's <slide-puzzle> (two modules beside it) asks the CGI for JSON.
for f in play.html element.mjs index.mjs; do
  [[ -s /usr/share/slidegif/web/$f ]] || fail "slidegif-web lacks web/$f"
done
REQUEST_METHOD=GET QUERY_STRING='random=1&size=3&moves=20&seed=5&format=json' \
  /usr/lib/cgi-bin/slidegif.cgi | grep -q '"length":20' || fail "slidegif.cgi answers no JSON"

# slidegif.fcgi as its unit starts it: the ExecStart line and Environment, the listening socket
# on standard input (StandardInput=socket; spawn-fcgi hands it the same way).
unit=/lib/systemd/system/slidegif-fcgi@.service
exec_start=$(sed -n 's/^ExecStart=//p' $unit)
[[ -x $exec_start ]] || fail "the unit starts $exec_start, which is not installed"
env $(sed -n 's/^Environment=//p' $unit) spawn-fcgi -s /tmp/fcgi.sock -P /tmp/fcgi.pid -- \
  $exec_start >/dev/null || fail "slidegif.fcgi does not start"
for _ in $(seq 50); do [[ -S /tmp/fcgi.sock ]] && break; sleep 0.1; done
REQUEST_METHOD=GET QUERY_STRING='start=867254301' SCRIPT_NAME=/slidegif SERVER_PROTOCOL=HTTP/1.1 \
  cgi-fcgi -bind -connect /tmp/fcgi.sock >fanswer || true
kill "$(cat /tmp/fcgi.pid)"
grep -aq '^Content-Type: image/gif' fanswer || fail "slidegif.fcgi does not answer: $(head -c 300 fanswer)"

man -P cat slidegif >page 2>/dev/null || fail "man slidegif shows no page"
grep -q 'slidegif solve' page || fail "man slidegif shows no commands"
man -P cat slidegif.fcgi >page 2>/dev/null || fail "man slidegif.fcgi shows no page"
bash -c 'source /usr/share/bash-completion/bash_completion
  _completion_loader slidegif
  COMP_WORDS=(slidegif pdb st); COMP_CWORD=2; _slidegif
  [[ ${COMPREPLY[*]} == status ]]' || fail "bash does not complete 'slidegif pdb st'"

# libslidegif-dev: the example with find_package (shared and static) and with pkg-config.
for static in OFF ON; do
  cmake -S example -B build-$static -DSLIDEGIF_STATIC=$static >/dev/null ||
    fail "find_package(slidegif) (static $static)"
  cmake --build build-$static >/dev/null || fail "the example does not build (static $static)"
  out=$(build-$static/solve_and_render 867254301 e.gif) || fail "the example fails (static $static)"
  [[ $out == "31 moves (optimal): "* ]] || fail "the example printed: $out"
done
make -s -C example >/dev/null || fail "the example does not build with pkg-config"
out=$(example/solve_and_render 867254301 p.gif)
[[ $out == "31 moves (optimal): "* ]] || fail "the pkg-config example printed: $out"

moves=$(python3 -c 'import slidegif; print(len(slidegif.solve("867254301").moves))') ||
  fail "import slidegif failed"
[[ $moves == 31 ]] || fail "the module solved in $moves moves"

packages="slidegif slidegif-web libslidegif0 libslidegif-dev python3-slidegif"
files=$(for p in $packages; do dpkg -L $p; done | while read -r f; do [[ -f $f ]] && echo "$f"; done)
apt-get purge -y -qq $packages >/dev/null
for f in $files; do [[ ! -e $f ]] || fail "$f is left after purge"; done
for d in /usr/share/slidegif /usr/lib/slidegif /usr/include/slidegif; do
  [[ ! -e $d ]] || fail "$d is left after purge"
done
echo "ok: installed with apt, used, removed and purged cleanly ($(wc -w <<<"$files") files)"
INSIDE

mmdebstrap --quiet --variant=apt --include=ca-certificates bookworm /dev/null \
  --customize-hook="copy-in $state/debs $state/example $state/inside.sh /tmp" \
  --customize-hook='chroot "$1" bash /tmp/inside.sh' 2>"$state/mmdebstrap.log" ||
  fail "$(grep -v '^I:' "$state/mmdebstrap.log" | tail -20)"
grep '^ok:' "$state/mmdebstrap.log" || true
echo "ok: the five packages install, work and purge cleanly on a fresh Debian 12"
