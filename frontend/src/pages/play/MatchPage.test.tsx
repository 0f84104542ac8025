import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { AuthProvider } from "../../auth";
import type { Me } from "../../api/types";
import type { BaseView, MatchMeta, StateMessage } from "../../protocol/messages";
import type { BoardProps } from "../../games/types";
import { FakeSocket } from "../../test/fakeSocket";
import { GAMES } from "../../test/games";
import { json, mockFetch, type Call } from "../../test/fetchMock";
import { MatchPage } from "./MatchPage";
import { eventually } from "../../test/eventually";

// The boards are other people's work: a stub shows what the page gives a board.
// The real registry, with a stub for every board (what the page shows around a board is real).
vi.mock("../../games/registry", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../games/registry")>();
  function StubBoard({ view, seat, hints, clockOffsetMs, act, announce }: BoardProps) {
    return (
      <div data-testid="board">
        <p>
          Board for seat {String(seat)} at phase {view.phase}, offset {Math.round(clockOffsetMs / 1000)} s
        </p>
        <p data-testid="board-hints">{hints ? "hints on" : "hints off"}</p>
        <button
          type="button"
          onClick={async () => {
            const r = await act({ type: "mark", cell: [0, 0] });
            announce(r.ok ? "Marked." : `Refused: ${r.code}`);
          }}
        >
          Mark
        </button>
      </div>
    );
  }
  return { ...actual, BOARDS: { fultiples: StubBoard, four_in_a_row: StubBoard, multiplin: StubBoard, stepping_divisors: StubBoard } };
});

const ANA: Me = { id: 1, role: "student", name: "Ana L.", email: null, classroom: { id: 5, name: "2B", join_code: "ABC234", sounds: false }, avatar: { picture: "owl", colour: "teal" } };
const TEACHER: Me = { id: 9, role: "teacher", name: "Ms Rivera", email: "r@school.test", classroom: null, avatar: null };

function meta(extra: Partial<MatchMeta> = {}): MatchMeta {
  return {
    id: 7,
    game: "fultiples",
    kind: "quick",
    status: "active",
    players: 2,
    host_user_id: 1,
    hints: false,
    assignment_id: 3,
    result: null,
    seats: [
      { index: 0, name: "Ana L.", user_id: 1, bot: null, taken_over: false },
      { index: 1, name: "Ben K.", user_id: 2, bot: null, taken_over: false },
    ],
    ...extra,
  };
}

function view(extra: Partial<BaseView> = {}): BaseView {
  return { game: "fultiples", seat: 0, players: 2, phase: "play", to_move: [0], deadline_ms: null, mistakes: [0, 2], result: null, ...extra };
}

function state(version: number, v: BaseView | null, m: MatchMeta = meta(), events: StateMessage["events"] = []): StateMessage {
  return { type: "state", version, view: v, events, match: m };
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}
const where = () => screen.getByTestId("where").textContent;

/** Server clock 60 s ahead of this browser. */
const SERVER_AHEAD_MS = 60_000;

function renderMatch(me: Me, snapshot: StateMessage, routes: Record<string, (c: Call) => Response | Promise<Response>> = {}) {
  document.cookie = "csrftoken=t; path=/";
  const calls = mockFetch({
    "GET /api/auth/me/": () => json(200, me),
    "GET /api/matches/7/": () => json(200, snapshot),
    "GET /api/games/": () =>
      json(200, GAMES.map((g) => (g.slug === "fultiples" ? { ...g, rules_summary: "Mark a factor or a multiple.\nHouse rule: a full board is a draw." } : g))),
    ...routes,
  });
  const path = me.role === "teacher" ? "/teacher/matches/7" : "/play/7";
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/play/:matchId" element={<MatchPage role="student" />} />
          <Route path="/teacher/matches/:matchId" element={<MatchPage role="teacher" />} />
          <Route path="/home" element={<p>Home page</p>} />
        </Routes>
        <Where />
      </AuthProvider>
    </MemoryRouter>,
  );
  return calls;
}

