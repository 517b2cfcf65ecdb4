#!/usr/bin/env bash
# libslidegif's ABI against the last release's: the library is built with debug information
# (RelWithDebInfo, as Debian builds it) in a temporary tree, and libabigail's abidiff compares
# it with tests/data/abi/libslidegif.so.MAJOR.abi.xz (abidw's description of the release: the
# exported interfaces and the public types they reach). An incompatible change (a function removed, a public struct's layout changed)
# fails: CONTRIBUTING.md, "The library's ABI", says what to do then. Labelled slow (a build).
#   tests/slow/abi_test.sh SOURCE_DIR
set -euo pipefail
src=$1
state=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-abi.XXXXXX")
trap 'rm -rf "$state"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v abidiff >/dev/null || "$src/scripts/install-deps" "$src/scripts/packages-package.txt"

major=$(sed -n 's/^project(slidegif VERSION \([0-9]*\)\..*/\1/p' "$src/CMakeLists.txt")
baseline=$src/tests/data/abi/libslidegif.so.$major.abi.xz
[[ -f $baseline ]] || fail "no ABI description of a release with SONAME libslidegif.so.$major ($baseline)"
xz -dc "$baseline" >"$state/release.abi"
cmake -S "$src" -B "$state/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLIDEGIF_TESTS=OFF \
  >/dev/null || fail "cmake failed"
cmake --build "$state/build" --target slidegif_shared >"$state/build.log" 2>&1 ||
  fail "the library did not build: $(tail -20 "$state/build.log")"
lib=$(readlink -f "$state/build/lib/libslidegif.so.$major")
status=0
abidiff --headers-dir2 "$src/include/slidegif" --drop-private-types --exported-interfaces-only \
  "$state/release.abi" "$lib" >"$state/diff.txt" 2>&1 || status=$?
# abidiff's status is a bit set: 1 an error, 2 a usage error, 4 a change, 8 an incompatible one.
if ((status & 3)); then fail "abidiff could not compare: $(cat "$state/diff.txt")"; fi
if ((status & 8)); then
  cat "$state/diff.txt" >&2
  fail "an incompatible ABI change against $(basename "$baseline"): raise the major version"
fi
if ((status & 4)); then
  echo "compatible changes since the release (additions):"
  cat "$state/diff.txt"
fi
echo "ok: libslidegif.so.$major is compatible with the release's ABI ($(basename "$baseline"))"
echo "(at a release: abidw --headers-dir include/slidegif --drop-private-types --no-show-locs" \
  "--exported-interfaces-only --drop-undefined-syms BUILD/lib/libslidegif.so.$major |" \
  "xz -9 >tests/data/abi/libslidegif.so.$major.abi.xz, BUILD a RelWithDebInfo tree)"
