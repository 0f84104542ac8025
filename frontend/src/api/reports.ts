// Typed calls for Fultiples grid batches, the reports and a student's own progress.
// The generated schema leaves `primes`, `grid` and a report's `data` untyped: they are
// narrowed here by hand from games/reports/build.py, queries.py and api/batches.py.
import type { components } from "./schema";
import { ApiError, fetchAllPages, request, requestFile, type DownloadedFile, type Page } from "./http";

type Schemas = components["schemas"];

// --- batches -----------------------------------------------------------------

export type BatchLevel = Schemas["LevelEnum"];
export type BatchStatus = Schemas["BatchStatusEnum"];

/** A batch as the API sends it; `primes` is a list of numbers, `level` is "" for custom grids. */
export type GridBatch = Omit<Schemas["Batch"], "primes" | "level"> & { primes: number[]; level: BatchLevel | "" };

/** POST /api/batches/: a level XOR custom primes / largest scalar / cap. */
export type NewBatch = {
  count: number;
  name?: string;
  rows?: number;
  cols?: number;
} & (
  | { level: BatchLevel; primes?: never; scale_max?: never; max_value?: never }
  | { level?: never; primes: number[]; scale_max: number; max_value: number }
);

/** One stored grid: a list of rows of numbers. */
export interface GridBoard {
  index: number;
  grid: number[][];
}

export const BATCH_MAX = 5000;

const enc = (v: number | string) => encodeURIComponent(String(v));

export const listGridBatches = (signal?: AbortSignal) => fetchAllPages<GridBatch>("/api/batches/", signal);

export const createGridBatch = (body: NewBatch) => request<GridBatch>("POST", "/api/batches/", { json: body });

export const getGridBatch = (id: number, signal?: AbortSignal) =>
  request<GridBatch>("GET", `/api/batches/${enc(id)}/`, { signal });

export const retryGridBatch = (id: number) => request<GridBatch>("POST", `/api/batches/${enc(id)}/retry/`);

export const deleteGridBatch = (id: number) => request<void>("DELETE", `/api/batches/${enc(id)}/`);

