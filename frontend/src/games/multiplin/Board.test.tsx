import { act as flush, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameEvent, MatchMeta } from "../../protocol/messages";
import type { BoardProps } from "../types";
import { HINT_WAIT_MS } from "../hints";
import { Board } from "./Board";
import type { View } from "./view";
import { ROUND_VIEW } from "./fixtures";

const VIEW: View = ROUND_VIEW;

// After seat 0 solved (8 on slot 6): seat 0 is no longer in to_move.
const SOLVED_VIEW: View = { ...VIEW, to_move: [1], deadline_ms: 1700000004400, passed: [1], solvers: [0] };

// After the tick that settled round 1: a new card (49), slot 6 refilled with a 3.
const ROUND2_VIEW: View = {
  ...VIEW,
  deadline_ms: 1700000009500,
  mistakes: [1, 0],
  hand: [10, 8, 5, 9],
  hand_sizes: [4, 5],
  table: [5, 2, 3, 5, 8, 10, 3, 4],
  product: 49,
  round: 2,
  dealer: 0,
  factor_deck_count: 23,
};
const ROUND2_EVENTS: GameEvent[] = [
  { type: "round_won", round: 1, product: 32, winners: [0], hand_cards: [8], table_slots: [6], table_cards: [4], at_ms: 1700000004500 },
  { type: "round_started", round: 2, dealer: 0, product: 49, at_ms: 1700000004500 },
];

// The game over, seen by seat 0 (seat 1 emptied their hand).
const OVER_VIEW: View = {
  ...VIEW,
  phase: "over",
  to_move: [],
  deadline_ms: null,
  result: { winners: [1], reason: "empty_hand" },
  hand: [8],
  hand_sizes: [1, 0],
  table: [1, 9, 4, 9, 4, 4, 10, 1],
  product: null,
  round: 1,
  dealer: 1,
  factor_deck_count: 31,
  product_deck_count: 55,
};

const MATCH: MatchMeta = {
  id: 7,
  game: "multiplin",
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
  const act = vi.fn<Props["act"]>().mockResolvedValue({ ok: true });
  const announce = vi.fn<Props["announce"]>();
  const props: Props = {
    view: VIEW,
    match: MATCH,
    seat: 0,
    hints: false,
    events: [],
    clockOffsetMs: 0,
    act,
    announce,
    ...over,
  };
  const utils = render(<Board {...props} />);
  const rerender = (next: Partial<Props>) => utils.rerender(<Board {...props} {...next} />);
  return { ...utils, act: props.act as typeof act, announce: props.announce as typeof announce, props, rerender };
}

const tableCard = (row: number, col: number) => screen.getByRole("button", { name: new RegExp(`^Table row ${row}, column ${col}:`) });
const handCard = (n: number) => screen.getByRole("button", { name: new RegExp(`^Your card ${n}:`) });
const passButton = () => screen.getByRole("button", { name: /^(Pass|You passed)/ });
const allCards = () => screen.getAllByRole("button", { name: /^(Table row|Your card)/ });

afterEach(() => {
  vi.useRealTimers();
});

describe("Multiplin board: what it shows", () => {
  it("shows the product, round, table, hand and the other hands (no dealer: a child has nothing to do with one)", () => {
    setup();
    expect(screen.getByText("32")).toBeTruthy();
    expect(screen.getByText(/Round 1/).textContent).toBe("Round 1");
    expect(screen.queryByText(/Dealer/)).toBeNull();
    expect(tableCard(1, 1).getAttribute("aria-label")).toBe("Table row 1, column 1: 5");
    expect(tableCard(2, 4).getAttribute("aria-label")).toBe("Table row 2, column 4: 4");
    expect(screen.getAllByRole("button", { name: /^Table row/ })).toHaveLength(8);
    expect(screen.getAllByRole("button", { name: /^Your card/ }).map((b) => b.textContent)).toEqual(["8", "10", "8", "5", "9"]);
    const players = screen.getByRole("list", { name: "Players" });
    expect(players.textContent).toMatch(/Ana \(you\)5 cards/);
    expect(players.textContent).toMatch(/Ben5 cards$/);
  });

  it("its headings come right under the match page's h1 (heading order, as axe-core checks it)", () => {
    setup();
    expect(screen.getAllByRole("heading").map((h) => h.tagName)).toEqual(["H2", "H2"]);
    expect(screen.getByRole("heading", { level: 2, name: "Table" })).toBeTruthy();
  });

  it("shows who passed and who solved", () => {
    setup({ view: { ...VIEW, passed: [1], solvers: [] } });
    expect(screen.getByRole("list", { name: "Players" }).textContent).toMatch(/Ben5 cardsPassed/);
  });

  it("every button has a label", () => {
    setup();
    for (const button of screen.getAllByRole("button")) expect(button.getAttribute("aria-label")).toBeTruthy();
  });
});

