import { describe, expect, it } from "vitest";
import {
  absorbEvents,
  boardPhase,
  canStepAt,
  cellLabel,
  changedCells,
  costExplanation,
  describeDiff,
  describeEvents,
  divisorsOf,
  emptyMemory,
  friendlyError,
  hintCells,
  isMyTurn,
  isRestart,
  mistakeSentence,
  parseDivisor,
  SEAT_STYLES,
  seatName,
  stepCost,
  touchesDivisor,
  type View,
} from "./view";
import { DIVIDE_EVENTS, DIVIDE_VIEW, MATCH, MISTAKE_EVENTS, MISTAKE_VIEW, OPEN_VIEW, OVER_VIEW, PLACE_VIEW } from "./fixtures";

const names = (s: number) => ["Ana", "Ben"][s] ?? `Player ${s + 1}`;

/** OPEN_VIEW after Ana's opening 1 next to 3 at [1,1]: d = 1, the 1 at [3,1] is not next to it yet. */
const AFTER_OPENING: View = {
  ...OPEN_VIEW,
  to_move: [1],
  d: 1,
  divisors: [
    [null, null, null, null],
    [null, 1, null, null],
    [null, null, null, null],
    [null, null, null, null],
  ],
};
/** The opening 1 was written next to 10 at [2,1], so d = 1; its neighbour [3,1] holds 1: no correct step there. */
const ONE_NEXT_TO_D1: View = {
  ...OPEN_VIEW,
  d: 1,
  divisors: [
    [null, null, null, null],
    [null, null, null, null],
    [null, 1, null, null],
    [null, null, null, null],
  ],
};

describe("rules helpers", () => {
  it("divisorsOf lists every divisor in order", () => {
    expect(divisorsOf(1)).toEqual([1]);
    expect(divisorsOf(36)).toEqual([1, 2, 3, 4, 6, 9, 12, 18, 36]);
    expect(divisorsOf(63)).toEqual([1, 3, 7, 9, 21, 63]);
    expect(divisorsOf(61)).toEqual([1, 61]);
    expect(divisorsOf(0)).toEqual([]);
  });

  it("touchesDivisor looks up, down, left and right only", () => {
    const g = AFTER_OPENING.divisors;
    expect(touchesDivisor(g, 0, 1)).toBe(true);
    expect(touchesDivisor(g, 1, 0)).toBe(true);
    expect(touchesDivisor(g, 1, 2)).toBe(true);
    expect(touchesDivisor(g, 2, 1)).toBe(true);
    expect(touchesDivisor(g, 0, 0)).toBe(false); // diagonal
    expect(touchesDivisor(g, 3, 3)).toBe(false);
  });

  it("canStepAt: any square at the opening, then free squares next to a divisor", () => {
    expect(canStepAt(OPEN_VIEW, 3, 3)).toBe(true);
    expect(canStepAt(AFTER_OPENING, 3, 3)).toBe(false);
    expect(canStepAt(AFTER_OPENING, 1, 1)).toBe(false); // has a divisor
    expect(canStepAt(AFTER_OPENING, 0, 1)).toBe(true);
    expect(canStepAt(DIVIDE_VIEW, 2, 3)).toBe(true);
    expect(canStepAt(DIVIDE_VIEW, 0, 0)).toBe(false);
  });

  it("isMyTurn: only the seat to move, never a spectator or a finished game", () => {
    expect(isMyTurn(DIVIDE_VIEW, 0)).toBe(true);
    expect(isMyTurn(DIVIDE_VIEW, 1)).toBe(false);
    expect(isMyTurn(DIVIDE_VIEW, null)).toBe(false);
    expect(isMyTurn(OVER_VIEW, 0)).toBe(false);
    expect(isMyTurn({ ...OVER_VIEW, to_move: [0] }, 0)).toBe(false);
  });

  it("boardPhase draws a finished game like phase divide", () => {
    expect(boardPhase(PLACE_VIEW)).toBe("place");
    expect(boardPhase(DIVIDE_VIEW)).toBe("divide");
    expect(boardPhase(OVER_VIEW)).toBe("divide");
  });

  it("stepCost is the gap to d, nothing at the opening", () => {
    expect(stepCost(4, 7)).toBe(3);
    expect(stepCost(10, 3)).toBe(7);
    expect(stepCost(null, 1)).toBe(0);
  });

  it("parseDivisor takes positive whole numbers only", () => {
    expect(parseDivisor("7")).toBe(7);
    expect(parseDivisor(" 12 ")).toBe(12);
    expect(parseDivisor("")).toBeNull();
    expect(parseDivisor("0")).toBeNull();
    expect(parseDivisor("3.5")).toBeNull();
    expect(parseDivisor("-2")).toBeNull();
    expect(parseDivisor("seven")).toBeNull();
  });
});

