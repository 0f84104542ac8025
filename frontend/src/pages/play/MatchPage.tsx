// One live match: /play/:matchId for a seated student, /teacher/matches/:matchId for the
// teacher watching. The socket (useMatch) brings the state; a reload lands in the same match
// at the same version because the server sends a snapshot on connect.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { useAuth } from "../../auth";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { usePageHeading } from "../../components/Page";
import { useLatest } from "../../lib/useLatest";
import { gameTitle, isSimultaneous } from "../../games/catalog";
import { useGames } from "../../games/useGames";
import { gameDefinition } from "../../games/definitions";
import { hintsOn } from "../../games/hints";
import { BOARD_LISTS_PLAYERS, BOARDS } from "../../games/registry";
import { joinNames, timeUpInWords, turnInWords } from "../../games/words";
import type { GameEvent, StateMessage } from "../../protocol/messages";
import { useMatch } from "../../protocol/useMatch";
import { ConnectionBadge } from "./ConnectionBadge";
import { EndMatchButton } from "./EndMatchButton";
import { GameOver } from "./GameOver";
import { LeaveMatchButton } from "./LeaveMatchButton";
import { Lobby } from "./Lobby";
import { PlayerList } from "./PlayerList";
import { RulesButton } from "./RulesButton";
import { StandInNote, TakeoverBanner } from "./TakeoverBanner";
import { TurnTimer, turnTimerKey } from "./TurnTimer";
import { Celebration } from "../../fx/Celebration";
import { SoundToggle } from "../../fx/SoundToggle";
import { useMatchFx } from "../../fx/useMatchFx";

type Role = "student" | "teacher";

/** A polite live region fed by boards and the page; repeating the same text still speaks. What is
 * said in the same moment (a board's "Not quite" and the page's "Ben's turn") is said together. */
function useAnnouncer() {
  const [said, setSaid] = useState({ text: "", n: 0 });
  const lastAt = useRef(0);
  const announce = useCallback((text: string) => {
    const now = Date.now();
    const together = now - lastAt.current < 100;
    lastAt.current = now;
    setSaid((s) => ({ text: together && s.text && !s.text.includes(text) ? `${s.text} ${text}` : text, n: s.n + 1 }));
  }, []);
  const region = (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {said.text}
      {said.n % 2 ? "\u200b" : ""}
    </div>
  );
  return { announce, region };
}

