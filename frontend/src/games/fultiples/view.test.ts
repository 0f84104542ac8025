import { describe, expect, it } from "vitest";
import type { MatchMeta } from "../../protocol/messages";
import {
  afterFirstView,
  afterMistakeView,
  freeMidView,
  midSeat1View,
  midSpectatorView,
  midView,
  mistakeEvents,
  overView,
  startView,
} from "./fixtures";
import {
  canAct,
  cellKey,
  cellLabel,
  diceLines,
  errorText,
  hintCells,
  instruction,
  lastNumber,
  mistakeFor,
  mistakeText,
  moveFocus,
  newMarks,
  playerName,
  related,
  winningLine,
  type View,
} from "./view";

const names = ["Ana", "Ben"];

function freeCells(view: View): string[] {
  const out: string[] = [];
  view.marks.forEach((row, r) => row.forEach((m, c) => m === null && out.push(cellKey(r, c))));
  return out;
}

describe("related", () => {
  it("is true when one number divides the other, equal numbers and 1 included", () => {
    expect(related(18, 36)).toBe(true);
    expect(related(36, 18)).toBe(true);
    expect(related(7, 7)).toBe(true);
    expect(related(1, 49)).toBe(true);
    expect(related(18, 49)).toBe(false);
    expect(related(12, 18)).toBe(false);
  });
});

describe("canAct", () => {
  it("only the seat to move, never a spectator, never after the game", () => {
    expect(canAct(midView, 0)).toBe(true);
    expect(canAct(midSeat1View, 1)).toBe(false);
    expect(canAct(midSpectatorView, null)).toBe(false);
    expect(canAct(overView, 0)).toBe(false);
    expect(canAct(overView, 1)).toBe(false);
  });
});

describe("instruction", () => {
  it("says pick any number before the first mark", () => {
    expect(instruction(startView)).toBe("Tap any number to start.");
    expect(lastNumber(startView)).toBeNull();
  });
  it("names the last number", () => {
    expect(instruction(midView)).toBe("Last number: 18. Tap a number in the 18 times table. Or tap a number whose times table has 18 in it.");
  });
  it("says pick any number on a free start", () => {
    expect(instruction(freeMidView)).toBe("Last number: 11. No free number fits with it, so tap any number.");
  });
  it("only shows the last number when the game is over", () => {
    expect(instruction(overView)).toBe("Last number: 2.");
  });
});

describe("hintCells", () => {
  it("lights the free factors and multiples of the last number", () => {
    const hints = hintCells(midView);
    const expected = freeCells(midView).filter((k) => {
      const [r, c] = k.split(",").map(Number);
      const n = midView.board[r][c];
      return 18 % n === 0 || n % 18 === 0;
    });
    expect([...hints].sort()).toEqual(expected.sort());
    expect(hints.has(cellKey(1, 3))).toBe(true); // 36
    expect(hints.has(cellKey(0, 2))).toBe(false); // 21
    expect(hints.has(cellKey(0, 0))).toBe(false); // 49
    expect(hints.has(cellKey(0, 1))).toBe(false); // 18 itself, marked
    expect(hints.has(cellKey(4, 4))).toBe(false); // 36, marked
  });
  it("lights every free cell on a free start", () => {
    expect(hintCells(startView).size).toBe(100);
    expect([...hintCells(freeMidView)].sort()).toEqual(freeCells(freeMidView).sort());
  });
  it("lights nothing after the game", () => {
    expect(hintCells(overView).size).toBe(0);
  });
});

describe("cellLabel", () => {
  it("says row, column, number and who marked it (1-based)", () => {
    expect(cellLabel(midView, 0, 1, names, { last: true })).toBe("Row 1, column 2: 18, marked by Ben, last number");
    expect(cellLabel(midView, 4, 4, names)).toBe("Row 5, column 5: 36, marked by Ana");
    expect(cellLabel(midView, 2, 3, names)).toBe("Row 3, column 4: 12, free");
    expect(cellLabel(midView, 1, 3, names, { hint: true })).toBe("Row 2, column 4: 36, free, hint");
  });
});

describe("newMarks", () => {
  it("finds the marks added between two views", () => {
    expect(newMarks(afterFirstView, midView)).toEqual([{ cell: [0, 1], seat: 1, number: 18 }]);
    expect(newMarks(startView, midView)).toEqual([
      { cell: [4, 4], seat: 0, number: 36 },
      { cell: [0, 1], seat: 1, number: 18 },
    ]);
    expect(newMarks(midView, afterMistakeView)).toEqual([]);
    expect(newMarks(null, midView)).toEqual([]);
  });
});

