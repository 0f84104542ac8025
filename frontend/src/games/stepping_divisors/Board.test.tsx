import { describe, expect, it, vi } from "vitest";
import { act as reactAct, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BoardProps } from "../types";
import type { GameEvent } from "../../protocol/messages";
import { HINT_WAIT_MS } from "../hints";
import { Board } from "./Board";
import type { View } from "./view";
import {
  DIVIDE_EVENTS,
  DIVIDE_VIEW,
  MATCH,
  MISTAKE_EVENTS,
  MISTAKE_VIEW,
  OPEN_VIEW,
  OVER_EVENTS,
  OVER_VIEW,
  PLACE_EVENTS,
  PLACE_VIEW,
} from "./fixtures";

type ActResult = Awaited<ReturnType<BoardProps<View>["act"]>>;

function setup(overrides: Partial<BoardProps<View>> = {}) {
  const act = vi.fn<BoardProps<View>["act"]>(async () => ({ ok: true }) as ActResult);
  const announce = vi.fn<(text: string) => void>();
  const props: BoardProps<View> = {
    view: DIVIDE_VIEW,
    match: MATCH,
    seat: 0,
    hints: false,
    events: [],
    clockOffsetMs: 0,
    act,
    announce,
    ...overrides,
  };
  if (overrides.act === undefined) props.act = act;
  const utils = render(<Board {...props} />);
  const rerender = (next: Partial<BoardProps<View>>) => utils.rerender(<Board {...props} {...next} />);
  return { ...utils, props, act: props.act as typeof act, announce: props.announce as typeof announce, rerender, user: userEvent.setup() };
}

