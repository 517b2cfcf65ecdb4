#!/usr/bin/env bash
# A request that runs out of memory is answered 503 "out of memory" (try again), never a 500 or a
# crash, wherever its allocation fails: slidegif.cgi run under a private-memory limit (RLIMIT_DATA,
# the kind of bound both servers set) from 1 MB up in steps of 0.25 MB until the request
# succeeds, for each format and a picture. (Under about 0.5 MB the static program cannot start:
# glibc's start-up, before main, fails to allocate.) As root the program is run as nobody, which cannot
# raise the limit back.
#   tests/e2e/memory_limit_test.sh BUILD/slidegif.cgi PDB_FIXTURE_DIR
set -euo pipefail
cgi=$(realpath "$1") fixtures=$(realpath "$2")
source "$(dirname "$0")/lib.sh"
as=()
((EUID != 0)) || as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
# Everything nobody reads is copied where it can (the build tree may be under a private home).
chmod 711 "$E2E_STATE"
mkdir "$E2E_STATE/run"
cp "$cgi" "$E2E_STATE/run/slidegif.cgi"
cp "$fixtures/4x4-small.pdb" "$E2E_STATE/run/"
cp -r "$E2E_SOURCE_DIR/samples/pictures" "$E2E_STATE/run/pictures"
chmod -R a+rX "$E2E_STATE/run"
cgi=$E2E_STATE/run/slidegif.cgi

queries=(
  "start=867254301&tween=3"
  "start=867254301&format=webp&lang=zh&title=%E6%BB%91%E5%9D%97"
  "start=867254301&format=apng&theme=dark"
  "start=867254301&format=png&frame=-1"
  "size=4&seed=9&tile=90&tween=2"
  "size=2x4&seed=3&picture=sunset"
)
for q in "${queries[@]}"; do
  refused=0 answered=""
  for quarters in $(seq 4 160); do
    bytes=$((quarters * 262144))
    status=0
    REQUEST_METHOD=GET QUERY_STRING="$q" SLIDEGIF_PDB_DIR="$E2E_STATE/run" \
      SLIDEGIF_PICTURE_DIR="$E2E_STATE/run/pictures" \
      prlimit --data="$bytes" "${as[@]}" "$cgi" >"$b" 2>"$E2E_STATE/stderr" || status=$?
    first=$(head -1 "$b" | tr -d '\r')
    ((status == 0)) || e2e_fail "$q under $bytes bytes: exit $status ($first; $(head -c 200 "$E2E_STATE/stderr"))"
    case $first in
      "Status: 200 OK")
        answered=$bytes
        break
        ;;
      "Status: 503 Service Unavailable")
        grep -q "out of memory for this request" "$b" || e2e_fail "$q: a 503 that is not the memory's"
        refused=$((refused + 1))
        ;;
      *) e2e_fail "$q under $bytes bytes: $first: $(sed '1,/^\r$/d' "$b" | head -c 200)" ;;
    esac
  done
  [[ -n $answered ]] || e2e_fail "$q: no answer within 40 MB"
  ((refused > 0)) || e2e_fail "$q: answered under 1 MB: the limit did not bind"
  echo "ok: $q: $refused limits answered 503, then 200 at $((answered / 1024)) KB"
done
echo "PASS"
