import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../protocol/messages";
import {
  unsolvableWords,
  SEAT_MARKS,
  canAct,
  eventMessages,
  formatWait,
  hintHandCards,
  hintTableSlots,
  joinNames,
  lockRemainingMs,
  mistakeFor,
  mistakeText,
  moveFocus,
  passAction,
  recentPlay,
  refusalText,
  seatName,
  slotCol,
  slotRow,
  solveAction,
  type View,
} from "./view";
import { ROUND_VIEW } from "./fixtures";

const VIEW: View = ROUND_VIEW;

const names = ["Ana", "Ben", "Cai"];
const nameOf = (s: number) => names[s];

describe("actions", () => {
  it("builds exactly the contract's shapes", () => {
    expect(solveAction(3, 1, 7)).toEqual({ type: "solve", round: 3, hand: 1, table: 7 });
    expect(passAction(3)).toEqual({ type: "pass", round: 3 });
  });
});

describe("canAct", () => {
  it("needs a seat in to_move while the game runs", () => {
    expect(canAct(VIEW, 0)).toBe(true);
    expect(canAct(VIEW, null)).toBe(false);
    expect(canAct({ ...VIEW, to_move: [1], solvers: [0] }, 0)).toBe(false);
    expect(canAct({ ...VIEW, solvers: [0] }, 0)).toBe(false); // even if to_move lagged behind
    expect(canAct({ ...VIEW, phase: "over", to_move: [], result: { winners: [1], reason: "empty_hand" } }, 0)).toBe(false);
  });
});

describe("lock-out", () => {
  it("counts down from the server timestamp", () => {
    const v = { ...VIEW, locked_until_ms: [1000, null] };
    expect(lockRemainingMs(v, 0, 0)).toBe(1000);
    expect(lockRemainingMs(v, 0, 800)).toBe(200);
    expect(lockRemainingMs(v, 0, 1500)).toBe(0);
    expect(lockRemainingMs(v, 1, 0)).toBe(0);
    expect(lockRemainingMs(v, null, 0)).toBe(0);
  });

  it("formats a friendly wait, never 0.0", () => {
    expect(formatWait(1500)).toBe("Wait 1.5 seconds.");
    expect(formatWait(1234)).toBe("Wait 1.3 seconds.");
    expect(formatWait(1)).toBe("Wait 0.1 seconds.");
  });
});

describe("table geometry and focus", () => {
  it("maps slots row-major on a 2 x 4 grid", () => {
    expect([slotRow(0), slotCol(0)]).toEqual([0, 0]);
    expect([slotRow(5), slotCol(5)]).toEqual([1, 1]);
  });

  it("moves with arrows and stops at the edges", () => {
    expect(moveFocus(0, "ArrowRight", 8, 4)).toBe(1);
    expect(moveFocus(1, "ArrowDown", 8, 4)).toBe(5);
    expect(moveFocus(5, "ArrowUp", 8, 4)).toBe(1);
    expect(moveFocus(0, "ArrowLeft", 8, 4)).toBe(0);
    expect(moveFocus(6, "ArrowDown", 8, 4)).toBe(6);
    expect(moveFocus(3, "End", 8, 4)).toBe(7);
    expect(moveFocus(3, "Enter", 8, 4)).toBeNull();
  });
});

describe("hints", () => {
  it("finds the table cards that complete the product for a hand card", () => {
    expect(hintTableSlots(VIEW, 0)).toEqual([6, 7]); // 8 x 4 = 32
    expect(hintTableSlots(VIEW, 4)).toEqual([]); // 9 fits nothing
    expect(hintTableSlots(VIEW, null)).toEqual([]);
    expect(hintTableSlots({ ...VIEW, hand: null }, 0)).toEqual([]);
  });

  it("finds the hand cards that complete the product for a table card", () => {
    expect(hintHandCards(VIEW, 6)).toEqual([0, 2]);
    expect(hintHandCards(VIEW, 0)).toEqual([]);
    expect(hintHandCards({ ...VIEW, table: [null, 2, 3, 5, 8, 10, 4, 4] }, 0)).toEqual([]);
  });
});

describe("players", () => {
  it("names seats from the match, with a fallback", () => {
    const match = { seats: [{ index: 0, name: "Ana", user_id: 1, bot: null, taken_over: false }] };
    expect(seatName(match, 0)).toBe("Ana");
    expect(seatName(match, 1)).toBe("Player 2");
    expect(joinNames(["Ana", "Ben", "Cai"])).toBe("Ana, Ben and Cai");
  });

  it("gives every seat its own shape", () => {
    expect(new Set(SEAT_MARKS.map((m) => m.shape)).size).toBe(SEAT_MARKS.length);
    expect(SEAT_MARKS[0].colour).toBe("#1d4ed8");
    expect(SEAT_MARKS[1].colour).toBe("#c2410c");
  });
});

