// Four-in-a-Row Multiplication: the view type (games/engines/four_in_a_row.py, `view`) and the
// pure helpers the board uses. Nothing here decides whether a claim is right: the server does.
import { factWords } from "../hints";
import { refusalInWords } from "../words";
import type { BaseView, GameAction, GameEvent, MatchMeta } from "../../protocol/messages";

export const WILD = "W";
/** A hand card: a face value 2..9, or "W" for a wild card. */
export type Card = number | typeof WILD;
export type Cell = [number, number];
/** The values a wild card may be given. */
export const WILD_VALUES = [2, 3, 4, 5, 6, 7, 8, 9] as const;

export interface View extends BaseView {
  game: "four_in_a_row";
  /** 8 x 8 products. */
  board: number[][];
  /** The seat whose marker is on each square, or null. */
  markers: (number | null)[][];
  /** The viewer's own hand; null for a spectator. */
  hand: Card[] | null;
  hand_sizes: number[];
  /** Tokens per seat. */
  scores: number[];
  deck_count: number;
  discard_count: number;
  target_score: number;
}

/** What the child has picked: hand indices in the order picked, and a value per wild card. */
export interface Selection {
  cards: number[];
  /** wild value by hand index (only for picked wild cards). */
  wild: Record<number, number>;
}

export const EMPTY_SELECTION: Selection = { cards: [], wild: {} };

export function isWild(card: Card | undefined): card is typeof WILD {
  return card === WILD;
}

/** True when `seat` may act now (a seated player, their turn, game not over). */
export function canAct(view: View, seat: number | null): boolean {
  return seat !== null && view.result === null && view.phase !== "over" && view.to_move.includes(seat);
}

export function seatName(match: MatchMeta | undefined, seat: number): string {
  const info = match?.seats.find((s) => s.index === seat) ?? match?.seats[seat];
  return info?.name || `Player ${seat + 1}`;
}

/** Toggle hand card `index`; a third pick replaces the oldest one. */
export function toggleCard(sel: Selection, index: number): Selection {
  if (sel.cards.includes(index)) {
    const wild = { ...sel.wild };
    delete wild[index];
    return { cards: sel.cards.filter((i) => i !== index), wild };
  }
  let cards = [...sel.cards, index];
  const wild = { ...sel.wild };
  while (cards.length > 2) {
    delete wild[cards[0]];
    cards = cards.slice(1);
  }
  return { cards, wild };
}

export function setWildValue(sel: Selection, index: number, value: number): Selection {
  return { ...sel, wild: { ...sel.wild, [index]: value } };
}

/** The picked hand indices that are wild cards, in pick order. */
export function pickedWilds(hand: Card[], sel: Selection): number[] {
  return sel.cards.filter((i) => isWild(hand[i]));
}

/** The two values the picked cards stand for (face values, chosen wild values), or null while
 * fewer than two cards are picked or a wild card has no value yet. */
export function pickedValues(hand: Card[], sel: Selection): [number, number] | null {
  if (sel.cards.length !== 2) return null;
  const values = sel.cards.map((i) => {
    const card = hand[i];
    if (card === undefined) return null;
    return isWild(card) ? (sel.wild[i] ?? null) : card;
  });
  if (values[0] == null || values[1] == null) return null;
  return [values[0], values[1]];
}

/** True when every pick still exists in `hand` (a stale selection must never be sent). */
export function validSelection(hand: Card[] | null, sel: Selection): boolean {
  return hand !== null && sel.cards.every((i) => i >= 0 && i < hand.length);
}

export function playAction(sel: Selection, values: [number, number], cell: Cell): GameAction {
  return { type: "play", cards: [sel.cards[0], sel.cards[1]], values: [values[0], values[1]], cell: [cell[0], cell[1]] };
}

export function discardAction(sel: Selection): GameAction {
  return { type: "discard", cards: [sel.cards[0], sel.cards[1]] };
}

function cardWords(hand: Card[], sel: Selection, index: number): string {
  const card = hand[index];
  if (!isWild(card)) return String(card);
  const value = sel.wild[index];
  return value === undefined ? "a wild card" : `${value} (wild card)`;
}

/** "You picked 7 and 8": the two factors in words, never their product. */
export function pickedWords(hand: Card[], sel: Selection): string {
  if (sel.cards.length === 0) return "Pick two cards.";
  if (sel.cards.length === 1) return `You picked ${cardWords(hand, sel, sel.cards[0])}. Pick one more card.`;
  return `You picked ${cardWords(hand, sel, sel.cards[0])} and ${cardWords(hand, sel, sel.cards[1])}.`;
}

