// The times-table heatmap's logic: which fact a cell shows, and its colour.
import type { FactStat } from "../api/reports";
// The one scale of the web grid and the PDF, copied from games/reports/heat_scale.json by
// `make frontend-generated` (a test fails while the copies differ).
import SCALE from "../generated/heatScale.json";

/** Colour-blind-safe (ColorBrewer YlGnBu, reversed): the strongest colour for the weakest facts. */
export const HEAT_COLOURS: readonly string[] = SCALE.colours;

/** Lowest accuracy of each bucket (0..1). */
export const BUCKET_FLOORS: readonly number[] = SCALE.floors;

export const BUCKET_LABELS: readonly string[] = SCALE.labels;

/** The text colour on each bucket's colour. */
export const BUCKET_TEXT: readonly string[] = SCALE.text;

/** A fact not played yet: no colour, this mark, and a dashed border (not a colour alone). */
export const NOT_PLAYED = SCALE.not_played;

export const DARK_TEXT = "#1f2937";
export const LIGHT_TEXT = "#ffffff";

/** The bucket 0..6 of an accuracy 0..1 (out-of-range values are clamped). */
export function bucketOf(accuracy: number): number {
  if (!Number.isFinite(accuracy) || accuracy < 0) return 0;
  let bucket = 0;
  for (let i = 0; i < BUCKET_FLOORS.length; i++) {
    // a small epsilon: 0.65 stored as 0.6499999 is still 65%
    if (accuracy + 1e-9 >= BUCKET_FLOORS[i]!) bucket = i;
  }
  return bucket;
}

export interface CellColours {
  background: string;
  color: string;
}

export function coloursOf(accuracy: number): CellColours {
  const bucket = bucketOf(accuracy);
  return { background: HEAT_COLOURS[bucket]!, color: BUCKET_TEXT[bucket]! };
}

/** "7x8": the smaller factor first, as the API keys facts. */
export function factKey(a: number, b: number): string {
  return a <= b ? `${a}x${b}` : `${b}x${a}`;
}

export type FactIndex = ReadonlyMap<string, FactStat>;

export function indexFacts(facts: readonly FactStat[]): FactIndex {
  const index = new Map<string, FactStat>();
  for (const f of facts) index.set(factKey(f.a, f.b), f);
  return index;
}

/** The fact in row `a`, column `b`: 8 x 7 reads the 7 x 8 fact. Undefined when never seen. */
export function factAt(index: FactIndex, a: number, b: number): FactStat | undefined {
  return index.get(factKey(a, b));
}

export const BASE_GRID = 10;
export const WIDE_GRID = 12;

/**
 * 10 x 10, or 12 x 12 when a fact beyond 10 occurs (build.py's grid_size). The server's
 * `grid_size` is honoured when given, but never shrinks the grid below what the facts need.
 */
export function gridSizeFor(facts: readonly FactStat[], declared?: number | null): number {
  const needed = facts.some((f) => Math.max(f.a, f.b) > BASE_GRID) ? WIDE_GRID : BASE_GRID;
  const size = Math.max(needed, declared && declared > 0 ? declared : BASE_GRID);
  return Math.min(size, WIDE_GRID);
}

/** Facts the grid cannot show (a factor above the grid size, e.g. 7 x 28 from Fultiples). */
export function factsOutside(facts: readonly FactStat[], size: number): FactStat[] {
  return facts.filter((f) => Math.max(f.a, f.b) > size || Math.min(f.a, f.b) < 1);
}

/** WCAG relative luminance of "#rrggbb". */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
