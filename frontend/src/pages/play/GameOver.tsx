import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router-dom";
import { alreadyPlayingMatchId, getCurrentMatch, rematch } from "../../api/endpoints";
import { ApiError } from "../../api/http";
import { Button, FormError, useAction } from "../../components/forms";
import type { BaseView, MatchMeta } from "../../protocol/messages";
import { resultInWords } from "../../games/words";

interface Props {
  match: MatchMeta;
  view: BaseView | null;
  viewerSeat: number | null;
  /** Where "Back" goes: /home for students, the class's live page for the teacher. */
  backTo: string;
  backLabel: string;
  spectator: boolean;
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
