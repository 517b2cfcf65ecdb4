#!/usr/bin/env bash
# How much `gifsicle -O3` still saves on our GIFs, over looks that once left it room: themes,
# tweens 0-8, small and large tiles, pictures with and without numbers. A negative saving means
# gifsicle's output is larger than ours.
#   tests/bench/gifsicle_bench.sh BUILD_DIR
set -euo pipefail
build=$1
sg=$build/slidegif
pics=$(cd "$(dirname "$0")/../../samples/pictures" && pwd)
command -v gifsicle >/dev/null || { echo "gifsicle_bench: gifsicle missing (scripts/install-deps)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| animation | bytes | gifsicle -O3 | saves |"
echo "|---|---|---|---|"
while IFS= read -r args; do
  # shellcheck disable=SC2086  # the line is the arguments
  "$sg" $args -o "$dir/a.gif" >/dev/null
  gifsicle -O3 "$dir/a.gif" -o "$dir/o.gif"
  a=$(stat -c %s "$dir/a.gif") o=$(stat -c %s "$dir/o.gif")
  awk -v n="${args//$pics\//}" -v a="$a" -v o="$o" \
    'BEGIN { printf "| `%s` | %d | %d | %.2f%% |\n", n, a, o, 100 * (a - o) / a }'
done <<LOOKS
solve 867254301
solve 867254301 --tween 0
solve 867254301 --tween 1
solve 867254301 --tween 8
solve 867254301 --tile 32 --tween 2
solve 867254301 --theme mint --tile 40
solve 867254301 --theme dark --tween 4
solve 867254301 --lang zh --title 华容道
random --size 4 --seed 3 --theme dark
random --size 4 --seed 3 --tile 40
random --size 4 --seed 9 --tween 8 --theme mint
random --size 2x5 --seed 2 --tween 5 --theme dark
solve 867254301 --image $pics/sunset.png --numbers
random --size 3x4 --seed 1 --image $pics/sunset.png --numbers --theme dark
solve 867254301 --image $pics/mosaic.png --tween 2
random --size 4 --seed 3 --image $pics/mosaic.png --numbers
LOOKS
