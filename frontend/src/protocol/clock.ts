// The server's clock, seen from the browser, and the turn countdown.
//
// How the offset is estimated: `deadline_ms` in a view is server epoch ms, so the page needs
// serverNow = Date.now() + offset. Every state message on the match socket (the snapshot sent
// on connect included) carries `server_ms`, the server's clock when it sent that message. So
// each message gives one sample: offset ~= server_ms - (local Date.now() when it arrived).
// A sample can only be late (network, a busy tab), never early, so it under-estimates the true
// offset by that delay; the estimate is the largest of the last few samples (the least delayed
// one). Keeping only the last few lets a jump of either clock heal within a few messages.

/** How many recent samples the estimate looks at. */
export const CLOCK_SAMPLES = 5;

export class ServerClock {
  private samples: number[] = [];

  constructor(private readonly keep = CLOCK_SAMPLES) {}

  /** Adds one sample (a state message's `server_ms` and the local time it arrived); returns the estimate. */
  add(serverMs: number, receivedAt: number): number {
    if (!Number.isFinite(serverMs) || !Number.isFinite(receivedAt)) return this.offset;
    this.samples.push(serverMs - receivedAt);
    if (this.samples.length > this.keep) this.samples.shift();
    return this.offset;
  }

  /** Milliseconds to add to Date.now() for server time; 0 until the first sample. */
  get offset(): number {
    return this.samples.length ? Math.round(Math.max(...this.samples)) : 0;
  }
}

/** Whole seconds left until a server-time deadline; 0 once it has passed, null without one. */
export function secondsLeft(deadlineMs: number | null | undefined, offsetMs: number, localNow = Date.now()): number | null {
  if (deadlineMs === null || deadlineMs === undefined || !Number.isFinite(deadlineMs)) return null;
  const left = deadlineMs - (localNow + offsetMs);
  return left <= 0 ? 0 : Math.ceil(left / 1000);
}

/** "1:05", "0:09". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Words for screen readers: "1 minute 5 seconds left", "9 seconds left", "Time is up". */
export function countdownWords(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s === 0) return "Time is up";
  const m = Math.floor(s / 60);
  const r = s % 60;
  const parts: string[] = [];
  if (m) parts.push(`${m} ${m === 1 ? "minute" : "minutes"}`);
  if (r) parts.push(`${r} ${r === 1 ? "second" : "seconds"}`);
  return `${parts.join(" ")} left`;
}
