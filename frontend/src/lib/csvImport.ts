import type { ImportResult } from "../api/types";

/** Import is possible only for a previewed file with rows, no problems, and nothing in flight. */
export function canImport(preview: ImportResult | null, busy: boolean): boolean {
  if (!preview || busy) return false;
  return preview.valid && preview.rows.length > 0 && preview.rows.every((r) => r.problems.length === 0);
}

export function countProblems(preview: ImportResult | null): number {
  return preview ? preview.rows.filter((r) => r.problems.length > 0).length : 0;
}
