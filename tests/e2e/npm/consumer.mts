// Types as a TypeScript user meets them: the API and the element, checked by tsc --strict.
import { solve, randomPuzzle, SlidegifError, type Solution } from "slidegif";
import { SlidePuzzleElement, type SlideMoveDetail } from "slidegif/element";

const s: Solution = await solve("867254301", { metric: "mtm", maxSeconds: 5 });
const p = await randomPuzzle({ size: "3x3", seed: 1, moves: "max" });
console.log(s.length, p.start, new SlidegifError("x").name);
const el = document.querySelector("slide-puzzle");
if (el) {
  el.addEventListener("move", event => {
    const d: SlideMoveDetail = event.detail;
    const by: "player" | "hint" | "solve" = d.by;
    console.log(d.tile, by, el.moveCount);
  });
  el.addEventListener("solved", event => console.log(event.detail.moveCount));
  const moved: boolean = await el.hint();
  await el.solve();
  console.log(moved, el.board.length, el.solved);
}
const made: SlidePuzzleElement = document.createElement("slide-puzzle");
made.setAttribute("size", "4");
