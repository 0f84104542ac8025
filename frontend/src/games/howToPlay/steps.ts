// Which steps a match's "How to play" shows: the game's steps (words.ts), fitted to the match's
// settings. Pure, tested.
import { isGameSlug } from "../catalog";
import type { MatchSettings } from "../../protocol/messages";
import { STEPS, tokensToWin, type StepWords } from "./words";

/** The steps for `game` in a match with `settings`; empty for an unknown game. */
export function stepsFor(game: string, settings?: MatchSettings | null): StepWords[] {
  if (!isGameSlug(game)) return [];
  const s = settings ?? {};
  if (game === "stepping_divisors") {
    // A grid the computer (or the teacher) filled starts with the little numbers: no writing step.
    const filled = s.random_fill === true || (Array.isArray(s.prefill) && s.prefill.length > 0);
    return filled ? STEPS[game].filter((step) => step.id !== "place") : STEPS[game];
  }
  if (game === "four_in_a_row") {
    const target = typeof s.target_score === "number" && s.target_score > 0 ? s.target_score : 3;
    return STEPS[game].map((step) => (step.id === "win" ? { ...step, text: tokensToWin(target) } : step));
  }
  return STEPS[game];
}
