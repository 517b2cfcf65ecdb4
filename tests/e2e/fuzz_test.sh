#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz: boards, batch lines, CGI queries, the CGI handler,
# the picture loader)
# with clang (ASan+UBSan, a separate build directory) and runs each from its seed corpus for
# SECONDS (0: build only). New inputs go to BUILD_DIR/fuzz/corpus-NAME, never into the repo's
# seeds. Long runs by hand: tests/fuzz/README.md.
#   tests/e2e/fuzz_test.sh SOURCE_DIR BUILD_DIR [SECONDS]   (SLIDEGIF_FUZZ_RENDER=1 draws GIFs too)
set -euo pipefail
src=$1 build=$2/fuzz seconds=${3:-15}
command -v clang++ >/dev/null || { echo "FAIL: clang++ is not installed (scripts/install-deps)" >&2; exit 1; }
targets=(board batch query handler picture)

# -O1 and line tables only: this build is compiled afresh in CI, and the sanitizers' reports
# still name file and line.
flags="-O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
flags+=" -fno-omit-frame-pointer"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None \
  -DSLIDEGIF_TESTS=OFF -DSLIDEGIF_FUZZ=ON -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
# One job: the Release tests run beside this on the same two cores.
cmake --build "$build" -j1 --target "${targets[@]/#/slidegif_fuzz_}" >/dev/null
((seconds > 0)) || exit 0

for t in "${targets[@]}"; do
  # The longest inputs worth trying: just past each parser's own length limit.
  case $t in
    board) max_len=1100 dict=board ;;
    batch) max_len=4200 dict=batch ;;
    query) max_len=4200 dict=query ;;
    handler) max_len=512 dict=query ;;
    picture) max_len=20000 dict= ;;  # binary formats: no dictionary
  esac
  corpus=$build/corpus-$t
  mkdir -p "$corpus"
  echo "== slidegif_fuzz_$t"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/tests/fuzz/slidegif_fuzz_$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 \
    ${dict:+-dict="$src/tests/fuzz/$dict.dict"} "$corpus" "$src/tests/fuzz/corpus/$t" 2>&1 | tail -8
done
echo "PASS"
