import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { ClassLive, LiveMatch } from "../../api/types";
import { json, mockFetch } from "../../test/fetchMock";
import { GAMES } from "../../test/games";
import { LivePage, liveTurn } from "./Live";

const KLASS = { id: 5, name: "2B", join_code: "ABC234", sign_in_mode: "pictures", archived: false, student_count: 3, created_at: "2030-01-01T00:00:00Z" };

const MATCH: LiveMatch = {
  id: 40,
  game: "four_in_a_row",
  kind: "quick",
  status: "active",
  players: 2,
  host_user_id: 11,
  hints: false,
  assignment_id: 3,
  result: null,
  seats: [
    { index: 0, name: "Ana L.", user_id: 11, bot: null, taken_over: false },
    { index: 1, name: "Ben O.", user_id: 12, bot: null, taken_over: true },
  ],
  version: 17,
  scores: [2, 1],
  hand_sizes: [3, 3],
  to_move: [1],
};

const LIVE: ClassLive = {
  students: [
    { id: 1, user_id: 11, display_name: "Ana L.", online: true },
    { id: 2, user_id: 12, display_name: "Ben O.", online: false },
    { id: 3, user_id: 13, display_name: "Cy D.", online: true },
  ],
  matches: [MATCH],
  finished: [{ ...MATCH, id: 41, status: "finished", result: { winners: [0], reason: "target_score" }, finished_at: "2030-01-01T09:30:00Z" }],
  paused: false,
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderLive(live: () => ClassLive) {
  document.cookie = "csrftoken=t; path=/";
  const calls = mockFetch({
    "GET /api/games/": () => json(200, GAMES),
    "GET /api/classes/5/": () => json(200, KLASS),
    "GET /api/classes/5/live/": () => json(200, live()),
    "POST /api/matches/40/end/": () => json(200, {}),
    "POST /api/classes/5/live/end-all/": () => json(200, { ended: 1 }),
    "POST /api/classes/5/live/pause/": (c) => json(200, { paused: (c.body as { paused: boolean }).paused, changed: 1 }),
  });
  render(
    <MemoryRouter initialEntries={["/teacher/classes/5/live"]}>
      <Routes>
        <Route path="/teacher/classes/:id/live" element={<LivePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe("live page", () => {
  it("shows who is online in words, the running matches, whose turn and the score", async () => {
    renderLive(() => LIVE);
    expect(await screen.findByRole("heading", { name: "Online: 2 of 3" })).toBeTruthy();
    const presence = screen.getByRole("heading", { name: "Online: 2 of 3" }).parentElement!;
    expect(within(presence).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Ana L.online",
      "Cy D.online",
      "Ben O.offline",
    ]);
    const card = screen.getByRole("heading", { level: 3, name: "Four-in-a-Row Multiplication" }).closest("li")!;
    expect(within(card).getByText("Ben O.'s turn")).toBeTruthy();
    expect(within(card).getByText("2 tokens")).toBeTruthy();
    expect(within(card).getByText("computer playing for them")).toBeTruthy();
    expect(within(card).getByRole("link", { name: /^Watch/ }).getAttribute("href")).toBe("/teacher/matches/40");
  });

  it("checks again every 3 seconds", async () => {
    let n = 0;
    const calls = renderLive(() => (++n === 1 ? LIVE : { ...LIVE, matches: [] }));
    expect(await screen.findByRole("heading", { name: "Matches now (1)" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Matches now (0)" }, { timeout: 4500 })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/classes/5/live/").length).toBeGreaterThanOrEqual(2);
  });

  it("ends a match after a confirmation", async () => {
    const user = userEvent.setup();
    const calls = renderLive(() => LIVE);
    const card = (await screen.findByRole("heading", { level: 3, name: "Four-in-a-Row Multiplication" })).closest("li")!;
    await user.click(within(card).getByRole("button", { name: "End match" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(screen.getByRole("dialog", { name: "End this match?" })).getByRole("button", { name: "End match" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/matches/40/end/")).toBe(true);
  });

  it("pauses every game of the class, says so, and resumes", async () => {
    const user = userEvent.setup();
    let paused = false;
    const calls = renderLive(() => ({ ...LIVE, paused }));
    await user.click(await screen.findByRole("button", { name: "Pause every game" }));
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/classes/5/live/pause/")!.body).toEqual({ paused: true });
    paused = true;
    await user.click(await screen.findByRole("button", { name: "Resume every game" }));
    expect(screen.getByRole("status").textContent).toContain("Eyes on your teacher");
    expect(calls.filter((c) => c.method === "POST" && c.path === "/api/classes/5/live/pause/").map((c) => c.body)).toEqual([
      { paused: true },
      { paused: false },
    ]);
  });

  it("ends every game of the class only after a confirmation", async () => {
    const user = userEvent.setup();
    const calls = renderLive(() => LIVE);
    await user.click(await screen.findByRole("button", { name: "End every game" }));
    expect(calls.some((c) => c.path === "/api/classes/5/live/end-all/")).toBe(false);
    const dialog = screen.getByRole("dialog", { name: "End every game of the class?" });
    expect(dialog.textContent).toContain("Nobody wins or loses");
    await user.click(within(dialog).getByRole("button", { name: "End every game" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/classes/5/live/end-all/")).toBe(true);
  });

  it("offers to watch again the matches that ended in the last two hours", async () => {
    renderLive(() => LIVE);
    const finished = (await screen.findByRole("heading", { name: "Finished in the last two hours (1)" })).closest("section")!;
    expect(within(finished).getByRole("link", { name: /^Watch again/ }).getAttribute("href")).toBe("/teacher/replays/41");
  });

  it("puts whose turn in words", () => {
    expect(liveTurn(MATCH, false)).toBe("Ben O.'s turn");
    expect(liveTurn({ ...MATCH, game: "multiplin" }, true)).toBe("Everybody at once");
    expect(liveTurn({ ...MATCH, status: "lobby", players: 3 }, false)).toBe("Waiting for players (2 of 3)");
    const opened = Date.parse("2030-01-01T09:00:00Z");
    expect(liveTurn({ ...MATCH, status: "lobby", created_at: "2030-01-01T09:00:00Z" }, false, opened + 45_000)).toBe("Waiting for players (2 of 2), waiting 45 s");
    expect(liveTurn({ ...MATCH, status: "lobby", created_at: "2030-01-01T09:00:00Z" }, false, opened + 150_000)).toBe("Waiting for players (2 of 2), waiting 2 min");
  });
});
