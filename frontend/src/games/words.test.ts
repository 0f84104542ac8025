import { describe, expect, it } from "vitest";
import type { BaseView, MatchMeta } from "../protocol/messages";
import { joinNames, mistakesInWords, resultInWords, seatName, timeUpInWords, turnInWords } from "./words";

function meta(extra: Partial<MatchMeta> = {}): MatchMeta {
  return {
    id: 1,
    game: "fultiples",
    kind: "quick",
    status: "active",
    players: 2,
    host_user_id: 1,
    hints: false,
    assignment_id: 1,
    result: null,
    seats: [
      { index: 0, name: "Ana L.", user_id: 1, bot: null, taken_over: false },
      { index: 1, name: "Ben K.", user_id: 2, bot: null, taken_over: false },
      { index: 2, name: "Cy D.", user_id: 3, bot: null, taken_over: false },
    ],
    ...extra,
  };
}

function view(extra: Partial<BaseView> = {}): BaseView {
  return { game: "fultiples", seat: 0, players: 2, phase: "play", to_move: [1], deadline_ms: null, mistakes: [0, 0], result: null, ...extra };
}

describe("names", () => {
  it("joins names the way people say them", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["Ana"])).toBe("Ana");
    expect(joinNames(["Ana", "Ben"])).toBe("Ana and Ben");
    expect(joinNames(["Ana", "Ben", "Cy"])).toBe("Ana, Ben and Cy");
  });
  it("calls a computer seat 'the computer'", () => {
    const m = meta({ seats: [meta().seats[0]!, { index: 1, name: "Computer (hard)", user_id: null, bot: "hard", taken_over: false }] });
    expect(seatName(m, 1)).toBe("the computer");
    expect(seatName(m, 5)).toBe("Player 6");
  });
  it("counts mistakes", () => {
    expect(mistakesInWords(0)).toBe("no mistakes");
    expect(mistakesInWords(1)).toBe("1 mistake");
    expect(mistakesInWords(4)).toBe("4 mistakes");
  });
});

describe("turnInWords", () => {
  it("says whose turn it is", () => {
    expect(turnInWords(view({ to_move: [0] }), meta(), 0, false)).toBe("Your turn!");
    expect(turnInWords(view({ to_move: [1] }), meta(), 0, false)).toBe("Ben K.'s turn");
    expect(turnInWords(view({ to_move: [1] }), meta(), null, false)).toBe("Ben K.'s turn");
  });
  it("says 'the computer' for a computer seat", () => {
    const m = meta({ seats: [meta().seats[0]!, { index: 1, name: "Computer (easy)", user_id: null, bot: "easy", taken_over: false }] });
    expect(turnInWords(view({ to_move: [1] }), m, 0, false)).toBe("The computer's turn");
  });
  it("Multiplin has no turns", () => {
    expect(turnInWords(view({ game: "multiplin", to_move: [0, 1] }), meta({ game: "multiplin" }), 1, true)).toBe("Everybody plays at once");
  });
  it("says nothing in a lobby, after the end, or between turns", () => {
    expect(turnInWords(null, meta({ status: "lobby" }), 0, false)).toBeNull();
    expect(turnInWords(view({ result: { winners: [0], reason: "five_in_a_row" } }), meta(), 0, false)).toBeNull();
    expect(turnInWords(view({ to_move: [0] }), meta({ status: "finished" }), 0, false)).toBeNull();
    expect(turnInWords(view({ to_move: [] }), meta(), 0, false)).toBeNull();
  });
});

describe("resultInWords", () => {
  const m = meta();
  it("the winner", () => {
    expect(resultInWords({ winners: [0], reason: "five_in_a_row" }, m, 0)).toEqual({
      headline: "You won!",
      reason: "You got five in a row.",
    });
  });
  it("the other player, kindly", () => {
    expect(resultInWords({ winners: [0], reason: "five_in_a_row" }, m, 1)).toEqual({
      headline: "Ana L. won this time. Good game!",
      reason: "Ana L. got five in a row.",
    });
  });
  it("a spectator", () => {
    expect(resultInWords({ winners: [1], reason: "empty_hand" }, m, null)).toEqual({
      headline: "Ben K. won!",
      reason: "Ben K. used up all their cards.",
    });
  });
  it("shared wins", () => {
    expect(resultInWords({ winners: [0, 2], reason: "empty_hand" }, m, 0).headline).toBe("You won, together with Cy D.!");
    expect(resultInWords({ winners: [0, 1, 2], reason: "complete" }, m, null).headline).toBe("Ana L., Ben K. and Cy D. won!");
  });
  it("draws", () => {
    expect(resultInWords({ winners: [], reason: "board_full" }, m, 0)).toEqual({
      headline: "It's a draw!",
      reason: "The board is full and nobody got five in a row.",
    });
    expect(resultInWords({ winners: [], reason: "stalemate" }, m, 0).reason).toMatch(/tokens were the same/);
  });
  it("every reason has words", () => {
    const reasons = ["five_in_a_row", "board_full", "target_score", "stalemate", "empty_hand", "complete", "no_move", "ended_by_teacher", "everyone_left"];
    for (const reason of reasons) expect(resultInWords({ winners: [1], reason }, m, 0).reason).not.toBe("");
  });
  it("the target score comes from the view", () => {
    const v = view({ game: "four_in_a_row", target_score: 5 });
    expect(resultInWords({ winners: [0], reason: "target_score" }, m, 0, v).reason).toBe("You got 5 tokens first.");
    expect(resultInWords({ winners: [1], reason: "target_score" }, m, 0).reason).toBe("Ben K. got enough tokens first.");
  });
  it("ended by the teacher", () => {
    expect(resultInWords({ winners: [], reason: "ended_by_teacher" }, m, 0)).toEqual({
      headline: "The match is over.",
      reason: "The teacher ended the match.",
    });
  });
  it("everybody left (the last student resigned): over, not a draw", () => {
    expect(resultInWords({ winners: [], reason: "everyone_left" }, m, null)).toEqual({
      headline: "The match is over.",
      reason: "Everybody left the match.",
    });
  });
  it("a stopped match without a result", () => {
    expect(resultInWords(null, m, 0).headline).toBe("This match was stopped.");
  });
});

describe("timeUpInWords", () => {
  it("says Time's up for the viewer, another player and a Multiplin round, and nothing otherwise", () => {
    const m = meta();
    expect(timeUpInWords([{ type: "timeout", seat: 0 }], m, 0)).toBe("Time's up! Your turn is over. You can try again next turn.");
    expect(timeUpInWords([{ type: "timeout", seat: 1 }], m, 0)).toBe(`Time's up for ${seatName(m, 1)}! Their turn is over.`);
    expect(timeUpInWords([{ type: "round_unsolved", product: 49, reason: "timer" }], m, 0)).toBe("Time's up! Nobody found 49. Here comes a new card.");
    expect(timeUpInWords([{ type: "round_unsolved", product: 49, reason: "all_passed" }], m, 0)).toBeNull();
    expect(timeUpInWords([{ type: "mark", seat: 1 }], m, 0)).toBeNull();
  });
});
