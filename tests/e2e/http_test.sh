#!/usr/bin/env bash
# End-to-end: lighttpd with samples/lighttpd.conf runs build/slidegif.cgi; curl checks the HTTP
# contract (GIF, HEAD, 304, 405, 400 messages, 503 budget, randomness and determinism).
#   tests/e2e/http_test.sh BUILD/slidegif.cgi BUILD/tests/e2e/gif_frames
set -euo pipefail
cgi=$1 gif_frames=$2
source "$(dirname "$0")/lib.sh"
e2e_start_server "$cgi"
cgi_url="$E2E_URL/slidegif.cgi"
expect_status() {
  local want=$1 got=$2 what=$3
  [[ $got == "$want" ]] || e2e_fail "$what: status $got, want $want; body: $(head -c 300 "$b")"
}

# A GIF: type, exact length, decodes with the frame count the puzzle implies.
check_gif() {
  local what=$1 tween=$2
  [[ $(header Content-Type) == image/gif ]] || e2e_fail "$what: Content-Type $(header Content-Type)"
  [[ $(header Content-Length) == "$(stat -c %s "$b")" ]] || e2e_fail "$what: Content-Length mismatch"
  local info moves
  info=$("$gif_frames" "$b") || e2e_fail "$what: giflib cannot decode the body"
  moves=$(header X-Slidegif-Puzzle | sed -n 's/.*, \([0-9]*\) moves.*/\1/p')
  [[ -n $moves ]] || e2e_fail "$what: no move count in X-Slidegif-Puzzle"
  local frames=${info%% *} want=$((1 + moves * (tween + 1)))
  [[ $frames == "$want" ]] || e2e_fail "$what: $frames frames for $moves moves (tween $tween), want $want"
  echo "ok: $what ($info; $moves moves)"
}

# 1. Seeded random and a fixed puzzle: cacheable GIFs.
expect_status 200 "$(fetch "$cgi_url?random=1&seed=11")" "seeded random"
check_gif "seeded random" 3
[[ $(header Cache-Control) == public,* ]] || e2e_fail "seeded random: Cache-Control $(header Cache-Control)"
seeded=$(md5sum <"$b")
expect_status 200 "$(fetch "$cgi_url?random=1&seed=11&nocache=$RANDOM")" "seeded random again"
[[ $(md5sum <"$b") == "$seeded" ]] || e2e_fail "seeded requests differ"
echo "ok: seeded requests are identical"

