#!/usr/bin/env bash
# How much smaller than the GIF the smaller of our WebP and APNG is, over every look: three
# boards (the 3x3's hardest start, a 2x4 and the 3x5 of `random --size 3x5 --seed 9`) in each
# theme at tile sizes from 16 to 128 pixels, three tween frames. Prints each animation's sizes
# and, per tile size, the worst saving of WebP, of APNG and of the smaller of the two, with
# the CPU seconds each format took in all (the same animations, one after another).
#   tests/bench/format_savings_bench.sh BUILD_DIR [PDB_DIR]
# The 3x5 needs its pattern database (32 MB): PDB_DIR if given, else built in a temporary
# directory first (about 25 s).
set -euo pipefail
build=$1
slidegif=$build/slidegif
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export SLIDEGIF_PDB_DIR=${2:-$dir/pdb}
[ -e "$SLIDEGIF_PDB_DIR/3x5-large.pdb" ] || "$slidegif" pdb build --size 3x5 --dir "$SLIDEGIF_PDB_DIR" >/dev/null
boards=("solve 867254301" "random --size 2x4 --seed 9" "random --size 3x5 --seed 9")
declare -A cpu=([gif]=0 [webp]=0 [apng]=0)
printf '%-30s %-7s %4s %8s %8s %8s %6s %6s\n' board theme tile gif webp apng webp% apng% \
  >"$dir/table"
for tile in 16 24 32 48 64 80 128; do
  for theme in classic dark mint; do
    for board in "${boards[@]}"; do
      declare -A size=()
      for f in gif webp apng; do
        # shellcheck disable=SC2086 # the board's words are the command's arguments
        s=$( { /usr/bin/time -f %U+%S $slidegif $board --theme "$theme" --tile "$tile" --tween 3 \
          --format "$f" -o "$dir/a.$f" >/dev/null; } 2>&1 | tail -1)
        cpu[$f]=$(awk -v a="${cpu[$f]}" -v s="$s" 'BEGIN { split(s, p, "+"); print a + p[1] + p[2] }')
        size[$f]=$(stat -c %s "$dir/a.$f")
      done
      printf '%-30s %-7s %4d %8d %8d %8d %6.1f %6.1f\n' "$board" "$theme" "$tile" "${size[gif]}" \
        "${size[webp]}" "${size[apng]}" "$(awk -v a="${size[webp]}" -v g="${size[gif]}" 'BEGIN { print 100 * (g - a) / g }')" \
        "$(awk -v a="${size[apng]}" -v g="${size[gif]}" 'BEGIN { print 100 * (g - a) / g }')" \
        >>"$dir/table"
    done
  done
done
cat "$dir/table"
echo
echo "worst saving under the GIF, by tile size:"
printf '%4s %7s %7s %8s\n' tile webp apng smaller
awk 'NR > 1 { t = $(NF-5); w = $(NF-1); a = $NF; m = w > a ? w : a
       if (!(t in W) || w < W[t]) W[t] = w; if (!(t in A) || a < A[t]) A[t] = a
       if (!(t in M) || m < M[t]) M[t] = m }
     END { for (t in M) printf "%4d %6.1f%% %6.1f%% %7.1f%%\n", t, W[t], A[t], M[t] }' \
  "$dir/table" | sort -n
echo "CPU seconds in all: gif ${cpu[gif]}, webp ${cpu[webp]}, apng ${cpu[apng]}"
