// The server's clock, seen from the browser, and the turn countdown.
//
// How the offset is estimated: `deadline_ms` in a view is server epoch ms, so the page needs
// serverNow = Date.now() + offset. State messages carry no server time, so we use the `Date`
// header of GET /api/matches/{id}/ (useMatch fetches it on mount, twice more a little later,
// and again after every reconnect). The header has 1 s resolution, so one sample only says:
//   the server's clock read some S in [D, D + 1000) at a local moment L in [sentAt, receivedAt]
//   => offset = S - L lies in the interval (D - receivedAt, D + 1000 - sentAt).
// Samples taken at different sub-second phases narrow this down: the estimate is the middle of
// the intersection of every sample's interval. If a new sample does not overlap (a clock jumped),
// we start again from that sample alone.

export interface ClockSample {
  /** The Date header, epoch ms (whole seconds). */
  serverDateMs: number;
  /** Local Date.now() just before the request and just after the answer. */
  sentAt: number;
  receivedAt: number;
}

export class ClockOffset {
  private low = -Infinity;
  private high = Infinity;

  /** Adds one sample; returns the new estimate (ms to add to Date.now() for server time). */
  add(sample: ClockSample): number {
    const { serverDateMs, sentAt, receivedAt } = sample;
    if (!Number.isFinite(serverDateMs) || receivedAt < sentAt) return this.offset;
    const low = serverDateMs - receivedAt;
    const high = serverDateMs + 1000 - sentAt;
    const nextLow = Math.max(this.low, low);
    const nextHigh = Math.min(this.high, high);
    if (nextLow <= nextHigh) {
      this.low = nextLow;
      this.high = nextHigh;
    } else {
      this.low = low;
      this.high = high;
    }
    return this.offset;
  }

  /** 0 until the first sample. */
  get offset(): number {
    if (!Number.isFinite(this.low) || !Number.isFinite(this.high)) return 0;
    return Math.round((this.low + this.high) / 2);
  }

  /** How far off the estimate may be, in ms (Infinity before the first sample). */
  get uncertainty(): number {
    return (this.high - this.low) / 2;
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
