// Facts about the four games the pages need without loading a board.
import type { GameSlug } from "../protocol/messages";

/** Titles for when /api/games/ has not answered (yet). */
export const GAME_TITLES: Record<GameSlug, string> = {
  fultiples: "Fultiples",
  four_in_a_row: "Four-in-a-Row Multiplication",
  multiplin: "Multiplin",
  stepping_divisors: "Stepping By Divisors",
};

export const GAME_SLUGS = Object.keys(GAME_TITLES) as GameSlug[];

export function isGameSlug(s: unknown): s is GameSlug {
  return typeof s === "string" && s in GAME_TITLES;
}

export function gameTitle(slug: string): string {
  return isGameSlug(slug) ? GAME_TITLES[slug] : slug;
}

/** Games where everybody plays at once (no turns). */
export const SIMULTANEOUS: ReadonlySet<GameSlug> = new Set<GameSlug>(["multiplin"]);

/** Games whose board lists the players itself (cards in hand, dealer, who got it): the match page
 * does not list them a second time. */
export const BOARD_LISTS_PLAYERS: ReadonlySet<GameSlug> = new Set<GameSlug>(["multiplin"]);
