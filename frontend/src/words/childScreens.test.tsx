// Every word a child reads, at a seven-year-old's reading level (issue 31): each child screen is
// rendered in realistic states (the four boards at the start, mid-game, after a mistake with a hint,
// and game over; the lobby; the game-over panel with practised facts; the student home), every
// visible text and aria-label is collected, and words/readability.ts `problems` must find nothing.
// Branches rendering cannot reach are checked through the pure word functions directly.
//
// No glossary term (factor, multiple, goes into) is allowed on these screens: the boards say it in
// times-table words ("12, 18 and 24 are in the 6 times table."), so none needs a glossary line.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act as reactAct, cleanup, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { render } from "../test/render";
import { json, mockFetch } from "../test/fetchMock";
import { GAMES, gameOf } from "../test/games";
import { AuthProvider } from "../auth";
import type { Me, MyAssignment } from "../api/types";
import type { BaseView, GameEvent, MatchMeta, MatchResult } from "../protocol/messages";
import type { BoardProps } from "../games/types";
import { problems } from "./readability";

import { Board as FultiplesBoard } from "../games/fultiples/Board";
import * as fu from "../games/fultiples/fixtures";
import { errorText as fultiplesRefusal, instruction, mistakeText as fultiplesMistake, primesWords, type MistakeEvent, type View as FultiplesView } from "../games/fultiples/view";
import { Board as FourBoard } from "../games/four_in_a_row/Board";
import * as fr from "../games/four_in_a_row/fixtures";
import { describeChange, hintSuggestion as fourHint, mistakeText as fourMistake, pickedWords, refusalText as fourRefusal, type View as FourView } from "../games/four_in_a_row/view";
import { Board as MultiplinBoard } from "../games/multiplin/Board";
import { ROUND_VIEW } from "../games/multiplin/fixtures";
import { eventMessages, formatWait, mistakeText as multiplinMistake, refusalText as multiplinRefusal, unsolvableWords, type View as MultiplinView } from "../games/multiplin/view";
import { Board as SteppingBoard } from "../games/stepping_divisors/Board";
import * as sd from "../games/stepping_divisors/fixtures";
import { cellLabel as steppingCellLabel, costExplanation, describeEvents, friendlyError, mistakeSentence, type View as SteppingView } from "../games/stepping_divisors/view";
import { mistakesInWords, refusalInWords, resultInWords, timeUpInWords, turnInWords, wrongAnswerWords } from "../games/words";
import { focusWords, settingsInWords } from "../games/settings";
import { factWords, hintsInWords } from "../games/hints";
import { practisedSentences, starsFor } from "../fx/stars";
import { Celebration, type CelebrationKind } from "../fx/Celebration";
import { Lobby } from "../pages/play/Lobby";
import { GameOver } from "../pages/play/GameOver";
import { ConnectionBadge } from "../pages/play/ConnectionBadge";
import { StandInNote, TakeoverBanner } from "../pages/play/TakeoverBanner";
import { StudentHome } from "../pages/student/Home";
import { ProgressPage } from "../pages/student/Progress";
import { StickerBookPage } from "../pages/student/Stickers";

// ------------------------------------------------------------------ collecting the words

/** The visible texts of a screen: each element holding text of its own, read with its inline
 * children ("Last number: <strong>18</strong>. Tap …" is one text), plus every aria-label. */
export function screenTexts(root: HTMLElement): string[] {
  const out: string[] = [];
  const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "");
  const walk = (el: Element, inside: boolean) => {
    const mine = !inside && ownText(el);
    if (mine) out.push(el.textContent!.replace(/\s+/g, " ").trim());
    const label = el.getAttribute("aria-label");
    if (label) out.push(label);
    for (const child of el.children) walk(child, inside || mine);
  };
  walk(root, false);
  return out.filter(Boolean);
}

