#!/usr/bin/env bash
# The npm package (scripts/build-web OUT): its size packed and installed, and the first 3x3 and
# 4x4 solves in a fresh Node process (the 4x4's includes building its small pattern database
# in WebAssembly, one thread), RUNS times.
#   tests/bench/npm_bench.sh OUT RUNS
set -euo pipefail
out=$(realpath "$1") runs=${2:-3}
source "$(dirname "$0")/../e2e/npm_project.sh"
npm_project "$out"
cat >first.mjs <<'JS'
import { solve, terminate } from "slidegif";
let t = performance.now();
await solve("867254301");
const three = (performance.now() - t) / 1000;
t = performance.now();
await solve("5,1,3,4/2,6,7,8/9,10,11,12/13,14,15,0");
console.log(`first 3x3 solve ${three.toFixed(3)} s, first 4x4 solve ${((performance.now() - t) / 1000).toFixed(2)} s`);
await terminate();
JS
echo "package: $(stat -c %s "$tgz") bytes packed, $(du -sk node_modules/slidegif | cut -f1) KB installed"
for _ in $(seq "$runs"); do node first.mjs; done
