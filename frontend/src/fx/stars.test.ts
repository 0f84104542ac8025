import { describe, expect, it } from "vitest";
import { focusFactSentence, practisedFactSentence, practisedSentences, PRACTISED_SHOWN } from "./stars";

const fact = (a: number, b: number, right: number, wrong: number) => ({ a, b, right, wrong });

describe("what you practised, in whole sentences", () => {
  it("says a focus fact first, with what was right", () => {
    expect(focusFactSentence(fact(7, 8, 3, 1))).toBe("You got 7 × 8 right three times!");
    expect(focusFactSentence(fact(7, 8, 1, 0))).toBe("You got 7 × 8 right once!");
    expect(focusFactSentence(fact(6, 9, 0, 2))).toBe("You tried 6 × 9 twice. Try it again next time!");
  });

  it("says the other facts as before", () => {
    expect(practisedFactSentence(fact(7, 8, 2, 1))).toBe("You found 7 × 8 twice (1 to practise).");
    expect(practisedFactSentence(fact(3, 6, 2, 0))).toBe("You found 3 × 6 twice.");
    expect(practisedFactSentence(fact(4, 6, 0, 1))).toBe("You practised 4 × 6 once: one to practise next!");
  });

  it("puts the match's focus facts first, in the focus's order, and shows six at most", () => {
    const practice = {
      facts: [fact(2, 3, 5, 0), fact(4, 5, 4, 0), fact(7, 8, 3, 0), fact(6, 9, 1, 1), fact(2, 2, 1, 0), fact(3, 3, 1, 0), fact(4, 4, 1, 0)],
      focus: [[7, 8], [6, 9], [11, 12]],
    };
    const said = practisedSentences(practice);
    expect(said.map((s) => s.words).slice(0, 3)).toEqual([
      "You got 7 × 8 right three times!",
      "You got 6 × 9 right once!",
      "You found 2 × 3 five times.",
    ]);
    expect(said).toHaveLength(PRACTISED_SHOWN);
    expect(practisedSentences({ facts: [fact(2, 3, 1, 0)] }).map((s) => s.words)).toEqual(["You found 2 × 3 once."]);
  });
});
