// The engine's thread in Node (worker_threads): the same messages as worker.js.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const SlidegifEngine = createRequire(import.meta.url)("./engine.js");
// The WebAssembly read here: Emscripten 3.1.6 would fetch() it by its path, which Node 18's
// fetch refuses (a path is not a URL).
const wasmBinary = readFileSync(new URL("./engine.wasm", import.meta.url));
const ready = SlidegifEngine({ wasmBinary }).then(module => ({ module, engine: new module.Engine() }));

parentPort.on("message", async ({ id, op, args }) => {
  const { module, engine } = await ready;
  parentPort.postMessage({ id, result: op === "version" ? module.version() : engine[op](...args) });
});
