import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ImportCsv } from "./ImportCsv";
import { canImport } from "../../lib/csvImport";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import type { ImportResult } from "../../api/types";
import { eventually } from "../../test/eventually";

afterEach(() => vi.unstubAllGlobals());

const good: ImportResult = {
  valid: true,
  created: 0,
  rows: [
    { line: 2, first_name: "Ana", last_name: "Lopez", display_name: "Ana L.", problems: [] },
    { line: 3, first_name: "Ben", last_name: "", display_name: "Ben", problems: [] },
  ],
};
const bad: ImportResult = {
  valid: false,
  created: 0,
  rows: [
    { line: 2, first_name: "Ana", last_name: "Lopez", display_name: "Ana L.", problems: [] },
    { line: 3, first_name: "", last_name: "Smith", display_name: "", problems: ["First name is missing."] },
  ],
};

describe("canImport", () => {
  it("needs a valid preview with rows and nothing in flight", () => {
    expect(canImport(null, false)).toBe(false);
    expect(canImport(good, false)).toBe(true);
    expect(canImport(good, true)).toBe(false);
    expect(canImport(bad, false)).toBe(false);
    expect(canImport({ valid: true, created: 0, rows: [] }, false)).toBe(false);
    // a row with problems blocks even if the server said valid
    expect(canImport({ ...bad, valid: true }, false)).toBe(false);
  });
});

const csv = () => new File(["first_name,last_name\nAna,Lopez\n"], "class.csv", { type: "text/csv" });
const commitOf = (c: Call) => (c.body as FormData).get("commit");
const importButton = () => screen.getByRole("button", { name: /^Import/ }) as HTMLButtonElement;

describe("CSV import", () => {
  it("shows each row's problems and keeps Import disabled for an invalid file", async () => {
    document.cookie = "csrftoken=t; path=/";
    const calls = mockFetch({ "POST /api/classes/4/students/import/": () => json(200, bad) });
    const user = userEvent.setup();
    render(<ImportCsv classId={4} onImported={vi.fn()} />);
    expect(importButton().disabled).toBe(true);

    await user.upload(screen.getByLabelText("CSV file"), csv());

    expect(await screen.findByText("First name is missing.")).toBeTruthy();
    expect(screen.getByText(/1 of 2 rows has a problem/)).toBeTruthy();
    expect(importButton().disabled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(commitOf(calls[0]!)).toBe("false");
    expect(((calls[0]!.body as FormData).get("file") as File).name).toBe("class.csv");
  });

  it("enables Import for a valid preview and imports with commit=true", async () => {
    document.cookie = "csrftoken=t; path=/";
    const calls = mockFetch({
      "POST /api/classes/4/students/import/": (c) => json(200, commitOf(c) === "true" ? { ...good, created: 2 } : good),
    });
    const onImported = vi.fn();
    const user = userEvent.setup();
    render(<ImportCsv classId={4} onImported={onImported} />);

    await user.upload(screen.getByLabelText("CSV file"), csv());
    await screen.findByText("2 students ready to import.");
    expect(importButton().disabled).toBe(false);
    expect(importButton().textContent).toBe("Import 2 students");

    await user.click(importButton());

    await eventually(() => expect(onImported).toHaveBeenCalledWith(2));
    expect(calls.map(commitOf)).toEqual(["false", "true"]);
    expect(screen.getByText("Imported 2 students.")).toBeTruthy();
    expect(importButton().disabled).toBe(true);
  });

  it("shows a bad file's message and no Import", async () => {
    document.cookie = "csrftoken=t; path=/";
    mockFetch({
      "POST /api/classes/4/students/import/": () => apiError(400, "bad_file", "The first line must be first_name,last_name."),
    });
    const user = userEvent.setup();
    render(<ImportCsv classId={4} onImported={vi.fn()} />);
    await user.upload(screen.getByLabelText("CSV file"), csv());
    expect((await screen.findByRole("alert")).textContent).toContain("The first line must be first_name,last_name.");
    expect(importButton().disabled).toBe(true);
  });

  it("a failed commit shows the rows the server sent back and disables Import", async () => {
    document.cookie = "csrftoken=t; path=/";
    mockFetch({
      "POST /api/classes/4/students/import/": (c) =>
        commitOf(c) === "true"
          ? apiError(400, "invalid_rows", "Some rows have problems.", {}, { rows: bad.rows })
          : json(200, good),
    });
    const user = userEvent.setup();
    render(<ImportCsv classId={4} onImported={vi.fn()} />);
    await user.upload(screen.getByLabelText("CSV file"), csv());
    await screen.findByText("2 students ready to import.");
    await user.click(importButton());
    expect(await screen.findByText("First name is missing.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Some rows have problems.");
    expect(importButton().disabled).toBe(true);
  });
});
