import { describe, expect, it, vi } from "vitest";
import { act as flush, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GameEvent, MatchMeta } from "../../protocol/messages";
import type { BoardProps } from "../types";
import { HINT_WAIT_MS } from "../hints";
import { Board } from "./Board";
import {
  afterFirstEvents,
  afterFirstView,
  afterMistakeView,
  freeMidView,
  midEvents,
  midSeat1View,
  midSpectatorView,
  midView,
  mistakeEvents,
  overEvents,
  overView,
  startView,
  timeoutEvents,
  timeoutView,
} from "./fixtures";
import type { View } from "./view";

// 100 buttons per render: give slow, shared CI machines room.
vi.setConfig({ testTimeout: 20_000 });

const MATCH: MatchMeta = {
  id: 7,
  game: "fultiples",
  kind: "quick",
  status: "active",
  players: 2,
  host_user_id: 1,
  hints: false,
  assignment_id: null,
  result: null,
  seats: [
    { index: 0, name: "Ana", user_id: 1, bot: null, taken_over: false },
    { index: 1, name: "Ben", user_id: 2, bot: null, taken_over: false },
  ],
};

type Result = Awaited<ReturnType<BoardProps<View>["act"]>>;

function setup(overrides: Partial<BoardProps<View>> = {}) {
  const act = vi.fn<BoardProps<View>["act"]>(async () => ({ ok: true }) as Result);
  const announce = vi.fn<(text: string) => void>();
  const props: BoardProps<View> = {
    view: midView,
    match: MATCH,
    seat: 0,
    hints: false,
    events: [],
    clockOffsetMs: 0,
    act,
    announce,
    ...overrides,
  };
  const utils = render(<Board {...props} />);
  const rerender = (more: Partial<BoardProps<View>>) => utils.rerender(<Board {...props} {...more} />);
  return { ...utils, act: props.act as typeof act, announce: props.announce as typeof announce, rerender, props };
}

// Looked up by the start of the aria-label ("Row 3, column 4: ..."): the same name a screen
// reader hears, without computing the role and name of 100 buttons on every call (slow in jsdom).
function cell(row: number, col: number): HTMLButtonElement {
  const el = screen.getByRole("grid").querySelector<HTMLButtonElement>(`button[aria-label^="Row ${row}, column ${col}:"]`);
  if (!el) throw new Error(`no cell at row ${row}, column ${col}`);
  return el;
}
const cells = () => Array.from(screen.getByRole("grid").querySelectorAll<HTMLButtonElement>("button"));
const description = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
const hinted = () => document.querySelectorAll(".fultiples-cell-hint");

