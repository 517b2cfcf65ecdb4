#!/usr/bin/env bash
# FastCGI figures for scripts/bench, all in one run on 127.0.0.1 with wrk -t2 -c8:
#  - slidegif.fcgi under nginx (samples/nginx-slidegif-fcgi*.conf: two backends, one worker
#    each) against slidegif.cgi under lighttpd (samples/lighttpd.conf), random=1 defaults:
#    requests/s, p99, and the ratio (target: >= 4x and >= 1,000 requests/s on 2 cores);
#  - slidegif.cgi against a hello-world CGI under lighttpd (the process-spawn ceiling; target
#    >= 0.5), without and with a move-pieces file beside the databases (slidegif pieces build;
#    left out for a build without the command);
#  - a CGI that does no work but write one of slidegif.cgi's default GIFs (fixed_answer_cgi.c):
#    the ceiling for an answer that size;
#  - slidegif.cgi answering a revalidation (If-None-Match: 304, no solving or drawing): what
#    its process costs before any work. From these, slidegif.cgi's own work a request in CPU
#    time, and what it may take for the CGI to reach 0.5 of the hello CGI.
# Each pair is measured ROUNDS times alternately; the medians are printed.
#   tests/bench/fcgi_bench.sh BUILD_DIR [WRK_SECONDS] [ROUNDS]
set -euo pipefail
build=$(realpath "$1") seconds=${2:-10} rounds=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../e2e/lib.sh"
source "$here/../e2e/fcgi_nginx_lib.sh"
trap 'fcgi_nginx_stop; e2e_cleanup' EXIT
hello=$E2E_STATE/hello.cgi
cc -O2 -o "$hello" "$here/hello_cgi.c"
# One default answer: its GIF (the body after the CGI's header) for the fixed-answer CGI, its
# ETag for the revalidation requests.
answer=$E2E_STATE/answer.gif fixed=$E2E_STATE/fixed.cgi
etag=$(REQUEST_METHOD=GET QUERY_STRING='random=1&seed=7' "$build/slidegif.cgi" | python3 -c '
import sys
head, _, body = sys.stdin.buffer.read().partition(b"\r\n\r\n")
open(sys.argv[1], "wb").write(body)
print([l.split(":", 1)[1].strip() for l in head.decode().split("\r\n")
       if l.lower().startswith("etag:")][0])' "$answer")
cc -O2 -DANSWER_FILE="\"$answer\"" -o "$fixed" "$here/fixed_answer_cgi.c"
REQUEST_METHOD=GET QUERY_STRING='random=1&seed=7' HTTP_IF_NONE_MATCH=$etag "$build/slidegif.cgi" |
  head -1 | grep -q '^Status: 304' || { echo "fcgi_bench: the revalidation is not answered 304" >&2; exit 1; }

# wrk's requests/s and p99 (ms) of URL (more wrk arguments may follow), as "RPS P99".
measure() {
  local out
  out=$(wrk -t2 -c8 -d"${seconds}s" --timeout 10s --latency "$@")
  ! grep -q 'Non-2xx' <<<"$out" || { echo "non-200 answers: $out" >&2; exit 1; }
  awk '/Requests\/sec/ {rps = $2}
       $1 == "99%" {v = $2; if (v ~ /us$/) p = v / 1000; else if (v ~ /ms$/) p = v + 0;
                    else p = v * 1000}
       END {printf "%.1f %.1f", rps, p}' <<<"$out"
}
cgi_under_lighttpd() {  # program, query, more wrk arguments
  e2e_start_server "$1"
  measure "$E2E_URL/slidegif.cgi?$2" "${@:3}"
  e2e_stop_server
}
fcgi_under_nginx() {  # query
  fcgi_nginx_start "$build/slidegif.fcgi"
  measure "$url/slidegif.cgi?$1"
  fcgi_nginx_stop
  rm -rf "$run"
}
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

: >"$E2E_STATE/fcgi" ; : >"$E2E_STATE/cgi" ; : >"$E2E_STATE/hello" ; : >"$E2E_STATE/pieces"
: >"$E2E_STATE/fixed" ; : >"$E2E_STATE/revalidated"
pieces_dir=$E2E_STATE/pieces_pdb
pieces=false
if "$build/slidegif" pieces build --size 3x3 --dir "$pieces_dir" >/dev/null 2>&1; then pieces=true; fi
# The CGI with the pieces file: the server's database directory (e2e_start_server's) holds it.
cgi_with_pieces() {
  mkdir -p "$E2E_STATE/pdb" && cp "$pieces_dir"/move-pieces.bin* "$E2E_STATE/pdb/"
  cgi_under_lighttpd "$build/slidegif.cgi" "random=1"
  rm -f "$E2E_STATE/pdb"/move-pieces.bin*
}
for _ in $(seq "$rounds"); do
  fcgi_under_nginx "random=1" >>"$E2E_STATE/fcgi"; echo >>"$E2E_STATE/fcgi"
  cgi_under_lighttpd "$build/slidegif.cgi" "random=1" >>"$E2E_STATE/cgi"; echo >>"$E2E_STATE/cgi"
  if $pieces; then cgi_with_pieces >>"$E2E_STATE/pieces"; echo >>"$E2E_STATE/pieces"; fi
  cgi_under_lighttpd "$hello" "" >>"$E2E_STATE/hello"; echo >>"$E2E_STATE/hello"
  cgi_under_lighttpd "$fixed" "" >>"$E2E_STATE/fixed"; echo >>"$E2E_STATE/fixed"
  cgi_under_lighttpd "$build/slidegif.cgi" "random=1&seed=7" -H "If-None-Match: $etag" \
    >>"$E2E_STATE/revalidated"
  echo >>"$E2E_STATE/revalidated"
done
rps() { cut -d' ' -f1 "$E2E_STATE/$1" | median; }
p99() { cut -d' ' -f2 "$E2E_STATE/$1" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "== FastCGI vs CGI: wrk -t2 -c8 -d${seconds}s, random=1, median of $rounds alternating rounds," \
  "$(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg) =="
printf '  %-44s %8s req/s  p99 %7s ms\n' "slidegif.fcgi under nginx (2 backends)" "$(rps fcgi)" "$(p99 fcgi)"
printf '  %-44s %8s req/s  p99 %7s ms\n' "slidegif.cgi under lighttpd" "$(rps cgi)" "$(p99 cgi)"
if $pieces; then
  printf '  %-44s %8s req/s  p99 %7s ms\n' "slidegif.cgi under lighttpd, pieces file" \
    "$(rps pieces)" "$(p99 pieces)"
fi
printf '  %-44s %8s req/s  p99 %7s ms\n' "hello CGI under lighttpd (ceiling)" "$(rps hello)" "$(p99 hello)"
fixed_kb=$(($(stat -c %s "$answer") / 1000))
printf '  %-44s %8s req/s  p99 %7s ms\n' "a CGI writing a fixed $fixed_kb KB GIF" "$(rps fixed)" \
  "$(p99 fixed)"
printf '  FastCGI / CGI: %s   CGI / hello CGI: %s\n' "$(ratio "$(rps fcgi)" "$(rps cgi)")" \
  "$(ratio "$(rps cgi)" "$(rps hello)")"
if $pieces; then
  printf '  with the pieces file: FastCGI / CGI: %s   CGI / hello CGI: %s\n' \
    "$(ratio "$(rps fcgi)" "$(rps pieces)")" "$(ratio "$(rps pieces)" "$(rps hello)")"
fi
printf '  the fixed-answer CGI / hello CGI: %s (an answer that size, with no work at all)\n' \
  "$(ratio "$(rps fixed)" "$(rps hello)")"
printf '  %-44s %8s req/s  p99 %7s ms\n' "slidegif.cgi answering 304 (no work)" \
  "$(rps revalidated)" "$(p99 revalidated)"
# With every core busy, a request's share of the run is its CPU time (server, kernel, process)
# over the cores. Taken as a sum: the hello CGI's, plus moving the GIF (the fixed-answer CGI's
# over the hello's), plus slidegif.cgi's process before any work (the 304's over the hello's),
# plus the work itself. Half the hello CGI's rate leaves the work 2 x hello - fixed - 304 + hello.
work=pieces; $pieces || work=cgi
awk -v c="$(rps "$work")" -v h="$(rps hello)" -v f="$(rps fixed)" -v r="$(rps revalidated)" \
  -v n="$(nproc)" 'BEGIN {
  th = 1000 / h; tf = 1000 / f; tr = 1000 / r; tc = 1000 / c
  printf "  slidegif.cgi'"'"'s own work: %.2f ms of CPU a request; at 0.5 of the hello CGI: %.2f ms\n",
    n * (tc - tf - tr + th), n * (3 * th - tf - tr) }'
