// Fultiples: the view the engine sends (games/engines/fultiples.py `view`) and pure helpers.
// Nothing here decides whether a mark is right: the server does. `hintCells` is only used when
// the assignment switches hints on.
import { factWords } from "../hints";
import { notInTimesTable, refusalInWords, whatFitsWith } from "../words";
import type { BaseView, GameEvent, MatchMeta } from "../../protocol/messages";

/** [row, col], 0-based. */
export type Cell = [number, number];

/** The opening dice: every roll in order (ties are rolled again) and the seat that starts. */
export interface DiceRolls {
  type?: "dice";
  rolls: number[][];
  first_seat: number;
}

export interface View extends BaseView {
  game: "fultiples";
  phase: string; // "play" | "over"
  /** The numbers, rows x cols (default 10 x 10). */
  board: number[][];
  /** The seat that marked each cell, or null when free. */
  marks: (number | null)[][];
  /** The cell marked last, whoever marked it, or null before the first mark. */
  last: Cell | null;
  /** True when the player to move may mark any free cell (first mark, or nothing fits). */
  free_start: boolean;
  /** The primes the grid was built from ("Based on the primes 2, 3, 7"), or null. */
  primes: number[] | null;
  /** The opening dice, or null when first_seat was set by an option. */
  dice: DiceRolls | null;
}

/** The engine's `mistake` event: `b` (the chosen number) is not a factor or multiple of `a`. */
export interface MistakeEvent extends GameEvent {
  type: "mistake";
  seat: number;
  cell: Cell;
  a: number;
  b: number;
  turn_passed: boolean;
}

/** A mark someone made between two views. */
export interface NewMark {
  cell: Cell;
  seat: number;
  number: number;
}

export const cellKey = (r: number, c: number): string => `${r},${c}`;

/** True when one number divides the other (equal numbers and 1 count). Used for hints only. */
export function related(a: number, b: number): boolean {
  if (a <= 0 || b <= 0) return false;
  return a % b === 0 || b % a === 0;
}

export function gridSize(view: View): { rows: number; cols: number } {
  return { rows: view.board.length, cols: view.board[0]?.length ?? 0 };
}

export function isOver(view: View): boolean {
  return view.result !== null || view.phase === "over";
}

/** May this viewer mark a cell now? Spectators (seat null) never may. */
export function canAct(view: View, seat: number | null): boolean {
  return seat !== null && !isOver(view) && view.to_move.includes(seat);
}

/** The number in the last marked cell, or null before the first mark. */
export function lastNumber(view: View): number | null {
  if (!view.last) return null;
  const [r, c] = view.last;
  return view.board[r]?.[c] ?? null;
}

export function markCount(view: View): number {
  let n = 0;
  for (const row of view.marks) for (const m of row) if (m !== null) n += 1;
  return n;
}

/**
 * Keys of the free cells a hint may light up: every free cell on a free start, else the free
 * cells whose number is a factor or a multiple of the last number. Empty when the game is over.
 * The hint rule `factor_or_multiple_of_last` of Fultiples' definition (GET /api/games/).
 */
export function hintCells(view: View): Set<string> {
  const out = new Set<string>();
  if (isOver(view)) return out;
  const previous = lastNumber(view);
  const anything = view.free_start || previous === null;
  view.board.forEach((row, r) =>
    row.forEach((n, c) => {
      if (view.marks[r]?.[c] !== null) return;
      if (anything || related(previous, n)) out.add(cellKey(r, c));
    }),
  );
  return out;
}

/** The big instruction line above the grid: the last number (shown large) and what to do, in
 * whole sentences ("Tap a number that fits with 12."). */
export function instructionParts(view: View): { last: number | null; rest: string } {
  const previous = lastNumber(view);
  if (isOver(view)) return { last: previous, rest: "" };
  if (previous === null) return { last: null, rest: "Tap any number to start." };
  if (view.free_start) return { last: previous, rest: "No free number fits with it, so tap any number." };
  return { last: previous, rest: fitsWords(previous) };
}

