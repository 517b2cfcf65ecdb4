/**
 * `<slide-puzzle>`: a sliding-tile puzzle to play in a page, defined by importing
 * "slidegif/element". Attributes: `size` ("3", "3x4"; default 3), `distance` (moves from the
 * goal, or "max" on boards of up to 9 cells; default: uniformly random), `seed`, `start` (a
 * board to begin from), `theme` ("classic", "dark", "mint"), `lang` ("en", "zh"), `picture`
 * (an image URL) and `numbers`, `max-seconds` (the search's budget, default 10), `endpoint`
 * (a slidegif CGI's URL: solve there rather than in the WebAssembly worker).
 */
export class SlidePuzzleElement extends HTMLElement {
  /** The tiles row by row, 0 the blank. */
  readonly board: number[];
  readonly rows: number;
  readonly cols: number;
  /** Tiles slid since this puzzle began. */
  readonly moveCount: number;
  readonly solved: boolean;
  /** A new puzzle (`start` first, then random ones); rejects with the reason it cannot. */
  shuffle(): Promise<void>;
  /** Slides the next tile of an optimal solution; false when there was nothing to do. */
  hint(): Promise<boolean>;
  /** Plays an optimal solution from the current board, a slide at a time. */
  solve(): Promise<void>;

  addEventListener<K extends keyof SlidePuzzleEventMap>(
    type: K, listener: (this: SlidePuzzleElement, event: SlidePuzzleEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K, listener: (this: SlidePuzzleElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject,
                   options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SlidePuzzleEventMap>(
    type: K, listener: (this: SlidePuzzleElement, event: SlidePuzzleEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K, listener: (this: SlidePuzzleElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
                      options?: boolean | EventListenerOptions): void;
}

export interface SlideMoveDetail {
  /** The tile that slid, and the way it went. */
  tile: number;
  way: "up" | "down" | "left" | "right";
  /** The same move as slidegif names it: where the blank went (U, D, L, R). */
  blank: "U" | "D" | "L" | "R";
  by: "player" | "hint" | "solve";
  /** For a hint's or Solve's move: whether the answer it follows is proven optimal. */
  optimal?: boolean;
  moveCount: number;
  board: number[];
}

/** The element's own events (`error` here is a CustomEvent, not the DOM's ErrorEvent). */
export interface SlidePuzzleEventMap {
  move: CustomEvent<SlideMoveDetail>;
  solved: CustomEvent<{ moveCount: number; board: number[] }>;
  shuffle: CustomEvent<{ board: number[]; rows: number; cols: number }>;
  picture: CustomEvent<{ url: string }>;
  /** Does not bubble. */
  error: CustomEvent<{ message: string }>;
}

declare global {
  interface HTMLElementTagNameMap {
    "slide-puzzle": SlidePuzzleElement;
  }
}
