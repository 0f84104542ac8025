import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FactStat } from "../api/reports";
import { FactList, Heatmap, describeFact } from "./Heatmap";

const fact = (a: number, b: number, right: number, attempts: number, median: number | null = 3400): FactStat => ({
  a,
  b,
  attempts,
  right,
  wrong: attempts - right,
  accuracy: Math.round((right / attempts) * 1000) / 1000,
  median_think_ms: median,
});

const cell = (container: HTMLElement, a: number, b: number) => container.querySelector<HTMLTableCellElement>(`td[data-fact="${a}x${b}"]`)!;

describe("Heatmap", () => {
  it("is a table with row and column headers and shows the 7 x 8 fact in row 8, column 7", () => {
    const { container } = render(<Heatmap facts={[fact(7, 8, 6, 10)]} caption="Class grid" />);
    const table = screen.getByRole("table", { name: "Class grid" });
    expect(within(table).getAllByRole("columnheader")).toHaveLength(11); // corner + 1..10
    expect(within(table).getAllByRole("rowheader")).toHaveLength(10);
    for (const [a, b] of [
      [8, 7],
      [7, 8],
    ] as const) {
      const td = cell(container, a, b);
      expect(td.textContent).toContain("60");
      expect(td.textContent).toContain("60% right (6 of 10 tries)");
      expect(td.style.background).toBe("rgb(34, 94, 168)"); // #225ea8: 50-64 %, the second strongest
    }
    expect(cell(container, 8, 8).textContent).toBe("–8 × 8 = 64: not played yet"); // the dash is drawn, not read
    expect(cell(container, 8, 8).style.background).toBe("");
  });

  it("grows to 12 x 12 when facts beyond 10 occur", () => {
    const { container } = render(<Heatmap facts={[fact(3, 12, 1, 4)]} gridSize={10} caption="Wide" />);
    expect(within(screen.getByRole("table", { name: "Wide" })).getAllByRole("columnheader")).toHaveLength(13);
    expect(cell(container, 12, 3).textContent).toContain("25% right");
  });

  it("shows a cell's numbers on hover and on keyboard focus, with one Tab stop and arrow keys", async () => {
    const user = userEvent.setup();
    const { container } = render(<Heatmap facts={[fact(1, 1, 9, 10), fact(1, 2, 3, 4, 1200)]} caption="Grid" />);
    const detail = container.querySelector(".rep-heat-detail")!;

    fireEvent.mouseEnter(cell(container, 2, 1));
    // row 2, column 1 reads the 1 x 2 fact
    expect(detail.textContent).toBe("2 × 1 = 2: 75% right (3 of 4 tries), median think time 1.2 s");
    fireEvent.mouseLeave(cell(container, 2, 1));

    expect(container.querySelectorAll('td[tabindex="0"]')).toHaveLength(1);
    await user.tab();
    expect(document.activeElement).toBe(cell(container, 1, 1));
    expect(detail.textContent).toBe("1 × 1 = 1: 90% right (9 of 10 tries), median think time 3.4 s");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(cell(container, 1, 2));
    expect(detail.textContent).toContain("75% right");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(cell(container, 3, 2));
    expect(detail.textContent).toBe("3 × 2 = 6: not played yet");
    expect(cell(container, 3, 2).tabIndex).toBe(0);
    expect(cell(container, 1, 1).tabIndex).toBe(-1);
  });

  it("has a legend and a list view", async () => {
    const user = userEvent.setup();
    render(<Heatmap facts={[fact(6, 7, 1, 2)]} caption="Grid" />);
    expect(screen.getByText("95–100%")).toBeTruthy();
    expect(screen.getByText("Not played yet")).toBeTruthy();
    const toggle = screen.getByRole("button", { name: "Show as a list" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const list = screen.getByRole("table", { name: "Grid: every fact played" });
    expect(within(list).getByRole("rowheader", { name: "6 × 7 = 42" })).toBeTruthy();
  });

  it("speaks to children differently", () => {
    expect(describeFact(7, 8, fact(7, 8, 3, 4), "child")).toBe("7 × 8 = 56: right 3 out of 4 times");
  });

  it("leaves think time out where the figures keep none (the grid over all classes)", () => {
    expect(describeFact(7, 8, fact(7, 8, 3, 4, null))).toBe("7 × 8 = 56: 75% right (3 of 4 tries)");
    expect(describeFact(7, 8, fact(7, 8, 3, 4))).toContain("median think time 3.4 s");
    render(<FactList facts={[fact(7, 8, 3, 4, null)]} caption="Every class" />);
    const list = screen.getByRole("table", { name: "Every class" });
    expect(within(list).queryByRole("columnheader", { name: "Median think time" })).toBeNull();
    expect(within(list).getAllByRole("columnheader")).toHaveLength(4);
  });
});
