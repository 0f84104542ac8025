// The cache keys of the server data the pages read (TanStack Query), one per resource. A key's
// prefix names the resource it belongs to, so invalidating ["classes", "5"] also refreshes that
// class's live view and reports.
import type { ReportFilters } from "./reports";

const id = (value: number | string) => String(value);

export const queryKeys = {
  /** The teacher's classes (the list only: invalidate it with `exact: true`). */
  classes: ["classes"] as const,
  class: (classId: number | string) => ["classes", id(classId)] as const,
  classLive: (classId: number | string) => ["classes", id(classId), "live"] as const,
  classStudents: (classId: number | string) => ["classes", id(classId), "students"] as const,
  classAssignments: (classId: number | string) => ["classes", id(classId), "assignments"] as const,
  /** The games and their definitions (GET /api/games/). */
  games: ["games"] as const,
  /** The report a report page shows: as of now, for these filters. */
  shownReport: (classId: number | string, studentId: string | undefined, filters: ReportFilters) =>
    ["classes", id(classId), "reports", studentId ?? "class", filters.period, filters.game] as const,
  allClassesReport: (filters: ReportFilters) => ["reports", "all-classes", filters.period, filters.game] as const,
  /** The teacher's grid batches (the list only: invalidate it with `exact: true`). */
  batches: ["batches"] as const,
  batch: (batchId: number) => ["batches", batchId] as const,
  batchBoards: (batchId: number, page: number) => ["batches", batchId, "boards", page] as const,
  /** Every batch, for the assignment form's choice of grids. */
  assignableBatches: ["batches", "for-assignments"] as const,
  /** A PDF export being made by a job. */
  exportJob: (exportId: number) => ["exports", exportId] as const,
  matchLobby: (matchId: number) => ["matches", matchId, "lobby"] as const,
  matchReplay: (matchId: number) => ["matches", matchId, "replay"] as const,
  /** A child's home page: open assignments, finished matches, challenges with the current match. */
  myAssignments: ["my", "assignments"] as const,
  myMatches: ["my", "matches"] as const,
  myChallenges: ["my", "challenges"] as const,
  myProgress: ["my", "progress"] as const,
  /** The child's class: avatars and who is online. */
  myClassmates: ["my", "classmates"] as const,
  /** The class behind a class code, for the children's sign-in. */
  loginClass: (code: string) => ["login-class", code] as const,
};
