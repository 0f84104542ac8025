import { useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { cellKey, cellLabel, gridSize, moveFocus, type Cell, type View } from "./view";

interface Props {
  view: View;
  names: string[];
  /** False when the viewer may not mark now: every cell is aria-disabled. */
  interactive: boolean;
  /** Cells to light up (only when the assignment allows hints), else null. */
  hints: Set<string> | null;
  winning: Set<string>;
  mistake: { cell: Cell; nonce: number } | null;
  pending: Cell | null;
  describedBy?: string;
  onMark: (row: number, col: number) => void;
}

const same = (a: Cell | null | undefined, r: number, c: number) => !!a && a[0] === r && a[1] === c;

/**
 * The number grid: role="grid" with one button per cell and a roving tabindex, so Tab enters
 * the grid once, the arrow keys (and Home/End, Ctrl+Home/End, PageUp/PageDown) move between
 * cells, and Enter/Space marks the focused cell.
 */
export function NumberGrid({ view, names, interactive, hints, winning, mistake, pending, describedBy, onMark }: Props) {
  const { rows, cols } = gridSize(view);
  const [active, setActive] = useState<Cell>(() => view.last ?? [0, 0]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // A board of another size (a rematch on a new grid): the roving cell starts again in the corner.
  const [ar, ac] = active[0] < rows && active[1] < cols ? active : [0, 0];

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const next = moveFocus([ar, ac], e.key, rows, cols, e.ctrlKey || e.metaKey);
    if (!next) return;
    e.preventDefault();
    setActive(next);
    buttons.current[next[0] * cols + next[1]]?.focus();
  }

  const style = { "--fultiples-rows": rows, "--fultiples-cols": cols } as CSSProperties;
  const wideNumbers = view.board.some((numbers) => numbers.some((n) => n >= 100));
  return (
    <div
      className="fultiples-grid"
      role="grid"
      aria-label={`Number grid, ${rows} rows and ${cols} columns`}
      aria-describedby={describedBy}
      aria-busy={pending ? true : undefined}
      data-readonly={interactive ? undefined : "true"}
      data-wide-numbers={wideNumbers ? "true" : undefined}
      style={style}
    >
      {view.board.map((numbers, r) => (
        <div className="fultiples-row" role="row" key={r}>
          {numbers.map((n, c) => {
            const owner = view.marks[r]?.[c] ?? null;
            const key = cellKey(r, c);
            const isLast = same(view.last, r, c);
            const isHint = owner === null && !!hints?.has(key);
            const isWin = winning.has(key);
            const isMistake = owner === null && same(mistake?.cell, r, c);
            const isPending = same(pending, r, c);
            const classes = ["fultiples-cell"];
            if (owner !== null) classes.push("fultiples-cell-marked");
            if (isLast) classes.push("fultiples-cell-last");
            if (isHint) classes.push("fultiples-cell-hint");
            if (isWin) classes.push("fultiples-cell-win");
            if (isMistake) classes.push("fultiples-cell-mistake");
            return (
              <div role="gridcell" key={c} className="fultiples-gridcell">
                <button
                  type="button"
                  ref={(el) => {
                    buttons.current[r * cols + c] = el;
                  }}
                  className={classes.join(" ")}
                  tabIndex={r === ar && c === ac ? 0 : -1}
                  aria-label={cellLabel(view, r, c, names, { last: isLast, hint: isHint, winning: isWin })}
                  aria-disabled={!interactive || owner !== null ? true : undefined}
                  aria-busy={isPending ? true : undefined}
                  data-seat={owner ?? undefined}
                  onFocus={() => {
                    if (r !== ar || c !== ac) setActive([r, c]);
                  }}
                  onKeyDown={onKeyDown}
                  onClick={() => onMark(r, c)}
                >
                  <span
                    key={isMistake ? `m${mistake?.nonce}` : "face"}
                    className={`fultiples-face${owner === null ? "" : ` fultiples-token fultiples-token-${owner}`}`}
                    aria-hidden="true"
                  >
                    {n}
                  </span>
                  {isWin && (
                    <span className="fultiples-star" aria-hidden="true">
                      ★
                    </span>
                  )}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
