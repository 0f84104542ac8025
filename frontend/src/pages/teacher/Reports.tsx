// A class's reports (/teacher/classes/:id/reports) and one student's report
// (/teacher/classes/:id/reports/students/:studentId): filters, the latest built report,
// "Build now" with a progress bar, the times-table heatmap and the tables around it.
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getClass, listStudents } from "../../api/endpoints";
import type { ApiError } from "../../api/http";
import { queryKeys } from "../../api/queryKeys";
import {
  downloadReport,
  getReport,
  isClassData,
  latestClassReport,
  latestStudentReport,
  liveReport,
  requestClassReport,
  type Report,
  type ReportExport,
  type ReportFilters,
  type ReportGame,
  type ReportPeriod,
} from "../../api/reports";
import { Button, FormError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { FilterFields, REPORT_GAMES, gameLabel } from "../../reports/FilterFields";
import { saveFile } from "../../lib/download";
import { useExport } from "../../lib/useExport";
import { requestReportPdf } from "../../api/exports";
import { ExportButton } from "../../components/ExportButton";
import { ExportStatus } from "../../components/ExportStatus";
import { formatTime, plural } from "../../lib/format";
import { formatCount, formatPercent } from "../../reports/format";
import { Heatmap } from "../../reports/Heatmap";
import { ProgressBar } from "../../reports/ProgressBar";
import { avatarFromRoster } from "../../components/Avatar";
import { Activity, ByWeek, FocusBeforeSince, Judgements, MistakesByType, MostMissed, NeedsHelp, PractiseNextList, RecentMistakes, classReportPath } from "../../reports/Sections";
import { gameTitle } from "../../games/catalog";
import { FRESH_MS, POLL_MS, loadError } from "../../lib/queryClient";
import "../../reports/reports.css";
import { ClassLoadFailed, PageLoading } from "./ClassPageStates";

export const PERIODS: { value: ReportPeriod; label: string }[] = [
  { value: "live", label: "Live: the last 2 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "all", label: "All time" },
];


export function periodLabel(period: ReportPeriod): string {
  return PERIODS.find((p) => p.value === period)?.label ?? period;
}

/** The filters from the address (?period=&game=), with safe defaults. */
export function readFilters(params: URLSearchParams): ReportFilters {
  const period = params.get("period");
  const game = params.get("game") ?? "";
  return {
    period: PERIODS.some((p) => p.value === period) ? (period as ReportPeriod) : "30d",
    game: (REPORT_GAMES as string[]).includes(game) ? (game as ReportGame) : "",
  };
}

export function isBuilding(r: Pick<Report, "status"> | null): boolean {
  return r !== null && (r.status === "pending" || r.status === "running");
}

type Latest = { state: "loading" } | { state: "none" } | { state: "error"; error: ApiError } | { state: "done"; report: Report };

/** How often the live view reads the last two hours again. */
export const LIVE_POLL_MS = 1000;

export function ReportsPage({ pollMs = POLL_MS, livePollMs = LIVE_POLL_MS }: { pollMs?: number; livePollMs?: number }) {
  const { id: classId = "", studentId } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { period, game } = filters;

  const queryClient = useQueryClient();
  const live = period === "live";

  // The class (for its name), and in the student view the student.
  const classQuery = useQuery({ queryKey: queryKeys.class(classId), queryFn: ({ signal }) => getClass(classId, signal) });
  const studentsQuery = useQuery({
    queryKey: queryKeys.classStudents(classId),
    queryFn: ({ signal }) => listStudents(classId, signal),
  });

  const klass = classQuery.data ?? null;
  /** The student of the student view: undefined while loading, null when not in this class. */
  const student = !studentId ? null : studentsQuery.data && (studentsQuery.data.find((s) => String(s.id) === studentId) ?? null);
  const metaError = loadError(classQuery.error ?? (studentId ? studentsQuery.error : null));

  // The latest built report for these filters; live: the last two hours, read again every moment
  // with nobody pressing anything (not while the tab is hidden).
  const shown = useQuery({
    queryKey: queryKeys.shownReport(classId, studentId, filters),
    queryFn: ({ signal }) =>
      live
        ? liveReport(classId, studentId, game, signal)
        : studentId
          ? latestStudentReport(studentId, { period, game }, signal)
          : latestClassReport(classId, { period, game }, signal),
    refetchInterval: live ? livePollMs : false,
    staleTime: live ? 0 : FRESH_MS,
  });
  const latest: Latest = shown.isError
    ? { state: "error", error: loadError(shown.error)! }
    : shown.data === undefined
      ? { state: "loading" }
      : shown.data === null
        ? { state: "none" }
        : { state: "done", report: shown.data };

  // "Build now": the build started for these filters (a build of other filters is no longer this
  // page's business), checked every second until it is done or failed.
  const buildFor = `${classId}/${period}/${game}`;
  const [started, setStarted] = useState<{ id: number; buildFor: string } | null>(null);
  const buildId = started?.buildFor === buildFor ? started.id : null;
  const buildQuery = useQuery({
    queryKey: queryKeys.report(buildId ?? 0),
    enabled: buildId !== null,
    staleTime: Infinity, // only the polling below reads it again
    queryFn: async ({ signal }) => {
      const now = await getReport(buildId!, signal);
      // Built: the class's report and each student's are new.
      if (now.status === "done") void queryClient.invalidateQueries({ queryKey: queryKeys.classReports(classId) });
      return now;
    },
    refetchInterval: (query) => (isBuilding(query.state.data ?? null) ? pollMs : false),
  });
  const build = buildId !== null ? (buildQuery.data ?? null) : null;
  const notice = build === null ? "" : build.status === "done" ? "The report is ready." : isBuilding(build) ? "Building the report…" : "";

  const start = useAction(async () => {
    const report = await requestClassReport(classId, { period, game });
    queryClient.setQueryData(queryKeys.report(report.id), report);
    setStarted({ id: report.id, buildFor });
  });

  function setFilter(key: "period" | "game", value: string) {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  }

  if (metaError && (!klass || student === undefined)) {
    return <ClassLoadFailed error={metaError} what="the report" />;
  }
  if (!klass || (studentId && student === undefined)) {
    return <PageLoading title="Reports" />;
  }
  if (studentId && !student) {
    return (
      <Page title="Student not found">
        <div className="alert alert-error" role="alert">
          <p>We couldn't find that student in {klass.name}.</p>
        </div>
        <p>
          <Link to={classReportPath(classId, filters)}>Back to the class report</Link>
        </p>
      </Page>
    );
  }

  const who = student ? student.display_name : klass.name;
  const title = student ? `${student.display_name}: report` : `${klass.name}: reports`;
  const report = latest.state === "done" ? latest.report : null;

  return (
    <Page title={title} className="rep-page">
      <p className="rep-back">
        {student ? (
          <Link to={classReportPath(classId, filters)}>← Class report for {klass.name}</Link>
        ) : (
          <Link to={`/teacher/classes/${classId}`}>← Back to {klass.name}</Link>
        )}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>

      <section aria-labelledby="rep-filters-heading" className="card rep-toolbar">
        <h2 id="rep-filters-heading" className="sr-only">
          Filters and building
        </h2>
        <div className="rep-filters">
          <FilterFields idPrefix="rep" period={period} game={game} periods={PERIODS} onChange={setFilter} />
          <div className="rep-build" hidden={live}>
            <Button
              variant="primary"
              onClick={() => void start.run()}
              busy={start.busy || isBuilding(build)}
              busyLabel="Building…"
              aria-describedby="rep-build-hint"
            >
              Build now
            </Button>
          </div>
        </div>
        <p className="hint" id="rep-build-hint">
          {live
            ? "Live: the answers of the last two hours, updated by themselves every few seconds while this page is open."
            : student
              ? `Building makes a fresh report for the whole class, ${student.display_name} included.`
              : "Reports of the last 30 days are also built every night."}
        </p>
        <FormError error={start.error} />
        {build && isBuilding(build) && (
          <ProgressBar
            label="Building the report"
            value={build.done}
            max={build.total}
            text={`${formatCount(build.done)} of ${formatCount(build.total)} parts (the class, then each student)`}
          />
        )}
        {build?.status === "failed" && (
          <div className="alert alert-error" role="alert">
            <p>Building the report failed{build.error ? `: ${build.error}` : "."} Try again with "Build now".</p>
          </div>
        )}
      </section>

      {latest.state === "loading" && <p role="status">Loading the report…</p>}
      {latest.state === "error" && (
        <div className="alert alert-error" role="alert">
          <p>{latest.error.message}</p>
          <Button onClick={() => void shown.refetch()}>Try again</Button>
        </div>
      )}
      {latest.state === "none" && (
        <section aria-labelledby="rep-none-heading" className="card">
          <h2 id="rep-none-heading">No report yet</h2>
          <p>
            There is no report for {who} for {periodLabel(period).toLowerCase()} and {gameLabel(game).toLowerCase()} yet. Use
            "Build now" to make one.
          </p>
        </section>
      )}
      {report && <ReportBody report={report} classId={classId} filters={filters} who={who} />}
    </Page>
  );
}

function ReportBody({ report, classId, filters, who }: { report: Report; classId: string; filters: ReportFilters; who: string }) {
  // Each child's avatar beside their name (the roster has them; the page has read it already).
  const roster = useQuery({ queryKey: queryKeys.classStudents(classId), queryFn: ({ signal }) => listStudents(classId, signal) });
  const avatars = new Map((roster.data ?? []).map((s) => [s.id, avatarFromRoster(s)]));
  const data = report.data;
  const exporter = useAction(async (kind: ReportExport) => saveFile(await downloadReport(report.id, kind)));
  const [exporting, setExporting] = useState<ReportExport | null>(null);
  const classData = data && isClassData(data) ? data : null;
  const totals = data && "totals" in data ? data.totals : null;

  const pdf = useExport();
  const exportButton = (kind: ReportExport, label: string) => (
    <Button
      onClick={() => {
        setExporting(kind);
        void exporter.run(kind).finally(() => setExporting(null));
      }}
      busy={exporter.busy && exporting === kind}
      disabled={exporter.busy && exporting !== kind}
      busyLabel="Preparing…"
    >
      {label}
    </Button>
  );

  return (
    <>
      <section aria-labelledby="rep-summary-heading" className="card rep-summary">
        <h2 id="rep-summary-heading">{report.title || `Report for ${who}`}</h2>
        <p className="rep-sub">
          {periodLabel(report.period)} · {gameLabel(report.game)}
          {report.built_at ? (report.period === "live" ? ` · updated ${formatTime(report.built_at)}` : ` · built ${formatTime(report.built_at)}`) : ""}
        </p>
        {totals && (
          <dl className="facts rep-totals">
            <div>
              <dt>Answers</dt>
              <dd>{formatCount(totals.attempts)}</dd>
            </div>
            <div>
              <dt>Right</dt>
              <dd>{formatPercent(totals.accuracy)}</dd>
            </div>
            <div>
              <dt>Facts mastered</dt>
              <dd>
                {totals.facts_mastered} of {plural(totals.facts_seen, "fact")} played
              </dd>
            </div>
          </dl>
        )}
        {report.period !== "live" && (
          <div className="actions rep-exports">
            {exportButton("facts.csv", "Facts (CSV)")}
            {classData && exportButton("students.csv", "Students (CSV)")}
            <ExportButton exp={pdf} ask={() => requestReportPdf(report.id)} workingLabel="Making the PDF…">
              Print PDF
            </ExportButton>
          </div>
        )}
        <FormError error={exporter.error} />
        {report.period !== "live" && <ExportStatus exp={pdf} what="the report's PDF" />}
      </section>

      {!data ? (
        <p>This report has no figures.</p>
      ) : (
        <>
          <section aria-labelledby="rep-grid-heading" className="rep-section">
            <h2 id="rep-grid-heading">Times tables</h2>
            <Heatmap facts={data.facts} gridSize={data.grid_size} caption={`Accuracy per multiplication fact for ${who}: rows × columns`} />
          </section>

          {"practise_next" in data && data.practise_next && data.practise_next.length > 0 && (
            <section aria-labelledby="rep-next-heading" className="rep-section">
              <h2 id="rep-next-heading">Practise next</h2>
              <p className="hint">What {who} sees on their own progress page: the weakest facts first, and why.</p>
              <PractiseNextList items={data.practise_next} />
            </section>
          )}

          {"recent_mistakes" in data && data.recent_mistakes && (
            <section aria-labelledby="rep-recent-heading" className="rep-section">
              <h2 id="rep-recent-heading">Recent mistakes</h2>
              <RecentMistakes mistakes={data.recent_mistakes} who={who} />
            </section>
          )}

          {data.focus && data.focus.length > 0 && (
            <section aria-labelledby="rep-focus-heading" className="rep-section">
              <h2 id="rep-focus-heading">Focus: before and since</h2>
              <p className="hint">For each focused assignment, answers on each child's focus facts before their first focused match and since (in any game): how many, how many right, and the average think time.</p>
              <FocusBeforeSince assignments={data.focus} gameTitle={gameTitle} />
            </section>
          )}

          <section aria-labelledby="rep-missed-heading" className="rep-section">
            <h2 id="rep-missed-heading">Most-missed facts</h2>
            <MostMissed facts={data.most_missed} who={who} />
          </section>

          <section aria-labelledby="rep-judge-heading" className="rep-section">
            <h2 id="rep-judge-heading">Right answers by kind</h2>
            <Judgements rows={data.judgements} />
          </section>

          <section aria-labelledby="rep-mistakes-heading" className="rep-section">
            <h2 id="rep-mistakes-heading">Mistakes by type</h2>
            <MistakesByType mistakes={data.mistakes} />
          </section>

          <section aria-labelledby="rep-week-heading" className="rep-section">
            <h2 id="rep-week-heading">Accuracy by week</h2>
            <ByWeek weeks={data.by_week} />
          </section>

          {classData && (
            <>
              <section aria-labelledby="rep-help-heading" className="rep-section">
                <h2 id="rep-help-heading">Students who need help</h2>
                <p className="hint">Per fact, the students under 75% right after at least 3 tries: a small group to work with.</p>
                <NeedsHelp needsHelp={classData.needs_help} activity={classData.activity} classId={classId} filters={filters} avatars={avatars} />
              </section>
              <section aria-labelledby="rep-activity-heading" className="rep-section">
                <h2 id="rep-activity-heading">Activity</h2>
                <Activity rows={classData.activity} classId={classId} filters={filters} avatars={avatars} />
              </section>
            </>
          )}
        </>
      )}
    </>
  );
}
