// One match's settings (MatchMeta.settings: the engine options, never a stored board) in words,
// for the rules dialog. Pure, tested. What a match leaves out is the game's default, read from
// the game's definition (GET /api/games/), so a match without an option still says how it is played.
import type { Game } from "../api/types";
import type { GameSlug, MatchSettings } from "../protocol/messages";
import { levelPreset, optionOf, presetNumber, settingOrDefault } from "./definitions";
import { primesWords } from "./fultiples/view";

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 90 -> "1 minute 30 seconds", 1.5 -> "1.5 seconds". */
export function durationWords(seconds: number): string {
  if (seconds < 60 || !Number.isInteger(seconds)) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${plural(m, "minute")} ${plural(s, "second")}` : plural(m, "minute");
}

type Words = (game: Game, s: MatchSettings, out: string[]) => void;

const fultiples: Words = (game, s, out) => {
  const rows = num(s.rows);
  const cols = num(s.cols);
  if (rows !== null || cols !== null) {
    const r = rows ?? num(settingOrDefault(game, s, "rows")) ?? 0;
    const c = cols ?? num(settingOrDefault(game, s, "cols")) ?? 0;
    out.push(`The board has ${plural(r, "row")} and ${plural(c, "column")}.`);
  }
  const primes = Array.isArray(s.primes) ? s.primes.filter((p): p is number => typeof p === "number") : [];
  // A grid with its own primes (a batch's) has no level unless the match names one.
  const level = typeof s.level === "string" ? s.level : primes.length ? null : settingOrDefault(game, s, "level");
  const cap = num(s.max_value) ?? (typeof level === "string" ? presetNumber(levelPreset(game, level), "max_value") : null);
  if (typeof level === "string") out.push(cap !== null ? `Level: ${level}. The numbers go up to ${cap}.` : `Level: ${level}.`);
  else if (cap !== null) out.push(`The numbers go up to ${cap}.`);
  if (primes.length) out.push(primesWords(primes));
};

const fourInARow: Words = (game, s, out) => {
  const target = num(settingOrDefault(game, s, "target_score"));
  if (target !== null) out.push(`The first player to get ${plural(target, "token")} wins.`);
};

const multiplin: Words = (game, s, out) => {
  const hand = num(settingOrDefault(game, s, "hand_size"));
  if (hand !== null) out.push(`Everybody starts with ${plural(hand, "card")}.`);
  const round = num(settingOrDefault(game, s, "round_time_s"));
  if (round !== null) out.push(`Each big card stays up for ${durationWords(round)} at most.`);
  const lockout = num(settingOrDefault(game, s, "lockout_ms")) ?? 0;
  if (lockout > 0) out.push(`After a wrong answer, wait ${durationWords(lockout / 1000)} to try again.`);
  if (settingOrDefault(game, s, "auto_skip") === true) out.push("If nobody can make the big card, a new card comes.");
};

const stepping: Words = (game, s, out) => {
  const prefilled = Array.isArray(s.prefill) && s.prefill.length > 0;
  const size = prefilled ? (s.prefill as unknown[]).length : num(settingOrDefault(game, s, "size"));
  if (size !== null) out.push(`The grid is ${size} by ${size}.`);
  if (prefilled) out.push("The numbers are already in the grid. You start with the little numbers.");
  else if (s.random_fill === true) out.push("The computer writes the big numbers in for you.");
};

const WORDS: Record<GameSlug, Words> = { fultiples, four_in_a_row: fourInARow, multiplin, stepping_divisors: stepping };

/** Sentences describing this match's settings; empty when the server sent none or the game's
 * definition has not arrived. */
export function settingsInWords(game: Game | undefined, settings: MatchSettings | null | undefined): string[] {
  if (!game || !settings || typeof settings !== "object") return [];
  const out: string[] = [];
  WORDS[game.slug](game, settings, out);
  if (optionOf(game, "time_limit_s")) {
    const limit = num(settings.time_limit_s);
    out.push(limit ? `You have ${durationWords(limit)} for each turn.` : "There is no time limit on a turn.");
  }
  if (optionOf(game, "strict")) {
    out.push(
      settings.strict === true
        ? "In this match, a mistake ends your turn."
        : "A mistake does not end your turn: you can try again.",
    );
  }
  const focus = focusWords(settings.focus);
  if (focus) out.push(focus);
  return out;
}

/** The match's Focus option in a sentence, or null without one (games/engines/focus.py). */
export function focusWords(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  const focus = value as { mode?: unknown; facts?: unknown; tables?: unknown };
  const facts = Array.isArray(focus.facts) ? focus.facts.filter((f): f is number[] => Array.isArray(f) && f.length === 2) : [];
  const tables = Array.isArray(focus.tables) ? focus.tables.filter((t): t is number => typeof t === "number") : [];
  const named = [...tables.map((t) => `the ${t}s`), ...facts.map(([a, b]) => `${a} \u00d7 ${b}`)];
  // At most four named, so the sentence stays short enough to read.
  const shown = named.length > 4 ? `${named.slice(0, 4).join(", ")} and more` : named.join(", ");
  if (focus.mode === "weakest") {
    return named.length ? `The facts you find hardest come up more often. They are ${shown}.` : "The facts you find hardest come up more often.";
  }
  if (focus.mode === "facts" && named.length) return `Some facts come up more often. They are ${shown}.`;
  return null;
}
