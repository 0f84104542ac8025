// Multiplin: the view the engine sends (games/engines/multiplin.py, `view`) and the pure
// helpers the board uses. Nothing here checks a claim: the server is the only authority.
// The only arithmetic is in the hint helpers, which the board calls only when hints are on.

import { factWords } from "../hints";
import { refusalInWords } from "../words";
import type { BaseView, GameAction, GameEvent, MatchMeta } from "../../protocol/messages";

export const TABLE_SLOTS = 8;
export const TABLE_COLS = 4;

export interface View extends BaseView {
  game: "multiplin";
  phase: "round" | "over";
  /** The viewer's own hand (factor cards); null for a spectator. */
  hand: number[] | null;
  /** How many cards each seat holds. */
  hand_sizes: number[];
  /** Eight table slots, row-major (2 rows x 4 columns); null when a slot is empty. */
  table: (number | null)[];
  /** The revealed product card; null once the game is over. */
  product: number | null;
  round: number;
  dealer: number;
  factor_deck_count: number;
  product_deck_count: number;
  /** Seats that pressed pass this round (sorted). */
  passed: number[];
  /** Seats that solved this round, in arrival order. */
  solvers: number[];
  /** Per seat: server time (epoch ms) until which that seat may not solve, or null. */
  locked_until_ms: (number | null)[];
  /** Nobody can make this card: it is skipped when the deadline comes (auto_skip). */
  unsolvable?: boolean;
}

export type SolveAction = { type: "solve"; round: number; hand: number; table: number };
export type PassAction = { type: "pass"; round: number };

export function solveAction(round: number, hand: number, table: number): SolveAction & GameAction {
  return { type: "solve", round, hand, table };
}

export function passAction(round: number): PassAction & GameAction {
  return { type: "pass", round };
}

// ------------------------------------------------------------------ who may do what

export function isOver(view: View): boolean {
  return view.phase === "over" || view.result !== null;
}

/** The viewer may act at all: a seated player, game running, in `to_move`, not yet solved. */
export function canAct(view: View, seat: number | null): seat is number {
  return seat !== null && !isOver(view) && view.to_move.includes(seat) && !view.solvers.includes(seat);
}

export function hasSolved(view: View, seat: number | null): boolean {
  return seat !== null && view.solvers.includes(seat);
}

export function hasPassed(view: View, seat: number | null): boolean {
  return seat !== null && view.passed.includes(seat);
}

/** Milliseconds of lock-out left for `seat` at server time `serverNow` (0 when free). */
export function lockRemainingMs(view: View, seat: number | null, serverNow: number): number {
  if (seat === null) return 0;
  const until = view.locked_until_ms[seat];
  if (until === null || until === undefined) return 0;
  return Math.max(0, until - serverNow);
}

/** "Wait 1.2 seconds.": rounded up to a tenth so it never shows "Wait 0.0 seconds.". */
export function formatWait(ms: number): string {
  const tenths = Math.max(1, Math.ceil(ms / 100));
  return `Wait ${(tenths / 10).toFixed(1)} seconds.`;
}

// ------------------------------------------------------------------ table geometry

export function slotRow(slot: number): number {
  return Math.floor(slot / TABLE_COLS);
}

export function slotCol(slot: number): number {
  return slot % TABLE_COLS;
}

/**
 * Where an arrow key moves focus in a grid of `count` items laid out `cols` wide, or null
 * when the key is not an arrow (Home/End jump to the ends). Stops at the edges.
 */
export function moveFocus(index: number, key: string, count: number, cols: number): number | null {
  let next: number;
  switch (key) {
    case "ArrowLeft":
      next = index - 1;
      break;
    case "ArrowRight":
      next = index + 1;
      break;
    case "ArrowUp":
      next = index - cols;
      break;
    case "ArrowDown":
      next = index + cols;
      break;
    case "Home":
      next = 0;
      break;
    case "End":
      next = count - 1;
      break;
    default:
      return null;
  }
  if (next < 0 || next >= count) return index;
  return next;
}

// ------------------------------------------------------------------ hints (only with hints on)
// The hint rule `cards_that_make_the_product` of Multiplin's definition (GET /api/games/).

