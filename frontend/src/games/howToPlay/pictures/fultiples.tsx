// Fultiples, shown on its own number grid (fultiples/NumberGrid.tsx) in a small practice game:
// 5 x 5 numbers, You (seat 0, blue circles) against Sam (seat 1, orange squares).
import { NumberGrid } from "../../fultiples/NumberGrid";
import { cellKey, type Cell, type View } from "../../fultiples/view";
import { Marked, type PictureProps } from "../Marked";
import "../../fultiples/board.css";

const NAMES = ["You", "Sam"];
const YOU = 0;
const SAM = 1;

const BOARD = [
  [6, 12, 18, 5, 9],
  [4, 24, 7, 16, 2],
  [15, 3, 8, 36, 10],
  [9, 20, 14, 25, 30],
  [27, 5, 32, 40, 11],
];

/** A practice view: the given marks, the last marked cell, whose turn. */
function practice(marks: [Cell, number][], last: Cell | null, toMove: number, freeStart = false): View {
  const grid: (number | null)[][] = BOARD.map((row) => row.map(() => null));
  for (const [[r, c], seat] of marks) grid[r]![c] = seat;
  return {
    game: "fultiples",
    seat: YOU,
    players: 2,
    phase: "play",
    to_move: [toMove],
    deadline_ms: null,
    mistakes: [0, 0],
    result: null,
    board: BOARD,
    marks: grid,
    last,
    free_start: freeStart,
    primes: null,
    dice: null,
  };
}

const SAM_12: [Cell, number] = [[0, 1], SAM];
const YOU_4: [Cell, number] = [[1, 0], YOU];
/** Sam 12, You 24, Sam 2, You 14, Sam 7: nothing free goes with 7 (14 is taken, no 1, 21 or 28). */
const STUCK: [Cell, number][] = [SAM_12, [[1, 1], YOU], [[1, 4], SAM], [[3, 2], YOU], [[1, 2], SAM]];
const ROW = [0, 1, 2, 3, 4].map((c) => [2, c] as Cell);
const WIN: [Cell, number][] = [SAM_12, [[1, 1], SAM], [[3, 3], SAM], [[0, 4], SAM], ...ROW.map((cell) => [cell, YOU] as [Cell, number])];

interface Shot {
  view: View;
  winning?: Set<string>;
  marked: Cell[];
}

function shot(step: string, shown: boolean): Shot {
  switch (step) {
    case "first":
      return { view: practice([SAM_12], [0, 1], YOU), marked: [[0, 1]] };
    case "next":
      return shown ? { view: practice([SAM_12, YOU_4], [1, 0], SAM), marked: [[1, 0]] } : { view: practice([SAM_12], [0, 1], YOU), marked: [[0, 1]] };
    case "stuck":
      return { view: practice(STUCK, [1, 2], YOU, true), marked: [[1, 2]] };
    default:
      return { view: practice(WIN, [2, 4], SAM), winning: new Set(ROW.map(([r, c]) => cellKey(r, c))), marked: ROW };
  }
}

const noMark = () => {};

export default function FultiplesPicture({ step, shown }: PictureProps) {
  const { view, winning, marked } = shot(step, shown);
  // NumberGrid's cells have no data attribute: they are found by their label, "Row 1, column 2: ...".
  const selectors = marked.map(([r, c]) => `button[aria-label^="Row ${r + 1}, column ${c + 1}:"]`);
  return (
    <Marked selectors={selectors}>
      <div className="fultiples howto-fultiples">
        <NumberGrid view={view} names={NAMES} interactive={false} hints={null} winning={winning ?? new Set()} mistake={null} pending={null} onMark={noMark} />
      </div>
    </Marked>
  );
}
