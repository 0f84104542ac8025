import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { AuthProvider } from "../../auth";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { GAMES } from "../../test/games";
import type { Challenge, Me, MyAssignment } from "../../api/types";
import type { MatchMeta, StateMessage } from "../../protocol/messages";
import { StudentHome } from "./Home";
import { eventually } from "../../test/eventually";

const ME: Me = { id: 2, role: "student", name: "Ana L.", email: null, classroom: { id: 5, name: "2B", join_code: "ABC234", sounds: false }, avatar: { picture: "owl", colour: "teal" } };

const FULTIPLES: MyAssignment = {
  id: 11,
  game: "fultiples",
  game_title: "Fultiples",
  title: "Fultiples",
  players_per_match: 2,
  hints: false,
  bots_allowed: true,
  bot_levels: ["easy", "hard"],
  closes_at: null,
  classmates: [
    { user_id: 3, name: "Ben K." },
    { user_id: 4, name: "Cy D." },
  ],
};
const MULTIPLIN: MyAssignment = { ...FULTIPLES, id: 12, game: "multiplin", game_title: "Multiplin", title: "Multiplin", bots_allowed: false, bot_levels: [] };

const meta = (id: number, extra: Partial<MatchMeta> = {}): MatchMeta => ({
  id,
  game: "fultiples",
  kind: "quick",
  status: "active",
  players: 2,
  host_user_id: 2,
  hints: false,
  assignment_id: 11,
  result: null,
  seats: [],
  ...extra,
});
const snapshot = (id: number): StateMessage => ({ type: "state", version: 0, view: null, events: [], match: meta(id, { status: "lobby" }) });

function PlayPage() {
  const { matchId } = useParams();
  return <p>Playing match {matchId}</p>;
}