describe("Multiplin board: solving", () => {
  it("hand card then table card sends exactly the solve action", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    await user.click(handCard(3));
    expect(handCard(3).getAttribute("aria-pressed")).toBe("true");
    expect(act).not.toHaveBeenCalled();
    await user.click(tableCard(2, 3));
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 2, table: 6 });
  });

  it("table card then hand card works too", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    await user.click(tableCard(1, 2));
    await user.click(handCard(5));
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 4, table: 1 });
  });

  it("a wrong pair is still sent: the server judges, not the board", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    await user.click(handCard(1));
    await user.click(tableCard(1, 1)); // 8 x 5 is not 32
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 0, table: 0 });
  });

  it("tapping the picked card again unpicks it; another card switches", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    await user.click(handCard(1));
    await user.click(handCard(1));
    expect(handCard(1).getAttribute("aria-pressed")).toBe("false");
    await user.click(handCard(2));
    expect(handCard(2).getAttribute("aria-pressed")).toBe("true");
    await user.click(tableCard(1, 3));
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 1, table: 2 });
  });

  it("is fully keyboard operable: arrows move focus, Enter and Space press", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    handCard(1).focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(handCard(2));
    await user.keyboard("{Enter}");
    expect(handCard(2).getAttribute("aria-pressed")).toBe("true");
    tableCard(1, 1).focus();
    await user.keyboard("{ArrowDown}{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(tableCard(2, 3));
    await user.keyboard(" ");
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 1, table: 6 });
  });

  it("the table and the hand are one Tab stop each (roving tabindex), at the card last focused", async () => {
    const user = userEvent.setup();
    setup();
    const tabbable = () => allCards().filter((b) => b.tabIndex === 0);
    expect(tabbable()).toEqual([tableCard(1, 1), handCard(1)]);
    tableCard(1, 1).focus();
    await user.keyboard("{ArrowRight}");
    expect(tabbable()).toEqual([tableCard(1, 2), handCard(1)]);
    await user.tab();
    expect(document.activeElement).toBe(handCard(1));
  });

  it("Escape clears the pick", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(handCard(1));
    await user.keyboard("{Escape}");
    expect(handCard(1).getAttribute("aria-pressed")).toBe("false");
  });

  it("an empty table slot is not clickable", async () => {
    const user = userEvent.setup();
    const { act } = setup({ view: { ...VIEW, table: [null, 2, 3, 5, 8, 10, 4, 4] } });
    const empty = tableCard(1, 1);
    expect(empty.getAttribute("aria-label")).toBe("Table row 1, column 1: empty");
    expect(empty.getAttribute("aria-disabled")).toBe("true");
    await user.click(handCard(1));
    await user.click(empty);
    expect(act).not.toHaveBeenCalled();
  });

  it("ignores input while a call is pending (no double submits)", async () => {
    const user = userEvent.setup();
    const act = vi.fn<Props["act"]>(() => new Promise(() => {}));
    setup({ act });
    await user.click(handCard(1));
    await user.click(tableCard(2, 3));
    await user.click(handCard(3));
    await user.click(tableCard(2, 4));
    await user.click(passButton());
    expect(act).toHaveBeenCalledTimes(1);
  });

  it("shows a refusal briefly in an alert", async () => {
    const user = userEvent.setup();
    const act = vi.fn<Props["act"]>().mockResolvedValue({ ok: false, code: "stale_round", message: "round 1 is over" });
    setup({ act });
    await user.click(handCard(1));
    await user.click(tableCard(2, 3));
    expect((await screen.findByRole("alert")).textContent).toMatch(/that card is gone/);
  });
});

describe("Multiplin board: passing", () => {
  it("Pass sends exactly the pass action", async () => {
    const user = userEvent.setup();
    const { act } = setup();
    await user.click(passButton());
    expect(act).toHaveBeenCalledWith({ type: "pass", round: 1 });
  });

  it("after passing, the button says so and the player may still solve", async () => {
    const user = userEvent.setup();
    const { act } = setup({ view: { ...VIEW, passed: [0] } });
    expect(passButton().textContent).toBe("Passed");
    await user.click(passButton());
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByText("You passed. You can still answer!")).toBeTruthy();
    await user.click(handCard(1));
    await user.click(tableCard(2, 4));
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 0, table: 7 });
  });
});

