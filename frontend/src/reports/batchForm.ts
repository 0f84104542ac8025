// The grid-batch form's logic: parsing, and the request body (level XOR custom). The levels,
// their numbers and the ranges come from Fultiples' definition (GET /api/games/), where the grid
// generator's presets are declared once.
import type { BatchLevel, NewBatch } from "../api/reports";
import { BATCH_MAX } from "../api/reports";
import type { FieldErrors } from "../api/http";
import type { Game, LevelPreset } from "../api/types";
import { levelPreset, optionOf, presetNumber, presetNumbers } from "../games/definitions";
import { formatCount, joinNumbers } from "./format";

/** "numbers up to 50 from the primes 2, 3 and 5 (times scalars up to 12)" */
export function levelMeaning(preset: LevelPreset): string {
  return `numbers up to ${presetNumber(preset, "max_value")} from the primes ${joinNumbers(presetNumbers(preset, "primes"))} (times scalars up to ${presetNumber(preset, "scale_max")})`;
}

/** "Beginner"; the level's own name for a level the definition does not know. */
export function levelTitle(fultiples: Game | undefined, level: string): string {
  return (fultiples && levelPreset(fultiples, level)?.title) ?? level;
}

/** What the generator accepts, from the grid options of Fultiples' definition. */
export interface GridLimits {
  sideMax: number;
  scaleMin: number;
  capMin: number;
}

export function gridLimits(fultiples: Game): GridLimits {
  return {
    sideMax: optionOf(fultiples, "rows")?.maximum ?? 1,
    scaleMin: optionOf(fultiples, "scale_max")?.minimum ?? 2,
    capMin: optionOf(fultiples, "max_value")?.minimum ?? 1,
  };
}

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

/** A new batch: the first level; the custom fields start at the default level's numbers. */
export function initialBatchForm(fultiples: Game): BatchFormState {
  const defaultLevel = levelPreset(fultiples, String(optionOf(fultiples, "level")?.default ?? ""));
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    count: "30",
    name: "",
    choice: (fultiples.level_presets[0]?.name ?? "custom") as BatchChoice,
    primes: presetNumbers(defaultLevel, "primes").join(", "),
    scaleMax: text(presetNumber(defaultLevel, "scale_max")),
    maxValue: text(presetNumber(defaultLevel, "max_value")),
    rows: text(optionOf(fultiples, "rows")?.default),
    cols: text(optionOf(fultiples, "cols")?.default),
  };
}

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
export function batchPayload(state: BatchFormState, limits: GridLimits): PayloadResult {
  const { sideMax, scaleMin, capMin } = limits;
  const errors: FieldErrors = {};
  const count = wholeNumber(state.count);
  if (count === null || count < 1 || count > BATCH_MAX) errors.count = [`Choose between 1 and ${formatCount(BATCH_MAX)} grids.`];
  const rows = wholeNumber(state.rows);
  if (rows === null || rows < 1 || rows > sideMax) errors.rows = [`Choose 1 to ${sideMax} rows.`];
  const cols = wholeNumber(state.cols);
  if (cols === null || cols < 1 || cols > sideMax) errors.cols = [`Choose 1 to ${sideMax} columns.`];
  const name = state.name.trim();
  const common = { count: count ?? 0, rows: rows ?? 0, cols: cols ?? 0, ...(name ? { name } : {}) };

  if (state.choice !== "custom") {
    if (Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, body: { ...common, level: state.choice as BatchLevel } };
  }
  const primes = parsePrimes(state.primes);
  if (primes === null) errors.primes = ["Type whole numbers separated by commas, for example 2, 3, 7."];
  const scaleMax = wholeNumber(state.scaleMax);
  if (scaleMax === null || scaleMax < scaleMin) errors.scale_max = [`Type a whole number of at least ${scaleMin}.`];
  const maxValue = wholeNumber(state.maxValue);
  if (maxValue === null || maxValue < capMin) errors.max_value = [`Type a whole number of at least ${capMin}.`];
  if (Object.keys(errors).length || primes === null || scaleMax === null || maxValue === null) return { ok: false, errors };
  return { ok: true, body: { ...common, primes, scale_max: scaleMax, max_value: maxValue } };
}
