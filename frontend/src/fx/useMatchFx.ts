// What a match page adds around the boards: sounds and celebrations for the viewer's own events,
// and the announcements the boards do not make (whose turn it is, time running out, the result).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { GameEvent, StateMessage } from "../protocol/messages";
import type { CelebrationKind } from "./Celebration";
import { maybePlay } from "./sounds";

/** Seconds left on the viewer's turn when "Ten seconds left!" is said. */
export const LOW_TIME_S = 10;

/** The celebration (if any) a batch of events brings to the seat watching. */
export function celebrationFor(events: GameEvent[], seat: number | null): CelebrationKind | null {
  if (seat === null) return null;
  let kind: CelebrationKind | null = null;
  for (const e of events) {
    if (e.type === "game_over") {
      const winners = (e.winners ?? (e.result as { winners?: number[] } | undefined)?.winners ?? []) as number[];
      if (winners.includes(seat)) return "win";
    }
    if (e.seat !== seat) continue;
    if (e.type === "score") kind = "line";
    else if ((e.type === "solved" || e.type === "round_won") && kind !== "line") kind = "round";
    else if (e.type === "mistake" && kind === null) kind = "mistake";
  }
  return kind;
}

export function useMatchFx({
  state,
  events,
  seat,
  classSounds,
  announce,
  names,
}: {
  state: StateMessage | null;
  events: GameEvent[];
  seat: number | null;
  classSounds: boolean;
  announce: (text: string) => void;
  names: string[];
}) {
  const [celebration, setCelebration] = useState<{ kind: CelebrationKind; n: number } | null>(null);
  const lastTurn = useRef<string | null>(null);
  const lowSaidFor = useRef<number | null>(null);

  // Celebrations, once per batch of events (the snapshot on connect is old news: not celebrated).
  const [seenEvents, setSeenEvents] = useState(events);
  if (seenEvents !== events) {
    setSeenEvents(events);
    const kind = celebrationFor(events, seat);
    if (kind) setCelebration((c) => ({ kind, n: (c?.n ?? 0) + 1 }));
  }
  // Its sound, once per celebration.
  const played = useRef(0);
  useEffect(() => {
    if (!celebration || played.current === celebration.n) return;
    played.current = celebration.n;
    maybePlay(celebration.kind === "round" ? "line" : celebration.kind, classSounds);
  }, [celebration, classSounds]);

  // Whose turn: said when it changes; the viewer's own turn also chimes.
  const match = state?.match;
  const active = match?.status === "active" && !match.paused;
  const view = state?.view;
  const toMove = useMemo(() => (active ? (view?.to_move ?? []) : []), [active, view]);
  const turnKey = match ? `${match.id}:${toMove.join(",")}` : null;
  useEffect(() => {
    if (turnKey === null || turnKey === lastTurn.current) return;
    const before = lastTurn.current;
    lastTurn.current = turnKey;
    if (before === null || toMove.length === 0 || toMove.length === names.length) return;
    if (seat !== null && toMove.includes(seat)) {
      announce("Your turn!");
      maybePlay("turn", classSounds);
    } else {
      announce(`${toMove.map((s) => names[s] ?? `Player ${s + 1}`).join(" and ")}'s turn.`);
    }
  }, [turnKey, toMove, seat, names, announce, classSounds]);

  // The result, once, when the match ends.
  const over = match?.status === "finished" || match?.status === "aborted";
  const saidOver = useRef(false);
  useEffect(() => {
    if (!over || saidOver.current || !match) return;
    saidOver.current = true;
    const winners = match.result?.winners ?? [];
    if (seat !== null && winners.includes(seat)) announce("Game over. You won! Well done!");
    else if (winners.length) announce(`Game over. ${winners.map((s) => names[s] ?? `Player ${s + 1}`).join(" and ")} won.`);
    else announce("Game over.");
  }, [over, match, seat, names, announce]);

  /** For the turn timer: says "Ten seconds left!" once per deadline, on the viewer's turn. */
  const onSecondsLeft = useCallback(
    (left: number, deadlineMs: number) => {
      if (left > LOW_TIME_S || left <= 0 || lowSaidFor.current === deadlineMs) return;
      if (seat === null || !toMove.includes(seat)) return;
      lowSaidFor.current = deadlineMs;
      announce("Ten seconds left!");
    },
    [seat, toMove, announce],
  );

  const clearCelebration = useCallback(() => setCelebration(null), []);
  return { celebration, clearCelebration, onSecondsLeft };
}
