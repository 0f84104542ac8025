// The class, live: who is online and which matches are running (checked every 3 s), with
// "Watch" (the spectator page, for the projector) and "End".
import { Avatar, avatarFromRoster, type AvatarChoice } from "../../components/Avatar";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { endClassGames, getClass, getClassLive, pauseClassGames } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { LiveMatch } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button, FormError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { SeatMarker } from "../../components/SeatMarker";
import { isSimultaneous, useGameTitle } from "../../games/catalog";
import { useGames } from "../../games/useGames";
import { joinNames, seatName } from "../../games/words";
import { loadError } from "../../lib/queryClient";
import { EndMatchButton } from "../play/EndMatchButton";
import { ClassNav } from "./ClassNav";
import { ClassLoadFailed, PageLoading } from "./ClassPageStates";

export const LIVE_POLL_MS = 3000;

/** "waiting 45 s", "waiting 2 min": how long a lobby has waited, on the teacher's clock. */
export function waitedWords(createdAt: string | undefined, now = Date.now()): string {
  if (!createdAt) return "";
  const seconds = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));
  return seconds < 60 ? `waiting ${seconds} s` : `waiting ${Math.floor(seconds / 60)} min`;
}

/** "Ben K.'s turn", "Everybody at once" (`simultaneous`: the game has no turns), "Waiting for players (1 of
 * 2), waiting 45 s". */
export function liveTurn(m: LiveMatch, simultaneous: boolean, now = Date.now()): string {
  if (m.status === "lobby") {
    const waited = waitedWords(m.created_at, now);
    return `Waiting for players (${m.seats.length} of ${m.players})${waited ? `, ${waited}` : ""}`;
  }
  if (simultaneous) return "Everybody at once";
  if (!m.to_move.length) return "";
  const names = m.to_move.map((s) => seatName(m, s));
  const text = `${joinNames(names)}'s turn`;
  return text[0]!.toUpperCase() + text.slice(1);
}

/** Score beside a player: tokens/points when the game has them, cards left in Multiplin. */
function seatScore(m: LiveMatch, seat: number): string {
  if (m.scores && typeof m.scores[seat] === "number") return `${m.scores[seat]} ${m.game === "stepping_divisors" ? "points" : "tokens"}`;
  if (m.hand_sizes && typeof m.hand_sizes[seat] === "number") return `${m.hand_sizes[seat]} cards left`;
  return "";
}

function LiveMatchCard({
  match: m,
  classId,
  onEnded,
  avatars,
}: {
  match: LiveMatch;
  classId: number;
  onEnded: () => void;
  /** Each child's avatar by user id. */
  avatars: Map<number, AvatarChoice | null>;
}) {
  const players = joinNames(m.seats.map((s) => s.name));
  const { games } = useGames();
  const gameTitle = useGameTitle();
  return (
    <li className="card live-match">
      <h3>{gameTitle(m.game)}</h3>
      <ul className="live-players">
        {m.seats.map((s) => {
          const score = seatScore(m, s.index);
          return (
            <li key={s.index} className={m.to_move.includes(s.index) && m.status === "active" ? "player-to-move" : ""}>
              <SeatMarker seat={s.index} />
              <Avatar avatar={s.user_id !== null ? avatars.get(s.user_id) : null} size={24} />
              <span>{s.name}</span>
              {s.taken_over && <span className="badge badge-warn">computer playing for them</span>}
              {score && <span className="muted">{score}</span>}
            </li>
          );
        })}
      </ul>
      <p className="live-turn">{liveTurn(m, isSimultaneous(games, m.game))}</p>
      <div className="actions">
        <Link className="btn btn-primary" to={`/teacher/matches/${m.id}`} state={{ from: `/teacher/classes/${classId}/live` }} aria-label={`Watch ${gameTitle(m.game)}: ${players}`}>
          Watch
        </Link>
        <EndMatchButton matchId={m.id} players={players} onEnded={onEnded} />
      </div>
    </li>
  );
}

