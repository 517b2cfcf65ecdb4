// The play page's solver (scripts/build-web): slidegif's solving library compiled to
// WebAssembly, run here so that a long solve or a database build never blocks the page.
// Messages: {id, op, args} in, {id, result} out; op is a method of the engine (src/web/engine.cpp).
"use strict";
importScripts("engine.js");

const ready = SlidegifEngine().then(module => ({ module, engine: new module.Engine() }));

onmessage = async event => {
  const { id, op, args } = event.data;
  const { module, engine } = await ready;
  const result = op === "version" ? module.version() : engine[op](...args);
  postMessage({ id, result });
};
