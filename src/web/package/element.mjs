// <slide-puzzle>: a sliding-tile puzzle to drop into a page. Tiles slide by click, tap or the
// arrow keys; "New puzzle" shuffles (uniformly, or to exactly `distance` moves from the goal);
// "Hint" slides the next tile of an optimal solution; "Solve" plays the rest of one. The
// solving is slidegif's: its WebAssembly engine in this package's worker, or, with `endpoint`,
// a slidegif CGI or FastCGI server's JSON API (format=json), for a page served with one.
//
//   <script type="module" src="node_modules/slidegif/element.mjs"></script>
//   <slide-puzzle size="4" theme="dark" lang="zh" distance="30"></slide-puzzle>
//
// Importing this module defines the element (its one side effect); SlidePuzzleElement is
// exported for a page that wants another name or a subclass.
import { check, randomPuzzle, solve } from "./index.mjs";

// The animations' colours (src/render/look/theme.cpp; tests/render/look/theme_test.cpp checks
// that this table says the same), one theme a line.
const THEMES = {
  classic: { canvas: [250, 248, 243], board: [187, 173, 160], blank: [205, 193, 180], faceTop: [255, 251, 244], faceBottom: [244, 234, 219], lip: [212, 192, 168], shadow: [118, 102, 88], digit: [92, 72, 56], caption: [96, 84, 74] },
  dark: { canvas: [24, 26, 33], board: [40, 44, 56], blank: [30, 33, 42], faceTop: [92, 108, 150], faceBottom: [76, 90, 128], lip: [50, 58, 84], shadow: [8, 9, 12], digit: [242, 245, 250], caption: [186, 194, 210] },
  mint: { canvas: [237, 245, 243], board: [54, 112, 112], blank: [44, 94, 95], faceTop: [255, 255, 255], faceBottom: [234, 245, 243], lip: [170, 204, 200], shadow: [14, 48, 50], digit: [30, 88, 90], caption: [44, 86, 86] },
};

const TEXT = {
  en: {
    newPuzzle: "New puzzle", hint: "Hint", solve: "Solve",
    moves: n => (n === 1 ? "1 move" : `${n} moves`), solved: n => `Solved in ${n === 1 ? "1 move" : `${n} moves`}!`,
    shuffling: "Shuffling…", thinking: "Thinking…", building: "Thinking… (the first time on this size: building its tables)",
    near: "A near-optimal answer (the search ran out of time)", failed: "Could not solve: ",
    board: (r, c) => `Sliding puzzle, ${r} by ${c}: the arrow keys slide a tile into the gap`,
    slid: (tile, way, n) => `Tile ${tile} ${way}. ${n === 1 ? "1 move" : `${n} moves`}.`,
    ways: { up: "up", down: "down", left: "left", right: "right" },
  },
  zh: {
    newPuzzle: "新题目", hint: "提示", solve: "求解",
    moves: n => `已走 ${n} 步`, solved: n => `完成！共 ${n} 步`,
    shuffling: "正在出题…", thinking: "思考中…", building: "思考中…（此尺寸第一次：正在建表）",
    near: "近似最优的解（搜索超时）", failed: "无法求解：",
    board: (r, c) => `滑块拼图，${r} 行 ${c} 列：方向键把方块移入空格`,
    slid: (tile, way, n) => `方块 ${tile} 向${way}。已走 ${n} 步。`,
    ways: { up: "上", down: "下", left: "左", right: "右" },
  },
};

// The blank's move (U, D, L, R) as a change of its cell, and the way the tile it meets goes.
const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
const TILE_WAY = { U: "down", D: "up", L: "right", R: "left" };
// An arrow slides the tile on that side of the gap the arrow's way: the blank goes the other.
const ARROW = { ArrowUp: "D", ArrowDown: "U", ArrowLeft: "R", ArrowRight: "L" };
const OPPOSITE = { U: "D", D: "U", L: "R", R: "L" };
const SLIDE_MS = 140; // one slide's transition; "Solve" waits a little longer between moves

