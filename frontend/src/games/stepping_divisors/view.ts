// Stepping By Divisors: the view's type and the board's pure helpers (no React here).
// The engine (games/engines/stepping_divisors.py) is the truth for the keys below.

import { factWords } from "../hints";
import { refusalInWords } from "../words";
import type { BaseView, GameEvent, MatchMeta } from "../../protocol/messages";

export type Cell = [number, number];

export interface View extends BaseView {
  game: "stepping_divisors";
  /** "place" (writing 1..m^2), "divide" (stepping), "over" when the game has ended. */
  phase: "place" | "divide" | "over";
  /** m: the grid is m x m (3..12). */
  size: number;
  /** The number in each square, null while it is still empty (phase "place"). */
  numbers: (number | null)[][];
  /** The divisor written next to each square, null while it has none. */
  divisors: (number | null)[][];
  /** The current divisor d; null before the opening move of phase "divide". */
  d: number | null;
  /** The number the seat to move writes next (phase "place"), else null. */
  next_number: number | null;
  /** Points per seat; the fewest points win. */
  scores: number[];
}

// ------------------------------------------------------------------ seats

// Seat colours and shapes: the one scheme of src/games/seats.ts, which the match header uses too.
export { SEAT_STYLES, seatStyle, type SeatShape, type SeatStyle } from "../seats";

export function seatName(match: MatchMeta, seat: number): string {
  const info = match.seats.find((s) => s.index === seat) ?? match.seats[seat];
  const name = info?.name?.trim();
  return name ? name : `Player ${seat + 1}`;
}

// ------------------------------------------------------------------ turn and phase

/** May the viewer act now? False for spectators, other seats' turns and a finished game. */
export function isMyTurn(view: View, seat: number | null): boolean {
  return seat !== null && view.result === null && view.phase !== "over" && view.to_move.includes(seat);
}

/** Which grid to draw: a finished game is shown like phase "divide" (unless it ended while placing). */
export function boardPhase(view: View): "place" | "divide" {
  if (view.phase === "place") return "place";
  if (view.phase === "over" && view.next_number !== null) return "place";
  return "divide";
}

export function cellKey(cell: Cell): string {
  return `${cell[0]},${cell[1]}`;
}

export function sameCell(a: Cell | null | undefined, b: Cell | null | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

export function asCell(value: unknown): Cell | null {
  if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && Number.isInteger(value[1])) {
    return [value[0] as number, value[1] as number];
  }
  return null;
}

