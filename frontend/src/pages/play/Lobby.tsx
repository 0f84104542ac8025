import { useNavigate } from "react-router-dom";
import { leaveMatch, startMatch } from "../../api/endpoints";
import { Button, FormError, useAction } from "../../components/forms";
import { SeatMarker } from "../../components/SeatMarker";
import type { MatchMeta } from "../../protocol/messages";

/** Waiting for players: who is here, "Start now" for the host (2 or more), "Leave". */
export function Lobby({ match, myUserId, spectator }: { match: MatchMeta; myUserId: number | null; spectator: boolean }) {
  const navigate = useNavigate();
  const start = useAction(() => startMatch(match.id));
  const leave = useAction(async () => {
    await leaveMatch(match.id);
    navigate("/home");
  });
  const here = match.seats.length;
  const missing = Math.max(0, match.players - here);
  const isHost = !spectator && myUserId !== null && match.host_user_id === myUserId;
  return (
    <section className="card lobby" aria-labelledby="lobby-heading">
      <h2 id="lobby-heading">Waiting for players</h2>
      <p className="lead" role="status">
        {missing > 0
          ? `${here} of ${match.players} players are here. Waiting for ${missing} more…`
          : "Everybody is here. Starting…"}
      </p>
      <ul className="lobby-players">
        {match.seats.map((s) => (
          <li key={s.index}>
            <SeatMarker seat={s.index} size={28} />
            <span>
              {s.name}
              {s.user_id === myUserId && " (you)"}
            </span>
          </li>
        ))}
      </ul>
      {!spectator && (
        <>
          <FormError error={start.error ?? leave.error} />
          <div className="actions">
            {isHost && here >= 2 && missing > 0 && (
              <Button variant="primary" className="btn-huge" busy={start.busy} busyLabel="Starting…" onClick={() => void start.run()}>
                Start now
              </Button>
            )}
            <Button busy={leave.busy} busyLabel="Leaving…" onClick={() => void leave.run()}>
              Leave
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
