import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import type { ExportJob } from "../../api/exports";
import type { GridBatch } from "../../api/reports";
import { apiError, json, mockFetch as mockApi, type Call } from "../../test/fetchMock";
import { GAMES } from "../../test/games";
import { BatchesPage, batchProgressText } from "./Batches";
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

/** The page's API, with the games as GET /api/games/ serves them (the levels come from there). */
const mockFetch = (routes: Parameters<typeof mockApi>[0]) => mockApi({ "GET /api/games/": () => json(200, GAMES), ...routes });

const POLL = 25;
const TITLE = "Intermediate grids (5,000)";

function batch(over: Partial<GridBatch> = {}): GridBatch {
  return {
    id: 7,
    name: "",
    level: "intermediate",
    primes: [2, 3, 7],
    primes_line: "Based on the primes 2, 3 and 7",
    scale_max: 20,
    max_value: 100,
    rows: 10,
    cols: 10,
    total: 5000,
    done: 0,
    status: "pending",
    error: "",
    created_at: "2025-03-03T10:00:00Z",
    finished_at: null,
    ...over,
  };
}

function exportJob(over: Partial<ExportJob> = {}): ExportJob {
  return {
    id: 31,
    kind: "batch_pdf",
    status: "pending",
    done: 0,
    total: 5000,
    error: "",
    filename: "fultiples-grids-7.pdf",
    size: 0,
    file_url: null,
    created_at: "2025-03-03T10:00:00Z",
    finished_at: null,
    ...over,
  };
}

const page = (results: GridBatch[]) => json(200, { count: results.length, next: null, previous: null, results });

function renderPage() {
  return render(
    <MemoryRouter>
      <BatchesPage pollMs={POLL} exportPollMs={POLL} />
    </MemoryRouter>,
  );
}

/** The alert (role="alert") whose text matches, once there is one. */
const alertSaying = (text: RegExp) =>
  eventually(() => {
    const found = screen.getAllByRole("alert").find((el) => text.test(el.textContent ?? ""));
    if (!found) throw new Error(`no alert says ${text}`);
    return found;
  });

const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === "GET" && c.path === path).length;

