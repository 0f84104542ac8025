import { useRef, type CSSProperties, type KeyboardEvent } from "react";
import { SeatMarker } from "../../components/SeatMarker";
import { boardPhase, canStepAt, cellKey, cellLabel, isPlayableCell, sameCell, type Cell, type Memory, type View } from "./view";

export interface GridProps {
  view: View;
  memory: Memory;
  /** The viewer may act now (else every square is read-only). */
  interactive: boolean;
  busy: boolean;
  selected: Cell | null;
  hinted: Set<string>;
  focusCell: Cell;
  onFocusCell: (cell: Cell) => void;
  onActivate: (cell: Cell) => void;
  nameOf: (seat: number) => string;
}

/** The m x m grid as an ARIA grid: one button a square, arrow keys move, Enter/Space activate. */
export function Grid(props: GridProps) {
  const { view, focusCell } = props;
  const m = view.size;
  const ref = useRef<HTMLDivElement>(null);

  const moveFocus = (cell: Cell) => {
    props.onFocusCell(cell);
    ref.current?.querySelector<HTMLButtonElement>(`[data-cell="${cellKey(cell)}"]`)?.focus();
  };

  // On the focused square's button (the grid itself never has the focus).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const [r, c] = focusCell;
    const moves: Record<string, Cell> = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(m - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(m - 1, c + 1)],
      Home: e.ctrlKey ? [0, 0] : [r, 0],
      End: e.ctrlKey ? [m - 1, m - 1] : [r, m - 1],
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    moveFocus(next);
  };

  const phase = boardPhase(view);
  const label = phase === "place" ? "Number grid" : "Grid of numbers and little numbers";
  const style = { "--sd-m": m } as CSSProperties;
  return (
    <div
      ref={ref}
      role="grid"
      aria-label={label}
      aria-readonly={!props.interactive || undefined}
      aria-busy={props.busy || undefined}
      className={`stepping_divisors-grid${props.interactive ? "" : " stepping_divisors-grid--readonly"}`}
      style={style}
    >
      {Array.from({ length: m }, (_, r) => (
        <div role="row" className="stepping_divisors-row" key={r}>
          {Array.from({ length: m }, (_, c) => (
            <GridCell key={c} cell={[r, c]} {...props} onKeyDown={onKeyDown} />
          ))}
        </div>
      ))}
    </div>
  );
}

function GridCell({
  cell,
  view,
  memory,
  interactive,
  selected,
  hinted,
  focusCell,
  onFocusCell,
  onActivate,
  nameOf,
  onKeyDown,
}: GridProps & { cell: Cell; onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void }) {
  const [r, c] = cell;
  const key = cellKey(cell);
  const phase = boardPhase(view);
  const n = view.numbers[r]?.[c] ?? null;
  const k = phase === "divide" ? (view.divisors[r]?.[c] ?? null) : null;
  const playable = isPlayableCell(view, r, c);
  const steppable = phase === "divide" && view.phase !== "over" && view.d !== null && canStepAt(view, r, c);
  const placer = memory.placedBy[key];
  const writer = memory.dividedBy[key];
  const isSelected = sameCell(selected, cell);
  const isLast = sameCell(memory.last, cell);
  const isHint = hinted.has(key);
  const mistake = memory.mistake && sameCell(memory.mistake.cell, cell) ? memory.mistake : null;
  const enabled = interactive && playable;

  const classes = ["stepping_divisors-cell"];
  if (phase === "place" ? n !== null : k !== null) classes.push("stepping_divisors-cell--used");
  if (enabled) classes.push("stepping_divisors-cell--open");
  if (steppable) classes.push("stepping_divisors-cell--step");
  if (isHint) classes.push("stepping_divisors-cell--hint");
  if (isSelected) classes.push("stepping_divisors-cell--selected");
  if (isLast) classes.push("stepping_divisors-cell--last");
  if (mistake) classes.push("stepping_divisors-cell--mistake", `stepping_divisors-cell--shake-${mistake.nonce % 2 ? "a" : "b"}`);

  const label = cellLabel({
    view,
    cell,
    placedBy: placer !== undefined ? nameOf(placer) : undefined,
    writtenBy: writer !== undefined ? nameOf(writer) : undefined,
    steppable,
    last: isLast,
    hint: isHint,
    selected: isSelected,
    mistake: !!mistake,
  });

  return (
    <div role="gridcell" className="stepping_divisors-gridcell" aria-selected={phase === "divide" ? isSelected : undefined}>
      <button
        type="button"
        className={classes.join(" ")}
        data-cell={key}
        data-hint={isHint || undefined}
        data-last={isLast || undefined}
        data-mistake={mistake ? true : undefined}
        aria-label={label}
        aria-disabled={!enabled || undefined}
        aria-pressed={phase === "divide" && enabled ? isSelected : undefined}
        tabIndex={sameCell(focusCell, cell) ? 0 : -1}
        onFocus={() => onFocusCell(cell)}
        onKeyDown={onKeyDown}
        onClick={() => {
          onFocusCell(cell);
          if (enabled) onActivate(cell);
        }}
      >
        {n !== null && <span className="stepping_divisors-number">{n}</span>}{" "}
        {phase === "place" && n !== null && placer !== undefined && <SeatMarker seat={placer} className="stepping_divisors-mark stepping_divisors-placer" />}
        {k !== null && (
          <span className={`stepping_divisors-divisor${writer === undefined ? " stepping_divisors-divisor--unknown" : ""}`}>
            {writer !== undefined && <SeatMarker seat={writer} className="stepping_divisors-mark" />}
            <span className="stepping_divisors-divisor-value">{k}</span>
          </span>
        )}
      </button>
    </div>
  );
}
