#!/usr/bin/env bash
# slidegif-mpi (issue 28 section 3): explore --size 3x4 on 1, 2, 4 and 8 ranks beside slidegif
# explore (two threads), alternating, RUNS rounds; each run's exchange and peak memory against
# the plan's (the model), then the plans for 3x5 and 4x4.
#   tests/bench/mpi_bench.sh BUILD [RUNS] [SIZE]
set -euo pipefail
build=$1 runs=${2:-1} size=${3:-3x4}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp

echo "run  program                seconds  peak MB a rank  plan MB a rank  exchanged  plan"
for run in $(seq "$runs"); do
  "$build/slidegif" explore --size "$size" --threads 2 --json >"$tmp/one.json"
  python3 - "$run" "$tmp/one.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[2]))
print(f"{sys.argv[1]:>3}  slidegif explore (2 thr) {j['seconds']:7.2f}  {j['peak_memory_bytes']/1e6:14.1f}")
PY
  for ranks in 1 2 4 8; do
    mpirun --oversubscribe -np "$ranks" "$build/slidegif-mpi" explore --size "$size" --json \
      >"$tmp/run.json"
    "$build/slidegif-mpi" plan --size "$size" --ranks "$ranks" --json >"$tmp/plan.json"
    python3 - "$run" "$ranks" "$tmp/run.json" "$tmp/plan.json" "$tmp/one.json" <<'PY'
import json, sys
run, ranks = sys.argv[1], int(sys.argv[2])
j, plan, one = (json.load(open(f)) for f in sys.argv[3:])
assert j["histogram"] == one["histogram"], "histograms differ"
measured = sum(j["exchanged"]) / j["children"]
print(f"{run:>3}  slidegif-mpi, {ranks} rank{'s' if ranks > 1 else ' '}  {j['seconds']:7.2f}"
      f"  {j['peak_memory_bytes']/1e6:14.1f}  {plan['rank_bytes']/1e6:14.1f}"
      f"  {100*measured:8.3f}%  {100*plan['exchanged_fraction']:.3f}%")
PY
  done
done

echo "== plans (slidegif-mpi plan) =="
for spec in "3x5 8" "3x5 32" "3x5 128" "4x4 128" "4x4 1024"; do
  set -- $spec
  "$build/slidegif-mpi" plan --size "$1" --ranks "$2" | sed "s/^/  /"
done
