// A picture of each game for the children's home tiles: drawn here as SVG, like the real thing.
import type { ReactNode } from "react";
import type { GameSlug } from "../protocol/messages";

const ART: Record<GameSlug, ReactNode> = {
  fultiples: (
    <>
      <rect width="160" height="100" fill="#dbeafe" />
      {[0, 1, 2, 3, 4].map((c) =>
        [0, 1, 2].map((r) => (
          <rect key={`${r}${c}`} x={8 + c * 18} y={14 + r * 24} width="16" height="22" rx="3" fill={(r + c) % 3 === 0 ? "#fcd34d" : "#fff"} stroke="#93c5fd" />
        )),
      )}
      <g transform="translate(104 22) rotate(-12)">
        <rect width="34" height="34" rx="7" fill="#fff" stroke="#1e3a8a" strokeWidth="2" />
        <circle cx="10" cy="10" r="3.3" fill="#1e3a8a" />
        <circle cx="24" cy="24" r="3.3" fill="#1e3a8a" />
        <circle cx="17" cy="17" r="3.3" fill="#1e3a8a" />
      </g>
      <g transform="translate(118 58) rotate(14)">
        <rect width="30" height="30" rx="6" fill="#f87171" stroke="#7f1d1d" strokeWidth="2" />
        <circle cx="9" cy="9" r="3" fill="#fff" />
        <circle cx="21" cy="9" r="3" fill="#fff" />
        <circle cx="9" cy="21" r="3" fill="#fff" />
        <circle cx="21" cy="21" r="3" fill="#fff" />
      </g>
    </>
  ),
  four_in_a_row: (
    <>
      <rect width="160" height="100" fill="#fef3c7" />
      <rect x="14" y="10" width="92" height="80" rx="8" fill="#2563eb" />
      {[0, 1, 2, 3].map((r) =>
        [0, 1, 2, 3, 4].map((c) => {
          const mine = r === 3 - c || (r === 2 && c === 4);
          const theirs = (r === 3 && c > 1) || (r === 0 && c === 4);
          return <circle key={`${r}${c}`} cx={27 + c * 17} cy={22 + r * 19} r="6.8" fill={mine ? "#facc15" : theirs ? "#ef4444" : "#dbeafe"} />;
        }),
      )}
      <g transform="translate(114 26) rotate(8)">
        <rect width="34" height="48" rx="5" fill="#fff" stroke="#92400e" strokeWidth="2" />
        <text x="17" y="30" textAnchor="middle" fontSize="15" fontWeight="700" fill="#92400e">
          6×7
        </text>
      </g>
    </>
  ),
  multiplin: (
    <>
      <rect width="160" height="100" fill="#dcfce7" />
      {[
        ["3", -14, 30, "#f472b6"],
        ["8", -4, 58, "#60a5fa"],
        ["24", 6, 86, "#fbbf24"],
      ].map(([n, rot, x, colour]) => (
        <g key={String(n)} transform={`translate(${String(x)} 20) rotate(${String(rot)})`}>
          <rect width="40" height="58" rx="6" fill="#fff" stroke="#166534" strokeWidth="2" />
          <rect x="4" y="4" width="32" height="50" rx="4" fill={String(colour)} opacity="0.25" />
          <text x="20" y="37" textAnchor="middle" fontSize="20" fontWeight="800" fill="#14532d">
            {n}
          </text>
        </g>
      ))}
    </>
  ),
  stepping_divisors: (
    <>
      <rect width="160" height="100" fill="#ede9fe" />
      {[0, 1, 2, 3].map((r) =>
        [0, 1, 2, 3, 4, 5].map((c) => (
          <rect key={`${r}${c}`} x={20 + c * 20} y={10 + r * 20} width="18" height="18" rx="3" fill={(r === 1 && c < 4) || (c === 3 && r > 1) ? "#a78bfa" : "#fff"} stroke="#c4b5fd" />
        )),
      )}
      <path d="M29 39 H89 V79" stroke="#5b21b6" strokeWidth="3" fill="none" strokeLinecap="round" strokeDasharray="2 5" />
      <circle cx="89" cy="79" r="6" fill="#f59e0b" stroke="#78350f" strokeWidth="1.5" />
    </>
  ),
};

/** A game's picture, decorative (the title is written on the tile). */
export function GameArt({ game, className = "" }: { game: string; className?: string }) {
  return (
    <svg viewBox="0 0 160 100" className={`game-art ${className}`.trim()} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      {ART[game as GameSlug] ?? <rect width="160" height="100" fill="#e5e7eb" />}
    </svg>
  );
}
