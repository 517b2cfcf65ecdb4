#!/usr/bin/env bash
# Installed as a user installs it, used as the README says:
#  1. `cmake --install BUILD --prefix P` puts every file where the FHS and Debian put it.
#  2. Every command in README.md's ```sh blocks runs as shown against P/bin/slidegif, in order,
#     in an empty work directory with an empty home and only P/bin, /usr/bin and /bin on the
#     PATH (nothing of the source or build tree), each with exit status 0 unless its comment
#     says "exit status N".
#  3. The same again with the binary copied alone into an empty folder (people copy it to ~/bin).
# Skipped, by name: the long builds below (minutes and gigabytes each). The README's other
# blocks (```console) are checked elsewhere: scripts/demo and scripts/test by CI itself,
# scripts/package and the apt-get install by tests/slow/package_test.sh, scripts/serve (a
# server in the foreground) by the e2e tests of the same lighttpd configuration, slidegif-mpi
# under mpirun by tests/mpi/explore_test.sh.
#   tests/e2e/install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
skip_patterns=('pdb build --set large' 'pdb build --size 5x5')
# The copied binary's pass leaves out work that depends on nothing beside the binary (a
# database build): the installed pass ran it.
alone_skip_patterns=('pdb build --set mtm')
state=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-install.XXXXXX")
trap 'rm -rf "$state"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# --- 1. the install ---------------------------------------------------------------------
prefix=$state/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/slidegif lib/cgi-bin/slidegif.cgi lib/slidegif/slidegif.fcgi lib/slidegif/slidegif-video \
  share/man/man1/slidegif.1.gz share/man/man8/slidegif.fcgi.8.gz share/man/man8/slidegif.cgi.8.gz \
  share/bash-completion/completions/slidegif share/zsh/vendor-completions/_slidegif \
  share/fish/vendor_completions.d/slidegif.fish \
  lib/systemd/system/slidegif-fcgi@.socket lib/systemd/system/slidegif-fcgi@.service \
  share/slidegif/fonts/DejaVuSans-Bold.ttf share/slidegif/fonts/LICENSE-DejaVu.txt \
  share/slidegif/web/index.html share/slidegif/web/play.html share/slidegif/web/element.mjs \
  share/slidegif/web/index.mjs \
  share/slidegif/web/pictures/sunset.png share/slidegif/samples/lighttpd.conf \
  share/doc/slidegif/README.md share/doc/slidegif/LICENSE share/doc/slidegif/SERVING.md; do
  [[ -e $prefix/$f ]] || fail "cmake --install left out $f"
done
grep -q "ExecStart=$prefix/lib/slidegif/slidegif.fcgi" \
  "$prefix/lib/systemd/system/slidegif-fcgi@.service" || fail "the unit names another program"
# The man pages read without a warning, and name what --help names.
[[ $(zcat "$prefix/share/man/man8/slidegif.cgi.8.gz") == ".so man8/slidegif.fcgi.8" ]] ||
  fail "man slidegif.cgi does not lead to slidegif.fcgi(8)"
for page in man1/slidegif.1 man8/slidegif.fcgi.8; do
  err=$(zcat "$prefix/share/man/$page.gz" | groff -man -ww -z 2>&1) ||
    fail "groff: $page: $err"
  [[ -z $err ]] || fail "groff warns on $page: $err"
done
fcgi_page=$(zcat "$prefix/share/man/man8/slidegif.fcgi.8.gz")
"$prefix/lib/slidegif/slidegif.fcgi" --help | grep -o -- '--[a-z-]*' | sort -u | while read -r flag; do
  grep -qF -- "${flag//-/\\-}" <<<"$fcgi_page" || fail "man slidegif.fcgi does not describe $flag"
