import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BarCell, RepTable } from "./RepTable";

describe("RepTable", () => {
  it("names its columns, marks the number columns, and hides the bar from screen readers", () => {
    render(
      <RepTable caption="Facts by week" head="Week" numbers={["Tries", "Accuracy"]} bar="Accuracy, as a bar">
        <tr>
          <th scope="row">1 Jan</th>
          <td className="rep-num">4</td>
          <td className="rep-num">75%</td>
          <BarCell share={0.75} />
        </tr>
      </RepTable>,
    );
    const table = screen.getByRole("table", { name: "Facts by week" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Week", "Tries", "Accuracy", "Accuracy, as a bar"]);
    expect(headers.map((h) => h.className)).toEqual(["", "rep-num", "rep-num", "rep-bar-col"]);
    const bar = table.querySelector(".rep-bar") as HTMLElement;
    expect(bar.getAttribute("aria-hidden")).toBe("true");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("75%");
  });

  it("has no bar column unless asked", () => {
    render(
      <RepTable caption="Activity" head="Student" numbers={["Matches"]}>
        <tr>
          <th scope="row">Ana</th>
          <td>2</td>
        </tr>
      </RepTable>,
    );
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Student", "Matches"]);
  });
});
