// slidegif for JavaScript: sliding-tile puzzles solved optimally by slidegif's solver compiled
// to WebAssembly. The engine runs in a worker (a Web Worker in a browser, a worker thread in
// Node), started on the first call, so a long solve never blocks the page or the event loop;
// every function returns a promise, and a bad argument rejects it too (TypeError, RangeError).
// The engine's refusals reject with a SlidegifError carrying the command
// line's message.
//
//   import { solve } from "slidegif";
//   const { moves, length, optimal } = await solve("867254301");   // "UULDDRR...", 31, true

/** A refusal or failure, with the message `slidegif` itself would print. */
export class SlidegifError extends Error {
  constructor(message) {
    super(message);
    this.name = "SlidegifError";
  }
}

const inNode = typeof process === "object" && !!process.versions?.node && typeof window === "undefined";
let engine = null; // a promise of {post, ref, unref, stop}
let nextId = 0;
const pending = new Map();

function receive({ id, result }) {
  const call = pending.get(id);
  pending.delete(id);
  if (pending.size === 0) engine.then(e => e.unref());
  if (result !== null && typeof result === "object" && "error" in result) {
    call.reject(new SlidegifError(result.error));
  } else {
    call.resolve(result);
  }
}

function failAll(error) {
  for (const call of pending.values()) call.reject(error);
  pending.clear();
  engine = null;
}

async function start() {
  if (inNode) {
    const { Worker } = await import("node:worker_threads");
    const worker = new Worker(new URL("./worker-node.mjs", import.meta.url));
    worker.on("message", receive);
    worker.on("error", failAll);
    worker.unref(); // an idle engine does not keep Node running
    return {
      post: message => worker.postMessage(message),
      ref: () => worker.ref(),
      unref: () => worker.unref(),
      stop: () => worker.terminate(),
    };
  }
  const worker = new Worker(new URL("./worker.js", import.meta.url));
  worker.onmessage = event => receive(event.data);
  worker.onerror = event => failAll(new SlidegifError(event.message || "the engine failed to start"));
  return { post: m => worker.postMessage(m), ref() {}, unref() {}, stop: () => worker.terminate() };
}

function call(op, ...args) {
  engine ??= start();
  return engine.then(e => new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    if (pending.size === 1) e.ref();
    e.post({ id, op, args });
  }));
}

// A board as the engine reads it: a string as on the command line ("867254301", "1,2,3/4,5,0"),
// a list of rows ([[8, 6, 7], [2, 5, 4], [3, 0, 1]]), or a flat list of a square board's tiles.
function boardText(board, name) {
  if (typeof board === "string") return board;
  if (Array.isArray(board) && board.every(Array.isArray)) return board.map(row => row.join(",")).join("/");
  if (Array.isArray(board)) {
    const side = Math.round(Math.sqrt(board.length));
    if (side * side !== board.length) {
      throw new TypeError(`${name}: a flat list of ${board.length} tiles is not square; give rows`);
    }
    const rows = [];
    for (let r = 0; r < side; r++) rows.push(board.slice(r * side, (r + 1) * side).join(","));
    return rows.join("/");
  }
  throw new TypeError(`${name} must be a string or a list of rows, not ${typeof board}`);
}

function number(value, name, lo, hi) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < lo || value > hi) {
    throw new RangeError(`${name} must be a number from ${lo} to ${hi}, not ${value}`);
  }
  return value;
}

/**
 * Solves `start` towards `goal` (default: 1..N-1 then the blank): optimal up to 4x4 (3x4 and
 * 4x4 build their pattern databases on first use, seconds), near-optimal on larger boards or
 * past `maxSeconds`.
 */
export async function solve(start, { goal = "", maxSeconds = 10, metric = "stm" } = {}) {
  return call("solve", boardText(start, "start"), goal === "" ? "" : boardText(goal, "goal"),
              number(maxSeconds, "maxSeconds", 0.01, 86400), String(metric));
}

/** Whether `goal` can be reached from `start`, and why (the parity theorem). */
export async function check(start, goal = "") {
  return call("check", boardText(start, "start"), goal === "" ? "" : boardText(goal, "goal"));
}

/**
 * A random solvable puzzle of `size` ("3x3", "4", "2x5"): the same seed, the same puzzle (as
 * `slidegif random --seed`); `moves`: exactly that many moves from the goal (boards of up to 9
 * cells), or "max" for one of the farthest.
 */
export async function randomPuzzle({ size = "3x3", seed, moves } = {}) {
  const s = seed === undefined ? Math.floor(Math.random() * 2 ** 52) : number(seed, "seed", 0, 2 ** 53 - 1);
  const m = moves === undefined ? -1 : moves === "max" ? -2 : number(moves, "moves", 0, 1000);
  return call("randomPuzzle", String(size), s, m);
}

/** Every state of a board of up to 12 cells by its distance from the goal: God's number. */
export async function explore(size = "3x3") {
  return call("explore", String(size));
}

/** Builds `size`'s pattern database now (before the first solve needs it). */
export async function prepare(size) {
  return call("prepare", String(size));
}

/** The engine's version (slidegif's). */
export async function version() {
  return call("version");
}

/** Ends the engine's worker; the next call starts another. */
export async function terminate() {
  if (!engine) return;
  const e = await engine;
  engine = null;
  failAll(new SlidegifError("the engine was terminated"));
  await e.stop();
}
