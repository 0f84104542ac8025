import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import type { ClassReportData, ReportNow, StudentReportData } from "../../api/reports";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { ReportsPage, readFilters } from "./Reports";
import { eventually } from "../../test/eventually";

const realBlobUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = realBlobUrls.create;
  URL.revokeObjectURL = realBlobUrls.revoke;
});
/** jsdom has no blob URLs: lib/download.ts needs them. Restored after each test. */
function stubBlobUrls() {
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
}
beforeEach(() => {
  document.cookie = "csrftoken=t; path=/";
});

const POLL = 25;
const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === "GET" && c.path.startsWith(path)).length;
const totals = { attempts: 40, right: 28, accuracy: 0.7, facts_seen: 2, facts_mastered: 1 };

const klass = { id: 3, name: "Class 2B", join_code: "ABCD", sign_in_mode: "pictures", archived: false, student_count: 2, created_at: "2025-01-01T00:00:00Z" };
const students = [
  { id: 12, first_name: "Ana", last_name: "Lopez", display_name: "Ana L.", has_card: true, has_password: false, password_set_by_teacher: false, locked_until: null, created_at: "2025-01-01T00:00:00Z" },
  { id: 13, first_name: "Ben", last_name: "", display_name: "Ben", has_card: true, has_password: false, password_set_by_teacher: false, locked_until: null, created_at: "2025-01-01T00:00:00Z" },
];

const f78 = { a: 7, b: 8, attempts: 10, right: 4, wrong: 6, accuracy: 0.4, median_think_ms: 5200 };
const f66 = { a: 6, b: 6, attempts: 8, right: 8, wrong: 0, accuracy: 1, median_think_ms: 1500 };

const classData: ClassReportData = {
  grid_size: 10,
  facts: [f78, f66],
  most_missed: [f78],
  needs_help: { "7x8": [{ student: "Ana L.", attempts: 6, accuracy: 0.333 }] },
  activity: [
    { student_id: 12, student: "Ana L.", matches: 4, minutes: 21.5, attempts: 40, accuracy: 0.7 },
    { student_id: 13, student: "Ben", matches: 0, minutes: 0, attempts: 0, accuracy: null },
  ],
  by_week: [{ week: "2025-03-03", attempts: 40, right: 28, accuracy: 0.7 }],
  judgements: [
    { kind: "factor_pair", attempts: 12, right: 9, accuracy: 0.75 },
    { kind: "multiply", attempts: 28, right: 19, accuracy: 0.679 },
  ],
  mistakes: [
    { kind: "multiply", mistake_type: "neighbour", count: 6, label: "Neighbouring product (one factor off by one)" },
    { kind: "multiply", mistake_type: "addition", count: 3, label: "Added instead of multiplied" },
    { kind: "factor_pair", mistake_type: "near_miss", count: 3, label: "Near miss (shares a factor, but does not divide)" },
  ],
  totals,
};