describe("mistakes", () => {
  it("finds the viewer's own mistake only", () => {
    const m = mistakeFor(mistakeEvents, 0);
    expect(m).toMatchObject({ cell: [0, 0], a: 18, b: 49, turn_passed: false });
    expect(mistakeFor(mistakeEvents, 1)).toBeNull();
    expect(mistakeFor(mistakeEvents, null)).toBeNull();
    expect(mistakeFor([], 0)).toBeNull();
  });
  it("words it gently", () => {
    const m = mistakeFor(mistakeEvents, 0)!;
    expect(mistakeText(m)).toBe("Not quite. 49 is not in the 18 times table. 36, 54 and 72 are in the 18 times table. Try again!");
    expect(mistakeText({ ...m, turn_passed: true }, "Ben")).toBe(
      "Not quite. 49 is not in the 18 times table. 36, 54 and 72 are in the 18 times table. Now it is Ben's turn.",
    );
    const vague = mistakeFor([{ type: "mistake", seat: 0 }], 0)!;
    expect(mistakeText(vague)).toBe("Not quite. That number does not fit. Try again!");
    // A smaller number chosen: the bigger one is not in its times table; the small tables it is in fit.
    expect(mistakeText({ ...m, a: 84, b: 5 })).toBe("Not quite. 84 is not in the 5 times table. 84 is in the 2, 3 and 4 times tables. Try again!");
    expect(mistakeText({ ...m, a: 6, b: 14 })).toBe("Not quite. 14 is not in the 6 times table. 12, 18 and 24 are in the 6 times table. Try again!");
    expect(mistakeText({ ...m, a: 13, b: 5 })).toBe("Not quite. 13 is not in the 5 times table. 26, 39 and 52 are in the 13 times table. Try again!");
  });
});

describe("errorText", () => {
  it("turns codes into friendly sentences", () => {
    expect(errorText("cell_taken", "that cell is already marked")).toBe("That number is already marked. Pick a free one.");
    expect(errorText("not_your_turn")).toBe("Wait for your turn.");
    // The server's words are for developers: a child reads a kind, general sentence instead.
    expect(errorText("weird", "Server says no")).toBe("That did not work. Try again.");
    expect(errorText("weird")).toBe("That did not work. Try again.");
    expect(errorText("paused", "Your teacher has paused the game. Eyes on your teacher!")).toBe("Your teacher has paused the game.");
    expect(errorText("offline", "We lost the connection to the game. Wait a moment, then try again.")).toBe(
      "We lost the connection to the game. Wait a moment, then try again.",
    );
  });
});

describe("winningLine", () => {
  it("outlines the winner's five", () => {
    expect([...winningLine(overView)].sort()).toEqual(["0,0", "0,1", "0,2", "0,3", "0,4"]);
    expect(winningLine(midView).size).toBe(0);
  });
});

describe("moveFocus", () => {
  it("moves with the arrows and stops at the edges", () => {
    expect(moveFocus([0, 0], "ArrowRight", 10, 10)).toEqual([0, 1]);
    expect(moveFocus([0, 0], "ArrowDown", 10, 10)).toEqual([1, 0]);
    expect(moveFocus([0, 0], "ArrowUp", 10, 10)).toEqual([0, 0]);
    expect(moveFocus([0, 0], "ArrowLeft", 10, 10)).toEqual([0, 0]);
    expect(moveFocus([9, 9], "ArrowRight", 10, 10)).toEqual([9, 9]);
    expect(moveFocus([3, 4], "Home", 10, 10)).toEqual([3, 0]);
    expect(moveFocus([3, 4], "End", 10, 10)).toEqual([3, 9]);
    expect(moveFocus([3, 4], "Home", 10, 10, true)).toEqual([0, 0]);
    expect(moveFocus([3, 4], "End", 10, 10, true)).toEqual([9, 9]);
    expect(moveFocus([3, 4], "a", 10, 10)).toBeNull();
  });
});

describe("dice and names", () => {
  it("marks ties", () => {
    expect(diceLines(startView.dice!)).toEqual([
      { rolls: [2, 2], tie: true },
      { rolls: [5, 4], tie: false },
    ]);
  });
  it("falls back to Player n", () => {
    const match = { seats: [{ index: 0, name: "Ana", user_id: 1, bot: null, taken_over: false }] } as unknown as MatchMeta;
    expect(playerName(match, 0)).toBe("Ana");
    expect(playerName(match, 1)).toBe("Player 2");
  });
});
