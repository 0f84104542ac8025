// A readability check for the words children read: pure, no React. `problems(text)` says, in
// plain sentences for the developer, what a child of seven would trip over: a sentence longer than
// MAX_WORDS, a word meant for adults, or a game term (factor, multiple, "goes into") used where no
// glossary entry for it is shown. Tests run it over every child-facing text (words/readability.test.ts).

/** The longest sentence a slow reader of seven can hold at once. */
export const MAX_WORDS = 12;

/** Words and notation for adults: never in a child's text. Each is matched as a whole word
 * (case-insensitive); notation such as "<=" is matched anywhere. */
export const ADULT_TERMS: readonly string[] = [
  "prime",
  "primes",
  "scalar",
  "scalars",
  "dealer",
  "dealers",
  "product",
  "products",
  "divisor",
  "divisors",
  "integer",
  "integers",
  "lowest score",
  "lowest wins",
  "remainder",
  "<=",
  ">=",
  "≤",
  "≥",
  "!=",
];

/** Terms a game cannot avoid: allowed only where their glossary entry is shown (pass them in
 * `allow`), and in the glossary itself. Each is matched with its plural. */
export const GLOSSARY_TERMS: readonly string[] = ["factor", "multiple", "goes into"];

export interface CheckOptions {
  /** Glossary terms whose entry is shown beside this text (or the entry's own term). */
  allow?: readonly string[];
  /** Longest sentence allowed, in words (default MAX_WORDS). */
  maxWords?: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A term as a pattern: words on word boundaries (with an optional plural "s" for glossary
 * terms), notation anywhere. */
function termPattern(term: string, plural = false): RegExp {
  if (!/^[a-z ]+$/i.test(term)) return new RegExp(escape(term));
  const words = term.split(" ").map(escape).join("\\s+");
  return new RegExp(`\\b${words}${plural ? "s?" : ""}\\b`, "i");
}

/** The sentences of a text: split after ".", "!" or "?" followed by a space (so "1.5" stays one
 * word), and at line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The words of a sentence: tokens with a letter or a digit ("×" and "=" are not words). */
export function words(sentence: string): string[] {
  return sentence.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** What is wrong with `text` for a young reader; empty when nothing is. */
export function problems(text: string, options: CheckOptions = {}): string[] {
  const max = options.maxWords ?? MAX_WORDS;
  const allow = new Set((options.allow ?? []).map((t) => t.toLowerCase()));
  const out: string[] = [];
  for (const s of sentences(text)) {
    const n = words(s).length;
    if (n > max) out.push(`Sentence of ${n} words (at most ${max}): "${s}"`);
  }
  for (const term of ADULT_TERMS) {
    if (termPattern(term).test(text)) out.push(`Adult word "${term}" in: "${text}"`);
  }
  for (const term of GLOSSARY_TERMS) {
    if (!allow.has(term) && termPattern(term, true).test(text)) out.push(`"${term}" is used without its glossary entry in: "${text}"`);
  }
  if (/^\s*[*•-]\s/m.test(text)) out.push(`A bullet mark ("* ") in: "${text}"`);
  return out;
}
