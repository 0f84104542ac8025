import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { Classroom, Student } from "../../api/types";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { eventually } from "../../test/eventually";
import { RosterPage } from "./Roster";

const realBlobUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  document.cookie = "csrftoken=t; path=/";
  URL.createObjectURL = vi.fn(() => "blob:x"); // jsdom has no blob URLs: lib/download.ts needs them
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = realBlobUrls.create;
  URL.revokeObjectURL = realBlobUrls.revoke;
});

const KLASS: Classroom = { id: 3, name: "Class 2B", join_code: "ABC234", sign_in_mode: "pictures", archived: false, student_count: 2, created_at: "2025-01-01T00:00:00Z" };
const student = (over: Partial<Student>): Student => ({
  id: 12, first_name: "Ana", last_name: "Lopez", display_name: "Ana L.", has_card: true, has_password: false,
  password_set_by_teacher: false, locked_until: null, failed_sign_ins: 0, sign_in_warning: false,
  created_at: "2025-01-01T00:00:00Z", avatar: "", avatar_colour: "", ...over,
});
const ANA = student({});
const BEN = student({ id: 13, first_name: "Ben", last_name: "", display_name: "Ben", has_card: false,
  locked_until: new Date(Date.now() + 5 * 60_000).toISOString() });
const page = (results: Student[]) => json(200, { count: results.length, next: null, previous: null, results });

