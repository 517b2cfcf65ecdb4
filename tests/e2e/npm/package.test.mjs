// The npm package as a user has it (installed from its tarball into an empty project): run by
// Node's own test runner from tests/e2e/npm_test.sh, which passes what the slidegif command
// line answers for the same puzzles (EXPECTED, a JSON file) and the published 3x3 distances.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test, after } from "node:test";

import { SlidegifError, check, explore, randomPuzzle, solve, terminate, version } from "slidegif";

const expected = JSON.parse(readFileSync(process.env.EXPECTED, "utf8"));
after(() => terminate());

function replay(start, moves, cols) {
  const cells = start.includes(",") ? start.split(/[,/]/).map(Number) : [...start].map(Number);
  const step = { U: -cols, D: cols, L: -1, R: 1 };
  for (const m of moves) {
    const blank = cells.indexOf(0);
    const next = blank + step[m];
    assert.ok(next >= 0 && next < cells.length && (m === "U" || m === "D" || Math.floor(next / cols) === Math.floor(blank / cols)), `illegal ${m}`);
    [cells[blank], cells[next]] = [cells[next], cells[blank]];
  }
  return cells;
}

test("every puzzle is solved optimally, as the command line solves it", async () => {
  for (const p of expected.solves) {
    const s = await solve(p.start, { metric: p.metric, maxSeconds: 60 });
    assert.equal(s.length, p.length, `${p.start} (${p.metric})`);
    assert.equal(s.optimal, true, p.start);
    const end = replay(p.start, s.moves, p.cols);
    assert.deepEqual(end, [...Array(end.length - 1).keys()].map(i => i + 1).concat([0]), p.start);
  }
});

test("rows and flat lists are boards too", async () => {
  assert.equal((await solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]])).moves, "R");
  assert.equal((await solve([1, 2, 3, 4, 5, 6, 7, 0, 8])).length, 1);
});

test("check says why, as the command line does", async () => {
  const v = await check("213456780");
  assert.equal(v.solvable, false);
  assert.equal(v.explanation, expected.unsolvable);
});

test("random puzzles: the seed's, and exactly n moves away", async () => {
  const a = await randomPuzzle({ size: "3x3", seed: 7 });
  const b = await randomPuzzle({ size: "3x3", seed: 7 });
  assert.equal(a.start, b.start);
  const far = await randomPuzzle({ seed: 3, moves: 20 });
  assert.equal((await solve(far.start)).length, 20);
  const hardest = await randomPuzzle({ moves: "max" });
  assert.equal((await solve(hardest.start)).length, 31);
});

test("explore: God's number and the published 3x3 distances", async () => {
  const e = await explore("3x3");
  assert.equal(e.godsNumber, 31);
  assert.deepEqual(e.histogram, expected.histogram3x3);
  assert.equal(e.states, 181440);
  assert.equal(e.antipodes.length, 2);
});

test("bad input rejects with the command line's words", async () => {
  await assert.rejects(solve("12345678"), SlidegifError);
  await assert.rejects(solve("213456780"), e => e instanceof SlidegifError && /unsolvable|parity/.test(e.message));
  await assert.rejects(() => solve("867254301", { maxSeconds: 0 }), RangeError);
  await assert.rejects(solve("867254301", { metric: "xtm" }), /metric/);
  await assert.rejects(() => solve(42), TypeError);
  assert.equal(await version(), expected.version);
});

test("the element's module loads where there is no DOM, and defines nothing there", async () => {
  const { SlidePuzzleElement } = await import("slidegif/element");
  assert.equal(typeof SlidePuzzleElement, "function");
  assert.equal(typeof globalThis.customElements, "undefined");
});