/** Hints only (props.hints): the free squares showing a x b. Never used without hints.
 * The hint rule `squares_showing_the_product` of the game's definition (GET /api/games/). */
export function hintCells(view: View, values: [number, number] | null): Cell[] {
  if (!values) return [];
  const target = values[0] * values[1];
  const cells: Cell[] = [];
  view.board.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === target && view.markers[r]?.[c] == null) cells.push([r, c]);
    }),
  );
  return cells;
}

/**
 * The one suggestion a hint shows: two cards of the hand (a wild card given a value), one free
 * square showing their product, and the fact ("Hint: play your 6 and 7 on 42. 42 is 6 x 7.").
 * Plain cards before wild ones; null when no two cards make a free square's product.
 */
export function hintSuggestion(view: View): { cards: [number, number]; cell: Cell; text: string } | null {
  const hand = view.hand;
  if (!hand) return null;
  const free = new Map<number, Cell>();
  view.board.forEach((row, r) =>
    row.forEach((value, c) => {
      if (view.markers[r]?.[c] == null && !free.has(value)) free.set(value, [r, c]);
    }),
  );
  const options = (card: Card): number[] => (isWild(card) ? [...WILD_VALUES] : [card]);
  const pairs: [number, number][] = [];
  for (let i = 0; i < hand.length; i++) for (let j = i + 1; j < hand.length; j++) pairs.push([i, j]);
  pairs.sort((x, y) => wildCount(hand, x) - wildCount(hand, y));
  for (const [i, j] of pairs) {
    for (const a of options(hand[i]!)) {
      for (const b of options(hand[j]!)) {
        const cell = free.get(a * b);
        if (!cell) continue;
        return { cards: [i, j], cell, text: hintWords(hand[i]!, a, hand[j]!, b) };
      }
    }
  }
  return null;
}

function wildCount(hand: Card[], pair: [number, number]): number {
  return (isWild(hand[pair[0]]) ? 1 : 0) + (isWild(hand[pair[1]]) ? 1 : 0);
}

/** "Hint: put your 6 and 7 on 42. 6 × 7 = 42.", with a wild card's value said in its own sentence. */
function hintWords(first: Card, a: number, second: Card, b: number): string {
  const fact = `${factWords(a * b, a, b)}.`;
  if (isWild(first) && isWild(second)) return `Hint: use your wild cards as ${a} and ${b}. Put them on ${a * b}. ${fact}`;
  if (isWild(first)) return `Hint: use your wild card as ${a}, with your ${b}. Put them on ${a * b}. ${fact}`;
  if (isWild(second)) return `Hint: use your wild card as ${b}, with your ${a}. Put them on ${a * b}. ${fact}`;
  return `Hint: put your ${a} and ${b} on ${a * b}. ${fact}`;
}

export function sameCell(a: Cell | null | undefined, r: number, c: number): boolean {
  return !!a && a[0] === r && a[1] === c;
}

function asCell(value: unknown): Cell | null {
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && typeof value[1] === "number") {
    return [value[0], value[1]];
  }
  return null;
}

export interface Mistake {
  cell: Cell | null;
  a: number | null;
  b: number | null;
  answer: number | null;
  /** Under `strict` the turn passed too. */
  turnOver: boolean;
}

/** The viewer's mistake in the latest events, if any. */
export function mistakeFor(events: GameEvent[], seat: number | null): Mistake | null {
  if (seat === null) return null;
  const ev = [...events].reverse().find((e) => e.type === "mistake" && e.seat === seat);
  if (!ev) return null;
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const turnOver = events.some((e) => e.type === "turn" && e.seat !== seat);
  return { cell: asCell(ev.cell), a: num(ev.a), b: num(ev.b), answer: num(ev.answer), turnOver };
}

/** "Not quite. 6 × 7 is 42, not 40. Try again!": what was wrong and what is right. */
export function mistakeText(m: Mistake): string {
  const first =
    m.a !== null && m.b !== null && m.answer !== null
      ? `Not quite. ${m.a} × ${m.b} is ${m.a * m.b}, not ${m.answer}.`
      : "Not quite. That square is not the answer.";
  return `${first} ${m.turnOver ? "You can try again on your next turn!" : "Try again!"}`;
}

/** The square of the newest play in `events`, else a square that gained a marker since `prev`. */
export function lastPlayCell(events: GameEvent[], prev: View | null, next: View): Cell | null {
  const play = [...events].reverse().find((e) => e.type === "play");
  const fromEvent = play ? asCell(play.cell) : null;
  if (fromEvent) return fromEvent;
  return newMarkers(prev, next)[0]?.cell ?? null;
}

