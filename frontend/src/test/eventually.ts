import { vi } from "vitest";

/** The limit of every condition wait in the tests. jsdom renders can take seconds on a loaded 2-core
 * CI machine, and a wait that passes returns as soon as its condition holds, so a long limit costs
 * nothing; the 1 s defaults of vi.waitFor and testing-library do not hold there. */
export const WAIT_LIMIT_MS = 10_000;

/** Retry `check` until it stops throwing (vi.waitFor with the suite's limit). */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_LIMIT_MS, interval: 20 });
}
