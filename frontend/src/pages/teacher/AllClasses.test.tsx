import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { render } from "../../test/render";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { json, mockFetch } from "../../test/fetchMock";
import { GAMES } from "../../test/games";
import { eventually } from "../../test/eventually";
import { AllClassesPage } from "./AllClasses";

const f78 = { a: 7, b: 8, attempts: 4, right: 1, wrong: 3, accuracy: 0.25, median_think_ms: null };
const DATA = {
  grid_size: 10,
  facts: [f78],
  most_missed: [f78],
  classes: [
    { id: 3, name: "Room A", attempts: 120, accuracy: 0.8, weakest: [f78] },
    { id: 4, name: "Room B", attempts: 0, accuracy: null, weakest: [] },
  ],
};

describe("All my classes", () => {
  it("shows each class beside the others and one grid over all of them, for the chosen period", async () => {
    const calls = mockFetch({
      "GET /api/games/": () => json(200, GAMES),
      "GET /api/reports/all-classes/": () => json(200, { period: "7d", game: "", as_of: "2030-01-01T00:00:00Z", data: DATA }),
    });
    const { container } = render(
      <MemoryRouter initialEntries={["/teacher/reports?period=7d"]}>
        <Routes>
          <Route path="/teacher/reports" element={<AllClassesPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const table = (await screen.findByRole("heading", { name: "Each class" })).closest("section")!;
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows).toEqual(["Room A12080%7 × 8", "Room B0–none missed"]);
    expect(within(table).getByRole("link", { name: "Room A" }).getAttribute("href")).toBe("/teacher/classes/3/reports?period=7d&game=");
    expect(container.querySelector('td[data-fact="8x7"]')!.textContent).toContain("25% right");
    expect(calls.find((c) => c.path.startsWith("/api/reports/"))!.path).toBe("/api/reports/all-classes/?period=7d&game=");
    // The game filter offers the games the server defines.
    const games = screen.getByLabelText<HTMLSelectElement>("Game");
    await eventually(() => expect([...games.options].map((o) => o.text)).toEqual(["All games", ...GAMES.map((g) => g.title)]));
  });
});
