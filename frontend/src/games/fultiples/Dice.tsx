import { diceLines, type DiceRolls } from "./view";

// Pip positions on a 3 x 3 layout (0..2 each way) for faces 1..6.
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
};

/** One die face as inline SVG, labelled with its number. */
export function Die({ value, size = 36 }: { value: number; size?: number }) {
  const pips = PIPS[value] ?? [];
  return (
    <svg className="fultiples-die" viewBox="0 0 30 30" width={size} height={size} role="img" aria-label={String(value)} focusable="false">
      <rect x="1" y="1" width="28" height="28" rx="6" fill="#fff" stroke="currentColor" strokeWidth="2" />
      {pips.map(([x, y], i) => (
        <circle key={i} cx={8 + x * 7} cy={8 + y * 7} r="2.6" fill="currentColor" />
      ))}
      {pips.length === 0 && (
        <text x="15" y="20" textAnchor="middle" fontSize="14" fill="currentColor">
          {value}
        </text>
      )}
    </svg>
  );
}

function Rolls({ dice, names }: { dice: DiceRolls; names: string[] }) {
  return (
    <ol className="fultiples-rolls">
      {diceLines(dice).map((line, i) => (
        <li key={i} className="fultiples-roll">
          {line.rolls.map((value, seat) => (
            <span key={seat} className="fultiples-roll-seat">
              <span>{names[seat]}</span> <Die value={value} />
            </span>
          ))}
          {line.tie && <span className="fultiples-roll-note">Tie: roll again.</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * The opening dice. Before the first mark they are shown open; afterwards they fold into a
 * one-line "Who started?" disclosure so they take no room on the tablet.
 */
export function DiceInfo({ dice, names, open }: { dice: DiceRolls; names: string[]; open: boolean }) {
  const starter = names[dice.first_seat] ?? `Player ${dice.first_seat + 1}`;
  if (open) {
    return (
      <section className="fultiples-dice" aria-label="Dice roll">
        <p className="fultiples-dice-title">Dice roll: the higher roll goes first.</p>
        <Rolls dice={dice} names={names} />
        <p className="fultiples-dice-result">
          <strong>{starter} starts.</strong>
        </p>
      </section>
    );
  }
  return (
    <details className="fultiples-dice fultiples-dice-folded">
      <summary>Dice roll: {starter} started</summary>
      <Rolls dice={dice} names={names} />
    </details>
  );
}
