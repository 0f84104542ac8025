import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Me } from "../../api/types";
import { stepsFor } from "../../games/howToPlay/steps";
import { settingsInWords } from "../../games/settings";
import { GLOSSARY, STEPS } from "../../games/howToPlay/words";
import type { GameSlug } from "../../protocol/messages";
import { json, mockFetch } from "../../test/fetchMock";
import { GAMES, gameOf } from "../../test/games";
import { render } from "../../test/render";
import { RulesButton } from "./RulesButton";

const auth = vi.hoisted(() => ({ me: null as Me | null }));
vi.mock("../../auth", () => ({ useAuth: () => ({ me: auth.me }) }));

const STUDENT = { id: 7, role: "student", name: "Ana L.", email: null, classroom: null, avatar: null } as Me;
const CLASSMATE = { ...STUDENT, id: 8, name: "Ben K." } as Me;
const TEACHER = { id: 1, role: "teacher", name: "Ms Lee", email: "lee@example.com", classroom: null, avatar: null } as Me;

beforeEach(() => {
  auth.me = STUDENT;
  window.localStorage.clear();
  mockFetch({ "GET /api/games/": () => json(200, GAMES) });
});

async function openRules(game: GameSlug, props: Partial<Parameters<typeof RulesButton>[0]> = {}) {
  const user = userEvent.setup();
  render(<RulesButton game={game} {...props} />);
  await user.click(screen.getByRole("button", { name: "How to play" }));
  // The title is the one the games endpoint serves.
  const dialog = await screen.findByRole("dialog", { name: `How to play ${gameOf(game).title}` });
  return { user, dialog };
}

const sentence = () => screen.getByTestId("howto-sentence").textContent;
const picture = () => screen.getByTestId("howto-picture");
/** Waits for the lazily loaded board pieces inside the picture. */
const boardPieces = async () => {
  await vi.waitFor(() => expect(picture().querySelectorAll("button").length).toBeGreaterThan(0));
  return picture();
};

/** Every list item of text is whole: it ends a sentence (no line-broken bullet), and no "*"
 * anywhere. (The board pieces in the picture have lists of their own: players, not rules.) */
function expectNoBrokenBullets(dialog: HTMLElement) {
  expect(dialog.textContent).not.toContain("*");
  for (const li of within(dialog).queryAllByRole("listitem").filter((el) => !el.closest('[role="img"]'))) {
    const text = (li.textContent ?? "").trim();
    expect(text, `list item "${text}"`).toMatch(/[.!?)]$/);
    expect(text).not.toContain("\n");
  }
}