/** One page of grid previews (`page` from 1). */
export const listBatchBoards = (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
  request<Page<GridBoard>>("GET", `/api/batches/${enc(id)}/boards/?page=${page}&page_size=${pageSize}`, { signal });

// --- reports -----------------------------------------------------------------

/** A built report's period, or "live": the last two hours, computed when asked (never built). */
export type ReportPeriod = Schemas["PeriodEnum"] | "live";
/** "" means every game. */
export type ReportGame = "" | "fultiples" | "four_in_a_row" | "multiplin" | "stepping_divisors";
export type ReportStatus = Schemas["ReportStatusEnum"];

export interface ReportFilters {
  period: ReportPeriod;
  game: ReportGame;
}

/** One multiplication fact, smaller factor first (`a <= b`). */
export interface FactStat {
  a: number;
  b: number;
  attempts: number;
  right: number;
  wrong: number;
  /** 0..1 */
  accuracy: number;
  /** null where think times are not kept: the grid over all of a teacher's classes. */
  median_think_ms: number | null;
}

export interface WeekStat {
  /** ISO date of the week's Monday. */
  week: string;
  attempts: number;
  right: number;
  accuracy: number;
}

/** `multiply` (products), `factor_pair` (factor or multiple), `divisor`. */
export type AttemptKind = "multiply" | "factor_pair" | "divisor" | (string & {});

export interface JudgementStat {
  kind: AttemptKind;
  attempts: number;
  right: number;
  accuracy: number;
}

export interface MistakeStat {
  kind: AttemptKind;
  /** One of games/reports/mistakes.py's kinds (neighbour, addition, near_miss, ... other); `label` says it. */
  mistake_type: string;
  count: number;
  label: string;
}

export interface StudentTotals {
  attempts: number;
  right: number;
  accuracy: number | null;
  facts_seen: number;
  facts_mastered: number;
}

export interface NeedsHelpEntry {
  student: string;
  attempts: number;
  accuracy: number;
}

export interface ActivityRow {
  /** null: a student removed after the report was built (their name reads "A removed student"). */
  student_id: number | null;
  student: string;
  matches: number;
  minutes: number;
  attempts: number;
  accuracy: number | null;
}

interface CommonReportData {
  grid_size: number;
  facts: FactStat[];
  most_missed: FactStat[];
  by_week: WeekStat[];
  judgements: JudgementStat[];
  mistakes: MistakeStat[];
  /** Focused assignments, before and since (games/reports/focus.py). Absent from reports built before it existed. */
  focus?: FocusAssignment[];
}

/** Answers on focus facts in one span: before the child's first focused match, or since. */
export interface FocusFigures {
  attempts: number;
  right: number;
  accuracy: number | null;
  /** Average think time, ms; null without answers. */
  think_ms: number | null;
}

export interface FocusRow {
  student_id: number;
  student: string;
  a: number;
  b: number;
  /** When the child's first match with this focus fact began. */
  since: string;
  before: FocusFigures;
  after: FocusFigures;
}

export interface FocusAssignment {
  assignment_id: number;
  title: string;
  game: string;
  mode: "weakest" | "facts" | "none";
  rows: FocusRow[];
  before: FocusFigures;
  after: FocusFigures;
}

/** A fact to practise next and why, in words a child reads (games/reports/practise_next.py). */
export interface PractiseNext {
  a: number;
  b: number;
  why: string;
}

/** A wrong answer, with the match and move to watch it again at. */
export interface RecentMistake {
  kind: AttemptKind;
  a: number;
  b: number;
  answer: number | null;
  mistake_type: string;
  label: string;
  match_id: number;
  /** null for answers stored before moves were recorded with them */
  version: number | null;
  created_at: string;
}

export interface StudentReportData extends CommonReportData {
  totals: StudentTotals;
  /** Absent from reports built before it existed. */
  recent_mistakes?: RecentMistake[];
  /** Absent from reports built before it existed. */
  practise_next?: PractiseNext[];
}

export interface ClassReportData extends CommonReportData {
  /** Keyed "7x8" (smaller factor first). */
  needs_help: Record<string, NeedsHelpEntry[]>;
  activity: ActivityRow[];
}

export type ReportData = StudentReportData | ClassReportData;

/** A report; `data` is null until it is built. */
export type Report = Omit<Schemas["Report"], "data" | "period" | "game"> & {
  period: ReportPeriod;
  game: ReportGame;
  data: ReportData | null;
};

export function isClassData(data: ReportData): data is ClassReportData {
  return "activity" in data && Array.isArray((data as ClassReportData).activity);
}

function filterQuery({ period, game }: ReportFilters): string {
  return `period=${enc(period)}&game=${enc(game)}`;
}

/** null when the server answers 404 (no report built yet). */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Build a class report (and one per student) now; watch `done`/`total` with getReport. */
export const requestClassReport = (classId: number | string, filters: ReportFilters) =>
  request<Report>("POST", `/api/classes/${enc(classId)}/reports/`, { json: filters });

export const getReport = (id: number, signal?: AbortSignal) =>
  request<Report>("GET", `/api/reports/${enc(id)}/`, { signal });

/** The latest built class report for these filters, or null. */
export const latestClassReport = (classId: number | string, filters: ReportFilters, signal?: AbortSignal) =>
  orNull(request<Report>("GET", `/api/classes/${enc(classId)}/reports/latest/?${filterQuery(filters)}`, { signal }));

/** The latest built report of one student for these filters, or null. */
export const latestStudentReport = (studentId: number | string, filters: ReportFilters, signal?: AbortSignal) =>
  orNull(request<Report>("GET", `/api/students/${enc(studentId)}/report/?${filterQuery(filters)}`, { signal }));

type LiveReport = Omit<Schemas["LiveReport"], "data"> & { data: ReportData };

/** The last two hours of a class (or of one student), computed now, as a report the page can show. */
export async function liveReport(classId: number | string, studentId: string | undefined, game: ReportGame, signal?: AbortSignal): Promise<Report> {
  const path = studentId ? `/api/students/${enc(studentId)}/report/live/` : `/api/classes/${enc(classId)}/reports/live/`;
  const live = await request<LiveReport>("GET", `${path}?game=${enc(game)}`, { signal });
  return {
    id: 0,
    classroom: Number(classId),
    student: studentId ? Number(studentId) : null,
    student_name: null,
    scope: studentId ? "student" : "class",
    period: "live",
    period_start: live.since,
    period_end: live.as_of,
    game,
    status: "done",
    done: 1,
    total: 1,
    error: "",
    data: live.data,
    title: live.title,
    created_at: live.as_of,
    built_at: live.as_of,
  };
}

/** One class beside the others on "All my classes". */
export interface ClassSummary {
  id: number;
  name: string;
  attempts: number;
  accuracy: number | null;
  weakest: FactStat[];
}

export interface AllClassesData {
  grid_size: number;
  facts: FactStat[];
  most_missed: FactStat[];
  classes: ClassSummary[];
}

/** All my classes: one grid over them, and each class beside the others (computed now). */
export const allClassesReport = (filters: ReportFilters, signal?: AbortSignal) =>
  request<{ period: string; game: string; as_of: string; data: AllClassesData }>(
    "GET",
    `/api/reports/all-classes/?${filterQuery(filters)}`,
    { signal },
  );

/** The CSV files, written by the request itself; the PDF is made by a job (api/exports.ts requestReportPdf). */
export type ReportExport = "facts.csv" | "students.csv";

export const downloadReport = (id: number, kind: ReportExport): Promise<DownloadedFile> =>
  requestFile("GET", `/api/reports/${enc(id)}/${kind}`, `report-${id}-${kind}`);

// --- a student's own progress ------------------------------------------------------

export interface MyProgress {
  /** [a, b] pairs, smaller factor first. */
  mastered: [number, number][];
  practise: [number, number][];
  facts: FactStat[];
  /** The three facts to practise next, weakest first, each with why. */
  next?: PractiseNext[];
  /** The child's open assignments with a Focus, and the facts each brings up for them. */
  focus?: MyFocus[];
}

export interface MyFocus {
  assignment_id: number;
  title: string;
  game: string;
  mode: "weakest" | "facts";
  facts: [number, number][];
}

export const getMyProgress = (signal?: AbortSignal) => request<MyProgress>("GET", "/api/my/progress/", { signal });
