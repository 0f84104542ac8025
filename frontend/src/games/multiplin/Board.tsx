import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from "react";
import { SeatMarker } from "../../components/SeatMarker";
import type { GameAction, GameEvent } from "../../protocol/messages";
import { HintNote } from "../HintNote";
import { useHintDue, wrongTries } from "../hints";
import type { BoardProps } from "../types";
import {
  TABLE_COLS,
  canAct,
  eventMessages,
  formatWait,
  hasPassed,
  hasSolved,
  hintSuggestion,
  unsolvableWords,
  isOver,
  lockRemainingMs,
  mistakeFor,
  mistakeText,
  moveFocus,
  passAction,
  recentPlay,
  refusalText,
  seatName,
  slotCol,
  slotRow,
  solveAction,
  type Claim,
  type RecentPlay,
  type View,
} from "./view";
import "./board.css";

const ERROR_SHOW_MS = 5000;
const TICK_MS = 100;
/** Hand cards on one row before they wrap (they narrow down to 48 px first). */
const HAND_COLS_MAX = 10;

interface Pick {
  round: number;
  hand: number | null;
  table: number | null;
}

interface Mistake {
  id: number;
  round: number;
  text: string;
  hand: number | null;
  slot: number | null;
}

/** The viewer's mistake in these events, in words, with the claim it was about if it is the one made this round. */
function myMistake(events: GameEvent[], seat: number | null, claim: Claim | null) {
  const event = mistakeFor(events, seat);
  if (!event) return null;
  const mine = claim && claim.round === event.round ? claim : null;
  return { event, mine, text: mistakeText(event, mine) };
}

/** Lock-out time left, re-rendering every 100 ms while it runs (the interval is cleaned up). */
function useLockRemaining(view: View, seat: number | null, clockOffsetMs: number): number {
  const [, setTick] = useState(0);
  const until = seat === null ? null : (view.locked_until_ms[seat] ?? null);
  // A countdown is the time left when it is drawn; the interval below draws it again every tick.
  // eslint-disable-next-line react-hooks/purity
  const remaining = lockRemainingMs(view, seat, Date.now() + clockOffsetMs);
  useEffect(() => {
    if (until === null || until - (Date.now() + clockOffsetMs) <= 0) return;
    const id = window.setInterval(() => {
      setTick((n) => n + 1);
      if (until - (Date.now() + clockOffsetMs) <= 0) window.clearInterval(id);
    }, TICK_MS);
    return () => window.clearInterval(id);
  }, [until, clockOffsetMs]);
  return remaining;
}

/** Runs one action at a time; a refusal becomes a short-lived message. */
function useSender(act: BoardProps<View>["act"]) {
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!error) return;
    const id = window.setTimeout(() => setError(null), ERROR_SHOW_MS);
    return () => window.clearTimeout(id);
  }, [error]);

  const send = useCallback(
    async (action: GameAction) => {
      if (pending.current) return;
      pending.current = true;
      setBusy(true);
      setError(null);
      try {
        const res = await act(action);
        if (!res.ok) setError(refusalText(res.code, res.message));
      } catch {
        setError("Something went wrong. Please try again.");
      } finally {
        pending.current = false;
        setBusy(false);
      }
    },
    [act],
  );
  return { send, busy, pending, error };
}

/** Arrow keys on card `index` of a group move the focus to another card (Enter/Space press it natively). */
function arrowKeys(e: KeyboardEvent<HTMLElement>, index: number, refs: RefObject<(HTMLButtonElement | null)[]>, count: number, cols: number) {
  const next = moveFocus(index, e.key, count, cols);
  if (next === null) return;
  e.preventDefault();
  refs.current[next]?.focus();
}