describe("Multiplin board: read-only", () => {
  async function tryEverything(user: ReturnType<typeof userEvent.setup>) {
    const cards = allCards();
    // Every order: table then hand, hand then table, and Pass.
    for (const card of [...cards].reverse()) await user.click(card);
    for (const card of cards) await user.click(card);
    for (const card of cards) expect(card.getAttribute("aria-pressed")).not.toBe("true");
    const pass = screen.queryByRole("button", { name: /^(Pass|You passed)/ });
    if (pass) await user.click(pass);
  }

  it("after the viewer solved: a friendly wait and no input", async () => {
    const user = userEvent.setup();
    const { act } = setup({ view: SOLVED_VIEW });
    expect(screen.getByText("You got it! Wait for the round to end.")).toBeTruthy();
    for (const card of allCards()) expect(card.getAttribute("aria-disabled")).toBe("true");
    expect(passButton().getAttribute("aria-disabled")).toBe("true");
    await tryEverything(user);
    expect(act).not.toHaveBeenCalled();
  });

  it("a spectator sees the table and no hand, and sends nothing", async () => {
    const user = userEvent.setup();
    const { act } = setup({ seat: null, view: { ...VIEW, seat: null, hand: null } });
    expect(screen.getByText("You are watching this game.")).toBeTruthy();
    expect(screen.queryAllByRole("button", { name: /^Your card/ })).toHaveLength(0);
    for (const card of allCards()) expect(card.getAttribute("aria-disabled")).toBe("true");
    await tryEverything(user);
    expect(act).not.toHaveBeenCalled();
  });

  it("the game over is read-only", async () => {
    const user = userEvent.setup();
    const { act } = setup({ view: OVER_VIEW });
    expect(screen.getByText("No card")).toBeTruthy();
    await tryEverything(user);
    expect(act).not.toHaveBeenCalled();
  });
});

