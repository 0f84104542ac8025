import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { Assignment, Game } from "../../api/types";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { GAMES } from "../../test/games";
import { eventually } from "../../test/eventually";
import { AssignmentsPage, assignmentStatus } from "./Assignments";


const KLASS = { id: 5, name: "2B", join_code: "ABC234", sign_in_mode: "pictures", archived: false, student_count: 2, created_at: "2030-01-01T00:00:00Z" };
const STUDENTS = [
  { id: 31, first_name: "Ana", last_name: "Lopez", display_name: "Ana L.", has_card: true, has_password: false, locked_until: null, failed_sign_ins: 0, sign_in_warning: false, created_at: "2030-01-01T00:00:00Z" },
  { id: 32, first_name: "Ben", last_name: "Okafor", display_name: "Ben O.", has_card: true, has_password: false, locked_until: null, failed_sign_ins: 0, sign_in_warning: false, created_at: "2030-01-01T00:00:00Z" },
];

const ASSIGNMENT: Assignment = {
  id: 70,
  classroom: 5,
  game: "multiplin",
  title: "",
  players_per_match: 3,
  options: { round_time_s: 60 },
  hints: false,
  bots_allowed: true,
  bot_levels: ["easy", "hard"],
  idle_takeover_s: 180,
  computer_offer_after_s: 20,
  students: [],
  opens_at: "2030-01-01T08:00:00Z",
  closes_at: null,
  closed_at: null,
  is_open: true,
  created_at: "2030-01-01T08:00:00Z",
};

