import { describe, expect, it, vi } from "vitest";
import { act as reactAct, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GameEvent, MatchMeta } from "../../protocol/messages";
import type { BoardProps } from "../types";
import { HINT_WAIT_MS } from "../hints";
import { Board } from "./Board";
import {
  afterDiscardEvents,
  afterDiscardView,
  afterPlayEvents,
  afterPlayView,
  freshView,
  midEvents,
  midView,
  midViewSeat1,
  midViewSpectator,
  mistakeEvents,
  mistakeView,
  wildView,
} from "./fixtures";
import type { View } from "./view";

const match: MatchMeta = {
  id: 12,
  game: "four_in_a_row",
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

type Props = BoardProps<View>;

function setup(over: Partial<Props> = {}) {
  const act = vi.fn<Props["act"]>(async () => ({ ok: true as const }));
  const announce = vi.fn<Props["announce"]>();
  const props: Props = { view: freshView, match, seat: 0, hints: false, events: [], clockOffsetMs: 0, act, announce, ...over };
  const utils = render(<Board {...props} />);
  const rerender = (more: Partial<Props>) => utils.rerender(<Board {...props} {...more} />);
  return { ...utils, act: props.act as typeof act, announce: props.announce as typeof announce, rerender, user: userEvent.setup() };
}

// Label queries (aria-label) rather than role queries: computing roles of 64+ buttons is slow in jsdom.
const cell = (r: number, c: number) => screen.getByLabelText(new RegExp(`^Row ${r}, column ${c}:`));
const card = (label: string | RegExp, n = 0) => screen.getAllByLabelText(label)[n];
const cells = () => screen.getAllByLabelText(/^Row \d, column \d:/);
const pressed = () => [...document.querySelectorAll('button[aria-pressed="true"]')];

// Generous: other test files may run in parallel on a busy machine.
vi.setConfig({ testTimeout: 20000 });

describe("Four-in-a-Row board", () => {
  it("shows the 8 x 8 board, markers, the hand, scores and piles", () => {
    setup({ view: midView });
    expect(screen.getAllByRole("row")).toHaveLength(8);
    expect(cells()).toHaveLength(64);
    expect(cell(2, 1).getAttribute("aria-label")).toBe("Row 2, column 1: 56, marked by Ana");
    expect(cell(3, 6).getAttribute("aria-label")).toBe("Row 3, column 6: 81, marked by Ben");
    expect(cell(1, 1).getAttribute("aria-label")).toBe("Row 1, column 1: 35, free");
    expect(cell(2, 1).querySelector(".four_in_a_row-marker--seat0")).not.toBeNull();
    expect(cell(3, 6).querySelector(".four_in_a_row-marker--seat1")).not.toBeNull();
    const hand = screen.getByRole("group", { name: "Your cards" });
    expect(within(hand).getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["W wild card", "Card 3", "Card 4"]);
    expect(screen.getAllByText("0 of 3 tokens", { selector: ".sr-only" })).toHaveLength(2);
    expect(screen.getByText("Cards left: 8 · Used cards: 4")).toBeTruthy();
    expect(screen.getByText("3 cards")).toBeTruthy(); // Ben's hand size
    expect(screen.getByText("Ana (you)")).toBeTruthy();
  });

  it("sends a play with the two cards, their values and the square", async () => {
    const { act, user } = setup();
    await user.click(card("Card 5"));
    await user.click(card("Card 9"));
    expect(screen.getByText("You picked 5 and 9. Now tap the square with the answer.")).toBeTruthy();
    await user.click(cell(1, 1)); // 35: wrong, but the board never judges; the server does
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ type: "play", cards: [1, 2], values: [5, 9], cell: [0, 0] });
  });

  it("never shows the product of the picked cards", async () => {
    const { user, container } = setup();
    await user.click(card("Card 5"));
    await user.click(card("Card 9"));
    const panel = container.querySelector(".four_in_a_row-panel")!;
    expect(panel.textContent).not.toContain("45");
  });

  it("is fully keyboard operable: cards by Enter/Space, the grid by arrow keys", async () => {
    const { act, user } = setup();
    card("Card 2").focus();
    await user.keyboard("{Enter}");
    card("Card 9").focus();
    await user.keyboard(" ");
    expect(pressed().map((b) => b.getAttribute("aria-label"))).toEqual(["Card 2", "Card 9"]);
    // one tab stop in the grid
    expect(cells().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    cell(1, 1).focus();
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowDown}");
    expect(document.activeElement).toBe(cell(2, 3));
    expect(cell(2, 3).tabIndex).toBe(0);
    await user.keyboard("{Enter}");
    expect(act).toHaveBeenCalledWith({ type: "play", cards: [0, 2], values: [2, 9], cell: [1, 2] });
  });

  it("asks for a value for a wild card before sending, then sends it", async () => {
    const { act, user } = setup({ view: wildView }); // hand W, 7, 8
    await user.click(card("W wild card"));
    await user.click(card("Card 8"));
    expect(screen.getByText("You picked a wild card and 8. Choose a number for the wild card.")).toBeTruthy();
    await user.click(cell(1, 2));
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByText("First choose a number for the wild card.")).toBeTruthy();
    const picker = screen.getByRole("group", { name: "Value for the wild card" });
    expect(within(picker).getAllByRole("button").map((b) => b.textContent)).toEqual(["2", "3", "4", "5", "6", "7", "8", "9"]);
    await user.click(within(picker).getByRole("button", { name: "7" }));
    expect(within(picker).getByRole("button", { name: "7" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("You picked 7 (wild card) and 8. Now tap the square with the answer.")).toBeTruthy();
    await user.click(cell(7, 4));
    expect(act).toHaveBeenCalledWith({ type: "play", cards: [0, 2], values: [7, 8], cell: [6, 3] });
  });

  it("offers a picker per wild card when both picks are wild", async () => {
    const view: View = { ...wildView, hand: ["W", "W", 3] };
    const { act, user } = setup({ view });
    await user.click(card(/wild card$/, 0));
    await user.click(card(/wild card$/, 1));
    const first = screen.getByRole("group", { name: "Value for the first wild card" });
    const second = screen.getByRole("group", { name: "Value for the second wild card" });
    await user.click(within(first).getByRole("button", { name: "4" }));
    await user.click(within(second).getByRole("button", { name: "9" }));
    await user.click(cell(1, 1));
    expect(act).toHaveBeenCalledWith({ type: "play", cards: [0, 1], values: [4, 9], cell: [0, 0] });
  });

  it("asks for two cards before a square is tapped", async () => {
    const { act, user } = setup();
    await user.click(card("Card 2"));
    await user.click(cell(1, 1));
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByText("First pick two cards from your hand.")).toBeTruthy();
  });

  it("discards the two picked cards and clears the picks", async () => {
    const { act, user } = setup();
    const discard = screen.getByRole("button", { name: "Swap these two" }) as HTMLButtonElement;
    expect(discard.disabled).toBe(true);
    await user.click(card("Card 9"));
    await user.click(card("Card 2"));
    expect(discard.disabled).toBe(false);
    await user.click(discard);
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ type: "discard", cards: [2, 0] });
    expect(pressed()).toHaveLength(0);
  });

  it("clears the picks when a play is accepted", async () => {
    const { user, rerender } = setup({ view: wildView });
    await user.click(card("Card 7"));
    await user.click(card("Card 8"));
    await user.click(cell(2, 1));
    expect(pressed()).toHaveLength(2); // the server has not answered with a new view yet
    rerender({ view: afterPlayView, events: afterPlayEvents });
    expect(pressed()).toHaveLength(0);
    expect(cell(2, 1).getAttribute("aria-label")).toBe("Row 2, column 1: 56, marked by Ana, last move");
  });

  it("clears the picks when the turn passes after a discard", async () => {
    const { user, rerender } = setup({ view: midView });
    await user.click(card("Card 3"));
    await user.click(card("Card 4"));
    rerender({ view: afterDiscardView, events: afterDiscardEvents });
    expect(pressed()).toHaveLength(0);
  });

  it("ignores occupied squares", async () => {
    const { act, user } = setup({ view: midView });
    await user.click(card("Card 3"));
    await user.click(card("Card 4"));
    expect(cell(2, 1).getAttribute("aria-disabled")).toBe("true");
    await user.click(cell(2, 1));
    expect(act).not.toHaveBeenCalled();
  });

  it("sends nothing when it is not the viewer's turn", async () => {
    const { act, user } = setup({ view: midViewSeat1, seat: 1 });
    expect(screen.getByText("It is Ana's turn. Please wait.")).toBeTruthy();
    const cards = within(screen.getByRole("group", { name: "Your cards" })).getAllByRole("button") as HTMLButtonElement[];
    expect(cards.every((b) => b.disabled)).toBe(true);
    await user.click(cards[0]);
    await user.click(cards[1]);
    expect(cells().every((b) => b.getAttribute("aria-disabled") === "true")).toBe(true);
    await user.click(cell(1, 1));
    cell(1, 1).focus();
    await user.keyboard("{Enter}");
    expect((screen.getByRole("button", { name: "Swap these two" }) as HTMLButtonElement).disabled).toBe(true);
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByRole("grid").getAttribute("aria-readonly")).toBe("true");
  });

  it("is read-only for a spectator", async () => {
    const { act, user } = setup({ view: midViewSpectator, seat: null });
    expect(screen.queryByRole("group", { name: "Your cards" })).toBeNull();
    expect(screen.getByText("You are watching this game.")).toBeTruthy();
    expect(cells().every((b) => b.getAttribute("aria-disabled") === "true")).toBe(true);
    await user.click(cell(1, 1));
    expect(act).not.toHaveBeenCalled();
    // both players' hand sizes are shown to a spectator
    expect(screen.getAllByText("3 cards")).toHaveLength(2);
  });

  it("is read-only when the game is over", async () => {
    const over: View = { ...midView, phase: "over", to_move: [], result: { winners: [1], reason: "target_score" } };
    const { act, user } = setup({ view: over });
    expect(screen.getByText("The game is over.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Swap these two" })).toBeNull(); // nothing left to do
    await user.click(card("Card 3"));
    await user.click(cell(1, 1));
    expect(act).not.toHaveBeenCalled();
  });

  it("highlights no square with hints off", async () => {
    const { user, container } = setup({ hints: false });
    await user.click(card("Card 5"));
    await user.click(card("Card 9"));
    expect(container.querySelectorAll(".four_in_a_row-cell--hint")).toHaveLength(0);
    expect(cells().filter((b) => b.getAttribute("aria-label")!.includes("hint"))).toHaveLength(0);
  });

  it("with hints on, lights up one square and two cards' fact, only after a wait", () => {
    vi.useFakeTimers();
    try {
      const { container } = setup({ hints: true });
      expect(container.querySelectorAll(".four_in_a_row-cell--hint")).toHaveLength(0); // the child thinks first
      reactAct(() => void vi.advanceTimersByTime(HINT_WAIT_MS));
      const hinted = [...container.querySelectorAll(".four_in_a_row-cell--hint")].map((b) => b.getAttribute("aria-label"));
      expect(hinted).toEqual(["Row 4, column 5: 10, free, hint"]); // one square, never every 10
      expect(screen.getByTestId("hint").textContent).toBe("Hint: put your 2 and 5 on 10. 2 × 5 = 10.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("with hints on, a wrong try brings the suggestion at once (plain cards before the wild one)", () => {
    const { rerender, container } = setup({ view: midView, hints: true });
    expect(container.querySelectorAll(".four_in_a_row-cell--hint")).toHaveLength(0);
    rerender({ view: mistakeView, events: mistakeEvents });
    expect(screen.getByTestId("hint").textContent).toBe("Hint: put your 3 and 4 on 12. 3 × 4 = 12.");
    expect(container.querySelectorAll(".four_in_a_row-cell--hint")).toHaveLength(1);
  });

  it("shows a gentle signal on the viewer's mistake and keeps the picks", async () => {
    const { user, rerender, container } = setup({ view: midView });
    await user.click(card("Card 3"));
    await user.click(card("Card 4"));
    await user.click(cell(1, 1));
    rerender({ view: mistakeView, events: mistakeEvents });
    expect(screen.getByRole("status").textContent).toContain("Not quite. 3 × 4 is 12, not 35. Try again!");
    const wrong = cell(1, 1);
    expect(wrong.className).toContain("four_in_a_row-cell--mistake");
    expect(wrong.getAttribute("aria-label")).toBe("Row 1, column 1: 35, free, not this one");
    expect(container.querySelectorAll(".four_in_a_row-cell--mistake")).toHaveLength(1);
    expect(pressed().map((b) => b.getAttribute("aria-label"))).toEqual(["Card 3", "Card 4"]);
  });

  it("shows no mistake signal for another seat's mistake", () => {
    const events: GameEvent[] = [{ ...mistakeEvents[0], seat: 1 }];
    const { container } = setup({ view: midView, events });
    expect(container.querySelectorAll(".four_in_a_row-cell--mistake")).toHaveLength(0);
    expect(screen.queryByText(/Not quite/)).toBeNull();
  });

  it("ignores input while an action is pending", async () => {
    let resolve: (v: { ok: true }) => void = () => {};
    const act = vi.fn<Props["act"]>(() => new Promise((r) => (resolve = r)));
    const { user } = setup({ act });
    await user.click(card("Card 5"));
    await user.click(card("Card 9"));
    await user.click(cell(1, 1));
    await user.click(cell(1, 2));
    await user.click(screen.getByRole("button", { name: "Swap these two" }));
    expect(act).toHaveBeenCalledTimes(1);
    await reactAct(async () => resolve({ ok: true }));
    await user.click(cell(1, 2));
    expect(act).toHaveBeenCalledTimes(2);
  });

  it("shows a refusal briefly in an alert", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const act = vi.fn<Props["act"]>(async () => ({ ok: false as const, code: "bad_card", message: "that card has another value" }));
      const { user } = setup({ act });
      await user.click(card("Card 5"));
      await user.click(card("Card 9"));
      await user.click(cell(1, 1));
      // The engine's words are for developers: the child reads the board's own.
      expect(screen.getByRole("alert").textContent).toBe("Pick two of your cards again.");
      await reactAct(async () => {
        vi.advanceTimersByTime(6000);
      });
      expect(screen.queryByRole("alert")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("announces the other player's move and outlines it", () => {
    const { announce, rerender } = setup({ view: afterPlayView, events: afterPlayEvents });
    expect(announce).not.toHaveBeenCalled(); // nothing new at mount
    rerender({ view: midView, events: midEvents });
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith("Ben marked 81 in row 3, column 6.");
    expect(cell(3, 6).getAttribute("aria-label")).toBe("Row 3, column 6: 81, marked by Ben, last move");
    expect(cell(3, 6).className).toContain("four_in_a_row-cell--last");
    expect(cell(2, 1).className).not.toContain("four_in_a_row-cell--last");
    // a re-render with the same view and events does not announce again
    rerender({ view: midView, events: midEvents });
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it("does not announce the viewer's own play", () => {
    const { announce, rerender } = setup({ view: wildView });
    rerender({ view: afterPlayView, events: afterPlayEvents });
    expect(announce).not.toHaveBeenCalled();
  });
});
