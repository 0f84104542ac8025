// The games as GET /api/games/ serves them: a recording of the endpoint (games.json), kept current
// by tests/api/test_games_api.py. Tests feed the pages what the API serves, never a copy of it.
import type { Game } from "../api/types";
import recorded from "./games.json";

export const GAMES = recorded as Game[];

export function gameOf(slug: string): Game {
  const game = GAMES.find((g) => g.slug === slug);
  if (!game) throw new Error(`no game ${slug} in the recording`);
  return game;
}
