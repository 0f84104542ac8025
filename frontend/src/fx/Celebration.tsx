import { useEffect } from "react";
import { prefersReducedMotion } from "./motion";

export type CelebrationKind = "line" | "round" | "win" | "mistake";

const WORDS: Record<CelebrationKind, string> = {
  line: "A line!",
  round: "Solved!",
  win: "You won!",
  mistake: "Oops, try again",
};

/** How long a celebration stays up (a mistake's is short and quiet). */
export const CELEBRATION_MS: Record<CelebrationKind, number> = { line: 1600, round: 1600, win: 3200, mistake: 1200 };

const COLOURS = ["#f59e0b", "#10b981", "#3b82f6", "#ec4899", "#8b5cf6", "#ef4444"];

/** A burst of confetti and a word at the top edge (never over the board): pointer-transparent, so play goes on beneath it.
 * With reduced motion (the media query, or the JS check) it is a still badge with no pieces. The
 * words reach screen readers through the match's live region, not from here (aria-hidden). */
export function Celebration({ kind, onDone }: { kind: CelebrationKind; onDone: () => void }) {
  const still = prefersReducedMotion();
  useEffect(() => {
    const t = window.setTimeout(onDone, CELEBRATION_MS[kind]);
    return () => window.clearTimeout(t);
  }, [kind, onDone]);
  const pieces = still || kind === "mistake" ? 0 : kind === "win" ? 36 : 16;
  return (
    <div className={`celebration celebration-${kind}`} data-motion={still ? "still" : "moving"} aria-hidden="true" data-testid="celebration">
      {Array.from({ length: pieces }, (_, i) => (
        <span
          key={i}
          className="confetti"
          style={{
            left: `${(i * 37) % 100}%`,
            background: COLOURS[i % COLOURS.length],
            animationDelay: `${(i % 8) * 60}ms`,
            transform: `rotate(${(i * 47) % 360}deg)`,
          }}
        />
      ))}
      <div className="celebration-badge">
        {kind === "mistake" ? (
          <svg viewBox="0 0 40 40" width="32" height="32" focusable="false">
            <circle cx="20" cy="20" r="18" fill="#fde68a" />
            <circle cx="14" cy="16" r="2.2" fill="#3b3b3b" />
            <circle cx="26" cy="16" r="2.2" fill="#3b3b3b" />
            <path d="M13 27 q7 -5 14 0" stroke="#3b3b3b" strokeWidth="2.2" fill="none" strokeLinecap="round" />
          </svg>
        ) : (
          <svg viewBox="0 0 40 40" width="36" height="36" focusable="false">
            <polygon points="20,2 25,14 38,15 28,24 31,37 20,30 9,37 12,24 2,15 15,14" fill="#fbbf24" stroke="#b45309" strokeWidth="1.5" />
          </svg>
        )}
        <span>{WORDS[kind]}</span>
      </div>
    </div>
  );
}
