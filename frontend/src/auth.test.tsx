import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { render } from "./test/render";
import { MemoryRouter, useLocation } from "react-router-dom";
import { AppRoutes } from "./App";
import { AuthProvider, returnPath, useAuth } from "./auth";
import { eventually } from "./test/eventually";
import { apiError, json, mockFetch } from "./test/fetchMock";
import type { Me } from "./api/types";
import { GAMES } from "./test/games";

afterEach(() => vi.unstubAllGlobals());

const teacher: Me = { id: 1, role: "teacher", name: "Ms Rivera", email: "r@school.test", classroom: null, avatar: null };
const student: Me = { id: 2, role: "student", name: "Ana L.", email: null, classroom: { id: 5, name: "2B", join_code: "ABC234", sounds: false }, avatar: { picture: "owl", colour: "teal" } };

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <AppRoutes />
        <Where />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId("where").textContent;

describe("route guards", () => {
  it("sends a signed-out visitor of /teacher to the teacher sign-in", async () => {
    mockFetch({ "GET /api/auth/me/": () => apiError(401, "not_authenticated", "Please sign in.") });
    renderAt("/teacher/classes/5");
    expect(await screen.findByRole("heading", { level: 1, name: "Teacher sign in" })).toBeTruthy();
    expect(where()).toBe("/teacher/login");
  });

  it("starts a signed-in page once the games' definitions have arrived", async () => {
    let serve = () => {};
    const served = new Promise<void>((resolve) => (serve = resolve));
    const calls = mockFetch({
      "GET /api/auth/me/": () => json(200, teacher),
      "GET /api/games/": async () => {
        await served;
        return json(200, GAMES);
      },
      "GET /api/classes/": () => json(200, { count: 0, next: null, previous: null, results: [] }),
    });
    renderAt("/teacher");
    await eventually(() => expect(calls.some((c) => c.path === "/api/games/")).toBe(true));
    expect(screen.getByText("Loading…")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/classes/")).toBe(false);
    serve();
    expect(await screen.findByRole("heading", { level: 1, name: "My classes" })).toBeTruthy();
  });

  it("sends a signed-in student away from teacher pages", async () => {
    mockFetch({ "GET /api/auth/me/": () => json(200, student) });
    renderAt("/teacher");
    await screen.findByRole("heading", { level: 1, name: "Teacher sign in" });
    expect(where()).toBe("/teacher/login");
  });

  it("lets a teacher in", async () => {
    mockFetch({
      "GET /api/auth/me/": () => json(200, teacher),
      "GET /api/classes/": () => json(200, { count: 0, next: null, previous: null, results: [] }),
    });
    renderAt("/teacher");
    expect(await screen.findByRole("heading", { level: 1, name: "My classes" })).toBeTruthy();
    expect(await screen.findByText(/No classes yet/)).toBeTruthy();
    expect(where()).toBe("/teacher");
  });

  it("sends a teacher (or nobody) away from the student home to the class code screen", async () => {
    mockFetch({ "GET /api/auth/me/": () => json(200, teacher) });
    renderAt("/home");
    await screen.findByRole("heading", { level: 1, name: "Type your class code" });
    expect(where()).toBe("/student");
  });

  it("shows the student home to a student", async () => {
    mockFetch({
      "GET /api/auth/me/": () => json(200, student),
      "GET /api/my/assignments/": () => json(200, []),
      "GET /api/my/matches/": () => json(200, []),
      "GET /api/my/current-match/": () => json(200, { match: null }),
      "GET /api/my/challenges/": () => json(200, []),
    });
    renderAt("/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Hi Ana L.!" })).toBeTruthy();
    expect(await screen.findByText("Your teacher has not picked a game yet.")).toBeTruthy();
  });

  it("only returns to same-area paths after sign-in", () => {
    expect(returnPath({ from: "/teacher/classes/5" }, "/teacher", "/teacher")).toBe("/teacher/classes/5");
    expect(returnPath({ from: "https://evil.test" }, "/teacher", "/teacher")).toBe("/teacher");
    expect(returnPath(null, "/teacher", "/teacher")).toBe("/teacher");
  });
});

