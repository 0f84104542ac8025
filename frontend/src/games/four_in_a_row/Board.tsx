import { useCallback, useEffect, useRef, useState } from "react";
import type { GameAction, GameEvent } from "../../protocol/messages";
import type { BoardProps } from "../types";
import { HintNote } from "../HintNote";
import { useHintDue, wrongTries } from "../hints";
import { Grid } from "./Grid";
import { Hand, WildPicker } from "./Hand";
import { Scores } from "./Scores";
import {
  canAct,
  describeChange,
  discardAction,
  EMPTY_SELECTION,
  hintSuggestion,
  lastPlayCell,
  mistakeFor,
  mistakeText,
  pickedValues,
  pickedWilds,
  pickedWords,
  playAction,
  refusalText,
  seatName,
  selectionKey,
  setWildValue,
  toggleCard,
  validSelection,
  type Cell,
  type Selection,
  type View,
} from "./view";
import "./board.css";

const ERROR_MS = 5000;

/** Four-in-a-Row Multiplication: pick two cards, then tap the square with their product. */
export function Board({ view, match, seat, hints, events, act, announce }: BoardProps<View>) {
  const name = useCallback((s: number) => seatName(match, s), [match]);
  const active = canAct(view, seat);
  const over = view.result !== null || view.phase === "over";
  const hand = view.hand;

  // The picks, cleared whenever a play, discard or turn change has been accepted (not on a mistake).
  const key = selectionKey(view);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [selectionFor, setSelectionFor] = useState(key);
  if (selectionFor !== key) {
    setSelectionFor(key);
    setSelection(EMPTY_SELECTION);
  }
  const sel = validSelection(hand, selection) ? selection : EMPTY_SELECTION;

  const { busy, send, error, notice, setNotice } = useSender(act);
  const { last, news, mistakeTick } = useChanges(view, events, seat, name, announce);
  const mistake = mistakeFor(events, seat);

  const values = hand ? pickedValues(hand, sel) : null;
  // One suggestion, after a wait or a wrong try (games/hints.ts), never every square of a product.
  const hintDue = useHintDue(hints, active, selectionKey(view), wrongTries(view, seat));
  const suggestion = hintDue ? hintSuggestion(view) : null;
  const hinted = suggestion ? [suggestion.cell] : [];
  const wilds = hand ? pickedWilds(hand, sel) : [];

  function onToggle(index: number) {
    if (!active || busy) return;
    setNotice(null);
    setSelection((prev) => toggleCard(validSelection(hand, prev) ? prev : EMPTY_SELECTION, index));
  }

  function onWild(index: number, value: number) {
    if (!active || busy) return;
    setNotice(null);
    setSelection((prev) => setWildValue(validSelection(hand, prev) ? prev : EMPTY_SELECTION, index, value));
  }

  function onCell(cell: Cell) {
    if (!active || busy || view.markers[cell[0]]?.[cell[1]] != null) return;
    if (sel.cards.length < 2) return setNotice("First pick two cards from your hand.");
    if (!values) return setNotice("First choose a number for the wild card.");
    void send(playAction(sel, values, cell));
  }

  async function onDiscard() {
    if (!active || busy || sel.cards.length !== 2) return;
    if (await send(discardAction(sel))) setSelection(EMPTY_SELECTION);
  }

  return (
    <div className={`four_in_a_row-board${active ? "" : " four_in_a_row-board--readonly"}`} aria-busy={busy || undefined}>
      <div className="four_in_a_row-grid-box">
        <Grid
          view={view}
          active={active}
          busy={busy}
          last={last}
          hints={hinted}
          mistake={mistake}
          mistakeTick={mistakeTick}
          name={name}
          onCell={onCell}
        />
      </div>
      <div className="four_in_a_row-panel">
        <Scores view={view} viewer={seat} name={name} />
        {hand === null ? (
          <p className="four_in_a_row-status">You are watching this game.</p>
        ) : (
          <div className="four_in_a_row-mine">
            <p className="four_in_a_row-status">{statusText(view, seat, active, hand, sel, name)}</p>
            <Hand hand={hand} selection={sel} active={active && !busy} onToggle={onToggle} />
            {wilds.map((index, n) => (
              <WildPicker
                key={index}
                label={wilds.length === 1 ? "Value for the wild card" : `Value for the ${n === 0 ? "first" : "second"} wild card`}
                value={sel.wild[index]}
                active={active && !busy}
                onPick={(v) => onWild(index, v)}
              />
            ))}
            {!over && (
              <button
                type="button"
                className="btn four_in_a_row-discard"
                disabled={!active || busy || sel.cards.length !== 2}
                onClick={onDiscard}
              >
                Swap these two
              </button>
            )}
          </div>
        )}
        {/* One message at a time (the panel must fit beside the board): refusal, then the
            child's own mistake or a prompt, then news of the other player's move. */}
        {hints && hand !== null && <HintNote text={suggestion?.text ?? null} />}
        <div className="four_in_a_row-messages">
          {error && (
            <p className="four_in_a_row-error" role="alert">
              {error}
            </p>
          )}
          <div role="status">
            {!error && mistake && <p className="four_in_a_row-mistake">{mistakeText(mistake)}</p>}
            {!error && !mistake && notice && <p className="four_in_a_row-notice">{notice}</p>}
          </div>
          {!error && !mistake && !notice && news && (
            <p className="four_in_a_row-news" aria-hidden="true">
              {news}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function statusText(
  view: View,
  seat: number | null,
  active: boolean,
  hand: NonNullable<View["hand"]>,
  sel: Selection,
  name: (s: number) => string,
): string {
  if (view.result !== null || view.phase === "over") return "The game is over.";
  if (!active) {
    const mover = view.to_move[0];
    return mover === undefined || mover === seat ? "Please wait." : `It is ${name(mover)}'s turn. Please wait.`;
  }
  const words = pickedWords(hand, sel);
  if (sel.cards.length < 2) return words;
  if (!pickedValues(hand, sel)) return `${words} Choose a number for the wild card.`;
  return `${words} Now tap the square with the answer.`;
}

/** Sends one action at a time; a refusal is shown for a few seconds. Resolves true when accepted. */
function useSender(act: BoardProps<View>["act"]) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const showError = useCallback((message: string) => {
    clearTimeout(timer.current);
    setError(message);
    timer.current = setTimeout(() => setError(null), ERROR_MS);
  }, []);

  const send = useCallback(
    async (action: GameAction): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        const res = await act(action);
        if (!res.ok) showError(refusalText(res.code, res.message));
        return res.ok;
      } catch {
        showError("Something went wrong. Please try again.");
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [act, showError],
  );

  return { busy, send, error, notice, setNotice };
}

/** Follows new views/events: the last played square, announcements of others' moves, the news
 * line, and a counter that restarts the mistake shake. */
function useChanges(
  view: View,
  events: GameEvent[],
  seat: number | null,
  name: (s: number) => string,
  announce: (text: string) => void,
) {
  const [last, setLast] = useState<Cell | null>(() => lastPlayCell(events, null, view));
  const [news, setNews] = useState<string | null>(null);
  const [mistakeTick, setMistakeTick] = useState(0);
  const seen = useRef<{ view: View; events: GameEvent[] }>({ view, events });

  useEffect(() => {
    const prev = seen.current;
    if (prev.view === view && prev.events === events) return;
    seen.current = { view, events };
    const fresh = prev.events === events ? [] : events;
    const cell = lastPlayCell(fresh, prev.view, view);
    if (cell) setLast(cell);
    if (fresh.some((e) => e.type === "mistake" && e.seat === seat)) setMistakeTick((t) => t + 1);
    const lines = describeChange(fresh, prev.view, view, seat, name);
    if (lines.length) {
      const text = lines.join(" ");
      setNews(text);
      announce(text);
    } else if (fresh.length) {
      setNews(null);
    }
  }, [view, events, seat, name, announce]);

  return { last, news, mistakeTick };
}
