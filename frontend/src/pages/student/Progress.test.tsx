import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { render } from "../../test/render";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import type { MyProgress } from "../../api/reports";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { GAMES } from "../../test/games";
import { ProgressPage } from "./Progress";
import { eventually } from "../../test/eventually";

afterEach(() => vi.unstubAllGlobals());

const progressCalls = (calls: Call[]) => calls.filter((c) => c.path === "/api/my/progress/");

/** The page's API, with the games as GET /api/games/ serves them (the titles come from there). */
function mockApi(routes: Record<string, (c: Call) => Response | Promise<Response>>) {
  return mockFetch({ "GET /api/games/": () => json(200, GAMES), ...routes });
}

const progress: MyProgress = {
  mastered: [
    [2, 3],
    [7, 8],
  ],
  practise: [[6, 9]],
  facts: [
    { a: 2, b: 3, attempts: 5, right: 5, wrong: 0, accuracy: 1, median_think_ms: 1200 },
    { a: 7, b: 8, attempts: 10, right: 9, wrong: 1, accuracy: 0.9, median_think_ms: 2100 },
    { a: 6, b: 9, attempts: 4, right: 1, wrong: 3, accuracy: 0.25, median_think_ms: 5000 },
  ],
  next: [{ a: 6, b: 9, why: "You sometimes land on the fact next door. 6 × 9 is 54." }],
};

function renderPage() {
  return render(
    <MemoryRouter>
      <ProgressPage />
    </MemoryRouter>,
  );
}

function PlayPage() {
  return <h1>Playing match {useParams().matchId}</h1>;
}

