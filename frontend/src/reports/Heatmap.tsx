// The times-table heatmap: a real table (rows a, columns b, <th scope>), each cell coloured by
// accuracy. One Tab stop: arrow keys move between cells; hovering or focusing a cell shows its
// numbers on the details line; each cell also carries its numbers as screen-reader text.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { FactStat } from "../api/reports";
import { plural } from "../lib/format";
import { factLabel, formatPercent, formatSeconds } from "./format";
import { RepTable } from "./RepTable";
import {
  BUCKET_LABELS,
  BUCKET_TEXT,
  HEAT_COLOURS,
  NOT_PLAYED,
  coloursOf,
  factAt,
  factsOutside,
  gridSizeFor,
  indexFacts,
} from "./heatmap";
import "./reports.css";

export type HeatmapVariant = "teacher" | "child";

/** What a cell says about its fact, in words. */
export function describeFact(a: number, b: number, fact: FactStat | undefined, variant: HeatmapVariant = "teacher"): string {
  const name = `${factLabel(a, b)} = ${a * b}`;
  if (!fact) return `${name}: not played yet`;
  if (variant === "child") return `${name}: right ${fact.right} out of ${plural(fact.attempts, "time")}`;
  const counted = `${name}: ${formatPercent(fact.accuracy)} right (${fact.right} of ${plural(fact.attempts, "try", "tries")})`;
  return fact.median_think_ms === null ? counted : `${counted}, median think time ${formatSeconds(fact.median_think_ms)}`;
}

interface Props {
  facts: readonly FactStat[];
  /** The report's `grid_size`; 10 or 12 is worked out from the facts when missing. */
  gridSize?: number | null;
  caption: string;
  variant?: HeatmapVariant;
  /** Offer "Show as a list" (every fact, including those beyond the grid). */
  withList?: boolean;
}