describe("Multiplin board: hints", () => {
  const hinted = () => document.querySelectorAll(".multiplin-card--hint");

  it("highlights nothing with hints off", async () => {
    const user = userEvent.setup();
    setup({ hints: false });
    await user.click(handCard(1));
    expect(hinted()).toHaveLength(0);
    expect(screen.queryAllByRole("button", { name: /hint/ })).toHaveLength(0);
  });

  it("with hints on, lights up one hand card and one table card with the fact, only after a wait", () => {
    vi.useFakeTimers();
    try {
      setup({ hints: true });
      expect(hinted()).toHaveLength(0); // the child looks first
      flush(() => void vi.advanceTimersByTime(HINT_WAIT_MS));
      expect(screen.getAllByRole("button", { name: /hint/ }).map((b) => b.getAttribute("aria-label"))).toEqual([
        "Table row 2, column 3: 4, hint: this one works",
        "Your card 1: 8, hint: this one works",
      ]); // one pair, never every card that works
      expect(screen.getByTestId("hint").textContent).toBe("Hint: use your 8 and the 4 on the table. 8 × 4 = 32.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("picking a card shows no hint by itself", async () => {
    const user = userEvent.setup();
    setup({ hints: true });
    await user.click(handCard(1));
    expect(hinted()).toHaveLength(0);
  });
});

describe("Multiplin board: mistakes and the lock-out", () => {
  const NOW = 1700000002000;
  const LOCKED_VIEW: View = { ...VIEW, mistakes: [1, 0], locked_until_ms: [NOW + 1500, null] };
  const MISTAKE: GameEvent[] = [{ type: "mistake", seat: 0, round: 1, locked_until_ms: NOW + 1500 }];

  it("a mistake shows a gentle signal on the claimed cards with the numbers", async () => {
    const user = userEvent.setup();
    const { rerender, announce } = setup();
    await user.click(handCard(1));
    await user.click(tableCard(1, 1)); // 8 x 5
    rerender({ view: LOCKED_VIEW, events: MISTAKE });
    expect(screen.getByText("Not quite. 8 × 5 is 40, not 32. Try again!")).toBeTruthy();
    expect(tableCard(1, 1).className).toMatch(/multiplin-card--oops/);
    expect(handCard(1).className).toMatch(/multiplin-card--oops/);
    expect(announce).toHaveBeenCalledWith("Not quite. 8 × 5 is 40, not 32. Try again!");
    expect(screen.queryByText(/^\s*(✗|×)\s*$/)).toBeNull(); // no cross mark: the sentence says it kindly
  });

  it("a mistake event without a known claim gives a general sentence", () => {
    setup({ view: LOCKED_VIEW, events: MISTAKE });
    expect(screen.getByText("Not quite! Look again and try another pair.")).toBeTruthy();
  });

  it("another player's mistake shows nothing", () => {
    setup({ events: [{ type: "mistake", seat: 1, round: 1, locked_until_ms: NOW + 1500 }] });
    expect(screen.queryByText(/Not quite/)).toBeNull();
  });

  it("locks the solve buttons with a countdown, keeps Pass, and unlocks on time", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW - 5000); // the client clock is 5 s behind the server
    const act = vi.fn<Props["act"]>().mockResolvedValue({ ok: true });
    setup({ view: LOCKED_VIEW, events: MISTAKE, clockOffsetMs: 5000, act });
    expect(screen.getByText("Wait 1.5 seconds.")).toBeTruthy();
    expect(handCard(1).getAttribute("aria-disabled")).toBe("true");
    expect(tableCard(2, 3).getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(handCard(1));
    fireEvent.click(tableCard(2, 3));
    expect(act).not.toHaveBeenCalled();
    expect(passButton().getAttribute("aria-disabled")).toBeNull();

    flush(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText("Wait 0.5 seconds.")).toBeTruthy();
    flush(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByText(/^Wait/)).toBeNull();
    expect(vi.getTimerCount()).toBe(0); // the countdown interval is cleaned up
    fireEvent.click(handCard(1));
    fireEvent.click(tableCard(2, 3));
    expect(act).toHaveBeenCalledWith({ type: "solve", round: 1, hand: 0, table: 6 });
  });

  it("cleans up the countdown timer when the board goes away", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const { unmount } = setup({ view: LOCKED_VIEW });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("pass is allowed while locked out", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const act = vi.fn<Props["act"]>().mockResolvedValue({ ok: true });
    setup({ view: LOCKED_VIEW, act });
    fireEvent.click(passButton());
    expect(act).toHaveBeenCalledWith({ type: "pass", round: 1 });
  });
});

describe("Multiplin board: news and the last move", () => {
  it("announces another player's solve", () => {
    const { rerender, announce } = setup();
    rerender({ view: { ...VIEW, to_move: [0], solvers: [1] }, events: [{ type: "solved", seat: 1, round: 1, hand: 0, table: 6, tie: false }] });
    expect(announce).toHaveBeenCalledWith("Ben got it!");
    expect(tableCard(2, 3).getAttribute("aria-label")).toBe("Table row 2, column 3: 4, used by Ben");
    expect(tableCard(2, 3).className).toMatch(/multiplin-card--last/);
    expect(screen.getByRole("list", { name: "Players" }).textContent).toMatch(/Got it!/);
  });

  it("announces the round winner and the new card, and marks the refilled slot", () => {
    const { rerender, announce } = setup({ view: SOLVED_VIEW });
    rerender({ view: ROUND2_VIEW, events: ROUND2_EVENTS });
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith("You win the round! 8 × 4 = 32. New card: 49.");
    expect(screen.getByText("You win the round! 8 × 4 = 32. New card: 49.")).toBeTruthy();
    expect(screen.getByText("49")).toBeTruthy();
    expect(tableCard(2, 3).getAttribute("aria-label")).toBe("Table row 2, column 3: 3, new card");
  });

  it("does not announce the same batch twice on a re-render", () => {
    const { rerender, announce } = setup({ view: ROUND2_VIEW, events: ROUND2_EVENTS });
    rerender({ view: ROUND2_VIEW, events: ROUND2_EVENTS, hints: true, match: { ...MATCH } });
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it("names the winner from the match seats", () => {
    const events: GameEvent[] = [{ ...ROUND2_EVENTS[0], winners: [1] }, ROUND2_EVENTS[1]];
    const { announce } = setup({ view: ROUND2_VIEW, events });
    expect(announce).toHaveBeenCalledWith("Ben wins the round! 8 × 4 = 32. New card: 49.");
  });

  it("a new round clears the pick", async () => {
    const user = userEvent.setup();
    const { rerender, act } = setup();
    await user.click(handCard(1));
    rerender({ view: ROUND2_VIEW, events: ROUND2_EVENTS });
    await user.click(tableCard(1, 1));
    expect(act).not.toHaveBeenCalled();
  });
});