done
echo "ok: installed under the prefix, man pages read cleanly"
# slidegif-mpi and its page, where Open MPI was found (the plan runs without mpirun).
if [[ -x $build/slidegif-mpi ]]; then
  [[ -e $prefix/share/man/man1/slidegif-mpi.1.gz ]] || fail "cmake --install left out slidegif-mpi.1"
  err=$(zcat "$prefix/share/man/man1/slidegif-mpi.1.gz" | groff -man -ww -z 2>&1) &&
    [[ -z $err ]] || fail "groff warns on slidegif-mpi.1: $err"
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 TMPDIR=$state \
    "$prefix/bin/slidegif-mpi" plan --size 3x5 --ranks 64 | grep -q "^memory: " ||
    fail "the installed slidegif-mpi plans nothing"
  echo "ok: slidegif-mpi installed"
fi
# Video: the installed slidegif hands it to the installed slidegif-video (lib/slidegif/).
"$prefix/bin/slidegif" solve 12/30 -o "$state/a.mp4" >/dev/null 2>"$state/err" ||
  fail "installed slidegif -o a.mp4: $(cat "$state/err")"
[[ $(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$state/a.mp4") == h264 ]] ||
  fail "installed slidegif -o a.mp4 wrote no H.264"
echo "ok: the installed slidegif writes MP4 through slidegif-video"

# --- 2 and 3. the README's commands -----------------------------------------------------
# The ```sh blocks' lines, continuation lines joined.
mapfile -t commands < <(awk '
  /^```/ { inside = ($0 == "```sh"); next }
  inside && /\\$/ { sub(/\\$/, ""); pending = pending $0; next }
  inside { print pending $0; pending = "" }' "$src/README.md")
((${#commands[@]} >= 20)) || fail "only ${#commands[@]} commands found in README.md"

run_readme() {  # label, directory holding the slidegif to run, more patterns to skip
  local label=$1 bindir=$2 work=$state/work-$1 home=$state/home-$1 ran=0 skipped=0
  local patterns=("${skip_patterns[@]}" "${@:3}")
  mkdir -p "$work" "$home"
  cp "$prefix/share/slidegif/web/pictures/sunset.png" "$work/"  # the picture the README uses
  for line in "${commands[@]}"; do
    [[ $line =~ ^[[:space:]]*$ ]] && continue
    local skip=""
    for p in "${patterns[@]}"; do [[ $line == *"$p"* ]] && skip=$p; done
    if [[ -n $skip ]]; then
      skipped=$((skipped + 1))
      continue
    fi
    local want=0
    [[ $line =~ exit\ status\ ([0-9]+) ]] && want=${BASH_REMATCH[1]}
    local status=0
    (cd "$work" && env -i HOME="$home" XDG_CACHE_HOME="$state/data-$label" \
      PATH="$bindir:/usr/bin:/bin" LANG=C.UTF-8 \
      timeout 300 bash -c "$line" >"$state/out" 2>"$state/err") || status=$?
    [[ $status == "$want" ]] ||
      fail "$label: '$line' exited $status, not $want: $(head -c 600 "$state/err")"
    ran=$((ran + 1))
  done
  [[ -s $work/hardest.gif && -s $work/dist.png && -s $work/8puzzle.sqlite ]] ||
    fail "$label: the README's files were not all written"
  echo "ok: $label: $ran README commands ran as shown ($skipped long ones skipped)"
}
run_readme installed "$prefix/bin"
mkdir -p "$state/alone"
cp "$prefix/bin/slidegif" "$state/alone/"
# Its user has run it before: the 4x4 database the installed pass built in its cache (10 s) is
# in this one too, from the tests' fixture (the same command's output).
mkdir -p "$state/data-alone/slidegif"
cp "${SLIDEGIF_TEST_FIXTURES:?}"/4x4-small.pdb* "$state/data-alone/slidegif/" ||
  fail "no 4x4 database in the tests' fixture ($SLIDEGIF_TEST_FIXTURES)"
run_readme alone "$state/alone" "${alone_skip_patterns[@]}"
