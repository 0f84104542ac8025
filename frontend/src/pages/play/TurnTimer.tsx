import { useEffect, useState } from "react";
import { countdownWords, formatCountdown, secondsLeft } from "../../protocol/clock";

/** "Time left 0:23", from a server-time deadline and the clock offset. Red under 10 s. */
export function TurnTimer({ deadlineMs, offsetMs }: { deadlineMs: number | null; offsetMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadlineMs === null) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [deadlineMs]);
  const left = secondsLeft(deadlineMs, offsetMs, now);
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