function renderWithPlay() {
  return render(
    <MemoryRouter initialEntries={["/progress"]}>
      <Routes>
        <Route path="/progress" element={<ProgressPage />} />
        <Route path="/play/:matchId" element={<PlayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("Practise my facts", () => {
  it("one tap under Practise next starts my game against the computer", async () => {
    const calls = mockApi({
      "GET /api/my/progress/": () => json(200, progress),
      "POST /api/my/practice-match/": () =>
        json(201, { type: "state", version: 0, view: null, events: [], match: { id: 31, settings: { focus: { mode: "facts", facts: [[6, 9]] } } } }),
    });
    const user = userEvent.setup();
    renderWithPlay();
    const next = (await screen.findByRole("heading", { name: "Practise next" })).closest("section")!;
    await user.click(within(next).getByRole("button", { name: "Practise my facts" }));
    expect(await screen.findByRole("heading", { name: "Playing match 31" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/my/practice-match/"]);
  });

  it("says kindly why there is no game, in the server's words for the child", async () => {
    mockApi({
      "GET /api/my/progress/": () => json(200, progress),
      "POST /api/my/practice-match/": () => apiError(400, "no_computer", "Ask your teacher to let you play the computer."),
    });
    const user = userEvent.setup();
    renderWithPlay();
    await user.click(await screen.findByRole("button", { name: "Practise my facts" }));
    const note = await screen.findByRole("alert");
    expect(note.textContent).toBe("Ask your teacher to let you play the computer.");
    expect(note.className).toContain("alert-info");
    expect(screen.getByRole("heading", { name: "My progress" })).toBeTruthy(); // still here
  });

  it("goes to the match I am already in", async () => {
    mockApi({
      "GET /api/my/progress/": () => json(200, progress),
      "POST /api/my/practice-match/": () =>
        json(400, { error: { code: "already_playing", message: "Finish (or leave) your current match first.", fields: {}, match_id: 42 } }),
    });
    const user = userEvent.setup();
    renderWithPlay();
    await user.click(await screen.findByRole("button", { name: "Practise my facts" }));
    expect(await screen.findByRole("heading", { name: "Playing match 42" })).toBeTruthy();
  });

  it("is not there without facts to practise next", async () => {
    mockApi({ "GET /api/my/progress/": () => json(200, { ...progress, next: [] }) });
    renderPage();
    await screen.findByRole("list", { name: /Facts I know/ });
    expect(screen.queryByRole("button", { name: "Practise my facts" })).toBeNull();
  });
});

describe("My progress", () => {
  it("shows the facts my focused games bring up, and what happens before I have played", async () => {
    mockApi({
      "GET /api/my/progress/": () =>
        json(200, {
          ...progress,
          focus: [
            { assignment_id: 4, title: "<b>Cards</b>", game: "four_in_a_row", mode: "weakest", facts: [[6, 9], [7, 8]] },
            { assignment_id: 5, title: "", game: "multiplin", mode: "weakest", facts: [] },
          ],
        }),
    });
    renderPage();
    const focus = await screen.findByRole("list", { name: "<b>Cards</b>" });
    expect(within(focus).getAllByRole("listitem").map((c) => c.textContent)).toEqual(["✎6 × 96 times 9", "✎7 × 87 times 8"]);
    const section = screen.getByRole("heading", { name: "My focus facts" }).closest("section")!;
    expect(await within(section).findByRole("heading", { name: "Multiplin" })).toBeTruthy();
    expect(within(section).getByText(/Play a game first/)).toBeTruthy();
  });

  it("has no focus section without a focused assignment", async () => {
    mockApi({ "GET /api/my/progress/": () => json(200, { ...progress, focus: [] }) });
    renderPage();
    await screen.findByRole("list", { name: /Facts I know/ });
    expect(screen.queryByRole("heading", { name: "My focus facts" })).toBeNull();
  });

  it("shows the facts I know as stars, the facts to practise, and my times table", async () => {
    const calls = mockApi({ "GET /api/my/progress/": () => json(200, progress) });
    const { container } = renderPage();
    const know = await screen.findByRole("list", { name: /Facts I know/ });
    const chips = within(know).getAllByRole("listitem");
    expect(chips.map((c) => c.textContent)).toEqual(["★2 × 32 times 3", "★7 × 87 times 8"]);
    expect(screen.getByText("You know 2 facts. Well done!")).toBeTruthy();
    expect(screen.getByText("A star means you got a fact right nearly every time.")).toBeTruthy();
    const next = screen.getByRole("heading", { name: "Practise next" }).closest("section")!;
    expect(within(next).getByRole("listitem").textContent).toBe("6 × 9 You sometimes land on the fact next door. 6 × 9 is 54.");
    const practise = screen.getByRole("list", { name: "Facts to practise" });
    expect(within(practise).getByText("6 times 9")).toBeTruthy();

    const table = screen.getByRole("table", { name: "My times table" });
    expect(within(table).getAllByRole("columnheader")).toHaveLength(11);
    // row 9, column 6 is my 6 x 9 fact, coloured on the same scale, showing the product
    const cell = container.querySelector<HTMLElement>('td[data-fact="9x6"]')!;
    expect(cell.style.background).toBe("rgb(12, 44, 132)"); // 25 %: the strongest colour
    expect(cell.textContent).toContain("54");
    expect(cell.textContent).toContain("right 1 out of 4 times");
    expect(container.querySelector<HTMLElement>('td[data-fact="8x7"]')!.style.background).toBe("rgb(199, 233, 180)");
    expect(screen.queryByRole("button", { name: "Show as a list" })).toBeNull();
    expect(calls.map((c) => c.path).filter((path) => path !== "/api/games/")).toEqual(["/api/my/progress/"]);
  });

  it("encourages a child with nothing yet", async () => {
    mockApi({ "GET /api/my/progress/": () => json(200, { mastered: [], practise: [], facts: [] }) });
    renderPage();
    expect(await screen.findByText("Play a game to earn your first star!")).toBeTruthy();
    expect(screen.getByText("Nothing to practise right now. Great work!")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says when it cannot load, with a way to try again", async () => {
    mockApi({ "GET /api/my/progress/": () => apiError(500, "server", "Something went wrong on our side. Please try again.") });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn't load your stars.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

// What the hand-written useLoad did, now TanStack Query: checked through the page.
describe("loading a page's data", () => {
  it("keeps the error of a failure, and Try again replaces it with the data", async () => {
    let calls = 0;
    mockApi({
      "GET /api/my/progress/": () => (++calls === 1 ? apiError(503, "unavailable", "Busy.") : json(200, progress)),
    });
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Busy.");
    expect(calls).toBe(1); // no retry behind the error
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: /Facts I know/ })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks once for a 4xx, with no retries that would hide it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // to check that nothing asks again
    const calls = mockApi({ "GET /api/my/progress/": () => apiError(403, "forbidden", "Only students have progress.") });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("Only students have progress.");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(progressCalls(calls)).toHaveLength(1);
  });

  it("cancels the request when the page closes first", async () => {
    const calls = mockApi({ "GET /api/my/progress/": () => new Promise<Response>(() => {}) });
    const { unmount } = renderPage();
    await eventually(() => expect(progressCalls(calls)).toHaveLength(1));
    const signal = progressCalls(calls)[0]!.init.signal!;
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
  });
});
