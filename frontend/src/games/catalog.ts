// What the pages say about a game without loading its board: its title and its traits, as the
// server defines them (GET /api/games/, from games/engines/<slug>_definition.py). No title or trait
// is written here: what stays per game in the frontend is what draws it (the boards in registry.ts,
// the pictures, the how-to-play steps).
import type { Game } from "../api/types";
import type { GameSlug } from "../protocol/messages";
import { BOARDS } from "./registry";
import { useGames } from "./useGames";

/** A slug this frontend can draw (the schema's GameEnum: every one has its board). */
export function isGameSlug(s: unknown): s is GameSlug {
  return typeof s === "string" && Object.hasOwn(BOARDS, s);
}

/** The game's title as its definition names it. Until the definitions arrive (the signed-in pages
 * wait for them: auth.tsx, RequireRole) or if they cannot be loaded, the slug in words. */
export function gameTitle(games: readonly Game[] | null | undefined, slug: string): string {
  return games?.find((g) => g.slug === slug)?.title ?? slug.replace(/_/g, " ");
}

/** Everybody plays at once: the game has no turns. */
export function isSimultaneous(games: readonly Game[] | null | undefined, slug: string): boolean {
  return games?.find((g) => g.slug === slug)?.simultaneous ?? false;
}

/** `gameTitle` over the served definitions. */
export function useGameTitle(): (slug: string) => string {
  const { games } = useGames();
  return (slug) => gameTitle(games, slug);
}