const STYLE = `
:host { display: inline-block; max-width: 100%; vertical-align: top;
        font: 16px/1.4 system-ui, "DejaVu Sans", "WenQuanYi Micro Hei", sans-serif; }
:host([hidden]) { display: none; }
.frame { box-sizing: border-box; width: calc(var(--cols) * var(--slide-puzzle-tile, 72px) + 24px);
         max-width: 100%; padding: 12px; border-radius: 12px; background: var(--canvas);
         color: var(--caption); display: flex; flex-direction: column; gap: 10px; }
.board { padding: 6px; border-radius: 10px; background: var(--board); outline: none;
         touch-action: manipulation; user-select: none; -webkit-user-select: none; }
.board:focus-visible { box-shadow: 0 0 0 3px var(--face-bottom), 0 0 0 5px var(--digit); }
.cells { position: relative; aspect-ratio: var(--cols) / var(--rows); container-type: inline-size; }
.tile { position: absolute; left: 0; top: 0; box-sizing: border-box; padding: 2.5px;
        width: calc(100% / var(--cols)); height: calc(100% / var(--rows)); cursor: pointer;
        transition: transform ${SLIDE_MS}ms ease-out; }
.face { width: 100%; height: 100%; box-sizing: border-box; border-radius: 9%;
        display: flex; align-items: center; justify-content: center; font-weight: 700;
        font-size: calc(40cqw / var(--cols)); color: var(--digit); background-repeat: no-repeat;
        background-color: var(--face-bottom);
        background-image: linear-gradient(var(--face-top), var(--face-bottom));
        box-shadow: inset 0 -0.12em 0 var(--lip), 0 0.08em 0.12em var(--shadow); }
.picture .tile { padding: 0; }
.picture .face { border-radius: 0; box-shadow: inset 0 0 0 1px rgba(255, 255, 255, .35); }
.picture .face span { position: absolute; left: 4%; top: 3%; padding: 0 .25em; border-radius: .2em;
                      font-size: calc(18cqw / var(--cols)); background: var(--face-top); }
.picture:not(.numbers) .face span { display: none; }
.status { display: flex; flex-wrap: wrap; gap: 0 .8em; min-height: 1.4em; }
.count { font-variant-numeric: tabular-nums; }
.bar { display: flex; flex-wrap: wrap; gap: 6px 8px; }
button { font: inherit; font-size: .9em; padding: .3em .8em; border-radius: 7px; cursor: pointer;
         border: 1px solid var(--board); background: var(--face-top); color: var(--digit); }
button:disabled { opacity: .5; cursor: default; }
.message { font-size: .9em; }
.message.won { font-weight: 700; }
.message.error { color: #b42318; }
.quiet { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
@media (prefers-reduced-motion: reduce) { .tile { transition: none; } }
`;

const rgb = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;

// "3" is 3x3; "3x4" is 3 rows of 4.
function parseSize(text) {
  const m = /^\s*(\d+)\s*(?:[x×]\s*(\d+))?\s*$/.exec(text);
  const rows = m && Number(m[1]), cols = m && Number(m[2] ?? m[1]);
  if (!m || rows < 2 || cols < 2 || rows > 16 || cols > 16) {
    throw new RangeError(`size must be N or RxC with sides from 2 to 16, not "${text}"`);
  }
  return { rows, cols };
}

// A board as slidegif writes it: "867254301" or "041/253" (a digit a tile), "1,2,3/4,5,0".
function parseBoard(text, rows, cols) {
  const cells = text.includes(",") ? text.trim().split(/[,/\s]+/).map(Number) : [...text.replace(/[/\s]/g, "")].map(Number);
  const n = rows * cols;
  const sorted = [...cells].sort((a, b) => a - b);
  if (cells.length !== n || sorted.some((v, i) => v !== i)) {
    throw new RangeError(`the board "${text}" is not the tiles 0 to ${n - 1} of a ${rows}x${cols} board once each`);
  }
  return cells;
}

// The cell the blank reaches by `move` on a board `cols` wide, or -1 off the board.
function target(cells, cols, move) {
  const blank = cells.indexOf(0), rows = cells.length / cols;
  const r = Math.floor(blank / cols) + STEP[move][0], c = (blank % cols) + STEP[move][1];
  return r < 0 || c < 0 || r >= rows || c >= cols ? -1 : r * cols + c;
}

// Moves the blank (a legal move), in place.
function moveBlank(cells, cols, move) {
  const blank = cells.indexOf(0), to = target(cells, cols, move);
  [cells[blank], cells[to]] = [cells[to], 0];
}

// mulberry32: a seeded walk gives the same puzzle for the same seed.
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Imported where there is no DOM (Node, a server render), the module loads and defines nothing.
const Base = typeof HTMLElement === "undefined" ? class {} : HTMLElement;

