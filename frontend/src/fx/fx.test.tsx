import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { render } from "../test/render";
import { mockFetch, json } from "../test/fetchMock";
import { AuthProvider } from "../auth";
import type { Me } from "../api/types";
import { Celebration } from "./Celebration";
import { SoundToggle } from "./SoundToggle";
import { celebrationFor } from "./useMatchFx";
import { deviceSoundsOn, maybePlay, setDeviceSounds } from "./sounds";
import { BUSY_ANSWERS, starsFor } from "./stars";

/** matchMedia as a device that does (or does not) ask for reduced motion. */
function reducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The oscillators a fake Web Audio started (the page keeps one AudioContext for good). */
const started: number[] = [];
function fakeAudio() {
  started.length = 0;
  class FakeContext {
    state = "running";
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    createOscillator() {
      return {
        type: "sine",
        frequency: { value: 0 },
        connect: (g: unknown) => g,
        start: (t: number) => started.push(t),
        stop: () => undefined,
      };
    }
    createGain() {
      const gain = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
      return { gain, connect: (d: unknown) => d };
    }
  }
  vi.stubGlobal("AudioContext", FakeContext);
  return started;
}

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("celebration", () => {
  it("throws confetti and pops when motion is welcome", () => {
    reducedMotion(false);
    render(<Celebration kind="win" onDone={() => undefined} />);
    const c = screen.getByTestId("celebration");
    expect(c.dataset.motion).toBe("moving");
    expect(c.querySelectorAll(".confetti").length).toBeGreaterThan(0);
    expect(c.getAttribute("aria-hidden")).toBe("true"); // the live region says it, not this
  });

  it("is a still badge with no confetti when the device asks for reduced motion", () => {
    reducedMotion(true);
    render(<Celebration kind="win" onDone={() => undefined} />);
    const c = screen.getByTestId("celebration");
    expect(c.dataset.motion).toBe("still");
    expect(c.querySelectorAll(".confetti")).toHaveLength(0);
    expect(c.textContent).toContain("You won!");
  });

  it("a mistake gets a gentle one: no confetti, a kind word, and it goes away by itself", () => {
    reducedMotion(false);
    vi.useFakeTimers();
    const done = vi.fn();
    render(<Celebration kind="mistake" onDone={done} />);
    expect(screen.getByTestId("celebration").querySelectorAll(".confetti")).toHaveLength(0);
    expect(screen.getByTestId("celebration").textContent).toContain("Oops, try again");
    act(() => vi.advanceTimersByTime(1300));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("celebrates only the watching seat's own line, solved round, win or mistake", () => {
    expect(celebrationFor([{ type: "score", seat: 0, tokens: 1 }], 0)).toBe("line");
    expect(celebrationFor([{ type: "score", seat: 1, tokens: 1 }], 0)).toBeNull();
    expect(celebrationFor([{ type: "solved", seat: 0 }], 0)).toBe("round");
    expect(celebrationFor([{ type: "mistake", seat: 0 }], 0)).toBe("mistake");
    expect(celebrationFor([{ type: "mistake", seat: 0 }, { type: "game_over", winners: [0] }], 0)).toBe("win");
    expect(celebrationFor([{ type: "game_over", result: { winners: [1] } }], 0)).toBeNull();
    expect(celebrationFor([{ type: "score", seat: 0 }], null)).toBeNull(); // the teacher watching
  });
});

const child = (sounds: boolean): Me => ({
  id: 2,
  role: "student",
  name: "Ana L.",
  email: null,
  classroom: { id: 5, name: "2B", join_code: "ABC234", sounds },
  avatar: { picture: "owl", colour: "teal" },
});

function renderToggle(me: Me) {
  mockFetch({ "GET /api/auth/me/": () => json(200, me) });
  render(
    <AuthProvider>
      <SoundToggle />
    </AuthProvider>,
  );
}

describe("sounds", () => {
  it("the toggle is not there when the teacher has not allowed sounds", async () => {
    renderToggle(child(false));
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: /Sounds/ })).toBeNull();
  });

  it("starts off; a tap turns them on for this device (remembered) and plays a sample", async () => {
    const started = fakeAudio();
    renderToggle(child(true));
    const user = userEvent.setup();
    const toggle = await screen.findByRole("button", { name: "Sounds off" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Sounds on" }).getAttribute("aria-pressed")).toBe("true");
    expect(deviceSoundsOn()).toBe(true);
    expect(window.localStorage.getItem("mpg.sounds")).toBe("on");
    expect(started.length).toBeGreaterThan(0);
    await user.click(screen.getByRole("button", { name: "Sounds on" }));
    expect(deviceSoundsOn()).toBe(false);
  });

  it("plays only when both the class and the device allow it", () => {
    const started = fakeAudio();
    expect(maybePlay("win", true)).toBe(false); // device off
    setDeviceSounds(true);
    expect(maybePlay("win", false)).toBe(false); // class off
    expect(started).toHaveLength(0);
    expect(maybePlay("win", true)).toBe(true);
    expect(started.length).toBeGreaterThan(0);
  });
});

describe("stars", () => {
  it("are for effort and fixed mistakes, from the child's own answers", () => {
    expect(starsFor({ answers: 0, right: 0, facts: [] })).toEqual([]);
    expect(starsFor({ answers: 3, right: 3, facts: [{ a: 2, b: 3, right: 3, wrong: 0 }] }).map((s) => s.key)).toEqual(["played"]);
    const busy = starsFor({ answers: BUSY_ANSWERS, right: 8, facts: [{ a: 7, b: 8, right: 1, wrong: 2 }] });
    expect(busy.map((s) => s.key)).toEqual(["played", "busy", "fixed"]);
    // A fact only ever wrong is not "fixed" yet.
    expect(starsFor({ answers: 2, right: 0, facts: [{ a: 7, b: 8, right: 0, wrong: 2 }] }).map((s) => s.key)).toEqual(["played"]);
  });
});
