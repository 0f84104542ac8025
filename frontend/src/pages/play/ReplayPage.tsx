// Watching a finished match again (/replay/:matchId for a child, /teacher/replays/:matchId for the
// teacher): the board as it was after each move, stepped forwards and back. The server decides what
// each viewer may see (a child: their own seat only); the board here is read-only (inert).
import { Suspense, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { getMatchReplay } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { MatchReplay } from "../../api/types";
import { Button } from "../../components/forms";
import { usePageHeading } from "../../components/Page";
import { useGameTitle } from "../../games/catalog";
import { BOARDS } from "../../games/registry";
import { seatName, wrongAnswerWords } from "../../games/words";
import { loadError } from "../../lib/queryClient";
import type { BaseView, GameEvent, MatchMeta } from "../../protocol/messages";

type Step = MatchReplay["steps"][number];

/** What a change that is not a move did (a seat taken or left, the start, the teacher, a rematch). The seats
 * named are the match's last ones, so a child who has left is "a player", not the computer in their seat. */
function changeWords(source: string, events: GameEvent[], who: string): string | null {
  const kind = (events[0]?.type as string | undefined) ?? "";
  switch (source) {
    case "seat":
      if (kind === "taken_over") return `${who} was away: the computer played for them.`;
      if (kind === "taken_back") return `${who} came back.`;
      return "A player joined.";
    case "leave":
      return kind === "left_match" ? "A player left: the computer plays for them now." : "A player left the lobby.";
    case "start":
      return "The game starts: the cards are dealt and the board is set.";
    case "end":
      return "The teacher ended the match.";
    case "pause":
      return kind === "paused" ? "The teacher paused the game." : "The teacher let the game go on.";
    case "rematch":
      return "The players started a new match.";
    case "timer":
      return "Time ran out: the turn moved on.";
    default:
      return null;
  }
}

/** "Move 3: Ben O. made a mistake", in words. */
export function stepWords(step: Step, index: number, match: MatchMeta, key: string): string {
  if (index === 0) {
    return step.source === "lobby" ? "The lobby opens: the players gather." : "The start: the cards are dealt and the board is set.";
  }
  const events = (step.events[key] ?? []) as GameEvent[];
  const who = typeof step.seat === "number" ? seatName(match, step.seat) : "";
  const mistake = events.some((e) => e.type === "mistake") || (step.wrong?.length ?? 0) > 0;
  const answered = step.wrong?.map((w) => wrongAnswerWords(who, w)).join(" ");
  const what = changeWords(step.source, events, who) ?? (mistake ? (answered || `${who} made a mistake.`) : `${who} played.`);
  return `Move ${index}: ${what}`;
}

/** The seat a replay opens on: a child's own (the only one they are sent); for the teacher, the seat
 * of the move it was opened at (a mistake in a report), else the first. */
function openingSeat(replay: MatchReplay, openedAt: number, keys: string[]): string {
  if (replay.seat !== null && replay.seat !== undefined && keys.includes(String(replay.seat))) return String(replay.seat);
  const mover = replay.steps[openedAt]?.seat;
  if (typeof mover === "number" && keys.includes(String(mover))) return String(mover);
  return keys[0] ?? "spectator";
}

export function ReplayPage({ role }: { role: "student" | "teacher" }) {
  const { matchId = "" } = useParams();
  const query = useQuery({
    queryKey: queryKeys.matchReplay(Number(matchId)),
    queryFn: ({ signal }) => getMatchReplay(Number(matchId), signal),
    staleTime: Infinity, // a finished match's replay never changes
  });
  const replay = query.data;
  const error = loadError(query.error);
  const [params] = useSearchParams();
  // ?move=N opens the replay at that move (a mistake in a report links there)
  const openedAt = Math.max(0, Number(params.get("move")) || 0);
  const [index, setIndex] = useState(openedAt);
  const [seeAs, setSeeAs] = useState<string | null>(null);
  const back = role === "teacher" ? "/teacher" : "/home";
  const gameTitle = useGameTitle();
  const heading = usePageHeading(replay ? `Watch again: ${gameTitle(replay.match.game as MatchMeta["game"])}` : "Watch again");

  if (error) {
    return (
      <div className="match-page">
        <h1 ref={heading} tabIndex={-1} className="match-title">
          Watch again
        </h1>
        <div className="alert alert-error" role="alert">
          <p>{error.status === 404 ? "We couldn't find that match." : error.message}</p>
          {error.status !== 404 && error.status !== 400 && <Button onClick={() => void query.refetch()}>Try again</Button>}
        </div>
        <Link className="btn" to={back}>
          Back
        </Link>
      </div>
    );
  }
  if (!replay) return <p role="status">Getting the replay ready…</p>;

  const match = replay.match as unknown as MatchMeta;
  const steps = replay.steps;
  const last = steps.length - 1;
  const at = Math.min(index, last);
  const step = steps[at]!;
  const keys = Object.keys(step.views);
  const key = seeAs !== null && keys.includes(seeAs) ? seeAs : openingSeat(replay, openedAt, keys);
  const seat = key === "spectator" ? null : Number(key);
  const view = (step.views[key] ?? null) as unknown as BaseView | null; // null before a lobby's match is dealt
  const Board = BOARDS[match.game];
  const go = (next: number) => setIndex(Math.max(0, Math.min(last, next)));

  return (
    <div className="match-page replay-page">
      <header className="match-header">
        <div className="match-header-row">
          <h1 ref={heading} tabIndex={-1} className="match-title">
            Watch again: {gameTitle(match.game)}
          </h1>
          <div className="match-header-actions">
            <Link className="btn" to={back}>
              Back
            </Link>
          </div>
        </div>
      </header>
      <section className="card replay-controls" aria-label="Replay">
        <p className="replay-step" role="status" aria-live="polite">
          {stepWords(step, at, match, key)}
        </p>
        <div className="actions">
          <Button onClick={() => go(0)} disabled={at === 0}>
            « Start
          </Button>
          <Button onClick={() => go(at - 1)} disabled={at === 0}>
            ◀ Back
          </Button>
          <Button variant="primary" onClick={() => go(at + 1)} disabled={at === last}>
            Next ▶
          </Button>
          <Button onClick={() => go(last)} disabled={at === last}>
            End »
          </Button>
        </div>
        <label className="replay-slider">
          <span>
            Move {at} of {last}
          </span>
          <input type="range" min={0} max={last} value={at} onChange={(e) => go(Number(e.target.value))} aria-label="Move" />
        </label>
        {keys.length > 1 && (
          <div className="field">
            <label htmlFor="replay-see-as">See the board as</label>
            <select id="replay-see-as" value={key} onChange={(e) => setSeeAs(e.target.value)}>
              {keys.map((k) => (
                <option key={k} value={k}>
                  {k === "spectator" ? "Everyone (no hands)" : seatName(match, Number(k))}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>
      {view === null ? (
        <p className="card">The players are still gathering: the game has not started yet.</p>
      ) : (
        <Suspense fallback={<p role="status">Getting the board ready…</p>}>
          <div className="board-area board-replay" inert>
            <Board
              view={view}
              match={match}
              seat={seat}
              hints={false}
              events={(step.events[key] ?? []) as GameEvent[]}
              clockOffsetMs={0}
              act={async () => ({ ok: false, code: "replay", message: "This is a replay." })}
              announce={() => undefined}
            />
          </div>
        </Suspense>
      )}
    </div>
  );
}
