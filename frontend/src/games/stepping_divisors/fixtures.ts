// Real views printed by the engine (games/engines/stepping_divisors.py), for the tests.
import type { GameEvent, MatchMeta } from "../../protocol/messages";
import type { View } from "./view";

export const MATCH: MatchMeta = {
  id: 41,
  game: "stepping_divisors",
  kind: "quick",
  status: "active",
  players: 2,
  host_user_id: 1,
  hints: false,
  assignment_id: null,
  result: null,
  seats: [
    { index: 0, name: "Ana", user_id: 1, bot: null, taken_over: false },
    { index: 1, name: "Ben", user_id: 2, bot: null, taken_over: false },
  ],
};

/** size 4, five numbers placed (Ana: 1, 3, 5; Ben: 2, 4); Ben (seat 1) places 6. Viewer: Ben. */
export const PLACE_VIEW: View = {
  game: "stepping_divisors", seat: 1, players: 2, phase: "place", to_move: [1], deadline_ms: null,
  mistakes: [0, 0], result: null, size: 4,
  numbers: [[1, null, null, 5], [null, null, 2, null], [null, 4, null, null], [null, null, null, 3]],
  divisors: [[null, null, null, null], [null, null, null, null], [null, null, null, null], [null, null, null, null]],
  d: null, next_number: 6, scores: [0, 0],
};
export const PLACE_EVENTS: GameEvent[] = [{ type: "place", seat: 0, cell: [0, 3], number: 5 }];

/** size 4, random fill, the opening move of phase divide (d is null). Viewer: Ana (seat 0). */
export const OPEN_VIEW: View = {
  game: "stepping_divisors", seat: 0, players: 2, phase: "divide", to_move: [0], deadline_ms: null,
  mistakes: [0, 0], result: null, size: 4,
  numbers: [[2, 9, 16, 13], [12, 3, 5, 4], [8, 10, 14, 6], [11, 1, 7, 15]],
  divisors: [[null, null, null, null], [null, null, null, null], [null, null, null, null], [null, null, null, null]],
  d: null, next_number: null, scores: [0, 0],
};

/** size 8, random fill (seed 7): Ana wrote 1 next to 58 at [3,3], Ben 4 next to 28 at [3,4]. Viewer: Ana. */
export const DIVIDE_VIEW: View = {
  game: "stepping_divisors", seat: 0, players: 2, phase: "divide", to_move: [0], deadline_ms: null,
  mistakes: [0, 0], result: null, size: 8,
  numbers: [
    [48, 4, 39, 61, 25, 35, 27, 31],
    [12, 47, 10, 57, 16, 3, 62, 52],
    [23, 42, 59, 63, 13, 2, 50, 24],
    [46, 37, 41, 58, 28, 53, 56, 15],
    [44, 22, 40, 36, 7, 17, 55, 1],
    [34, 64, 21, 20, 38, 9, 60, 8],
    [32, 54, 18, 49, 30, 45, 26, 43],
    [5, 19, 33, 11, 29, 14, 51, 6],
  ],
  divisors: [
    [null, null, null, null, null, null, null, null],
    [null, null, null, null, null, null, null, null],
    [null, null, null, null, null, null, null, null],
    [null, null, null, 1, 4, null, null, null],
    [null, null, null, null, null, null, null, null],
    [null, null, null, null, null, null, null, null],
    [null, null, null, null, null, null, null, null],
    [null, null, null, null, null, null, null, null],
  ],
  d: 4, next_number: null, scores: [0, 3],
};
export const DIVIDE_EVENTS: GameEvent[] = [{ type: "divide", seat: 1, cell: [3, 4], divisor: 4, score: 3 }];

/** The same game after Ana wrote 5 next to 63 at [2,3]: a mistake (mistakes [1, 0]), still her turn. */
export const MISTAKE_VIEW: View = { ...DIVIDE_VIEW, mistakes: [1, 0] };
export const MISTAKE_EVENTS: GameEvent[] = [{ type: "mistake", seat: 0, cell: [2, 3], divisor: 5 }];

/** size 4, finished: every square has a divisor, Ana won 34 to 36. Viewer: Ana. */
export const OVER_VIEW: View = {
  game: "stepping_divisors", seat: 0, players: 2, phase: "over", to_move: [], deadline_ms: null,
  mistakes: [0, 0], result: { winners: [0], reason: "complete" }, size: 4,
  numbers: [[2, 9, 16, 13], [12, 3, 5, 4], [8, 10, 14, 6], [11, 1, 7, 15]],
  divisors: [[2, 1, 1, 13], [1, 1, 5, 1], [2, 10, 1, 2], [1, 1, 7, 3]],
  d: 3, next_number: null, scores: [34, 36],
};
export const OVER_EVENTS: GameEvent[] = [
  { type: "divide", seat: 1, cell: [3, 3], divisor: 3, score: 2 },
  { type: "game_over", result: { winners: [0], reason: "complete" } },
];