function asInt(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

function numberAt(view: View, cell: Cell): number | null {
  return view.numbers[cell[0]]?.[cell[1]] ?? null;
}

// ------------------------------------------------------------------ rules (not arithmetic)

/** A square is orthogonally next to a square that has a divisor. */
export function touchesDivisor(divisors: (number | null)[][], row: number, col: number): boolean {
  const has = (r: number, c: number) => divisors[r]?.[c] !== undefined && divisors[r]?.[c] !== null;
  return has(row - 1, col) || has(row + 1, col) || has(row, col - 1) || has(row, col + 1);
}

/** Phase "place": any empty square may take the next number. */
export function canPlaceAt(view: View, row: number, col: number): boolean {
  return view.numbers[row]?.[col] === null;
}

/**
 * Phase "divide", by the RULES only: a square without a divisor, next to one that has a divisor
 * (before the opening move, d is null and every square is allowed). Says nothing about which
 * divisor would be right: that is the child's job.
 */
export function canStepAt(view: View, row: number, col: number): boolean {
  if (view.divisors[row]?.[col] !== null) return false;
  if (view.d === null) return true;
  return touchesDivisor(view.divisors, row, col);
}

/** Whether the viewer's click on this square would be sent (phase aside from turn checks). */
export function isPlayableCell(view: View, row: number, col: number): boolean {
  return boardPhase(view) === "place" ? canPlaceAt(view, row, col) : canStepAt(view, row, col);
}

// ------------------------------------------------------------------ hints (arithmetic: only with hints on)
// The hint rule `squares_with_a_divisor_step` of the game's definition (GET /api/games/).

/** The divisors of n in increasing order (n >= 1). */
export function divisorsOf(n: number): number[] {
  if (!Number.isInteger(n) || n < 1) return [];
  const low: number[] = [];
  const high: number[] = [];
  for (let k = 1; k * k <= n; k++) {
    if (n % k === 0) {
      low.push(k);
      if (k * k !== n) high.unshift(n / k);
    }
  }
  return low.concat(high);
}

/** What a step to divisor k costs when the current divisor is d (the opening costs nothing). */
export function stepCost(d: number | null, k: number): number {
  return d === null ? 0 : Math.abs(k - d);
}

/**
 * With hints on: the squares where the seat to move has a correct move, i.e. a square it may
 * step on whose number has a divisor different from d. Empty before the opening move (every
 * square is fine then) and in phase "place" (placing has no arithmetic).
 */
export function hintCells(view: View): Cell[] {
  if (view.phase !== "divide" || view.d === null) return [];
  const d = view.d;
  const out: Cell[] = [];
  for (let r = 0; r < view.size; r++) {
    for (let c = 0; c < view.size; c++) {
      const n = view.numbers[r]?.[c];
      if (n === null || n === undefined || !canStepAt(view, r, c)) continue;
      if (divisorsOf(n).some((k) => k !== d)) out.push([r, c]);
    }
  }
  return out;
}

/**
 * The one suggestion a hint shows: a square to step on and a divisor of its number (not d; not 1 or
 * the number itself when another will do; a times-table fact first), with the fact ("Hint: step on 42 and write 6. 42 is
 * 6 x 7."). Null in phase "place", before the opening move and when nothing fits.
 */
export function hintSuggestion(view: View): { cell: Cell; divisor: number; text: string } | null {
  // Best a times-table fact (63: 7, as 7 x 9), then any divisor but 1 and n, then any at all.
  const tries = [(k: number, n: number) => k <= 10 && n / k <= 10 && k !== 1 && k !== n, (k: number, n: number) => k !== 1 && k !== n, () => true];
  for (const fits of tries) {
    for (const cell of hintCells(view)) {
      const n = view.numbers[cell[0]]![cell[1]]!;
      const divisor = divisorsOf(n).find((k) => k !== view.d && fits(k, n));
      if (divisor !== undefined) {
        return { cell, divisor, text: `Hint: tap ${n} and write ${divisor}. ${factWords(n, divisor, n / divisor)}.` };
      }
    }
  }
  return null;
}

// ------------------------------------------------------------------ words

export function cellPlace(cell: Cell): string {
  return `row ${cell[0] + 1}, column ${cell[1] + 1}`;
}

/** The points rule in words, with the last little number (d) as the example. */
export function costExplanation(d: number | null): string {
  if (d === null) {
    return "The first little number is always 1. It costs no points. After that, going from 1 to 3 costs 2 points. The fewest points wins.";
  }
  const up = d + 2;
  const example = d - 2 >= 1 ? `Writing ${up} or ${d - 2} next costs 2 points.` : `Writing ${up} next costs 2 points.`;
  return `The last little number is ${d}. ${example} The fewest points wins.`;
}

export interface CellLabelInput {
  view: View;
  cell: Cell;
  placedBy?: string;
  writtenBy?: string;
  steppable: boolean;
  last: boolean;
  hint: boolean;
  selected: boolean;
  mistake: boolean;
}

/** "Row 3, column 4: 42, 6 is its divisor, written by Ana, last move" / "Row 1, column 2: free". The
 * number and its divisor come first and in the order the square shows them (WCAG 2.5.3: the visible
 * text is part of the name; axe-core's label-content-name-mismatch). */
export function cellLabel(x: CellLabelInput): string {
  const [r, c] = x.cell;
  const n = x.view.numbers[r]?.[c] ?? null;
  // The square itself, then one short sentence a state (a screen reader pauses at each).
  let square = "free";
  const more: string[] = [];
  if (n !== null) {
    square = x.placedBy && boardPhase(x.view) === "place" ? `${n}, placed by ${x.placedBy}` : String(n);
    if (boardPhase(x.view) === "divide") {
      const k = x.view.divisors[r]?.[c] ?? null;
      if (k !== null) {
        square += `, ${k} is its little number`;
        if (x.writtenBy) more.push(`${x.writtenBy} wrote it.`);
      } else {
        more.push("No little number yet.");
        if (x.steppable && x.view.d !== null) more.push("You can pick it.");
      }
    }
  }
  if (x.hint) more.push("Good step.");
  if (x.selected) more.push("Chosen.");
  if (x.mistake) more.push("Not quite, try again.");
  if (x.last) more.push("Last move.");
  const head = `Row ${r + 1}, column ${c + 1}: ${square}`;
  return more.length ? `${head}. ${more.join(" ")}` : head;
}

/** A little number that fits `n` and is not `d`, for a mistake's feedback: a times-table fact
 * first (not 1 or n itself when another will do), or null when only d fits. */
function fittingDivisor(n: number, d: number | null): number | null {
  const all = divisorsOf(n).filter((k) => k !== d);
  return all.find((k) => k !== 1 && k !== n && k <= 10 && n / k <= 10) ?? all.find((k) => k !== 1 && k !== n) ?? all[0] ?? null;
}

/** The gentle sentences after a wrong little number: what was wrong, and one that fits ("Not
 * quite. 12 is not in the 5 times table. 3 fits, because 3 × 4 = 12. Try again!"). `d` is the
 * last little number (the fitting one is never d: that one may not be written again). */
export function mistakeSentence(number: number | null, divisor: number | null, stillMyTurn: boolean, d: number | null = null): string {
  const tail = stillMyTurn ? "Try again!" : "You will get it next time!";
  if (number !== null && divisor !== null) {
    const k = fittingDivisor(number, d);
    const right = k === null ? "" : ` ${k} fits, because ${factWords(number, k, number / k)}.`;
    return `Not quite. ${number} is not in the ${divisor} times table.${right} ${tail}`;
  }
  return `Not quite. That little number does not fit. ${tail}`;
}

/** A child-friendly sentence for a refused action (`act` resolved {ok:false}). */
export function friendlyError(code: string, message: string, view: View): string {
  switch (code) {
    case "not_your_turn":
      return "Please wait: it is not your turn yet.";
    case "cell_taken":
      return boardPhase(view) === "place" ? "That square already has a number. Pick an empty one." : "That square already has a little number. Pick another one.";
    case "not_adjacent":
      return "Pick a square next to one with a little number.";
    case "same_divisor":
      return view.d !== null ? `The last little number was ${view.d}. Write a different one.` : "Write a different little number.";
    case "wrong_phase":
      return "The game has moved on. Look at the board again.";
    case "bad_action":
      return view.phase === "divide" && view.d === null ? "The first little number is always 1." : refusalInWords(code, message);
    default:
      return refusalInWords(code, message);
  }
}

/** Parse what the child typed: a positive whole number, else null (nothing is sent). */
export function parseDivisor(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}

// ------------------------------------------------------------------ memory of events

export interface Mistake {
  cell: Cell | null;
  divisor: number | null;
  number: number | null;
  /** Grows with every new mistake, so the shake can restart. */
  nonce: number;
}

/** What the board remembers from the events it has seen (the view does not say who wrote what). */
export interface Memory {
  placedBy: Record<string, number>;
  dividedBy: Record<string, number>;
  last: Cell | null;
  mistake: Mistake | null;
  nonce: number;
}

export const emptyMemory: Memory = { placedBy: {}, dividedBy: {}, last: null, mistake: null, nonce: 0 };

function countFilled(grid: (number | null)[][]): number {
  let n = 0;
  for (const row of grid) for (const v of row) if (v !== null) n++;
  return n;
}

/** A new game in the same board (rematch): the grid shrank back or changed size. */
export function isRestart(prev: View | null, next: View): boolean {
  if (!prev) return false;
  return (
    prev.size !== next.size ||
    countFilled(next.numbers) < countFilled(prev.numbers) ||
    countFilled(next.divisors) < countFilled(prev.divisors)
  );
}

/** Squares whose number or divisor appeared between two views (a fallback when events are missing). */
export function changedCells(prev: View | null, next: View): Cell[] {
  if (!prev || prev.size !== next.size) return [];
  const out: Cell[] = [];
  for (let r = 0; r < next.size; r++) {
    for (let c = 0; c < next.size; c++) {
      const newNumber = prev.numbers[r]?.[c] === null && next.numbers[r]?.[c] !== null;
      const newDivisor = prev.divisors[r]?.[c] === null && next.divisors[r]?.[c] !== null;
      if (newNumber || newDivisor) out.push([r, c]);
    }
  }
  return out;
}

/** Fold one batch of events (the newest change) into the board's memory. */
export function absorbEvents(memory: Memory, events: GameEvent[], viewer: number | null, view: View, prev: View | null): Memory {
  const base = isRestart(prev, view) ? { ...emptyMemory, nonce: memory.nonce } : memory;
  const placedBy = { ...base.placedBy };
  const dividedBy = { ...base.dividedBy };
  let last = base.last;
  let mistake: Mistake | null = null;
  let nonce = base.nonce;
  let moved = false;
  for (const ev of events) {
    const cell = asCell(ev.cell);
    const seat = asInt(ev.seat);
    if (ev.type === "place" && cell) {
      if (seat !== null) placedBy[cellKey(cell)] = seat;
      last = cell;
      moved = true;
    } else if (ev.type === "divide" && cell) {
      if (seat !== null) dividedBy[cellKey(cell)] = seat;
      last = cell;
      moved = true;
    } else if (ev.type === "mistake" && viewer !== null && seat === viewer) {
      nonce += 1;
      mistake = { cell, divisor: asInt(ev.divisor), number: cell ? numberAt(view, cell) : null, nonce };
    }
  }
  if (!moved) {
    const changed = changedCells(prev, view);
    if (changed.length === 1) last = changed[0];
  }
  return { placedBy, dividedBy, last, mistake, nonce };
}

/** A fallback sentence when a view changed without events (e.g. after a resync). */
export function describeDiff(prev: View | null, next: View): string[] {
  const out: string[] = [];
  for (const cell of changedCells(prev, next)) {
    const n = numberAt(next, cell);
    const k = next.divisors[cell[0]]?.[cell[1]] ?? null;
    if (prev && prev.numbers[cell[0]]?.[cell[1]] === null) out.push(`${n} was placed in ${cellPlace(cell)}.`);
    else if (k !== null) out.push(`${k} was written next to ${n} in ${cellPlace(cell)}.`);
  }
  return out;
}

/** Sentences for screen readers about other seats' moves (and timeouts) in one batch of events. */
export function describeEvents(events: GameEvent[], viewer: number | null, view: View, nameOf: (seat: number) => string): string[] {
  const out: string[] = [];
  const timedOut = new Set<number>();
  for (const ev of events) {
    const seat = asInt(ev.seat);
    const cell = asCell(ev.cell);
    const mine = viewer !== null && seat === viewer;
    const who = seat === null ? "Someone" : mine ? "You" : nameOf(seat);
    switch (ev.type) {
      case "timeout":
        if (seat !== null) timedOut.add(seat);
        out.push(mine ? "Time is up for you." : `Time is up for ${who}.`);
        break;
      case "place": {
        if (mine && !(seat !== null && timedOut.has(seat))) break;
        const n = asInt(ev.number);
        if (cell) out.push(`${who} placed ${n ?? "a number"} in ${cellPlace(cell)}.`);
        break;
      }
      case "divide": {
        if (mine || !cell) break;
        const k = asInt(ev.divisor);
        const n = numberAt(view, cell);
        const score = asInt(ev.score) ?? 0;
        const what = `${who} wrote ${k} next to ${n ?? "a number"} in ${cellPlace(cell)}`;
        const now = `The last little number is now ${k}.`;
        out.push(view.divisors.flat().filter((v) => v !== null).length <= 1 && score === 0 ? `${what} to start. ${now}` : `${what}. That step cost ${score} ${score === 1 ? "point" : "points"}. ${now}`);
        break;
      }
      case "mistake":
        if (!mine) out.push(`${who} tried a little number that does not fit.`);
        break;
      case "phase":
        if (ev.phase === "divide") out.push("All the numbers are placed. Now write little numbers!");
        break;
      default:
        break;
    }
  }
  return out;
}
