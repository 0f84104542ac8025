import { describe, expect, it } from "vitest";
import { gameOf } from "../test/games";
import { batchPayload, gridLimits, initialBatchForm, levelMeaning, levelTitle, parsePrimes } from "./batchForm";

const FULTIPLES = gameOf("fultiples");
const INITIAL_BATCH_FORM = initialBatchForm(FULTIPLES);
const LIMITS = gridLimits(FULTIPLES);
const preset = (name: string) => FULTIPLES.level_presets.find((p) => p.name === name)!;

describe("batch form payload", () => {
  it("sends a level and no custom parameters", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, count: "200", choice: "intermediate", name: "  Week 3 " }, LIMITS);
    expect(r).toEqual({ ok: true, body: { count: 200, rows: 10, cols: 10, name: "Week 3", level: "intermediate" } });
  });

  it("sends custom primes, largest scalar and cap, and no level", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, count: "5", choice: "custom", primes: "2, 3 ,11", scaleMax: "15", maxValue: "120", rows: "8", cols: "6" }, LIMITS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toEqual({ count: 5, rows: 8, cols: 6, primes: [2, 3, 11], scale_max: 15, max_value: 120 });
    expect("level" in r.body).toBe(false);
  });

  it("reports bad fields under the server's field names", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, count: "5001", choice: "custom", primes: "2, three", scaleMax: "", maxValue: "0", rows: "31", cols: "x" }, LIMITS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["cols", "count", "max_value", "primes", "rows", "scale_max"]);
  });

  it("does not check custom fields for a level", () => {
    expect(batchPayload({ ...INITIAL_BATCH_FORM, choice: "advanced", primes: "nonsense" }, LIMITS).ok).toBe(true);
  });

  it("parses primes", () => {
    expect(parsePrimes("2,3, 7")).toEqual([2, 3, 7]);
    expect(parsePrimes("2 3 5 7")).toEqual([2, 3, 5, 7]);
    expect(parsePrimes("")).toBeNull();
    expect(parsePrimes("2, -3")).toBeNull();
    expect(parsePrimes("2.5")).toBeNull();
  });

  it("starts at the first level, its custom fields at the default level's numbers and the default size", () => {
    expect(INITIAL_BATCH_FORM).toMatchObject({ choice: "beginner", primes: "2, 3, 7", scaleMax: "20", maxValue: "100", rows: "10", cols: "10" });
  });

  it("checks against the limits of Fultiples' definition", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, choice: "custom", rows: "12", maxValue: "3" }, { ...LIMITS, sideMax: 11 });
    expect(r.ok ? {} : r.errors).toEqual({ rows: ["Choose 1 to 11 rows."], max_value: ["Type a whole number of at least 4."] });
  });

  it("titles a level from its preset, and an unknown one by its name", () => {
    expect(levelTitle(FULTIPLES, "advanced")).toBe("Advanced");
    expect(levelTitle(FULTIPLES, "expert")).toBe("expert");
    expect(levelTitle(undefined, "advanced")).toBe("advanced");
  });

  it("explains the levels", () => {
    expect(levelMeaning(preset("beginner"))).toMatch(/up to 50 from the primes 2, 3 and 5/);
    expect(levelMeaning(preset("intermediate"))).toMatch(/up to 100 from the primes 2, 3 and 7/);
    expect(levelMeaning(preset("advanced"))).toMatch(/up to 200 from the primes 2, 3, 5 and 7/);
  });
});
