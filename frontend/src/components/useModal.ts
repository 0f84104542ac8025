import { useEffect, type KeyboardEvent, type RefObject } from "react";

const FOCUSABLE = "button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * What every modal needs: focus starts on `initial`, the page behind is inert, focus returns where
 * it was on close, Escape calls `onEscape` (unless it is null), and Tab stays inside `box`.
 * Returns the keydown handler for the dialog element.
 */
export function useModal(
  box: RefObject<HTMLElement | null>,
  initial: RefObject<HTMLElement | null>,
  onEscape: (() => void) | null,
) {
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = document.getElementById("root");
    root?.setAttribute("inert", "");
    initial.current?.focus();
    return () => {
      root?.removeAttribute("inert");
      previous?.focus?.();
    };
  }, [initial]);

  return function onKeyDown(e: KeyboardEvent) {
    if (e.key === "Escape" && onEscape) {
      e.stopPropagation();
      onEscape();
      return;
    }
    if (e.key !== "Tab" || !box.current) return;
    const focusable = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
}
