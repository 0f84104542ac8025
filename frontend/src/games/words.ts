// Turns and results in words for children (and screen readers): pure, tested.
import type { BaseView, GameEvent, MatchMeta, MatchResult } from "../protocol/messages";

type Seats = Pick<MatchMeta, "seats">;

export function seatName(match: Seats, seat: number): string {
  const info = match.seats.find((s) => s.index === seat);
  if (!info) return `Player ${seat + 1}`;
  if (info.bot) return "the computer";
  return info.name.trim() || `Player ${seat + 1}`;
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "Your turn!", "Ben's turn", "Everybody plays at once" (`simultaneous`: the game has no turns, as
 * its definition says); null when nobody is to move. */
export function turnInWords(view: BaseView | null, match: MatchMeta, viewerSeat: number | null, simultaneous: boolean): string | null {
  if (!view || match.status !== "active" || view.result) return null;
  if (simultaneous) return "Everybody plays at once";
  const toMove = view.to_move ?? [];
  if (toMove.length === 0) return null;
  if (viewerSeat !== null && toMove.includes(viewerSeat)) return "Your turn!";
  const names = [...new Set(toMove.map((s) => seatName(match, s)))];
  return `${capitalise(joinNames(names))}'s turn`;
}

export interface ResultWords {
  headline: string;
  reason: string;
}

interface ReasonContext {
  winners: string[];
  viewerWon: boolean;
  targetScore: number | null;
}

function reasonInWords(reason: string, c: ReasonContext): string {
  const who = c.viewerWon && c.winners.length === 1 ? "You" : capitalise(joinNames(c.winners));
  const draw = c.winners.length === 0;
  switch (reason) {
    case "five_in_a_row":
      return `${who} got five in a row.`;
    case "board_full":
      return "The board is full and nobody got five in a row.";
    case "target_score":
      if (c.targetScore === 1) return `${who} got 1 token first.`;
      return c.targetScore ? `${who} got ${c.targetScore} tokens first.` : `${who} got enough tokens first.`;
    case "stalemate":
      return draw
        ? "Cards were swapped six times in a row, so the game stopped. The tokens were the same."
        : "Cards were swapped six times in a row, so the game stopped. The most tokens won.";
    case "empty_hand":
      return c.viewerWon && c.winners.length === 1 ? "You used up all your cards." : `${who} used up all their cards.`;
    case "complete":
      return "Every square has a little number now. The fewest points wins.";
    case "no_move":
      return "The next player could not move, so the game ended. The fewest points wins.";
    case "ended_by_teacher":
      return "The teacher ended the match.";
    case "everyone_left":
      return "Everybody left the match.";
    default:
      return "";
  }
}

/** The result panel's words. `viewerSeat` null: a spectator (the teacher). */
export function resultInWords(
  result: MatchResult | null,
  match: MatchMeta,
  viewerSeat: number | null,
  view?: BaseView | null,
): ResultWords {
  if (!result) {
    return { headline: "This match was stopped.", reason: "" };
  }
  const winnerSeats = result.winners ?? [];
  const viewerWon = viewerSeat !== null && winnerSeats.includes(viewerSeat);
  const winners = winnerSeats.map((s) => seatName(match, s));
  const target = typeof view?.target_score === "number" ? view.target_score : null;
  const reason = reasonInWords(result.reason, { winners, viewerWon, targetScore: target });

  // Stopped, not played out: nobody won, but it was no draw either.
  if ((result.reason === "ended_by_teacher" || result.reason === "everyone_left") && winnerSeats.length === 0) {
    return { headline: "The match is over.", reason };
  }
  if (winnerSeats.length === 0) return { headline: "It's a draw!", reason };
  if (viewerWon) {
    const others = winnerSeats.filter((s) => s !== viewerSeat).map((s) => seatName(match, s));
    return { headline: others.length ? `You won, together with ${joinNames(others)}!` : "You won!", reason };
  }
  const names = capitalise(joinNames(winners));
  if (viewerSeat === null) return { headline: `${names} won!`, reason };
  return { headline: `${names} won this time. Good game!`, reason };
}

/** "no mistakes", "1 mistake", "3 mistakes". */
export function mistakesInWords(n: number): string {
  if (!n) return "no mistakes";
  return `${n} ${n === 1 ? "mistake" : "mistakes"}`;
}

/**
 * "Time's up!" in words a seven-year-old reads, for the latest change: a turn that ended on time
 * (event `timeout`, every game with turns) or a Multiplin round whose time ran out
 * (`round_unsolved` with reason `timer`). Null when nothing ended on time.
 */
export function timeUpInWords(events: GameEvent[], match: Seats, viewerSeat: number | null): string | null {
  for (const e of events) {
    if (e.type === "timeout" && typeof e.seat === "number") {
      if (e.seat === viewerSeat) return "Time's up! Your turn is over. You can try again next turn.";
      return `Time's up for ${capitalise(seatName(match, e.seat))}! Their turn is over.`;
    }
    if (e.type === "round_unsolved" && e.reason === "timer") {
      return typeof e.product === "number" ? `Time's up! Nobody found ${e.product}. Here comes a new card.` : "Time's up! Here comes a new card.";
    }
  }
  return null;
}

/** What a wrong answer was and what was right, for a replay: "Ana answered 63 for 4 × 4. 4 × 4 is 16." */
export function wrongAnswerWords(who: string, wrong: { kind: string; a: number; b: number; answer: number | null }): string {
  const { kind, a, b, answer } = wrong;
  if (kind === "multiply") return `${who} answered ${answer ?? "?"} for ${a} × ${b}. ${a} × ${b} is ${a * b}.`;
  if (kind === "factor_pair") return `${who} chose ${b} after ${a}. ${notInTimesTable(a, b)}`;
  if (kind === "divisor") return `${who} wrote ${b} beside ${a}. ${a} is not in the ${b} times table.`;
  return `${who} made a mistake.`;
}

/** Why two numbers do not go together in Fultiples, in times-table words: the bigger one is not in
 * the smaller one's times table ("14 is not in the 6 times table."). */
export function notInTimesTable(a: number, b: number): string {
  const [small, big] = a <= b ? [a, b] : [b, a];
  return `${big} is not in the ${small} times table.`;
}

/** "2, 3 and 4": numbers joined for a sentence. */
function joinNumbers(ns: number[]): string {
  return joinNames(ns.map(String));
}

/**
 * What would fit with `n` in Fultiples, in times-table words, for a mistake's feedback. After a
 * bigger number: three numbers of n's times table ("12, 18 and 24 are in the 6 times table.").
 * After a smaller one: the small times tables n is in ("84 is in the 2, 3 and 4 times tables.").
 */
export function whatFitsWith(n: number, chosen: number): string {
  if (!Number.isInteger(n) || n < 1) return "";
  const small: number[] = [];
  for (let k = 2; k <= 12 && small.length < 3; k++) if (k !== n && n % k === 0) small.push(k);
  if (chosen > n || small.length === 0) return `${joinNumbers([2 * n, 3 * n, 4 * n])} are in the ${n} times table.`;
  return small.length === 1 ? `${n} is in the ${small[0]} times table.` : `${n} is in the ${joinNumbers(small)} times tables.`;
}

/** Refusals the page itself words (the connection's own sentences, written for children). */
const CONNECTION_CODES = new Set(["offline", "closed", "timeout", "not_allowed"]);

/**
 * A refused action in a child's words, for the codes every game shares. The server's message is
 * for developers (the engines' `require` texts), so it is shown only for the connection's own
 * sentences (protocol/matchSocket.ts); any other code gets a kind, general sentence.
 */
export function refusalInWords(code: string, message?: string): string {
  switch (code) {
    case "not_your_turn":
      return "Wait for your turn.";
    case "game_over":
    case "not_active":
      return "The game is over.";
    case "paused":
      return "Your teacher has paused the game.";
    case "not_started":
      return "The game has not started yet.";
    default:
      if (CONNECTION_CODES.has(code) && message) return message;
      return "That did not work. Try again.";
  }
}
