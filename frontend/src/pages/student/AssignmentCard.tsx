import { useId, useState } from "react";
import { challengeClassmate, computerMatch, quickMatch } from "../../api/endpoints";
import type { BotLevel, Challenge, MyAssignment } from "../../api/types";
import { Button, FormError, useAction } from "../../components/forms";
import { useComputerLabel } from "../../games/definitions";
import type { Classmate } from "../../api/types";
import { Avatar } from "../../components/Avatar";
import { GameArt } from "../../components/GameArt";
import { formatTime } from "../../lib/format";
import { useGoToMatch } from "./useGoToMatch";

type Open = "classmates" | "computer" | null;

/** One open assignment: Quick match, Challenge a classmate, Play the computer. */
export function AssignmentCard({
  assignment: a,
  waitingFor,
  onChallenged,
  classmates,
}: {
  assignment: MyAssignment;
  /** The class's avatars and who is online (GET /api/my/classmates/). */
  classmates?: Map<number, Classmate>;
  /** The pending challenge this child sent for this assignment, if any. */
  waitingFor: Challenge | undefined;
  onChallenged: (c: Challenge) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const goToMatch = useGoToMatch();
  const computerLabel = useComputerLabel();
  const headingId = useId();
  const panelId = useId();
  const action = useAction(async (kind: "quick" | "computer" | "challenge", arg?: string | number) => {
    if (kind === "quick") return goToMatch(async () => (await quickMatch(a.id)).match.id);
    if (kind === "computer") return goToMatch(async () => (await computerMatch(a.id, arg as BotLevel)).match.id);
    const challenge = await challengeClassmate(a.id, arg as number);
    setOpen(null);
    onChallenged(challenge);
  });
  const levels = a.bots_allowed ? a.bot_levels : [];
  const toggle = (which: Exclude<Open, null>) => setOpen((o) => (o === which ? null : which));

  return (
    <li className={`card assignment-card game-tile game-tile-${a.game}`} aria-labelledby={headingId}>
      <GameArt game={a.game} className="game-tile-art" />
      <h3 id={headingId}>{a.title || a.game_title}</h3>
      <p className="muted">
        {a.title && a.title !== a.game_title ? `${a.game_title} · ` : ""}
        {a.players_per_match} players
        {a.closes_at ? ` · open until ${formatTime(a.closes_at)}` : ""}
      </p>
      <div className="play-buttons">
        <Button variant="primary" className="btn-play" busy={action.busy} busyLabel="Just a moment…" onClick={() => void action.run("quick")}>
          Quick match
        </Button>
        <Button
          className="btn-play"
          aria-expanded={open === "classmates"}
          aria-controls={`${panelId}-classmates`}
          onClick={() => toggle("classmates")}
        >
          Challenge a classmate
        </Button>
        {levels.length > 0 && (
          <Button
            className="btn-play"
            aria-expanded={open === "computer"}
            aria-controls={`${panelId}-computer`}
            onClick={() => toggle("computer")}
          >
            Play the computer
          </Button>
        )}
      </div>
      {open === "classmates" && (
        <div id={`${panelId}-classmates`} className="choose-panel">
          <h4>Who do you want to play with?</h4>
          {a.classmates.length === 0 ? (
            <p>Nobody else has this game yet.</p>
          ) : (
            <ul className="choose-grid">
              {onlineFirst(a.classmates, classmates).map((c) => {
                const known = classmates?.get(c.user_id);
                return (
                  <li key={c.user_id}>
                    <Button
                      className={`choose-button classmate-button ${known?.online ? "is-online" : ""}`}
                      disabled={action.busy}
                      onClick={() => void action.run("challenge", c.user_id)}
                    >
                      <Avatar avatar={known?.avatar} size={30} />
                      <span>{c.name}</span>
                      {known?.online && (
                        <span className="online-badge">
                          <span className="online-dot" aria-hidden="true" /> online
                        </span>
                      )}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      {open === "computer" && (
        <div id={`${panelId}-computer`} className="choose-panel">
          <h4>Which computer?</h4>
          <ul className="choose-grid">
            {levels.map((level) => (
              <li key={level}>
                <Button className="choose-button" disabled={action.busy} onClick={() => void action.run("computer", level)}>
                  {computerLabel(level)}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {waitingFor && (
        <p className="waiting" role="status">
          <span className="waiting-dot" aria-hidden="true" /> You asked {waitingFor.to_name} to play. Waiting for an answer…
        </p>
      )}
      <FormError error={action.error} />
    </li>
  );
}

/** Classmates who are online first (they can answer now), then the others, each in name order. */
function onlineFirst<T extends { user_id: number }>(list: T[], known: Map<number, Classmate> | undefined): T[] {
  const online = (c: T) => (known?.get(c.user_id)?.online ? 0 : 1);
  return [...list].sort((x, y) => online(x) - online(y));
}
