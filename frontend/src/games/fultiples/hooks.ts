import { useCallback, useEffect, useRef, useState } from "react";
import type { GameAction, GameEvent } from "../../protocol/messages";
import { useLatest } from "../../lib/useLatest";
import type { BoardProps } from "../types";
import { errorText, mistakeFor, mistakeText, newMarks, type Cell, type MistakeEvent, type View } from "./view";

/** A value-based key for "the latest change": the same events twice (a parent re-render) are one change. */
export function changeKey(view: View, events: GameEvent[]): string {
  return `${JSON.stringify(events)}|${view.mistakes.join(",")}`;
}

export interface MistakeSignal {
  mistake: MistakeEvent;
  text: string;
  /** Grows with every new mistake, so the same cell shakes again. */
  nonce: number;
}

/** The viewer's newest mistake (from the latest events), announced once; `dismiss` hides it. */
export function useMistakeSignal(view: View, events: GameEvent[], seat: number | null, names: string[], announce: (t: string) => void) {
  const [signal, setSignal] = useState<MistakeSignal | null>(null);
  const key = changeKey(view, events);
  const [shownKey, setShownKey] = useState<string | null>(null);
  // A new change: the mistake in it, or none (worked out while rendering, once per change).
  if (shownKey !== key) {
    setShownKey(key);
    const mistake = mistakeFor(events, seat);
    const next = view.to_move[0];
    const text = mistake ? mistakeText(mistake, next === undefined ? undefined : names[next]) : "";
    setSignal(mistake ? { mistake, text, nonce: (signal?.nonce ?? 0) + 1 } : null);
  }
  // Said once per mistake.
  const said = useRef<MistakeSignal | null>(null);
  useEffect(() => {
    if (!signal || said.current === signal) return;
    said.current = signal;
    announce(signal.text);
  }, [signal, announce]);

  const dismiss = useCallback(() => setSignal(null), []);
  return { signal, dismiss };
}

/**
 * Tells screen readers about other people's moves: new marks (by diffing the previous view, so a
 * missed update or a re-render cannot double or drop one) and timeouts (from the events).
 */
export function useMoveAnnouncements(view: View, events: GameEvent[], seat: number | null, names: string[], announce: (t: string) => void) {
  const previous = useRef<View>(view);
  const key = changeKey(view, events);
  const previousKey = useRef(key);
  const latest = useLatest({ names, announce, events });

  useEffect(() => {
    const before = previous.current;
    previous.current = view;
    const eventsChanged = previousKey.current !== key;
    previousKey.current = key;
    if (before === view && !eventsChanged) return; // first render
    const { names, announce, events } = latest.current;
    const parts: string[] = [];
    for (const e of eventsChanged ? events : []) {
      if (e.type !== "timeout" || typeof e.seat !== "number") continue;
      const late = e.seat;
      const next = typeof e.to_move === "number" ? e.to_move : null;
      parts.push(late === seat ? "Your time is up." : `Time is up for ${names[late]}.`);
      if (next !== null) parts.push(next === seat ? "Your turn." : `${names[next]}'s turn.`);
    }
    for (const m of newMarks(before, view)) {
      if (m.seat !== seat) parts.push(`${names[m.seat] ?? `Player ${m.seat + 1}`} marked ${m.number}.`);
    }
    if (parts.length) announce(parts.join(" "));
  }, [view, key, seat, latest]);
}

type Act = BoardProps<View>["act"];

/**
 * Sends one mark at a time: input while a call is pending is ignored (no double submits).
 * A refusal sets a short message that clears itself after `showMs`.
 */
export function useMarkAction(act: Act, showMs = 5000) {
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const [pending, setPending] = useState<Cell | null>(null);
  const [error, setError] = useState<{ text: string; nonce: number } | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), showMs);
    return () => clearTimeout(timer);
  }, [error, showMs]);

  const send = useCallback(
    async (cell: Cell) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(cell);
      setError(null);
      let text: string | null = null;
      try {
        const action: GameAction = { type: "mark", cell };
        const result = await act(action);
        if (!result.ok) text = errorText(result.code, result.message);
      } catch {
        text = "Something went wrong. Please try again.";
      } finally {
        inFlight.current = false;
      }
      if (!mounted.current) return;
      setPending(null);
      if (text) setError((old) => ({ text: text as string, nonce: (old?.nonce ?? 0) + 1 }));
    },
    [act],
  );

  return { send, pending, error: error?.text ?? null, busy: () => inFlight.current };
}