describe("Fultiples board: what it shows", () => {
  it("shows the grid with every number, marks and the last cell", () => {
    setup();
    expect(cells()).toHaveLength(100);
    expect(screen.getAllByRole("row")).toHaveLength(10);
    const last = cell(1, 2);
    expect(last.getAttribute("aria-label")).toBe("Row 1, column 2: 18, marked by Ben, last number");
    expect(last.className).toContain("fultiples-cell-last");
    expect(last.dataset.seat).toBe("1");
    expect(last.querySelector(".fultiples-token-1")).not.toBeNull();
    const ana = cell(5, 5);
    expect(ana.getAttribute("aria-label")).toBe("Row 5, column 5: 36, marked by Ana");
    expect(ana.querySelector(".fultiples-token-0")).not.toBeNull();
    expect(cell(1, 1).getAttribute("aria-label")).toBe("Row 1, column 1: 49, free");
    expect(cell(1, 1).textContent).toContain("49");
  });

  it("shows the last number and what to pick", () => {
    setup();
    expect(screen.getByText(/^Last number:/).textContent).toContain("Last number: 18. Tap a number in the 18 times table. Or tap a number whose times table has 18 in it.");
    expect(description(screen.getByRole("grid"))).toBe("Last number: 18. Tap a number in the 18 times table. Or tap a number whose times table has 18 in it.");
  });

  it("shows the primes, the dice (with the tie) and who starts before the first mark", () => {
    setup({ view: startView });
    expect(screen.getByText("Most numbers are in the 2, 3 or 7 times table.")).toBeTruthy();
    expect(screen.getByText("Tap any number to start.")).toBeTruthy();
    const dice = screen.getByRole("region", { name: "Dice roll" });
    expect(within(dice).getAllByRole("img").map((d) => d.getAttribute("aria-label"))).toEqual(["2", "2", "5", "4"]);
    expect(within(dice).getByText("Tie: roll again.")).toBeTruthy();
    expect(within(dice).getByText("Ana starts.")).toBeTruthy();
  });

  it("folds the dice into one line once a cell is marked", () => {
    setup();
    expect(screen.queryByRole("region", { name: "Dice roll" })).toBeNull();
    expect(screen.getByText("Dice roll: Ana started")).toBeTruthy();
  });

  it("has no primes or dice line when the view has none, and says pick any on a free start", () => {
    setup({ view: freeMidView, seat: 1 });
    expect(screen.queryByText(/Most numbers are/)).toBeNull();
    expect(screen.queryByText(/Dice roll/)).toBeNull();
    expect(screen.getByText(/^Last number:/).textContent).toContain("Last number: 11. No free number fits with it, so tap any number.");
  });

  it("marks a board with numbers of three digits, so a phone's small cells fit them", () => {
    setup();
    expect(screen.getByRole("grid").getAttribute("data-wide-numbers")).toBeNull();
    const board = midView.board.map((numbers, r) => numbers.map((n, c) => (r === 2 && c === 3 ? 120 : n)));
    setup({ view: { ...midView, board } });
    expect(screen.getAllByRole("grid")[1].getAttribute("data-wide-numbers")).toBe("true");
  });

  it("names the players with a shape each", () => {
    setup();
    const legend = screen.getByRole("list", { name: "Players" });
    expect(legend.textContent).toContain("Ana (you): blue circles");
    expect(legend.textContent).toContain("Ben: orange squares");
  });

  it("outlines the winning five after the game and sends nothing", async () => {
    const { act } = setup({ view: overView, seat: 1, events: overEvents });
    expect(document.querySelectorAll(".fultiples-cell-win")).toHaveLength(5);
    expect(cell(1, 5).getAttribute("aria-label")).toBe("Row 1, column 5: 2, marked by Ana, last number. Five in a row!");
    await userEvent.click(cell(3, 1));
    expect(act).not.toHaveBeenCalled();
    expect(cell(3, 1).getAttribute("aria-disabled")).toBe("true");
  });
});

