import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { AuthProvider, useAuth } from "../../auth";
import type { Me, StudentLoginClass } from "../../api/types";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { EnterCode, PickName, SecretStep, TokenSignIn, TRY_AGAIN } from "./SignIn";
import { problems } from "../../words/readability";
import { PICTURES } from "../../components/Picture";
import { eventually } from "../../test/eventually";

const ME: Me = { id: 2, role: "student", name: "Ana L.", email: null, classroom: { id: 5, name: "2B", join_code: "ABC234", sounds: false }, avatar: { picture: "owl", colour: "teal" } };
const CLASS: StudentLoginClass = {
  classroom: { name: "Class 2B", sign_in_mode: "pictures" },
  students: [
    { id: 9, display_name: "Ana L." },
    { id: 10, display_name: "Ben O." },
  ],
};
const THROTTLED = "Too many wrong tries from this network. Wait 9 minutes, then try again.";

beforeEach(() => {
  document.cookie = "csrftoken=t; path=/";
  homeShowed.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

/** Every name the home page showed, in order (one entry a render). */
const homeShowed: string[] = [];

function Home() {
  const { me, refresh } = useAuth();
  const name = me?.name ?? "nobody";
  homeShowed.push(name);
  return (
    <>
      <h1>Home of {name}</h1>
      <button type="button" onClick={() => void refresh()}>
        Check
      </button>
    </>
  );
}

function renderAt(path: string, routes: Record<string, (c: Call) => Response | Promise<Response>>) {
  const calls = mockFetch({ "GET /api/auth/me/": () => apiError(403, "not_authenticated", "Sign in."), ...routes });
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/student" element={<EnterCode />} />
          <Route path="/student/:code" element={<PickName />} />
          <Route path="/student/:code/:studentId" element={<SecretStep />} />
          <Route path="/s/:token" element={<TokenSignIn />} />
          <Route path="/home" element={<Home />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
  return calls;
}

const picture = (name: string) => screen.getByRole("button", { name });

describe("signing in with the class code and pictures", () => {
  it("code, then name, then three pictures: signed in and at home", async () => {
    const calls = renderAt("/student", {
      "GET /api/student-login/ABC234/": () => json(200, CLASS),
      "POST /api/student-login/": () => json(200, ME),
    });
    const user = userEvent.setup();
    const go = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    await user.type(screen.getByLabelText("Class code"), "abc 2");
    expect(go.disabled).toBe(true); // not all six characters yet
    await user.type(screen.getByLabelText("Class code"), "34");
    expect(go.disabled).toBe(false);
    await user.click(go);

    expect(await screen.findByRole("heading", { name: "Who are you?" })).toBeTruthy();
    expect(screen.getByText("Class Class 2B. Tap your name.")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Ana L." }));

    expect(await screen.findByRole("heading", { name: "Hi Ana L.!" })).toBeTruthy();
    for (const name of ["Sun", "Fish", "Car"]) await user.click(picture(name));

    expect(await screen.findByRole("heading", { name: "Home of Ana L." })).toBeTruthy();
    const login = calls.find((c) => c.method === "POST" && c.path === "/api/student-login/")!;
    expect(login.body).toEqual({ code: "ABC234", student_id: 9, pictures: ["sun", "fish", "car"] });
    // The class was fetched once for the names and the pictures pages.
    expect(calls.filter((c) => c.path === "/api/student-login/ABC234/")).toHaveLength(1);
  });

  it("puts the focus on the class code box, not on the heading", () => {
    renderAt("/student", {});
    expect(document.activeElement).toBe(screen.getByLabelText("Class code"));
  });

  it("arrow keys move between the pictures (one Tab stop), and Enter taps the one with focus", async () => {
    const calls = renderAt("/student/ABC234/9", {
      "GET /api/student-login/ABC234/": () => json(200, CLASS),
      "POST /api/student-login/": () => json(200, ME),
    });
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Hi Ana L.!" });
    const grid = screen.getByRole("group", { name: /Tap your 3 pictures/ });
    const buttons = within(grid).getAllByRole("button");
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(buttons[4]);
    expect(buttons[4]!.tabIndex).toBe(0);
    expect(buttons[0]!.tabIndex).toBe(-1);
    await user.keyboard("{ArrowLeft}{ArrowUp}");
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowUp}"); // the edge: stays
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{End}{Enter}{Home}{Enter}{ArrowRight}{Enter}");
    await eventually(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/student-login/")).toBe(true));
    const login = calls.find((c) => c.method === "POST" && c.path === "/api/student-login/")!;
    const slugs = PICTURES.map((p) => p.slug);
    expect(login.body).toMatchObject({ pictures: [slugs[8], slugs[0], slugs[1]] });
  });

  it("a wrong picture sequence says so and the child tries again", async () => {
    renderAt("/student/ABC234/10", {
      "GET /api/student-login/ABC234/": () => json(200, CLASS),
      "POST /api/student-login/": (c) =>
        (c.body as { pictures: string[] }).pictures[0] === "moon" ? json(200, { ...ME, name: "Ben O." }) : apiError(400, "wrong_secret", "That's not it. Try again!"),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Hi Ben O.!" })).toBeTruthy();
    for (const name of ["Sun", "Sun", "Star"]) await user.click(picture(name));
    expect(within(await screen.findByRole("alert")).getByText("That's not it. Try again!")).toBeTruthy();
    for (const name of ["Moon", "Car", "Fish"]) await user.click(picture(name));
    expect(await screen.findByRole("heading", { name: "Home of Ben O." })).toBeTruthy();
  });

  it("a code that names no class says to check it with the teacher", async () => {
    renderAt("/student/ZZZ999", { "GET /api/student-login/ZZZ999/": () => apiError(404, "not_found", "Not found.") });
    expect(await screen.findByRole("heading", { name: "We can't find that class" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Check the code with your teacher and try again.");
    expect(screen.getByRole("link", { name: "Type the code again" }).getAttribute("href")).toBe("/student");
  });

  it("a network past its wrong tries shows the server's sentence", async () => {
    renderAt("/student/ZZZ998", { "GET /api/student-login/ZZZ998/": () => apiError(429, "throttled", THROTTLED) });
    expect((await screen.findByRole("alert")).textContent).toBe(THROTTLED);
  });

  it("an empty class says so", async () => {
    renderAt("/student/EMP234", { "GET /api/student-login/EMP234/": () => json(200, { ...CLASS, students: [] }) });
    expect(await screen.findByText("There is nobody in this class yet. Ask your teacher.")).toBeTruthy();
  });

  it("a name that is not in the class goes back to the names", async () => {
    renderAt("/student/ABC234/77", { "GET /api/student-login/ABC234/": () => json(200, CLASS) });
    expect(await screen.findByRole("heading", { name: "Who are you?" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ben O." }).getAttribute("href")).toBe("/student/ABC234/10");
  });

  it("a malformed code in the address goes back to typing it", async () => {
    renderAt("/student/AB", {});
    expect(await screen.findByLabelText("Class code")).toBeTruthy();
  });
});

describe("signing in with a typed password", () => {
  const typed = { ...CLASS, classroom: { name: "Class 2B", sign_in_mode: "password" as const } };

  it("a wrong password is cleared with a message; the right one signs in", async () => {
    const calls = renderAt("/student/ABC234/9", {
      "GET /api/student-login/ABC234/": () => json(200, typed),
      "POST /api/student-login/": (c) =>
        (c.body as { password: string }).password === "tiger12" ? json(200, ME) : apiError(400, "wrong_secret", "That's not it. Try again!"),
    });
    const user = userEvent.setup();
    const field = (await screen.findByLabelText("Your password")) as HTMLInputElement;
    expect((screen.getByRole("button", { name: "Let me in" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(field, "lion");
    await user.click(screen.getByRole("button", { name: "Let me in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That's not it. Try again!");
    expect(field.value).toBe("");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    await user.type(field, "tiger12{Enter}");
    expect(await screen.findByRole("heading", { name: "Home of Ana L." })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { code: "ABC234", student_id: 9, password: "lion" },
      { code: "ABC234", student_id: 9, password: "tiger12" },
    ]);
  });

  it("a locked child is told to ask the teacher and sees no password box", async () => {
    renderAt("/student/ABC234/9", {
      "GET /api/student-login/ABC234/": () => json(200, typed),
      "POST /api/student-login/": () => apiError(423, "locked", "Too many tries. Ask your teacher to help you sign in."),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Your password"), "lion{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Too many tries. Ask your teacher to help you sign in.");
    expect(screen.queryByLabelText("Your password")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the names" }).getAttribute("href")).toBe("/student/ABC234");
  });
});

describe("signing in with the QR card", () => {
  it("signs in once and goes home, even when the page's first /me answers after the card signed in", async () => {
    let signedIn!: () => void;
    const cardDone = new Promise<void>((resolve) => (signedIn = resolve));
    let asked = 0;
    const calls = renderAt("/s/tok-123", {
      // The first /me is asked before the card's sign-in finished and answered after it: "nobody" is old news
      // by then. A second one, asked later (the "Check" button), answers after the first.
      "GET /api/auth/me/": async () => {
        asked += 1;
        if (asked > 1) return json(200, { ...ME, name: "Ana L. (checked)" });
        await cardDone;
        return apiError(403, "not_authenticated", "Sign in.");
      },
      "POST /api/student-login/token/": () => {
        setTimeout(signedIn, 0);
        return json(200, ME);
      },
    });
    expect(await screen.findByRole("heading", { name: "Home of Ana L." })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByRole("heading", { name: "Home of Ana L. (checked)" })).toBeTruthy();
    const shown = homeShowed.slice(homeShowed.indexOf("Ana L."));
    expect(shown.filter((name, i) => name !== shown[i - 1])).toEqual(["Ana L.", "Ana L. (checked)"]);
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ token: "tok-123" }]);
  });

  it("a card that no longer works says to ask for a new one", async () => {
    renderAt("/s/old", { "POST /api/student-login/token/": () => apiError(400, "bad_token", "Invalid token.") });
    expect((await screen.findByRole("alert")).textContent).toBe("This card doesn't work any more. Ask your teacher for a new card.");
    expect(screen.getByRole("link", { name: "Sign in with the class code" }).getAttribute("href")).toBe("/student");
  });
});

describe("a child on the wrong page", () => {
  it("sent to the class-code page from a page that needs sign-in sees their card drawn and one short sentence", async () => {
    mockFetch({ "GET /api/auth/me/": () => apiError(401, "not_authenticated", "Sign in.") });
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={[{ pathname: "/student", state: { from: "/home" } }]}>
          <Routes>
            <Route path="/student" element={<EnterCode />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>,
    );
    const help = await screen.findByRole("status");
    expect(help.textContent).toBe(TRY_AGAIN);
    expect(help.querySelector("svg.card-picture")).toBeTruthy();
    expect(problems(TRY_AGAIN)).toEqual([]);
  });

  it("typing the code from the start page shows no such message", async () => {
    renderAt("/student", {});
    await screen.findByRole("heading", { name: "Type your class code" });
    expect(screen.queryByText(TRY_AGAIN)).toBeNull();
  });

  it("a card that failed shows a big picture button back, and every sentence is short", async () => {
    renderAt("/s/old", { "POST /api/student-login/token/": () => apiError(400, "bad_token", "Invalid token.") });
    const alert = await screen.findByRole("alert");
    const back = screen.getByRole("link", { name: "Sign in with the class code" });
    expect(back.querySelector("svg.card-picture")).toBeTruthy();
    expect(screen.getByText(TRY_AGAIN)).toBeTruthy();
    for (const text of [alert.textContent ?? "", TRY_AGAIN, back.textContent ?? ""]) expect(problems(text)).toEqual([]);
    await userEvent.setup().click(back);
    expect(await screen.findByRole("heading", { name: "Type your class code" })).toBeTruthy();
    expect(screen.getByText(TRY_AGAIN)).toBeTruthy();
  });
});
