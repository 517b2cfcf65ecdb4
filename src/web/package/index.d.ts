/** A board: "867254301", "1,2,3/4,5,0", [[1, 2, 3], [4, 5, 0]], or a square board's flat tiles. */
export type Board = string | number[][] | number[];
export type Metric = "stm" | "mtm";

/** A refusal or failure, with the message `slidegif` itself would print. */
export class SlidegifError extends Error {
  name: "SlidegifError";
}

export interface Solution {
  /** The blank's moves, one letter a move: U, D, L, R. */
  moves: string;
  /** Moves as `metric` counts them ("mtm": a line of tiles sliding together is one). */
  length: number;
  metric: Metric;
  /** Proven the fewest moves. */
  optimal: boolean;
  /** How it was found, e.g. "descent of the distance table". */
  method: string;
  seconds: number;
}

export interface SolveOptions {
  /** Default: 1..N-1 then the blank. */
  goal?: Board;
  /** 0.01 to 86400; default 10. */
  maxSeconds?: number;
  /** Default "stm". */
  metric?: Metric;
}

export interface Verdict {
  solvable: boolean;
  /** The parity facts behind the verdict. */
  explanation: string;
}

export interface Puzzle {
  start: string;
  goal: string;
  seed: number;
}

export interface RandomOptions {
  /** "3x3", "4", "2x5"; default "3x3". */
  size?: string;
  /** The same seed, the same puzzle. */
  seed?: number;
  /** Exactly this many moves from the goal (boards of up to 9 cells), or "max". */
  moves?: number | "max";
}

export interface Exploration {
  godsNumber: number;
  /** States at each distance from the goal. */
  histogram: number[];
  /** The states at God's number. */
  antipodes: string[];
  states: number;
  seconds: number;
}

export function solve(start: Board, options?: SolveOptions): Promise<Solution>;
export function check(start: Board, goal?: Board): Promise<Verdict>;
export function randomPuzzle(options?: RandomOptions): Promise<Puzzle>;
/** Boards of up to 12 cells (3x4 takes a minute or more). */
export function explore(size?: string): Promise<Exploration>;
export function prepare(size: string): Promise<{ seconds: number; bytes: number }>;
export function version(): Promise<string>;
/** Ends the engine's worker; the next call starts another. */
export function terminate(): Promise<void>;
