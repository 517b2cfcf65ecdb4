#!/usr/bin/env bash
# Our animated WebP beside our GIF and beside libwebp's own gif2webp run on that GIF, on
# format_bench's four animations (3x3 hardest, a 4x4, a picture, Chinese captions): sizes,
# and times measured side by side in one run (ours: format_bench's mean CPU time per file;
# gif2webp: the median of `runs` runs, wall time, one process per file).
#   tests/bench/webp_bench.sh BUILD_DIR [runs]
set -euo pipefail
build=$1 runs=${2:-5}
bench=$build/tests/bench/format_bench
command -v gif2webp >/dev/null || { echo "webp_bench: gif2webp missing (scripts/install-deps)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bench" write "$dir"
# name format -> ms (CPU), from the benchmark's table.
"$bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_format=csv 2>/dev/null |
  awk -F, '/_mean"/ { gsub(/"/, ""); split($8, l, " "); print l[1], l[2], $4 }' >"$dir/times"
ms() { awk -v a="$1" -v f="$2" '$1 == a && $2 == f { print $3 }' "$dir/times"; }
median_ms() {  # command...: the median wall time of `runs` runs, in ms
  local t=()
  for ((i = 0; i < runs; i++)); do
    local s e
    s=$(date +%s%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s%N)
    t+=($(((e - s) / 1000000)))
  done
  printf '%s\n' "${t[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}
printf '%-8s %9s %9s %9s %9s | %7s %7s %7s %7s | %8s %8s\n' animation gif webp apng "g2w -m4" \
  "gif ms" "webp ms" "apng ms" "g2w ms" "webp/gif" "webp/g2w"
for a in 3x3 4x4 picture chinese; do
  gif2webp -m 4 -quiet "$dir/$a.gif" -o "$dir/$a-g2w.webp"
  g=$(stat -c %s "$dir/$a.gif") w=$(stat -c %s "$dir/$a.webp") p=$(stat -c %s "$dir/$a.apng")
  g2w=$(stat -c %s "$dir/$a-g2w.webp")
  g2w_ms=$(median_ms gif2webp -m 4 -quiet "$dir/$a.gif" -o "$dir/x.webp")
  printf '%-8s %9d %9d %9d %9d | %7.1f %7.1f %7.1f %7d | %7.1f%% %7.1f%%\n' "$a" "$g" "$w" "$p" \
    "$g2w" "$(ms "$a" gif)" "$(ms "$a" webp)" "$(ms "$a" apng)" "$g2w_ms" "$(awk -v w="$w" -v g="$g" 'BEGIN{print 100*(w-g)/g}')" \
    "$(awk -v w="$w" -v g="$g2w" 'BEGIN{print 100*(w-g)/g}')"
done
echo "(sizes in bytes; webp/gif and webp/g2w: how much larger (+) or smaller (-) our WebP is)"
echo
# The videos (lossy, 4:4:4; their PSNR against the GIF is tests/video/video_test's output).
printf '%-8s %9s %9s %9s | %7s %7s %7s | %8s %8s\n' animation gif mp4 webm "gif ms" "mp4 ms" \
  "webm ms" "mp4/gif" "webm/gif"
for a in 3x3 4x4 picture chinese; do
  g=$(stat -c %s "$dir/$a.gif") m=$(stat -c %s "$dir/$a.mp4") v=$(stat -c %s "$dir/$a.webm")
  printf '%-8s %9d %9d %9d | %7.1f %7.1f %7.1f | %7.1f%% %7.1f%%\n' "$a" "$g" "$m" "$v" \
    "$(ms "$a" gif)" "$(ms "$a" mp4)" "$(ms "$a" webm)" \
    "$(awk -v w="$m" -v g="$g" 'BEGIN{print 100*(w-g)/g}')" "$(awk -v w="$v" -v g="$g" 'BEGIN{print 100*(w-g)/g}')"
done
