import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { SEAT_MARKS, seatMark } from "./multiplin/view";
import { SEAT_STYLES, seatStyle } from "./seats";
import { SEAT_STYLES as STEPPING_STYLES, seatStyle as steppingStyle } from "./stepping_divisors/view";

// One scheme for every seat 0-5: the match header (SeatMarker), the live page and every board.
describe("seat colours and shapes", () => {
  it("has six seats, each with its own shape and colour", () => {
    expect(SEAT_STYLES).toHaveLength(6);
    expect(new Set(SEAT_STYLES.map((s) => s.shape)).size).toBe(6);
    expect(new Set(SEAT_STYLES.map((s) => s.colour)).size).toBe(6);
  });

  it("Multiplin and Stepping By Divisors use the same scheme as the header", () => {
    expect(SEAT_MARKS).toBe(SEAT_STYLES);
    expect(STEPPING_STYLES).toBe(SEAT_STYLES);
    for (let seat = 0; seat < 6; seat++) {
      expect(seatMark(seat)).toEqual(seatStyle(seat));
      expect(steppingStyle(seat)).toEqual(seatStyle(seat));
    }
  });

  it("the two-player boards' CSS colours are seats 0 and 1 of the scheme (blue circle, orange square)", () => {
    const fultiples = readFileSync("src/games/fultiples/board.css", "utf8");
    const fourInARow = readFileSync("src/games/four_in_a_row/board.css", "utf8");
    expect(SEAT_STYLES[0]).toMatchObject({ shape: "circle", colourName: "blue" });
    expect(SEAT_STYLES[1]).toMatchObject({ shape: "square", colourName: "orange" });
    expect(fultiples).toContain(`--fultiples-p0: ${SEAT_STYLES[0]!.colour};`);
    expect(fultiples).toContain(`--fultiples-p1: ${SEAT_STYLES[1]!.colour};`);
    expect(fourInARow).toContain(`--fiar-seat0: ${SEAT_STYLES[0]!.colour};`);
    expect(fourInARow).toContain(`--fiar-seat1: ${SEAT_STYLES[1]!.colour};`);
  });
});