export class SlidePuzzleElement extends Base {
  static observedAttributes = ["size", "distance", "seed", "start", "theme", "lang", "picture", "numbers"];

  #rows = 3;
  #cols = 3;
  #cells = [];
  #moveCount = 0;
  #won = false;
  #plan = null; // {board, moves, optimal}: the rest of a solution while the player follows it
  #epoch = 0; // bumped by every new puzzle: answers for an older one are dropped
  #busy = null; // "thinking", "playing" or "shuffling"
  #round = 0; // puzzles shuffled so far (a seed's next puzzle is seed + round)
  #restartQueued = false;
  #parts = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${STYLE}</style>
      <div class="frame" part="frame">
        <div class="board" part="board" tabindex="0" role="group"><div class="cells"></div></div>
        <div class="status"><span class="count" part="count"></span>
          <span class="message" part="message" role="status"></span></div>
        <div class="bar" part="bar">
          <button type="button" part="button shuffle" data-action="shuffle"></button>
          <button type="button" part="button hint" data-action="hint"></button>
          <button type="button" part="button solve" data-action="solve"></button>
        </div>
        <div class="quiet" aria-live="polite"></div>
      </div>`;
    const $ = selector => root.querySelector(selector);
    this.#parts = { frame: $(".frame"), board: $(".board"), cells: $(".cells"), count: $(".count"),
                    message: $(".message"), live: $(".quiet"), buttons: [...root.querySelectorAll("button")] };
    this.#parts.board.addEventListener("keydown", event => this.#onKey(event));
    this.#parts.cells.addEventListener("click", event => {
      const tile = event.target.closest(".tile");
      if (tile && this.#busy !== "playing") this.#slideCell(this.#cells.indexOf(Number(tile.dataset.tile)), "player");
    });
    for (const button of this.#parts.buttons) {
      button.addEventListener("click", () => this[button.dataset.action]().catch(() => {}));
    }
  }

  connectedCallback() {
    this.#applyTheme();
    this.#applyText();
    if (!this.#cells.length) this.#queueRestart();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.#parts) return;
    if (name === "theme") this.#applyTheme();
    else if (name === "lang") this.#applyText();
    else if (name === "picture" || name === "numbers") this.#applyPicture();
    else if (this.isConnected) this.#queueRestart();
  }

  /** The tiles row by row, 0 the blank. */
  get board() { return [...this.#cells]; }
  get rows() { return this.#rows; }
  get cols() { return this.#cols; }
  /** Tiles slid since this puzzle began (by the player, Hint or Solve). */
  get moveCount() { return this.#moveCount; }
  get solved() { return this.#won; }

  /** A new puzzle: `start` if set, else random (exactly `distance` moves out if set). */
  async shuffle() {
    const epoch = ++this.#epoch;
    this.#setBusy("shuffling");
    try {
      const { rows, cols } = parseSize(this.getAttribute("size") || "3");
      const start = this.getAttribute("start");
      const { cells, plan } = start && this.#round === 0
        ? { cells: parseBoard(start, rows, cols), plan: null }
        : await this.#pick(rows, cols);
      if (epoch !== this.#epoch) return;
      if (start && this.#round === 0 && !this.hasAttribute("endpoint")) {
        const verdict = await check(this.#text(cells, cols), "");
        if (epoch !== this.#epoch) return;
        if (!verdict.solvable) throw new Error(verdict.explanation);
      }
      this.#round++;
      this.#begin(rows, cols, cells);
      // A pick that solved its board keeps the solution: the first hint asks nothing more.
      if (plan) this.#plan = { board: cells.join(","), moves: plan, optimal: true };
      this.#setBusy(null);
      this.#emit("shuffle", { board: this.board, rows, cols });
    } catch (error) {
      if (epoch === this.#epoch) this.#fail(error);
      throw error;
    }
  }

  /** Slides the next tile of an optimal solution; false when there is nothing to do. */
  async hint() {
    if (this.#won || this.#busy) return false;
    const epoch = this.#epoch;
    const plan = await this.#planFromHere();
    if (!plan || epoch !== this.#epoch || !plan.moves.length || plan.board !== this.#cells.join(",")) return false;
    return this.#blankMove(plan.moves[0], "hint");
  }

  /** Plays an optimal solution from here, one slide at a time; resolves when it is played. */
  async solve() {
    if (this.#won || this.#busy) return;
    const epoch = this.#epoch;
    const plan = await this.#planFromHere();
    if (!plan || epoch !== this.#epoch || plan.board !== this.#cells.join(",")) return;
    this.#setBusy("playing");
    const pause = matchMedia("(prefers-reduced-motion: reduce)").matches ? 60 : SLIDE_MS + 90;
    for (const letter of plan.moves) {
      if (epoch !== this.#epoch) return;
      this.#blankMove(letter, "solve");
      await new Promise(done => setTimeout(done, pause));
    }
    if (epoch === this.#epoch) this.#setBusy(null);
  }

  // ---- picking and solving (the engine in a worker, or the endpoint's JSON API) ----

  // {cells, plan}: a random board, and an optimal solution of it when picking found one (the
  // endpoint's JSON answer, a walk's solve) or null.
  async #pick(rows, cols) {
    const round = this.#round;
    const seedText = this.getAttribute("seed");
    const seed = seedText !== null && seedText !== "" ? Number(seedText) + round : Math.floor(Math.random() * 2 ** 31);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a whole number, not "${seedText}"`);
    const distanceText = this.getAttribute("distance");
    if (distanceText === null || distanceText === "") return this.#random(rows, cols, seed);
    if (distanceText !== "max" && !/^\d+$/.test(distanceText)) {
      throw new RangeError(`distance must be a number of moves or "max", not "${distanceText}"`);
    }
    // Boards of up to 9 cells: the distance table picks uniformly among those that far.
    if (rows * cols <= 9) return this.#random(rows, cols, seed, distanceText === "max" ? "max" : Number(distanceText));
    if (distanceText === "max") throw new RangeError(`distance="max" needs a board of up to 9 cells, not ${rows}x${cols}`);
    return this.#walkOut(rows, cols, Number(distanceText), seededRandom(seed));
  }

  // Exactly `distance` moves from the goal on a larger board: a random walk a little longer,
  // solved optimally, then followed along its optimal solution until `distance` moves are left
  // (each board on an optimal path is exactly as far as the moves left on it). A walk that
  // folded back too far is lengthened.
  async #walkOut(rows, cols, distance, random) {
    // A walk twice the distance and more that still falls short: the board has no such boards
    // (a 4x4's farthest are 80 moves out), or too few to meet; said after a few solves.
    const enough = 2 * distance + 20;
    let length = distance + 6, farthest = 0;
    while (true) {
      const cells = Array.from({ length: rows * cols }, (_, i) => (i + 1) % (rows * cols));
      let last = "";
      for (let i = 0; i < length; i++) {
        const legal = Object.keys(STEP).filter(m => m !== OPPOSITE[last] && target(cells, cols, m) >= 0);
        last = legal[Math.floor(random() * legal.length)];
        moveBlank(cells, cols, last);
      }
      const answer = await this.#solve(cells, cols);
      if (!answer.optimal) throw new Error(`could not prove a ${rows}x${cols} board ${distance} moves out in time`);
      if (answer.length >= distance) {
        const rest = answer.length - distance;
        for (const m of answer.moves.slice(0, rest)) moveBlank(cells, cols, m);
        return { cells, plan: answer.moves.slice(rest) };
      }
      farthest = Math.max(farthest, answer.length);
      if (length >= enough) break;
      length += distance - answer.length + 4;
    }
    throw new Error(`no ${rows}x${cols} board ${distance} moves out was found (the farthest: ${farthest})`);
  }

  async #random(rows, cols, seed, moves) {
    const size = `${rows}x${cols}`;
    const endpoint = this.getAttribute("endpoint");
    const answer = endpoint
      ? await this.#ask(endpoint, { random: "1", size, seed: String(seed), ...(moves === undefined ? {} : { moves: String(moves) }) })
      : await randomPuzzle({ size, seed, moves });
    // The endpoint solves what it picks (the engine only picks); a near-optimal answer is left
    // for the first hint to fetch and say so.
    const plan = endpoint && answer.optimal === true && typeof answer.moves === "string" ? answer.moves : null;
    return { cells: parseBoard(answer.start, rows, cols), plan };
  }

  async #solve(cells, cols) {
    const endpoint = this.getAttribute("endpoint");
    const start = this.#text(cells, cols);
    if (endpoint) return this.#ask(endpoint, { start });
    const seconds = Number(this.getAttribute("max-seconds") || 10);
    return solve(start, { maxSeconds: seconds });
  }

  // The endpoint's JSON answer; its {error} becomes the error's message.
  async #ask(endpoint, query) {
    const url = new URL(endpoint, document.baseURI);
    for (const [k, v] of Object.entries({ ...query, format: "json" })) url.searchParams.set(k, v);
    const response = await fetch(url);
    const body = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
    if (!response.ok || body.error) throw new Error(body.error || `${response.status} ${response.statusText}`);
    return body;
  }

  async #planFromHere() {
    const key = this.#cells.join(",");
    if (this.#plan?.board === key && this.#plan.moves.length) return this.#plan;
    const epoch = this.#epoch;
    this.#setBusy("thinking");
    try {
      const answer = await this.#solve(this.#cells, this.#cols);
      if (epoch !== this.#epoch) return null;
      this.#setBusy(null);
      this.#plan = { board: key, moves: answer.moves, optimal: answer.optimal };
      if (!answer.optimal) this.#say(this.#t.near);
      return this.#plan;
    } catch (error) {
      if (epoch === this.#epoch) this.#fail(error, this.#t.failed);
      return null;
    }
  }

  // ---- the board ----

  #begin(rows, cols, cells) {
    this.#rows = rows;
    this.#cols = cols;
    this.#cells = cells;
    this.#moveCount = 0;
    this.#won = false;
    this.#plan = null;
    const { frame, cells: holder } = this.#parts;
    frame.style.setProperty("--rows", rows);
    frame.style.setProperty("--cols", cols);
    holder.replaceChildren(...cells.filter(t => t !== 0).sort((a, b) => a - b).map(tile => {
      const el = document.createElement("div");
      el.className = "tile";
      el.setAttribute("part", "tile");
      el.dataset.tile = String(tile);
      el.innerHTML = `<div class="face" part="face"><span>${tile}</span></div>`;
      return el;
    }));
    this.#applyPicture();
    this.#applyText();
    this.#place();
    this.#say("");
  }

  #place() {
    this.#cells.forEach((tile, cell) => {
      if (tile === 0) return;
      const el = this.#parts.cells.querySelector(`[data-tile="${tile}"]`);
      el.style.transform = `translate(${(cell % this.#cols) * 100}%, ${Math.floor(cell / this.#cols) * 100}%)`;
    });
    this.#parts.count.textContent = this.#t.moves(this.#moveCount);
  }

  #blankMove(letter, by) {
    return this.#slideCell(target(this.#cells, this.#cols, letter), by);
  }

  // Slides the tile at `cell` into the gap when they are neighbours.
  #slideCell(cell, by) {
    // While a search runs the player may go on; its answer is then for another board, unused.
    if (this.#won || cell < 0 || (by === "player" && (this.#busy === "playing" || this.#busy === "shuffling"))) return false;
    const letter = Object.keys(STEP).find(m => target(this.#cells, this.#cols, m) === cell);
    if (!letter) return false;
    const tile = this.#cells[cell];
    moveBlank(this.#cells, this.#cols, letter);
    this.#moveCount++;
    const planned = this.#plan?.moves[0] === letter;
    if (planned) this.#plan = { ...this.#plan, board: this.#cells.join(","), moves: this.#plan.moves.slice(1) };
    this.#place();
    const t = this.#t;
    this.#parts.live.textContent = t.slid(tile, t.ways[TILE_WAY[letter]], this.#moveCount);
    const optimal = by === "player" ? undefined : planned && this.#plan.optimal;
    this.#emit("move", { tile, way: TILE_WAY[letter], blank: letter, by, optimal, moveCount: this.#moveCount, board: this.board });
    const n = this.#cells.length;
    if (this.#cells.every((v, i) => v === (i + 1) % n)) {
      this.#won = true;
      this.#refreshButtons();
      this.#say(t.solved(this.#moveCount), "won");
      this.#parts.live.textContent = t.solved(this.#moveCount);
      this.#emit("solved", { moveCount: this.#moveCount, board: this.board });
    }
    return true;
  }

  #onKey(event) {
    const letter = ARROW[event.key];
    if (!letter || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault(); // the page does not scroll while the board has the keys
    this.#blankMove(letter, "player");
  }

  // ---- looks and words ----

  get #t() {
    const lang = this.getAttribute("lang") || this.closest("[lang]")?.getAttribute("lang") || "en";
    return lang.toLowerCase().startsWith("zh") ? TEXT.zh : TEXT.en;
  }

  #applyTheme() {
    const name = this.getAttribute("theme") || "classic";
    const theme = THEMES[name];
    if (!theme) this.#fail(new RangeError(`unknown theme "${name}" (valid: ${Object.keys(THEMES).join(", ")})`));
    for (const [key, color] of Object.entries(theme ?? THEMES.classic)) {
      this.#parts.frame.style.setProperty(`--${key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}`, rgb(color));
    }
  }

  #applyText() {
    const t = this.#t;
    for (const button of this.#parts.buttons) button.textContent = t[button.dataset.action === "shuffle" ? "newPuzzle" : button.dataset.action];
    this.#parts.board.setAttribute("aria-label", t.board(this.#rows, this.#cols));
    this.#parts.count.textContent = t.moves(this.#moveCount);
    if (this.#won) this.#say(t.solved(this.#moveCount), "won");
  }

  // A picture cut into the tiles: centre-cropped to the board, each tile its goal cell's part.
  #applyPicture() {
    const url = this.getAttribute("picture");
    const { cells } = this.#parts;
    cells.classList.toggle("picture", !!url);
    cells.classList.toggle("numbers", this.hasAttribute("numbers"));
    const faces = [...cells.querySelectorAll(".tile")];
    if (!url) {
      for (const el of faces) el.firstElementChild.style.background = "";
      return;
    }
    const img = new Image();
    img.onload = () => {
      if (this.getAttribute("picture") !== url) return;
      const aspect = this.#rows / this.#cols, imageAspect = img.naturalHeight / img.naturalWidth;
      const w = Math.max(1, aspect / imageAspect), h = w * imageAspect; // in board widths
      for (const el of faces) {
        const cell = Number(el.dataset.tile) - 1, r = Math.floor(cell / this.#cols), c = cell % this.#cols;
        Object.assign(el.firstElementChild.style, {
          backgroundImage: `url("${img.src}")`,
          backgroundSize: `${w * 100}cqw ${h * 100}cqw`,
          backgroundPosition: `${((1 - w) / 2 - c / this.#cols) * 100}cqw ${((aspect - h) / 2 - r / this.#cols) * 100}cqw`,
        });
      }
      this.#emit("picture", { url });
    };
    img.onerror = () => this.#fail(new Error(`the picture ${url} could not be loaded`));
    img.src = new URL(url, document.baseURI).href;
  }

  // New puzzle always works (it ends whatever runs); Hint and Solve wait, and end at the goal.
  #refreshButtons() {
    for (const button of this.#parts.buttons) {
      button.disabled = button.dataset.action !== "shuffle" && (!!this.#busy || this.#won || !this.#cells.length);
    }
  }

  #setBusy(what) {
    this.#busy = what;
    this.#refreshButtons();
    const t = this.#t;
    if (what === "shuffling") this.#say(t.shuffling);
    if (what === "thinking") this.#say(this.#rows * this.#cols > 9 ? t.building : t.thinking);
    if (!what && this.#parts.message.className === "message") this.#say("");
  }

  #say(text, kind = "") {
    this.#parts.message.textContent = text;
    this.#parts.message.className = kind ? `message ${kind}` : "message";
  }

  #fail(error, prefix = "") {
    this.#busy = null;
    this.#refreshButtons();
    this.#say(prefix + error.message, "error");
    this.#emit("error", { message: error.message });
  }

  #emit(type, detail) {
    // "error" stays on the element: bubbled to the window it would reach window.onerror.
    const bubbles = type !== "error";
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles, composed: bubbles }));
  }

  #queueRestart() {
    if (this.#restartQueued) return;
    this.#restartQueued = true;
    queueMicrotask(() => {
      this.#restartQueued = false;
      this.#round = 0;
      this.shuffle().catch(() => {});
    });
  }

  #text(cells, cols) {
    const rows = [];
    for (let i = 0; i < cells.length; i += cols) rows.push(cells.slice(i, i + cols).join(","));
    return rows.join("/");
  }
}

if (typeof customElements !== "undefined" && !customElements.get("slide-puzzle")) {
  customElements.define("slide-puzzle", SlidePuzzleElement);
}
