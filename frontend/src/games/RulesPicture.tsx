// One picture example per game for the rules dialog: SVG drawn here, in the project (nothing is
// fetched). Each picture shows one correct move and its caption says it in words, so the picture
// is an example, never a needed key: the caption alone tells a screen reader the same.
import type { ReactNode } from "react";
import type { GameSlug } from "../protocol/messages";

const INK = "#1b2a3a";
const PAPER = "#ffffff";
const LINE = "#6b7a8a";
const MINE = "#1f5fae";
const GOOD = "#1d6b3a";

function Square({ x, y, n, fill = PAPER, stroke = LINE, bold = false, size = 40 }: { x: number; y: number; n: ReactNode; fill?: string; stroke?: string; bold?: boolean; size?: number }) {
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} rx={6} fill={fill} stroke={stroke} strokeWidth={bold ? 3 : 1.5} />
      <text x={x + size / 2} y={y + size / 2 + 6} textAnchor="middle" fontSize={17} fontWeight={bold ? 700 : 500} fill={INK}>
        {n}
      </text>
    </g>
  );
}

function Card({ x, y, n, fill = "#fff8e6" }: { x: number; y: number; n: number; fill?: string }) {
  return (
    <g>
      <rect x={x} y={y} width={36} height={50} rx={6} fill={fill} stroke={INK} strokeWidth={1.5} />
      <text x={x + 18} y={y + 32} textAnchor="middle" fontSize={20} fontWeight={700} fill={INK}>
        {n}
      </text>
    </g>
  );
}

function Arrow({ x1, y1, x2, y2 }: { x1: number; y1: number; x2: number; y2: number }) {
  return <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={GOOD} strokeWidth={3} markerEnd="url(#rules-arrow)" />;
}

const ARROW_HEAD = (
  <defs>
    <marker id="rules-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
      <path d="M 0 0 L 10 5 L 0 10 z" fill={GOOD} />
    </marker>
  </defs>
);

const EXAMPLES: Record<GameSlug, { caption: string; picture: ReactNode }> = {
  fultiples: {
    caption: "The last number is 18. You may mark 6, because 18 is 6 x 3.",
    picture: (
      <>
        {[
          [21, 18, 14],
          [6, 25, 36],
          [49, 9, 10],
        ].map((row, r) =>
          row.map((n, c) => <Square key={`${r}${c}`} x={10 + c * 46} y={6 + r * 46} n={n} fill={n === 18 ? "#dfe9f7" : n === 6 ? "#e3f4e8" : PAPER} stroke={n === 18 ? MINE : n === 6 ? GOOD : LINE} bold={n === 18 || n === 6} />),
        )}
      </>
    ),
  },
  four_in_a_row: {
    caption: "Your cards 6 and 7 make 42: put your marker on a square showing 42.",
    picture: (
      <>
        <Card x={8} y={40} n={6} />
        <Card x={50} y={40} n={7} />
        {[
          [24, 42, 16],
          [35, 18, 42],
          [12, 56, 30],
        ].map((row, r) => row.map((n, c) => <Square key={`${r}${c}`} x={120 + c * 46} y={6 + r * 46} n={n} fill={r === 0 && c === 1 ? "#e3f4e8" : PAPER} stroke={r === 0 && c === 1 ? GOOD : LINE} bold={r === 0 && c === 1} />))}
        <circle cx={189} cy={14} r={7} fill={MINE} />
        <Arrow x1={92} y1={60} x2={160} y2={32} />
      </>
    ),
  },
  multiplin: {
    caption: "The product card is 42. Your 6 on the table's 7 makes 42: you win the round.",
    picture: (
      <>
        <rect x={8} y={24} width={58} height={80} rx={8} fill="#fde8e8" stroke={INK} strokeWidth={2} />
        <text x={37} y={72} textAnchor="middle" fontSize={24} fontWeight={700} fill={INK}>
          42
        </text>
        <Card x={110} y={8} n={3} fill={PAPER} />
        <Card x={152} y={8} n={7} fill="#e3f4e8" />
        <Card x={194} y={8} n={9} fill={PAPER} />
        <Card x={152} y={84} n={6} />
        <Arrow x1={170} y1={82} x2={170} y2={62} />
      </>
    ),
  },
  stepping_divisors: {
    caption: "d is 4. Step onto 18, next to a square with a divisor, and write 6: 18 is 6 x 3, and the step costs 2 points (6 - 4).",
    picture: (
      <>
        <Square x={10} y={30} n={12} fill="#dfe9f7" stroke={MINE} bold size={56} />
        <text x={38} y={80} textAnchor="middle" fontSize={13} fill={MINE}>
          d = 4
        </text>
        <Square x={76} y={30} n={18} fill="#e3f4e8" stroke={GOOD} bold size={56} />
        <text x={104} y={80} textAnchor="middle" fontSize={13} fill={GOOD}>
          6
        </text>
        <Square x={142} y={30} n={25} size={56} />
        <Arrow x1={52} y1={22} x2={96} y2={22} />
        <text x={74} y={14} textAnchor="middle" fontSize={13} fill={INK}>
          +2
        </text>
      </>
    ),
  },
};

/** The picture example of a game's rules, with its caption; nothing for an unknown game. */
export function RulesPicture({ game }: { game: string }) {
  const example = EXAMPLES[game as GameSlug];
  if (!example) return null;
  return (
    <figure className="rules-picture">
      <svg viewBox="0 0 260 140" width="260" height="140" aria-hidden="true" focusable="false">
        {ARROW_HEAD}
        {example.picture}
      </svg>
      <figcaption>{example.caption}</figcaption>
    </figure>
  );
}