export function Board(props: BoardProps<View>) {
  const { view, match, seat, hints, events, clockOffsetMs, act, announce } = props;
  const nameOf = useCallback((s: number) => seatName(match, s), [match]);

  const [pick, setPick] = useState<Pick>({ round: view.round, hand: null, table: null });
  const [mistake, setMistake] = useState<Mistake | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [recent, setRecent] = useState<RecentPlay | null>(null);
  const [claim, setClaim] = useState<Claim | null>(null);
  const [seen, setSeen] = useState<GameEvent[] | null>(null);
  const { send, busy, pending, error } = useSender(act);
  const lockMs = useLockRemaining(view, seat, clockOffsetMs);

  const hand = seat === null ? null : view.hand;
  const over = isOver(view);
  const active = canAct(view, seat);
  const solved = hasSolved(view, seat);
  const passed = hasPassed(view, seat);
  const locked = lockMs > 0;
  const canSolve = active && !locked && view.product !== null;
  const canPass = active && !passed;

  const samePick = pick.round === view.round;
  const pickedHand = samePick && pick.hand !== null && hand && pick.hand < hand.length ? pick.hand : null;
  const pickedSlot = samePick && pick.table !== null && view.table[pick.table] != null ? pick.table : null;
  // One suggestion, after a wait or a wrong try (games/hints.ts), never every card that works.
  const hintDue = useHintDue(hints, active && view.product !== null, `${view.round}`, wrongTries(view, seat));
  const suggestion = hintDue && canSolve ? hintSuggestion(view) : null;
  const hintSlots = suggestion ? [suggestion.slot] : [];
  const hintHands = suggestion ? [suggestion.hand] : [];
  const shownMistake = mistake && mistake.round === view.round ? mistake : null;
  const shownRecent = recent && recent.round === view.round ? recent : null;

  // One batch of events per state message: remember the last move and show a mistake (worked out
  // while rendering, once per batch), and say it all once (the effect below).
  if (seen !== events) {
    setSeen(events);
    if (events.length > 0) {
      const { banner: news } = eventMessages(events, seat, nameOf);
      if (news) setBanner(news);
      setRecent((prev) => recentPlay(events, prev));
      const oops = myMistake(events, seat, claim);
      if (oops) {
        setMistake({
          id: (mistake?.id ?? 0) + 1,
          round: typeof oops.event.round === "number" ? oops.event.round : view.round,
          text: oops.text,
          hand: oops.mine?.handIndex ?? null,
          slot: oops.mine?.slot ?? null,
        });
      }
    }
  }
  const said = useRef<GameEvent[] | null>(null);
  useEffect(() => {
    if (said.current === events) return;
    said.current = events;
    const { spoken } = eventMessages(events, seat, nameOf);
    const oops = myMistake(events, seat, claim);
    if (oops) spoken.push(oops.text);
    if (spoken.length) announce(spoken.join(" "));
  }, [events, seat, nameOf, announce, claim]);

  const clearPick = () => setPick({ round: view.round, hand: null, table: null });

  // Escape lets go of a half-made pick, wherever the focus is.
  const picking = pickedHand !== null || pickedSlot !== null;
  useEffect(() => {
    if (!picking) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") setPick((p) => ({ round: p.round, hand: null, table: null }));
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [picking]);

  const submit = (handIndex: number, slot: number) => {
    const handCard = hand?.[handIndex];
    const tableCard = view.table[slot];
    if (handCard === undefined || tableCard == null || view.product === null) return;
    setClaim({ round: view.round, handIndex, slot, handCard, tableCard, product: view.product });
    clearPick();
    void send(solveAction(view.round, handIndex, slot));
  };

  const onHand = (index: number) => {
    if (!canSolve || pending.current || !hand || hand[index] === undefined) return;
    setMistake(null);
    if (pickedSlot !== null) return submit(index, pickedSlot);
    setPick({ round: view.round, hand: pickedHand === index ? null : index, table: null });
  };

  const onTable = (slot: number) => {
    if (!canSolve || pending.current || view.table[slot] == null) return;
    setMistake(null);
    if (pickedHand !== null) return submit(pickedHand, slot);
    setPick({ round: view.round, hand: null, table: pickedSlot === slot ? null : slot });
  };

  const onPass = () => {
    if (!canPass || pending.current) return;
    clearPick();
    void send(passAction(view.round));
  };

  const status = statusLine({
    seat,
    over,
    solved,
    passed,
    active,
    locked,
    product: view.product,
    pickedHandCard: pickedHand !== null && hand ? hand[pickedHand] : null,
    pickedTableCard: pickedSlot !== null ? view.table[pickedSlot] : null,
  });

  return (
    <section
      className={`multiplin${active ? "" : " multiplin--readonly"}`}
      aria-label="Multiplin board"
      aria-busy={busy || undefined}
    >
      <div className="multiplin-side">
        <ProductCard product={view.product} />
        <p className="multiplin-round">
          Round {view.round}
        </p>
        {seat !== null && (
          <button
            type="button"
            className="btn btn-huge multiplin-pass"
            aria-label={passed ? "You passed this card" : "Pass: I cannot find one"}
            aria-disabled={!canPass || undefined}
            onClick={onPass}
          >
            {passed ? "Passed" : "Pass"}
          </button>
        )}
      </div>

      <div className="multiplin-main">
        <p className="multiplin-news">{banner ?? "\u00a0"}</p>
        <TableGrid
          view={view}
          enabled={canSolve}
          picked={pickedSlot}
          hints={hintSlots}
          recent={shownRecent}
          oops={shownMistake}
          nameOf={nameOf}
          onPick={onTable}
        />
        {hand ? (
          <HandRow
            hand={hand}
            enabled={canSolve}
            picked={pickedHand}
            hints={hintHands}
            oops={shownMistake}
            onPick={onHand}
          />
        ) : (
          <p className="multiplin-watching">You are watching this game.</p>
        )}
        <div className="multiplin-feedback">
          {shownMistake && (
            <p className="multiplin-mistake" key={shownMistake.id}>
              {shownMistake.text}
            </p>
          )}
          {locked && active && <p className="multiplin-wait">{formatWait(lockMs)}</p>}
          {unsolvableWords(view) ? <p className="multiplin-status multiplin-unsolvable">{unsolvableWords(view)}</p> : status && <p className="multiplin-status">{status}</p>}
          {hints && hand && <HintNote text={suggestion?.text ?? null} />}
          {error && (
            <p className="multiplin-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>

      <Players view={view} viewer={seat} nameOf={nameOf} />
    </section>
  );
}

function statusLine(s: {
  seat: number | null;
  over: boolean;
  solved: boolean;
  passed: boolean;
  active: boolean;
  locked: boolean;
  product: number | null;
  pickedHandCard: number | null;
  pickedTableCard: number | null;
}): string | null {
  if (s.seat === null) return null;
  if (s.over) return "The game is over.";
  if (s.solved) return "You got it! Wait for the round to end.";
  if (!s.active) return "Please wait.";
  if (s.locked) return null;
  if (s.pickedHandCard !== null) return `You picked your ${s.pickedHandCard}. Now tap a table card.`;
  if (s.pickedTableCard !== null) return `You picked ${s.pickedTableCard} on the table. Now tap one of your cards.`;
  if (s.passed) return "You passed. You can still answer!";
  return `Find one of your cards and one table card that make ${s.product}.`;
}

function ProductCard({ product }: { product: number | null }) {
  return (
    <p className="multiplin-product">
      {product === null ? (
        <span className="multiplin-product-label">No card</span>
      ) : (
        <>
          <span className="multiplin-product-label">Make </span>
          <span className="multiplin-product-value">{product}</span>
        </>
      )}
    </p>
  );
}

function TableGrid(p: {
  view: View;
  enabled: boolean;
  picked: number | null;
  hints: number[];
  recent: RecentPlay | null;
  oops: Mistake | null;
  nameOf: (seat: number) => string;
  onPick: (slot: number) => void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const headingId = useId();
  const { view } = p;
  // Roving tabindex: the table is one Tab stop; arrow keys move between its cards.
  const [focusSlot, setFocusSlot] = useState(0);
  const tabSlot = Math.min(focusSlot, view.table.length - 1);
  return (
    <div className="multiplin-area">
      <h2 className="multiplin-heading" id={headingId}>
        Table
      </h2>
      <div
        className="multiplin-table"
        role="group"
        aria-labelledby={headingId}
      >
        {view.table.map((value, slot) => {
          const empty = value === null;
          const hint = p.hints.includes(slot);
          const marks = p.recent?.slots[slot] ?? [];
          const oops = p.oops?.slot === slot;
          const where = `Table row ${slotRow(slot) + 1}, column ${slotCol(slot) + 1}`;
          let label = empty ? `${where}: empty` : `${where}: ${value}`;
          if (marks.length && p.recent?.kind === "solved") label += `, used by ${marks.map(p.nameOf).join(" and ")}`;
          if (marks.length && p.recent?.kind === "refilled") label += ", new card";
          if (hint) label += ", hint: this one works";
          if (oops) label += ", not a match";
          const cls = [
            "multiplin-card",
            "multiplin-card--table",
            empty && "multiplin-card--empty",
            p.picked === slot && "multiplin-card--picked",
            hint && "multiplin-card--hint",
            marks.length > 0 && "multiplin-card--last",
            oops && "multiplin-card--oops",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <button
              key={slot}
              ref={(el) => {
                refs.current[slot] = el;
              }}
              type="button"
              data-index={slot}
              className={cls}
              aria-label={label}
              aria-pressed={empty ? undefined : p.picked === slot}
              aria-disabled={!p.enabled || empty || undefined}
              tabIndex={slot === tabSlot ? 0 : -1}
              onFocus={() => setFocusSlot(slot)}
              onKeyDown={(e) => arrowKeys(e, slot, refs, view.table.length, TABLE_COLS)}
              onClick={() => p.onPick(slot)}
            >
              <span className="multiplin-card-inner" key={oops ? `oops-${p.oops?.id}` : "card"}>
                {empty ? "" : value}
              </span>
              {hint && (
                <span className="multiplin-badge multiplin-badge--hint" aria-hidden="true">
                  ★
                </span>
              )}
              {marks.length > 0 && (
                <span className="multiplin-badge multiplin-badge--last" aria-hidden="true">
                  {p.recent?.kind === "refilled" ? "new" : marks.map((s) => <SeatMarker key={s} seat={s} size={14} />)}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function HandRow(p: {
  hand: number[];
  enabled: boolean;
  picked: number | null;
  hints: number[];
  oops: Mistake | null;
  onPick: (index: number) => void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const headingId = useId();
  const [focusIndex, setFocusIndex] = useState(0);
  const tabIndex = Math.min(focusIndex, p.hand.length - 1);
  return (
    <div className="multiplin-area">
      <h2 className="multiplin-heading" id={headingId}>
        Your cards
      </h2>
      <div
        className="multiplin-hand"
        style={{ "--mp-hand-cols": Math.max(1, Math.min(p.hand.length, HAND_COLS_MAX)) } as CSSProperties}
        role="group"
        aria-labelledby={headingId}
      >
        {p.hand.map((value, index) => {
          const hint = p.hints.includes(index);
          const oops = p.oops?.hand === index;
          let label = `Your card ${index + 1}: ${value}`;
          if (hint) label += ", hint: this one works";
          if (oops) label += ", not a match";
          const cls = [
            "multiplin-card",
            "multiplin-card--hand",
            p.picked === index && "multiplin-card--picked",
            hint && "multiplin-card--hint",
            oops && "multiplin-card--oops",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <button
              key={index}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              data-index={index}
              className={cls}
              aria-label={label}
              aria-pressed={p.picked === index}
              aria-disabled={!p.enabled || undefined}
              tabIndex={index === tabIndex ? 0 : -1}
              onFocus={() => setFocusIndex(index)}
              onKeyDown={(e) => arrowKeys(e, index, refs, p.hand.length, p.hand.length)}
              onClick={() => p.onPick(index)}
            >
              <span className="multiplin-card-inner" key={oops ? `oops-${p.oops?.id}` : "card"}>
                {value}
              </span>
              {hint && (
                <span className="multiplin-badge multiplin-badge--hint" aria-hidden="true">
                  ★
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function Players({ view, viewer, nameOf }: { view: View; viewer: number | null; nameOf: (seat: number) => string }) {
  return (
    <ul className="multiplin-players" aria-label="Players">
      {view.hand_sizes.map((size, seat) => {
        const solved = view.solvers.includes(seat);
        const passed = view.passed.includes(seat);
        return (
          <li key={seat} className={`multiplin-player${seat === viewer ? " multiplin-player--me" : ""}`}>
            <SeatMarker seat={seat} size={18} />
            <span className="multiplin-player-name">
              {nameOf(seat)}
              {seat === viewer ? " (you)" : ""}
            </span>
            <span className="multiplin-player-cards">
              {size} {size === 1 ? "card" : "cards"}
            </span>
            {solved && <span className="multiplin-chip multiplin-chip--solved">Got it!</span>}
            {passed && <span className="multiplin-chip multiplin-chip--passed">Passed</span>}
          </li>
        );
      })}
    </ul>
  );
}
