import { describe, expect, it } from "vitest";
import type { FactStat } from "../api/reports";
import {
  BUCKET_FLOORS,
  DARK_TEXT,
  HEAT_COLOURS,
  LIGHT_TEXT,
  NOT_PLAYED,
  bucketOf,
  coloursOf,
  contrastRatio,
  factAt,
  factKey,
  factsOutside,
  gridSizeFor,
  indexFacts,
  luminance,
} from "./heatmap";

const fact = (a: number, b: number, accuracy: number, attempts = 10): FactStat => ({
  a,
  b,
  attempts,
  right: Math.round(accuracy * attempts),
  wrong: attempts - Math.round(accuracy * attempts),
  accuracy,
  median_think_ms: 2500,
});

describe("colour buckets", () => {
  it("gives the weakest facts the strongest colour: each bucket up is lighter", () => {
    expect(HEAT_COLOURS).toEqual(["#0c2c84", "#225ea8", "#1d91c0", "#41b6c4", "#7fcdbb", "#c7e9b4", "#ffffcc"]);
    for (let i = 1; i < HEAT_COLOURS.length; i++) expect(luminance(HEAT_COLOURS[i]!)).toBeGreaterThan(luminance(HEAT_COLOURS[i - 1]!));
  });

  it("marks a fact not played with a sign, not a colour alone", () => {
    expect(NOT_PLAYED.mark).toBe("–");
    expect(HEAT_COLOURS).not.toContain(NOT_PLAYED.colour);
  });

  it("puts each accuracy in its bucket, boundaries included", () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.499)).toBe(0);
    expect(bucketOf(0.5)).toBe(1);
    expect(bucketOf(0.649)).toBe(1);
    expect(bucketOf(0.65)).toBe(2);
    expect(bucketOf(0.75)).toBe(3);
    expect(bucketOf(0.85)).toBe(4);
    expect(bucketOf(0.9)).toBe(5);
    expect(bucketOf(0.949)).toBe(5);
    expect(bucketOf(0.95)).toBe(6);
    expect(bucketOf(1)).toBe(6);
  });

  it("clamps nonsense", () => {
    expect(bucketOf(-1)).toBe(0);
    expect(bucketOf(Number.NaN)).toBe(0);
    expect(bucketOf(7)).toBe(6);
  });

  it("has one floor per colour, rising", () => {
    expect(BUCKET_FLOORS).toHaveLength(HEAT_COLOURS.length);
    for (let i = 1; i < BUCKET_FLOORS.length; i++) expect(BUCKET_FLOORS[i]!).toBeGreaterThan(BUCKET_FLOORS[i - 1]!);
  });

  it("writes white on the three darkest colours only (the weakest facts)", () => {
    expect(coloursOf(0.3)).toEqual({ background: "#0c2c84", color: LIGHT_TEXT });
    expect(coloursOf(0.6)).toEqual({ background: "#225ea8", color: LIGHT_TEXT });
    expect(coloursOf(0.7)).toEqual({ background: "#1d91c0", color: LIGHT_TEXT });
    expect(coloursOf(0.8)).toEqual({ background: "#41b6c4", color: DARK_TEXT });
    expect(coloursOf(1)).toEqual({ background: "#ffffcc", color: DARK_TEXT });
  });

  it("keeps cell text readable: at least 3:1 (large bold text) on every colour, 4.5:1 on most", () => {
    for (let i = 0; i < HEAT_COLOURS.length; i++) {
      const { background, color } = coloursOf(BUCKET_FLOORS[i]!);
      expect(contrastRatio(background, color)).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio("#41b6c4", DARK_TEXT)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#225ea8", LIGHT_TEXT)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("cell lookup", () => {
  const facts = [fact(7, 8, 0.6), fact(3, 4, 1), fact(6, 6, 0.9)];
  const index = indexFacts(facts);

  it("keys facts with the smaller factor first", () => {
    expect(factKey(8, 7)).toBe("7x8");
    expect(factKey(7, 8)).toBe("7x8");
    expect(factKey(6, 6)).toBe("6x6");
  });

  it("reads the 7 x 8 fact in row 8, column 7 and in row 7, column 8", () => {
    expect(factAt(index, 8, 7)).toBe(facts[0]);
    expect(factAt(index, 7, 8)).toBe(facts[0]);
    expect(factAt(index, 4, 3)?.accuracy).toBe(1);
    expect(factAt(index, 6, 6)?.accuracy).toBe(0.9);
  });

  it("leaves unseen facts empty", () => {
    expect(factAt(index, 9, 9)).toBeUndefined();
    expect(factAt(index, 1, 8)).toBeUndefined();
  });
});

describe("grid size", () => {
  it("is 10 x 10 for facts up to 10", () => {
    expect(gridSizeFor([fact(10, 10, 1), fact(2, 3, 1)])).toBe(10);
    expect(gridSizeFor([])).toBe(10);
  });

  it("grows to 12 x 12 when a fact beyond 10 occurs, whatever the server said", () => {
    expect(gridSizeFor([fact(3, 11, 1)])).toBe(12);
    expect(gridSizeFor([fact(12, 12, 1)], 10)).toBe(12);
    expect(gridSizeFor([fact(2, 2, 1)], 12)).toBe(12);
  });

  it("never goes past 12; facts beyond are listed outside the grid", () => {
    const big = fact(7, 28, 0.5);
    expect(gridSizeFor([big])).toBe(12);
    expect(factsOutside([big, fact(3, 4, 1), fact(12, 12, 1)], 12)).toEqual([big]);
  });
});