/** The whole class at once: pause every game (and resume), or end them all (the bell). */
function ClassControls({ classId, paused, running, onChanged }: { classId: number; paused: boolean; running: number; onChanged: () => void }) {
  const [confirmEnd, setConfirmEnd] = useState(false);
  const pause = useAction(async () => {
    await pauseClassGames(classId, !paused);
    onChanged();
  });
  return (
    <section aria-labelledby="class-controls-heading" className="card class-controls">
      <h2 id="class-controls-heading">Whole class</h2>
      {paused && (
        <p className="alert alert-info" role="status">
          Games are paused. The children see “Eyes on your teacher”; their clocks stand still.
        </p>
      )}
      <FormError error={pause.error} />
      <div className="actions">
        <Button variant={paused ? "primary" : undefined} busy={pause.busy} busyLabel={paused ? "Resuming…" : "Pausing…"} onClick={() => void pause.run()}>
          {paused ? "Resume every game" : "Pause every game"}
        </Button>
        <Button variant="danger" disabled={running === 0} onClick={() => setConfirmEnd(true)}>
          End every game
        </Button>
      </div>
      {confirmEnd && (
        <ConfirmDialog
          title="End every game of the class?"
          confirmLabel="End every game"
          busyLabel="Ending…"
          danger
          onConfirm={async () => {
            await endClassGames(classId);
            onChanged();
          }}
          onClose={() => setConfirmEnd(false)}
        >
          <p>
            All {running} {running === 1 ? "match and lobby" : "matches and lobbies"} stop now. Nobody wins or loses; every answer so far
            stays in the reports, and each child sees what they practised.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

export function LivePage() {
  const { id = "" } = useParams();
  const queryClient = useQueryClient();
  const gameTitle = useGameTitle();
  const classQuery = useQuery({ queryKey: queryKeys.class(id), queryFn: ({ signal }) => getClass(id, signal) });
  // Asked again every few seconds (not while the tab is hidden); a failed check keeps what was shown.
  const liveQuery = useQuery({
    queryKey: queryKeys.classLive(id),
    queryFn: ({ signal }) => getClassLive(id, signal),
    refetchInterval: LIVE_POLL_MS,
  });
  const klass = classQuery.data ?? null;
  const live = liveQuery.data ?? null;
  const error = loadError(classQuery.error ?? liveQuery.error);
  /** After the teacher changed something: check again now. */
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.classLive(id) });

  if (error && (!klass || error.status === 404)) {
    return <ClassLoadFailed error={error} what="the class" />;
  }
  if (!klass || !live) {
    return <PageLoading title="Live" />;
  }

  const avatars = new Map(live.students.map((s) => [s.user_id, avatarFromRoster(s)]));
  const online = live.students.filter((s) => s.online);
  const students = [...online, ...live.students.filter((s) => !s.online)];

  return (
    <Page title={`Live · ${klass.name}`} heading={<>Live · {klass.name}</>}>
      <ClassNav classId={klass.id} current="live" />
      {error && (
        <div className="alert alert-error" role="alert">
          <p>We couldn't refresh: {error.message} We'll try again in a moment.</p>
        </div>
      )}
      <ClassControls classId={klass.id} paused={Boolean(live.paused)} running={live.matches.length} onChanged={refresh} />
      <section aria-labelledby="matches-heading">
        <h2 id="matches-heading">Matches now ({live.matches.length})</h2>
        {live.matches.length === 0 ? (
          <p>No matches running.</p>
        ) : (
          <ul className="plain-list live-matches">
            {live.matches.map((m) => (
              <LiveMatchCard key={m.id} match={m} classId={klass.id} onEnded={refresh} avatars={avatars} />
            ))}
          </ul>
        )}
      </section>
      {live.finished.length > 0 && (
        <section aria-labelledby="finished-heading">
          <h2 id="finished-heading">Finished in the last two hours ({live.finished.length})</h2>
          <ul className="plain-list finished-list">
            {live.finished.map((m) => (
              <li key={m.id} className="history-row">
                <span className="history-game">{gameTitle(m.game)}</span>
                <span>{joinNames(m.seats.map((s) => s.name))}</span>
                <Link
                  className="btn"
                  to={`/teacher/replays/${m.id}`}
                  aria-label={`Watch again: ${gameTitle(m.game)}, ${joinNames(m.seats.map((s) => s.name))}`}
                >
                  Watch again
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="online-heading">
        <h2 id="online-heading">
          Online: {online.length} of {live.students.length}
        </h2>
        <ul className="plain-list presence-list">
          {students.map((s) => (
            <li key={s.id} className={s.online ? "presence presence-on" : "presence"}>
              <span className="presence-dot" aria-hidden="true" />
              <Avatar avatar={avatarFromRoster(s)} size={28} />
              <span className="presence-name">{s.display_name}</span>
              <span className="presence-text">{s.online ? "online" : "offline"}</span>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
