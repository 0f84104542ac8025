// Reading a game's definition as the API serves it (GET /api/games/, from the engine's own
// definition: games/engines/<slug>_definition.py). The frontend keeps no copy of any game's
// options, defaults, ranges, level presets or computer players: it asks these helpers.
import type { Game, GameOption, LevelPreset } from "../api/types";
import type { MatchSettings } from "../protocol/messages";
import { useGames } from "./useGames";

export function gameDefinition(games: Game[] | null | undefined, slug: string): Game | undefined {
  return games?.find((g) => g.slug === slug);
}

/** The definition of one game; undefined until /api/games/ answers (or for an unknown slug). */
export function useGameDefinition(slug: string): { game: Game | undefined; failed: boolean } {
  const { games, failed } = useGames();
  return { game: gameDefinition(games, slug), failed };
}

export function optionOf(game: Game, name: string): GameOption | undefined {
  return game.options.find((o) => o.name === name);
}

/** The options the assignment form offers, in the definition's order. */
export function formOptions(game: Game): GameOption[] {
  return game.options.filter((o) => o.in_form);
}

/** A match's setting, or the game's default when the match did not set it; null when neither. */
export function settingOrDefault(game: Game, settings: MatchSettings, name: string): unknown {
  const value = settings[name];
  if (value !== undefined && value !== null) return value;
  return optionOf(game, name)?.default ?? null;
}

export function levelPreset(game: Game, name: string): LevelPreset | undefined {
  return game.level_presets.find((p) => p.name === name);
}

/** A number a preset sets (e.g. a level's `max_value`), or null. */
export function presetNumber(preset: LevelPreset | undefined, key: string): number | null {
  const v = preset?.options[key];
  return typeof v === "number" ? v : null;
}

/** A preset's numbers (e.g. a level's `primes`), or []. */
export function presetNumbers(preset: LevelPreset | undefined, key: string): number[] {
  const v = preset?.options[key];
  return Array.isArray(v) ? v.filter((n): n is number => typeof n === "number") : [];
}

/** "The board size" from the option's noun, to start a sentence. */
export function sentenceNoun(option: Pick<GameOption, "noun">): string {
  return option.noun ? option.noun[0]!.toUpperCase() + option.noun.slice(1) : option.noun;
}

/** The computer players every game offers, in order (for a form before a game is chosen). */
export function allComputerLevels(games: Game[]): string[] {
  const out: string[] = [];
  for (const g of games) for (const p of g.computer_players) if (!out.includes(p.level)) out.push(p.level);
  return out;
}

export function computerLabel(games: Game[], level: string): string {
  for (const g of games) {
    const p = g.computer_players.find((c) => c.level === level);
    if (p) return p.label;
  }
  return level;
}

/** A computer level in words ("Easy computer"), as the games' definitions name it; until they
 * arrive (or if they cannot be loaded), the level's own name. */
export function useComputerLabel(): (level: string) => string {
  const { games } = useGames();
  return (level) => (games ? computerLabel(games, level) : `${level[0]?.toUpperCase() ?? ""}${level.slice(1)} computer`);
}
