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
export function starsFor(practice: Pick<MatchPractice, "answers" | "right" | "facts">): Star[] {
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

type PractisedFact = MatchPractice["facts"][number];

/** "7 × 8": a fact as the child reads it. */
function factText(f: { a: number; b: number }): string {
  return `${f.a} × ${f.b}`;
}

/** A fact the match was dealt toward, said first: "You got 7 × 8 right three times!" */
export function focusFactSentence(f: PractisedFact): string {
  if (f.right > 0) return `You got ${factText(f)} right ${timesInWords(f.right)}!`;
  return `You tried ${factText(f)} ${timesInWords(f.wrong)}. Try it again next time!`;
}

/** Any other fact of the match: "You found 7 × 8 twice (1 to practise)." */
export function practisedFactSentence(f: PractisedFact): string {
  if (f.right === 0) return `You practised ${factText(f)} ${timesInWords(f.wrong)}: one to practise next!`;
  if (f.wrong > 0) return `You found ${factText(f)} ${timesInWords(f.right)} (${f.wrong} to practise).`;
  return `You found ${factText(f)} ${timesInWords(f.right)}.`;
}

/** Facts shown after a match. */
export const PRACTISED_SHOWN = 6;

/**
 * "What you practised", one whole sentence a fact: the match's focus facts first (those the child
 * answered, in the focus's order), then the others, most practised first; at most PRACTISED_SHOWN.
 */
export function practisedSentences(practice: Pick<MatchPractice, "facts"> & { focus?: number[][] }): { key: string; words: string }[] {
  const focus = new Set((practice.focus ?? []).map(([a, b]) => `${a}x${b}`));
  const key = (f: PractisedFact) => `${f.a}x${f.b}`;
  const order = [...(practice.focus ?? [])].map(([a, b]) => `${a}x${b}`);
  const focused = practice.facts.filter((f) => focus.has(key(f))).sort((x, y) => order.indexOf(key(x)) - order.indexOf(key(y)));
  const others = practice.facts.filter((f) => !focus.has(key(f)));
  return [
    ...focused.map((f) => ({ key: key(f), words: focusFactSentence(f) })),
    ...others.map((f) => ({ key: key(f), words: practisedFactSentence(f) })),
  ].slice(0, PRACTISED_SHOWN);
}
