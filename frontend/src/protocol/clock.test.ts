import { describe, expect, it } from "vitest";
import { ServerClock, countdownWords, formatCountdown, secondsLeft } from "./clock";

describe("ServerClock (from the socket's server_ms)", () => {
  it("is 0 before any sample", () => {
    expect(new ServerClock().offset).toBe(0);
  });

  it("one sample: server_ms minus the local time it arrived", () => {
    const c = new ServerClock();
    expect(c.add(160_000, 100_000)).toBe(60_000);
  });

  it("takes the least delayed of the recent samples (a late message under-estimates)", () => {
    const trueOffset = 5_123_456;
    const c = new ServerClock();
    // the same true offset, each message delayed 5..300 ms on its way (or in a busy tab)
    for (const [sentAt, delay] of [
      [10_000, 120],
      [11_000, 5],
      [12_000, 300],
      [13_000, 40],
    ]) {
      c.add(sentAt + trueOffset, sentAt + delay);
    }
    expect(c.offset).toBe(trueOffset - 5);
  });

  it("forgets old samples, so a jump of either clock heals within a few messages", () => {
    const c = new ServerClock(3);
    c.add(100_000, 0); // offset 100 s
    c.add(100_000, 0);
    // the local clock jumped 50 s ahead: the true offset is now 50 s
    c.add(200_000, 150_000);
    c.add(201_000, 151_000);
    expect(c.offset).toBe(100_000); // still the old max
    c.add(202_000, 152_000);
    expect(c.offset).toBe(50_000);
  });

  it("ignores nonsense samples", () => {
    const c = new ServerClock();
    expect(c.add(NaN, 10)).toBe(0);
    expect(c.add(10, Infinity)).toBe(0);
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
