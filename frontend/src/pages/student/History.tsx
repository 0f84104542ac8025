import { Link } from "react-router-dom";
import type { MatchHistory } from "../../api/types";
import { useGameTitle } from "../../games/catalog";
import { joinNames } from "../../games/words";
import { formatTime } from "../../lib/format";

export type Outcome = "won" | "lost" | "draw" | "stopped" | "left";

export function outcomeOf(m: MatchHistory): Outcome {
  if (m.left) return "left";
  if (m.won) return "won";
  const result = m.result;
  if (!result || result.reason === "ended_by_teacher") return "stopped";
  return result.winners.length === 0 ? "draw" : "lost";
}

const OUTCOME_WORDS: Record<Outcome, string> = {
  won: "You won",
  lost: "You lost",
  draw: "Draw",
  stopped: "Stopped",
  left: "You left",
};

/** The last few finished matches: won/lost/draw, game, who with, when. */
export function History({ matches, limit = 5 }: { matches: MatchHistory[]; limit?: number }) {
  const gameTitle = useGameTitle();
  return (
    <section aria-labelledby="history-heading" className="history">
      <h2 id="history-heading">Your last games</h2>
      {matches.length === 0 ? (
        <p>No games yet. Pick one above!</p>
      ) : (
        <ul className="plain-list history-list">
          {matches.slice(0, limit).map((m) => {
            const outcome = outcomeOf(m);
            const others = m.players.filter((_, i) => i !== m.my_seat);
            const when = m.finished_at ?? m.started_at;
            return (
              <li key={m.id} className="history-row">
                <span className={`outcome outcome-${outcome}`}>
                  {outcome === "won" && <span aria-hidden="true">★ </span>}
                  {OUTCOME_WORDS[outcome]}
                </span>
                <span className="history-game">{gameTitle(m.game)}</span>
                <span>{others.length ? `with ${joinNames(others)}` : ""}</span>
                <span className="muted">{when ? formatTime(when) : ""}</span>
                <Link className="btn" to={`/replay/${m.id}`} aria-label={`Watch again: ${gameTitle(m.game)}${others.length ? ` with ${joinNames(others)}` : ""}`}>
                  Watch again
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