function renderPage(routes: Record<string, (c: Call) => Response | Promise<Response>> = {}, assignments: Assignment[] = [], games: Game[] = GAMES) {
  document.cookie = "csrftoken=t; path=/";
  // The server's list of assignments: what a create, close or delete answered changes it, as it would.
  let list = [...assignments];
  const remembered = Object.fromEntries(
    Object.entries(routes).map(([route, handler]) => [
      route,
      async (c: Call) => {
        const res = await handler(c);
        if (!res.ok || c.method === "GET") return res;
        if (c.method === "DELETE") list = list.filter((a) => !c.path.endsWith(`/assignments/${a.id}/`));
        else {
          const changed = (await res.clone().json()) as Assignment;
          list = [changed, ...list.filter((a) => a.id !== changed.id)];
        }
        return res;
      },
    ]),
  );
  const calls = mockFetch({
    "GET /api/classes/5/": () => json(200, KLASS),
    "GET /api/classes/5/assignments/": () => json(200, list),
    "GET /api/games/": () => json(200, games),
    "GET /api/classes/5/students/": () => json(200, { count: 2, next: null, previous: null, results: STUDENTS }),
    "GET /api/batches/": () => json(200, { count: 0, next: null, previous: null, results: [] }),
    ...remembered,
  });
  render(
    <MemoryRouter initialEntries={["/teacher/classes/5/assignments"]}>
      <Routes>
        <Route path="/teacher/classes/:id/assignments" element={<AssignmentsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

async function openForm(user: ReturnType<typeof userEvent.setup>, game: string) {
  await user.click(await screen.findByRole("button", { name: "Assign a game" }));
  await user.selectOptions(screen.getByLabelText("Game", { exact: true }), game);
  return screen.getByRole("form", { name: "Assign a game" });
}

describe("assignment form", () => {
  it("a 2-player game has its player count fixed; each game shows its own options", async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await openForm(user, "fultiples");
    expect(within(form).getByText("2 players (this game is for 2)")).toBeTruthy();
    expect(within(form).queryByLabelText("Players per match")).toBeNull();
    expect(within(form).getByLabelText("Level")).toBeTruthy();
    expect(within(form).getByLabelText("Time limit per turn (seconds)")).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText("Game", { exact: true }), "stepping_divisors");
    expect(within(form).getByLabelText(/Players per match/)).toBeTruthy();
    expect(within(form).getByLabelText("Board size")).toBeTruthy();
    expect(within(form).getByLabelText("Fill the grid automatically")).toBeTruthy();
    expect(within(form).queryByLabelText("Level")).toBeNull();

    await user.selectOptions(within(form).getByLabelText("Game", { exact: true }), "multiplin");
    expect(within(form).getByLabelText("Round time (seconds)")).toBeTruthy();
    expect(within(form).queryByLabelText("Time limit per turn (seconds)")).toBeNull();
    expect(within(form).queryByLabelText(/Strict/)).toBeNull();
  });

  it("sends what the teacher chose and adds the new assignment to the list", async () => {
    const user = userEvent.setup();
    const calls = renderPage({
      "POST /api/classes/5/assignments/": (c) => json(201, { ...ASSIGNMENT, id: 71, game: "four_in_a_row", players_per_match: 2, options: (c.body as { options: object }).options }),
    });
    const form = await openForm(user, "four_in_a_row");
    await user.type(within(form).getByLabelText("Time limit per turn (seconds)"), "30");
    await user.clear(within(form).getByLabelText("Tokens to win"));
    await user.type(within(form).getByLabelText("Tokens to win"), "4");
    await user.click(within(form).getByLabelText(/Strict/));
    await user.click(within(form).getByLabelText("Hard computer"));
    await user.click(within(form).getByLabelText("Medium computer"));
    await user.click(within(form).getByLabelText("Some students"));
    await user.click(within(form).getByLabelText("Ben O."));
    await user.click(within(form).getByRole("button", { name: "Assign" }));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({
      game: "four_in_a_row",
      players_per_match: 2,
      options: { time_limit_s: 30, strict: true, target_score: 4 },
      bot_levels: ["easy"],
      students: [32],
      idle_takeover_s: 180,
    });
    expect(await screen.findByRole("heading", { name: "Assigned games (1)" })).toBeTruthy();
  });

  it("proposes Stepping By Divisors' small board the computer fills, and says why (not the engine's default)", async () => {
    const user = userEvent.setup();
    const calls = renderPage({ "POST /api/classes/5/assignments/": (c) => json(201, { ...ASSIGNMENT, id: 73, game: "stepping_divisors", options: (c.body as { options: object }).options }) });
    const form = await openForm(user, "stepping_divisors");
    const stepping = GAMES.find((g) => g.slug === "stepping_divisors")!;
    expect(stepping.options.find((o) => o.name === "size")!.default).toBe(8);
    expect((within(form).getByLabelText("Board size") as HTMLInputElement).value).toBe("6");
    expect((within(form).getByLabelText("Fill the grid automatically") as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByText(stepping.proposal!.why)).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Assign" }));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ options: { size: 6, random_fill: true } });
  });

  it("shows the engine's refusal of the options beside them", async () => {
    const user = userEvent.setup();
    renderPage({
      "POST /api/classes/5/assignments/": () =>
        apiError(400, "invalid", "size must be 3..12", { options: ["size must be 3..12"] }),
    });
    const form = await openForm(user, "stepping_divisors");
    await user.click(within(form).getByRole("button", { name: "Assign" }));
    const options = within(form).getByRole("group", { name: "Game options" });
    expect(await within(options).findByText("size must be 3..12")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("size must be 3..12");
  });

  it("shows the server's refusal of one option beside that option", async () => {
    const user = userEvent.setup();
    renderPage({
      "POST /api/classes/5/assignments/": () =>
        apiError(400, "invalid", "The board size must be from 3 to 12.", { "options.size": ["The board size must be from 3 to 12."] }),
    });
    const form = await openForm(user, "stepping_divisors");
    await user.click(within(form).getByRole("button", { name: "Assign" }));
    const size = within(form).getByLabelText("Board size");
    await eventually(() => expect(size.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${size.id}-error`)?.textContent).toBe("The board size must be from 3 to 12.");
    expect(within(screen.getByRole("alert")).queryByRole("listitem")).toBeNull(); // not repeated in the box on top
  });

  it("builds each game's options, words, ranges and defaults from the game's definition", async () => {
    const user = userEvent.setup();
    const games = GAMES.map((g) =>
      g.slug !== "stepping_divisors"
        ? g
        : { ...g, options: g.options.map((o) => (o.name === "size" ? { ...o, label: "Squares a side", help: "From 4 to 9.", default: 6, minimum: 4, maximum: 9 } : o)) },
    );
    const calls = renderPage({ "POST /api/classes/5/assignments/": (c) => json(201, { ...ASSIGNMENT, id: 72, game: "stepping_divisors", options: (c.body as { options: object }).options }) }, [], games);
    const form = await openForm(user, "stepping_divisors");
    const size = within(form).getByLabelText("Squares a side") as HTMLInputElement;
    expect([size.value, size.min, size.max]).toEqual(["6", "4", "9"]);
    expect(within(form).getByText("From 4 to 9.")).toBeTruthy();
    const hints = games.find((g) => g.slug === "stepping_divisors")!.hints!.shows;
    expect(within(form).getByText(hints)).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Assign" }));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ options: { size: 6 } });
  });

  it("offers the computer players and levels the definitions name", async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await openForm(user, "fultiples");
    const level = within(form).getByLabelText("Level") as HTMLSelectElement;
    const fultiples = GAMES.find((g) => g.slug === "fultiples")!;
    expect([...level.options].map((o) => o.textContent)).toEqual(fultiples.options.find((o) => o.name === "level")!.choices.map((c) => c.label));
    expect(level.value).toBe("intermediate");
    const computers = within(form).getByRole("group", { name: "Computer players allowed" });
    expect(within(computers).getAllByRole("checkbox").map((c) => c.closest("label")!.textContent)).toEqual(fultiples.computer_players.map((p) => p.label));
  });

  it("checks numbers before sending", async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const form = await openForm(user, "stepping_divisors");
    await user.clear(within(form).getByLabelText("Board size"));
    await user.type(within(form).getByLabelText("Board size"), "20");
    await user.click(within(form).getByRole("button", { name: "Assign" }));
    expect(await within(form).findByText("The board size must be from 3 to 12.")).toBeTruthy();
    expect(within(form).getByLabelText("Board size").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("assignment list", () => {
  it("closes after a confirmation", async () => {
    const user = userEvent.setup();
    const calls = renderPage(
      { "POST /api/assignments/70/close/": () => json(200, { ...ASSIGNMENT, is_open: false, closed_at: "2030-01-02T08:00:00Z" }) },
      [ASSIGNMENT],
    );
    const row = (await screen.findByRole("rowheader", { name: "Multiplin" })).closest("tr")!;
    expect(within(row).getByText("Open")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Close Multiplin" }));
    const dialog = screen.getByRole("dialog", { name: "Close Multiplin?" });
    await user.click(within(dialog).getByRole("button", { name: "Close it" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/assignments/70/close/")).toBe(true);
    expect(await within(row).findByText("Closed")).toBeTruthy();
  });

  it("deletes after a confirmation", async () => {
    const user = userEvent.setup();
    const calls = renderPage({ "DELETE /api/assignments/70/": () => json(204, null) }, [ASSIGNMENT]);
    const row = (await screen.findByRole("rowheader", { name: "Multiplin" })).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Delete Multiplin" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "Assigned games (0)" })).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("says open, closed, later or ended", () => {
    const now = Date.parse("2030-06-01T00:00:00Z");
    expect(assignmentStatus(ASSIGNMENT, now)).toBe("Open");
    expect(assignmentStatus({ ...ASSIGNMENT, closed_at: "2030-05-01T00:00:00Z", is_open: false }, now)).toBe("Closed");
    expect(assignmentStatus({ ...ASSIGNMENT, is_open: false, opens_at: "2030-07-01T00:00:00Z" }, now)).toBe("Opens later");
    expect(assignmentStatus({ ...ASSIGNMENT, is_open: false, closes_at: "2030-05-01T00:00:00Z" }, now)).toBe("Ended");
  });
});
