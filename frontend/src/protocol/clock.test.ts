import { describe, expect, it } from "vitest";
import { ClockOffset, countdownWords, formatCountdown, secondsLeft } from "./clock";

describe("ClockOffset", () => {
  it("is 0 before any sample", () => {
    expect(new ClockOffset().offset).toBe(0);
  });

  it("one sample: the middle of what the Date header allows", () => {
    const c = new ClockOffset();
    // server said 10:00:00.000 (whole second); we sent at local 1000 and got it at 1200
    const offset = c.add({ serverDateMs: 100_000, sentAt: 1000, receivedAt: 1200 });
    // offset in (100000 - 1200, 100000 + 1000 - 1000) = (98800, 100000)
    expect(offset).toBe(99_400);
    expect(c.uncertainty).toBe(600);
  });

  it("more samples narrow the estimate towards the true offset", () => {
    const trueOffset = 5_123_456; // server is ahead by this much
    const c = new ClockOffset();
    // requests of 40 ms round trip at different sub-second phases; the server stamps the whole second
    for (const sentAt of [10_000, 10_350, 10_700, 11_050, 11_400]) {
      const serverAt = sentAt + 20 + trueOffset;
      c.add({ serverDateMs: Math.floor(serverAt / 1000) * 1000, sentAt, receivedAt: sentAt + 40 });
    }
    expect(Math.abs(c.offset - trueOffset)).toBeLessThan(200);
    expect(c.uncertainty).toBeLessThan(200);
  });

  it("starts again when a sample contradicts the others (the clock jumped)", () => {
    const c = new ClockOffset();
    c.add({ serverDateMs: 100_000, sentAt: 1000, receivedAt: 1100 });
    const after = c.add({ serverDateMs: 500_000, sentAt: 2000, receivedAt: 2100 });
    expect(after).toBe(Math.round((500_000 - 2100 + 500_000 + 1000 - 2000) / 2));
  });

  it("ignores nonsense samples", () => {
    const c = new ClockOffset();
    expect(c.add({ serverDateMs: NaN, sentAt: 0, receivedAt: 10 })).toBe(0);
    expect(c.add({ serverDateMs: 5000, sentAt: 10, receivedAt: 0 })).toBe(0);
  });
});

describe("secondsLeft", () => {
  it("counts down from a server deadline with the offset", () => {
    // server is 2 s ahead: local 10_000 is server 12_000; deadline at server 20_000 => 8 s
    expect(secondsLeft(20_000, 2000, 10_000)).toBe(8);
    expect(secondsLeft(20_000, 2000, 10_001)).toBe(8);
    expect(secondsLeft(20_000, 2000, 17_001)).toBe(1);
    expect(secondsLeft(20_000, 2000, 18_000)).toBe(0);
    expect(secondsLeft(20_000, 2000, 30_000)).toBe(0);
  });
  it("is null without a deadline", () => {
    expect(secondsLeft(null, 0, 1)).toBeNull();
    expect(secondsLeft(undefined, 0, 1)).toBeNull();
  });
});

describe("countdown text", () => {
  it("formats m:ss", () => {
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(-3)).toBe("0:00");
  });
  it("words for screen readers", () => {
    expect(countdownWords(65)).toBe("1 minute 5 seconds left");
    expect(countdownWords(1)).toBe("1 second left");
    expect(countdownWords(120)).toBe("2 minutes left");
    expect(countdownWords(0)).toBe("Time is up");
  });
});