/** Every problem of a screen's texts, each naming the screen and the text. */
function check(screenName: string, texts: string[]): string[] {
  // A game's name is a name, not a word to read ("Stepping By Divisors" is what the class calls it).
  const unnamed = (t: string) => t.replaceAll("Stepping By Divisors", "Stepping");
  return texts.flatMap((t) => problems(unnamed(t)).map((p) => `${screenName}: ${p}`));
}

function expectReadable(screenName: string, root: HTMLElement = document.body) {
  expect(check(screenName, screenTexts(root))).toEqual([]);
}

function expectAllReadable(where: string, texts: (string | null | undefined)[]) {
  expect(check(where, texts.filter((t): t is string => !!t))).toEqual([]);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// ------------------------------------------------------------------ the boards

const seats = (game: MatchMeta["game"]): MatchMeta => ({
  id: 7,
  game,
  kind: "quick",
  status: "active",
  players: 2,
  host_user_id: 1,
  hints: true,
  assignment_id: 3,
  result: null,
  seats: [
    { index: 0, name: "Ana", user_id: 1, bot: null, taken_over: false },
    { index: 1, name: "Ben", user_id: 2, bot: null, taken_over: false },
  ],
});

interface BoardState<V> {
  name: string;
  view: V;
  events?: GameEvent[];
  seat?: number | null;
  /** A later state on the same board (a mistake after a calm view brings the hint at once). */
  then?: { view: V; events: GameEvent[] };
}

function renderBoard<V extends BaseView>(Board: ComponentType<BoardProps<V>>, match: MatchMeta, s: BoardState<V>) {
  const props: BoardProps<V> = {
    view: s.view,
    match,
    seat: s.seat === undefined ? 0 : s.seat,
    hints: true,
    events: s.events ?? [],
    clockOffsetMs: 0,
    act: async () => ({ ok: true }),
    announce: () => undefined,
  };
  const { rerender } = render(<Board {...props} />);
  if (s.then) rerender(<Board {...props} view={s.then.view} events={s.then.events} />);
}

const MULTIPLIN_VIEW: MultiplinView = { ...ROUND_VIEW, deadline_ms: null };

describe("the boards read at a seven-year-old's level", () => {
  const fultiples: BoardState<FultiplesView>[] = [
    { name: "start (dice)", view: fu.startView },
    { name: "mid-game, my turn", view: fu.midView, events: fu.midEvents },
    { name: "mid-game, the other's turn", view: fu.midSeat1View, events: fu.midEvents, seat: 1 },
    { name: "nothing fits: free start", view: fu.freeMidView, events: fu.freeEvents, seat: 1 },
    { name: "after a mistake, with the hint", view: fu.midView, then: { view: fu.afterMistakeView, events: fu.mistakeEvents } },
    { name: "game over", view: fu.overView, events: fu.overEvents, seat: 1 },
  ];
  it.each(fultiples)("Fultiples: $name", (s) => {
    renderBoard(FultiplesBoard, seats("fultiples"), s);
    if (s.then) expect(screen.getByTestId("hint").textContent).toMatch(/^Hint:/);
    if (s.then) expect(screen.getByTestId("fultiples-mistake").textContent).toMatch(/^Not quite/);
    expectReadable(`Fultiples board (${s.name})`);
  });

  const fourOver: FourView = { ...fr.midView, phase: "over", to_move: [], result: { winners: [1], reason: "target_score" }, scores: [1, 3] };
  const four: BoardState<FourView>[] = [
    { name: "start", view: fr.freshView },
    { name: "a wild card in the hand", view: fr.wildView },
    { name: "mid-game", view: fr.midView, events: fr.midEvents },
    { name: "the other's turn, after a swap", view: fr.afterDiscardView, events: fr.afterDiscardEvents },
    { name: "after a mistake, with the hint", view: fr.midView, then: { view: fr.mistakeView, events: fr.mistakeEvents } },
    { name: "game over", view: fourOver, events: [{ type: "score", seat: 1, tokens: 1 }] },
  ];
  it.each(four)("Four-in-a-Row: $name", (s) => {
    renderBoard(FourBoard, seats("four_in_a_row"), s);
    if (s.then) expect(screen.getByTestId("hint").textContent).toMatch(/^Hint:/);
    expectReadable(`Four-in-a-Row board (${s.name})`);
  });

  const mistake: GameEvent[] = [{ type: "mistake", seat: 0, round: 1, a: 8, b: 5, answer: 32 }];
  const multiplin: BoardState<MultiplinView>[] = [
    { name: "start", view: MULTIPLIN_VIEW, events: [{ type: "round_started", round: 1, dealer: 1, product: 32 }] },
    {
      name: "mid-game, a round won",
      view: { ...MULTIPLIN_VIEW, round: 2, product: 49, hand: [10, 8, 5, 9], hand_sizes: [4, 5] },
      events: [
        { type: "solved", seat: 0, round: 1, hand: 0, table: 6 },
        { type: "round_won", round: 1, winners: [0], product: 32, hand_cards: [8], table_slots: [6] },
        { type: "round_started", round: 2, dealer: 0, product: 49 },
      ],
    },
    { name: "solved, waiting", view: { ...MULTIPLIN_VIEW, solvers: [0], passed: [1], to_move: [1] } },
    { name: "nobody can make it", view: { ...MULTIPLIN_VIEW, product: 81, unsolvable: true } },
    { name: "after a mistake, with the hint", view: MULTIPLIN_VIEW, then: { view: { ...MULTIPLIN_VIEW, mistakes: [1, 0] }, events: mistake } },
    {
      name: "game over",
      view: { ...MULTIPLIN_VIEW, phase: "over", to_move: [], result: { winners: [1], reason: "empty_hand" }, hand: [8], hand_sizes: [1, 0], product: null },
    },
  ];
  it.each(multiplin)("Multiplin: $name", (s) => {
    renderBoard(MultiplinBoard, seats("multiplin"), s);
    if (s.then) expect(screen.getByTestId("hint").textContent).toMatch(/^Hint:/);
    expectReadable(`Multiplin board (${s.name})`);
  });

  const stepping: BoardState<SteppingView>[] = [
    { name: "start: placing the numbers", view: sd.PLACE_VIEW, events: sd.PLACE_EVENTS, seat: 1 },
    { name: "the opening move", view: sd.OPEN_VIEW },
    { name: "mid-game", view: sd.DIVIDE_VIEW, events: sd.DIVIDE_EVENTS },
    { name: "after a mistake, with the hint", view: sd.DIVIDE_VIEW, then: { view: sd.MISTAKE_VIEW, events: sd.MISTAKE_EVENTS } },
    { name: "game over", view: sd.OVER_VIEW, events: sd.OVER_EVENTS },
  ];
  it.each(stepping)("Stepping By Divisors: $name", (s) => {
    renderBoard(SteppingBoard, sd.MATCH, s);
    if (s.then) expect(screen.getByTestId("hint").textContent).toMatch(/^Hint:/);
    expectReadable(`Stepping By Divisors board (${s.name})`);
  });

  it("Stepping By Divisors: a square chosen, the little-number box open", async () => {
    renderBoard(SteppingBoard, sd.MATCH, { name: "chosen", view: sd.DIVIDE_VIEW });
    await reactAct(async () => {
      screen.getByRole("button", { name: /^Row 3, column 4: 63/ }).click();
    });
    expect(screen.getByRole("form")).toBeTruthy();
    expectReadable("Stepping By Divisors board (a square chosen)");
  });
});

// ------------------------------------------------------------------ the pages

const ME: Me = { id: 1, role: "student", name: "Ana", email: null, classroom: { id: 5, name: "2B", join_code: "ABC234", sounds: false }, avatar: { picture: "owl", colour: "teal" } };

describe("the child's pages read at a seven-year-old's level", () => {
  it("the lobby, with a free classmate and the computer offered", async () => {
    document.cookie = "csrftoken=t; path=/";
    mockFetch({
      "GET /api/auth/me/": () => json(200, ME),
      "GET /api/my/classmates/": () => json(200, []),
      "GET /api/games/": () => json(200, GAMES),
      "GET /api/matches/7/lobby/": () =>
        json(200, { waiting_since: "2020-01-01T00:00:00Z", computer_offer_after_s: 20, bot_levels: ["easy", "hard"], free_classmates: [{ user_id: 5, name: "Cy" }, { user_id: 6, name: "Dee" }] }),
    });
    const match: MatchMeta = { ...seats("multiplin"), status: "lobby", players: 3, seats: [seats("multiplin").seats[0]!] };
    render(
      <MemoryRouter>
        <AuthProvider>
          <Lobby match={match} myUserId={1} spectator={false} />
        </AuthProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText("Cy and Dee can play now. Ask them to tap Quick match!")).toBeTruthy();
    await screen.findByRole("region", { name: "Play the computer instead" });
    expectReadable("Lobby");
  });

  const results: [string, MatchMeta["game"], MatchResult, number | null][] = [
    ["won at Fultiples", "fultiples", { winners: [0], reason: "five_in_a_row" }, 0],
    ["lost at Four-in-a-Row", "four_in_a_row", { winners: [1], reason: "target_score" }, 0],
    ["a Multiplin draw", "multiplin", { winners: [], reason: "stalemate" }, 0],
    ["won Stepping together", "stepping_divisors", { winners: [0, 1], reason: "complete" }, 0],
    ["ended by the teacher", "fultiples", { winners: [], reason: "ended_by_teacher" }, 0],
  ];
  it.each(results)("game over: %s, with the facts practised", async (_name, game, result, viewer) => {
    mockFetch({
      "GET /api/matches/7/practice/": () =>
        json(200, { answers: 12, right: 10, facts: [{ a: 7, b: 8, right: 2, wrong: 1 }, { a: 3, b: 6, right: 2, wrong: 0 }, { a: 6, b: 9, right: 0, wrong: 1 }], focus: [[7, 8]] }),
    });
    const match: MatchMeta = { ...seats(game), status: "finished", result };
    render(
      <MemoryRouter>
        <GameOver match={match} view={null} viewerSeat={viewer} backTo="/home" backLabel="Back home" spectator={false} />
      </MemoryRouter>,
    );
    await screen.findByRole("list", { name: "Facts you practised" });
    expectReadable(`Game over (${_name})`);
  });

  it("the student home, with a match still going", async () => {
    document.cookie = "csrftoken=t; path=/";
    const assignment: MyAssignment = {
      id: 11,
      game: "fultiples",
      game_title: "Fultiples",
      title: "Fultiples",
      players_per_match: 2,
      hints: true,
      bots_allowed: true,
      bot_levels: ["easy", "hard"],
      closes_at: null,
      classmates: [{ user_id: 3, name: "Ben" }],
    };
    mockFetch({
      "GET /api/auth/me/": () => json(200, ME),
      "GET /api/games/": () => json(200, GAMES),
      "GET /api/my/assignments/": () => json(200, [assignment, { ...assignment, id: 12, game: "stepping_divisors", game_title: "Stepping By Divisors", title: "Stepping By Divisors" }]),
      "GET /api/my/matches/": () =>
        json(200, [
          { id: 3, game: "fultiples", kind: "quick", started_at: "2024-01-01T10:00:00Z", finished_at: "2024-01-01T10:10:00Z", players: ["Ana", "Ben"], my_seat: 0, won: true, left: false, result: { winners: [0], reason: "five_in_a_row" } },
        ]),
      "GET /api/my/current-match/": () => json(200, { match: { ...seats("multiplin"), id: 9 } }),
      "GET /api/my/challenges/": () => json(200, []),
      "GET /api/my/classmates/": () => json(200, []),
    });
    render(
      <MemoryRouter initialEntries={["/home"]}>
        <AuthProvider>
          <Routes>
            <Route path="/home" element={<StudentHome />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>,
    );
    await screen.findByRole("link", { name: "Back to your match" });
    await screen.findByRole("heading", { level: 3, name: "Stepping By Divisors" });
    expectReadable("Student home");
  });

  it("my progress and my sticker book, with facts known, to practise and next", async () => {
    mockFetch({
      "GET /api/my/progress/": () =>
        json(200, {
          mastered: [[2, 3], [7, 8]],
          practise: [[6, 9], [4, 7]],
          facts: [
            { a: 2, b: 3, attempts: 5, right: 5, wrong: 0, accuracy: 1, median_think_ms: 1200, state: "mastered" },
            { a: 6, b: 9, attempts: 4, right: 1, wrong: 3, accuracy: 0.25, median_think_ms: 5000, state: "needs_practice" },
          ],
          // what games/reports/practise_next.py `why` says, one of each kind
          next: [
            { a: 6, b: 9, why: "You sometimes add instead. 6 + 9 is 15, but 6 × 9 is 54." },
            { a: 4, b: 7, why: "You got it right 1 of 3 times. 4 × 7 is 28." },
            { a: 7, b: 7, why: "Nearly there: right 3 of 4 times. 7 × 7 is 49." },
          ],
          focus: [{ assignment_id: 4, title: "Fultiples", game: "fultiples", mode: "weakest", facts: [[6, 9]] }],
        }),
    });
    for (const Page of [ProgressPage, StickerBookPage]) {
      render(
        <MemoryRouter>
          <Page />
        </MemoryRouter>,
      );
    }
    await screen.findByRole("button", { name: "Practise my facts" });
    await screen.findAllByText(/6 \+ 9 is 15/);
    expectReadable("My progress and My sticker book");
  });

  it("the match page's notes: connection, a computer stand-in, celebrations", () => {
    for (const c of ["connecting", "reconnecting", "closed"] as const) render(<ConnectionBadge connection={c} />);
    render(<StandInNote moves={2} />);
    render(
      <MemoryRouter>
        <TakeoverBanner matchId={7} />
      </MemoryRouter>,
    );
    for (const kind of ["line", "round", "win", "mistake"] as CelebrationKind[]) render(<Celebration kind={kind} onDone={() => undefined} />);
    expectReadable("Match page notes");
  });
});

// ------------------------------------------------------------------ words rendering cannot reach

describe("every branch of the word functions reads at a seven-year-old's level", () => {
  const match = seats("four_in_a_row");
  const threeSeats: MatchMeta = { ...match, players: 3, seats: [...match.seats, { index: 2, name: "Cy", user_id: 3, bot: null, taken_over: false }] };

  it("results, turns and time's up, for every reason and every viewer", () => {
    const reasons = ["five_in_a_row", "board_full", "target_score", "stalemate", "empty_hand", "complete", "no_move", "ended_by_teacher", "everyone_left", "something_new"];
    const texts: string[] = [];
    for (const reason of reasons) {
      for (const winners of [[], [0], [1], [0, 1], [1, 2]]) {
        for (const viewer of [0, 1, null]) {
          for (const view of [null, { ...fr.midView, target_score: 3 }, { ...fr.midView, target_score: 1 }]) {
            const w = resultInWords({ winners, reason }, threeSeats, viewer, view);
            texts.push(w.headline, w.reason);
          }
        }
      }
    }
    texts.push(resultInWords(null, match, 0).headline);
    texts.push(turnInWords(fr.midView, match, 0, false) ?? "", turnInWords(fr.midView, match, 1, false) ?? "", turnInWords(MULTIPLIN_VIEW, seats("multiplin"), 0, true) ?? "");
    for (const events of [[{ type: "timeout", seat: 0 }], [{ type: "timeout", seat: 1 }], [{ type: "round_unsolved", reason: "timer", product: 42 }], [{ type: "round_unsolved", reason: "timer" }]]) {
      texts.push(timeUpInWords(events, match, 0) ?? "");
    }
    for (const kind of ["multiply", "factor_pair", "divisor", "other"]) {
      texts.push(wrongAnswerWords("Ana", { kind, a: 6, b: 14, answer: 40 }), wrongAnswerWords("Ana", { kind, a: 84, b: 5, answer: null }));
    }
    texts.push(mistakesInWords(0), mistakesInWords(1), mistakesInWords(3));
    expectAllReadable("games/words.ts", texts);
  });

  it("every refusal of every board", () => {
    const codes = ["not_your_turn", "game_over", "not_active", "paused", "not_started", "cell_taken", "bad_action", "bad_card", "not_adjacent", "same_divisor", "wrong_phase", "locked_out", "stale_round", "already_solved", "bad_frame", "too_large", "weird"];
    const engine = "the engine's words for developers: values must be two numbers and more words to be long";
    const texts: string[] = [];
    for (const code of codes) {
      texts.push(refusalInWords(code, engine), fultiplesRefusal(code, engine), fourRefusal(code, engine), multiplinRefusal(code, engine));
      for (const view of [sd.PLACE_VIEW, sd.OPEN_VIEW, sd.DIVIDE_VIEW]) texts.push(friendlyError(code, engine, view));
    }
    for (const code of ["offline", "closed", "timeout"]) texts.push(refusalInWords(code, "We lost the connection to the game. Wait a moment, then try again."));
    expectAllReadable("refusals", texts);
  });

  it("every game's mistakes, hints and news", () => {
    const texts: (string | null | undefined)[] = [];
    const m: MistakeEvent = { type: "mistake", seat: 0, cell: [0, 0], a: 18, b: 49, turn_passed: false };
    for (const [a, b] of [[6, 14], [18, 49], [84, 5], [13, 5], [12, 5], [7, 3], [NaN, NaN]]) {
      texts.push(fultiplesMistake({ ...m, a, b }), fultiplesMistake({ ...m, a, b, turn_passed: true }, "Ben"), fultiplesMistake({ ...m, a, b, turn_passed: true }));
    }
    texts.push(instruction(fu.startView), instruction(fu.midView), instruction(fu.freeMidView), instruction(fu.overView), primesWords([2, 3, 5, 7]), primesWords([2]));
    for (const turnOver of [false, true]) {
      texts.push(fourMistake({ cell: [0, 0], a: 3, b: 4, answer: 35, turnOver }), fourMistake({ cell: null, a: null, b: null, answer: null, turnOver }));
    }
    for (const hand of [[2, 5, 9], ["W", 7, 8], ["W", "W", 2], [7, "W", 2]] as FourView["hand"][]) {
      texts.push(fourHint({ ...fr.freshView, hand })?.text);
      texts.push(pickedWords(hand!, { cards: [0], wild: {} }), pickedWords(hand!, { cards: [0, 1], wild: { 0: 6 } }), pickedWords(hand!, { cards: [], wild: {} }));
    }
    const name = (s: number) => ["Ana", "Ben"][s] ?? "Cy";
    const fourEvents: GameEvent[] = [
      { type: "play", seat: 1, cell: [2, 5], product: 81 },
      { type: "score", seat: 0, tokens: 1 },
      { type: "score", seat: 1, tokens: 2 },
      { type: "discard", seat: 1 },
      { type: "timeout", seat: 0 },
      { type: "timeout", seat: 1 },
      { type: "reshuffle" },
    ];
    texts.push(...describeChange(fourEvents, fr.midView, fr.midView, 0, name));
    texts.push(multiplinMistake({ type: "mistake", a: 8, b: 5, answer: 32 }, null), multiplinMistake({ type: "mistake" }, null), formatWait(1234), unsolvableWords({ ...MULTIPLIN_VIEW, product: 81, unsolvable: true }));
    const multiplinEvents: GameEvent[] = [
      { type: "solved", seat: 0 },
      { type: "solved", seat: 1 },
      { type: "passed", seat: 1 },
      { type: "round_won", winners: [0, 1], product: 32, hand_cards: [8, 4] },
      { type: "round_won", winners: [1], product: 32, hand_cards: [8] },
      { type: "round_won", winners: [0], product: null, hand_cards: [] },
      ...["all_passed", "timer", "auto_skip", "other"].flatMap((reason) => [
        { type: "round_unsolved", reason, product: 42 },
        { type: "round_unsolved", reason },
      ]),
      { type: "round_started", product: 42 },
    ];
    for (const e of multiplinEvents) {
      const said = eventMessages([e], 0, name);
      texts.push(said.banner, ...said.spoken);
    }
    for (const d of [null, 1, 4]) texts.push(costExplanation(d));
    for (const [n, k, mine, d] of [[63, 5, true, 4], [63, 5, false, 7], [7, 2, true, 1], [12, 5, true, 3], [null, null, true, null]] as const) {
      texts.push(mistakeSentence(n, k, mine, d));
    }
    const steppingEvents: GameEvent[] = [
      { type: "timeout", seat: 1 },
      { type: "place", seat: 1, cell: [0, 1], number: 6 },
      { type: "divide", seat: 1, cell: [3, 4], divisor: 4, score: 3 },
      { type: "divide", seat: 1, cell: [3, 4], divisor: 4, score: 1 },
      { type: "mistake", seat: 1, cell: [2, 3], divisor: 5 },
      { type: "phase", phase: "divide" },
    ];
    texts.push(...describeEvents(steppingEvents, 0, sd.DIVIDE_VIEW, name));
    texts.push(steppingCellLabel({ view: sd.DIVIDE_VIEW, cell: [2, 3], steppable: true, last: true, hint: true, selected: true, mistake: false }));
    texts.push(factWords(42, 6, 7));
    expectAllReadable("boards' words", texts);
  });

  it("How to play's 'In this match' lines, hints and focus", () => {
    const texts: (string | null | undefined)[] = [];
    const settings = [
      { rows: 6, cols: 6, level: "beginner", time_limit_s: 20, strict: true },
      { primes: [2, 3, 5, 7], max_value: 200, time_limit_s: 90 },
      { target_score: 1 },
      { round_time_s: 90, lockout_ms: 1500, auto_skip: true },
      { size: 5, random_fill: true },
      { prefill: [[1, 2], [3, 4]] },
      { focus: { mode: "weakest", facts: [[7, 8], [6, 7], [3, 4], [8, 9], [6, 6]] } },
      { focus: { mode: "facts", tables: [7, 8, 9, 6, 12] } },
    ];
    for (const game of GAMES) {
      for (const s of settings) texts.push(...settingsInWords(game, s));
      texts.push(hintsInWords(game));
    }
    texts.push(focusWords({ mode: "weakest", facts: [] }), hintsInWords(gameOf("fultiples")));
    expectAllReadable("games/settings.ts", texts);
  });

  it("stars and practised facts", () => {
    const facts = [
      { a: 7, b: 8, right: 3, wrong: 1 },
      { a: 6, b: 9, right: 0, wrong: 2 },
      { a: 3, b: 4, right: 12, wrong: 0 },
    ];
    const texts = [
      ...starsFor({ answers: 15, right: 15, facts }).map((s) => `A star ${s.words}`),
      ...practisedSentences({ facts, focus: [[6, 9]] }).map((f) => f.words),
      ...practisedSentences({ facts }).map((f) => f.words),
    ];
    expectAllReadable("fx/stars.ts", texts);
  });
});

// ------------------------------------------------------------------ the check can fail

describe("the check itself", () => {
  it("catches a long sentence and an adult word, naming the screen and the sentence", () => {
    render(
      <div>
        <p>
          Last number: <strong>12</strong>. Pick a factor or a multiple of 12, or any product you like on the board today.
        </p>
        <button type="button" aria-label="The dealer deals">
          x
        </button>
      </div>,
    );
    const found = check("Bad screen", screenTexts(document.body));
    expect(found.some((p) => p.startsWith("Bad screen: Sentence of"))).toBe(true);
    expect(found.some((p) => p.includes('Adult word "product"'))).toBe(true);
    expect(found.some((p) => p.includes('"factor" is used without its glossary entry'))).toBe(true);
    expect(found.some((p) => p.includes('Adult word "dealer"') && p.includes("The dealer deals"))).toBe(true);
  });
});