/** The button of square [r, c] (0-based). */
function cellButton(r: number, c: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-cell="${r},${c}"]`);
  if (!el) throw new Error(`no cell ${r},${c}`);
  return el;
}

describe("phase place", () => {
  it("shows the next number prominently and places it where the child taps", async () => {
    const { act, user } = setup({ view: PLACE_VIEW, seat: 1, events: PLACE_EVENTS });
    expect(screen.getByText(/Place the number/).textContent).toContain("Place the number 6");
    await user.click(screen.getByRole("button", { name: "Row 1, column 2: free" }));
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ type: "place", cell: [0, 1] });
  });

  it("does not send a place on a square that already has a number", async () => {
    const { act, user } = setup({ view: PLACE_VIEW, seat: 1, events: PLACE_EVENTS });
    const taken = cellButton(0, 3);
    expect(taken.getAttribute("aria-disabled")).toBe("true");
    expect(taken.getAttribute("aria-label")).toBe("Row 1, column 4: 5, placed by Ana. Last move.");
    await user.click(taken);
    expect(act).not.toHaveBeenCalled();
  });

  it("is keyboard operable: arrows move focus, Enter places", async () => {
    const { act, user } = setup({ view: PLACE_VIEW, seat: 1 });
    expect(cellButton(0, 0).getAttribute("tabindex")).toBe("0");
    expect(cellButton(0, 1).getAttribute("tabindex")).toBe("-1");
    await user.tab();
    expect(document.activeElement).toBe(cellButton(0, 0));
    await user.keyboard("{ArrowRight}{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(cellButton(2, 1)); // holds 4: Enter does nothing
    await user.keyboard("{Enter}");
    expect(act).not.toHaveBeenCalled();
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(cellButton(2, 0));
    expect(cellButton(2, 0).getAttribute("tabindex")).toBe("0");
    await user.keyboard("{Enter}");
    expect(act).toHaveBeenCalledWith({ type: "place", cell: [2, 0] });
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(cellButton(2, 3));
    await user.keyboard(" ");
    expect(act).toHaveBeenLastCalledWith({ type: "place", cell: [2, 3] });
  });

  it("shows who is placing when it is not the viewer's turn, and sends nothing", async () => {
    const { act, user } = setup({ view: { ...PLACE_VIEW, seat: 0 }, seat: 0 });
    expect(screen.getByText(/places the number/).textContent).toContain("Ben places the number 6");
    const free = cellButton(0, 1);
    expect(free.getAttribute("aria-disabled")).toBe("true");
    await user.click(free);
    free.focus();
    await user.keyboard("{Enter}");
    expect(act).not.toHaveBeenCalled();
  });
});

describe("phase divide", () => {
  it("shows d big, the numbers, divisors with their writers and the scores", () => {
    setup({ events: DIVIDE_EVENTS });
    expect(screen.getByTestId("current-d").textContent).toContain("Last little number is 4");
    expect(cellButton(3, 4).getAttribute("aria-label")).toBe("Row 4, column 5: 28, 4 is its little number. Ben wrote it. Last move.");
    expect(cellButton(3, 4).getAttribute("data-last")).toBe("true");
    expect(cellButton(3, 3).getAttribute("aria-label")).toBe("Row 4, column 4: 58, 1 is its little number");
    expect(cellButton(2, 3).getAttribute("aria-label")).toBe("Row 3, column 4: 63. No little number yet. You can pick it.");
    expect(cellButton(0, 0).getAttribute("aria-label")).toBe("Row 1, column 1: 48. No little number yet.");
    const table = screen.getByRole("table", { name: /Points \(the fewest win\)/ });
    const points = (name: RegExp) => within(within(table).getByRole("rowheader", { name }).closest("tr") as HTMLElement).getByRole("cell").textContent;
    expect(points(/Ana \(you\)/)).toBe("0");
    expect(points(/Ben/)).toBe("3");
    expect(screen.getByText(/The last little number is 4. Writing 6 or 2 next costs 2 points./)).toBeTruthy();
  });

  it("taps a square, types a divisor and sends exactly the divide action", async () => {
    const { act, user } = setup();
    await user.click(cellButton(2, 3));
    const input = screen.getByLabelText("Little number for 63");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(document.activeElement).toBe(input);
    await user.type(input, "7");
    await user.click(screen.getByRole("button", { name: "Write it" }));
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ type: "divide", cell: [2, 3], divisor: 7 });
  });

  it("sends a wrong divisor too (the server judges) and Enter submits", async () => {
    const { act, user } = setup();
    await user.click(cellButton(4, 3));
    await user.type(screen.getByLabelText("Little number for 36"), "5{Enter}");
    expect(act).toHaveBeenCalledWith({ type: "divide", cell: [4, 3], divisor: 5 });
  });

  it("ignores squares that are not next to a divisor, and squares that have one", async () => {
    const { act, user } = setup();
    await user.click(cellButton(0, 0));
    await user.click(cellButton(3, 3));
    expect(cellButton(0, 0).getAttribute("aria-disabled")).toBe("true");
    expect(cellButton(3, 3).getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryByRole("button", { name: "Write it" })).toBeNull();
    expect(act).not.toHaveBeenCalled();
  });

  it("does not send an empty or non-number divisor", async () => {
    const { act, user } = setup();
    await user.click(cellButton(2, 3));
    await user.click(screen.getByRole("button", { name: "Write it" }));
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("Type a whole number first");
  });

  it("the opening move: any square, the divisor 1 is ready", async () => {
    const { act, user } = setup({ view: OPEN_VIEW });
    expect(screen.getByTestId("current-d").textContent).toContain("starts at 1");
    await user.click(cellButton(0, 0));
    expect((screen.getByLabelText("Little number for 2") as HTMLInputElement).value).toBe("1");
    await user.click(screen.getByRole("button", { name: "Write it" }));
    expect(act).toHaveBeenCalledWith({ type: "divide", cell: [0, 0], divisor: 1 });
  });

  it("keyboard: arrows to a square, Enter chooses it, typing and Enter writes, Escape goes back", async () => {
    const { act, user } = setup();
    await user.tab();
    expect(document.activeElement).toBe(cellButton(0, 0));
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(cellButton(2, 3));
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByLabelText("Little number for 63"));
    await user.keyboard("{Escape}");
    expect(screen.queryByLabelText("Little number for 63")).toBeNull();
    expect(document.activeElement).toBe(cellButton(2, 3));
    await user.keyboard(" ");
    await user.keyboard("9{Enter}");
    expect(act).toHaveBeenCalledWith({ type: "divide", cell: [2, 3], divisor: 9 });
  });
});

describe("read-only", () => {
  it("sends nothing when it is not the viewer's turn", async () => {
    const { act, user } = setup({ view: { ...DIVIDE_VIEW, seat: 1 }, seat: 1 });
    expect(screen.getByText("Wait: it is Ana's turn.")).toBeTruthy();
    expect(cellButton(2, 3).getAttribute("aria-disabled")).toBe("true");
    await user.click(cellButton(2, 3));
    expect(screen.queryByLabelText("Little number for 63")).toBeNull();
    expect(act).not.toHaveBeenCalled();
  });

  it("sends nothing for a spectator", async () => {
    const { act, user } = setup({ view: { ...DIVIDE_VIEW, seat: null }, seat: null });
    expect(screen.getByRole("grid").getAttribute("aria-readonly")).toBe("true");
    await user.click(cellButton(2, 3));
    expect(act).not.toHaveBeenCalled();
    const { act: act2, user: user2 } = setup({ view: { ...PLACE_VIEW, seat: null }, seat: null });
    await user2.click(screen.getAllByRole("button", { name: "Row 1, column 2: free" })[1]);
    expect(act2).not.toHaveBeenCalled();
  });

  it("sends nothing when the game is over", async () => {
    const { act, user } = setup({ view: OVER_VIEW, events: OVER_EVENTS });
    expect(screen.getByText("Every step is done.")).toBeTruthy();
    for (const button of screen.getByRole("grid").querySelectorAll("button")) {
      expect(button.getAttribute("aria-disabled")).toBe("true");
      await user.click(button);
    }
    expect(act).not.toHaveBeenCalled();
  });

  it("drops a chosen square when the turn passes", async () => {
    const { user, rerender } = setup();
    await user.click(cellButton(2, 3));
    expect(screen.getByLabelText("Little number for 63")).toBeTruthy();
    rerender({ view: { ...DIVIDE_VIEW, to_move: [1] }, events: [{ type: "timeout", seat: 0, phase: "divide" }] });
    expect(screen.queryByLabelText("Little number for 63")).toBeNull();
  });
});

describe("sending", () => {
  it("ignores input while a call is pending (no double submit)", async () => {
    let resolve: (r: ActResult) => void = () => {};
    const act = vi.fn<BoardProps<View>["act"]>(() => new Promise<ActResult>((r) => (resolve = r)));
    const { user } = setup({ view: PLACE_VIEW, seat: 1, act });
    await user.click(cellButton(0, 1));
    await user.click(cellButton(0, 2));
    expect(act).toHaveBeenCalledTimes(1);
    await reactAct(async () => resolve({ ok: true }));
    await user.click(cellButton(0, 2));
    expect(act).toHaveBeenCalledTimes(2);
  });

  it("ignores a second Write it while pending", async () => {
    let resolve: (r: ActResult) => void = () => {};
    const act = vi.fn<BoardProps<View>["act"]>(() => new Promise<ActResult>((r) => (resolve = r)));
    const { user } = setup({ act });
    await user.click(cellButton(2, 3));
    await user.type(screen.getByLabelText("Little number for 63"), "9");
    const write = screen.getByRole("button", { name: "Write it" });
    await user.click(write);
    expect(write.getAttribute("aria-busy")).toBe("true");
    await user.click(write);
    await user.keyboard("{Enter}");
    expect(act).toHaveBeenCalledTimes(1);
    await reactAct(async () => resolve({ ok: true }));
  });

  it("shows a refusal near the board", async () => {
    const act = vi.fn<BoardProps<View>["act"]>(async () => ({ ok: false, code: "same_divisor", message: "the divisor must differ from d = 4" }) as ActResult);
    const { user } = setup({ act });
    await user.click(cellButton(2, 3));
    await user.type(screen.getByLabelText("Little number for 63"), "4{Enter}");
    expect(act).toHaveBeenCalledWith({ type: "divide", cell: [2, 3], divisor: 4 });
    expect((await screen.findByRole("alert")).textContent).toContain("The last little number was 4. Write a different one.");
  });
});

describe("hints", () => {
  it("highlights nothing with hints off", async () => {
    const { user } = setup({ hints: false });
    expect(document.querySelectorAll("[data-hint]")).toHaveLength(0);
    await user.click(cellButton(2, 3));
    expect(screen.queryByRole("group", { name: "Divisors of 63" })).toBeNull();
  });

  it("with hints on, lights up one square and a divisor with its fact, only after a wait", () => {
    vi.useFakeTimers();
    try {
      setup({ hints: true });
      expect(document.querySelectorAll("[data-hint]")).toHaveLength(0); // the child thinks first
      reactAct(() => void vi.advanceTimersByTime(HINT_WAIT_MS));
      const hinted = [...document.querySelectorAll("[data-hint]")].map((el) => el.getAttribute("data-cell"));
      expect(hinted).toEqual(["2,3"]); // one square, never every good step
      expect(cellButton(2, 3).getAttribute("aria-label")).toMatch(/Good step\./);
      expect(screen.getByTestId("hint").textContent).toBe("Hint: tap 63 and write 7. 7 × 9 = 63.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("with hints on, a wrong try brings the suggestion at once; the divisors are never listed", async () => {
    const { user, rerender } = setup({ hints: true });
    await user.click(cellButton(2, 3));
    expect(screen.queryByRole("group", { name: "Divisors of 63" })).toBeNull();
    rerender({ view: { ...MISTAKE_VIEW, mistakes: MISTAKE_VIEW.mistakes.map((m, s) => (s === 0 ? m + 1 : m)) }, events: MISTAKE_EVENTS });
    expect(document.querySelectorAll("[data-hint]")).toHaveLength(1);
  });
});

describe("mistakes and last move", () => {
  it("a mistake of the viewer shows a gentle signal on the square and a sentence", () => {
    setup({ view: MISTAKE_VIEW, events: MISTAKE_EVENTS });
    const cell = cellButton(2, 3);
    expect(cell.getAttribute("data-mistake")).toBe("true");
    expect(cell.className).toMatch(/stepping_divisors-cell--mistake/);
    expect(screen.getByRole("status").textContent).toContain("Not quite. 63 is not in the 5 times table. 7 fits, because 7 × 9 = 63. Try again!");
  });

  it("shows the signal when the mistake arrives later, and clears it with the next change", () => {
    const { rerender } = setup({ events: DIVIDE_EVENTS });
    expect(document.querySelector("[data-mistake]")).toBeNull();
    rerender({ view: MISTAKE_VIEW, events: MISTAKE_EVENTS });
    expect(cellButton(2, 3).getAttribute("data-mistake")).toBe("true");
    // Last move stays on Ben's square after the mistake.
    expect(cellButton(3, 4).getAttribute("data-last")).toBe("true");
    const after: View = { ...MISTAKE_VIEW, divisors: MISTAKE_VIEW.divisors.map((row, r) => row.map((v, c) => (r === 2 && c === 3 ? 7 : v))), d: 7, to_move: [1] };
    rerender({ view: after, events: [{ type: "divide", seat: 0, cell: [2, 3], divisor: 7, score: 3 }] });
    expect(document.querySelector("[data-mistake]")).toBeNull();
    expect(cellButton(2, 3).getAttribute("data-last")).toBe("true");
  });

  it("someone else's mistake shows no signal", () => {
    const events: GameEvent[] = [{ type: "mistake", seat: 1, cell: [2, 3], divisor: 5 }];
    setup({ view: { ...MISTAKE_VIEW, seat: 0, mistakes: [0, 1] }, events });
    expect(document.querySelector("[data-mistake]")).toBeNull();
    expect(screen.queryByText(/Not quite/)).toBeNull();
  });
});

describe("announcements", () => {
  it("announces another player's move, not the viewer's own", () => {
    const before: View = { ...DIVIDE_VIEW, divisors: DIVIDE_VIEW.divisors.map((row, r) => row.map((v, c) => (r === 3 && c === 4 ? null : v))), d: 1, to_move: [1], scores: [0, 0] };
    const { announce, rerender } = setup({ view: before, events: [] });
    expect(announce).not.toHaveBeenCalled();
    rerender({ view: DIVIDE_VIEW, events: DIVIDE_EVENTS });
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith("Ben wrote 4 next to 28 in row 4, column 5. That step cost 3 points. The last little number is now 4.");
    // The viewer's own move is not announced.
    const mine: View = { ...DIVIDE_VIEW, divisors: DIVIDE_VIEW.divisors.map((row, r) => row.map((v, c) => (r === 2 && c === 3 ? 7 : v))), d: 7, to_move: [1] };
    rerender({ view: mine, events: [{ type: "divide", seat: 0, cell: [2, 3], divisor: 7, score: 3 }] });
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it("announces a placed number and the start of phase divide", () => {
    const { announce, rerender } = setup({ view: { ...PLACE_VIEW, seat: 0, to_move: [1] }, seat: 0 });
    const next: View = { ...PLACE_VIEW, seat: 0, to_move: [0], next_number: 7, numbers: PLACE_VIEW.numbers.map((row, r) => row.map((v, c) => (r === 3 && c === 0 ? 6 : v))) };
    rerender({ view: next, events: [{ type: "place", seat: 1, cell: [3, 0], number: 6 }] });
    expect(announce).toHaveBeenLastCalledWith("Ben placed 6 in row 4, column 1.");
    rerender({ view: OPEN_VIEW, events: [{ type: "place", seat: 1, cell: [3, 2], number: 16 }, { type: "phase", phase: "divide" }] });
    expect(announce).toHaveBeenLastCalledWith("Ben placed 16 in row 4, column 3. All the numbers are placed. Now write little numbers!");
  });
});
