#!/usr/bin/env bash
# The npm package scripts/build-web packed (OUT/slidegif-VERSION.tgz) as a user gets it:
# installed into an empty project with `npm install ./slidegif-VERSION.tgz` (no registry: it
# has no dependencies), then Node's test runner (tests/e2e/npm/package.test.mjs) solves the
# puzzles the command line solves, to the same lengths, and tsc checks a program against its
# types (tests/e2e/npm/consumer.mts). Prints the package's size (its first
# solves' times are scripts/bench's).
#   tests/e2e/npm_test.sh OUT_DIR BUILD/slidegif SOURCE_DIR
set -euo pipefail
out=$(realpath "$1") cli=$(realpath "$2") src=$(realpath "$3")
command -v npm >/dev/null || { echo "FAIL: npm (Node.js) is needed" >&2; exit 1; }
source "$(dirname "$0")/npm_project.sh"
npm_project "$out"
# What the command line answers, for the package to match (without pattern databases: the
# lengths found another way than the engine's, and no 3x4 database built first).
expected=$work/expected.json
{
  echo '{"solves": ['
  first=1
  for p in "867254301 stm 3" "867254301 mtm 3" "123456780 stm 3" "0,4,1/2,5,3 stm 3" \
           "5,1,3,4/2,6,7,8/9,10,11,12/13,14,15,0 stm 4" "2,8,3,4/1,5,6,0/9,10,7,11 stm 4"; do
    read -r start metric cols <<<"$p"
    len=$("$cli" solve "$start" --metric "$metric" --no-pdb --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["length"])')
    ((first)) || echo ','
    first=0
    echo "{\"start\": \"$start\", \"metric\": \"$metric\", \"cols\": $cols, \"length\": $len}"
  done
  echo '],'
  printf '"unsolvable": %s,\n' "$({ "$cli" check 213456780 --json || true; } | /usr/bin/python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["explanation"]))')"
  printf '"version": %s,\n' "$("$cli" --version | /usr/bin/python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().split()[-1]))')"
  printf '"histogram3x3": [%s]\n}\n' "$(grep '^123456780' "$src/tests/data/8puzzle_distances.txt" | cut -f2 | tr ' ' ',')"
} >"$expected"
cp "$src/tests/e2e/npm/package.test.mjs" .
EXPECTED=$expected timeout 240 node --test package.test.mjs
# The declarations as a TypeScript user meets them (the API and the element), by tsc --strict
# from the registry (as the OpenAPI test's linter is).
cp "$src/tests/e2e/npm/consumer.mts" .
timeout 240 npx --yes -p typescript@5.6.3 tsc --noEmit --strict --module nodenext --target es2022 \
  --lib es2022,dom consumer.mts || { echo "FAIL: the package's types do not check" >&2; exit 1; }
echo "ok: tsc --strict checks a program using the package's types and <slide-puzzle>'s"
echo "ok: the package: $(stat -c %s "$tgz") bytes packed, $(du -sk node_modules/slidegif | cut -f1) KB installed"
