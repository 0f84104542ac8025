import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { alreadyPlayingMatchId, getCurrentMatch, getMatchPractice, rematch } from "../../api/endpoints";
import type { MatchPractice } from "../../api/types";
import { ApiError } from "../../api/http";
import { Button, FormError, useAction } from "../../components/forms";
import type { BaseView, MatchMeta } from "../../protocol/messages";
import { resultInWords } from "../../games/words";
import { practisedSentences, starsFor } from "../../fx/stars";

interface Props {
  match: MatchMeta;
  view: BaseView | null;
  viewerSeat: number | null;
  /** Where "Back" goes: /home for students, the class's live page for the teacher. */
  backTo: string;
  backLabel: string;
  spectator: boolean;
}

/** "You got 7 × 8 right three times!": the facts of this match, its focus facts first, from the same
 * answers as the reports (2 × 2 to 12 × 12: no × 1 facts). */
function Practised({ matchId }: { matchId: number }) {
  const [practice, setPractice] = useState<MatchPractice | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    getMatchPractice(matchId, ac.signal).then(setPractice, () => undefined);
    return () => ac.abort();
  }, [matchId]);
  if (!practice || practice.answers === 0) return null;
  const shown = practisedSentences(practice);
  const stars = starsFor(practice);
  return (
    <div className="game-over-practised">
      {stars.length > 0 && (
        <ul className="stars-earned" aria-label={`You earned ${stars.length} ${stars.length === 1 ? "star" : "stars"}`}>
          {stars.map((s, i) => (
            <li key={s.key} className="star-earned" style={{ animationDelay: `${i * 250}ms` }}>
              <svg viewBox="0 0 40 40" width="44" height="44" aria-hidden="true" focusable="false">
                <polygon points="20,2 25,14 38,15 28,24 31,37 20,30 9,37 12,24 2,15 15,14" fill="#fbbf24" stroke="#b45309" strokeWidth="1.5" />
              </svg>
              <span>A star {s.words}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        You answered {practice.answers} {practice.answers === 1 ? "time" : "times"}, {practice.right} right.
      </p>
      {shown.length > 0 && (
        <>
          <p>What you practised:</p>
          <ul className="practised-facts" aria-label="Facts you practised">
            {shown.map((f) => (
              <li key={f.key}>{f.words}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/stickers">See your sticker book</Link>
      </p>
    </div>
  );
}

/** The result in words, "Play again" (a rematch) and the way back. */
export function GameOver({ match, view, viewerSeat, backTo, backLabel, spectator }: Props) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const words = resultInWords(match.result ?? view?.result ?? null, match, viewerSeat, view);
  const won = viewerSeat !== null && (match.result?.winners ?? []).includes(viewerSeat);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const again = useAction(async () => {
    try {
      const next = await rematch(match.id);
      navigate(`/play/${next.match.id}`);
    } catch (err) {
      // Somebody else pressed "Play again" first: we are already in the new match.
      const existing = alreadyPlayingMatchId(err);
      if (existing !== null) return navigate(`/play/${existing}`);
      if (err instanceof ApiError && err.code === "already_playing") {
        const current = await getCurrentMatch().catch(() => null);
        if (current?.match) return navigate(`/play/${current.match.id}`);
      }
      throw err;
    }
  });

  return (
    <section className={`card game-over ${won ? "game-over-won" : ""}`} aria-labelledby="game-over-heading">
      <h2 id="game-over-heading" ref={heading} tabIndex={-1}>
        Game over
      </h2>
      <p className="game-over-headline">
        {won && <span aria-hidden="true">★ </span>}
        {words.headline}
      </p>
      {words.reason && <p className="game-over-reason">{words.reason}</p>}
      {!spectator && <Practised matchId={match.id} />}
      <FormError error={again.error} />
      <div className="actions">
        {!spectator && match.assignment_id !== null && (
          <Button variant="primary" className="btn-huge" busy={again.busy} busyLabel="Getting ready…" onClick={() => void again.run()}>
            Play again
          </Button>
        )}
        <Link className="btn btn-huge" to={backTo}>
          {backLabel}
        </Link>
      </div>
    </section>
  );
}
