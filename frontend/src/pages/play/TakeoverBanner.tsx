import { takeBackSeat } from "../../api/endpoints";
import { Button, FormError, useAction } from "../../components/forms";

/** The viewer's seat is being played by a computer (they were away too long). */
export function TakeoverBanner({ matchId }: { matchId: number }) {
  const { run, busy, error } = useAction(() => takeBackSeat(matchId));
  return (
    <div className="alert alert-info takeover" role="alert">
      <p>A computer played for you while you were away.</p>
      <Button variant="primary" busy={busy} busyLabel="Coming back…" onClick={() => void run()}>
        Take back my seat
      </Button>
      <FormError error={error} />
    </div>
  );
}

/** "While you were away, the computer made 2 moves for you.": stays for the rest of the match, so a
 * child always knows which moves were not their own. */
export function StandInNote({ moves }: { moves: number }) {
  if (moves <= 0) return null;
  return (
    <p className="alert alert-info stand-in-note" data-testid="stand-in-note">
      While you were away, the computer made {moves === 1 ? "1 move" : `${moves} moves`} for you.
    </p>
  );
}