/** Open the page's socket and let the server send its snapshot. */
async function connect(snapshot: StateMessage) {
  await eventually(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const s = FakeSocket.last();
  act(() => {
    s.open();
    s.receive(snapshot);
  });
  return s;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe("match page (student)", () => {
  it("shows the players, whose turn, the child's own mistakes only, the timer with the server's clock, and the board", async () => {
    const deadline = Date.now() + SERVER_AHEAD_MS + 30_000;
    const snap = state(4, view({ deadline_ms: deadline }));
    renderMatch(ANA, snap);
    // the socket's snapshot carries the server's clock
    const sock = await connect({ ...snap, server_ms: Date.now() + SERVER_AHEAD_MS });
    expect(sock.url).toMatch(/\/ws\/matches\/7\/$/);

    expect(await screen.findByRole("heading", { level: 1, name: "Fultiples" })).toBeTruthy();
    expect(screen.getByText("Your turn!")).toBeTruthy();
    const players = screen.getByRole("list", { name: "Players" });
    expect(within(players).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Ana L. (you)no mistakes", "Ben K."]);
    // server_ms says the server is a minute ahead: 30 s left, not 90 (less the seconds a slow machine took)
    await eventually(() => expect(screen.getByRole("timer").textContent).toMatch(/^0:(2\d|30|31)$/));
    expect(await screen.findByText(/Board for seat 0 at phase play, offset 60 s/)).toBeTruthy();
  });

  it("says whose turn it is in words, and 'Everybody plays at once' for Multiplin", async () => {
    const snap = state(4, view({ to_move: [1] }));
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    expect(await screen.findByText("Ben K.'s turn")).toBeTruthy();
    act(() => sock.receive(state(5, view({ game: "multiplin", to_move: [0, 1] }), meta({ game: "multiplin" }))));
    expect(await screen.findByText("Everybody plays at once")).toBeTruthy();
  });

  it("shows no countdown and says no 'Ten seconds left!' while Multiplin's card nobody can make waits to be skipped", async () => {
    const snap = state(4, view({ game: "multiplin", to_move: [0, 1], deadline_ms: Date.now() + 3_000, unsolvable: true }), meta({ game: "multiplin" }));
    renderMatch(ANA, snap);
    const sock = await connect({ ...snap, server_ms: Date.now() });
    expect(await screen.findByText("Everybody plays at once")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    // the next card can be made: the round's countdown shows again
    act(() => sock.receive({ ...state(5, view({ game: "multiplin", to_move: [0, 1], deadline_ms: Date.now() + 30_000, unsolvable: false }), meta({ game: "multiplin" })), server_ms: Date.now() }));
    expect(await screen.findByRole("timer")).toBeTruthy();
    expect(screen.getByTestId("announcer").textContent ?? "").not.toContain("Ten seconds left!");
  });

  it("lists the players once: Multiplin's board lists them itself, so the page does not", async () => {
    const snap = state(4, view());
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    expect(await screen.findByRole("list", { name: "Players" })).toBeTruthy();
    act(() => sock.receive(state(5, view({ game: "multiplin", to_move: [0, 1] }), meta({ game: "multiplin" }))));
    await eventually(() => expect(screen.queryByRole("list", { name: "Players" })).toBeNull()); // the stub board lists none
  });

  it("tells screen readers whose turn it is, when time is running out, and the result; a line is celebrated", async () => {
    const snap = state(4, view({ to_move: [1] }));
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    const said = () => screen.getByTestId("announcer").textContent ?? "";
    await screen.findByText("Ben K.'s turn");
    // Ana's turn, with 8 seconds left on the server's clock
    act(() => sock.receive({ ...state(5, view({ to_move: [0], deadline_ms: Date.now() + 8_000 }), meta(), [{ type: "score", seat: 0, tokens: 1 }]), server_ms: Date.now() }));
    await eventually(() => expect(said()).toContain("Your turn!"));
    await eventually(() => expect(said()).toContain("Ten seconds left!"));
    expect(screen.getByTestId("celebration").textContent).toContain("A line!");
    act(() => sock.receive(state(6, view({ to_move: [1] }))));
    await eventually(() => expect(said()).toContain("Ben K.'s turn."));
    const over = meta({ status: "finished", result: { winners: [0], reason: "score" } });
    act(() => sock.receive(state(7, view({ phase: "over", to_move: [], result: over.result }), over, [{ type: "game_over", winners: [0] }])));
    await eventually(() => expect(said()).toContain("Game over. You won! Well done!"));
    expect(screen.getByTestId("celebration").textContent).toContain("You won!");
  });

  it("a board's act() goes over the socket and its announce() reaches the live region", async () => {
    const snap = state(4, view());
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Mark" }));
    const sent = sock.sent.find((m) => (m as { type: string }).type === "action") as { client_id: string };
    expect(sent).toMatchObject({ type: "action", action: { type: "mark", cell: [0, 0] } });
    act(() => sock.receive({ type: "error", code: "cell_taken", message: "Taken.", client_id: sent.client_id }));
    await eventually(() => expect(screen.getByTestId("announcer").textContent).toContain("Refused: cell_taken"));
  });

  it("shows 'Connecting again…' after a drop", async () => {
    const snap = state(4, view());
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    await screen.findByText("Your turn!");
    act(() => sock.drop());
    expect((await screen.findByText("Connecting again…")).closest("[role=status]")).toBeTruthy();
  });

  it("game over: the result in words, and Play again opens the rematch", async () => {
    const over = meta({ status: "finished", result: { winners: [1], reason: "five_in_a_row" } });
    const snap = state(9, view({ phase: "over", to_move: [], result: over.result }), over);
    const calls = renderMatch(ANA, snap, { "POST /api/matches/7/rematch/": () => json(201, state(0, view(), meta({ id: 8 }))) });
    await connect(snap);
    expect(await screen.findByRole("heading", { name: "Game over" })).toBeTruthy();
    expect(screen.getByText("Ben K. won this time. Good game!")).toBeTruthy();
    expect(screen.getByText("Ben K. got five in a row.")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Play again" }));
    await eventually(() => expect(where()).toBe("/play/8"));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/matches/7/rematch/")).toBe(true);
  });

  it("the teacher's pause: 'Eyes on your teacher', the board greyed and out of reach, the timer standing still", async () => {
    const deadline = Date.now() + SERVER_AHEAD_MS + 30_000;
    const snap = state(4, view({ deadline_ms: deadline }));
    renderMatch(ANA, snap);
    const sock = await connect({ ...snap, server_ms: Date.now() + SERVER_AHEAD_MS });
    await screen.findByText("Your turn!");
    expect(screen.queryByText("Eyes on your teacher!")).toBeNull();
    // paused with 12 s of the turn left
    const paused = meta({ paused: true, paused_at_ms: deadline - 12_000 });
    act(() => sock.receive({ ...state(5, view({ deadline_ms: deadline }), paused, [{ type: "paused" }]), server_ms: Date.now() + SERVER_AHEAD_MS }));
    expect((await screen.findByText("Eyes on your teacher!")).closest("[role=status]")).toBeTruthy();
    const board = document.querySelector(".board-area")!;
    expect(board.classList.contains("board-paused")).toBe(true);
    expect(board.hasAttribute("inert")).toBe(true);
    expect(screen.getByRole("timer").textContent).toBe("0:12");
    expect(screen.queryByText("Your turn!")).toBeNull();
    expect(screen.getByText("Paused")).toBeTruthy();
    act(() => sock.receive({ ...state(6, view({ deadline_ms: deadline + 5_000 }), meta(), [{ type: "resumed" }]), server_ms: Date.now() + SERVER_AHEAD_MS }));
    await eventually(() => expect(screen.queryByText("Eyes on your teacher!")).toBeNull());
    expect(document.querySelector(".board-area")!.hasAttribute("inert")).toBe(false);
  });

  it("a match the teacher ended says so and lists the facts the child practised", async () => {
    const over = meta({ status: "aborted", result: { winners: [], reason: "ended_by_teacher" } });
    const snap = state(9, view({ phase: "over", to_move: [], result: over.result }), over);
    renderMatch(ANA, snap, {
      "GET /api/matches/7/practice/": () => json(200, { answers: 5, right: 4, facts: [{ a: 7, b: 8, right: 2, wrong: 1 }, { a: 3, b: 6, right: 2, wrong: 0 }] }),
    });
    await connect(snap);
    expect(await screen.findByRole("heading", { name: "Game over" })).toBeTruthy();
    expect(await screen.findByText("You answered 5 times, 4 right.")).toBeTruthy();
    const facts = screen.getByRole("list", { name: "Facts you practised" }).textContent ?? "";
    expect(facts).toContain("You found 7 × 8 twice (1 to practise).");
    expect(facts).toContain("You found 3 × 6 twice.");
    // Stars for effort and a fixed mistake (7 x 8 wrong once, then right), never a ranking.
    const stars = screen.getByRole("list", { name: "You earned 2 stars" }).textContent ?? "";
    expect(stars).toContain("A star for having a go");
    expect(stars).toContain("A star for fixing a mistake (7 × 8)");
  });

  it("a child alone in a lobby sees who is free, and after the wait is offered the computer", async () => {
    const lobbyMeta = meta({ status: "lobby", assignment_id: 3, seats: [meta().seats[0]!] });
    const snap = state(0, null, lobbyMeta);
    let waitingSince = new Date(Date.now() + SERVER_AHEAD_MS).toISOString(); // just opened
    const calls = renderMatch(ANA, snap, {
      "GET /api/matches/7/lobby/": () =>
        json(200, { waiting_since: waitingSince, computer_offer_after_s: 20, bot_levels: ["easy"], free_classmates: [{ user_id: 5, name: "Cy D." }] }),
      "POST /api/assignments/3/computer-match/": () => json(201, state(0, view(), meta({ id: 9, kind: "computer" }))),
    });
    await connect({ ...snap, server_ms: Date.now() + SERVER_AHEAD_MS });
    expect(await screen.findByText("Cy D. can play now. Ask them to tap Quick match!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Easy computer" })).toBeNull(); // not before 20 s
    waitingSince = new Date(Date.now() + SERVER_AHEAD_MS - 25_000).toISOString(); // 25 s on the server's clock
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Easy computer" }, { timeout: 8000 }));
    await eventually(() => expect(where()).toBe("/play/9"));
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/assignments/3/computer-match/")!.body).toEqual({ bot_level: "easy" });
  });

  it("follows a rematch another player started", async () => {
    const over = meta({ status: "finished", result: { winners: [], reason: "board_full" } });
    const snap = state(9, view({ phase: "over", to_move: [], result: over.result }), over);
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    expect(await screen.findByText("It's a draw!")).toBeTruthy();
    act(() => sock.receive(state(9, snap.view, over, [{ type: "rematch", match_id: 12 }])));
    await eventually(() => expect(where()).toBe("/play/12"));
  });

  it("offers the seat back after a computer played for the child", async () => {
    const taken = meta({ seats: [{ ...meta().seats[0]!, taken_over: true }, meta().seats[1]!] });
    const snap = state(4, view(), taken);
    const calls = renderMatch(ANA, snap, { "POST /api/matches/7/take-back/": () => json(200, state(4, view())) });
    await connect(snap);
    expect(await screen.findByText("A computer played for you while you were away.")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Take back my seat" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/matches/7/take-back/")).toBe(true);
  });

  it("says how many moves a stand-in made for the child once the seat is back, and marks the player", async () => {
    const back = meta({ seats: [{ ...meta().seats[0]!, stand_in_moves: 2 }, meta().seats[1]!] });
    const snap = state(6, view(), back);
    renderMatch(ANA, snap);
    await connect(snap);
    expect((await screen.findByTestId("stand-in-note")).textContent).toBe("While you were away, the computer made 2 moves for you.");
    expect(within(screen.getByRole("list", { name: "Players" })).getByText("computer helped")).toBeTruthy();
  });

  it("says Time's up in words when the child's turn ended on time", async () => {
    const snap = state(4, view());
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    expect(screen.queryByTestId("time-up")).toBeNull();
    act(() => sock.receive(state(5, view({ to_move: [1] }), meta(), [{ type: "timeout", seat: 0, to_move: 1 }])));
    expect((await screen.findByTestId("time-up")).textContent).toBe("Time's up! Your turn is over. You can try again next turn.");
  });

  it("opens How to play as steps on a picture of the board, without the adults' rules", async () => {
    const snap = state(4, view());
    renderMatch(ANA, snap);
    await connect(snap);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /How to play/ }));
    const dialog = await screen.findByRole("dialog", { name: "How to play Fultiples" });
    expect(within(dialog).getByText("Step 1 of 4")).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "The first player taps any number: Sam tapped 12." })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: /Next/ }));
    expect(within(dialog).getByText("Step 2 of 4")).toBeTruthy();
    // a child reads no adults' rules: no house rules, no bullets, no "Full rules"
    expect(dialog.textContent).not.toMatch(/House rule|\* |Full rules/);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("the rules show this match's settings in words", async () => {
    const snap = state(4, view(), meta({ settings: { rows: 6, cols: 6, level: "beginner", time_limit_s: 20, strict: true } }));
    renderMatch(ANA, snap);
    await connect(snap);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /How to play/ }));
    const dialog = await screen.findByRole("dialog", { name: "How to play Fultiples" });
    const settings = within(dialog).getByRole("region", { name: "In this match" });
    expect(within(settings).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "The board has 6 rows and 6 columns.",
      "Level: beginner. The numbers go up to 50.",
      "You have 20 seconds for each turn.",
      "In this match, a mistake ends your turn.",
    ]);
  });

  it("lights up hints only when the assignment allows them, and says what they show", async () => {
    const snap = state(4, view(), meta({ hints: true, settings: { level: "beginner" } }));
    renderMatch(ANA, snap);
    await connect(snap);
    await eventually(() => expect(screen.getByTestId("board-hints").textContent).toBe("hints on"));
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /How to play/ }));
    const settings = within(await screen.findByRole("dialog")).getByRole("region", { name: "In this match" });
    // In a child's words (the definition's `shows` is the teacher's).
    expect(within(settings).getAllByRole("listitem").at(-1)!.textContent).toBe("Hints are on. If you wait or make a mistake, a good move lights up.");
  });

  it.each([
    ["the assignment does not allow them", false, GAMES],
    ["the game's definition has no hint rule", true, GAMES.map((g) => ({ ...g, hints: null }))],
  ])("shows no hints when %s", async (_why, allowed, games) => {
    const snap = state(4, view(), meta({ hints: allowed, settings: { time_limit_s: 20 } }));
    renderMatch(ANA, snap, { "GET /api/games/": () => json(200, games) });
    await connect(snap);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /How to play/ }));
    const settings = await within(await screen.findByRole("dialog")).findByRole("region", { name: "In this match" });
    await within(settings).findByText("You have 20 seconds for each turn."); // the definitions have arrived
    expect(screen.getByTestId("board-hints").textContent).toBe("hints off");
    expect(screen.queryByText(/Hints are on/)).toBeNull();
  });

  it("Leave this match: after a confirmation that a computer finishes, resigns and goes home", async () => {
    const snap = state(4, view());
    const calls = renderMatch(ANA, snap, {
      "POST /api/matches/7/resign/": () => json(200, { match: meta({ seats: [{ index: 0, name: "Ana L.", user_id: null, bot: "easy", taken_over: false }, meta().seats[1]!] }) }),
    });
    await connect(snap);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Leave this match" }));
    const dialog = screen.getByRole("dialog", { name: "Leave this match?" });
    expect(dialog.textContent).toContain("A computer will finish this match for you.");
    // Cancel keeps playing
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((c) => c.path === "/api/matches/7/resign/")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Leave this match" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Leave the match" }));
    expect(await screen.findByText("Home page")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST" && c.path === "/api/matches/7/resign/")).toHaveLength(1);
  });

  it("says so when another player leaves and a computer takes their seat", async () => {
    const snap = state(4, view());
    renderMatch(ANA, snap);
    const sock = await connect(snap);
    await screen.findByText("Your turn!");
    const computer = meta({ seats: [meta().seats[0]!, { index: 1, name: "Computer (easy)", user_id: null, bot: "easy", taken_over: false }] });
    act(() => sock.receive(state(4, view(), computer, [{ type: "left_match", seat: 1 }])));
    await eventually(() =>
      expect(screen.getByTestId("announcer").textContent).toContain("A player left the match. A computer plays for them now."),
    );
    expect(within(screen.getAllByRole("list", { name: "Players" })[0]!).getByText("Computer (easy)")).toBeTruthy();
  });

  it("offers no Leave button once the game is over", async () => {
    const over = meta({ status: "finished", result: { winners: [0], reason: "five_in_a_row" } });
    const snap = state(9, view({ phase: "over", to_move: [], result: over.result }), over);
    renderMatch(ANA, snap);
    await connect(snap);
    await screen.findByRole("heading", { name: "Game over" });
    expect(screen.queryByRole("button", { name: "Leave this match" })).toBeNull();
  });

  it("lobby: the host can start with 2 or more players, anybody can leave", async () => {
    const lobby = meta({ status: "lobby", players: 4, game: "multiplin" });
    const snap = state(0, null, lobby);
    const calls = renderMatch(ANA, snap, {
      "POST /api/matches/7/start/": () => json(200, state(1, view(), meta({ status: "active" }))),
      "POST /api/matches/7/leave/": () => new Response(null, { status: 204 }),
    });
    await connect(snap);
    expect(await screen.findByText("2 of 4 players are here. Waiting for 2 more…")).toBeTruthy();
    const user = userEvent.setup();
    // "Start now" needs to know who I am (GET /api/auth/me/), which may answer after the socket
    await user.click(await screen.findByRole("button", { name: "Start now" }));
    expect(calls.some((c) => c.path === "/api/matches/7/start/")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Home page")).toBeTruthy();
  });

  it("lobby: a guest does not see Start now", async () => {
    const lobby = meta({ status: "lobby", players: 4, game: "multiplin", host_user_id: 2 });
    const snap = state(0, null, lobby);
    renderMatch(ANA, snap);
    await connect(snap);
    await screen.findByText(/Waiting for 2 more/);
    expect(screen.queryByRole("button", { name: "Start now" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Leave this match" })).toBeNull();
  });

  it("a match that is not yours", async () => {
    renderMatch(ANA, state(1, view()), { "GET /api/matches/7/": () => json(404, { error: { code: "not_found", message: "Not found.", fields: {} } }) });
    expect(await screen.findByText(/isn't one of yours/)).toBeTruthy();
  });
});

describe("match page (teacher watching)", () => {
  it("shows each child's avatar beside their name, read from the class", async () => {
    const snap = state(4, view({ seat: null }), meta({ classroom_id: 5 }));
    renderMatch(TEACHER, snap, {
      "GET /api/classes/5/live/": () =>
        json(200, { students: [{ id: 31, user_id: 2, display_name: "Ben K.", online: true, avatar: "frog", avatar_colour: "green" }], matches: [], finished: [], paused: false }),
    });
    await connect(snap);
    const players = await screen.findByRole("list", { name: "Players" });
    await eventually(() => expect(within(players).getAllByRole("listitem")[1]!.querySelector('svg[data-avatar="frog"]')).toBeTruthy());
    expect(within(players).getAllByRole("listitem")[0]!.querySelector("svg.avatar")).toBeNull(); // no avatar chosen
    // the teacher sees every child's mistakes
    expect(within(players).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Ana L.no mistakes", "Ben K.2 mistakes"]);
  });

  it("is read-only and can end the match after a confirmation", async () => {
    const snap = state(4, view({ seat: null }));
    const calls = renderMatch(TEACHER, snap, {
      "POST /api/matches/7/end/": () => json(200, state(5, view({ seat: null }), meta({ status: "aborted", result: { winners: [], reason: "ended_by_teacher" } }))),
    });
    await connect(snap);
    expect(await screen.findByText("You are watching. Only the players can move.")).toBeTruthy();
    expect(screen.getByText("Ana L.'s turn")).toBeTruthy();
    expect(await screen.findByText(/Board for seat null/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Leave this match" })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "End match" }));
    const dialog = screen.getByRole("dialog", { name: "End this match?" });
    await user.click(within(dialog).getByRole("button", { name: "End match" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/matches/7/end/")).toBe(true);
  });
});
