import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { alreadyPlayingMatchId, computerMatch, getMatchLobby, leaveMatch, startMatch } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { BotLevel } from "../../api/types";
import { Button, FormError, useAction } from "../../components/forms";
import { Avatar } from "../../components/Avatar";
import { useSeatAvatars } from "../../lib/useSeatAvatars";
import { SeatMarker } from "../../components/SeatMarker";
import { useComputerLabel } from "../../games/definitions";
import { joinNames } from "../../games/words";
import type { MatchMeta } from "../../protocol/messages";

export const LOBBY_POLL_MS = 3000;

/** Seconds this lobby has waited, on the server's clock; ticks once a second. */
function useWaitedSeconds(since: string | undefined, clockOffsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!since) return 0;
  return Math.max(0, Math.floor((now + clockOffsetMs - Date.parse(since)) / 1000));
}

/** Waiting for players: who is here, "Start now" for the host (2 or more), "Leave"; for a waiting
 * child, the classmates who are free now and, after the assignment's wait, the computer. */
export function Lobby({ match, myUserId, spectator, clockOffsetMs = 0 }: { match: MatchMeta; myUserId: number | null; spectator: boolean; clockOffsetMs?: number }) {
  const avatars = useSeatAvatars(match.classroom_id);
  const navigate = useNavigate();
  const computerLabel = useComputerLabel();
  // Who is free and when to offer the computer: asked again every few seconds (not while the tab is hidden).
  const lobby =
    useQuery({
      queryKey: queryKeys.matchLobby(match.id),
      queryFn: ({ signal }) => getMatchLobby(match.id, signal),
      enabled: !spectator,
      refetchInterval: LOBBY_POLL_MS,
    }).data ?? null;
  const waited = useWaitedSeconds(lobby?.waiting_since, clockOffsetMs);
  const start = useAction(() => startMatch(match.id));
  const leave = useAction(async () => {
    await leaveMatch(match.id);
    navigate("/home");
  });
  const computer = useAction(async (level: BotLevel) => {
    if (match.assignment_id === null) return;
    try {
      const next = await computerMatch(match.assignment_id, level);
      navigate(`/play/${next.match.id}`);
    } catch (err) {
      const existing = alreadyPlayingMatchId(err);
      if (existing === null) throw err;
      navigate(`/play/${existing}`);
    }
  });
  const here = match.seats.length;
  const missing = Math.max(0, match.players - here);
  const isHost = !spectator && myUserId !== null && match.host_user_id === myUserId;
  const offerComputer = !spectator && lobby !== null && missing > 0 && lobby.bot_levels.length > 0 && waited >= lobby.computer_offer_after_s;
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
            <Avatar avatar={s.user_id !== null ? avatars.get(s.user_id) : null} size={32} />
            <span>
              {s.name}
              {s.user_id === myUserId && " (you)"}
            </span>
          </li>
        ))}
      </ul>
      {!spectator && lobby && missing > 0 && (
        <p className="lobby-free">
          {lobby.free_classmates.length > 0
            ? `${joinNames(lobby.free_classmates.map((c) => c.name))} can play now. Ask them to tap Quick match!`
            : "Nobody else in your class is free right now."}
        </p>
      )}
      {offerComputer && (
        <div className="lobby-offer" role="region" aria-label="Play the computer instead">
          <p className="lobby-offer-title">Nobody yet? Play the computer instead!</p>
          <div className="actions">
            {lobby!.bot_levels.map((level) => (
              <Button key={level} variant="primary" className="btn-huge" busy={computer.busy} busyLabel="Getting ready…" onClick={() => void computer.run(level)}>
                {computerLabel(level)}
              </Button>
            ))}
          </div>
        </div>
      )}
      {!spectator && (
        <>
          <FormError error={start.error ?? leave.error ?? computer.error} />
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