function renderHome(routes: Record<string, (c: Call) => Response | Promise<Response>>) {
  document.cookie = "csrftoken=t; path=/";
  const calls = mockFetch({
    "GET /api/auth/me/": () => json(200, ME),
    "GET /api/games/": () => json(200, GAMES),
    "GET /api/my/assignments/": () => json(200, [FULTIPLES, MULTIPLIN]),
    "GET /api/my/matches/": () => json(200, []),
    "GET /api/my/current-match/": () => json(200, { match: null }),
    "GET /api/my/challenges/": () => json(200, []),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={["/home"]}>
      <AuthProvider>
        <Routes>
          <Route path="/home" element={<StudentHome />} />
          <Route path="/play/:matchId" element={<PlayPage />} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
  return calls;
}

const card = async (name: string) => (await screen.findByRole("heading", { level: 3, name })).closest("li")!;

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => vi.unstubAllGlobals());

describe("student home", () => {
  it("shows each open game with its three ways to play", async () => {
    renderHome({});
    const f = await card("Fultiples");
    expect(within(f).getByRole("button", { name: /Quick match/ })).toBeTruthy();
    expect(within(f).getByRole("button", { name: /Challenge a classmate/ })).toBeTruthy();
    expect(within(f).getByRole("button", { name: /Play the computer/ })).toBeTruthy();
    // no computer where the teacher did not allow one
    const m = await card("Multiplin");
    expect(within(m).queryByRole("button", { name: /Play the computer/ })).toBeNull();
  });

  it("marks the classmates who are online, lists them first to challenge, and shows avatars", async () => {
    renderHome({
      "GET /api/my/classmates/": () =>
        json(200, [
          { user_id: 2, name: "Ana L.", avatar: { picture: "owl", colour: "teal" }, online: true, me: true },
          { user_id: 3, name: "Ben K.", avatar: null, online: false, me: false },
          { user_id: 4, name: "Cy D.", avatar: { picture: "frog", colour: "green" }, online: true, me: false },
        ]),
    });
    const user = userEvent.setup();
    expect((await screen.findByText(/Online now/)).textContent).toBe(" Online now: Cy D.");
    const f = await card("Fultiples");
    await user.click(within(f).getByRole("button", { name: /Challenge a classmate/ }));
    const names = within(f).getAllByRole("button").filter((b) => b.classList.contains("classmate-button"));
    expect(names.map((b) => b.textContent)).toEqual(["Cy D. online", "Ben K."]);
    expect(names[0]!.querySelector('svg[data-avatar="frog"]')).toBeTruthy();
    // The tile is a picture of its game.
    expect(f.querySelector("svg.game-art")).toBeTruthy();
  });

  it("Quick match opens the match", async () => {
    const calls = renderHome({ "POST /api/assignments/11/quick-match/": () => json(201, snapshot(77)) });
    const user = userEvent.setup();
    await user.click(within(await card("Fultiples")).getByRole("button", { name: /Quick match/ }));
    expect(await screen.findByText("Playing match 77")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/assignments/11/quick-match/")).toBe(true);
  });

  it("already_playing goes to the match the child is already in, not to an error", async () => {
    // the match id travels inside `error` (api/errors.py puts a ServiceError's extras there)
    renderHome({
      "POST /api/assignments/11/quick-match/": () =>
        json(409, { error: { code: "already_playing", message: "Finish (or leave) your current match first.", fields: {}, match_id: 42 } }),
    });
    const user = userEvent.setup();
    await user.click(within(await card("Fultiples")).getByRole("button", { name: /Quick match/ }));
    expect(await screen.findByText("Playing match 42")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("already_playing from the computer button too", async () => {
    renderHome({
      "POST /api/assignments/11/computer-match/": () =>
        json(409, { error: { code: "already_playing", message: "Finish your match first.", fields: {}, match_id: 43 } }),
    });
    const user = userEvent.setup();
    const f = await card("Fultiples");
    await user.click(within(f).getByRole("button", { name: /Play the computer/ }));
    await user.click(within(f).getByRole("button", { name: "Hard computer" }));
    expect(await screen.findByText("Playing match 43")).toBeTruthy();
  });

  it("other refusals are shown to the child", async () => {
    renderHome({
      "POST /api/assignments/11/quick-match/": () => apiError(400, "closed", "This game is not open right now."),
    });
    const user = userEvent.setup();
    await user.click(within(await card("Fultiples")).getByRole("button", { name: /Quick match/ }));
    expect((await screen.findByRole("alert")).textContent).toContain("not open right now");
  });

  it("Play the computer offers the allowed levels in words", async () => {
    const calls = renderHome({ "POST /api/assignments/11/computer-match/": () => json(201, snapshot(80)) });
    const user = userEvent.setup();
    const f = await card("Fultiples");
    const toggle = within(f).getByRole("button", { name: /Play the computer/ });
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.click(within(f).getByRole("button", { name: "Easy computer" }));
    expect(await screen.findByText("Playing match 80")).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith("/computer-match/"))!.body).toEqual({ bot_level: "easy" });
  });

  it("a challenge sent shows 'waiting'; one received can be accepted", async () => {
    const sent: Challenge = {
      id: 5,
      assignment: 11,
      from_user: 2,
      from_name: "Ana L.",
      to_user: 3,
      to_name: "Ben K.",
      game: "fultiples",
      status: "pending",
      match: null,
      created_at: "2030-01-01T10:00:00Z",
    };
    const incoming: Challenge = { ...sent, id: 6, from_user: 4, from_name: "Cy D.", to_user: 2, to_name: "Ana L.", game: "multiplin", assignment: 12 };
    const calls = renderHome({
      "POST /api/assignments/11/challenges/": () => json(201, sent),
      "GET /api/my/challenges/": () => json(200, [incoming]),
      "POST /api/challenges/6/accept/": () => json(200, { ...incoming, status: "accepted", match: 90 }),
    });
    const user = userEvent.setup();
    const f = await card("Fultiples");
    await user.click(within(f).getByRole("button", { name: /Challenge a classmate/ }));
    await user.click(within(f).getByRole("button", { name: "Ben K." }));
    expect((await within(f).findByRole("status")).textContent).toContain("You asked Ben K. to play");
    expect(calls.find((c) => c.path === "/api/assignments/11/challenges/")!.body).toEqual({ opponent: 3 });

    const offers = (await screen.findByRole("heading", { name: "Someone wants to play!" })).parentElement!;
    const offer = within(offers).getByRole("listitem");
    expect(offer.textContent).toContain("Cy D. wants to play Multiplin with you!");
    await user.click(within(offer).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Playing match 90")).toBeTruthy();
  });

  describe("the challenger learns the answer", () => {
    const sent: Challenge = {
      id: 5,
      assignment: 11,
      from_user: 2,
      from_name: "Ana L.",
      to_user: 3,
      to_name: "Ben K.",
      game: "fultiples",
      status: "pending",
      match: null,
      created_at: "2030-01-01T10:00:00Z",
      answered_at: null,
    };
    /** The next poll at once: the page checks again when the tab becomes visible (the browser's
     * event bubbles from the document to the window). */
    const pollNow = () => document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));

    /** GET /api/my/challenges/ answers `now.list` (the test changes it between polls). */
    function serve(first: Challenge[]) {
      const now = { list: first };
      return { now, route: () => json(200, now.list) };
    }

    it("'Ben K. said no thanks' when the challenge was declined", async () => {
      const declined = { ...sent, status: "declined" as const, answered_at: "2030-01-01T10:01:00Z" };
      const { now, route } = serve([sent]);
      renderHome({ "GET /api/my/challenges/": route });
      const f = await card("Fultiples");
      expect((await within(f).findByRole("status")).textContent).toContain("You asked Ben K. to play");
      now.list = [declined];
      pollNow();
      await eventually(() => expect(screen.getByText("Ben K. said no thanks. Try someone else!")).toBeTruthy());
      expect(within(f).queryByText(/You asked Ben K. to play/)).toBeNull();
    });

    it("moves into the match when the challenge was accepted", async () => {
      const accepted = { ...sent, status: "accepted" as const, match: 91, answered_at: "2030-01-01T10:01:00Z" };
      const { now, route } = serve([sent]);
      renderHome({ "GET /api/my/challenges/": route });
      const f = await card("Fultiples");
      await within(f).findByText(/You asked Ben K. to play/);
      now.list = [accepted];
      pollNow();
      expect(await screen.findByText("Playing match 91")).toBeTruthy();
    });

    it("a challenge sent while a check is on its way is not taken for gone", async () => {
      let release: (() => void) | null = null;
      let list: Challenge[] = [];
      let hold = false;
      const calls = renderHome({
        "GET /api/my/challenges/": async () => {
          const answer = list; // what the server knew when the check arrived
          if (hold) await new Promise<void>((r) => (release = r));
          return json(200, answer);
        },
        "POST /api/assignments/11/challenges/": () => json(201, sent),
      });
      const f = await card("Fultiples");
      await eventually(() => expect(calls.filter((c) => c.path === "/api/my/challenges/")).toHaveLength(1));
      hold = true;
      pollNow(); // a check leaves before the challenge exists...
      await eventually(() => expect(calls.filter((c) => c.path === "/api/my/challenges/")).toHaveLength(2));
      const user = userEvent.setup();
      await user.click(within(f).getByRole("button", { name: /Challenge a classmate/ }));
      await user.click(within(f).getByRole("button", { name: "Ben K." }));
      await within(f).findByText(/You asked Ben K. to play/);
      list = [sent];
      hold = false;
      release!(); // ...and comes back without it
      // the next check can only start once that one is done
      await eventually(() => {
        pollNow();
        expect(calls.filter((c) => c.path === "/api/my/challenges/").length).toBeGreaterThanOrEqual(3);
      });
      expect(within(f).getByText(/You asked Ben K. to play/)).toBeTruthy();
      expect(screen.queryByText(/can't play right now/)).toBeNull();
      list = [{ ...sent, status: "declined" }];
      await eventually(() => {
        pollNow();
        expect(screen.getByText("Ben K. said no thanks. Try someone else!")).toBeTruthy();
      });
    });

    it("an answered challenge seen on the first look does not move or notify (it was answered before)", async () => {
      const incomingDeclined: Challenge = { ...sent, id: 6, from_user: 4, from_name: "Cy D.", to_user: 2, to_name: "Ana L.", status: "declined" };
      const accepted = { ...sent, status: "accepted" as const, match: 91 };
      const calls = renderHome({ "GET /api/my/challenges/": () => json(200, [accepted, incomingDeclined]) });
      await card("Fultiples");
      await eventually(() => expect(calls.filter((c) => c.path === "/api/my/challenges/").length).toBeGreaterThan(0));
      pollNow();
      await eventually(() => expect(calls.filter((c) => c.path === "/api/my/challenges/").length).toBeGreaterThan(1));
      expect(screen.queryByText(/Playing match/)).toBeNull();
      expect(screen.queryByText(/said no thanks/)).toBeNull();
      // an answered challenge to me is no longer offered
      expect(screen.queryByRole("heading", { name: "Someone wants to play!" })).toBeNull();
    });
  });

  it("shows 'Back to your match' when a match is still going", async () => {
    renderHome({ "GET /api/my/current-match/": () => json(200, { match: meta(55) }) });
    const link = await screen.findByRole("link", { name: "Back to your match" });
    expect(link.getAttribute("href")).toBe("/play/55");
    expect(screen.getByText("Your Fultiples game is still going!")).toBeTruthy();
  });

  it("lists the last games with won / lost / draw / left", async () => {
    const row = (id: number, won: boolean, winners: number[], reason: string, left = false) => ({
      id,
      game: "fultiples",
      status: "finished",
      result: { winners, reason },
      scores: null,
      my_seat: 0,
      won,
      left,
      players: ["Ana L.", "Ben K."],
      started_at: "2030-01-01T10:00:00Z",
      finished_at: "2030-01-01T10:10:00Z",
      duration_s: 600,
    });
    renderHome({
      "GET /api/my/matches/": () =>
        json(200, [
          row(1, true, [0], "five_in_a_row"),
          row(2, false, [1], "five_in_a_row"),
          row(3, false, [], "board_full"),
          row(4, false, [0], "five_in_a_row", true),
        ]),
    });
    const list = (await screen.findByRole("heading", { name: "Your last games" })).parentElement!;
    const rows = within(list).getAllByRole("listitem").map((li) => li.textContent);
    expect(rows[0]).toMatch(/You won.*Fultiples.*with Ben K\./);
    expect(rows[1]).toMatch(/You lost/);
    expect(rows[2]).toMatch(/Draw/);
    expect(rows[3]).toMatch(/You left/); // its seat's stand-in won, not the child who left
  });

  it("with no game yet, says so in a child's words and hides the empty last games", async () => {
    renderHome({ "GET /api/my/assignments/": () => json(200, []) });
    expect(await screen.findByText("Your teacher has not picked a game yet.")).toBeTruthy();
    expect(screen.getByText("Ask your teacher, or come back soon.")).toBeTruthy();
    expect(screen.queryByText(/Pick one above/)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Your last games" })).toBeNull();
  });
});