/** Table slots whose card times hand card `handIndex` makes the product. Hints only. */
export function hintTableSlots(view: View, handIndex: number | null): number[] {
  const hand = view.hand;
  if (handIndex === null || !hand || view.product === null) return [];
  const card = hand[handIndex];
  if (card === undefined) return [];
  const slots: number[] = [];
  view.table.forEach((value, slot) => {
    if (value !== null && value * card === view.product) slots.push(slot);
  });
  return slots;
}

/** Hand indexes whose card times the table card in `slot` makes the product. Hints only. */
export function hintHandCards(view: View, slot: number | null): number[] {
  if (slot === null || !view.hand || view.product === null) return [];
  const value = view.table[slot];
  if (value === null || value === undefined) return [];
  const out: number[] = [];
  view.hand.forEach((card, index) => {
    if (card * value === view.product) out.push(index);
  });
  return out;
}

/** The kind words while an unsolvable card waits to be skipped; null otherwise. */
export function unsolvableWords(view: View): string | null {
  if (!view.unsolvable || view.product === null || isOver(view)) return null;
  return `Nobody can make ${view.product} with these cards. That's OK, it happens! A new card is coming.`;
}

/**
 * The one suggestion a hint shows: a hand card and a table card that make the product, and the
 * fact ("Hint: your 6 on the table's 7. 42 is 6 x 7."). Null when no pair makes it.
 */
export function hintSuggestion(view: View): { hand: number; slot: number; text: string } | null {
  if (!view.hand || view.product === null) return null;
  for (let hand = 0; hand < view.hand.length; hand++) {
    const slot = hintTableSlots(view, hand)[0];
    if (slot === undefined) continue;
    const a = view.hand[hand]!;
    const b = view.table[slot]!;
    return { hand, slot, text: `Hint: use your ${a} and the ${b} on the table. ${factWords(view.product, a, b)}.` };
  }
  return null;
}

// ------------------------------------------------------------------ players

// Seat colours and shapes: the one scheme of src/games/seats.ts, which the match header uses too.
export { SEAT_STYLES as SEAT_MARKS, seatStyle as seatMark, type SeatStyle as SeatMark } from "../seats";