export function Heatmap({ facts, gridSize, caption, variant = "teacher", withList = variant === "teacher" }: Props) {
  const index = useMemo(() => indexFacts(facts), [facts]);
  const size = gridSizeFor(facts, gridSize);
  const outside = useMemo(() => factsOutside(facts, size), [facts, size]);
  const numbers = useMemo(() => Array.from({ length: size }, (_, i) => i + 1), [size]);
  const [active, setActive] = useState<[number, number]>([1, 1]);
  const [hovered, setHovered] = useState<[number, number] | null>(null);
  const [focused, setFocused] = useState<[number, number] | null>(null);
  const [showList, setShowList] = useState(false);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const detailId = useId();
  const listId = useId();

  const [activeA, activeB] = [Math.min(active[0], size), Math.min(active[1], size)];
  const shown = hovered ?? focused;

  function move(e: KeyboardEvent, a: number, b: number) {
    let [na, nb] = [a, b];
    switch (e.key) {
      case "ArrowUp":
        na = Math.max(1, a - 1);
        break;
      case "ArrowDown":
        na = Math.min(size, a + 1);
        break;
      case "ArrowLeft":
        nb = Math.max(1, b - 1);
        break;
      case "ArrowRight":
        nb = Math.min(size, b + 1);
        break;
      case "Home":
        nb = 1;
        if (e.ctrlKey) na = 1;
        break;
      case "End":
        nb = size;
        if (e.ctrlKey) na = size;
        break;
      default:
        return;
    }
    e.preventDefault();
    setActive([na, nb]);
    cells.current.get(`${na}-${nb}`)?.focus();
  }

  return (
    <div className={`rep-heatmap rep-heatmap-${variant}`}>
      <div className="rep-heat-scroll">
        <table className="rep-heat-table" aria-describedby={detailId}>
          <caption className={variant === "child" ? "sr-only" : undefined}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="rep-heat-corner">
                <span aria-hidden="true">×</span>
                <span className="sr-only">Times</span>
              </th>
              {numbers.map((b) => (
                <th key={b} scope="col">
                  {b}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {numbers.map((a) => (
              <tr key={a}>
                <th scope="row">{a}</th>
                {numbers.map((b) => {
                  const fact = factAt(index, a, b);
                  const colours = fact ? coloursOf(fact.accuracy) : undefined;
                  const isActive = a === activeA && b === activeB;
                  const isShown = shown !== null && shown[0] === a && shown[1] === b;
                  return (
                    <td
                      key={b}
                      ref={(el) => {
                        if (el) cells.current.set(`${a}-${b}`, el);
                        else cells.current.delete(`${a}-${b}`);
                      }}
                      tabIndex={isActive ? 0 : -1}
                      className={`rep-heat-cell${fact ? "" : " rep-heat-unseen"}${isShown ? " rep-heat-shown" : ""}`}
                      style={colours}
                      data-fact={`${a}x${b}`}
                      onKeyDown={(e) => move(e, a, b)}
                      onFocus={() => {
                        setActive([a, b]);
                        setFocused([a, b]);
                      }}
                      onBlur={() => setFocused(null)}
                      onMouseEnter={() => setHovered([a, b])}
                      onMouseLeave={() => setHovered(null)}
                    >
                      <span aria-hidden="true" className="rep-heat-value">
                        {fact ? (variant === "child" ? a * b : Math.round(fact.accuracy * 100)) : NOT_PLAYED.mark}
                      </span>
                      <span className="sr-only">{describeFact(a, b, fact, variant)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="rep-heat-detail" id={detailId}>
        {shown
          ? describeFact(shown[0], shown[1], factAt(index, shown[0], shown[1]), variant)
          : variant === "child"
            ? "Tap or point at a square to see how you did."
            : "Numbers are % right. Point at a square, or Tab to the grid and use the arrow keys, to see its numbers."}
      </p>
      <HeatLegend variant={variant} />
      {outside.length > 0 && variant === "teacher" && (
        <p className="hint">
          {plural(outside.length, "fact")} beyond {size} × {size} (for example{" "}
          {factLabel(Math.min(outside[0]!.a, outside[0]!.b), Math.max(outside[0]!.a, outside[0]!.b))}) {outside.length === 1 ? "is" : "are"} only
          in the list.
        </p>
      )}
      {withList && (
        <>
          <button
            type="button"
            className="btn btn-secondary rep-list-toggle"
            aria-expanded={showList}
            aria-controls={listId}
            onClick={() => setShowList((s) => !s)}
          >
            {showList ? "Hide the list of facts" : "Show as a list"}
          </button>
          <div id={listId} hidden={!showList}>
            {showList && <FactList facts={facts} caption={`${caption}: every fact played`} />}
          </div>
        </>
      )}
    </div>
  );
}

export function HeatLegend({ variant = "teacher" }: { variant?: HeatmapVariant }) {
  const titleId = useId();
  if (variant === "child") {
    return (
      <div className="rep-legend rep-legend-child">
        <p className="rep-legend-title" id={titleId}>
          What the colours mean
        </p>
        <ul aria-labelledby={titleId}>
          <li>
            <span className="rep-legend-ramp" aria-hidden="true">
              {HEAT_COLOURS.map((colour) => (
                <span key={colour} className="rep-swatch" style={{ background: colour }} />
              ))}
            </span>
            <span>
              Dark: practise this. Light: <strong>I know it!</strong>
            </span>
          </li>
          <li>
            <span className="rep-swatch rep-swatch-unseen" aria-hidden="true">
              {NOT_PLAYED.mark}
            </span>
            A dash: not played yet
          </li>
        </ul>
      </div>
    );
  }
  return (
    <div className="rep-legend">
      <p className="rep-legend-title" id={titleId}>
        Accuracy (share of right answers)
      </p>
      <ul aria-labelledby={titleId}>
        {HEAT_COLOURS.map((colour, i) => (
          <li key={colour}>
            <span
              className="rep-swatch"
              style={{ background: colour, color: BUCKET_TEXT[i] }}
              aria-hidden="true"
            />
            {BUCKET_LABELS[i]}
          </li>
        ))}
        <li>
          <span className="rep-swatch rep-swatch-unseen" aria-hidden="true">
            {NOT_PLAYED.mark}
          </span>
          Not played yet
        </li>
      </ul>
    </div>
  );
}

/** Every fact as rows: the table view of the heatmap. */
export function FactList({ facts, caption }: { facts: readonly FactStat[]; caption: string }) {
  const sorted = [...facts].sort((x, y) => x.a - y.a || x.b - y.b);
  if (sorted.length === 0) return <p>No facts played yet.</p>;
  const thinkTimes = sorted.some((f) => f.median_think_ms !== null);
  const numbers = ["Tries", "Right", "Accuracy", ...(thinkTimes ? ["Median think time"] : [])];
  return (
    <RepTable caption={caption} head="Fact" numbers={numbers}>
      {sorted.map((f) => (
        <tr key={`${f.a}x${f.b}`}>
          <th scope="row">
            {factLabel(f.a, f.b)} = {f.a * f.b}
          </th>
          <td className="rep-num">{f.attempts}</td>
          <td className="rep-num">{f.right}</td>
          <td className="rep-num">{formatPercent(f.accuracy)}</td>
          {thinkTimes && <td className="rep-num">{f.median_think_ms === null ? "" : formatSeconds(f.median_think_ms)}</td>}
        </tr>
      ))}
    </RepTable>
  );
}
