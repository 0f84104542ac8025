import { describe, expect, it } from "vitest";
import { gameOf } from "../test/games";
import { durationWords, focusWords, settingsInWords } from "./settings";

describe("settingsInWords", () => {
  it("Fultiples: size, level, primes, time limit, strict", () => {
    expect(settingsInWords(gameOf("fultiples"), { rows: 6, cols: 6, level: "beginner", time_limit_s: 20, strict: true })).toEqual([
      "The board has 6 rows and 6 columns.",
      "Level: beginner. The numbers go up to 50.",
      "You have 20 seconds for each turn.",
      "In this match, a mistake ends your turn.",
    ]);
    // a grid from a batch: its primes, no level
    expect(settingsInWords(gameOf("fultiples"), { primes: [2, 3, 7] })).toEqual([
      "Most numbers are in the 2, 3 or 7 times table.",
      "There is no time limit on a turn.",
      "A mistake does not end your turn: you can try again.",
    ]);
    // nothing set: the engine's defaults
    expect(settingsInWords(gameOf("fultiples"), {})[0]).toBe("Level: intermediate. The numbers go up to 100.");
  });

  it("Four-in-a-Row: the target score", () => {
    expect(settingsInWords(gameOf("four_in_a_row"), { target_score: 2, time_limit_s: 90 })).toEqual([
      "The first player to get 2 tokens wins.",
      "You have 1 minute 30 seconds for each turn.",
      "A mistake does not end your turn: you can try again.",
    ]);
    expect(settingsInWords(gameOf("four_in_a_row"), {})[0]).toBe("The first player to get 3 tokens wins.");
  });

  it("Multiplin: cards, round time, lock-out, auto-skip (no turns, so no turn limit)", () => {
    expect(settingsInWords(gameOf("multiplin"), { round_time_s: 10 })).toEqual([
      "Everybody starts with 5 cards.",
      "Each big card stays up for 10 seconds at most.",
      "After a wrong answer, wait 1.5 seconds to try again.",
      "If nobody can make the big card, a new card comes.",
    ]);
    expect(settingsInWords(gameOf("multiplin"), { hand_size: 1, auto_skip: false, lockout_ms: 0 })).toEqual([
      "Everybody starts with 1 card.",
      "Each big card stays up for 1 minute at most.",
    ]);
  });

  it("Stepping By Divisors: the grid and how the numbers get there", () => {
    expect(settingsInWords(gameOf("stepping_divisors"), { size: 5, random_fill: true })).toEqual([
      "The grid is 5 by 5.",
      "The computer writes the big numbers in for you.",
      "There is no time limit on a turn.",
      "A mistake does not end your turn: you can try again.",
    ]);
    const prefill = [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ];
    expect(settingsInWords(gameOf("stepping_divisors"), { prefill }).slice(0, 2)).toEqual([
      "The grid is 3 by 3.",
      "The numbers are already in the grid. You start with the little numbers.",
    ]);
  });

  it("says nothing without settings (an older server) or before the game's definition arrives", () => {
    expect(settingsInWords(gameOf("fultiples"), undefined)).toEqual([]);
    expect(settingsInWords(gameOf("fultiples"), null)).toEqual([]);
    expect(settingsInWords(undefined, { level: "beginner" })).toEqual([]);
  });

  it("takes a match's defaults from the game's definition, not from a copy", () => {
    const fultiples = gameOf("fultiples");
    const levelOption = { ...fultiples.options.find((o) => o.name === "level")!, default: "advanced" };
    const changed = { ...fultiples, options: fultiples.options.map((o) => (o.name === "level" ? levelOption : o)) };
    expect(settingsInWords(changed, {})[0]).toBe("Level: advanced. The numbers go up to 200.");
    const four = gameOf("four_in_a_row");
    const target = four.options.map((o) => (o.name === "target_score" ? { ...o, default: 5 } : o));
    expect(settingsInWords({ ...four, options: target }, {})[0]).toBe("The first player to get 5 tokens wins.");
  });

  it("durations in words", () => {
    expect(durationWords(1)).toBe("1 second");
    expect(durationWords(45)).toBe("45 seconds");
    expect(durationWords(60)).toBe("1 minute");
    expect(durationWords(125)).toBe("2 minutes 5 seconds");
    expect(durationWords(1.5)).toBe("1.5 seconds");
  });
});

describe("focusWords: the match's focus in the rules dialog", () => {
  it("names the facts, says when no weak facts were found, and says nothing without a focus", () => {
    expect(focusWords({ mode: "weakest", facts: [[7, 8], [6, 7]] })).toBe("The facts you find hardest come up more often. They are 7 × 8, 6 × 7.");
    expect(focusWords({ mode: "weakest", facts: [] })).toBe("The facts you find hardest come up more often.");
    expect(focusWords({ mode: "facts", tables: [7], facts: [[8, 9]] })).toBe("Some facts come up more often. They are the 7s, 8 × 9.");
    // A long list is cut short, so the sentence stays readable.
    expect(focusWords({ mode: "facts", facts: [[2, 3], [4, 5], [6, 7], [8, 9], [3, 4]] })).toBe("Some facts come up more often. They are 2 × 3, 4 × 5, 6 × 7, 8 × 9 and more.");
    expect(focusWords(undefined)).toBeNull();
    expect(focusWords({ mode: "none" })).toBeNull();
  });
});
