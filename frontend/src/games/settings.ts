// One match's settings (MatchMeta.settings: the engine options, never a stored board) in words,
// for the rules dialog. Pure, tested. Defaults are the engines' (engine-contract.md "Setup
// options"), so a match without an option still says how it is played.
import type { GameSlug, MatchSettings } from "../protocol/messages";

const LEVEL_MAX: Record<string, number> = { beginner: 50, intermediate: 100, advanced: 200 };
const TURN_GAMES = new Set<string>(["fultiples", "four_in_a_row", "stepping_divisors"]);

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

function fultiples(s: MatchSettings, out: string[]): void {
  const rows = num(s.rows);
  const cols = num(s.cols);
  if (rows !== null || cols !== null) out.push(`The board has ${plural(rows ?? 10, "row")} and ${plural(cols ?? 10, "column")}.`);
  const primes = Array.isArray(s.primes) ? s.primes.filter((p): p is number => typeof p === "number") : [];
  const level = typeof s.level === "string" ? s.level : primes.length ? null : "intermediate";
  const cap = num(s.max_value) ?? (level ? LEVEL_MAX[level] : undefined) ?? null;
  if (level) out.push(`Level: ${level}${cap !== null ? ` (numbers up to ${cap})` : ""}.`);
  else if (cap !== null) out.push(`Numbers go up to ${cap}.`);
  if (primes.length) out.push(`The numbers are built from the primes ${primes.join(", ")}.`);
}

function fourInARow(s: MatchSettings, out: string[]): void {
  const target = num(s.target_score) ?? 3;
  out.push(`The first player to get ${plural(target, "token")} wins.`);
}

function multiplin(s: MatchSettings, out: string[]): void {
  out.push(`Everybody starts with ${plural(num(s.hand_size) ?? 5, "card")}.`);
  out.push(`A product card stays up for at most ${durationWords(num(s.round_time_s) ?? 60)}.`);
  const lockout = num(s.lockout_ms) ?? 1500;
  if (lockout > 0) out.push(`After a wrong answer you wait ${durationWords(lockout / 1000)} before you can try again.`);
  if (s.auto_skip !== false) out.push("When nobody can make the product, the game moves on to the next card by itself.");
}

function stepping(s: MatchSettings, out: string[]): void {
  const prefilled = Array.isArray(s.prefill) && s.prefill.length > 0;
  const size = prefilled ? (s.prefill as unknown[]).length : (num(s.size) ?? 8);
  out.push(`The grid is ${size} by ${size}.`);
  if (prefilled) out.push("The numbers are already written in: the game starts with the divisor steps.");
  else if (s.random_fill === true) out.push("The computer writes the numbers in: the game starts with the divisor steps.");
}

/** Sentences describing this match's settings; empty when the server sent none. */
export function settingsInWords(game: GameSlug | string, settings: MatchSettings | null | undefined): string[] {
  if (!settings || typeof settings !== "object") return [];
  const out: string[] = [];
  if (game === "fultiples") fultiples(settings, out);
  else if (game === "four_in_a_row") fourInARow(settings, out);
  else if (game === "multiplin") multiplin(settings, out);
  else if (game === "stepping_divisors") stepping(settings, out);
  if (TURN_GAMES.has(game)) {
    const limit = num(settings.time_limit_s);
    out.push(limit ? `You have ${durationWords(limit)} for each turn.` : "There is no time limit on a turn.");
    out.push(
      settings.strict === true
        ? "Strict mode: a mistake ends your turn."
        : "A mistake does not end your turn: you can try again.",
    );
  }
  return out;
}
