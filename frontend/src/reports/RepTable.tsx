// The report's tables: a row-header column, number columns, and an optional bar column that is
// decoration only (the number beside it is what a screen reader reads).
import type { ReactNode } from "react";

/** A horizontal bar, 0..1; hidden from screen readers (the number sits next to it). */
export function Bar({ share, tone = "blue" }: { share: number; tone?: "blue" | "red" }) {
  const width = `${Math.round(Math.min(Math.max(share, 0), 1) * 100)}%`;
  return (
    <span className={`rep-bar rep-bar-${tone}`} aria-hidden="true">
      <span style={{ width }} />
    </span>
  );
}

export function BarCell({ share, tone }: { share: number; tone?: "blue" | "red" }) {
  return (
    <td className="rep-bar-col">
      <Bar share={share} tone={tone} />
    </td>
  );
}

interface RepTableProps {
  /** Read by screen readers only: what the table lists. */
  caption: ReactNode;
  /** The first column's heading (its cells are the rows' headers). */
  head: string;
  /** The headings of the number columns, in order. */
  numbers: readonly string[];
  /** With a bar column: what the bar shows, for screen readers. */
  bar?: string;
  /** The rows (<tr> elements). */
  children: ReactNode;
}

export function RepTable({ caption, head, numbers, bar, children }: RepTableProps) {
  return (
    <div className="table-wrap">
      <table className="rep-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            {numbers.map((label) => (
              <th key={label} scope="col" className="rep-num">
                {label}
              </th>
            ))}
            {bar !== undefined && (
              <th scope="col" className="rep-bar-col">
                <span className="sr-only">{bar}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
