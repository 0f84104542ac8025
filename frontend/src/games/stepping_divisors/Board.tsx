import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLatest } from "../../lib/useLatest";
import { HintNote } from "../HintNote";
import { useHintDue, wrongTries } from "../hints";
import type { BoardProps } from "../types";
import type { GameAction, GameEvent } from "../../protocol/messages";
import { Grid } from "./Grid";
import { CostNote, DBox, DivideForm, PlacePrompt, ScoresTable } from "./Panel";
import {
  absorbEvents,
  boardPhase,
  canStepAt,
  cellKey,
  describeDiff,
  describeEvents,
  emptyMemory,
  friendlyError,
  hintSuggestion,
  isMyTurn,
  mistakeSentence,
  parseDivisor,
  seatName,
  type Cell,
  type Memory,
  type View,
} from "./view";
import "./board.css";

export type { View } from "./view";

const ERROR_MS = 6000;

/** Stepping By Divisors: phase "place" (write the next number) and phase "divide" (step by divisors). */
export function Board(props: BoardProps<View>) {
  const { view, match, seat, hints, events, act, announce } = props;
  const myTurn = isMyTurn(view, seat);
  const phase = boardPhase(view);
  const nameOf = useCallback((s: number) => seatName(match, s), [match]);

  const memory = useEventMemory(view, events, seat, nameOf, announce);
  const [selected, setSelected] = useState<Cell | null>(null);
  const [text, setText] = useState("");
  const [focusCell, setFocusCell] = useState<Cell>([0, 0]);
  const { busy, error, setError, send } = useSender(act, view);
  const inputRef = useRef<HTMLInputElement>(null);

  // A chosen square stays chosen only while it can still be stepped on, on the viewer's turn.
  const chosen = selected && phase === "divide" && myTurn && canStepAt(view, selected[0], selected[1]) ? selected : null;
  if (!myTurn && selected !== null) setSelected(null);
  // Keep the roving focus inside the grid when the size changes (rematch).
  if (focusCell[0] >= view.size || focusCell[1] >= view.size) setFocusCell([0, 0]);

  // Choosing a square opens the divisor box: go straight to typing.
  const chosenKey = chosen ? cellKey(chosen) : null;
  useEffect(() => {
    if (chosenKey !== null) inputRef.current?.focus();
  }, [chosenKey]);

  // After a wrong divisor, let the child type again straight away.
  const mistakeNonce = memory.mistake?.nonce;
  useEffect(() => {
    if (mistakeNonce !== undefined && inputRef.current && inputRef.current.form?.contains(document.activeElement)) inputRef.current.select();
  }, [mistakeNonce]);

  // One suggestion, after a wait or a wrong try (games/hints.ts), never every square that works.
  const hintDue = useHintDue(hints, myTurn && phase === "divide", `${view.d}|${view.to_move.join()}`, wrongTries(view, seat));
  const suggestion = useMemo(() => (hintDue ? hintSuggestion(view) : null), [hintDue, view]);
  const hinted = useMemo(() => new Set(suggestion ? [cellKey(suggestion.cell)] : []), [suggestion]);

  const activate = (cell: Cell) => {
    if (!myTurn || busy) return;
    setError(null);
    if (phase === "place") {
      void send({ type: "place", cell: [cell[0], cell[1]] });
      return;
    }
    setSelected(cell);
    setText(view.d === null ? "1" : "");
  };

  const cancel = () => {
    const cell = chosen;
    setSelected(null);
    setText("");
    if (cell) document.querySelector<HTMLButtonElement>(`[data-cell="${cellKey(cell)}"]`)?.focus();
  };

  const submit = () => {
    if (!chosen || busy || !myTurn) return;
    const divisor = parseDivisor(text);
    if (divisor === null) {
      setError("Type a whole number first, like 3.");
      inputRef.current?.focus();
      return;
    }
    void send({ type: "divide", cell: [chosen[0], chosen[1]], divisor });
  };

  const mistake = memory.mistake;
  return (
    <div className="stepping_divisors-board">
      <div className="stepping_divisors-grid-box">
        <Grid
          view={view}
          memory={memory}
          interactive={myTurn}
          busy={busy}
          selected={chosen}
          hinted={hinted}
          focusCell={focusCell}
          onFocusCell={setFocusCell}
          onActivate={activate}
          nameOf={nameOf}
        />
      </div>
      <div className="stepping_divisors-panel">
        {phase === "place" ? (
          <PlacePrompt view={view} myTurn={myTurn} nameOf={nameOf} />
        ) : (
          <>
            <DBox d={view.d} />
            <DividePrompt view={view} myTurn={myTurn} spectator={seat === null} chosen={chosen} nameOf={nameOf} />
            {chosen && (
              <DivideForm
                view={view}
                cell={chosen}
                text={text}
                onText={(t) => {
                  setText(t);
                  setError(null);
                }}
                onSubmit={submit}
                onCancel={cancel}
                busy={busy}
                inputRef={inputRef}
              />
            )}
          </>
        )}
        {hints && seat !== null && phase === "divide" && <HintNote text={suggestion?.text ?? null} />}
        <div className="stepping_divisors-messages">
          {mistake && (
            <p className="stepping_divisors-mistake" role="status">
              {mistakeSentence(mistake.number, mistake.divisor, myTurn, view.d)}
            </p>
          )}
          {error && (
            <p className="stepping_divisors-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <ScoresTable view={view} seat={seat} nameOf={nameOf} showPoints={phase === "divide"} />
        {phase === "divide" && view.phase !== "over" && <CostNote d={view.d} />}
      </div>
    </div>
  );
}

function DividePrompt({ view, myTurn, spectator, chosen, nameOf }: { view: View; myTurn: boolean; spectator: boolean; chosen: Cell | null; nameOf: (s: number) => string }) {
  let text: string;
  if (view.phase === "over") text = "Every step is done.";
  else if (!myTurn) {
    const mover = view.to_move[0];
    const who = mover !== undefined ? nameOf(mover) : "the next player";
    text = spectator ? `${who} is choosing a square.` : `Wait: it is ${who}'s turn.`;
  } else if (chosen) return null;
  else if (view.d === null) text = "Tap any square to start. You will write a little 1 there.";
  else text = "Tap a dashed square, next to a little number.";
  return <p className="stepping_divisors-prompt-main stepping_divisors-prompt-divide">{text}</p>;
}

/** Send one action at a time; a refusal shows a short message for a while. */
function useSender(act: BoardProps<View>["act"], view: View) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const viewRef = useLatest(view);

  useEffect(() => {
    if (!error) return;
    const t = setTimeout(() => setError(null), ERROR_MS);
    return () => clearTimeout(t);
  }, [error]);

  const send = useCallback(
    async (action: GameAction) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      try {
        const res = await act(action);
        if (!res.ok) setError(friendlyError(res.code, res.message, viewRef.current));
      } catch {
        setError("Something went wrong. Please try again.");
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [act, viewRef],
  );
  return { busy, error, setError, send };
}

/**
 * Remember what the events told (who wrote what, the last move, a mistake of the viewer) and
 * announce other seats' moves. Each events array is taken once: the page passes a new array
 * with every state message.
 */
function useEventMemory(view: View, events: GameEvent[], seat: number | null, nameOf: (s: number) => string, announce: (text: string) => void): Memory {
  const [memory, setMemory] = useState<Memory>(() => absorbEvents(emptyMemory, events, seat, view, null));
  const seen = useRef<{ events: GameEvent[]; view: View } | null>(null);
  useEffect(() => {
    const prev = seen.current;
    seen.current = { events, view };
    if (prev === null) return; // first render: already folded in by useState, nothing to announce
    // A new state message brings a new view; the same view with an equal events list is no news.
    const sameEvents = prev.events === events || JSON.stringify(prev.events) === JSON.stringify(events);
    if (prev.view === view && (sameEvents || events.length === 0)) return;
    const fresh = prev.events === events ? [] : events;
    setMemory((m) => absorbEvents(m, fresh, seat, view, prev.view));
    const lines = fresh.length ? describeEvents(fresh, seat, view, nameOf) : describeDiff(prev.view, view);
    if (lines.length) announce(lines.join(" "));
  }, [events, view, seat, nameOf, announce]);
  return memory;
}