/** Squares that gained a marker between two views (used when events are missing). */
export function newMarkers(prev: View | null, next: View): { cell: Cell; seat: number }[] {
  if (!prev) return [];
  const found: { cell: Cell; seat: number }[] = [];
  next.markers.forEach((row, r) =>
    row.forEach((seat, c) => {
      if (seat !== null && prev.markers[r]?.[c] !== seat) found.push({ cell: [r, c], seat });
    }),
  );
  return found;
}

function place(cell: Cell): string {
  return `row ${cell[0] + 1}, column ${cell[1] + 1}`;
}

function tokens(n: number): string {
  return n === 1 ? "1 token" : `${n} tokens`;
}

/**
 * Sentences for screen readers about what changed: other players' moves, and the viewer's own
 * tokens. The viewer's own play and mistake are shown on the board, so they are not repeated.
 */
export function describeChange(
  events: GameEvent[],
  prev: View | null,
  next: View,
  viewer: number | null,
  name: (seat: number) => string,
): string[] {
  const out: string[] = [];
  const other = (seat: unknown): seat is number => typeof seat === "number" && seat !== viewer;
  let sawPlay = false;
  for (const ev of events) {
    if (ev.type === "play") sawPlay = true;
    if (ev.type === "play" && other(ev.seat)) {
      const cell = asCell(ev.cell);
      const product = typeof ev.product === "number" ? ev.product : cell ? next.board[cell[0]]?.[cell[1]] : undefined;
      out.push(`${name(ev.seat)} marked ${product ?? "a square"}${cell ? ` in ${place(cell)}` : ""}.`);
    } else if (ev.type === "score" && typeof ev.seat === "number") {
      const n = typeof ev.tokens === "number" ? ev.tokens : 1;
      out.push(
        ev.seat === viewer
          ? `Four in a row! You won ${tokens(n)}.`
          : `${name(ev.seat)} made four in a row and won ${tokens(n)}.`,
      );
    } else if (ev.type === "discard" && other(ev.seat)) {
      out.push(`${name(ev.seat)} swapped two cards.`);
    } else if (ev.type === "timeout" && typeof ev.seat === "number") {
      out.push(ev.seat === viewer ? "Your time ran out." : `${name(ev.seat)} ran out of time.`);
    } else if (ev.type === "reshuffle") {
      out.push("The used cards were shuffled to make a new pile.");
    }
  }
  if (!sawPlay) {
    for (const m of newMarkers(prev, next)) {
      if (m.seat !== viewer) out.push(`${name(m.seat)} marked ${next.board[m.cell[0]][m.cell[1]]} in ${place(m.cell)}.`);
    }
  }
  return out;
}

/** The accessible name of a square. */
export function cellLabel(
  view: View,
  r: number,
  c: number,
  name: (seat: number) => string,
  extra: { last?: boolean; hint?: boolean; mistake?: boolean } = {},
): string {
  const owner = view.markers[r]?.[c];
  const parts = [`Row ${r + 1}, column ${c + 1}: ${view.board[r][c]}`, owner == null ? "free" : `marked by ${name(owner)}`];
  if (extra.last) parts.push("last move");
  if (extra.hint) parts.push("hint");
  if (extra.mistake) parts.push("not this one");
  return parts.join(", ");
}

/** A key that changes whenever a play, discard or turn change was accepted (not on a mistake):
 * the board clears the child's picks when it changes. */
export function selectionKey(view: View): string {
  return JSON.stringify([view.hand, view.to_move, view.deck_count, view.discard_count, view.result]);
}

/** Arrow-key movement inside the 8 x 8 grid. */
export function moveFocus(cell: Cell, key: string, rows: number, cols: number): Cell | null {
  const [r, c] = cell;
  switch (key) {
    case "ArrowUp":
      return [Math.max(0, r - 1), c];
    case "ArrowDown":
      return [Math.min(rows - 1, r + 1), c];
    case "ArrowLeft":
      return [r, Math.max(0, c - 1)];
    case "ArrowRight":
      return [r, Math.min(cols - 1, c + 1)];
    case "Home":
      return [r, 0];
    case "End":
      return [r, cols - 1];
    case "PageUp":
      return [0, c];
    case "PageDown":
      return [rows - 1, c];
    default:
      return null;
  }
}

/** A refused action in a child's words (docs/engine-contract.md error codes). */
export function refusalText(code: string, message?: string): string {
  switch (code) {
    case "cell_taken":
      return "That square already has a marker. Pick a free one.";
    case "bad_card":
      return "Pick two of your cards again.";
    default:
      return refusalInWords(code, message);
  }
}
