import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { Checklist, ChecklistKey, Classroom } from "../../api/types";
import { json, mockFetch } from "../../test/fetchMock";
import { eventually } from "../../test/eventually";
import { render } from "../../test/render";
import { ClassesPage } from "./Classes";

const KEYS: ChecklistKey[] = ["class", "students", "cards", "assign", "watch"];
const checklist = (done: ChecklistKey[], classId: number | null = 3): Checklist => ({
  steps: KEYS.map((key) => ({ key, done: done.includes(key) })),
  all_done: done.length === KEYS.length,
  class_id: classId,
});
const KLASS: Classroom = { id: 3, name: "Class 2B", join_code: "ABC234", sign_in_mode: "pictures", sounds: false, archived: false, student_count: 0, created_at: "2025-01-01T00:00:00Z" };
const page = (results: Classroom[]) => json(200, { count: results.length, next: null, previous: null, results });

function renderClasses(answers: { checklist: () => Checklist; classes: () => Classroom[] }) {
  const calls = mockFetch({
    "GET /api/me/checklist/": () => json(200, answers.checklist()),
    "GET /api/classes/": () => page(answers.classes()),
    "POST /api/classes/": () => json(201, KLASS),
  });
  render(
    <MemoryRouter initialEntries={["/teacher"]}>
      <Routes>
        <Route path="/teacher" element={<ClassesPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

const checklistBox = async () => (await screen.findByRole("heading", { name: "Getting started" })).closest("section")!;
const step = (box: HTMLElement, key: ChecklistKey) => box.querySelector<HTMLElement>(`li[data-step="${key}"]`)!;

beforeEach(() => {
  document.cookie = "csrftoken=t; path=/";
});
afterEach(() => vi.unstubAllGlobals());

describe("the first-run checklist", () => {
  it("shows a new teacher the five steps, none done, and says what to do with no class", async () => {
    renderClasses({ checklist: () => checklist([], null), classes: () => [] });
    const box = await checklistBox();
    expect(within(box).getByText(/0 of 5 steps done/)).toBeTruthy();
    expect(within(box).getAllByRole("listitem").map((li) => li.dataset.step)).toEqual(KEYS);
    expect(within(box).getByRole("link", { name: "Make a class" }).getAttribute("href")).toBe("#create-heading");
    // Without a class the later steps have nowhere to go yet: no link.
    expect(within(box).queryByRole("link", { name: "Add your students' names" })).toBeNull();
    expect(KEYS.every((k) => step(box, k).dataset.done === "false")).toBe(true);
    expect(screen.getByRole("link", { name: "Create your first class" })).toBeTruthy();
  });

  it("ticks 'Make a class' when the teacher makes one, and links the next steps to it", async () => {
    let made = false;
    const calls = renderClasses({ checklist: () => checklist(made ? ["class"] : [], made ? 3 : null), classes: () => (made ? [KLASS] : []) });
    await checklistBox();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Class name/), "Class 2B");
    made = true;
    await user.click(screen.getByRole("button", { name: "Create class" }));
    await eventually(async () => expect(step(await checklistBox(), "class").dataset.done).toBe("true"));
    const box = await checklistBox();
    expect(within(box).getByText(/1 of 5 steps done/)).toBeTruthy();
    expect(within(box).getByRole("link", { name: "Add your students' names" }).getAttribute("href")).toBe("/teacher/classes/3#add");
    expect(within(box).getByRole("link", { name: "Print login cards" }).getAttribute("href")).toBe("/teacher/classes/3#cards");
    expect(within(box).getByRole("link", { name: "Assign a game" }).getAttribute("href")).toBe("/teacher/classes/3/assignments");
    expect(within(box).getByRole("link", { name: "Watch a lesson" }).getAttribute("href")).toBe("/teacher/classes/3/live");
    expect(within(step(box, "class")).getByText("(done)")).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/me/checklist/").length).toBeGreaterThan(1);
  });

  it("goes away when every step is done", async () => {
    renderClasses({ checklist: () => checklist(KEYS), classes: () => [KLASS] });
    expect(await screen.findByRole("heading", { name: "Class 2B" })).toBeTruthy();
    await eventually(() => expect(screen.queryByRole("heading", { name: "Getting started" })).toBeNull());
  });
});