expect_status 200 "$(fetch "$cgi_url?start=867/254/301&tween=0&tile=40&theme=dark&title=E2E")" "fixed"
check_gif "fixed 31-move puzzle, tween 0" 0
etag=$(header ETag)
[[ $etag == \"sg-* ]] || e2e_fail "fixed: ETag '$etag'"
get_headers=$(grep -iv '^date:' "$h")

# 2. HEAD: the same headers, no body.
expect_status 200 "$(fetch -I "$cgi_url?start=867/254/301&tween=0&tile=40&theme=dark&title=E2E")" "HEAD"
[[ $(grep -iv '^date:' "$h") == "$get_headers" ]] || e2e_fail "HEAD headers differ from GET"
e2e_head_sends_no_body "$E2E_PORT" "/slidegif.cgi?start=867/254/301"
echo "ok: HEAD"

# 3. Conditional GET: 304 with the tag, no body; another notation of the same request matches.
expect_status 304 "$(fetch -H "If-None-Match: $etag" \
  "$cgi_url?start=8,6,7,2,5,4,3,0,1&tween=0&tile=40&theme=dark&title=E2E&_=1")" "If-None-Match"
[[ ! -s $b ]] || e2e_fail "304 sent a body"
[[ $(header ETag) == "$etag" ]] || e2e_fail "304 ETag $(header ETag)"
expect_status 200 "$(fetch -H 'If-None-Match: "sg-stale"' "$cgi_url?start=867/254/301&tween=0&tile=40&theme=dark&title=E2E")" "stale tag"
echo "ok: 304 round trip"

# 3b. Formats: the Accept header picks WebP (Vary: Accept), format= names one; libwebp's webpmux
# reads the WebP with the GIF's frame count, and each format has its own tag.
expect_status 200 "$(fetch -H 'Accept: image/avif,image/webp,*/*' "$cgi_url?start=867/254/301&tween=0&tile=40")" "Accept: image/webp"
[[ $(header Content-Type) == image/webp ]] || e2e_fail "Accept webp: Content-Type $(header Content-Type)"
[[ $(header Vary) == Accept ]] || e2e_fail "Accept webp: Vary '$(header Vary)'"
[[ $(header Content-Length) == "$(stat -c %s "$b")" ]] || e2e_fail "webp: Content-Length mismatch"
webp_frames=$(webpmux -info "$b" | sed -n 's/^Number of frames: //p')
[[ $webp_frames == 32 ]] || e2e_fail "webp: webpmux reads '$webp_frames' frames, want 32"
webp_etag=$(header ETag)
expect_status 200 "$(fetch -H 'Accept: image/gif' -H "If-None-Match: $webp_etag" "$cgi_url?start=867/254/301&tween=0&tile=40")" "GIF with the WebP's tag"
[[ $(header Content-Type) == image/gif ]] || e2e_fail "the WebP's tag answered a GIF client with $(header Content-Type)"
expect_status 304 "$(fetch -H 'Accept: image/webp' -H "If-None-Match: $webp_etag" "$cgi_url?start=867/254/301&tween=0&tile=40")" "WebP 304"
expect_status 200 "$(fetch "$cgi_url?start=867/254/301&format=png&frame=-1")" "format=png"
[[ $(header Content-Type) == image/png && -z $(header Vary) ]] || e2e_fail "png: $(header Content-Type), Vary '$(header Vary)'"
expect_status 400 "$(fetch "$cgi_url?start=867/254/301&format=avi")" "format=avi"
grep -q "the formats are gif, webp, apng, png, mp4, webm" "$b" || e2e_fail "format=avi: $(cat "$b")"
if [[ $cgi == *.fcgi ]]; then  # the FastCGI server links FFmpeg
  expect_status 200 "$(fetch "$cgi_url?start=867/254/301&format=mp4")" "format=mp4"
  [[ $(header Content-Type) == video/mp4 ]] || e2e_fail "mp4: $(header Content-Type)"
  [[ $(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$b") == h264 ]] || e2e_fail "mp4: not H.264"
else
  expect_status 400 "$(fetch "$cgi_url?start=867/254/301&format=mp4")" "format=mp4"
  grep -q "is video, which slidegif.cgi does not write: ask slidegif.fcgi" "$b" || e2e_fail "format=mp4: $(cat "$b")"
fi
echo "ok: formats negotiated and named ($webp_frames WebP frames)"
expect_status 200 "$(fetch "$cgi_url?health=1")" "health"
[[ $(cat "$b") == ok ]] || e2e_fail "health: '$(cat "$b")'"
echo "ok: health check"

# 4. Methods.
for method in POST PUT DELETE; do
  expect_status 405 "$(fetch -X "$method" -d x "$cgi_url?random=1")" "$method"
  [[ $(header Allow) == "GET, HEAD" ]] || e2e_fail "$method: Allow '$(header Allow)'"
done
echo "ok: 405 with Allow"

# 5. Bad input: 400, text/plain, a message saying what is wrong.
while IFS='|' read -r query message; do
  [[ -z $query ]] && continue
  expect_status 400 "$(fetch "$cgi_url?$query")" "$query"
  [[ $(header Content-Type) == text/plain* ]] || e2e_fail "$query: Content-Type $(header Content-Type)"
  grep -qF -- "$message" "$b" || e2e_fail "$query: message '$(cat "$b")' lacks '$message'"
done <<'TABLE'
start=12345678|square board
start=1234567x0|unexpected character
start=213/456/780|unsolvable
start=123456780&goal=123456708&goal=1|more than once
size=5|at most 16 cells
size=17x17|out of range
size=abc|is not N or RxC
tile=4|tile must be between
tile=99999999999999999999999|tile must be between
tween=50|tween must be between
delay=0|delay must be between
loop=x|loop must be a whole number
seed=-1|seed must be a whole number
random=2|random must be 0 or 1
start=123456780&random=1|either start or random
theme=..%2F..%2Fetc%2Fpasswd|unknown theme
title=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx|title too long
start=867254301&tile=160&tween=8|board pixels
TABLE
echo "ok: bad input answers 400 with a message"

# 6. A search over budget (Korf's 15-puzzle #88, 65 moves, and this server has no pattern
# databases) is answered quickly with the best solution found, marked not optimal.
start_s=$SECONDS
code=$(fetch "$cgi_url?start=15,2,12,11/14,13,9,5/1,3,8,7/0,10,6,4&goal=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&tween=0")
expect_status 200 "$code" "hard 4x4"
[[ $(header X-Slidegif-Puzzle) == *"(not optimal)"* ]] || e2e_fail "hard 4x4: $(header X-Slidegif-Puzzle)"
((SECONDS - start_s <= 6)) || e2e_fail "hard 4x4 took $((SECONDS - start_s)) s"
echo "ok: budget exceeded -> 200, $(header X-Slidegif-Puzzle)"

# 7. Unseeded random: never cached, different every time.
expect_status 200 "$(fetch "$cgi_url?random=1")" "random 1"
[[ $(header Cache-Control) == no-store && -z $(header ETag) ]] || e2e_fail "random: cacheable"
first=$(md5sum <"$b")
expect_status 200 "$(fetch "$cgi_url?random=1")" "random 2"
[[ $(md5sum <"$b") != "$first" ]] || e2e_fail "two unseeded random requests gave the same GIF"
echo "ok: unseeded random requests differ"

# 8. The page itself is served next to the CGI.
expect_status 200 "$(fetch "$E2E_URL/")" "index.html"
grep -q 'src="slidegif.cgi?random=1&amp;format=gif"' "$b" && grep -q 'srcset="slidegif.cgi?random=1&amp;format=webp"' "$b" ||
  e2e_fail "index.html does not embed the CGI's WebP and GIF"
echo "ok: page"

# 9. A move-pieces file beside the pattern databases (slidegif pieces build): the same bytes
#    as without it; a damaged one is refused with a line in the error log, the bytes the same.
queries=("random=1&seed=11" "random=1&seed=21" "start=867/254/301" "random=1&seed=5&theme=dark")
without=()
for q in "${queries[@]}"; do
  expect_status 200 "$(fetch "$cgi_url?$q&nocache=$RANDOM")" "$q" && without+=("$(md5sum <"$b")")
done
"$(dirname "$cgi")/slidegif" pieces build --size 3x3 --dir "$E2E_STATE/pdb" >/dev/null
check_same_bytes() {
  local k
  for k in "${!queries[@]}"; do
    expect_status 200 "$(fetch "$cgi_url?${queries[k]}&nocache=$RANDOM")" "${queries[k]} ($1)"
    [[ $(md5sum <"$b") == "${without[k]}" ]] || e2e_fail "${queries[k]}: other bytes $1"
  done
}
check_same_bytes "with the pieces file"
! grep -q 'move pieces' "$E2E_STATE/error.log" || e2e_fail "pieces file refused: $(cat "$E2E_STATE/error.log")"
echo "ok: the same bytes with a move-pieces file"
pieces_file=$E2E_STATE/pdb/move-pieces.bin
printf X | dd of="$pieces_file" bs=1 seek=$(($(stat -c %s "$pieces_file") - 1000)) conv=notrunc 2>/dev/null
rm -f "$E2E_STATE/pdb/move-pieces.bin.ok"
check_same_bytes "with a damaged pieces file"
if [[ $cgi != *.fcgi ]]; then
  grep -q 'move pieces.*checksum mismatch' "$E2E_STATE/error.log" ||
    e2e_fail "a damaged pieces file went unreported: $(cat "$E2E_STATE/error.log")"
fi
rm -f "$E2E_STATE/pdb/move-pieces.bin"*
echo "ok: a damaged move-pieces file is refused, the bytes the same"

# The operator's limits. slidegif.cgi reads them from its environment, which the web server
# sets (SERVING.md): run as a server runs it. (slidegif.fcgi's --limit: fcgi_protocol_test.py.)
if [[ $cgi != *.fcgi ]]; then
  run_cgi() { REQUEST_METHOD=GET QUERY_STRING=$1 SLIDEGIF_LIMITS=$2 "$cgi" 2>"$E2E_STATE/cgi.err"; }
  run_cgi 'random=1&tile=80' 'max-tile=60,search-seconds=1' >"$b"
  grep -q '^Status: 400' "$b" && grep -q 'between 16 and 60' "$b" ||
    e2e_fail "tile=80 under SLIDEGIF_LIMITS=max-tile=60: $(head -c 300 "$b")"
  run_cgi 'random=1&tile=60' 'max-tile=60' >"$b"
  grep -q '^Content-Type: image/gif' "$b" || e2e_fail "tile=60 within max-tile=60: $(head -c 300 "$b")"
  # A setting that cannot be used: said on the server's log, the defaults hold.
  run_cgi 'random=1&tile=80' 'max-tile=600' >"$b"
  grep -q '^Content-Type: image/gif' "$b" || e2e_fail "an unusable setting changed the answer"
  grep -q 'SLIDEGIF_LIMITS: max-tile=600: must be from 16 to 256 (the defaults hold)' \
    "$E2E_STATE/cgi.err" || e2e_fail "an unusable setting was not logged: $(cat "$E2E_STATE/cgi.err")"
  echo "ok: SLIDEGIF_LIMITS bounds slidegif.cgi's requests; an unusable one is logged"
fi
echo "PASS"
