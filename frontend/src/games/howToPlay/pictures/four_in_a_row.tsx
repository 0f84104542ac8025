// Four-in-a-Row, shown with its own pieces (four_in_a_row/Grid.tsx, Hand.tsx, Scores.tsx) in a
// small practice game on the real 8 x 8 board (the tests' seed), You (seat 0) against Sam (seat 1).
import { Grid } from "../../four_in_a_row/Grid";
import { Hand } from "../../four_in_a_row/Hand";
import { Scores } from "../../four_in_a_row/Scores";
import { EMPTY_SELECTION, type Card, type Cell, type Selection, type View } from "../../four_in_a_row/view";
import { Marked, type PictureProps } from "../Marked";
import "../../four_in_a_row/board.css";

const names = (me = "You") => (seat: number) => (seat === 0 ? me : "Sam");
const YOU = 0;
const SAM = 1;

const BOARD = [
  [35, 18, 12, 20, 27, 24, 36, 16],
  [56, 42, 16, 24, 45, 32, 48, 49],
  [30, 21, 18, 8, 14, 81, 8, 32],
  [42, 54, 63, 63, 10, 36, 45, 18],
  [64, 20, 12, 14, 24, 28, 4, 15],
  [35, 18, 10, 54, 72, 12, 36, 25],
  [6, 72, 48, 56, 9, 6, 16, 40],
  [15, 30, 21, 12, 24, 28, 27, 40],
];

function practice(markers: [Cell, number][], hand: Card[], opts: { scores?: number[]; target?: number } = {}): View {
  const grid: (number | null)[][] = BOARD.map((row) => row.map(() => null));
  for (const [[r, c], seat] of markers) grid[r]![c] = seat;
  return {
    game: "four_in_a_row",
    seat: YOU,
    players: 2,
    phase: "play",
    to_move: [YOU],
    deadline_ms: null,
    mistakes: [0, 0],
    result: null,
    board: BOARD,
    markers: grid,
    hand,
    hand_sizes: [hand.length, 3],
    scores: opts.scores ?? [0, 0],
    deck_count: 20,
    discard_count: 4,
    target_score: opts.target ?? 3,
  };
}

const PICK_6_7: Selection = { cards: [0, 1], wild: {} };
/** Sam played 9 x 9 on 81. */
const SAM_ONE: [Cell, number][] = [[[2, 5], SAM]];
/** Your four in a line: 64, 20, 12 and 14. */
const LINE: Cell[] = [
  [4, 0],
  [4, 1],
  [4, 2],
  [4, 3],
];
/** The two squares showing 42; Show me plays on the first. */
const FORTY_TWO: Cell = [1, 1];
const OTHER_42: Cell = [3, 0];

interface Shot {
  view: View;
  selection: Selection;
  last?: Cell | null;
  marked: string[];
  /** Which pieces the step shows: the cards, the board, both, or the scores. */
  pieces: "hand" | "grid" | "both" | "scores";
}

const cellSel = ([r, c]: Cell) => `[data-cell="${r}-${c}"]`;
const cardSel = (i: number) => `.four_in_a_row-hand > button:nth-child(${i + 1})`;

function shot(step: string, shown: boolean, target: number): Shot {
  switch (step) {
    case "pick":
      return { view: practice(SAM_ONE, [6, 7, 3]), selection: PICK_6_7, marked: [cardSel(0), cardSel(1)], pieces: "hand" };
    case "place":
      return shown
        ? { view: practice([...SAM_ONE, [FORTY_TWO, YOU]], [3, 9, 5]), selection: EMPTY_SELECTION, last: FORTY_TWO, marked: [cellSel(FORTY_TWO)], pieces: "both" }
        : { view: practice(SAM_ONE, [6, 7, 3]), selection: PICK_6_7, marked: [cellSel(FORTY_TWO), cellSel(OTHER_42)], pieces: "both" };
    case "swap":
      return { view: practice([...SAM_ONE, [FORTY_TWO, YOU]], [3, 9, 5]), selection: { cards: [1, 2], wild: {} }, marked: [cardSel(1), cardSel(2)], pieces: "hand" };
    case "line":
      return {
        view: practice([...SAM_ONE, [FORTY_TWO, SAM], [[5, 4], SAM], ...LINE.map((cell) => [cell, YOU] as [Cell, number])], [2, 8, 4]),
        selection: EMPTY_SELECTION,
        last: [4, 3],
        marked: LINE.map(cellSel),
        pieces: "grid",
      };
    default:
      return { view: practice(SAM_ONE, [2, 8, 4], { scores: [target, 1], target }), selection: EMPTY_SELECTION, marked: [".four_in_a_row-player:first-child"], pieces: "scores" };
  }
}

const nothing = () => {};

export default function FourInARowPicture({ step, shown, settings, me }: PictureProps) {
  const target = typeof settings?.target_score === "number" ? settings.target_score : 3;
  const { view, selection, last = null, marked, pieces } = shot(step, shown, target);
  const name = names(me);
  return (
    <Marked selectors={marked}>
      <div className={`four_in_a_row-board howto-four_in_a_row howto-four_in_a_row--${pieces}`}>
        {pieces === "scores" && <Scores view={view} viewer={null} name={name} />}
        {(pieces === "grid" || pieces === "both") && (
          <Grid view={view} active={false} busy={false} last={last} hints={[]} mistake={null} mistakeTick={0} name={name} onCell={nothing} />
        )}
        {(pieces === "hand" || pieces === "both") && <Hand hand={view.hand ?? []} selection={selection} active={false} onToggle={nothing} />}
      </div>
    </Marked>
  );
}