export function seatName(match: Pick<MatchMeta, "seats">, seat: number): string {
  const name = match.seats.find((s) => s.index === seat)?.name ?? match.seats[seat]?.name;
  return name && name.trim() ? name : `Player ${seat + 1}`;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cai". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// ------------------------------------------------------------------ events

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function numList(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
}

export interface EventMessages {
  /** Round news (winner, unsolved, new card), shown big on the board. */
  banner: string | null;
  /** Everything worth a screen reader sentence, in order (the viewer's own mistake excluded). */
  spoken: string[];
}

/** A round that nobody won, in whole sentences, by the engine's reason. */
function unsolvedWords(reason: string, product: number | null): string {
  if (product === null) return reason === "timer" ? "Time's up! Here comes the next card." : "Nobody made that card. Here comes the next card.";
  switch (reason) {
    case "all_passed":
      return `Everybody passed on ${product}. Next card!`;
    case "timer":
      return `Time's up! Nobody found ${product}. Next card!`;
    case "auto_skip":
      return `Nobody could make ${product}. Next card!`;
    default:
      return `Nobody made ${product}. Next card!`;
  }
}

/** "You win the round!", "Ana wins the round!", "You and Ben win the round!". */
function roundWinnersWords(winners: number[], viewer: number | null, nameOf: (seat: number) => string): string {
  const mine = viewer !== null && winners.includes(viewer);
  const others = winners.filter((w) => w !== viewer).map(nameOf);
  if (mine) return others.length ? `You and ${joinNames(others)} win the round!` : "You win the round!";
  if (others.length === 1) return `${others[0]} wins the round!`;
  return others.length ? `${joinNames(others)} win the round!` : "The round is won!";
}

/**
 * Sentences for one batch of events. `viewer` is the viewer's seat (null for a spectator):
 * the viewer's own pass is not spoken (the button shows it), their own solve is "You got it!".
 */
export function eventMessages(
  events: GameEvent[],
  viewer: number | null,
  nameOf: (seat: number) => string,
): EventMessages {
  const banner: string[] = [];
  const spoken: string[] = [];
  for (const event of events) {
    const seat = num(event.seat);
    switch (event.type) {
      case "solved": {
        if (seat === null) break;
        spoken.push(seat === viewer ? "You got it! Wait for the round to end." : `${nameOf(seat)} got it!`);
        break;
      }
      case "passed": {
        if (seat === null || seat === viewer) break;
        spoken.push(`${nameOf(seat)} passed.`);
        break;
      }
      case "round_won": {
        const winners = numList(event.winners);
        const hands = numList(event.hand_cards);
        const product = num(event.product);
        const facts =
          product === null ? [] : hands.filter((h) => h > 0).map((h) => factWords(product, h, product / h));
        const uniqueFacts = [...new Set(facts)];
        const won = roundWinnersWords(winners, viewer, nameOf);
        const text = uniqueFacts.length ? `${won} ${uniqueFacts.join(", ")}.` : won;
        banner.push(text);
        spoken.push(text);
        break;
      }
      case "round_unsolved": {
        const product = num(event.product);
        const text = unsolvedWords(String(event.reason), product);
        banner.push(text);
        spoken.push(text);
        break;
      }
      case "round_started": {
        const product = num(event.product);
        if (product === null) break;
        const text = `New card: ${product}.`;
        banner.push(text);
        spoken.push(text);
        break;
      }
      default:
        break;
    }
  }
  return { banner: banner.length ? banner.join(" ") : null, spoken };
}

/** The viewer's mistake in this batch, if any. */
export function mistakeFor(events: GameEvent[], seat: number | null): GameEvent | null {
  if (seat === null) return null;
  return events.find((e) => e.type === "mistake" && e.seat === seat) ?? null;
}

/** What the viewer last claimed (remembered by the board when it sent the solve). */
export interface Claim {
  round: number;
  handIndex: number;
  slot: number;
  handCard: number;
  tableCard: number;
  product: number;
}

/** The gentle sentence for a wrong try; uses the event's numbers, else the remembered claim. */
export function mistakeText(event: GameEvent, claim: Claim | null): string {
  const a = num(event.a) ?? claim?.handCard ?? null;
  const b = num(event.b) ?? claim?.tableCard ?? null;
  const answer = num(event.answer) ?? claim?.product ?? null;
  if (a !== null && b !== null && answer !== null) {
    return `Not quite. ${a} × ${b} is ${a * b}, not ${answer}. Try again!`;
  }
  return "Not quite! Look again and try another pair.";
}

/** A kid-friendly sentence for a refused action, by error code. */
export function refusalText(code: string, message: string): string {
  switch (code) {
    case "locked_out":
      return "Wait a moment after a wrong try.";
    case "stale_round":
      return "Too late: that card is gone. Look at the new card!";
    case "already_solved":
      return "You already got this one!";
    case "bad_card":
      return "That card is not there any more. Pick again.";
    default:
      return refusalInWords(code, message);
  }
}

/** Table slots the latest events make worth an outline (the last move). */
export interface RecentPlay {
  /** The round the marks belong to (the round on screen when they apply). */
  round: number;
  kind: "solved" | "refilled";
  /** slot -> the seats that used it (solved) or won with it (refilled). */
  slots: Record<number, number[]>;
}

/**
 * The last move on the table after a batch of events, or `previous` when the batch does not
 * touch the table. A solve marks the table card used; a won round marks the refilled slots.
 */
export function recentPlay(events: GameEvent[], previous: RecentPlay | null): RecentPlay | null {
  let recent = previous;
  for (const event of events) {
    if (event.type === "solved") {
      const slot = num(event.table);
      const seat = num(event.seat);
      const round = num(event.round);
      if (slot === null || seat === null || round === null) continue;
      const base = recent && recent.kind === "solved" && recent.round === round ? recent.slots : {};
      const seats = [...(base[slot] ?? []), seat];
      recent = { round, kind: "solved", slots: { ...base, [slot]: seats } };
    } else if (event.type === "round_won") {
      const round = num(event.round);
      if (round === null) continue;
      const slots: Record<number, number[]> = {};
      for (const slot of numList(event.table_slots)) slots[slot] = numList(event.winners);
      recent = { round: round + 1, kind: "refilled", slots };
    } else if (event.type === "round_unsolved") {
      // The table did not change; keep the marks only for the round they belong to.
      recent = null;
    }
  }
  return recent;
}