describe("Fultiples board: marking", () => {
  it("a click sends exactly the mark action", async () => {
    const { act } = setup();
    await userEvent.click(cell(3, 4));
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ type: "mark", cell: [2, 3] });
  });

  it("sends a wrong number too: the server judges the arithmetic", async () => {
    const { act } = setup();
    await userEvent.click(cell(1, 1)); // 49 after 18
    expect(act).toHaveBeenCalledWith({ type: "mark", cell: [0, 0] });
  });

  it("any cell can be the first mark", async () => {
    const { act } = setup({ view: startView });
    await userEvent.click(cell(10, 10));
    expect(act).toHaveBeenCalledWith({ type: "mark", cell: [9, 9] });
  });

  it("does not send a marked cell", async () => {
    const { act } = setup();
    expect(cell(5, 5).getAttribute("aria-disabled")).toBe("true");
    await userEvent.click(cell(5, 5));
    await userEvent.click(cell(1, 2));
    expect(act).not.toHaveBeenCalled();
  });

  it("is keyboard operable: Tab into the grid, arrows move, Enter and Space mark", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    await user.tab(); // the folded "Dice roll" line
    await user.tab();
    // The grid is one tab stop, entered at the last marked cell.
    expect(document.activeElement).toBe(cell(1, 2));
    expect(cells().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowRight}");
    expect(document.activeElement).toBe(cell(3, 3));
    await user.keyboard("{Enter}");
    expect(act).toHaveBeenLastCalledWith({ type: "mark", cell: [2, 2] });
    await user.keyboard("{ArrowLeft}{ArrowUp}");
    expect(document.activeElement).toBe(cell(2, 2));
    await user.keyboard(" ");
    expect(act).toHaveBeenLastCalledWith({ type: "mark", cell: [1, 1] });
    await user.keyboard("{Control>}{End}{/Control}");
    expect(document.activeElement).toBe(cell(10, 10));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(cell(10, 1));
    expect(act).toHaveBeenCalledTimes(2);
  });

  it("ignores input while a call is pending (no double submit)", async () => {
    let resolve: (r: Result) => void = () => {};
    const act = vi.fn<BoardProps<View>["act"]>(() => new Promise<Result>((r) => (resolve = r)));
    setup({ act });
    fireEvent.click(cell(3, 4));
    fireEvent.click(cell(3, 4));
    fireEvent.click(cell(2, 4));
    expect(act).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("grid").getAttribute("aria-busy")).toBe("true");
    await flush(async () => resolve({ ok: true }));
    expect(screen.getByRole("grid").hasAttribute("aria-busy")).toBe(false);
    fireEvent.click(cell(2, 4));
    expect(act).toHaveBeenCalledTimes(2);
  });

  it("shows a refusal briefly, as an alert", async () => {
    vi.useFakeTimers();
    try {
      const act = vi.fn<BoardProps<View>["act"]>(async () => ({ ok: false, code: "cell_taken", message: "that cell is already marked" }));
      setup({ act });
      await flush(async () => {
        fireEvent.click(cell(3, 4));
      });
      expect(screen.getByRole("alert").textContent).toContain("That number is already marked. Pick a free one.");
      await flush(async () => {
        vi.advanceTimersByTime(6000);
      });
      expect(screen.queryByRole("alert")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("Fultiples board: read-only", () => {
  it("sends nothing when it is not the viewer's turn", async () => {
    const { act } = setup({ view: midSeat1View, seat: 1 });
    expect(cells().every((b) => b.getAttribute("aria-disabled") === "true")).toBe(true);
    expect(screen.getByText("Wait: it is Ana's turn.")).toBeTruthy();
    await userEvent.click(cell(3, 4));
    cell(3, 4).focus();
    await userEvent.keyboard("{Enter} ");
    expect(act).not.toHaveBeenCalled();
  });

  it("sends nothing for a spectator", async () => {
    const { act } = setup({ view: midSpectatorView, seat: null });
    expect(cells().every((b) => b.getAttribute("aria-disabled") === "true")).toBe(true);
    expect(screen.getByText("You are watching.")).toBeTruthy();
    await userEvent.click(cell(3, 4));
    expect(act).not.toHaveBeenCalled();
  });

  it("still lets a spectator move around the grid by keyboard", async () => {
    const user = userEvent.setup();
    setup({ view: midSpectatorView, seat: null });
    await user.tab();
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(cell(1, 3));
  });
});

describe("Fultiples board: hints", () => {
  it("highlights nothing with hints off", () => {
    setup({ hints: false });
    expect(hinted()).toHaveLength(0);
    expect(cells().some((b) => /hint/.test(b.getAttribute("aria-label") ?? ""))).toBe(false);
  });

  it("with hints on, lights up one suggestion and says why, only after a wait", () => {
    vi.useFakeTimers();
    try {
      setup({ hints: true });
      expect(hinted()).toHaveLength(0); // the child thinks first
      flush(() => void vi.advanceTimersByTime(HINT_WAIT_MS));
      expect(hinted()).toHaveLength(1); // one suggestion, never every factor and multiple
      expect(cell(1, 5).className).toContain("fultiples-cell-hint"); // 6 after 18
      expect(screen.getByTestId("hint").textContent).toBe("Hint: try 6. 6 × 3 = 18.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("with hints on, a wrong try brings the suggestion at once", () => {
    const { rerender } = setup({ hints: true });
    expect(hinted()).toHaveLength(0);
    rerender({ view: afterMistakeView, events: mistakeEvents });
    expect(hinted()).toHaveLength(1);
  });

  it("gives no hint on a free start (any number will do)", () => {
    vi.useFakeTimers();
    try {
      setup({ view: freeMidView, seat: 1, hints: true });
      flush(() => void vi.advanceTimersByTime(HINT_WAIT_MS));
      expect(hinted()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not hint when the viewer cannot move", () => {
    setup({ view: midSeat1View, seat: 1, hints: true });
    expect(hinted()).toHaveLength(0);
  });
});

describe("Fultiples board: mistakes", () => {
  it("shows a gentle signal on the claimed cell and a friendly sentence", () => {
    const { rerender, announce } = setup();
    rerender({ view: afterMistakeView, events: mistakeEvents });
    const text = "Not quite. 49 is not in the 18 times table. 36, 54 and 72 are in the 18 times table. Try again!";
    expect(screen.getByTestId("fultiples-mistake").textContent).toContain(text);
    expect(cell(1, 1).className).toContain("fultiples-cell-mistake");
    expect(document.querySelectorAll(".fultiples-cell-mistake")).toHaveLength(1);
    expect(announce).toHaveBeenCalledWith(text);
    // Re-rendering with the same change does not signal it twice.
    rerender({ view: afterMistakeView, events: [...mistakeEvents] });
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it("clears the signal when the viewer tries again", async () => {
    const { rerender } = setup();
    rerender({ view: afterMistakeView, events: mistakeEvents });
    await userEvent.click(cell(3, 4));
    expect(screen.queryByTestId("fultiples-mistake")).toBeNull();
    expect(document.querySelectorAll(".fultiples-cell-mistake")).toHaveLength(0);
  });

  it("says when a strict game passed the turn", () => {
    const events: GameEvent[] = [{ ...mistakeEvents[0], turn_passed: true }];
    setup({ view: { ...afterMistakeView, to_move: [1] }, events });
    expect(screen.getByTestId("fultiples-mistake").textContent).toContain(
      "Not quite. 49 is not in the 18 times table. 36, 54 and 72 are in the 18 times table. Now it is Ben's turn.",
    );
  });

  it("does not show the other player's mistake", () => {
    setup({ view: { ...afterMistakeView, seat: 1 }, seat: 1, events: mistakeEvents });
    expect(screen.queryByTestId("fultiples-mistake")).toBeNull();
    expect(document.querySelectorAll(".fultiples-cell-mistake")).toHaveLength(0);
  });
});

describe("Fultiples board: announcements", () => {
  it("announces every mark to a spectator", () => {
    const { rerender, announce } = setup({ view: startView, seat: null });
    rerender({ view: afterFirstView, events: afterFirstEvents });
    expect(announce).toHaveBeenCalledWith("Ana marked 36.");
  });

  it("announces the other player's mark", () => {
    const { rerender, announce } = setup({ view: afterFirstView });
    expect(announce).not.toHaveBeenCalled();
    rerender({ view: midView, events: midEvents });
    expect(announce).toHaveBeenCalledWith("Ben marked 18.");
  });

  it("does not announce the viewer's own mark", () => {
    const { rerender, announce } = setup({ view: startView, seat: 0 });
    rerender({ view: afterFirstView, events: afterFirstEvents });
    expect(announce).not.toHaveBeenCalled();
  });

  it("announces a timeout", () => {
    const { rerender, announce } = setup({ view: afterFirstView });
    rerender({ view: timeoutView, events: timeoutEvents });
    expect(announce).toHaveBeenCalledWith("Time is up for Ben. Your turn.");
  });
});