describe("How to play: steps, not line-broken bullets", () => {
  it.each(Object.keys(STEPS) as GameSlug[])("%s: step 1 of N with its sentence and a board picture; Next and Back", async (game) => {
    const { user, dialog } = await openRules(game);
    const steps = stepsFor(game, null);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(within(dialog).getByText(`Step 1 of ${steps.length}`)).toBeTruthy();
    expect(sentence()).toBe(steps[0]!.text);
    // The picture is the game's own board pieces, inert, named by the sentence.
    expect(within(dialog).getByRole("img", { name: steps[0]!.text })).toBe(picture());
    const pieces = await boardPieces();
    expect(pieces.querySelector("[inert]")).toBeTruthy();
    expect(pieces.querySelector("[data-howto-mark]")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByText(`Step 2 of ${steps.length}`)).toBeTruthy();
    expect(sentence()).toBe(steps[1]!.text);
    expect(picture().getAttribute("aria-label")).toBe(steps[1]!.text);

    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(within(dialog).getByText(`Step 1 of ${steps.length}`)).toBeTruthy();
    expect(sentence()).toBe(steps[0]!.text);

    // Back on the first step and Next on the last do nothing (they stay, so the focus stays).
    expect(within(dialog).getByRole("button", { name: "Back" }).getAttribute("aria-disabled")).toBe("true");
    for (let i = 1; i < steps.length; i++) await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(sentence()).toBe(steps.at(-1)!.text);
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(sentence()).toBe(steps.at(-1)!.text);

    expectNoBrokenBullets(dialog);
    // The adults' rules are the teacher's only.
    expect(within(dialog).queryByText("Full rules (for adults)")).toBeNull();
    expect(dialog.textContent).not.toMatch(/House rule/);
  });

  it("the sentence is in a live region, so a screen reader hears each new step", async () => {
    const { user, dialog } = await openRules("four_in_a_row");
    const live = screen.getByTestId("howto-sentence").closest("[aria-live]");
    expect(live?.getAttribute("aria-live")).toBe("polite");
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(live?.textContent).toContain(STEPS.four_in_a_row[1]!.text);
  });

  it("shows a glossary entry where a game term is used", async () => {
    const { user, dialog } = await openRules("fultiples");
    expect(within(dialog).queryByRole("definition")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    const terms = within(dialog).getAllByRole("definition").map((dd) => dd.textContent);
    expect(terms).toEqual([GLOSSARY.factor, GLOSSARY.multiple]);
  });

  it("a computer-filled Stepping grid leaves out the writing step; the tokens to win follow the match", async () => {
    const { dialog } = await openRules("stepping_divisors", { settings: { random_fill: true, size: 6 } });
    expect(within(dialog).getByText("Step 1 of 4")).toBeTruthy();
    expect(sentence()).toBe("The first player writes a little 1 beside any number.");
    expect(within(dialog).getByRole("region", { name: "In this match" }).textContent).toContain("The grid is 6 by 6.");
  });

  it("keeps In this match: the match's settings in words", async () => {
    const settings = { rows: 6, cols: 6, level: "beginner", time_limit_s: 20, strict: true };
    const { dialog } = await openRules("fultiples", { settings });
    const region = await within(dialog).findByRole("region", { name: "In this match" });
    const lines = settingsInWords(gameOf("fultiples"), settings);
    expect(lines.length).toBeGreaterThan(3);
    expect(within(region).getAllByRole("listitem").map((li) => li.textContent)).toEqual(lines);
  });

  it("a teacher finds the full rules, folded, as paragraphs and real list items", async () => {
    auth.me = TEACHER;
    const { user, dialog } = await openRules("four_in_a_row");
    const summary = await within(dialog).findByText("Full rules (for adults)");
    const details = summary.closest("details")!;
    expect(details.open).toBe(false);
    await user.click(summary);
    const items = within(details).getAllByRole("listitem").map((li) => li.textContent ?? "");
    expect(items[0]).toMatch(/^Play: pick two of your cards, multiply them, and put your marker on a free square that shows the answer\./);
    expect(items).toHaveLength(6);
    expect(details.querySelectorAll("p").length).toBeGreaterThan(5);
    expectNoBrokenBullets(dialog);
  });

  it.each(GAMES.map((g) => g.slug as GameSlug))("%s: the full rules never break a sentence over list items", async (game) => {
    auth.me = TEACHER;
    const { dialog } = await openRules(game);
    await within(dialog).findByText("Full rules (for adults)");
    expectNoBrokenBullets(dialog);
    for (const p of dialog.querySelectorAll("details p")) expect(p.textContent).not.toContain("\n");
  });
});

describe("Show me", () => {
  it("plays the first move on the practice board and says why it was right", async () => {
    const { user, dialog } = await openRules("fultiples");
    const step = STEPS.fultiples[1]!;
    expect(within(dialog).queryByRole("button", { name: "Show me" })).toBeNull(); // only on the move's step
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await boardPieces();
    const four = () => picture().querySelector<HTMLButtonElement>('button[aria-label^="Row 2, column 1:"]')!;
    expect(four().getAttribute("aria-label")).toBe("Row 2, column 1: 4, free");

    await user.click(within(dialog).getByRole("button", { name: "Show me" }));
    expect(sentence()).toBe(step.after);
    expect(picture().getAttribute("aria-label")).toBe(step.after);
    expect(four().getAttribute("aria-label")).toMatch(/^Row 2, column 1: 4, marked by You, last number/);
    expect(four().hasAttribute("data-howto-mark")).toBe(true);
    expect(picture().className).toContain("howto-pic--play"); // motion allowed: it pops in

    await user.click(within(dialog).getByRole("button", { name: "Start over" }));
    expect(sentence()).toBe(step.text);
    expect(four().getAttribute("aria-label")).toBe("Row 2, column 1: 4, free");
  });

  it("does not animate when the device asks for less motion", async () => {
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce"), media: q, addEventListener() {}, removeEventListener() {} }));
    const { user, dialog } = await openRules("four_in_a_row");
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await boardPieces();
    await user.click(within(dialog).getByRole("button", { name: "Show me" }));
    expect(sentence()).toBe(STEPS.four_in_a_row[1]!.after);
    expect(picture().querySelector('[data-cell="1-1"] .four_in_a_row-marker--seat0')).toBeTruthy();
    expect(picture().className).not.toContain("howto-pic--play");
  });

  it.each(["four_in_a_row", "multiplin", "stepping_divisors"] as GameSlug[])("%s: Show me changes the picture", async (game) => {
    const { user, dialog } = await openRules(game);
    const index = STEPS[game].findIndex((s) => s.after);
    for (let i = 0; i < stepsFor(game, null).findIndex((s) => s.after); i++) await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await boardPieces();
    const before = picture().innerHTML;
    await user.click(within(dialog).getByRole("button", { name: "Show me" }));
    expect(sentence()).toBe(STEPS[game][index]!.after);
    expect(picture().innerHTML).not.toBe(before);
  });
});

describe("Read to me", () => {
  let speak: ReturnType<typeof vi.fn>;
  let cancel: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    speak = vi.fn();
    cancel = vi.fn();
    vi.stubGlobal("speechSynthesis", { speak, cancel });
    vi.stubGlobal(
      "SpeechSynthesisUtterance",
      class {
        text: string;
        lang = "";
        rate = 1;
        constructor(text: string) {
          this.text = text;
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const spoken = () => speak.mock.calls.map(([u]) => (u as { text: string }).text);

  it("is off by default, speaks each step while on, and is remembered for this child only", async () => {
    const { user, dialog } = await openRules("multiplin");
    const toggle = within(dialog).getByRole("button", { name: "Read to me" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(speak).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(spoken()).toEqual([STEPS.multiplin[1]!.text]);
    expect(window.localStorage.getItem("mpg.readAloud.7")).toBe("on");

    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(spoken().at(-1)).toBe(STEPS.multiplin[2]!.text);
    await user.click(within(dialog).getByRole("button", { name: "Show me" }));
    expect(spoken().at(-1)).toBe(STEPS.multiplin[2]!.after);
    // The text is always on the screen too.
    expect(sentence()).toBe(STEPS.multiplin[2]!.after);

    // Closing stops the voice; opening again remembers the choice and reads step 1.
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(cancel).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "How to play" }));
    expect(screen.getByRole("button", { name: "Read to me" }).getAttribute("aria-pressed")).toBe("true");
    expect(spoken().at(-1)).toBe(STEPS.multiplin[0]!.text);

    // Turned off: nothing more is said.
    await user.click(screen.getByRole("button", { name: "Read to me" }));
    const count = speak.mock.calls.length;
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(speak.mock.calls.length).toBe(count);
    expect(window.localStorage.getItem("mpg.readAloud.7")).toBeNull();
  });

  it("another child on the same tablet starts with it off", async () => {
    window.localStorage.setItem("mpg.readAloud.7", "on");
    auth.me = CLASSMATE;
    const { dialog } = await openRules("fultiples");
    expect(within(dialog).getByRole("button", { name: "Read to me" }).getAttribute("aria-pressed")).toBe("false");
    expect(speak).not.toHaveBeenCalled();
  });

  it("is hidden when the browser cannot speak", async () => {
    vi.unstubAllGlobals();
    mockFetch({ "GET /api/games/": () => json(200, GAMES) });
    const { dialog } = await openRules("fultiples");
    expect("speechSynthesis" in window).toBe(false);
    expect(within(dialog).queryByRole("button", { name: "Read to me" })).toBeNull();
  });
});
