// Hints, as each game's definition declares them (GET /api/games/ -> `hints`: the rule and what it
// shows, in words). A game whose definition declares no hint rule shows none, whatever the
// assignment says.
//
// A hint is ONE suggestion and why ("42 is 6 x 7"), shown after a wait or a wrong try, never every
// legal cell: lighting up every good cell would do the maths for the child (docs/games.md: the client
// never pre-filters the board). Each board computes its suggestion from its own seat's view
// (games/<slug>/view.ts, `hintSuggestion`): the view already holds everything the seat may see, so
// no extra request and nothing another seat may not know. A hint never hides or disables a cell:
// a wrong claim still reaches the server, it is the drill.
import { useEffect, useState } from "react";
import type { Game } from "../api/types";

/** How long a child may think before a hint appears on its own. */
export const HINT_WAIT_MS = 20_000;

/** May this match's board show hints: the assignment allows them and the game has a rule. */
export function hintsOn(game: Game | undefined, assignmentAllows: boolean): boolean {
  return assignmentAllows && !!game?.hints;
}

/** "Hints are on. …" for the rules dialog, in a child's words; null without a rule. (The
 * definition's `shows` is for the teacher's form.) */
export function hintsInWords(game: Game | undefined): string | null {
  if (!game?.hints) return null;
  return "Hints are on. If you wait or make a mistake, a good move lights up.";
}

/** "6 × 7 = 42": the fact a suggestion rests on. */
export function factWords(product: number, a: number, b: number): string {
  return `${a} × ${b} = ${product}`;
}

/**
 * Is a hint due: hints on, the seat may act, and either HINT_WAIT_MS have passed since `turnKey`
 * last changed (a new turn, a new card) or the seat has just made a wrong try (`wrongTries` grew).
 */
export function useHintDue(hints: boolean, active: boolean, turnKey: string, wrongTries: number): boolean {
  const [due, setDue] = useState<{ key: string; tries: number; waited: boolean }>({ key: turnKey, tries: wrongTries, waited: false });
  let state = due;
  if (state.key !== turnKey) {
    state = { key: turnKey, tries: wrongTries, waited: false };
    setDue(state);
  }
  const on = hints && active;
  useEffect(() => {
    if (!on || state.waited) return undefined;
    const timer = window.setTimeout(() => setDue((d) => (d.key === turnKey ? { ...d, waited: true } : d)), HINT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [on, state.waited, turnKey]);
  return on && (state.waited || wrongTries > state.tries);
}

/** The seat's wrong tries so far (every view counts them per seat); 0 for a spectator. */
export function wrongTries(view: { mistakes?: number[] }, seat: number | null): number {
  return seat === null ? 0 : view.mistakes?.[seat] ?? 0;
}
