// The child's own progress (/progress): facts I know, facts to practise, my times table.
// Only the signed-in child's own figures (GET /api/my/progress/). "Practise my facts" starts a game
// against the computer dealt toward the Practise next facts (POST /api/my/practice-match/).
import { Link } from "react-router-dom";
import { practiseMyFacts } from "../../api/endpoints";
import { Button, FormError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { useGameTitle } from "../../games/catalog";
import { factLabel, factSpoken } from "../../reports/format";
import { Heatmap } from "../../reports/Heatmap";
import { PractiseNextList } from "../../reports/Sections";
import "../../reports/reports.css";
import { useGoToMatch } from "./useGoToMatch";
import { useMyProgress } from "./useMyProgress";

/** The refusals of POST /api/my/practice-match/ whose sentence is for the child (a kind note, not an error). */
const KIND_REFUSALS = new Set(["no_computer", "no_game_for_facts", "nothing_to_practise"]);

/** One tap: a game against the computer that brings up my Practise next facts more often. */
function PractiseMyFacts() {
  const goToMatch = useGoToMatch();
  const start = useAction(() => goToMatch(async () => (await practiseMyFacts()).match.id));
  const kind = start.error && KIND_REFUSALS.has(start.error.code) ? start.error : null;
  return (
    <div className="rep-kid-practise">
      <Button variant="primary" className="btn-huge" busy={start.busy} busyLabel="Getting your game ready…" onClick={() => void start.run()}>
        Practise my facts
      </Button>
      <p className="muted">You play the computer. These facts come up more often.</p>
      {kind ? (
        <p className="alert alert-info big-alert" role="alert">
          {kind.message}
        </p>
      ) : (
        <FormError error={start.error} />
      )}
    </div>
  );
}

function FactChip({ a, b, kind }: { a: number; b: number; kind: "star" | "practise" }) {
  return (
    <li className={`rep-chip rep-chip-${kind}`}>
      <span aria-hidden="true" className="rep-chip-icon">
        {kind === "star" ? "★" : "✎"}
      </span>
      <span aria-hidden="true">{factLabel(a, b)}</span>
      <span className="sr-only">{factSpoken(a, b)}</span>
    </li>
  );
}

export function ProgressPage() {
  const { query, progress, error } = useMyProgress();
  const gameTitle = useGameTitle();

  return (
    <Page title="My progress" className="rep-kid">
      <p>
        <Link className="btn btn-secondary rep-kid-back" to="/home">
          ← Back to my games
        </Link>
      </p>
      {error && (
        <div className="alert alert-error" role="alert">
          <p className="big-alert">We couldn't load your stars. {error.message}</p>
          <Button variant="primary" className="btn-huge" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {!progress && !error && <p role="status">Loading your stars…</p>}
      {progress && (
        <>
          <section aria-labelledby="kid-know-heading" className="card rep-kid-card">
            <h2 id="kid-know-heading">
              <span aria-hidden="true" className="rep-kid-star">
                ★{" "}
              </span>
              Facts I know
            </h2>
            <p className="muted">A star means you got a fact right nearly every time.</p>
            {progress.mastered.length === 0 ? (
              <p>Play a game to earn your first star!</p>
            ) : (
              <>
                <p>
                  {progress.mastered.length === 1 ? "You know 1 fact. Well done!" : `You know ${progress.mastered.length} facts. Well done!`}
                </p>
                <ul className="rep-chips" aria-labelledby="kid-know-heading">
                  {progress.mastered.map(([a, b]) => (
                    <FactChip key={`${a}x${b}`} a={a} b={b} kind="star" />
                  ))}
                </ul>
              </>
            )}
          </section>

          {progress.focus && progress.focus.length > 0 && (
            <section aria-labelledby="kid-focus-heading" className="card rep-kid-card">
              <h2 id="kid-focus-heading">My focus facts</h2>
              <p>Your games show these facts more often. Then you can practise them.</p>
              {progress.focus.map((f) => (
                <div key={f.assignment_id} className="rep-kid-focus">
                  <h3 id={`kid-focus-${f.assignment_id}`}>{f.title || gameTitle(f.game)}</h3>
                  {f.facts.length === 0 ? (
                    <p>Play a game first: then it knows which facts to bring up for you.</p>
                  ) : (
                    <ul className="rep-chips" aria-labelledby={`kid-focus-${f.assignment_id}`}>
                      {f.facts.map(([a, b]) => (
                        <FactChip key={`${a}x${b}`} a={a} b={b} kind="practise" />
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </section>
          )}

          {progress.next && progress.next.length > 0 && (
            <section aria-labelledby="kid-next-heading" className="card rep-kid-card">
              <h2 id="kid-next-heading">Practise next</h2>
              <PractiseNextList items={progress.next} />
              <PractiseMyFacts />
            </section>
          )}

          <section aria-labelledby="kid-practise-heading" className="card rep-kid-card">
            <h2 id="kid-practise-heading">Facts to practise</h2>
            {progress.practise.length === 0 ? (
              <p>Nothing to practise right now. Great work!</p>
            ) : (
              <>
                <p>Let's practise these. You can do it!</p>
                <ul className="rep-chips" aria-labelledby="kid-practise-heading">
                  {progress.practise.map(([a, b]) => (
                    <FactChip key={`${a}x${b}`} a={a} b={b} kind="practise" />
                  ))}
                </ul>
              </>
            )}
          </section>

          <section aria-labelledby="kid-grid-heading" className="card rep-kid-card">
            <h2 id="kid-grid-heading">My times table</h2>
            {progress.facts.length === 0 ? (
              <p>Your times table fills up with colours as you play.</p>
            ) : (
              <Heatmap facts={progress.facts} caption="My times table" variant="child" />
            )}
          </section>
        </>
      )}
    </Page>
  );
}
