import { describe, expect, it } from "vitest";
import { INITIAL_BATCH_FORM, batchPayload, levelMeaning, parsePrimes } from "./batchForm";

describe("batch form payload", () => {
  it("sends a level and no custom parameters", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, count: "200", choice: "intermediate", name: "  Week 3 " });
    expect(r).toEqual({ ok: true, body: { count: 200, rows: 10, cols: 10, name: "Week 3", level: "intermediate" } });
  });

  it("sends custom primes, largest scalar and cap, and no level", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, count: "5", choice: "custom", primes: "2, 3 ,11", scaleMax: "15", maxValue: "120", rows: "8", cols: "6" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toEqual({ count: 5, rows: 8, cols: 6, primes: [2, 3, 11], scale_max: 15, max_value: 120 });
    expect("level" in r.body).toBe(false);
  });

  it("reports bad fields under the server's field names", () => {
    const r = batchPayload({ ...INITIAL_BATCH_FORM, count: "5001", choice: "custom", primes: "2, three", scaleMax: "", maxValue: "0", rows: "31", cols: "x" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["cols", "count", "max_value", "primes", "rows", "scale_max"]);
  });

  it("does not check custom fields for a level", () => {
    expect(batchPayload({ ...INITIAL_BATCH_FORM, choice: "advanced", primes: "nonsense" }).ok).toBe(true);
  });

  it("parses primes", () => {
    expect(parsePrimes("2,3, 7")).toEqual([2, 3, 7]);
    expect(parsePrimes("2 3 5 7")).toEqual([2, 3, 5, 7]);
    expect(parsePrimes("")).toBeNull();
    expect(parsePrimes("2, -3")).toBeNull();
    expect(parsePrimes("2.5")).toBeNull();
  });

  it("explains the levels", () => {
    expect(levelMeaning("beginner")).toMatch(/up to 50 from the primes 2, 3 and 5/);
    expect(levelMeaning("intermediate")).toMatch(/up to 100 from the primes 2, 3 and 7/);
    expect(levelMeaning("advanced")).toMatch(/up to 200 from the primes 2, 3, 5 and 7/);
  });
});
