// Typed calls for Fultiples grid batches, the reports and a student's own progress.
// The generated schema leaves `primes`, `grid` and a report's `data` untyped: they are
// narrowed here by hand from games/reports/build.py, queries.py and api/batches.py.
import type { components } from "./schema";
import { fetchAllPages, request, requestFile, type DownloadedFile, type Page } from "./http";

type Schemas = components["schemas"];

// --- batches -----------------------------------------------------------------

export type BatchLevel = Schemas["NewBatchLevelEnum"];
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

/** "live": the last two hours; else whole days (7d, 30d) or all time. */
export type ReportPeriod = "live" | "7d" | "30d" | "all";
/** "" means every game. */
export type ReportGame = "" | Schemas["GameEnum"];

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

export interface ReportTotals {
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
  totals: ReportTotals;
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

/** A report as of now (GET /api/classes/{id}/report/ or /api/students/{id}/report/). */
export interface ReportNow {
  title: string;
  period: ReportPeriod;
  game: ReportGame;
  /** null: all time */
  since: string | null;
  as_of: string;
  data: ReportData;
  /** The latest nightly snapshot of the same filters, to compare against; null when there is none. */
  snapshot: { built_at: string; totals: ReportTotals } | null;
}

export function isClassData(data: ReportData): data is ClassReportData {
  return "activity" in data && Array.isArray((data as ClassReportData).activity);
}

function filterQuery({ period, game }: ReportFilters): string {
  return `period=${enc(period)}&game=${enc(game)}`;
}

/** Whose report: a class's, or one student's in it. */
export interface ReportTarget {
  classId: number | string;
  studentId?: string;
}

function reportPath({ classId, studentId }: ReportTarget): string {
  return studentId ? `/api/students/${enc(studentId)}/report/` : `/api/classes/${enc(classId)}/report/`;
}

/** The report as of now: a move made a second ago is in it. */
export const reportNow = (target: ReportTarget, filters: ReportFilters, signal?: AbortSignal) =>
  request<ReportNow>("GET", `${reportPath(target)}?${filterQuery(filters)}`, { signal });

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

export function downloadReport(target: ReportTarget, filters: ReportFilters, kind: ReportExport): Promise<DownloadedFile> {
  const who = target.studentId ? `student-${target.studentId}` : `class-${target.classId}`;
  return requestFile("GET", `${reportPath(target)}${kind}?${filterQuery(filters)}`, `${who}-${filters.period}-${kind}`);
}

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
