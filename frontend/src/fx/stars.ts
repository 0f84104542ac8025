// Stars after a match: for effort and for fixing mistakes, from the child's own answers only.
// Never compared with anybody else's (no ranking, no "weakest").
import type { MatchPractice } from "../api/types";

export interface Star {
  key: "played" | "busy" | "fixed";
  words: string;
}

/** Answers in one match that earn the second effort star. */
export const BUSY_ANSWERS = 10;

/**
 * - "played": you answered at least once in the match (you had a go);
 * - "busy": you answered BUSY_ANSWERS times or more (kept going);
 * - "fixed": a fact you got wrong in this match you also got right in it (you fixed a mistake).
 */
export function starsFor(practice: MatchPractice): Star[] {
  const stars: Star[] = [];
  if (practice.answers > 0) stars.push({ key: "played", words: "for having a go" });
  if (practice.answers >= BUSY_ANSWERS) stars.push({ key: "busy", words: `for ${practice.answers} answers` });
  const fixed = practice.facts.filter((f) => f.wrong > 0 && f.right > 0);
  if (fixed.length > 0) {
    const first = fixed[0]!;
    stars.push({ key: "fixed", words: `for fixing a mistake (${first.a} × ${first.b})` });
  }
  return stars;
}

const TIMES = ["no times", "once", "twice", "three times", "four times", "five times", "six times", "seven times", "eight times", "nine times", "ten times"];

/** "three times", "12 times". */
export function timesInWords(n: number): string {
  return TIMES[n] ?? `${n} times`;
}
