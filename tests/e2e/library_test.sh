#!/usr/bin/env bash
# libslidegif as a C++ user gets it: `cmake --install BUILD --prefix P`, then examples/cpp built
# against P alone, three ways: find_package with the shared library, find_package with the
# static archive, and pkg-config. Each program solves the hardest 3x3 board and writes its GIF,
# which an independent decoder (giflib, through e2e_gif_frames) reads back frame by frame.
#   tests/e2e/library_test.sh SOURCE_DIR BUILD_DIR GIF_FRAMES
set -euo pipefail
src=$1 build=$2 gif_frames=$3
state=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-library.XXXXXX")
trap 'rm -rf "$state"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

prefix=$state/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(find "$prefix/lib" -name libslidegif.so.0 -printf '%h\n' | head -1)
[[ -n $libdir ]] || fail "no libslidegif.so.0 under $prefix/lib"
for f in include/slidegif/slidegif.hpp include/slidegif/version.hpp; do
  [[ -e $prefix/$f ]] || fail "cmake --install left out $f"
done
for f in libslidegif.a libslidegif.so pkgconfig/slidegif.pc cmake/slidegif/slidegifConfig.cmake; do
  [[ -e $libdir/$f ]] || fail "cmake --install left out $libdir/$f"
done
soname=$(objdump -p "$libdir/libslidegif.so" | awk '/SONAME/ {print $2}')
[[ $soname == libslidegif.so.0 ]] || fail "SONAME is '$soname'"
# No internal header is installed: the public API is include/slidegif/ alone.
[[ -z $(find "$prefix/include" -type f ! -path "*/include/slidegif/*") ]] ||
  fail "headers outside include/slidegif were installed"

# The example, copied away from the source tree so nothing of it is reachable.
cp -r "$src/examples/cpp" "$state/example"
check() {  # PROGRAM NAME: it solves, writes a GIF that giflib reads with 1 + 31 * 4 frames
  local program=$1 name=$2 out
  out=$(cd "$state" && "$program" 867254301 "$name.gif") || fail "$name: exit status $?"
  [[ $out == "31 moves (optimal): "* ]] || fail "$name printed: $out"
  frames=$("$gif_frames" "$state/$name.gif" | awk '{print $1}')
  [[ $frames == 125 ]] || fail "$name: giflib reads $frames frames"
  (cd "$state" && "$program" 123 x.gif 2>"$state/err") && fail "$name: a bad board was accepted"
  grep -q "solve_and_render: " "$state/err" || fail "$name: no error message"
}
for kind in shared static; do
  static=$([[ $kind == static ]] && echo ON || echo OFF)
  cmake -S "$state/example" -B "$state/build-$kind" -DCMAKE_PREFIX_PATH="$prefix" \
    -DSLIDEGIF_STATIC=$static >/dev/null || fail "find_package($kind) failed"
  cmake --build "$state/build-$kind" >/dev/null || fail "the $kind example does not build"
  ldd=$(ldd "$state/build-$kind/solve_and_render")
  if [[ $kind == shared ]]; then
    grep -q "libslidegif.so.0 => $libdir/" <<<"$ldd" || fail "shared example: $ldd"
  else
    grep -q libslidegif <<<"$ldd" && fail "static example links the shared library: $ldd"
  fi
  check "$state/build-$kind/solve_and_render" "cmake-$kind"
done
PKG_CONFIG_PATH=$libdir/pkgconfig make -s -C "$state/example" >/dev/null ||
  fail "the pkg-config example does not build"
LD_LIBRARY_PATH=$libdir check "$state/example/solve_and_render" pkg-config
# The Python module, when built: installed where Debian's python3 looks under a local prefix,
# and working from there.
if compgen -G "$build/python/slidegif*.so" >/dev/null; then
  site=$prefix/lib/python3.$(/usr/bin/python3 -c 'import sys; print(sys.version_info[1])')/dist-packages
  compgen -G "$site/slidegif*.so" >/dev/null || fail "the Python module is not in $site"
  moves=$(cd "$state" && PYTHONPATH=$site /usr/bin/python3 -c \
    'import slidegif; print(len(slidegif.solve("867254301").moves))') || fail "import slidegif failed"
  [[ $moves == 31 ]] || fail "the installed module solved in $moves moves"
fi
echo "library: installed headers, libslidegif.so.0 and .a; examples built with find_package and pkg-config"