export function MatchPage({ role }: { role: Role }) {
  const { matchId = "" } = useParams();
  const id = Number(matchId);
  const { state, connection, lastEvents, clockOffsetMs, act, problem } = useMatch(id);
  const { announce, region } = useAnnouncer();
  const { me } = useAuth();
  const { games } = useGames();
  const navigate = useNavigate();
  const location = useLocation();
  const base = role === "teacher" ? "/teacher/matches/" : "/play/";
  const from = (location.state as { from?: unknown } | null)?.from;
  const back = role === "teacher" ? (typeof from === "string" && from.startsWith("/teacher") ? from : "/teacher") : "/home";
  const backLabel = role === "teacher" ? "Back" : "Back home";

  usePageEvents(lastEvents, state, role, announce, (next) => navigate(`${base}${next}`, { state: location.state }));
  const fxSeat = role === "teacher" || !state ? null : (state.view?.seat ?? state.match.seats.find((s) => me && s.user_id === me.id)?.index ?? null);
  const names = useMemo(() => state?.match.seats.map((s) => s.name) ?? [], [state?.match.seats]);
  const fx = useMatchFx({ state, events: lastEvents, seat: fxSeat, classSounds: me?.classroom?.sounds ?? false, announce, names });

  if (problem) {
    return (
      <MatchFrame title="Match not found" back={back} backLabel={backLabel}>
        <div className="alert alert-error" role="alert">
          <p>{role === "teacher" ? "We couldn't find that match." : "This match isn't one of yours. Go back and start a new one!"}</p>
        </div>
      </MatchFrame>
    );
  }
  if (!state) {
    return (
      <MatchFrame title="Getting the game ready" back={back} backLabel={backLabel}>
        <p className="loading" role="status">
          Getting the game ready…
        </p>
        {connection !== "connecting" && <ConnectionBadge connection={connection} />}
      </MatchFrame>
    );
  }

  const { match, view } = state;
  const spectator = role === "teacher";
  const seat = spectator ? null : (view?.seat ?? match.seats.find((s) => me && s.user_id === me.id)?.index ?? null);
  const title = gameTitle(games, match.game);
  const over = match.status === "finished" || match.status === "aborted";
  const timeUp = timeUpInWords(lastEvents, match, seat);
  const mySeat = seat === null ? undefined : match.seats.find((s) => s.index === seat);
  const Board = BOARDS[match.game];
  const players = joinNames(match.seats.map((s) => s.name));

  return (
    <div className="match-page" data-status={match.status}>
      <MatchHeader
        title={title}
        state={state}
        seat={seat}
        clockOffsetMs={clockOffsetMs}
        onSecondsLeft={fx.onSecondsLeft}
        connection={connection}
        back={back}
        backLabel={role === "teacher" ? backLabel : "Home"}
        extra={
          spectator ? (
            !over && <EndMatchButton matchId={match.id} players={players} />
          ) : match.status === "active" && mySeat && !mySeat.bot ? (
            <LeaveMatchButton matchId={match.id} />
          ) : null
        }
      />
      {spectator && <p className="spectator-note">You are watching. Only the players can move.</p>}
      {match.status === "lobby" ? (
        <Lobby match={match} myUserId={me?.id ?? null} spectator={spectator} clockOffsetMs={clockOffsetMs} />
      ) : (
        <>
          {mySeat?.taken_over && !over && <TakeoverBanner matchId={match.id} />}
          {!mySeat?.taken_over && <StandInNote moves={mySeat?.stand_in_moves ?? 0} />}
          {timeUp && !over && (
            <p className="time-up" data-testid="time-up">
              {timeUp}
            </p>
          )}
          {match.paused && !over && <PausedBanner spectator={spectator} />}
          {over && <GameOver match={match} view={view} viewerSeat={seat} backTo={back} backLabel={backLabel} spectator={spectator} />}
          {view && (
            <ErrorBoundary fallback={<BoardProblem />}>
              <Suspense
                fallback={
                  <p className="loading" role="status">
                    Getting the board ready…
                  </p>
                }
              >
                <div className={`board-area${match.paused && !over ? " board-paused" : ""}`} data-game={match.game} inert={match.paused && !over ? true : undefined}>
                  <Board
                    view={view}
                    match={match}
                    seat={seat}
                    hints={hintsOn(gameDefinition(games, match.game), match.hints)}
                    events={lastEvents}
                    clockOffsetMs={clockOffsetMs}
                    act={act}
                    announce={announce}
                  />
                </div>
              </Suspense>
            </ErrorBoundary>
          )}
        </>
      )}
      {fx.celebration && <Celebration key={fx.celebration.n} kind={fx.celebration.kind} onDone={fx.clearCelebration} />}
      {region}
    </div>
  );
}

/** "Eyes on your teacher": the teacher paused every game of the class. */
function PausedBanner({ spectator }: { spectator: boolean }) {
  return (
    <div className="paused-banner" role="status">
      <p className="paused-banner-title">Eyes on your teacher!</p>
      <p>{spectator ? "The class's games are paused." : "Your teacher has paused the game. It goes on from here, with the same time left."}</p>
    </div>
  );
}

