#!/usr/bin/env bash
# Runs one libFuzzer target from its seed corpus (tests/fuzz/corpus/NAME) for SECONDS, with the
# parser's dictionary and its longest input worth trying. New inputs go to OUT_CORPUS, never
# into the seeds. Fails on any finding (libFuzzer exits non-zero and leaves a crash-* file).
# SECONDS 0: each seed run once, nothing more (the default test run's regression cases).
#   tests/fuzz/run.sh FUZZ_PROGRAM NAME SECONDS OUT_CORPUS
set -euo pipefail
program=$1 name=$2 seconds=$3 corpus=$4
here=$(cd "$(dirname "$0")" && pwd)
# Just past each parser's own length limit.
case $name in
  board) max_len=1100 dict=board ;;
  batch) max_len=4200 dict=batch ;;
  query) max_len=4200 dict=query ;;
  handler) max_len=512 dict=query ;;   # the handler shares the query's words
  picture) max_len=20000 dict= ;;       # binary formats: no dictionary
  fastcgi) max_len=2048 dict= ;;        # records: past the target's 512-byte parameter limit
  data_files) max_len=4300 dict= ;;     # a whole 2x3 table (4,192 bytes); a database's header
  font) max_len=8192 dict= ;;           # a font's tables and their offsets
  *) echo "run.sh: no fuzz target '$name'" >&2; exit 2 ;;
esac
mkdir -p "$corpus"
cd "$corpus"  # crash-*, leak-* and timeout-* files land here
if [[ $seconds == 0 ]]; then
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$program" -runs=0 -timeout=10 -rss_limit_mb=2048 "$here/corpus/$name"
  exit
fi
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  "$program" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
  -print_final_stats=1 ${dict:+-dict="$here/$dict.dict"} "$corpus" "$here/corpus/$name"
