import { describe, expect, it } from "vitest";
import { freshView, midEvents, midView, mistakeEvents, afterDiscardEvents, afterPlayView, wildView, midViewSeat1 } from "./fixtures";
import {
  canAct,
  cellLabel,
  describeChange,
  discardAction,
  EMPTY_SELECTION,
  hintCells,
  lastPlayCell,
  mistakeFor,
  mistakeText,
  moveFocus,
  pickedValues,
  pickedWords,
  playAction,
  selectionKey,
  setWildValue,
  toggleCard,
  validSelection,
  type Card,
  type View,
} from "./view";

const names = ["Ana", "Ben"];
const name = (s: number) => names[s];

describe("selection", () => {
  it("toggles cards and keeps at most two, dropping the oldest", () => {
    let sel = toggleCard(EMPTY_SELECTION, 0);
    sel = toggleCard(sel, 2);
    expect(sel.cards).toEqual([0, 2]);
    sel = toggleCard(sel, 1);
    expect(sel.cards).toEqual([2, 1]);
    sel = toggleCard(sel, 2);
    expect(sel.cards).toEqual([1]);
  });

  it("drops a wild value when its card is unpicked", () => {
    let sel = toggleCard(EMPTY_SELECTION, 0);
    sel = setWildValue(sel, 0, 7);
    expect(sel.wild).toEqual({ 0: 7 });
    sel = toggleCard(sel, 0);
    expect(sel.wild).toEqual({});
  });

  it("gives the values only when two cards are picked and every wild card has a value", () => {
    const hand: Card[] = ["W", 3, 4];
    expect(pickedValues(hand, toggleCard(EMPTY_SELECTION, 1))).toBeNull();
    const sel = toggleCard(toggleCard(EMPTY_SELECTION, 0), 2);
    expect(pickedValues(hand, sel)).toBeNull();
    expect(pickedValues(hand, setWildValue(sel, 0, 9))).toEqual([9, 4]);
    expect(pickedValues([2, 5, 9], toggleCard(toggleCard(EMPTY_SELECTION, 2), 1))).toEqual([9, 5]);
  });

  it("says which factors were picked, never the product", () => {
    const hand: Card[] = [7, 8, "W"];
    const sel = toggleCard(toggleCard(EMPTY_SELECTION, 0), 1);
    expect(pickedWords(hand, sel)).toBe("You picked 7 and 8.");
    expect(pickedWords(hand, sel)).not.toContain("56");
    const wild = toggleCard(toggleCard(EMPTY_SELECTION, 2), 0);
    expect(pickedWords(hand, wild)).toBe("You picked a wild card and 7.");
    expect(pickedWords(hand, setWildValue(wild, 2, 6))).toBe("You picked 6 (wild card) and 7.");
    expect(pickedWords(hand, EMPTY_SELECTION)).toBe("Pick two cards.");
  });

  it("knows a stale selection", () => {
    expect(validSelection([1, 2], { cards: [0, 2], wild: {} })).toBe(false);
    expect(validSelection(null, EMPTY_SELECTION)).toBe(false);
    expect(validSelection([2, 3, 4], { cards: [0, 2], wild: {} })).toBe(true);
  });

  it("builds the contract's actions", () => {
    const sel = { cards: [2, 0], wild: { 0: 6 } };
    expect(playAction(sel, [4, 6], [3, 5])).toEqual({ type: "play", cards: [2, 0], values: [4, 6], cell: [3, 5] });
    expect(discardAction(sel)).toEqual({ type: "discard", cards: [2, 0] });
  });

  it("changes the selection key on a play or a discard, not on a mistake", () => {
    const mistaken: View = { ...midView, mistakes: [1, 0] };
    expect(selectionKey(mistaken)).toBe(selectionKey(midView));
    expect(selectionKey(afterPlayView)).not.toBe(selectionKey(wildView));
  });
});

describe("turns", () => {
  it("lets only the seat to move act, never a spectator or after the game", () => {
    expect(canAct(midView, 0)).toBe(true);
    expect(canAct(midViewSeat1, 1)).toBe(false);
    expect(canAct(midView, null)).toBe(false);
    expect(canAct({ ...midView, phase: "over", result: { winners: [0], reason: "target_score" } }, 0)).toBe(false);
  });
});

