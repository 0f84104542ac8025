import { useId } from "react";
import "./reports.css";

/**
 * A labelled progress bar: role="progressbar" with aria-valuenow/max and a text value
 * ("1,250 of 5,000 grids") that is also shown below the bar.
 */
export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const id = useId();
  const safeMax = Math.max(max, 1);
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);
  return (
    <div className="rep-progress">
      <span className="rep-progress-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className="rep-progress-track"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={text}
      >
        <span className="rep-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="rep-progress-text">{text}</span>
    </div>
  );
}