function report(over: Partial<ReportNow> = {}): ReportNow {
  return {
    title: "Class 2B: multiplication facts (last 30 days, all games)",
    period: "30d",
    game: "",
    since: "2025-02-01T00:00:00Z",
    as_of: "2025-03-03T10:00:00Z",
    data: classData,
    snapshot: null,
    ...over,
  };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/teacher/classes/:id/reports" element={<ReportsPage refreshMs={POLL} livePollMs={POLL} />} />
        <Route path="/teacher/classes/:id/reports/students/:studentId" element={<ReportsPage refreshMs={POLL} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const studentsPage = () => json(200, { count: students.length, next: null, previous: null, results: students });

describe("readFilters", () => {
  it("defaults to the last 30 days and every game, and ignores nonsense", () => {
    expect(readFilters(new URLSearchParams(""))).toEqual({ period: "30d", game: "" });
    expect(readFilters(new URLSearchParams("period=7d&game=multiplin"))).toEqual({ period: "7d", game: "multiplin" });
    expect(readFilters(new URLSearchParams("period=1y&game=chess"))).toEqual({ period: "30d", game: "" });
  });
});

describe("class reports", () => {
  it("shows the figures as of now and reads them again by itself: a new answer shows with nothing to press", async () => {
    let answered = false;
    const calls = mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => {
        const facts = answered ? [f66, f78] : [f66];
        return json(200, report({ data: { ...classData, facts } }));
      },
    });
    renderAt("/teacher/classes/3/reports?period=7d&game=fultiples");
    expect(await screen.findByRole("heading", { name: "Class 2B: multiplication facts (last 30 days, all games)" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Class 2B: reports" })).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/classes/3/report/?period=7d&game=fultiples")).toBe(true);
    expect(document.querySelector('td[data-fact="8x7"]')!.classList.contains("rep-heat-unseen")).toBe(true);
    answered = true; // a child answers 7 x 8: the cell fills in by itself
    await eventually(() => expect(document.querySelector('td[data-fact="8x7"]')!.classList.contains("rep-heat-unseen")).toBe(false));
    expect(gets(calls, "/api/classes/3/report/")).toBeGreaterThan(1);
    expect(screen.queryByRole("button", { name: /Build/ })).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelector(".rep-sub")!.textContent).toMatch(/^Last 30 days · All games · as of /);
  });

  it("says what to do when nobody has answered yet in the period", async () => {
    mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () =>
        json(200, report({ data: { ...classData, facts: [], most_missed: [], needs_help: {}, by_week: [], judgements: [], mistakes: [], totals: { attempts: 0, right: 0, accuracy: null, facts_seen: 0, facts_mastered: 0 } } })),
    });
    renderAt("/teacher/classes/3/reports");
    expect(await screen.findByText("No answers yet in the last 30 days. When the class plays, their answers show here within seconds.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("compares with last night's snapshot when there is one", async () => {
    mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () =>
        json(200, report({ snapshot: { built_at: "2025-03-03T02:00:00Z", totals: { attempts: 31, right: 20, accuracy: 0.645, facts_seen: 2, facts_mastered: 0 } } })),
    });
    renderAt("/teacher/classes/3/reports");
    expect(await screen.findByText(/To compare: the snapshot of .* had 31 answers, 65% right\./)).toBeTruthy();
  });

  it("live: the last two hours, read again every second, with its exports", async () => {
    let answered = false;
    const calls = mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => {
        const facts = answered ? [f66, { a: 7, b: 8, attempts: 1, right: 0, wrong: 1, accuracy: 0, median_think_ms: 2000 }] : [f66];
        return json(200, report({ title: "Class 2B: multiplication facts (the last two hours, all games)", period: "live", data: { ...classData, facts } }));
      },
    });
    renderAt("/teacher/classes/3/reports?period=live");
    expect(await screen.findByRole("heading", { name: "Class 2B: multiplication facts (the last two hours, all games)" })).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/classes/3/report/?period=live&game=")).toBe(true);
    answered = true;
    await eventually(() => expect(document.querySelector('td[data-fact="8x7"]')!.classList.contains("rep-heat-unseen")).toBe(false));
    expect(screen.getByRole("button", { name: "Print PDF" })).toBeTruthy();
    expect((screen.getByLabelText("Period") as HTMLSelectElement).value).toBe("live");
  });

  it("says why the figures could not be read, with a way to try again", async () => {
    let broken = true;
    mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => (broken ? apiError(503, "unavailable", "The server is busy. Try again in a moment.") : json(200, report())),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt("/teacher/classes/3/reports");
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toContain("Try again");
    broken = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { name: "Times tables" });
  });

  it("shows the class report: heatmap, most missed, mistakes, weeks, judgements, help groups, activity, exports", async () => {
    const calls = mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => json(200, report()),
    });
    const user = userEvent.setup();
    const { container } = renderAt("/teacher/classes/3/reports");
    await screen.findByRole("heading", { name: "Times tables" });

    // the heatmap cell in row 8, column 7 is the 7 x 8 fact
    const cell = container.querySelector<HTMLElement>('td[data-fact="8x7"]')!;
    expect(cell.textContent).toContain("40% right (4 of 10 tries), median think time 5.2 s");
    expect(cell.style.background).toBe("rgb(12, 44, 132)"); // 40 %: the strongest colour

    const missed = screen.getByRole("table", { name: /Most-missed facts/ });
    expect(within(missed).getByRole("rowheader", { name: "7 × 8 = 56" })).toBeTruthy();
    expect(screen.getByText("Neighbouring product (one factor off by one)")).toBeTruthy();
    expect(screen.getByText("Near miss (shares a factor, but does not divide)")).toBeTruthy();
    expect(screen.getByText("Week of 3 Mar 2025")).toBeTruthy();
    const kinds = screen.getByRole("table", { name: /Right answers by kind/ });
    expect(within(kinds).getByText("Factor or multiple")).toBeTruthy();
    expect(within(kinds).getByText("Products")).toBeTruthy();

    const help = screen.getByRole("table", { name: /Students who need help/ });
    expect(within(help).getByRole("link", { name: "Ana L." }).getAttribute("href")).toBe(
      "/teacher/classes/3/reports/students/12?period=30d&game=",
    );
    const activity = screen.getByRole("table", { name: /Activity per student/ });
    expect(within(activity).getByRole("link", { name: /Ben/ }).getAttribute("href")).toBe("/teacher/classes/3/reports/students/13?period=30d&game=");
    expect(within(activity).getByText("21.5")).toBeTruthy();

    expect(screen.getByRole("button", { name: "Facts (CSV)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Students (CSV)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Print PDF" })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Period"), "7d");
    await eventually(() => expect(calls.some((c) => c.path === "/api/classes/3/report/?period=7d&game=")).toBe(true));
  });

  it("shows a student removed after the build as text, with no link to a report", async () => {
    const removed = { student_id: null, student: "A removed student", matches: 2, minutes: 5, attempts: 9, accuracy: 0.5 };
    const data = {
      ...classData,
      needs_help: { "7x8": [{ student: "A removed student", attempts: 6, accuracy: 0.333 }] },
      activity: [...classData.activity, removed, { ...removed, attempts: 3 }],
    };
    mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => json(200, report({ data })),
    });
    renderAt("/teacher/classes/3/reports");
    await screen.findByRole("heading", { name: "Times tables" });
    const activity = screen.getByRole("table", { name: /Activity per student/ });
    expect(within(activity).getAllByRole("rowheader", { name: "A removed student" })).toHaveLength(2);
    expect(within(activity).queryByRole("link", { name: /A removed student/ })).toBeNull();
    expect(within(activity).getByRole("link", { name: /Ben/ })).toBeTruthy();
    const help = screen.getByRole("table", { name: /Students who need help/ });
    expect(within(help).getByText("A removed student")).toBeTruthy();
    expect(within(help).queryByRole("link")).toBeNull();
  });

  it("shows a focused assignment's facts before and since, per child and for all together", async () => {
    const figures = (attempts: number, right: number, think: number | null) => ({ attempts, right, accuracy: attempts ? right / attempts : null, think_ms: think });
    const focus = [
      {
        assignment_id: 7,
        title: "Weak facts",
        game: "multiplin",
        mode: "weakest" as const,
        rows: [
          { student_id: 1, student: "Ana L.", a: 7, b: 8, since: "2025-03-01T09:00:00Z", before: figures(4, 1, 8000), after: figures(5, 4, 3500) },
          { student_id: 2, student: "Ben K.", a: 6, b: 9, since: "2025-03-01T09:00:00Z", before: figures(0, 0, null), after: figures(2, 2, 2000) },
        ],
        before: figures(4, 1, 8000),
        after: figures(7, 6, 3071),
      },
    ];
    mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => json(200, report({ data: { ...classData, focus } })),
    });
    renderAt("/teacher/classes/3/reports");
    await screen.findByRole("heading", { name: "Focus: before and since" });
    expect(screen.getByRole("heading", { name: "Weak facts: focus on each child's weakest facts" })).toBeTruthy();
    expect(screen.getByText(/right 25% before, 86% since; think time 8.0 s before, 3.1 s since/)).toBeTruthy();
    const table = screen.getByRole("table", { name: /Focus facts of Weak facts/ });
    const ana = within(table).getByRole("rowheader", { name: "Ana L.: 7 × 8" }).closest("tr")!;
    expect(within(ana).getAllByRole("cell").map((c) => c.textContent)).toEqual(["4", "25%", "8.0 s", "5", "80%", "3.5 s"]);
    const ben = within(table).getByRole("rowheader", { name: "Ben K.: 6 × 9" }).closest("tr")!;
    expect(within(ben).getAllByRole("cell").map((c) => c.textContent)).toEqual(["0", "–", "–", "2", "100%", "2.0 s"]);
  });

  it("downloads a CSV export", async () => {
    const calls = mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/report/": () => json(200, report()),
      "GET /api/classes/3/report/students.csv": () =>
        new Response("student,matches\n", { status: 200, headers: { "Content-Disposition": 'attachment; filename="class-3-30d-students.csv"' } }),
    });
    stubBlobUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt("/teacher/classes/3/reports");
    await user.click(await screen.findByRole("button", { name: "Students (CSV)" }));
    await eventually(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.path === "/api/classes/3/report/students.csv?period=30d&game=")).toBe(true);
  });
});

