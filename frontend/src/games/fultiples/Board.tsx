import { useId, useMemo } from "react";
import type { BoardProps } from "../types";
import { DiceInfo } from "./Dice";
import { useMarkAction, useMistakeSignal, useMoveAnnouncements } from "./hooks";
import { NumberGrid } from "./NumberGrid";
import { HintNote } from "../HintNote";
import { useHintDue, wrongTries } from "../hints";
import { canAct, cellKey, hintSuggestion, instructionParts, isOver, markCount, primesWords, seatNames, winningLine, type View } from "./view";
import "./board.css";

export type { View } from "./view";

/** The two seats' tokens: blue circle and orange square (told apart by shape, not only colour). */
function Legend({ names, seat }: { names: string[]; seat: number | null }) {
  return (
    <ul className="fultiples-legend" aria-label="Players">
      {[0, 1].map((s) => (
        <li key={s}>
          <span className={`fultiples-swatch fultiples-token-${s}`} aria-hidden="true" />
          <span>
            {names[s]}
            {s === seat ? " (you)" : ""}
            <span className="sr-only">{s === 0 ? ": blue circles" : ": orange squares"}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Instruction({ view, id }: { view: View; id: string }) {
  const { last, rest } = instructionParts(view);
  return (
    <p className="fultiples-instruction" id={id}>
      {last === null ? (
        rest
      ) : (
        <>
          Last number: <strong className="fultiples-last-number">{last}</strong>.{rest ? ` ${rest}` : ""}
        </>
      )}
    </p>
  );
}

function turnNote(view: View, seat: number | null, names: string[]): string {
  if (isOver(view)) return "The game is over.";
  if (seat === null) return "You are watching.";
  if (view.to_move.includes(seat)) return "Your turn: tap a number.";
  const next = view.to_move[0];
  return next === undefined ? "Please wait." : `Wait: it is ${names[next]}'s turn.`;
}

/** The Fultiples board: the number grid and, above it (beside it on a wide screen), what to do. */
export function Board(props: BoardProps<View>) {
  const { view, match, seat, hints, events, act, announce } = props;
  const names = useMemo(() => seatNames(match, view.players), [match, view.players]);
  const interactive = canAct(view, seat);
  const instructionId = useId();

  const { send, pending, error } = useMarkAction(act);
  const { signal, dismiss } = useMistakeSignal(view, events, seat, names, announce);
  useMoveAnnouncements(view, events, seat, names, announce);

  // One suggestion, after a wait or a wrong try (games/hints.ts), never every good cell.
  const hintDue = useHintDue(hints, interactive, `${view.last ?? ""}|${view.to_move.join()}`, wrongTries(view, seat));
  const suggestion = useMemo(() => (hintDue ? hintSuggestion(view) : null), [hintDue, view]);
  const hinted = suggestion ? new Set([cellKey(...suggestion.cell)]) : null;
  const winning = useMemo(() => winningLine(view), [view]);
  const noMarksYet = markCount(view) === 0;

  function onMark(row: number, col: number) {
    // Rules, not arithmetic: only the player to move, only a free cell, one call at a time.
    if (!interactive || pending || view.marks[row]?.[col] !== null) return;
    dismiss();
    void send([row, col]);
  }

  return (
    <div className="fultiples">
      <div className="fultiples-layout">
        <div className="fultiples-panel">
          <div className="fultiples-meta">
            {view.primes && view.primes.length > 0 && (
              <p className="fultiples-primes">{primesWords(view.primes)}</p>
            )}
            <Legend names={names} seat={seat} />
          </div>
          {view.dice && <DiceInfo dice={view.dice} names={names} open={noMarksYet && !isOver(view)} />}
          <Instruction view={view} id={instructionId} />
          <div className="fultiples-messages">
            {error ? (
              <p className="fultiples-error" role="alert">
                {error}
              </p>
            ) : signal ? (
              <p className="fultiples-mistake" data-testid="fultiples-mistake">
                {signal.text}
              </p>
            ) : (
              <p className="fultiples-turn">{turnNote(view, seat, names)}</p>
            )}
            {hints && <HintNote text={suggestion?.text ?? null} />}
          </div>
        </div>
        <div className="fultiples-grid-wrap">
          <NumberGrid
            view={view}
            names={names}
            interactive={interactive}
            hints={hinted}
            winning={winning}
            mistake={signal ? { cell: signal.mistake.cell, nonce: signal.nonce } : null}
            pending={pending}
            describedBy={instructionId}
            onMark={onMark}
          />
        </div>
      </div>
    </div>
  );
}
