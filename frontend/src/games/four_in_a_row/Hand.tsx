import { isWild, WILD_VALUES, type Card, type Selection } from "./view";

interface HandProps {
  hand: Card[];
  selection: Selection;
  active: boolean;
  onToggle: (index: number) => void;
}

/** The viewer's cards as big toggle buttons. */
export function Hand({ hand, selection, active, onToggle }: HandProps) {
  return (
    <div className="four_in_a_row-hand" role="group" aria-label="Your cards">
      {hand.map((card, i) => {
        const picked = selection.cards.includes(i);
        const wild = isWild(card);
        const chosen = wild ? selection.wild[i] : undefined;
        return (
          <button
            key={i}
            type="button"
            className={`four_in_a_row-card${wild ? " four_in_a_row-card--wild" : ""}${picked ? " four_in_a_row-card--picked" : ""}`}
            aria-pressed={picked}
            disabled={!active}
            // The name starts with what the card shows ("W wild", "7 wild"): WCAG 2.5.3, label in name.
            aria-label={wild ? `${chosen ?? "W"} wild card` : `Card ${card}`}
            onClick={() => onToggle(i)}
          >
            <span className="four_in_a_row-card-face" aria-hidden="true">
              {wild ? (chosen ?? "W") : card}
            </span>{" "}
            {wild && (
              <span className="four_in_a_row-card-note" aria-hidden="true">
                wild
              </span>
            )}
            {picked && (
              <span className="four_in_a_row-card-tick" aria-hidden="true">
                ✓
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

interface WildPickerProps {
  label: string;
  value: number | undefined;
  active: boolean;
  onPick: (value: number) => void;
}

/** Eight buttons 2..9 for one picked wild card. */
export function WildPicker({ label, value, active, onPick }: WildPickerProps) {
  return (
    <div className="four_in_a_row-wild">
      <p className="four_in_a_row-wild-label" aria-hidden="true">
        {label}
      </p>
      <div className="four_in_a_row-wild-values" role="group" aria-label={label}>
        {WILD_VALUES.map((v) => (
          <button
            key={v}
            type="button"
            className={`four_in_a_row-wild-value${value === v ? " four_in_a_row-wild-value--on" : ""}`}
            aria-pressed={value === v}
            disabled={!active}
            onClick={() => onPick(v)}
          >
            {v}
          </button>
        ))}
      </div>
    </div>
  );
}