describe("eventMessages", () => {
  // The engine's events after seat 1 solved 32 with 8 on slot 6, then the tick that settled it.
  const won: GameEvent[] = [
    { type: "round_won", round: 1, product: 32, winners: [1], hand_cards: [8], table_slots: [6], table_cards: [4], at_ms: 4500 },
    { type: "round_started", round: 2, dealer: 0, product: 49, at_ms: 4500 },
  ];

  it("announces the winner and the new card", () => {
    const m = eventMessages(won, 0, nameOf);
    expect(m.banner).toBe("Ben wins the round! 8 × 4 = 32. New card: 49.");
    expect(m.spoken).toEqual(["Ben wins the round! 8 × 4 = 32.", "New card: 49."]);
  });

  it("speaks to the viewer as you, and names ties", () => {
    const tie: GameEvent[] = [{ ...won[0], winners: [0, 1], hand_cards: [8, 4] }];
    expect(eventMessages(tie, 0, nameOf).banner).toBe("You and Ben win the round! 8 × 4 = 32, 4 × 8 = 32.");
  });

  it("explains an unsolved round", () => {
    const ev: GameEvent[] = [{ type: "round_unsolved", round: 2, product: 49, reason: "all_passed", at_ms: 0 }];
    expect(eventMessages(ev, 0, nameOf).banner).toBe("Everybody passed on 49. Next card!");
    expect(eventMessages([{ ...ev[0], reason: "auto_skip" }], 0, nameOf).banner).toBe("Nobody could make 49. Next card!");
    expect(eventMessages([{ ...ev[0], reason: "timer" }], 0, nameOf).banner).toBe("Time's up! Nobody found 49. Next card!");
  });

  it("says kindly that nobody can make the card while the skip counts down", () => {
    const base = { game: "multiplin", seat: 0, players: 2, phase: "round", to_move: [0, 1], deadline_ms: 5000, mistakes: [0, 0], result: null, hand: [2], hand_sizes: [1, 1], table: [3], product: 49, round: 1, dealer: 0, factor_deck_count: 0, product_deck_count: 0, passed: [], solvers: [], locked_until_ms: [null, null] } as const;
    expect(unsolvableWords({ ...base, unsolvable: true } as unknown as View)).toBe(
      "Nobody can make 49 with these cards. That's OK, it happens! A new card is coming.",
    );
    expect(unsolvableWords({ ...base, unsolvable: false } as unknown as View)).toBeNull();
  });

  it("speaks other players' solves and passes, not the viewer's own pass", () => {
    const ev: GameEvent[] = [
      { type: "passed", seat: 0, round: 1 },
      { type: "passed", seat: 1, round: 1 },
      { type: "solved", seat: 2, round: 1, hand: 0, table: 6, tie: false, at_ms: 0 },
    ];
    const m = eventMessages(ev, 0, nameOf);
    expect(m.banner).toBeNull();
    expect(m.spoken).toEqual(["Ben passed.", "Cai got it!"]);
  });
});

describe("mistakes", () => {
  const ev: GameEvent = { type: "mistake", seat: 0, round: 1, locked_until_ms: 3500 };

  it("finds only the viewer's mistake", () => {
    expect(mistakeFor([ev], 0)).toBe(ev);
    expect(mistakeFor([ev], 1)).toBeNull();
    expect(mistakeFor([ev], null)).toBeNull();
  });

  it("names the numbers when it knows them, else stays general", () => {
    const claim = { round: 1, handIndex: 0, slot: 0, handCard: 8, tableCard: 5, product: 32 };
    expect(mistakeText(ev, claim)).toBe("Not quite. 8 × 5 is 40, not 32. Try again!");
    expect(mistakeText({ ...ev, a: 7, b: 8, answer: 54 }, null)).toBe("Not quite. 7 × 8 is 56, not 54. Try again!");
    expect(mistakeText(ev, null)).toBe("Not quite! Look again and try another pair.");
  });

  it("turns refusals into friendly words", () => {
    expect(refusalText("stale_round", "round 1 is over")).toMatch(/new card/);
    expect(refusalText("weird", "Server says no")).toBe("That did not work. Try again.");
    expect(refusalText("game_over", "the game is over")).toBe("The game is over.");
  });
});

describe("recentPlay", () => {
  it("marks the table card a solver used, then the refilled slots of the next round", () => {
    const solved = recentPlay([{ type: "solved", seat: 1, round: 1, hand: 0, table: 6, tie: false }], null);
    expect(solved).toEqual({ round: 1, kind: "solved", slots: { 6: [1] } });
    const tie = recentPlay([{ type: "solved", seat: 0, round: 1, hand: 2, table: 6, tie: true }], solved);
    expect(tie?.slots).toEqual({ 6: [1, 0] });
    const refilled = recentPlay(
      [{ type: "round_won", round: 1, product: 32, winners: [0, 1], hand_cards: [8, 8], table_slots: [6], table_cards: [4] }],
      tie,
    );
    expect(refilled).toEqual({ round: 2, kind: "refilled", slots: { 6: [0, 1] } });
    expect(recentPlay([{ type: "passed", seat: 1, round: 2 }], refilled)).toBe(refilled);
  });
});
