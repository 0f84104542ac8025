import { describe, expect, it } from "vitest";
import { stepsFor } from "../games/howToPlay/steps";
import { allHowToPlayTexts, STEPS } from "../games/howToPlay/words";
import type { GameSlug } from "../protocol/messages";
import { GAMES } from "../test/games";
import { problems, sentences, words } from "./readability";

describe("problems: the readability check", () => {
  it("passes a short sentence in a child's words", () => {
    expect(problems("Pick two of your cards.")).toEqual([]);
    expect(problems("6 and 7 make 42. Put your counter on 42.")).toEqual([]);
  });

  it("flags a sentence of 13 words, not one of 12", () => {
    const twelve = "One two three four five six seven eight nine ten eleven twelve.";
    expect(words(twelve)).toHaveLength(12);
    expect(problems(twelve)).toEqual([]);
    const thirteen = "One two three four five six seven eight nine ten eleven twelve thirteen.";
    expect(problems(thirteen)).toHaveLength(1);
    expect(problems(thirteen)[0]).toMatch(/13 words/);
  });

  it("counts numbers as words, signs not, and keeps 1.5 in one sentence", () => {
    expect(words("You tapped 4, because 3 × 4 = 12.")).toEqual(["You", "tapped", "4,", "because", "3", "4", "12."]);
    expect(sentences("Wait 1.5 seconds. Then try again!")).toEqual(["Wait 1.5 seconds.", "Then try again!"]);
  });

  it("flags adult words and notation", () => {
    expect(problems("The grid is built from primes.").join()).toMatch(/primes/);
    const found = problems("Every product a x b with 1 <= a <= b <= 10.").join();
    expect(found).toMatch(/"product"/);
    expect(found).toMatch(/"<="/);
    expect(problems("The dealer shuffles.")).toHaveLength(1);
    expect(problems("Write a divisor of 12.")).toHaveLength(1);
    expect(problems("Lowest score wins.")).toHaveLength(1);
    expect(problems("The fewest points wins.")).toEqual([]);
  });

  it("allows a game term only where its glossary entry is shown", () => {
    expect(problems("Tap a factor of 12.")).toHaveLength(1);
    expect(problems("Tap a factor of 12.", { allow: ["factor"] })).toEqual([]);
    expect(problems("Tap one of the multiples of 4.", { allow: ["factor"] })).toHaveLength(1);
    expect(problems("3 goes into 12.", { allow: ["goes into"] })).toEqual([]);
    // "Fultiples" is a name, not the word "multiples".
    expect(problems("How to play Fultiples")).toEqual([]);
  });

  it("flags a bullet mark", () => {
    expect(problems("* Play: pick two cards.")).toHaveLength(1);
  });
});

describe("every How to play text passes", () => {
  it.each(allHowToPlayTexts().map((t) => [t.where, t] as const))("%s", (_where, t) => {
    expect(problems(t.text, { allow: t.allow })).toEqual([]);
  });

  it("each game has 3 to 5 steps, in any match's settings, and one Show me", () => {
    for (const game of GAMES.map((g) => g.slug as GameSlug)) {
      expect(STEPS[game].filter((s) => s.after)).toHaveLength(1);
      for (const settings of [null, { random_fill: true }, { target_score: 5 }]) {
        const steps = stepsFor(game, settings);
        expect(steps.length).toBeGreaterThanOrEqual(3);
        expect(steps.length).toBeLessThanOrEqual(5);
        for (const s of steps) {
          expect(problems(s.text, { allow: s.glossary })).toEqual([]);
          expect(sentences(s.text)).toHaveLength(1);
        }
      }
    }
  });
});
