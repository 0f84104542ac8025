// Stepping By Divisors, shown on its own grid (stepping_divisors/Grid.tsx, Panel.tsx) in a small
// practice game: 4 x 4 squares holding 1 to 16, You (seat 0) against Sam (seat 1).
import { Grid } from "../../stepping_divisors/Grid";
import { PlacePrompt, ScoresTable } from "../../stepping_divisors/Panel";
import { emptyMemory, type Cell, type Memory, type View } from "../../stepping_divisors/view";
import { Marked, type PictureProps } from "../Marked";
import "../../stepping_divisors/board.css";

const names = (me = "You") => (seat: number) => (seat === 0 ? me : "Sam");
const YOU = 0;
const SAM = 1;

const NUMBERS = [
  [7, 12, 3, 16],
  [1, 10, 14, 5],
  [9, 4, 15, 2],
  [13, 8, 11, 6],
];
const EMPTY = NUMBERS.map((row) => row.map(() => null as number | null));

function view(over: Partial<View>): View {
  return {
    game: "stepping_divisors",
    seat: YOU,
    players: 2,
    phase: "divide",
    to_move: [YOU],
    deadline_ms: null,
    mistakes: [0, 0],
    result: null,
    size: 4,
    numbers: NUMBERS,
    divisors: EMPTY,
    d: null,
    next_number: null,
    scores: [0, 0],
    ...over,
  };
}

/** Writing the numbers: 1 to 4 are in (You 1 and 3, Sam 2 and 4); you write 5 next. */
const PLACING = view({
  phase: "place",
  numbers: NUMBERS.map((row) => row.map((n) => (n <= 4 ? n : null))),
  next_number: 5,
});
const PLACED: Memory = { ...emptyMemory, placedBy: { "1,0": YOU, "2,3": SAM, "0,2": YOU, "2,1": SAM } };

/** Sam began: a little 1 beside 10. */
const OPENED = view({ divisors: EMPTY.map((row, r) => row.map((_, c) => (r === 1 && c === 1 ? 1 : null))), d: 1 });
const OPENED_MEMORY: Memory = { ...emptyMemory, dividedBy: { "1,1": SAM }, last: [1, 1] };

/** You wrote 3 beside 12: from 1 to 3 costs you 2 points. */
const STEPPED = view({
  divisors: EMPTY.map((row, r) => row.map((_, c) => (r === 1 && c === 1 ? 1 : r === 0 && c === 1 ? 3 : null))),
  d: 3,
  to_move: [SAM],
  scores: [2, 0],
});
const STEPPED_MEMORY: Memory = { ...emptyMemory, dividedBy: { "1,1": SAM, "0,1": YOU }, last: [0, 1] };

const cellSel = ([r, c]: Cell) => `[data-cell="${r},${c}"]`;
const NEXT_TO_10: Cell[] = [
  [0, 1],
  [1, 0],
  [1, 2],
  [2, 1],
];

interface Shot {
  view: View;
  memory: Memory;
  selected?: Cell | null;
  marked: string[];
  extra?: "place" | "scores";
}

function shot(step: string, shown: boolean): Shot {
  switch (step) {
    case "place":
      return { view: PLACING, memory: PLACED, marked: [".stepping_divisors-big"], extra: "place" };
    case "start":
      return { view: OPENED, memory: OPENED_MEMORY, marked: [cellSel([1, 1])] };
    case "pick":
      return { view: OPENED, memory: OPENED_MEMORY, marked: NEXT_TO_10.map(cellSel) };
    case "write":
      return shown
        ? { view: STEPPED, memory: STEPPED_MEMORY, marked: [cellSel([0, 1])] }
        : { view: OPENED, memory: OPENED_MEMORY, selected: [0, 1], marked: [cellSel([0, 1])] };
    default:
      return { view: STEPPED, memory: STEPPED_MEMORY, marked: [".stepping_divisors-scores tbody tr:first-child", cellSel([0, 1])], extra: "scores" };
  }
}

const nothing = () => {};

export default function SteppingPicture({ step, shown, me }: PictureProps) {
  const { view: v, memory, selected = null, marked, extra } = shot(step, shown);
  const nameOf = names(me);
  return (
    <Marked selectors={marked}>
      <div className="stepping_divisors howto-stepping_divisors">
        {extra === "place" && <PlacePrompt view={v} myTurn nameOf={nameOf} />}
        <Grid
          view={v}
          memory={memory}
          interactive={false}
          busy={false}
          selected={selected}
          hinted={new Set()}
          focusCell={[0, 0]}
          onFocusCell={nothing}
          onActivate={nothing}
          nameOf={nameOf}
        />
        {extra === "scores" && <ScoresTable view={v} seat={me ? YOU : null} nameOf={nameOf} showPoints />}
      </div>
    </Marked>
  );
}
