// All my classes (/teacher/reports): one times-table grid over every class of the teacher, and each
// class beside the others (answers, accuracy, weakest facts), computed when the page opens.
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../api/queryKeys";
import { allClassesReport, type ReportPeriod } from "../../api/reports";
import { Button } from "../../components/forms";
import { Page } from "../../components/Page";
import { factLabel, formatCount, formatPercent } from "../../reports/format";
import { Heatmap } from "../../reports/Heatmap";
import { RepTable } from "../../reports/RepTable";
import { MostMissed } from "../../reports/Sections";
import { loadError } from "../../lib/queryClient";
import { FilterFields } from "../../reports/FilterFields";
import { PERIODS, readFilters } from "./Reports";
import "../../reports/reports.css";

export function AllClassesPage() {
  const [params, setParams] = useSearchParams();
  const read = readFilters(params);
  const period: ReportPeriod = read.period === "live" ? "30d" : read.period; // built periods only
  const game = read.game;
  const query = useQuery({
    queryKey: queryKeys.allClassesReport({ period, game }),
    queryFn: ({ signal }) => allClassesReport({ period, game }, signal),
  });
  const error = loadError(query.error);
  const setFilter = (key: "period" | "game", value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const data = query.data?.data;
  return (
    <Page title="All my classes">
      <section aria-labelledby="all-filters-heading" className="card rep-toolbar">
        <h2 id="all-filters-heading" className="sr-only">
          Filters
        </h2>
        <div className="rep-filters">
          <FilterFields idPrefix="all" period={period} game={game} periods={PERIODS.filter((p) => p.value !== "live")} onChange={setFilter} />
        </div>
      </section>
      {error && (
        <div className="alert alert-error" role="alert">
          <p>{error.message}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      )}
      {!data && !error && <p role="status">Loading your classes…</p>}
      {data && (
        <>
          <section aria-labelledby="all-classes-heading" className="rep-section">
            <h2 id="all-classes-heading">Each class</h2>
            {data.classes.length === 0 ? (
              <p>
                You have no classes yet. <Link to="/teacher">Create one</Link>.
              </p>
            ) : (
              <RepTable caption="Each class: answers, accuracy and its weakest facts" head="Class" numbers={["Answers", "Right", "Weakest facts"]}>
                {data.classes.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={`/teacher/classes/${c.id}/reports?period=${period}&game=${game}`}>{c.name}</Link>
                    </th>
                    <td className="rep-num">{formatCount(c.attempts)}</td>
                    <td className="rep-num">{c.accuracy === null ? "–" : formatPercent(c.accuracy)}</td>
                    <td className="rep-num">{c.weakest.length ? c.weakest.map((f) => factLabel(f.a, f.b)).join(", ") : "none missed"}</td>
                  </tr>
                ))}
              </RepTable>
            )}
          </section>
          <section aria-labelledby="all-grid-heading" className="rep-section">
            <h2 id="all-grid-heading">Times tables, all my classes</h2>
            <Heatmap facts={data.facts} gridSize={data.grid_size} caption="Accuracy per multiplication fact over all my classes: rows × columns" />
            <p className="hint">Think times are in each class's own report.</p>
          </section>
          <section aria-labelledby="all-missed-heading" className="rep-section">
            <h2 id="all-missed-heading">Most-missed facts</h2>
            <MostMissed facts={data.most_missed} who="your classes" />
          </section>
        </>
      )}
    </Page>
  );
}
