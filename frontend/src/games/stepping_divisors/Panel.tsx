import { useId, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { SeatMarker } from "../../components/SeatMarker";
import { cellPlace, costExplanation, type Cell, type View } from "./view";

/** Everyone's points (the fewest win), with each seat's shape so the grid's marks can be read. */
export function ScoresTable({ view, seat, nameOf, showPoints }: { view: View; seat: number | null; nameOf: (s: number) => string; showPoints: boolean }) {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return (
    <table className="stepping_divisors-scores">
      <caption>{showPoints ? "Points (the fewest win)" : "Players"}</caption>
      <thead>
        <tr>
          <th scope="col">Player</th>
          {showPoints && <th scope="col">Points</th>}
        </tr>
      </thead>
      <tbody>
        {seats.map((s) => (
          <tr key={s} className={view.to_move.includes(s) ? "stepping_divisors-scores-turn" : undefined}>
            <th scope="row">
              <span className="stepping_divisors-player">
                <SeatMarker seat={s} className="stepping_divisors-mark" />
                <span>
                  {nameOf(s)}
                  {s === seat ? " (you)" : ""}
                </span>
              </span>
              {view.to_move.includes(s) && <span className="sr-only">, to move</span>}
            </th>
            {showPoints && <td>{view.scores[s] ?? 0}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phase "place": which number goes in next, big. */
export function PlacePrompt({ view, myTurn, nameOf }: { view: View; myTurn: boolean; nameOf: (s: number) => string }) {
  const n = view.next_number;
  const placed = view.numbers.flat().filter((v) => v !== null).length;
  const mover = view.to_move[0];
  return (
    <div className="stepping_divisors-prompt">
      {n !== null && (
        <p className="stepping_divisors-prompt-main">
          {myTurn ? "Place the number " : `${mover !== undefined ? nameOf(mover) : "Someone"} places the number `}
          <span className="stepping_divisors-big">{n}</span>
        </p>
      )}
      <p className="stepping_divisors-prompt-sub">{myTurn ? "Tap any empty square." : "Watch the grid: it is not your turn."}</p>
      <p className="stepping_divisors-progress">
        {placed} of {view.size * view.size} numbers placed
      </p>
    </div>
  );
}

/** The last little number written (the engine's d), shown big. */
export function DBox({ d }: { d: number | null }) {
  return (
    <p className="stepping_divisors-d" data-testid="current-d">
      <span className="stepping_divisors-d-label">Last little number</span>
      {d === null ? (
        <>
          <span className="stepping_divisors-d-value" aria-hidden="true">
            –
          </span>
          <span className="stepping_divisors-d-note">starts at 1</span>
        </>
      ) : (
        <>
          <span className="sr-only"> is </span>
          <span className="stepping_divisors-d-value">{d}</span>
        </>
      )}
      <span className="stepping_divisors-d-what" aria-hidden="true">
        Points count from it
      </span>
    </p>
  );
}

export interface DivideFormProps {
  view: View;
  cell: Cell;
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The chosen square: type a divisor and "Write it" (no list of divisors, even with hints: that is the drill). */
export function DivideForm({ view, cell, text, onText, onSubmit, onCancel, busy, inputRef }: DivideFormProps) {
  const id = useId();
  const n = view.numbers[cell[0]]?.[cell[1]] ?? 0;
  const opening = view.d === null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      onCancel();
    }
  };
  return (
    <form className="stepping_divisors-form" onSubmit={submit} aria-label={`Write a little number for ${n}`}>
      <p className="stepping_divisors-chosen">
        You chose <strong className="stepping_divisors-chosen-number">{n}</strong> <span className="stepping_divisors-where">({cellPlace(cell)})</span>
      </p>
      {opening && <p className="stepping_divisors-note">The first little number is always 1.</p>}
      <div className="stepping_divisors-entry">
        <label htmlFor={id} className="stepping_divisors-label">
          Little number for {n}
        </label>
        <input
          id={id}
          ref={inputRef}
          className="stepping_divisors-input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={5}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="stepping_divisors-form-actions">
        <button type="submit" className="btn btn-primary btn-huge stepping_divisors-write" aria-busy={busy || undefined} aria-disabled={busy || undefined}>
          {busy ? "Writing…" : "Write it"}
        </button>
        <button type="button" className="btn stepping_divisors-cancel" onClick={onCancel}>
          Other square
        </button>
      </div>
    </form>
  );
}


export function CostNote({ d }: { d: number | null }) {
  return <p className="stepping_divisors-cost">{costExplanation(d)}</p>;
}
