// Multiplin, shown on its own board (multiplin/Board.tsx: only the board is exported) in a small
// practice round: You (seat 0) and Sam (seat 1), the card 42, your 6 and the table's 7 make it.
// The parts a step does not talk about (round, pass button, news) are hidden by howToPlay.css.
import { Board } from "../../multiplin/Board";
import type { View } from "../../multiplin/view";
import { ROUND_VIEW } from "../../multiplin/fixtures";
import type { GameEvent, MatchMeta } from "../../../protocol/messages";
import { Marked, noAct, noAnnounce, type PictureProps } from "../Marked";

const match = (me = "You"): MatchMeta => ({
  id: 0,
  game: "multiplin",
  kind: "computer",
  status: "active",
  players: 2,
  host_user_id: null,
  hints: false,
  assignment_id: null,
  result: null,
  seats: [
    { index: 0, name: me, user_id: null, bot: null, taken_over: false },
    { index: 1, name: "Sam", user_id: null, bot: null, taken_over: false },
  ],
});

const START: View = {
  ...ROUND_VIEW,
  deadline_ms: null,
  hand: [6, 2, 9, 5, 3],
  table: [3, 7, 9, 4, 8, 10, 2, 5],
  product: 42,
  factor_deck_count: 27,
};

/** After "Show me", as the engine has it: you solved it with your 6 on the table's 7 ("You got
 * it!", your mark on the 7); the cards go when the round ends. */
const SOLVED: View = { ...START, to_move: [1], solvers: [0] };
const SOLVED_EVENTS: GameEvent[] = [{ type: "solved", seat: 0, round: 1, hand: 0, table: 1, product: 42 }];

/** Near the end: one card left in your hand. */
const LAST_CARD: View = { ...START, hand: [4], hand_sizes: [1, 2], product: 36, table: [3, 7, 9, 6, 8, 10, 2, 5], round: 9 };

const hand = (i: number) => `.multiplin-card--hand[data-index="${i}"]`;
const table = (i: number) => `.multiplin-card--table[data-index="${i}"]`;

function shot(step: string, shown: boolean): { view: View; marked: string[]; players?: boolean; events?: GameEvent[] } {
  switch (step) {
    case "cards":
      return { view: START, marked: [".multiplin-hand", ".multiplin-table"] };
    case "big":
      return { view: START, marked: [".multiplin-product"] };
    case "make":
      return shown ? { view: SOLVED, events: SOLVED_EVENTS, marked: [hand(0), table(1), ".multiplin-status"] } : { view: START, marked: [hand(0), table(1)] };
    case "quick":
      return { view: START, marked: [".multiplin-players"], players: true };
    default:
      return { view: LAST_CARD, marked: [".multiplin-hand"] };
  }
}

const NO_EVENTS: GameEvent[] = [];

export default function MultiplinPicture({ step, shown, me }: PictureProps) {
  const { view, marked, players, events = NO_EVENTS } = shot(step, shown);
  return (
    <Marked selectors={marked}>
      <div className={`howto-multiplin${players ? " howto-multiplin--players" : ""}`}>
        <Board view={view} match={match(me)} seat={0} hints={false} events={events} clockOffsetMs={0} act={noAct} announce={noAnnounce} />
      </div>
    </Marked>
  );
}