function renderRoster(routes: Record<string, (c: Call) => Response | Promise<Response>>, students = [ANA, BEN]) {
  // The server's roster and class: what a change answered changes them, as it would (the page
  // reads them again after each change).
  let roster = [...students];
  let klass = KLASS;
  const idIn = (path: string) => Number(/\/students\/(\d+)\//.exec(path)?.[1]);
  const remembered = Object.fromEntries(
    Object.entries(routes).map(([route, handler]) => [
      route,
      async (c: Call) => {
        const res = await handler(c);
        if (!res.ok || c.method === "GET") return res;
        const id = idIn(c.path);
        if (c.method === "DELETE") roster = roster.filter((s) => s.id !== id);
        else if (c.path.endsWith("/unlock/")) roster = roster.map((s) => (s.id === id ? { ...s, locked_until: null, failed_sign_ins: 0, sign_in_warning: false } : s));
        else if (c.method === "PATCH" && id) {
          const saved = (await res.clone().json()) as Student;
          roster = roster.map((s) => (s.id === id ? saved : s));
        }
        else if (c.method === "PATCH") klass = (await res.clone().json()) as Classroom;
        else if (c.path === "/api/classes/3/students/") roster = [...roster, ...((await res.clone().json()) as { created: Student[] }).created];
        return res;
      },
    ]),
  );
  const calls = mockFetch({
    "GET /api/classes/3/": () => json(200, klass),
    "GET /api/classes/3/students/": () => page(roster),
    ...remembered,
  });
  render(
    <MemoryRouter initialEntries={["/teacher/classes/3"]}>
      <Routes>
        <Route path="/teacher/classes/:id" element={<RosterPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

/** The roster's row of the student shown as `name`. */
const row = (name: string) => screen.getByText(name, { selector: ".student-name" }).closest("tr")!;
/** The page's announcement (the roster's own live region, beside the CSV import's). */
const status = () => document.querySelector<HTMLElement>('p.sr-only[role="status"]')!;
/** A button whose visible words are followed by screen-reader words ("Edit" + " Ana L."). */
const button = (words: string, who: string) =>
  screen.getByRole("button", { name: new RegExp(`^${words}\\s*${who.replace(/\./g, "\\.")}$`) });

describe("the roster", () => {
  it("lists each student with their card, password and lock, and the class code", async () => {
    renderRoster({});
    expect(await screen.findByRole("heading", { name: "Students (2)" })).toBeTruthy();
    expect(screen.getByText("ABC234")).toBeTruthy();
    const ana = within(row("Ana L."));
    expect(ana.getByText("Printed")).toBeTruthy();
    expect(ana.getByText("OK")).toBeTruthy();
    expect(ana.queryByRole("button", { name: /Unlock/ })).toBeNull();
    const ben = within(row("Ben"));
    expect(ben.getByText(/^Locked until/)).toBeTruthy();
    expect(within(row("Ben")).getByRole("button", { name: /^Print card\s*for Ben$/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Print cards for 1 student without one" })).toBeTruthy();
  });

  it("says when the class cannot be found", async () => {
    renderRoster({ "GET /api/classes/3/": () => apiError(404, "not_found", "Not found.") });
    expect((await screen.findByRole("alert")).textContent).toBe("We couldn't find that class.");
  });

  it("an empty class invites the teacher to add names", async () => {
    renderRoster({}, []);
    expect(await screen.findByText(/Add your students' names to start\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Type or paste their names" })).toBeTruthy();
    // Nothing to print for nobody, and it says why: never "Every student has a card".
    expect(screen.queryByText(/Every student has a card/)).toBeNull();
    const whole = screen.getByRole("button", { name: /Print cards for the whole class/ }) as HTMLButtonElement;
    expect(whole.disabled).toBe(true);
    expect(whole.getAttribute("aria-describedby")).toBe("cards-none");
    expect(screen.getByText("Add students first: there is nobody to print a card for yet.")).toBeTruthy();
  });
});

describe("adding students by pasting names", () => {
  it("adds the pasted names and shows them in the roster", async () => {
    const cy = student({ id: 14, first_name: "Cy", last_name: "Do", display_name: "Cy D.", has_card: false });
    const calls = renderRoster({ "POST /api/classes/3/students/": () => json(201, { created: [cy] }) });
    const user = userEvent.setup();
    const names = (await screen.findByLabelText("Names, one student per line")) as HTMLTextAreaElement;
    expect((screen.getByRole("button", { name: "Add students" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(names, "Cy Do{Enter}{Enter}");
    await user.click(screen.getByRole("button", { name: "Add 1 student" }));
    expect(await screen.findByRole("heading", { name: "Students (3)" })).toBeTruthy();
    expect(row("Cy D.")).toBeTruthy();
    expect(names.value).toBe("");
    expect(status().textContent).toBe("Added 1 student.");
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ names: "Cy Do\n\n" });
  });

  it("a paste past the class size is refused with the reason beside the names, which stay", async () => {
    const why = "This class has 199 students and these are 2 more: remove at least 1, or put them in another class.";
    renderRoster({
      "POST /api/classes/3/students/": () => apiError(400, "class_full", "A class can have at most 200 students.", { names: [why] }),
    });
    const user = userEvent.setup();
    const names = (await screen.findByLabelText("Names, one student per line")) as HTMLTextAreaElement;
    await user.type(names, "Cy Do{Enter}Di Ez");
    await user.click(screen.getByRole("button", { name: "Add 2 students" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("A class can have at most 200 students.");
    expect(screen.getByText(why)).toBeTruthy();
    expect(names.getAttribute("aria-invalid")).toBe("true");
    expect(names.value).toBe("Cy Do\nDi Ez");
    expect(screen.getByRole("heading", { name: "Students (2)" })).toBeTruthy();
  });
});

describe("each student's actions", () => {
  it("edits a name, and a refusal shows beside its field", async () => {
    let tries = 0;
    const calls = renderRoster({
      "PATCH /api/students/12/": (c) => {
        tries += 1;
        return tries === 1
          ? apiError(400, "invalid", "First name is longer than 50 characters.", { first_name: ["First name is longer than 50 characters."] })
          : json(200, { ...ANA, ...(c.body as object), display_name: "Anna L." });
      },
    });
    const user = userEvent.setup();
    await user.click((await screen.findByText("Ana L.", { selector: ".student-name" }), button("Edit", "Ana L.")));
    const first = screen.getByLabelText("First name") as HTMLInputElement;
    await user.clear(first);
    await user.type(first, "Anna");
    await user.click(button("Save", "Ana L."));
    await eventually(() => expect(first.getAttribute("aria-invalid")).toBe("true"));
    const described = first.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)!.textContent);
    expect(described).toContain("First name is longer than 50 characters.");
    await user.click(button("Save", "Ana L."));
    expect(await screen.findByText("Anna L.", { selector: ".student-name" })).toBeTruthy();
    expect(status().textContent).toBe("Saved Anna L..");
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { first_name: "Anna", last_name: "Lopez" }, { first_name: "Anna", last_name: "Lopez" }]);
  });

  it("unlocks a locked student", async () => {
    renderRoster({ "POST /api/students/13/unlock/": () => json(204, null) });
    const user = userEvent.setup();
    await user.click((await screen.findByText("Ben", { selector: ".student-name" }), button("Unlock", "Ben")));
    await eventually(() => expect(within(row("Ben")).getByText("OK")).toBeTruthy());
    expect(status().textContent).toBe("Ben can sign in again.");
  });

  it("warns about a child with many wrong tries from outside school, and Unlock clears it", async () => {
    const CARA = student({ id: 14, first_name: "Cara", last_name: "", display_name: "Cara", failed_sign_ins: 7,
      sign_in_warning: true });
    renderRoster({ "POST /api/students/14/unlock/": () => json(204, null) }, [ANA, CARA]);
    const user = userEvent.setup();
    await screen.findByText("Cara", { selector: ".student-name" });
    expect(within(row("Cara")).getByText("Warning")).toBeTruthy();
    expect(within(row("Cara")).getByText("7 wrong tries from outside school")).toBeTruthy();
    expect(within(row("Ana L.")).queryByText("Warning")).toBeNull();
    await user.click(button("Unlock", "Cara"));
    await eventually(() => expect(within(row("Cara")).getByText("OK")).toBeTruthy());
    expect(within(row("Cara")).queryByText(/wrong tries/)).toBeNull();
  });

  it("removes a student only after the confirmation", async () => {
    const calls = renderRoster({ "DELETE /api/students/12/": () => json(204, null) });
    const user = userEvent.setup();
    await user.click((await screen.findByText("Ana L.", { selector: ".student-name" }), button("Remove", "Ana L.")));
    const dialog = screen.getByRole("dialog", { name: "Remove Ana L.?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(button("Remove", "Ana L."));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove student" }));
    expect(await screen.findByRole("heading", { name: "Students (1)" })).toBeTruthy();
    expect(screen.queryByText("Ana L.", { selector: ".student-name" })).toBeNull();
    expect(status().textContent).toBe("Ana L. removed.");
  });

  it("prints cards for the students ticked in the roster, and says new cards replace the old ones", async () => {
    const job = { id: 42, kind: "cards_pdf", done: 0, total: 1, error: "", filename: "login-cards-ABC234.pdf", size: 0,
      file_url: null, created_at: "2025-01-01T00:00:00Z", finished_at: null, status: "pending" };
    const calls = renderRoster({ "POST /api/classes/3/cards/": () => json(201, job), "GET /api/exports/42/": () => json(200, job) });
    const user = userEvent.setup();
    await screen.findByText("Ana L.", { selector: ".student-name" });
    expect(screen.getByText("New cards replace the old ones: the old cards stop working.")).toBeTruthy();
    const chosen = screen.getByRole("button", { name: /Print cards for the chosen students/ }) as HTMLButtonElement;
    expect(chosen.disabled).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "Choose Ben for cards" }));
    // Ben has no card: nothing to replace, so no question.
    await user.click(screen.getByRole("button", { name: "Print cards for 1 chosen student" }));
    await eventually(() => expect(calls.find((c) => c.path === "/api/classes/3/cards/")?.body).toEqual({ students: [13] }));
  });

  it("the whole class's cards are printed only after the warning, since Ana's card is replaced", async () => {
    const calls = renderRoster({});
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Print cards for the whole class (2 students)" }));
    const dialog = screen.getByRole("dialog", { name: "Print 2 new cards?" });
    expect(dialog.textContent).toContain("Their old cards stop working.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.path === "/api/classes/3/cards/")).toBe(false);
  });

  it("a new card for a student who has one is made only after the warning that the old one stops working", async () => {
    const job = { id: 41, kind: "cards_pdf", done: 0, total: 1, error: "", filename: "login-cards-ABC234.pdf", size: 0,
      file_url: null, created_at: "2025-01-01T00:00:00Z", finished_at: null };
    let made = false;
    const calls = renderRoster({
      "POST /api/classes/3/cards/": () => json(201, { ...job, status: "pending" }),
      "GET /api/exports/41/": () => {
        made = true;
        return json(200, { ...job, status: "done", done: 1, size: 8, finished_at: "2025-01-01T00:00:01Z" });
      },
      "GET /api/exports/41/file/": () => new Response("%PDF-1.4", { status: 200, headers: { "Content-Type": "application/pdf" } }),
    });
    const download = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    await user.click((await screen.findByText("Ana L.", { selector: ".student-name" }), button("New card", "for Ana L.")));
    const dialog = screen.getByRole("dialog", { name: "Print a new card for Ana L.?" });
    expect(dialog.textContent).toContain("The old card stops working.");
    expect(calls.some((c) => c.path === "/api/classes/3/cards/")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Print new card" }));
    await eventually(() => expect(download).toHaveBeenCalledTimes(1));
    expect(made).toBe(true);
    expect(calls.find((c) => c.path === "/api/classes/3/cards/")!.body).toEqual({ students: [12] });
    await eventually(() => expect(calls.filter((c) => c.method === "GET" && c.path === "/api/classes/3/students/")).toHaveLength(2)); // reloaded
  });
});

describe("how the class signs in", () => {
  it("switches to typed passwords", async () => {
    const calls = renderRoster({ "PATCH /api/classes/3/": () => json(200, { ...KLASS, sign_in_mode: "password" }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /Typed passwords/ }));
    await eventually(() => expect((screen.getByRole("radio", { name: /Typed passwords/ }) as HTMLInputElement).checked).toBe(true));
    expect(status().textContent).toBe("Students now sign in with a typed password.");
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ sign_in_mode: "password" });
  });
});
