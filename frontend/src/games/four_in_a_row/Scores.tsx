import type { View } from "./view";

interface ScoresProps {
  view: View;
  viewer: number | null;
  name: (seat: number) => string;
}

/** Tokens of both players against the target, hand sizes, deck and discard pile. */
export function Scores({ view, viewer, name }: ScoresProps) {
  const dots = view.target_score <= 10;
  return (
    <div className="four_in_a_row-scores">
      <ul className="four_in_a_row-players" aria-label="Scores">
        {view.scores.map((score, seat) => (
          <li key={seat} className="four_in_a_row-player">
            <span className={`four_in_a_row-marker four_in_a_row-marker--seat${seat} four_in_a_row-marker--key`} aria-hidden="true" />
            <span className="four_in_a_row-player-name">
              {name(seat)}
              {seat === viewer ? " (you)" : ""}
            </span>
            <span className="four_in_a_row-player-score">
              <span className="sr-only">{`${score} of ${view.target_score} tokens`}</span>
              {dots ? (
                <span className="four_in_a_row-tokens" aria-hidden="true">
                  {Array.from({ length: view.target_score }, (_, i) => (
                    <span key={i} className={`four_in_a_row-token${i < score ? " four_in_a_row-token--won" : ""}`} />
                  ))}
                </span>
              ) : (
                <span aria-hidden="true">{`${score} / ${view.target_score}`}</span>
              )}
            </span>
            {seat !== viewer && (
              <span className="four_in_a_row-player-cards">
                {view.hand_sizes[seat] === 1 ? "1 card" : `${view.hand_sizes[seat] ?? 0} cards`}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="four_in_a_row-piles">
        Cards left: {view.deck_count} · Used cards: {view.discard_count}
      </p>
    </div>
  );
}
