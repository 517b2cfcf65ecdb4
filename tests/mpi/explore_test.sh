#!/usr/bin/env bash
# slidegif-mpi explore under mpirun, on one machine with several ranks: the histogram, God's
# number and antipodes equal slidegif explore's (one process) for every rank count, however
# the blocks and the exchange rounds fall; bad input is refused by rank 0 alone, nothing on
# stdout.
#   tests/mpi/explore_test.sh BUILD/slidegif-mpi BUILD/slidegif [SHAPE[:GOAL]...]
# RANKS and ROUNDS (lists) replace the rank counts and the round sizes tried.
set -euo pipefail
mpi=$1 cli=$2
shift 2
shapes=("$@")
[[ ${#shapes[@]} -gt 0 ]] || shapes=(3x3 2x4 4x2 2x5 3x3:123405678)
source "$(dirname "$0")/lib.sh"

field() { python3 -c 'import json,sys; j=json.load(sys.stdin); print(json.dumps([j[k] for k in sys.argv[1:]]))' "$@"; }

for spec in "${shapes[@]}"; do
  size=${spec%%:*} goal=()
  [[ $spec == *:* ]] && goal=(--goal "${spec#*:}")
  want=$("$cli" explore --size "$size" "${goal[@]}" --json | field histogram gods_number antipodes)
  # Every rank count and round size on the first shape; on the others, the one that splits
  # blocks and layers most unevenly (3 ranks, small rounds): mpirun starts in about a second.
  ranks_tried=${RANKS:-1 2 3 5} rounds_tried=${ROUNDS:-1000 4194304}
  if [[ -z ${RANKS:-} && $spec != "${shapes[0]}" ]]; then ranks_tried=3 rounds_tried=1000; fi
  for ranks in $ranks_tried; do
    # Small rounds: a layer takes many exchanges, with empty ones among them.
    for round in $rounds_tried; do
      got=$(run_mpi "$ranks" "$mpi" explore --size "$size" "${goal[@]}" --json \
              --round-states "$round" | field histogram gods_number antipodes)
      [[ $got == "$want" ]] || mpi_fail "$spec, $ranks ranks, rounds of $round: $got, not $want"
    done
  done
  echo "ok: $spec with $ranks_tried ranks, rounds of $rounds_tried: $(cut -c1-70 <<<"$want")..."
done
[[ -z ${RANKS:-} ]] || exit 0  # a run of chosen shapes and ranks (the slow test) ends here

# The text report names the ranks and the exchange.
run_mpi 2 "$mpi" explore --size 2x3 >"$MPI_STATE/out"
grep -q "^God's number: 21$" "$MPI_STATE/out" || mpi_fail "text: $(cat "$MPI_STATE/out")"
grep -q "(2 ranks, " "$MPI_STATE/out" || mpi_fail "text: no rank count: $(cat "$MPI_STATE/out")"
grep -q "^exchanged [0-9]* of [0-9]* children" "$MPI_STATE/out" || mpi_fail "text: no exchange line"
echo "ok: the text report"

# The plan's sampled exchange against a run's count: 2x5 on 3 ranks.
run_mpi 3 "$mpi" explore --size 2x5 --json >"$MPI_STATE/run.json"
"$mpi" plan --size 2x5 --ranks 3 --json >"$MPI_STATE/plan.json"
python3 - "$MPI_STATE/run.json" "$MPI_STATE/plan.json" <<'PY' || mpi_fail "the plan's exchange"
import json, sys
run, plan = (json.load(open(f)) for f in sys.argv[1:])
measured = sum(run["exchanged"]) / run["children"]
assert plan["states"] == run["states"] == 1814400, (plan, run)
assert abs(plan["children_per_state"] * run["states"] - run["children"]) < 0.01 * run["children"]
assert abs(plan["exchanged_fraction"] - measured) < 0.03 * measured, (plan, measured)
print(f"ok: the plan's exchange {plan['exchanged_fraction']:.4f}, the run's {measured:.4f}")
PY

# The man page names every option of both commands, and reads without a warning.
manual=$(dirname "$0")/../../docs/man/slidegif-mpi.1
for command in explore plan; do
  for option in $("$mpi" "$command" --help | grep -o -- '--[a-z-]*' | sort -u); do
    [[ $option == --help ]] && continue
    grep -qF -- "${option//-/\\-}" "$manual" || mpi_fail "slidegif-mpi.1 lacks $command $option"
  done
done
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$manual" 2>&1 >/dev/null)
[[ -z $warnings ]] || mpi_fail "slidegif-mpi.1: $warnings"
echo "ok: the man page names every option"

# refuse WHY ARGS...: exit 2, one message from rank 0 on stderr, nothing on stdout.
refuse() {
  local why=$1
  shift
  set +e
  run_mpi 3 "$mpi" "$@" >"$MPI_STATE/out" 2>"$MPI_STATE/err"
  local status=$?
  set -e
  [[ $status -ne 0 ]] || mpi_fail "$*: exit 0"
  [[ ! -s $MPI_STATE/out ]] || mpi_fail "$*: printed $(cat "$MPI_STATE/out")"
  grep -q "$why" "$MPI_STATE/err" || mpi_fail "$*: $(cat "$MPI_STATE/err")"
  [[ $(grep -c "slidegif-mpi: error" "$MPI_STATE/err") == 1 ]] ||
    mpi_fail "$*: not one message: $(cat "$MPI_STATE/err")"
}
refuse "rows and columns" explore --size 1x9
refuse "up to 16 cells" explore --size 3x6
refuse "needs 9 tiles" explore --size 3x3 --goal 1230
refuse "the size is 3x2" explore --size 3x2 --goal 123/450
refuse "spread the ranks over more machines" explore --size 4x4
refuse "more machines than ranks" plan --size 3x5 --ranks 4 --machines 8
echo "ok: bad sizes and goals, and a search too large for this machine, are refused"
set +e
run_mpi 2 "$mpi" explore --size 3x3 --no-such-flag >"$MPI_STATE/out" 2>"$MPI_STATE/err"
status=$?
set -e
[[ $status -ne 0 && ! -s $MPI_STATE/out ]] || mpi_fail "an unknown flag: exit $status"
echo "ok: an unknown flag is refused"
