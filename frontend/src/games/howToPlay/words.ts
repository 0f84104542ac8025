// Every word of the "How to play" dialog, for all four games, in one place: the steps' sentences,
// what "Show me" says after the move, the glossary, and the dialog's buttons and captions. Whole
// sentences only (a number may be filled in, never a fragment glued to another), so they can be
// translated later. Written for a child of seven who reads slowly: one short sentence a step, at
// most 12 words, no adult words (words/readability.ts checks all of them in its test). A fact
// ("3 × 4 = 12") is written with no-break spaces (\u00a0) so it never breaks over two lines.
import type { GameSlug } from "../../protocol/messages";

/** Game terms that cannot be avoided; each has a glossary entry shown where it is used. */
export type GlossaryTerm = "factor" | "multiple" | "goes into";

export const GLOSSARY: Record<GlossaryTerm, string> = {
  factor: "A factor of 12 goes into 12 with nothing left over. 3 is a factor of 12, because 3\u00a0×\u00a04\u00a0=\u00a012.",
  multiple: "A multiple of 4 is a number in the 4 times table. 12 is a multiple of 4, because 3\u00a0×\u00a04\u00a0=\u00a012.",
  "goes into": "A number goes into 12 if it fits with nothing left over. 3 goes into 12, because 3\u00a0×\u00a04\u00a0=\u00a012.",
};

/** One step: its sentence, and for the step with "Show me", what the sentence says after the move. */
export interface StepWords {
  /** Which picture goes with it (games/howToPlay/pictures/<slug>.tsx). */
  id: string;
  text: string;
  /** The glossary terms `text` uses. */
  glossary?: GlossaryTerm[];
  /** Only on the step that shows the first move: after "Show me", what happened and why it was right. */
  after?: string;
  afterGlossary?: GlossaryTerm[];
}

/** Four-in-a-Row: the first player to this many tokens wins (the match's target, 3 unless the
 * teacher chose another). */
export function tokensToWin(target: number): string {
  return target === 1 ? "The first player to get 1 token wins." : `The first player to get ${target} tokens wins.`;
}

export const STEPS: Record<GameSlug, StepWords[]> = {
  fultiples: [
    { id: "first", text: "The first player taps any number: Sam tapped 12." },
    {
      id: "next",
      text: "Now tap a factor or a multiple of 12.",
      glossary: ["factor", "multiple"],
      after: "You tapped 4: a factor of 12, because 3\u00a0×\u00a04\u00a0=\u00a012.",
      afterGlossary: ["factor"],
    },
    { id: "stuck", text: "If no free number fits with 7, tap any number." },
    { id: "win", text: "Get five of your marks in a line to win." },
  ],
  four_in_a_row: [
    { id: "pick", text: "Pick two of your cards." },
    {
      id: "place",
      text: "6 times 7 is 42, so put your marker on a 42.",
      after: "Your marker is on 42, because 6\u00a0×\u00a07\u00a0=\u00a042.",
    },
    { id: "swap", text: "If you are stuck, swap two cards for new ones." },
    { id: "line", text: "Four of your markers in a line win you a token." },
    // The last step's sentence is tokensToWin(target).
    { id: "win", text: tokensToWin(3) },
  ],
  multiplin: [
    { id: "cards", text: "You have five cards, and eight cards lie on the table." },
    { id: "big", text: "The big card shows the number you need to make." },
    {
      id: "make",
      text: "Pick one of your cards and one table card that make 42.",
      after: "You used 6 and 7, because 6\u00a0×\u00a07\u00a0=\u00a042.",
    },
    { id: "quick", text: "There are no turns: everybody plays at once, so be quick!" },
    { id: "win", text: "The first player with no cards left wins." },
  ],
  stepping_divisors: [
    // Left out when the match starts with the numbers already written (prefill, random_fill).
    { id: "place", text: "Take turns to write the next number in any empty square." },
    { id: "start", text: "The first player writes a little 1 beside any number." },
    { id: "pick", text: "Then pick a square next to one that has a little number." },
    {
      id: "write",
      text: "Write a little number that goes into the big number.",
      glossary: ["goes into"],
      after: "You wrote 3 beside 12, because 3\u00a0×\u00a04\u00a0=\u00a012.",
    },
    { id: "points", text: "From 1 to 3 costs 2 points, and the fewest points wins." },
  ],
};

/** The dialog's own words. */
export const DIALOG = {
  title: (game: string) => `How to play ${game}`,
  open: "How to play",
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  next: "Next",
  back: "Back",
  showMe: "Show me",
  startOver: "Start over",
  readToMe: "Read to me",
  wordsToKnow: "Words to know",
  inThisMatch: "In this match",
  fullRules: "Full rules (for adults)",
  loading: "Loading the rules…",
  failed: "We couldn't load the rules. Ask your teacher.",
};

/** Every text a child reads in the dialog, with the glossary terms shown beside it, for the
 * readability check (words/readability.test.ts). */
export function allHowToPlayTexts(): { where: string; text: string; allow: GlossaryTerm[] }[] {
  const out: { where: string; text: string; allow: GlossaryTerm[] }[] = [];
  for (const [game, steps] of Object.entries(STEPS)) {
    steps.forEach((s, i) => {
      out.push({ where: `${game} step ${i + 1}`, text: s.text, allow: s.glossary ?? [] });
      if (s.after) out.push({ where: `${game} step ${i + 1}, after Show me`, text: s.after, allow: s.afterGlossary ?? [] });
    });
  }
  for (const n of [1, 3, 5]) out.push({ where: `four_in_a_row goal (${n})`, text: tokensToWin(n), allow: [] });
  // The glossary may use its own words: that is where they are explained.
  const terms = Object.keys(GLOSSARY) as GlossaryTerm[];
  for (const term of terms) out.push({ where: `glossary: ${term}`, text: GLOSSARY[term], allow: terms });
  const d = DIALOG;
  for (const text of [d.title("Fultiples"), d.open, d.stepOf(2, 4), d.next, d.back, d.showMe, d.startOver, d.readToMe, d.wordsToKnow, d.inThisMatch, d.fullRules, d.loading, d.failed]) {
    out.push({ where: "dialog", text, allow: [] });
  }
  return out;
}