/** What fits with the last number, in times-table words: "Tap a number in the 6 times table. Or
 * tap a number whose times table has 6 in it." */
export function fitsWords(previous: number): string {
  return `Tap a number in the ${previous} times table. Or tap a number whose times table has ${previous} in it.`;
}

/** "Last number: 42. Tap a number in the 42 times table. …", or "Tap any number to start." */
export function instruction(view: View): string {
  const { last, rest } = instructionParts(view);
  if (last === null) return rest;
  return rest ? `Last number: ${last}. ${rest}` : `Last number: ${last}.`;
}

/** "Most numbers are in the 2, 3 or 7 times table.": the grid's primes, in a child's words. */
export function primesWords(primes: number[]): string {
  const list = primes.map(String);
  const named = list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`;
  return `Most numbers are in the ${named} times table.`;
}

/** A player's name from the match page's seats, with a fallback. */
export function playerName(match: MatchMeta, seat: number): string {
  const info = match.seats.find((s) => s.index === seat) ?? match.seats[seat];
  const name = info?.name?.trim();
  return name ? name : `Player ${seat + 1}`;
}

export function seatNames(match: MatchMeta, players: number): string[] {
  return Array.from({ length: Math.max(players, 2) }, (_, i) => playerName(match, i));
}

export interface CellFlags {
  last?: boolean;
  hint?: boolean;
  winning?: boolean;
}

/** "Row 3, column 4: 42, marked by Ana" / "Row 3, column 4: 42, free" (1-based for people). */
export function cellLabel(view: View, r: number, c: number, names: string[], flags: CellFlags = {}): string {
  const n = view.board[r][c];
  const owner = view.marks[r]?.[c] ?? null;
  let text = `Row ${r + 1}, column ${c + 1}: ${n}, ${owner === null ? "free" : `marked by ${names[owner] ?? `Player ${owner + 1}`}`}`;
  if (flags.last) text += ", last number";
  if (flags.hint) text += ", hint";
  // Its own sentence: the label stays short enough to take in.
  if (flags.winning) text += ". Five in a row!";
  return text;
}

/** Marks present in `next` but not in `prev` (in reading order), for announcements. */
export function newMarks(prev: View | null, next: View): NewMark[] {
  if (!prev || prev.board.length !== next.board.length) return [];
  const out: NewMark[] = [];
  next.marks.forEach((row, r) =>
    row.forEach((seat, c) => {
      if (seat !== null && (prev.marks[r]?.[c] ?? null) === null) {
        out.push({ cell: [r, c], seat, number: next.board[r][c] });
      }
    }),
  );
  // The newest mark (the last cell) is announced last.
  const last = next.last;
  if (last) out.sort((x, y) => Number(x.cell[0] === last[0] && x.cell[1] === last[1]) - Number(y.cell[0] === last[0] && y.cell[1] === last[1]));
  return out;
}

function isCell(v: unknown): v is Cell {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number");
}

/** The viewer's own mistake among the latest events, if any. */
export function mistakeFor(events: GameEvent[], seat: number | null): MistakeEvent | null {
  if (seat === null) return null;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e.type === "mistake" && e.seat === seat) {
      return {
        ...e,
        type: "mistake",
        seat,
        cell: isCell(e.cell) ? e.cell : [-1, -1],
        a: typeof e.a === "number" ? e.a : NaN,
        b: typeof e.b === "number" ? e.b : NaN,
        turn_passed: e.turn_passed === true,
      };
    }
  }
  return null;
}

/** Short, friendly sentences for a mistake: what was wrong and what would fit ("Not quite. 14 is
 * not in the 6 times table. 12, 18 and 24 are in the 6 times table. Try again!"). */
export function mistakeText(m: MistakeEvent, nextPlayer?: string): string {
  const known = Number.isFinite(m.a) && Number.isFinite(m.b);
  const head = known ? `Not quite. ${notInTimesTable(m.a, m.b)} ${whatFitsWith(m.a, m.b)}` : "Not quite. That number does not fit.";
  if (m.turn_passed) return `${head} ${nextPlayer ? `Now it is ${nextPlayer}'s turn.` : "Your turn is over."}`;
  return `${head} Try again!`;
}

/** A friendly sentence for a refused action (docs/engine-contract.md error codes). */
export function errorText(code: string, message?: string): string {
  switch (code) {
    case "cell_taken":
      return "That number is already marked. Pick a free one.";
    case "bad_action":
      return "That did not work. Try another number.";
    default:
      return refusalInWords(code, message);
  }
}

/** The cells of a winner's run of five or more through the last mark (for the game-over outline). */
export function winningLine(view: View): Set<string> {
  const out = new Set<string>();
  const winners = view.result?.winners ?? [];
  if (!view.last || winners.length === 0) return out;
  const [row, col] = view.last;
  const seat = view.marks[row]?.[col];
  if (seat === null || seat === undefined || !winners.includes(seat)) return out;
  const { rows, cols } = gridSize(view);
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, -1],
  ]) {
    const run: Cell[] = [[row, col]];
    for (const sign of [1, -1]) {
      let r = row + sign * dr;
      let c = col + sign * dc;
      while (r >= 0 && r < rows && c >= 0 && c < cols && view.marks[r][c] === seat) {
        run.push([r, c]);
        r += sign * dr;
        c += sign * dc;
      }
    }
    if (run.length >= 5) run.forEach(([r, c]) => out.add(cellKey(r, c)));
  }
  return out;
}

/**
 * Arrow-key navigation in the grid: the cell focus moves to, or null for a key the grid does
 * not handle. Arrows stop at the edges; Home/End go to the row's ends (with Ctrl: the grid's).
 */
export function moveFocus(from: Cell, key: string, rows: number, cols: number, ctrl = false): Cell | null {
  const [r, c] = from;
  const clampR = (x: number) => Math.min(rows - 1, Math.max(0, x));
  const clampC = (x: number) => Math.min(cols - 1, Math.max(0, x));
  switch (key) {
    case "ArrowUp":
      return [clampR(r - 1), c];
    case "ArrowDown":
      return [clampR(r + 1), c];
    case "ArrowLeft":
      return [r, clampC(c - 1)];
    case "ArrowRight":
      return [r, clampC(c + 1)];
    case "Home":
      return ctrl ? [0, 0] : [r, 0];
    case "End":
      return ctrl ? [rows - 1, cols - 1] : [r, cols - 1];
    case "PageUp":
      return [0, c];
    case "PageDown":
      return [rows - 1, c];
    default:
      return null;
  }
}

/** "Ana starts" lines for the dice: each roll, and whether it was a tie. */
export interface DiceLine {
  rolls: number[];
  tie: boolean;
}

export function diceLines(dice: DiceRolls): DiceLine[] {
  return dice.rolls.map((roll) => {
    const best = Math.max(...roll);
    return { rolls: roll, tie: roll.filter((x) => x === best).length > 1 };
  });
}

/**
 * The one suggestion a hint shows: a free number that is a factor or a multiple of the last number
 * (not a 1 and not the same number when another will do), and the fact that makes it right.
 * Null on a free start (any number will do: no maths) and when the game is over.
 */
export function hintSuggestion(view: View): { cell: [number, number]; text: string } | null {
  const previous = lastNumber(view);
  if (previous === null || view.free_start || isOver(view)) return null;
  const keys = [...hintCells(view)];
  const cells = keys.map((k) => k.split(",").map(Number) as [number, number]);
  const value = (cell: [number, number]) => view.board[cell[0]]![cell[1]]!;
  const cell = cells.find((x) => value(x) !== 1 && value(x) !== previous) ?? cells[0];
  if (!cell) return null;
  const n = value(cell);
  const why = n % previous === 0 ? factWords(n, previous, n / previous) : factWords(previous, n, previous / n);
  return { cell, text: `Hint: try ${n}. ${why}.` };
}
