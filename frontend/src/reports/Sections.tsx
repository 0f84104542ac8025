// The smaller parts of a report: most-missed facts, mistakes by type, accuracy by week,
// judgement accuracy, students who need help, activity. Each is a table (bars are decoration:
// every number is also written out).
import { Avatar, type AvatarChoice } from "../components/Avatar";
import { Link } from "react-router-dom";
import type { ActivityRow, FactStat, FocusAssignment, FocusFigures, JudgementStat, MistakeStat, NeedsHelpEntry, PractiseNext, RecentMistake, ReportFilters, WeekStat } from "../api/reports";
import { plural } from "../lib/format";
import { factLabel, formatPercent, formatSeconds, weekLabel } from "./format";
import { BarCell, RepTable } from "./RepTable";
import "./reports.css";

export const KIND_LABELS: Record<string, string> = {
  multiply: "Products",
  factor_pair: "Factor or multiple",
  divisor: "Divisors",
};

export const KIND_HINTS: Record<string, string> = {
  multiply: "a × b = ? (Four-in-a-Row, Multiplin)",
  factor_pair: "is one number a factor or a multiple of the other? (Fultiples)",
  divisor: "does this number divide that one? (Stepping By Divisors)",
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** Where a student's report lives, keeping the filters. */
export function studentReportPath(classId: number | string, studentId: number, filters: ReportFilters): string {
  const q = new URLSearchParams({ period: filters.period, game: filters.game });
  return `/teacher/classes/${classId}/reports/students/${studentId}?${q.toString()}`;
}

export function classReportPath(classId: number | string, filters: ReportFilters): string {
  const q = new URLSearchParams({ period: filters.period, game: filters.game });
  return `/teacher/classes/${classId}/reports?${q.toString()}`;
}

export function MostMissed({ facts, who = "this class" }: { facts: readonly FactStat[]; who?: string }) {
  if (facts.length === 0) return <p>No wrong answers for {who} in this period.</p>;
  const most = Math.max(...facts.map((f) => f.wrong), 1);
  return (
    <RepTable
      caption="Most-missed facts, most wrong answers first"
      head="Fact"
      numbers={["Wrong", "Tries", "Accuracy"]}
      bar="Wrong answers, as a bar"
    >
      {facts.map((f) => (
        <tr key={`${f.a}x${f.b}`}>
          <th scope="row" className="rep-fact">
            {factLabel(f.a, f.b)} = {f.a * f.b}
          </th>
          <td className="rep-num">{f.wrong}</td>
          <td className="rep-num">{f.attempts}</td>
          <td className="rep-num">{formatPercent(f.accuracy)}</td>
          <BarCell share={f.wrong / most} tone="red" />
        </tr>
      ))}
    </RepTable>
  );
}

export function MistakesByType({ mistakes }: { mistakes: readonly MistakeStat[] }) {
  if (mistakes.length === 0) return <p>No mistakes in this period.</p>;
  const kinds = [...new Set(mistakes.map((m) => m.kind))];
  return (
    <div className="rep-mistakes">
      {kinds.map((kind) => {
        const rows = mistakes.filter((m) => m.kind === kind);
        const total = rows.reduce((sum, m) => sum + m.count, 0);
        return (
          <div key={kind} className="rep-mistake-kind">
            <h3>
              {kindLabel(kind)} <span className="rep-sub">({plural(total, "mistake")})</span>
            </h3>
            <RepTable
              caption={`Mistakes on ${kindLabel(kind).toLowerCase()}, by type`}
              head="Type of mistake"
              numbers={["Count", "Share"]}
              bar="Share, as a bar"
            >
              {rows.map((m) => (
                <tr key={m.mistake_type}>
                  <th scope="row">{m.label || m.mistake_type}</th>
                  <td className="rep-num">{m.count}</td>
                  <td className="rep-num">{formatPercent(total ? m.count / total : 0)}</td>
                  <BarCell share={total ? m.count / total : 0} tone="red" />
                </tr>
              ))}
            </RepTable>
          </div>
        );
      })}
    </div>
  );
}

export function ByWeek({ weeks }: { weeks: readonly WeekStat[] }) {
  if (weeks.length === 0) return <p>No answers in this period.</p>;
  return (
    <RepTable
      caption="Accuracy week by week, oldest first"
      head="Week"
      numbers={["Tries", "Accuracy"]}
      bar="Accuracy, as a bar"
    >
      {weeks.map((w) => (
        <tr key={w.week}>
          <th scope="row">{weekLabel(w.week)}</th>
          <td className="rep-num">{w.attempts}</td>
          <td className="rep-num">{formatPercent(w.accuracy)}</td>
          <BarCell share={w.accuracy} />
        </tr>
      ))}
    </RepTable>
  );
}

export function Judgements({ rows }: { rows: readonly JudgementStat[] }) {
  if (rows.length === 0) return <p>No answers in this period.</p>;
  return (
    <RepTable
      caption="Right answers by kind of question"
      head="Kind"
      numbers={["Tries", "Right", "Accuracy"]}
      bar="Accuracy, as a bar"
    >
      {rows.map((j) => (
        <tr key={j.kind}>
          <th scope="row">
            {kindLabel(j.kind)}
            {KIND_HINTS[j.kind] && <span className="rep-sub"> {KIND_HINTS[j.kind]}</span>}
          </th>
          <td className="rep-num">{j.attempts}</td>
          <td className="rep-num">{j.right}</td>
          <td className="rep-num">{formatPercent(j.accuracy)}</td>
          <BarCell share={j.accuracy} />
        </tr>
      ))}
    </RepTable>
  );
}

/** "7x8" -> [7, 8]; null for anything else. */
export function parseFactKey(key: string): [number, number] | null {
  const m = /^(\d+)x(\d+)$/.exec(key);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Facts with students under 75 % right, the biggest groups first. */
export function helpGroups(needsHelp: Record<string, NeedsHelpEntry[]>) {
  return Object.entries(needsHelp)
    .map(([key, students]) => ({ key, fact: parseFactKey(key), students }))
    .filter((g): g is { key: string; fact: [number, number]; students: NeedsHelpEntry[] } => g.fact !== null && g.students.length > 0)
    .sort((x, y) => y.students.length - x.students.length || x.fact[0] - y.fact[0] || x.fact[1] - y.fact[1]);
}

export function NeedsHelp({
  needsHelp,
  activity,
  classId,
  filters,
  avatars,
}: {
  needsHelp: Record<string, NeedsHelpEntry[]>;
  activity: readonly ActivityRow[];
  classId: number | string;
  filters: ReportFilters;
  /** Each student's avatar by student id (from the roster), shown before the name. */
  avatars?: Map<number, AvatarChoice | null>;
}) {
  const groups = helpGroups(needsHelp);
  if (groups.length === 0) return <p>Nobody is under 75% right on a fact they tried at least 3 times.</p>;
  // needs_help names students by display name only: link them when the name is unambiguous.
  const idByName = new Map<string, number | null>();
  for (const row of activity) idByName.set(row.student, idByName.has(row.student) ? null : row.student_id);
  return (
    <div className="table-wrap">
      <table className="rep-table rep-help">
        <caption className="sr-only">Students who need help, per fact: a small group for each fact</caption>
        <thead>
          <tr>
            <th scope="col">Fact</th>
            <th scope="col">Students (accuracy, tries)</th>
          </tr>
        </thead>
        <tbody>
          {groups.map(({ key, fact: [a, b], students }) => (
            <tr key={key}>
              <th scope="row" className="rep-fact">
                {factLabel(a, b)} = {a * b}
                <span className="rep-sub"> {plural(students.length, "student")}</span>
              </th>
              <td>
                <ul className="rep-inline-list">
                  {students.map((s, i) => {
                    const id = idByName.get(s.student);
                    return (
                      <li key={`${s.student}-${i}`}>
                        {id ? (
                          <Link to={studentReportPath(classId, id, filters)} className="name-tag">
                            <Avatar avatar={avatars?.get(id)} size={22} />
                            {s.student}
                          </Link>
                        ) : (
                          s.student
                        )}{" "}
                        <span className="rep-sub">
                          ({formatPercent(s.accuracy)}, {plural(s.attempts, "try", "tries")})
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Activity({
  rows,
  classId,
  filters,
  avatars,
}: {
  rows: readonly ActivityRow[];
  classId: number | string;
  filters: ReportFilters;
  /** Each student's avatar by student id (from the roster), shown before the name. */
  avatars?: Map<number, AvatarChoice | null>;
}) {
  if (rows.length === 0) return <p>No students in this class yet.</p>;
  return (
    <RepTable
      caption="Activity per student. Each name opens that student's report."
      head="Student"
      numbers={["Matches", "Minutes", "Tries", "Accuracy"]}
    >
      {rows.map((r, i) => (
        <tr key={r.student_id ?? `removed-${i}`}>
          <th scope="row">
            {r.student_id === null ? (
              r.student
            ) : (
              <Link to={studentReportPath(classId, r.student_id, filters)} className="name-tag">
                <Avatar avatar={avatars?.get(r.student_id)} size={24} />
                {r.student}
                <span className="sr-only">: open the report</span>
              </Link>
            )}
          </th>
          <td className="rep-num">{r.matches}</td>
          <td className="rep-num">{r.minutes}</td>
          <td className="rep-num">{r.attempts}</td>
          <td className="rep-num">{formatPercent(r.accuracy)}</td>
        </tr>
      ))}
    </RepTable>
  );
}

/** The three facts to practise next, each with why: the same words for the child and the teacher. */
export function PractiseNextList({ items }: { items: PractiseNext[] }) {
  return (
    <ol className="rep-next">
      {items.map((f) => (
        <li key={`${f.a}x${f.b}`}>
          <span className="rep-next-fact">{factLabel(f.a, f.b)}</span> <span>{f.why}</span>
        </li>
      ))}
    </ol>
  );
}

/** "Ana answered 56 for 7 × 9": a wrong answer in words. */
export function mistakeWords(m: RecentMistake, who: string): string {
  if (m.kind === "multiply") return `${who} answered ${m.answer ?? "?"} for ${factLabel(m.a, m.b)}`;
  if (m.kind === "factor_pair") return `${who} chose ${m.b} after ${m.a}`;
  return `${who} wrote ${m.b} as a divisor of ${m.a}`;
}

/** The latest wrong answers, each opening the match's replay at that move. */
export function RecentMistakes({ mistakes, who }: { mistakes: RecentMistake[]; who: string }) {
  if (mistakes.length === 0) return <p>No wrong answers for {who} in this period.</p>;
  return (
    <ul className="plain-list rep-mistakes">
      {mistakes.map((m) => (
        <li key={`${m.match_id}-${m.version}-${m.a}-${m.b}-${m.created_at}`}>
          <span>{mistakeWords(m, who)}</span> <span className="muted">({m.label})</span>{" "}
          <Link to={`/teacher/replays/${m.match_id}${m.version !== null ? `?move=${m.version}` : ""}`}>Watch that move</Link>
        </li>
      ))}
    </ul>
  );
}

function figureCells(f: FocusFigures) {
  return (
    <>
      <td className="rep-num">{f.attempts}</td>
      <td className="rep-num">{formatPercent(f.accuracy)}</td>
      <td className="rep-num">{f.think_ms === null ? "–" : formatSeconds(f.think_ms)}</td>
    </>
  );
}

const FOCUS_MODE: Record<string, string> = { weakest: "each child's weakest facts", facts: "facts the teacher picked" };

/** Per focused assignment: each child's answers on their focus facts before their first focused match, and since. */
export function FocusBeforeSince({ assignments, gameTitle }: { assignments: readonly FocusAssignment[]; gameTitle: (slug: string) => string }) {
  if (assignments.length === 0) return <p>No focused assignment has been played yet.</p>;
  const columns = ["Tries before", "Right before", "Think before", "Tries since", "Right since", "Think since"];
  return (
    <>
      {assignments.map((entry) => (
        <div key={entry.assignment_id} className="rep-focus">
          <h3>
            {entry.title || gameTitle(entry.game)}: focus on {FOCUS_MODE[entry.mode] ?? entry.mode}
          </h3>
          <p className="rep-sub">
            All children together: right {formatPercent(entry.before.accuracy)} before, {formatPercent(entry.after.accuracy)} since; think time{" "}
            {entry.before.think_ms === null ? "–" : formatSeconds(entry.before.think_ms)} before, {entry.after.think_ms === null ? "–" : formatSeconds(entry.after.think_ms)} since.
          </p>
          <RepTable caption={`Focus facts of ${entry.title || gameTitle(entry.game)}: before and since each child's first focused match`} head="Child and fact" numbers={columns}>
            {entry.rows.map((row) => (
              <tr key={`${row.student_id}-${row.a}x${row.b}`}>
                <th scope="row">
                  {row.student}: {factLabel(row.a, row.b)}
                </th>
                {figureCells(row.before)}
                {figureCells(row.after)}
              </tr>
            ))}
          </RepTable>
        </div>
      ))}
    </>
  );
}
