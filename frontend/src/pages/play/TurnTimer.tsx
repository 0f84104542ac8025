import { useEffect, useState } from "react";
import { countdownWords, formatCountdown, secondsLeft } from "../../protocol/clock";

/** "Time left 0:23", from a server-time deadline and the clock offset. Red under 10 s. While the
 * match is paused (`frozenAtMs`, server time) it shows the time that was left and stands still.
 * Give it a `key` that changes with the deadline and the pause (`turnTimerKey`), so its clock is
 * read afresh for each new turn. */
export function TurnTimer({
  deadlineMs,
  offsetMs,
  frozenAtMs = null,
  onSecondsLeft,
}: {
  deadlineMs: number | null;
  offsetMs: number;
  frozenAtMs?: number | null;
  /** Told the seconds left at each tick (the page says "Ten seconds left!" once). */
  onSecondsLeft?: (left: number, deadlineMs: number) => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadlineMs === null || frozenAtMs !== null) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [deadlineMs, frozenAtMs]);
  const left = frozenAtMs !== null ? secondsLeft(deadlineMs, 0, frozenAtMs) : secondsLeft(deadlineMs, offsetMs, now);
  useEffect(() => {
    if (left !== null && deadlineMs !== null && frozenAtMs === null) onSecondsLeft?.(left, deadlineMs);
  }, [left, deadlineMs, frozenAtMs, onSecondsLeft]);
  if (left === null) return null;
  return (
    <p className={`turn-timer ${left <= 10 ? "turn-timer-low" : ""}`}>
      <span className="turn-timer-label">Time left</span>{" "}
      <span role="timer" aria-label={countdownWords(left)} className="turn-timer-value">
        {formatCountdown(left)}
      </span>
    </p>
  );
}

/** The `key` for a TurnTimer: a new deadline or a pause starts it again. */
export function turnTimerKey(deadlineMs: number | null, frozenAtMs: number | null): string {
  return `${deadlineMs ?? "none"}/${frozenAtMs ?? "running"}`;
}