function BoardProblem() {
  return (
    <div className="alert alert-error" role="alert">
      <p>The board could not be shown. Check the connection, then reload the page.</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

/** Page-level reactions to events: follow a rematch, say what the boards don't. */
function usePageEvents(
  events: GameEvent[],
  state: StateMessage | null,
  role: Role,
  announce: (t: string) => void,
  follow: (matchId: number) => void,
) {
  const seen = useRef<GameEvent[] | null>(null);
  const latest = useLatest({ state, role, announce, follow });
  useEffect(() => {
    if (events === seen.current) return;
    seen.current = events;
    const { state, role, announce, follow } = latest.current;
    for (const e of events) {
      if (e.type === "rematch" && typeof e.match_id === "number" && e.match_id !== state?.match.id) {
        announce("A new match is starting!");
        follow(e.match_id);
        return;
      }
      if (e.type === "ended_by_teacher") announce(role === "teacher" ? "You ended the match." : "The teacher ended the match.");
      if (e.type === "paused") announce(role === "teacher" ? "The game is paused." : "Eyes on your teacher! The game is paused.");
      if (e.type === "resumed") announce("The game goes on!");
      if (e.type === "started") announce("The game is starting!");
      if (e.type === "joined") announce("Somebody joined.");
      if (e.type === "left") announce("Somebody left.");
      if (e.type === "left_match") announce("A player left the match. A computer plays for them now.");
    }
  }, [events, latest]);
}

interface HeaderProps {
  title: string;
  state: StateMessage;
  seat: number | null;
  clockOffsetMs: number;
  onSecondsLeft: (left: number, deadlineMs: number) => void;
  connection: ReturnType<typeof useMatch>["connection"];
  back: string;
  backLabel: string;
  extra: React.ReactNode;
}

function MatchHeader({ title, state, seat, clockOffsetMs, onSecondsLeft, connection, back, backLabel, extra }: HeaderProps) {
  const h1 = usePageHeading(title);
  const { games } = useGames();
  const { match, view } = state;
  const turn = match.paused && match.status === "active" ? "Paused" : turnInWords(view, match, seat, isSimultaneous(games, match.game));
  const myTurn = turn === "Your turn!";
  // No countdown while there is nothing to do: Multiplin's card that nobody can make is skipped by itself.
  const nothingToDo = Boolean((view as { unsolvable?: boolean } | null)?.unsolvable);
  const showTimer = match.status === "active" && !view?.result && !nothingToDo;
  return (
    <header className="match-header">
      <div className="match-header-row">
        <h1 ref={h1} tabIndex={-1} className="match-title">
          {title}
        </h1>
        {turn && <p className={`turn ${myTurn ? "turn-mine" : ""}`}>{turn}</p>}
        {showTimer && (
          <TurnTimer
            key={turnTimerKey(view?.deadline_ms ?? null, match.paused ? (match.paused_at_ms ?? null) : null)}
            deadlineMs={view?.deadline_ms ?? null}
            offsetMs={clockOffsetMs}
            frozenAtMs={match.paused ? (match.paused_at_ms ?? null) : null}
            onSecondsLeft={onSecondsLeft}
          />
        )}
        <ConnectionBadge connection={connection} />
        <div className="match-header-actions">
          {seat !== null && <SoundToggle />}
          <RulesButton game={match.game} settings={match.settings} hints={match.hints} />
          {extra}
          <Link className="btn" to={back}>
            {backLabel}
          </Link>
        </div>
      </div>
      {match.status !== "lobby" && !BOARD_LISTS_PLAYERS.has(match.game) && <PlayerList match={match} view={view} viewerSeat={seat} />}
    </header>
  );
}

/** The frame while there is no match to show yet (or none at all). */
function MatchFrame({ title, back, backLabel, children }: { title: string; back: string; backLabel: string; children: React.ReactNode }) {
  const h1 = usePageHeading(title);
  return (
    <div className="match-page">
      <h1 ref={h1} tabIndex={-1} className="match-title">
        {title}
      </h1>
      {children}
      <p>
        <Link className="btn" to={back}>
          {backLabel}
        </Link>
      </p>
    </div>
  );
}
