#!/usr/bin/env bash
# The solving library stands alone: a program linked with it alone solves, and loads no
# rendering, formatting or hashing library (libgd, FreeType, fmt, xxhash).
set -euo pipefail
bin=$1
out=$("$bin" 867254301)
[[ $out == 31 ]] || { echo "FAIL: 867254301 solved in '$out' moves, not 31"; exit 1; }
libs=$(ldd "$bin")
if grep -Ei 'libgd|freetype|libfmt|xxhash|libpng|fontconfig' <<<"$libs"; then
  echo "FAIL: a solve-only program loads the libraries above"
  exit 1
fi
echo "PASS: solved 867254301 in 31 moves; loads only: $(awk '{print $1}' <<<"$libs" | tr '\n' ' ')"