describe("a student's report", () => {
  const studentData: StudentReportData = {
    grid_size: 12,
    facts: [{ a: 3, b: 12, attempts: 4, right: 1, wrong: 3, accuracy: 0.25, median_think_ms: 4000 }],
    most_missed: [{ a: 3, b: 12, attempts: 4, right: 1, wrong: 3, accuracy: 0.25, median_think_ms: 4000 }],
    by_week: [],
    judgements: [{ kind: "multiply", attempts: 4, right: 1, accuracy: 0.25 }],
    mistakes: [{ kind: "multiply", mistake_type: "digit_swap", count: 3, label: "Digits swapped" }],
    totals: { attempts: 4, right: 1, accuracy: 0.25, facts_seen: 1, facts_mastered: 0 },
  };

  it("loads the student's report as of now with the same sections, 12 x 12 when needed", async () => {
    const calls = mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/students/": () => studentsPage(),
      "GET /api/students/12/report/": () =>
        json(200, report({ title: "Ana L.: last 30 days",
          data: { ...studentData, practise_next: [{ a: 3, b: 12, why: "You sometimes swap the digits. 3 × 12 is 36." }],
            recent_mistakes: [{ kind: "multiply", a: 7, b: 9, answer: 56, mistake_type: "other", label: "Other", match_id: 40, version: 12, created_at: "2025-03-02T10:00:00Z" }] } })),
    });
    const { container } = renderAt("/teacher/classes/3/reports/students/12?period=all&game=multiplin");
    expect(await screen.findByRole("heading", { level: 1, name: "Ana L.: report" })).toBeTruthy();
    await screen.findByRole("heading", { name: "Times tables" });
    expect(calls.some((c) => c.path === "/api/students/12/report/?period=all&game=multiplin")).toBe(true);
    expect(container.querySelector('td[data-fact="12x3"]')!.textContent).toContain("25% right");
    expect(screen.getByText("Digits swapped")).toBeTruthy();
    const next = screen.getByRole("heading", { name: "Practise next" }).closest("section")!;
    expect(within(next).getByRole("listitem").textContent).toBe("3 × 12 You sometimes swap the digits. 3 × 12 is 36.");
    const recent = screen.getByRole("heading", { name: "Recent mistakes" }).closest("section")!;
    expect(within(recent).getByRole("listitem").textContent).toContain("Ana L. answered 56 for 7 × 9");
    expect(within(recent).getByRole("link", { name: "Watch that move" }).getAttribute("href")).toBe("/teacher/replays/40?move=12");
    expect(screen.queryByRole("button", { name: "Students (CSV)" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Activity" })).toBeNull();
    expect(screen.getByRole("link", { name: /Class report for Class 2B/ }).getAttribute("href")).toBe(
      "/teacher/classes/3/reports?period=all&game=multiplin",
    );
  });

  it("says what to do for a student who has not played yet", async () => {
    mockFetch({
      "GET /api/classes/3/": () => json(200, klass),
      "GET /api/classes/3/students/": () => studentsPage(),
      "GET /api/students/13/report/": () =>
        json(200, report({ title: "Ben: last 30 days", data: { ...studentData, facts: [], most_missed: [], judgements: [], mistakes: [], totals: { attempts: 0, right: 0, accuracy: null, facts_seen: 0, facts_mastered: 0 } } })),
    });
    renderAt("/teacher/classes/3/reports/students/13");
    expect(await screen.findByText("No answers yet in the last 30 days. When Ben plays, their answers show here within seconds.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Ben: report" })).toBeTruthy();
  });
});
