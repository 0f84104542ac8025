// Small formatters shared by the report and batch pages.

const COUNT = new Intl.NumberFormat("en-US");

/** 1250 -> "1,250". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** 0.823 -> "82%"; null -> "–". */
export function formatPercent(accuracy: number | null | undefined): string {
  if (accuracy === null || accuracy === undefined || Number.isNaN(accuracy)) return "–";
  return `${Math.round(accuracy * 100)}%`;
}

/** 3400 -> "3.4 s". */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "7 × 8" for the eye. */
export function factLabel(a: number, b: number): string {
  return `${a} × ${b}`;
}

/** "7 times 8" for a screen reader. */
export function factSpoken(a: number, b: number): string {
  return `${a} times ${b}`;
}

/** "2025-03-03" -> "Week of 3 Mar 2025" (the date is a calendar day: read it in UTC). */
export function weekLabel(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDay;
  return `Week of ${d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}`;
}

/** "2, 3 and 7" */
export function joinNumbers(ns: number[]): string {
  const s = ns.map(String);
  if (s.length <= 1) return s.join("");
  return `${s.slice(0, -1).join(", ")} and ${s[s.length - 1]}`;
}
