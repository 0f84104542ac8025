// Hints, as each game's definition declares them (GET /api/games/ -> `hints`: the rule and what it
// shows, in words). A game whose definition declares no hint rule shows none, whatever the
// assignment says. The boards compute what lights up (games/<slug>/view.ts, `hintCells` and the
// like: each implements its definition's rule) and never hide or disable a cell: a wrong claim
// must still reach the server, it is the drill (games.md).
import type { Game } from "../api/types";

/** May this match's board light up hints: the assignment allows them and the game has a rule. */
export function hintsOn(game: Game | undefined, assignmentAllows: boolean): boolean {
  return assignmentAllows && !!game?.hints;
}

/** "Hints are on: the free numbers … light up." for the rules dialog; null without a rule. */
export function hintsInWords(game: Game | undefined): string | null {
  const shows = game?.hints?.shows;
  if (!shows) return null;
  return `Hints are on: ${shows[0]!.toLowerCase()}${shows.slice(1)}`;
}
