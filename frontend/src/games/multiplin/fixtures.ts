// A real view printed by the engine (games/engines/multiplin.py), pasted as a fixture:
//   e = get_engine("multiplin"); s = e.setup(players=2, options={}, seed=2, now_ms=1700000000000)
//   e.view(s, 0)
// Seat 0 can make 32 with an 8 (hand 0 or 2) on a 4 (table slots 6 and 7).
import type { View } from "./view";

export const ROUND_VIEW: View = {
  game: "multiplin",
  seat: 0,
  players: 2,
  phase: "round",
  to_move: [0, 1],
  deadline_ms: 1700000060000,
  mistakes: [0, 0],
  result: null,
  hand: [8, 10, 8, 5, 9],
  hand_sizes: [5, 5],
  table: [5, 2, 3, 5, 8, 10, 4, 4],
  product: 32,
  round: 1,
  dealer: 1,
  factor_deck_count: 22,
  product_deck_count: 54,
  passed: [],
  solvers: [],
  locked_until_ms: [null, null],
};