describe("session end", () => {
  it("a 401 from any request while on a teacher page sends the teacher to sign in", async () => {
    let ended = false;
    mockFetch({
      "GET /api/auth/me/": () => (ended ? apiError(401, "not_authenticated", "Please sign in.") : json(200, teacher)),
      "GET /api/classes/": () => {
        ended = true; // the session ended (say, a new password elsewhere): /me says so too
        return apiError(401, "not_authenticated", "Please sign in.");
      },
    });
    renderAt("/teacher");
    expect(await screen.findByRole("heading", { level: 1, name: "Teacher sign in" })).toBeTruthy();
    expect(where()).toBe("/teacher/login");
  });

  it("a 401 to a request that left with a cookie another tab has since replaced keeps the child signed in", async () => {
    // Another tab of this browser signed in meanwhile: this request carried the old session cookie;
    // /me, asked again with the cookie the browser has now, answers the child (issue 32).
    let listed = 0;
    const calls = mockFetch({
      "GET /api/auth/me/": () => json(200, student),
      "GET /api/my/assignments/": () => (++listed === 1 ? apiError(401, "not_authenticated", "Please sign in.") : json(200, [])),
      "GET /api/my/matches/": () => json(200, []),
      "GET /api/my/current-match/": () => json(200, { match: null }),
      "GET /api/my/challenges/": () => json(200, []),
    });
    renderAt("/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Hi Ana L.!" })).toBeTruthy();
    await eventually(() => expect(calls.filter((c) => c.path === "/api/auth/me/").length).toBe(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(where()).toBe("/home");
    expect(screen.getByRole("heading", { level: 1, name: "Hi Ana L.!" })).toBeTruthy();
  });

  it("a QR card's sign-in is not undone by the page's first /me answering 401 after it", async () => {
    let cardSignedIn!: () => void;
    const cardDone = new Promise<void>((resolve) => (cardSignedIn = resolve));
    mockFetch({
      "GET /api/auth/me/": async () => {
        await cardDone; // asked before the card's sign-in, answered after it, as a busy server does
        return apiError(401, "not_authenticated", "Please sign in.");
      },
      "GET /api/auth/csrf/": () => json(204, null),
      "POST /api/student-login/token/": () => {
        setTimeout(cardSignedIn, 10);
        return json(200, student);
      },
      "GET /api/my/assignments/": () => json(200, []),
      "GET /api/my/matches/": () => json(200, []),
      "GET /api/my/current-match/": () => json(200, { match: null }),
      "GET /api/my/challenges/": () => json(200, []),
    });
    document.cookie = "csrftoken=t; path=/";
    renderAt("/s/tok-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Hi Ana L.!" })).toBeTruthy();
    await cardDone;
    await new Promise((r) => setTimeout(r, 30));
    expect(where()).toBe("/home");
    expect(screen.getByRole("heading", { level: 1, name: "Hi Ana L.!" })).toBeTruthy();
  });
});

describe("changing who is signed in", () => {
  it("shows the next teacher none of the data fetched for the one before", async () => {
    const other: Me = { ...teacher, id: 3, name: "Mr Okafor", email: "o@school.test" };
    let signedIn: Me | null = teacher;
    mockFetch({
      "GET /api/auth/me/": () => json(200, signedIn),
      "POST /api/auth/csrf/": () => json(200, {}),
      "GET /api/auth/csrf/": () => json(200, {}),
      "POST /api/auth/logout/": () => {
        signedIn = null;
        return json(204, null);
      },
      "POST /api/auth/login/": () => {
        signedIn = other;
        return json(200, other);
      },
      // the first teacher's classes; the second teacher's list is still on its way
      "GET /api/classes/": () =>
        signedIn === teacher ? json(200, { count: 1, next: null, previous: null, results: [klass("Ms Rivera's 2B")] }) : new Promise<Response>(() => {}),
    });
    document.cookie = "csrftoken=t; path=/";
    const user = userEvent.setup();
    renderAt("/teacher");
    expect(await screen.findByRole("link", { name: "Ms Rivera's 2B" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await user.type(await screen.findByLabelText("Email"), "o@school.test");
    await user.type(screen.getByLabelText("Password"), "secret-secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Mr Okafor")).toBeTruthy();
    expect(await screen.findByText("Loading classes…")).toBeTruthy();
    expect(screen.queryByText("Ms Rivera's 2B")).toBeNull();
  });
});

describe("the cache and who is signed in", () => {
  it("keeps what the sign-in pages read when someone signs in, and forgets everything when another signs in over them", async () => {
    mockFetch({ "GET /api/auth/me/": () => apiError(401, "not_authenticated", "Please sign in.") });
    const ben: Me = { ...student, id: 3, name: "Ben O." };
    function Probe() {
      const { me, setMe } = useAuth();
      return (
        <>
          <output data-testid="who">{me === undefined ? "loading" : (me?.name ?? "nobody")}</output>
          <button type="button" onClick={() => setMe(student)}>
            Ana signs in
          </button>
          <button type="button" onClick={() => setMe(ben)}>
            Ben signs in
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    const { queryClient } = render(
      <MemoryRouter>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </MemoryRouter>,
    );
    await eventually(() => expect(screen.getByTestId("who").textContent).toBe("nobody"));
    queryClient.setQueryData(["login-class", "ABC234"], "the names");
    await user.click(screen.getByRole("button", { name: "Ana signs in" }));
    expect(queryClient.getQueryData(["login-class", "ABC234"])).toBe("the names");
    queryClient.setQueryData(["my", "assignments"], "Ana's games");
    await user.click(screen.getByRole("button", { name: "Ben signs in" }));
    expect(screen.getByTestId("who").textContent).toBe("Ben O.");
    expect(queryClient.getQueryData(["my", "assignments"])).toBeUndefined();
    expect(queryClient.getQueryData(["login-class", "ABC234"])).toBeUndefined();
  });
});

function klass(name: string) {
  return { id: 5, name, join_code: "ABC234", sign_in_mode: "pictures", archived: false, student_count: 3, created_at: "2030-01-01T00:00:00Z" };
}
