// The grid-batch form's logic: level presets, parsing, and the request body (level XOR custom).
import type { BatchLevel, NewBatch } from "../api/reports";
import { BATCH_MAX } from "../api/reports";
import type { FieldErrors } from "../api/http";
import { formatCount, joinNumbers } from "./format";

/** games/engines/fultiples_grid.py LEVELS (the published downloadable grids). */
export const LEVEL_PRESETS: Record<BatchLevel, { primes: number[]; scale_max: number; max_value: number }> = {
  beginner: { primes: [2, 3, 5], scale_max: 12, max_value: 50 },
  intermediate: { primes: [2, 3, 7], scale_max: 20, max_value: 100 },
  advanced: { primes: [2, 3, 5, 7], scale_max: 40, max_value: 200 },
};

export const LEVELS = Object.keys(LEVEL_PRESETS) as BatchLevel[];

export const LEVEL_TITLES: Record<BatchLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

/** "numbers up to 50 from the primes 2, 3 and 5" */
export function levelMeaning(level: BatchLevel): string {
  const p = LEVEL_PRESETS[level];
  return `numbers up to ${p.max_value} from the primes ${joinNumbers(p.primes)} (times scalars up to ${p.scale_max})`;
}

export const MAX_SIDE = 30;

export type BatchChoice = BatchLevel | "custom";

export interface BatchFormState {
  count: string;
  name: string;
  choice: BatchChoice;
  primes: string;
  scaleMax: string;
  maxValue: string;
  rows: string;
  cols: string;
}

export const INITIAL_BATCH_FORM: BatchFormState = {
  count: "30",
  name: "",
  choice: "beginner",
  primes: "2, 3, 7",
  scaleMax: "20",
  maxValue: "100",
  rows: "10",
  cols: "10",
};

/** "2, 3 7" -> [2, 3, 7]; null when a part is not a whole number or nothing was typed. */
export function parsePrimes(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const out: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return null;
    out.push(Number(part));
  }
  return out;
}

function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}

export type PayloadResult = { ok: true; body: NewBatch } | { ok: false; errors: FieldErrors };

/**
 * The POST body: `level` for a level, or `primes` + `scale_max` + `max_value` for custom
 * grids, never both. Only what the browser can check is checked here (whole numbers, ranges);
 * the generator's own rules (2 and 3 among the primes, a cap that fits) come back from the server.
 */
export function batchPayload(state: BatchFormState): PayloadResult {
  const errors: FieldErrors = {};
  const count = wholeNumber(state.count);
  if (count === null || count < 1 || count > BATCH_MAX) errors.count = [`Choose between 1 and ${formatCount(BATCH_MAX)} grids.`];
  const rows = wholeNumber(state.rows);
  if (rows === null || rows < 1 || rows > MAX_SIDE) errors.rows = [`Choose 1 to ${MAX_SIDE} rows.`];
  const cols = wholeNumber(state.cols);
  if (cols === null || cols < 1 || cols > MAX_SIDE) errors.cols = [`Choose 1 to ${MAX_SIDE} columns.`];
  const name = state.name.trim();
  const common = { count: count ?? 0, rows: rows ?? 10, cols: cols ?? 10, ...(name ? { name } : {}) };

  if (state.choice !== "custom") {
    if (Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, body: { ...common, level: state.choice } };
  }
  const primes = parsePrimes(state.primes);
  if (primes === null) errors.primes = ["Type whole numbers separated by commas, for example 2, 3, 7."];
  const scaleMax = wholeNumber(state.scaleMax);
  if (scaleMax === null || scaleMax < 2) errors.scale_max = ["Type a whole number of at least 2."];
  const maxValue = wholeNumber(state.maxValue);
  if (maxValue === null || maxValue < 1) errors.max_value = ["Type a whole number of at least 1."];
  if (Object.keys(errors).length || primes === null || scaleMax === null || maxValue === null) return { ok: false, errors };
  return { ok: true, body: { ...common, primes, scale_max: scaleMax, max_value: maxValue } };
}