describe("hintCells", () => {
  it("gives the free squares next to a divisor that have a correct divisor", () => {
    expect(hintCells(DIVIDE_VIEW).map(String).sort()).toEqual(["2,3", "2,4", "3,2", "3,5", "4,3", "4,4"]);
  });

  it("leaves out a 1 when d is already 1 (its only divisor is d)", () => {
    const cells = hintCells(ONE_NEXT_TO_D1).map(String).sort();
    expect(cells).toEqual(["1,1", "2,0", "2,2"]);
    expect(cells).not.toContain("3,1");
  });

  it("highlights nothing while placing, at the opening, or when the game is over", () => {
    expect(hintCells(PLACE_VIEW)).toEqual([]);
    expect(hintCells(OPEN_VIEW)).toEqual([]);
    expect(hintCells(OVER_VIEW)).toEqual([]);
  });
});

describe("words", () => {
  it("explains the score with the current d", () => {
    expect(costExplanation(4)).toBe("The last little number is 4. Writing 6 or 2 next costs 2 points. The fewest points wins.");
    expect(costExplanation(1)).toContain("The last little number is 1. Writing 3 next costs 2 points.");
    expect(costExplanation(null)).toContain("The first little number is always 1.");
  });

  it("labels squares with number, divisor, writer and state", () => {
    const base = { steppable: false, last: false, hint: false, selected: false, mistake: false };
    expect(cellLabel({ ...base, view: PLACE_VIEW, cell: [0, 1] })).toBe("Row 1, column 2: free");
    expect(cellLabel({ ...base, view: PLACE_VIEW, cell: [0, 0], placedBy: "Ana" })).toBe("Row 1, column 1: 1, placed by Ana");
    expect(cellLabel({ ...base, view: DIVIDE_VIEW, cell: [3, 4], writtenBy: "Ben", last: true })).toBe(
      "Row 4, column 5: 28, 4 is its little number. Ben wrote it. Last move.",
    );
    expect(cellLabel({ ...base, view: DIVIDE_VIEW, cell: [2, 3], steppable: true, hint: true, selected: true })).toBe(
      "Row 3, column 4: 63. No little number yet. You can pick it. Good step. Chosen.",
    );
    expect(cellLabel({ ...base, view: DIVIDE_VIEW, cell: [2, 3], steppable: true, mistake: true })).toBe(
      "Row 3, column 4: 63. No little number yet. You can pick it. Not quite, try again.",
    );
  });

  it("mistake sentences are gentle and specific when they can be", () => {
    expect(mistakeSentence(63, 5, true)).toBe("Not quite. 63 is not in the 5 times table. 7 fits, because 7 × 9 = 63. Try again!");
    // The one that fits is never the last little number (it may not be written again).
    expect(mistakeSentence(63, 5, true, 7)).toBe("Not quite. 63 is not in the 5 times table. 9 fits, because 9 × 7 = 63. Try again!");
    expect(mistakeSentence(7, 2, false)).toBe("Not quite. 7 is not in the 2 times table. 1 fits, because 1 × 7 = 7. You will get it next time!");
    expect(mistakeSentence(null, null, false)).toBe("Not quite. That little number does not fit. You will get it next time!");
  });

  it("friendlyError turns codes into short sentences", () => {
    expect(friendlyError("same_divisor", "x", DIVIDE_VIEW)).toBe("The last little number was 4. Write a different one.");
    expect(friendlyError("not_adjacent", "x", DIVIDE_VIEW)).toBe("Pick a square next to one with a little number.");
    expect(friendlyError("cell_taken", "x", PLACE_VIEW)).toMatch(/already has a number/);
    expect(friendlyError("bad_action", "x", OPEN_VIEW)).toBe("The first little number is always 1.");
    expect(friendlyError("weird", "server says no", DIVIDE_VIEW)).toBe("That did not work. Try again."); // the server's words are for developers
  });

  it("seat names come from the match, with a fallback", () => {
    expect(seatName(MATCH, 1)).toBe("Ben");
    expect(seatName({ ...MATCH, seats: [] }, 2)).toBe("Player 3");
  });

  it("every seat has its own shape", () => {
    expect(new Set(SEAT_STYLES.map((s) => s.shape)).size).toBe(SEAT_STYLES.length);
    expect(SEAT_STYLES[0]).toMatchObject({ colour: "#1d4ed8", shape: "circle" });
    expect(SEAT_STYLES[1]).toMatchObject({ colour: "#c2410c", shape: "square" });
  });
});

