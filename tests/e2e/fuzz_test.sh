#!/usr/bin/env bash
# Builds the libFuzzer target for the CGI handler with clang (ASan+UBSan, a separate build
# directory) and runs it briefly. Longer runs by hand:
#   tests/e2e/fuzz_test.sh SOURCE_DIR BUILD_DIR 600   (SLIDEGIF_FUZZ_RENDER=1 draws GIFs too)
set -euo pipefail
src=$1 build=$2/fuzz seconds=${3:-20}
command -v clang++ >/dev/null || { echo "FAIL: clang++ is not installed (scripts/install-deps)" >&2; exit 1; }

# -O1 and line tables only: this build is compiled afresh in CI, and the sanitizers' reports
# still name file and line.
flags="-O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
flags+=" -fno-omit-frame-pointer"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None \
  -DSLIDEGIF_TESTS=OFF -DSLIDEGIF_FUZZ=ON -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
# One job: the Release tests run beside this on the same two cores.
cmake --build "$build" --target slidegif_cgi_fuzz -j1 >/dev/null

corpus=$build/corpus
mkdir -p "$corpus"
# Seeds: the first byte is the method (0 = GET), then the query string.
printf '\0random=1&seed=3' >"$corpus/seed-random"
printf '\0start=867/254/301&tween=0&tile=16' >"$corpus/seed-fixed"
printf '\1start=1,2,3/4,5,6/7,0,8&goal=random&seed=1\n"sg-0"' >"$corpus/seed-head"
printf '\0size=2x3&theme=dark&title=hi&loop=2&delay=20' >"$corpus/seed-small"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  "$build/src/cgi/slidegif_cgi_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=512 -print_final_stats=1 -dict="$src/tests/cgi/fuzz_handler.dict" "$corpus" 2>&1 | tail -15
echo "PASS"
