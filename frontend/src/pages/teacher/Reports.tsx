// A class's report (/teacher/classes/:id/reports) and one student's report
// (/teacher/classes/:id/reports/students/:studentId): filters, the figures as of now (read again every few
// seconds while the page is open, nothing to build), the times-table heatmap and the tables around it, the
// comparison with last night's snapshot, and the CSV and PDF exports.
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { getClass, listStudents } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import {
  downloadReport,
  isClassData,
  reportNow,
  type ReportExport,
  type ReportFilters,
  type ReportNow,
  type ReportPeriod,
  type ReportTarget,
} from "../../api/reports";
import { Button, FormError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { FilterFields, gameLabel } from "../../reports/FilterFields";
import { saveFile } from "../../lib/download";
import { useExport } from "../../lib/useExport";
import { requestReportPdf } from "../../api/exports";
import { ExportButton } from "../../components/ExportButton";
import { ExportStatus } from "../../components/ExportStatus";
import { formatTime, plural } from "../../lib/format";
import { formatCount, formatPercent } from "../../reports/format";
import { Heatmap } from "../../reports/Heatmap";
import { avatarFromRoster } from "../../components/Avatar";
import { Activity, ByWeek, FocusBeforeSince, Judgements, MistakesByType, MostMissed, NeedsHelp, PractiseNextList, RecentMistakes, classReportPath } from "../../reports/Sections";
import { isGameSlug, useGameTitle } from "../../games/catalog";
import { loadError } from "../../lib/queryClient";
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
    game: isGameSlug(game) ? game : "",
  };
}

/** How often the live view (the last two hours) reads the figures again. */
export const LIVE_POLL_MS = 1000;
/** How often the other periods read them again while the page is open (and whenever the tab comes back). */
export const REFRESH_MS = 15_000;

export function ReportsPage({ refreshMs = REFRESH_MS, livePollMs = LIVE_POLL_MS }: { refreshMs?: number; livePollMs?: number }) {
  const { id: classId = "", studentId } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { period, game } = filters;
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

  // The figures as of now, read again by themselves while the page is open (not while the tab is hidden).
  const shown = useQuery({
    queryKey: queryKeys.shownReport(classId, studentId, filters),
    queryFn: ({ signal }) => reportNow({ classId, studentId }, filters, signal),
    refetchInterval: live ? livePollMs : refreshMs,
    staleTime: 0,
  });
  const showError = shown.isError ? loadError(shown.error) : null;

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

  return (
    <Page title={title} className="rep-page">
      <p className="rep-back">
        {student ? (
          <Link to={classReportPath(classId, filters)}>← Class report for {klass.name}</Link>
        ) : (
          <Link to={`/teacher/classes/${classId}`}>← Back to {klass.name}</Link>
        )}
      </p>

      <section aria-labelledby="rep-filters-heading" className="card rep-toolbar">
        <h2 id="rep-filters-heading" className="sr-only">
          Filters
        </h2>
        <div className="rep-filters">
          <FilterFields idPrefix="rep" period={period} game={game} periods={PERIODS} onChange={setFilter} />
        </div>
        <p className="hint">
          {live
            ? "Live: the answers of the last two hours, updated every second while this page is open."
            : "The figures are as of now, the last answer included. They update by themselves while this page is open."}
        </p>
      </section>

      {shown.data === undefined && !showError && <p role="status">Loading the report…</p>}
      {showError && (
        <div className="alert alert-error" role="alert">
          <p>{showError.message}</p>
          <Button onClick={() => void shown.refetch()}>Try again</Button>
        </div>
      )}
      {shown.data && <ReportBody report={shown.data} target={{ classId, studentId }} filters={filters} who={who} />}
    </Page>
  );
}

/** What the page says before anyone has answered in the period (a new class, a quiet week). */
export function noAnswersSentence(period: ReportPeriod, who: string, oneStudent: boolean): string {
  const when = { live: "the last two hours", "7d": "the last 7 days", "30d": "the last 30 days", all: "any game so far" }[period];
  return oneStudent
    ? `No answers yet in ${when}. When ${who} plays, their answers show here within seconds.`
    : `No answers yet in ${when}. When the class plays, their answers show here within seconds.`;
}

/** "To compare: the snapshot of 27 Nov, 02:00 had 1,100 answers, 71% right." */
export function snapshotSentence(snapshot: NonNullable<ReportNow["snapshot"]>): string {
  const { attempts, accuracy } = snapshot.totals;
  const answers = attempts === 1 ? "1 answer" : `${formatCount(attempts)} answers`;
  return `To compare: the snapshot of ${formatTime(snapshot.built_at)} had ${answers}, ${formatPercent(accuracy)} right.`;
}

function ReportBody({ report, target, filters, who }: { report: ReportNow; target: ReportTarget; filters: ReportFilters; who: string }) {
  const classId = String(target.classId);
  // Each child's avatar beside their name (the roster has them; the page has read it already).
  const roster = useQuery({ queryKey: queryKeys.classStudents(classId), queryFn: ({ signal }) => listStudents(classId, signal) });
  const avatars = new Map((roster.data ?? []).map((s) => [s.id, avatarFromRoster(s)]));
  const data = report.data;
  const gameTitle = useGameTitle();
  const exporter = useAction(async (kind: ReportExport) => saveFile(await downloadReport(target, filters, kind)));
  const [exporting, setExporting] = useState<ReportExport | null>(null);
  const classData = isClassData(data) ? data : null;
  const totals = data.totals;

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
          {periodLabel(report.period)} · {gameLabel(report.game, gameTitle)} · as of {formatTime(report.as_of)}
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
        {report.snapshot && <p className="hint rep-snapshot">{snapshotSentence(report.snapshot)}</p>}
        <div className="actions rep-exports">
          {exportButton("facts.csv", "Facts (CSV)")}
          {classData && exportButton("students.csv", "Students (CSV)")}
          <ExportButton exp={pdf} ask={() => requestReportPdf(target, filters)} workingLabel="Making the PDF…">
            Print PDF
          </ExportButton>
        </div>
        <FormError error={exporter.error} />
        <ExportStatus exp={pdf} what="the report's PDF" />
      </section>

      {totals.attempts === 0 ? (
        <p className="card rep-empty">{noAnswersSentence(report.period, who, !classData)}</p>
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