describe("batch form", () => {
  it("sends a level and no custom parameters", async () => {
    const calls = mockFetch({
      "GET /api/batches/": () => page([]),
      "POST /api/batches/": () => json(201, batch({ status: "done", done: 5000 })),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/numbers up to 50 from the primes 2, 3 and 5/)).toBeTruthy();
    await user.click(screen.getByLabelText(/^Advanced/));
    const count = screen.getByLabelText("How many grids");
    await user.clear(count);
    await user.type(count, "120");
    expect(screen.queryByLabelText("Primes")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Make 120 grids" }));

    await eventually(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({ count: 120, rows: 10, cols: 10, level: "advanced" });
  });

  it("sends custom parameters and no level, and shows the generator's field errors beside the fields", async () => {
    const calls = mockFetch({
      "GET /api/batches/": () => page([]),
      "POST /api/batches/": () =>
        apiError(400, "invalid", "the primes must include 2 and 3", { primes: ["the primes must include 2 and 3"] }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByLabelText(/^Custom/));
    const primes = screen.getByLabelText("Primes");
    await user.clear(primes);
    await user.type(primes, "5, 7");
    const cap = screen.getByLabelText("Largest number (cap)");
    await user.clear(cap);
    await user.type(cap, "150");
    await user.click(screen.getByRole("button", { name: /^Make 30 grids/ }));

    await eventually(() => expect(primes.getAttribute("aria-invalid")).toBe("true"));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({ count: 30, rows: 10, cols: 10, primes: [5, 7], scale_max: 20, max_value: 150 });
    // announced: the form's error box is an alert
    expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes("the primes must include 2 and 3"))).toBe(true);
    const errorId = primes.getAttribute("aria-describedby")!.split(" ").find((id) => id.endsWith("-error"))!;
    expect(document.getElementById(errorId)!.textContent).toBe("the primes must include 2 and 3");
    await eventually(() => expect(document.activeElement).toBe(primes));
  });

  it("offers the levels of Fultiples' definition, with their numbers", async () => {
    const games = GAMES.map((g) =>
      g.slug !== "fultiples" ? g : { ...g, level_presets: [{ name: "tiny", title: "Tiny", summary: "numbers up to 20", options: { primes: [2, 3], scale_max: 6, max_value: 20 } }] },
    );
    mockApi({ "GET /api/games/": () => json(200, games), "GET /api/batches/": () => page([]) });
    renderPage();
    const tiny = await screen.findByLabelText(/^Tiny/);
    expect(tiny.closest("label")!.textContent).toBe("Tiny: numbers up to 20 from the primes 2 and 3 (times scalars up to 6)");
    expect((tiny as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/^Beginner/)).toBeNull();
  });

  it("checks what it can before sending", async () => {
    const calls = mockFetch({ "GET /api/batches/": () => page([]) });
    const user = userEvent.setup();
    renderPage();
    const count = await screen.findByLabelText("How many grids");
    await user.clear(count);
    await user.type(count, "6000");
    await user.click(screen.getByRole("button", { name: /^Make 6,000 grids/ }));
    await eventually(() => expect(count.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Choose between 1 and 5,000 grids.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});

describe("batch list", () => {
  it("shows a real progress bar and polls until the batch is done, then stops", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // to check that polling stopped
    let polls = 0;
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "running", done: 1250 })]),
      "GET /api/batches/7/": () => {
        polls += 1;
        return json(200, polls < 2 ? batch({ status: "running", done: 2500 }) : batch({ status: "done", done: 5000, finished_at: "2025-03-03T10:05:00Z" }));
      },
    });
    renderPage();
    const bar = await screen.findByRole("progressbar");
    expect(bar.getAttribute("aria-valuenow")).toBe("1250");
    expect(bar.getAttribute("aria-valuemax")).toBe("5000");
    expect(screen.getByText("1,250 of 5,000 grids")).toBeTruthy();

    await screen.findByText("2,500 of 5,000 grids");
    await screen.findByRole("button", { name: /Download PDF/ });
    expect(screen.getByRole("progressbar")).toHaveProperty("ariaValueNow", "5000"); // the full bar stays
    const after = gets(calls, "/api/batches/7/");
    await vi.advanceTimersByTimeAsync(POLL * 6);
    expect(gets(calls, "/api/batches/7/")).toBe(after);
    expect(screen.getByRole("button", { name: /Preview/ })).toBeTruthy();
  });

  it("shows a failed batch's error, stops polling, and polls again after Retry", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // to check that polling stopped
    let state: "running" | "failed" | "retried" = "running";
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "running", done: 250 })]),
      "GET /api/batches/7/": () => {
        if (state === "running") {
          state = "failed";
          return json(200, batch({ status: "failed", done: 500, error: "OperationalError: database is locked" }));
        }
        return json(200, batch({ status: state === "retried" ? "done" : "failed", done: state === "retried" ? 5000 : 500 }));
      },
      "POST /api/batches/7/retry/": () => {
        state = "retried";
        return json(200, batch({ status: "pending", done: 500 }));
      },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(/database is locked/);
    expect(screen.getByText(/stopped after 500 of 5,000 grids/)).toBeTruthy();
    const afterFail = gets(calls, "/api/batches/7/");
    await vi.advanceTimersByTimeAsync(POLL * 6);
    expect(gets(calls, "/api/batches/7/")).toBe(afterFail);

    await user.click(screen.getByRole("button", { name: /^Retry/ }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/batches/7/retry/")).toBe(true);
    await screen.findByRole("button", { name: /Download PDF/ });
    expect(gets(calls, "/api/batches/7/")).toBeGreaterThan(afterFail);
  });

  it("asks for no batch while none is waiting or running", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // to check that nothing is polled
    const calls = mockFetch({ "GET /api/batches/": () => page([batch({ status: "done", done: 5000 }), batch({ id: 8, status: "failed" })]) });
    renderPage();
    await screen.findByRole("button", { name: /Download PDF/ });
    await vi.advanceTimersByTimeAsync(POLL * 6);
    expect(calls.filter((c) => c.path.startsWith("/api/batches/7/") || c.path.startsWith("/api/batches/8/"))).toHaveLength(0);
  });

  it("keeps polling after a failed check, and stops when the page closes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // to check that polling stopped
    let polls = 0;
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "running", done: 1250 })]),
      "GET /api/batches/7/": () => {
        polls += 1;
        return polls === 1 ? apiError(503, "unavailable", "Busy.") : json(200, batch({ status: "running", done: 1250 + polls }));
      },
    });
    const { unmount } = renderPage();
    await screen.findByText("1,252 of 5,000 grids"); // the check after the failed one
    unmount();
    const after = gets(calls, "/api/batches/7/");
    await vi.advanceTimersByTimeAsync(POLL * 6);
    expect(gets(calls, "/api/batches/7/")).toBe(after);
  });

  it("polls only while the tab is shown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // to check that polling paused
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "running", done: 1250 })]),
      "GET /api/batches/7/": () => json(200, batch({ status: "running", done: 2500 })),
    });
    renderPage();
    await screen.findByText("2,500 of 5,000 grids");
    const hidden = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    const before = gets(calls, "/api/batches/7/");
    await vi.advanceTimersByTimeAsync(POLL * 6);
    expect(gets(calls, "/api/batches/7/")).toBe(before);
    hidden.mockRestore();
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    await eventually(() => expect(gets(calls, "/api/batches/7/")).toBeGreaterThan(before));
  });

  it("previews grids as tables with the primes line, page by page", async () => {
    const grid = Array.from({ length: 10 }, (_, r) => Array.from({ length: 10 }, (_, c) => (r + c + 2) * 2));
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "done", done: 5000, total: 6 })]),
      "GET /api/batches/7/boards/": (c) => {
        const p = new URL(c.path, "http://x").searchParams.get("page");
        const first = p === "2" ? 4 : 0;
        const n = p === "2" ? 2 : 4;
        return json(200, { count: 6, next: null, previous: null, results: Array.from({ length: n }, (_, i) => ({ index: first + i, grid })) });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Preview/ }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("Grid 1 of 6");
    expect(within(dialog).getAllByText("Based on the primes 2, 3 and 7")).toHaveLength(4);
    expect(within(dialog).getAllByRole("table")).toHaveLength(4);
    expect(within(dialog).getByText("Grids 1–4 of 6")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: /Next/ }));
    await within(dialog).findByText("Grid 6 of 6");
    expect(calls.some((c) => c.path === "/api/batches/7/boards/?page=2&page_size=4")).toBe(true);
  });

  it("asks for the PDF, shows the job's real progress, then downloads it", async () => {
    let job = exportJob({ status: "pending", done: 0 });
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "done", done: 5000 })]),
      "POST /api/batches/7/pdf/": () => json(202, job),
      "GET /api/exports/31/": () => json(200, job),
      "GET /api/exports/31/file/": () =>
        new Response("%PDF", { status: 200, headers: { "Content-Disposition": 'attachment; filename="fultiples-grids-7.pdf"' } }),
    });
    stubBlobUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole("button", { name: /Download PDF/ });
    await user.click(button);

    // The button says what happens and keeps the keyboard focus (aria-disabled, not disabled).
    await eventually(() => expect(button.textContent).toBe("Making the PDF…"));
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect((button as HTMLButtonElement).disabled).toBe(false); // a disabled button would drop the focus
    expect(document.activeElement).toBe(button);
    const bar = await screen.findByRole("progressbar", { name: `Making the PDF of ${TITLE}` });
    expect(screen.getAllByRole("status").map((el) => el.textContent)).toContain(`Making the PDF of ${TITLE}…`);
    await screen.findByText("Waiting to start…");

    job = exportJob({ status: "running", done: 1250 });
    await eventually(() => expect(bar.getAttribute("aria-valuenow")).toBe("1250"));
    expect(bar.getAttribute("aria-valuemax")).toBe("5000");
    expect(bar.getAttribute("aria-valuetext")).toBe("1,250 of 5,000 pages");
    expect(click).not.toHaveBeenCalled();

    job = exportJob({ status: "done", done: 5000, file_url: "/api/exports/31/file/" });
    await screen.findByRole("button", { name: /Save again/ });
    expect(screen.getAllByRole("status").map((el) => el.textContent)).toContain(
      `The PDF of ${TITLE}: downloaded as fultiples-grids-7.pdf.`,
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("progressbar", { name: /Making the PDF/ })).toBeNull();
    expect(button.textContent).toMatch(/^Download PDF/);
    expect(calls.filter((c) => c.method === "POST" && c.path === "/api/batches/7/pdf/")).toHaveLength(1);
    expect(gets(calls, "/api/exports/31/file/")).toBe(1);

    await user.click(screen.getByRole("button", { name: /Save again/ }));
    expect(click).toHaveBeenCalledTimes(2);
    expect(gets(calls, "/api/exports/31/file/")).toBe(1); // the copy in memory, not a new download
  });

  it("says why the PDF failed and makes it again on the same export", async () => {
    let job = exportJob({ status: "running", done: 10 });
    const calls = mockFetch({
      "GET /api/batches/": () => page([batch({ status: "done", done: 5000 })]),
      "POST /api/batches/7/pdf/": () => json(202, job),
      "GET /api/exports/31/": () => json(200, job),
      "POST /api/exports/31/retry/": () => {
        job = exportJob({ status: "pending", done: 0 });
        return json(202, job);
      },
      "GET /api/exports/31/file/": () => new Response("%PDF", { status: 200 }),
    });
    stubBlobUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Download PDF/ }));
    await screen.findByRole("progressbar", { name: /Making the PDF/ });
    job = exportJob({ status: "failed", done: 10, error: "The PDF could not be made (OSError: No space left on device). Try again." });
    const alert = await alertSaying(/No space left on device/);
    expect(screen.queryByRole("progressbar", { name: /Making the PDF/ })).toBeNull();

    await user.click(within(alert).getByRole("button", { name: /Try again/ }));
    await eventually(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/exports/31/retry/")).toBe(true));
    job = exportJob({ status: "done", done: 5000, file_url: "/api/exports/31/file/" });
    await screen.findByRole("button", { name: /Save again/ });
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByRole("alert").filter((el) => el.textContent)).toEqual([]);
  });

  it("shows the server's sentence when the PDF cannot be asked for", async () => {
    mockFetch({
      "GET /api/batches/": () => page([batch({ status: "done", done: 5000 })]),
      "POST /api/batches/7/pdf/": () => apiError(409, "not_ready", "The grids are not ready yet."),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /Download PDF/ }));
    const alert = await alertSaying(/^The grids are not ready yet\.$/);
    expect(within(alert).queryByRole("button")).toBeNull(); // nothing to retry: the button asks again
  });

  it("deletes after confirming", async () => {
    let deleted = false;
    const calls = mockFetch({
      "GET /api/batches/": () => page(deleted ? [] : [batch({ status: "done", done: 5000 })]),
      "DELETE /api/batches/7/": () => {
        deleted = true;
        return json(204, null);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: /^Delete/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete grids" }));
    await screen.findByText("No grids yet. Make your first batch above.");
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/batches/7/")).toBe(true);
  });
});

describe("batchProgressText", () => {
  it("writes thousands with separators", () => {
    expect(batchProgressText({ done: 1250, total: 5000 })).toBe("1,250 of 5,000 grids");
  });
});