describe("hints", () => {
  it("finds every free square showing the product", () => {
    // freshView: 45 is at [1,4] and [3,6].
    expect(hintCells(freshView, [5, 9])).toEqual([
      [1, 4],
      [3, 6],
    ]);
    expect(hintCells(freshView, null)).toEqual([]);
  });
  it("skips squares that have a marker", () => {
    // midView: 56 at [1,0] has Ana's marker; the other 56 is at [6,3].
    expect(hintCells(midView, [7, 8])).toEqual([[6, 3]]);
  });
});

describe("events", () => {
  it("finds the viewer's mistake and words it gently", () => {
    const m = mistakeFor(mistakeEvents, 0);
    expect(m).toEqual({ cell: [0, 0], a: 3, b: 4, answer: 35, turnOver: false });
    expect(mistakeText(m!)).toBe("Not quite. 3 × 4 is 12, not 35. Try again!");
    expect(mistakeFor(mistakeEvents, 1)).toBeNull();
    expect(mistakeFor(mistakeEvents, null)).toBeNull();
    expect(mistakeText({ cell: null, a: null, b: null, answer: null, turnOver: true })).toBe(
      "Not quite. That square is not the answer. You can try again on your next turn!",
    );
  });

  it("finds the last play from events, else from the markers", () => {
    expect(lastPlayCell(midEvents, null, midView)).toEqual([2, 5]);
    expect(lastPlayCell([], afterPlayView, midView)).toEqual([2, 5]);
    expect(lastPlayCell(afterDiscardEvents, midView, midView)).toBeNull();
  });

  it("announces the other player's moves, not the viewer's own", () => {
    expect(describeChange(midEvents, afterPlayView, midView, 0, name)).toEqual(["Ben marked 81 in row 3, column 6."]);
    expect(describeChange(midEvents, afterPlayView, midView, 1, name)).toEqual([]);
    expect(describeChange(afterDiscardEvents, midView, midView, 1, name)).toEqual(["Ana swapped two cards."]);
    expect(describeChange(mistakeEvents, midView, midView, 0, name)).toEqual([]);
  });

  it("announces scores, timeouts and reshuffles", () => {
    const events = [
      { type: "score", seat: 1, tokens: 2, removed: [] },
      { type: "timeout", seat: 0 },
      { type: "reshuffle", count: 20 },
    ];
    expect(describeChange(events, midView, midView, 0, name)).toEqual([
      "Ben made four in a row and won 2 tokens.",
      "Your time ran out.",
      "The used cards were shuffled to make a new pile.",
    ]);
    expect(describeChange([{ type: "score", seat: 0, tokens: 1 }], midView, midView, 0, name)).toEqual([
      "Four in a row! You won 1 token.",
    ]);
  });

  it("falls back to diffing the views when there are no events", () => {
    expect(describeChange([], afterPlayView, midView, 0, name)).toEqual(["Ben marked 81 in row 3, column 6."]);
  });
});

describe("labels and keys", () => {
  it("labels squares with their number and owner", () => {
    expect(cellLabel(midView, 1, 0, name)).toBe("Row 2, column 1: 56, marked by Ana");
    expect(cellLabel(midView, 2, 5, name, { last: true })).toBe("Row 3, column 6: 81, marked by Ben, last move");
    expect(cellLabel(midView, 0, 0, name)).toBe("Row 1, column 1: 35, free");
  });
  it("moves focus inside the grid and stops at the edges", () => {
    expect(moveFocus([0, 0], "ArrowRight", 8, 8)).toEqual([0, 1]);
    expect(moveFocus([0, 0], "ArrowUp", 8, 8)).toEqual([0, 0]);
    expect(moveFocus([7, 7], "ArrowDown", 8, 8)).toEqual([7, 7]);
    expect(moveFocus([3, 3], "End", 8, 8)).toEqual([3, 7]);
    expect(moveFocus([3, 3], "a", 8, 8)).toBeNull();
  });
});
