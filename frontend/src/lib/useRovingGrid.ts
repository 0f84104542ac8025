// Roving tabindex for a grid of buttons: one Tab stop, arrow keys move between cells, Home/End
// go to the first/last. Used by the picture grids (sign-in, avatar picker).
import { useCallback, useRef, useState, type KeyboardEvent } from "react";

/** The cell an arrow key leads to in a grid of `count` cells, `columns` wide (it stops at the edges). */
export function nextCell(key: string, index: number, count: number, columns: number): number | null {
  switch (key) {
    case "ArrowRight":
      return Math.min(count - 1, index + 1);
    case "ArrowLeft":
      return Math.max(0, index - 1);
    case "ArrowDown":
      return index + columns < count ? index + columns : index;
    case "ArrowUp":
      return index - columns >= 0 ? index - columns : index;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

export function useRovingGrid(count: number, columns: number, initial = 0) {
  const [active, setActive] = useState(Math.max(0, initial));
  const cells = useRef<(HTMLElement | null)[]>([]);
  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      // The layout may wrap to fewer columns on a narrow screen: read it from the cells' positions.
      const tops = cells.current.map((c) => c?.offsetTop ?? 0);
      const perRow = tops.length > 1 && tops[0] !== undefined && tops.some((t) => t !== tops[0])
        ? tops.findIndex((t) => t !== tops[0])
        : columns;
      const next = nextCell(e.key, active, count, perRow > 0 ? perRow : columns);
      if (next === null) return;
      e.preventDefault();
      setActive(next);
      cells.current[next]?.focus();
    },
    [active, count, columns],
  );
  return {
    active,
    setActive,
    onKeyDown,
    tabIndex: (i: number) => (i === active ? 0 : -1),
    ref: (i: number) => (el: HTMLElement | null) => {
      cells.current[i] = el;
    },
  };
}
