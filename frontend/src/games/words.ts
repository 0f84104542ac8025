// Turns and results in words for children (and screen readers): pure, tested.
import type { BaseView, GameEvent, MatchMeta, MatchResult } from "../protocol/messages";
import { SIMULTANEOUS } from "./catalog";

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

/** "Your turn!", "Ben's turn", "Everybody plays at once"; null when nobody is to move. */
export function turnInWords(view: BaseView | null, match: MatchMeta, viewerSeat: number | null): string | null {
  if (!view || match.status !== "active" || view.result) return null;
  if (SIMULTANEOUS.has(match.game)) return "Everybody plays at once";
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
      return c.targetScore ? `${who} got ${c.targetScore} tokens first.` : `${who} reached the target score first.`;
    case "stalemate":
      return draw
        ? "Six discards in a row stopped the game, and the tokens were equal."
        : "Six discards in a row stopped the game. The most tokens won.";
    case "empty_hand":
      return c.viewerWon && c.winners.length === 1 ? "You used up all your cards." : `${who} used up all their cards.`;
    case "complete":
      return "Every square has a divisor. The lowest score wins.";
    case "no_move":
      return "The next player had no move left, so the game ended. The lowest score wins.";
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
