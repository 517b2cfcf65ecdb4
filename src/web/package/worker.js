// The engine's thread in a browser (a classic worker: engine.js is Emscripten's script): the
// package's, and the play page's (scripts/build-web copies it beside play.html).
// Messages: {id, op, args} in, {id, result} out; op is a method of the engine (engine.cpp).
"use strict";
importScripts("engine.js");

const ready = SlidegifEngine().then(module => ({ module, engine: new module.Engine() }));

onmessage = async event => {
  const { id, op, args } = event.data;
  const { module, engine } = await ready;
  postMessage({ id, result: op === "version" ? module.version() : engine[op](...args) });
};