describe("absorbEvents", () => {
  it("remembers who placed and who divided, and the last move", () => {
    let m = absorbEvents(emptyMemory, [{ type: "place", seat: 0, cell: [0, 3], number: 5 }], 1, PLACE_VIEW, null);
    expect(m.placedBy).toEqual({ "0,3": 0 });
    expect(m.last).toEqual([0, 3]);
    m = absorbEvents(m, DIVIDE_EVENTS, 0, DIVIDE_VIEW, DIVIDE_VIEW);
    expect(m.dividedBy).toEqual({ "3,4": 1 });
    expect(m.last).toEqual([3, 4]);
  });

  it("records a mistake of the viewer only, and forgets it with the next change", () => {
    const m = absorbEvents(emptyMemory, MISTAKE_EVENTS, 0, MISTAKE_VIEW, DIVIDE_VIEW);
    expect(m.mistake).toMatchObject({ cell: [2, 3], divisor: 5, number: 63 });
    const again = absorbEvents(m, MISTAKE_EVENTS, 0, MISTAKE_VIEW, MISTAKE_VIEW);
    expect(again.mistake?.nonce).toBe((m.mistake?.nonce ?? 0) + 1);
    expect(absorbEvents(emptyMemory, MISTAKE_EVENTS, 1, MISTAKE_VIEW, DIVIDE_VIEW).mistake).toBeNull();
    expect(absorbEvents(emptyMemory, MISTAKE_EVENTS, null, MISTAKE_VIEW, DIVIDE_VIEW).mistake).toBeNull();
    expect(absorbEvents(m, DIVIDE_EVENTS, 0, DIVIDE_VIEW, MISTAKE_VIEW).mistake).toBeNull();
  });

  it("falls back to the view diff for the last move when there are no move events", () => {
    const m = absorbEvents(emptyMemory, [], 1, AFTER_OPENING, OPEN_VIEW);
    expect(m.last).toEqual([1, 1]);
    expect(changedCells(OPEN_VIEW, AFTER_OPENING)).toEqual([[1, 1]]);
  });

  it("starts afresh on a new game (rematch)", () => {
    const m = absorbEvents(emptyMemory, DIVIDE_EVENTS, 0, DIVIDE_VIEW, null);
    expect(isRestart(DIVIDE_VIEW, PLACE_VIEW)).toBe(true);
    expect(isRestart(OPEN_VIEW, AFTER_OPENING)).toBe(false);
    const fresh = absorbEvents(m, [], 1, PLACE_VIEW, DIVIDE_VIEW);
    expect(fresh.dividedBy).toEqual({});
    expect(fresh.last).toBeNull();
  });
});

describe("describeEvents", () => {
  it("describes other seats' moves and skips the viewer's own", () => {
    expect(describeEvents(DIVIDE_EVENTS, 0, DIVIDE_VIEW, names)).toEqual([
      "Ben wrote 4 next to 28 in row 4, column 5. That step cost 3 points. The last little number is now 4.",
    ]);
    expect(describeEvents(DIVIDE_EVENTS, 1, DIVIDE_VIEW, names)).toEqual([]);
    expect(describeEvents([{ type: "divide", seat: 0, cell: [1, 1], divisor: 1, score: 0 }], 1, AFTER_OPENING, names)).toEqual([
      "Ana wrote 1 next to 3 in row 2, column 2 to start. The last little number is now 1.",
    ]);
  });

  it("spectators hear every move; other seats' mistakes are mentioned kindly", () => {
    expect(describeEvents(DIVIDE_EVENTS, null, DIVIDE_VIEW, names)).toHaveLength(1);
    expect(describeEvents(MISTAKE_EVENTS, 1, MISTAKE_VIEW, names)).toEqual(["Ana tried a little number that does not fit."]);
    expect(describeEvents(MISTAKE_EVENTS, 0, MISTAKE_VIEW, names)).toEqual([]);
  });

  it("a timeout that places the viewer's number is announced", () => {
    const events = [
      { type: "timeout", seat: 1, phase: "place" },
      { type: "place", seat: 1, cell: [0, 1], number: 6 },
    ];
    expect(describeEvents(events, 1, PLACE_VIEW, names)).toEqual(["Time is up for you.", "You placed 6 in row 1, column 2."]);
  });

  it("describeDiff covers a change that came without events", () => {
    expect(describeDiff(OPEN_VIEW, AFTER_OPENING)).toEqual(["1 was written next to 3 in row 2, column 2."]);
  });
});
