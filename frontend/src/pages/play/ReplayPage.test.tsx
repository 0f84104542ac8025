import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { apiError, json, mockFetch } from "../../test/fetchMock";
import type { BoardProps } from "../../games/types";
import { ReplayPage } from "./ReplayPage";

// The real registry, with a stub for every board (what the page shows around a board is real).
vi.mock("../../games/registry", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../games/registry")>();
  function StubBoard({ view, seat }: BoardProps) {
    return <p data-testid="board">Board for seat {String(seat)}, {view.to_move[0]} to move</p>;
  }
  return { ...actual, BOARDS: { fultiples: StubBoard, four_in_a_row: StubBoard, multiplin: StubBoard, stepping_divisors: StubBoard } };
});

const MATCH = {
  id: 7, game: "fultiples", kind: "quick", status: "finished", players: 2, host_user_id: 1, hints: false, assignment_id: 3,
  result: { winners: [0], reason: "five_in_a_row" },
  seats: [
    { index: 0, name: "Ana L.", user_id: 1, bot: null, taken_over: false },
    { index: 1, name: "Ben K.", user_id: 2, bot: null, taken_over: false },
  ],
};
const view = (n: number) => ({ game: "fultiples", seat: 0, players: 2, phase: "play", to_move: [n % 2], deadline_ms: null, mistakes: [0, 0], result: null });
const REPLAY = {
  match: MATCH,
  seat: 0,
  steps: [
    { version: 0, source: "start", seat: null, views: { "0": view(0) }, events: { "0": [] } },
    { version: 1, source: "player", seat: 0, views: { "0": view(1) }, events: { "0": [] } },
    { version: 2, source: "player", seat: 1, views: { "0": view(2) }, events: { "0": [{ type: "mistake", seat: 1 }] } },
  ],
};

function renderReplay(routes: Parameters<typeof mockFetch>[0], path = "/replay/7") {
  mockFetch(routes);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/replay/:matchId" element={<ReplayPage role="student" />} />
        <Route path="/teacher/replays/:matchId" element={<ReplayPage role="teacher" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("watching a match again", () => {
  it("steps forwards and back and says what happened at each move, on a read-only board", async () => {
    renderReplay({ "GET /api/matches/7/replay/": () => json(200, REPLAY) });
    expect(await screen.findByText("The start: the cards are dealt and the board is set.")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Next ▶" }));
    expect(screen.getByText("Move 1: Ana L. played.")).toBeTruthy();
    expect(screen.getByTestId("board").textContent).toBe("Board for seat 0, 1 to move"); // the board after move 1
    await user.click(screen.getByRole("button", { name: "End »" }));
    expect(screen.getByText("Move 2: Ben K. made a mistake.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next ▶" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "◀ Back" }));
    expect(screen.getByText("Move 1: Ana L. played.")).toBeTruthy();
    expect(document.querySelector(".board-area")!.hasAttribute("inert")).toBe(true);
    expect(screen.queryByLabelText("See the board as")).toBeNull(); // a child sees their own seat only
  });

  it("opens at the move a report linked to", async () => {
    renderReplay({ "GET /api/matches/7/replay/": () => json(200, REPLAY) }, "/replay/7?move=2");
    expect(await screen.findByText("Move 2: Ben K. made a mistake.")).toBeTruthy();
  });

  it("for the teacher, opens a mistake on the seat that made it and says what was answered and what was right", async () => {
    const seen = (seat: number | null) => ({ ...view(2), seat });
    const steps = [
      ...REPLAY.steps.slice(0, 2).map((step) => ({ ...step, views: { "0": seen(0), "1": seen(1), spectator: seen(null) } })),
      {
        version: 2, source: "player", seat: 1, views: { "0": seen(0), "1": seen(1), spectator: seen(null) },
        events: { "0": [], "1": [{ type: "mistake", seat: 1 }], spectator: [{ type: "mistake", seat: 1 }] },
        wrong: [{ kind: "multiply", a: 7, b: 8, answer: 48 }],
      },
    ];
    renderReplay({ "GET /api/matches/7/replay/": () => json(200, { ...REPLAY, seat: null, steps }) }, "/teacher/replays/7?move=2");
    expect(await screen.findByText("Move 2: Ben K. answered 48 for 7 × 8. 7 × 8 is 56.")).toBeTruthy();
    expect(screen.getByTestId("board").textContent).toBe("Board for seat 1, 0 to move");
    expect((screen.getByLabelText("See the board as") as HTMLSelectElement).value).toBe("1");
  });

  it("says what each change around the game did: the lobby before the deal, seats, the teacher, a rematch", async () => {
    const none = { "0": null as unknown as ReturnType<typeof view> };
    const steps = [
      { version: 0, source: "lobby", seat: null, views: none, events: { "0": [] } },
      { version: 1, source: "seat", seat: 1, views: none, events: { "0": [{ type: "joined" }] } },
      { version: 2, source: "start", seat: null, views: { "0": view(0) }, events: { "0": [{ type: "started" }] } },
      { version: 3, source: "seat", seat: 1, views: { "0": view(0) }, events: { "0": [{ type: "taken_over", seat: 1 }] } },
      { version: 4, source: "pause", seat: null, views: { "0": view(0) }, events: { "0": [{ type: "paused" }] } },
      { version: 5, source: "leave", seat: 1, views: { "0": view(0) }, events: { "0": [{ type: "left_match", seat: 1 }] } },
      { version: 6, source: "end", seat: null, views: { "0": view(0) }, events: { "0": [{ type: "ended_by_teacher" }] } },
      { version: 7, source: "rematch", seat: 0, views: { "0": view(0) }, events: { "0": [{ type: "rematch", match_id: 8 }] } },
    ];
    renderReplay({ "GET /api/matches/7/replay/": () => json(200, { ...REPLAY, steps }) });
    expect(await screen.findByText("The lobby opens: the players gather.")).toBeTruthy();
    expect(screen.getByText("The players are still gathering: the game has not started yet.")).toBeTruthy();
    expect(screen.queryByTestId("board")).toBeNull(); // no board before the deal
    const user = userEvent.setup();
    const next = screen.getByRole("button", { name: "Next ▶" });
    const said: (string | null)[] = [];
    for (let i = 1; i < steps.length; i++) {
      await user.click(next);
      said.push(screen.getByRole("status").textContent);
    }
    expect(said).toEqual([
      "Move 1: A player joined.",
      "Move 2: The game starts: the cards are dealt and the board is set.",
      "Move 3: Ben K. was away: the computer played for them.",
      "Move 4: The teacher paused the game.",
      "Move 5: A player left: the computer plays for them now.",
      "Move 6: The teacher ended the match.",
      "Move 7: The players started a new match.",
    ]);
    expect(screen.getByTestId("board")).toBeTruthy();
  });

  it("says a running match cannot be watched yet", async () => {
    renderReplay({ "GET /api/matches/7/replay/": () => apiError(400, "not_finished", "A match can be watched again once it is over.") });
    expect((await screen.findByRole("alert")).textContent).toContain("once it is over");
  });
});
