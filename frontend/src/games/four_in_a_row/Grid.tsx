import { useRef, useState, type KeyboardEvent } from "react";
import { cellLabel, moveFocus, sameCell, type Cell, type Mistake, type View } from "./view";

interface GridProps {
  view: View;
  /** False: read-only (not your turn, spectator, game over). */
  active: boolean;
  busy: boolean;
  last: Cell | null;
  /** Empty unless hints are on. */
  hints: Cell[];
  mistake: Mistake | null;
  /** Changes with every new mistake, to restart the shake. */
  mistakeTick: number;
  name: (seat: number) => string;
  onCell: (cell: Cell) => void;
}

/** The 8 x 8 board: a role="grid" of buttons with one tab stop and arrow-key movement. */
export function Grid({ view, active, busy, last, hints, mistake, mistakeTick, name, onCell }: GridProps) {
  const [focus, setFocus] = useState<Cell>([0, 0]);
  const ref = useRef<HTMLDivElement>(null);
  const rows = view.board.length;
  const cols = view.board[0]?.length ?? 0;

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const next = moveFocus(focus, e.key, rows, cols);
    if (!next) return;
    e.preventDefault();
    setFocus(next);
    ref.current?.querySelector<HTMLButtonElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  }

  return (
    <div
      ref={ref}
      role="grid"
      aria-label="Board"
      aria-readonly={!active || undefined}
      aria-busy={busy || undefined}
      className={`four_in_a_row-grid${active ? "" : " four_in_a_row-grid--readonly"}`}
    >
      {view.board.map((row, r) => (
        <div role="row" className="four_in_a_row-row" key={r}>
          {row.map((value, c) => {
            const owner = view.markers[r]?.[c] ?? null;
            const isLast = sameCell(last, r, c);
            const isHint = owner === null && hints.some((h) => sameCell(h, r, c));
            const isMistake = owner === null && sameCell(mistake?.cell, r, c);
            const clickable = active && owner === null;
            const classes = [
              "four_in_a_row-cell",
              owner === null ? "four_in_a_row-cell--free" : `four_in_a_row-cell--seat${owner}`,
              isLast && "four_in_a_row-cell--last",
              isHint && "four_in_a_row-cell--hint",
              isMistake && `four_in_a_row-cell--mistake four_in_a_row-shake${mistakeTick % 2}`,
            ]
              .filter(Boolean)
              .join(" ");
            return (
              <div role="gridcell" className="four_in_a_row-gridcell" key={c}>
                <button
                  type="button"
                  data-cell={`${r}-${c}`}
                  className={classes}
                  tabIndex={sameCell(focus, r, c) ? 0 : -1}
                  aria-disabled={!clickable || undefined}
                  aria-label={cellLabel(view, r, c, name, { last: isLast, hint: isHint, mistake: isMistake })}
                  onFocus={() => setFocus([r, c])}
                  onKeyDown={onKeyDown}
                  onClick={() => clickable && onCell([r, c])}
                >
                  {owner !== null && <span className={`four_in_a_row-marker four_in_a_row-marker--seat${owner}`} aria-hidden="true" />}
                  <span className="four_in_a_row-value" aria-hidden="true">
                    {value}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
