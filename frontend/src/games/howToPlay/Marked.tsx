import { useLayoutEffect, useRef, type ReactNode } from "react";

/** Marks the board pieces a step talks about: every element inside matching one of `selectors`
 * (e.g. `[data-cell="0-1"]`) gets `data-howto-mark`, which howToPlay.css rings in yellow. The
 * boards' own components stay untouched; the attribute is set after each render of the picture. */
export function Marked({ selectors, children }: { selectors: string[]; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = selectors.join("|");
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.querySelectorAll("[data-howto-mark]").forEach((el) => el.removeAttribute("data-howto-mark"));
    for (const sel of key ? key.split("|") : []) root.querySelectorAll(sel).forEach((el) => el.setAttribute("data-howto-mark", "true"));
  });
  return (
    <div className="howto-marked" ref={ref}>
      {children}
    </div>
  );
}

/** The practice boards never send anything: a move is shown by changing the practice state. */
export const noAct = async () => ({ ok: true as const });
export const noAnnounce = () => {};

export interface PictureProps {
  /** The step's id (games/howToPlay/words.ts). */
  step: string;
  /** True after "Show me": the move has been played. */
  shown: boolean;
  /** The match's settings, for a number a step shows (e.g. the tokens to win). */
  settings?: Record<string, unknown> | null;
  /** The child's own name, for the practice seat that is "you" where a board shows names. */
  me?: string;
}
