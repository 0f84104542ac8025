import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../test/fakeSocket";
import { MatchSocket, defaultBackoff, matchSocketUrl, newClientId, type Connection } from "./matchSocket";
import type { ErrorMessage, GameEvent, MatchMeta, StateMessage } from "./messages";

const META: MatchMeta = {
  id: 7,
  game: "fultiples",
  kind: "quick",
  status: "active",
  players: 2,
  host_user_id: 1,
  hints: false,
  assignment_id: 3,
  result: null,
  seats: [
    { index: 0, name: "Ana L.", user_id: 1, bot: null, taken_over: false },
    { index: 1, name: "Ben K.", user_id: 2, bot: null, taken_over: false },
  ],
};

function state(version: number, events: GameEvent[] = [], extra: Partial<StateMessage> = {}, seat = 0): StateMessage {
  return {
    type: "state",
    version,
    view: { game: "fultiples", seat, players: 2, phase: "play", to_move: [0], deadline_ms: null, mistakes: [0, 0], result: null },
    events,
    match: META,
    ...extra,
  };
}

let ids = 0;
function make(extra: Partial<ConstructorParameters<typeof MatchSocket>[0]> = {}) {
  const states: StateMessage[] = [];
  const connections: Connection[] = [];
  const errors: ErrorMessage[] = [];
  const ms = new MatchSocket({
    url: "ws://test/ws/matches/7/",
    createSocket: (url) => new FakeSocket(url),
    backoffMs: (n) => 1000 * (n + 1),
    newClientId: () => `id-${++ids}`,
    onState: (s) => states.push(s),
    onConnection: (c) => connections.push(c),
    onError: (e) => errors.push(e),
    ...extra,
  });
  return { ms, states, connections, errors, sock: () => FakeSocket.all[FakeSocket.all.length - 1]! };
}

beforeEach(() => {
  FakeSocket.all = [];
  ids = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("MatchSocket: connecting and reconnecting", () => {
  it("connects, opens, and keeps the snapshot", () => {
    const { ms, states, connections, sock } = make();
    ms.start();
    expect(sock().url).toBe("ws://test/ws/matches/7/");
    expect(ms.connection).toBe("connecting");
    sock().open();
    sock().receive(state(3));
    expect(ms.connection).toBe("open");
    expect(ms.version).toBe(3);
    expect(states).toHaveLength(1);
    expect(connections).toEqual(["open"]);
    // a first connection asks for nothing: the server sends a snapshot on connect
    expect(sock().sent).toEqual([]);
  });

  it("after a drop it reconnects with backoff and sends sync with the last version", () => {
    const { ms, connections, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(5));
    sock().drop();
    expect(ms.connection).toBe("reconnecting");
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // the second try fails too: the next wait is longer
    sock().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    sock().open();
    expect(sock().sent).toEqual([{ type: "sync", since: 5 }]);
    expect(ms.connection).toBe("open");
    expect(connections).toEqual(["open", "reconnecting", "open"]);
  });

  it("a successful reconnection resets the backoff", () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().drop();
    vi.advanceTimersByTime(1000);
    sock().drop();
    vi.advanceTimersByTime(2000);
    sock().open();
    sock().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it("wake() reconnects at once while waiting, and checks an open socket with sync", () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(2));
    sock().drop();
    ms.wake();
    expect(FakeSocket.all).toHaveLength(2);
    sock().open();
    sock().sent = [];
    ms.wake();
    expect(sock().sent).toEqual([{ type: "sync", since: 2 }]);
  });

  it.each([4403, 4401])("does not reconnect after close code %i (not allowed, signed out)", (code) => {
    const { ms, sock } = make();
    ms.start();
    sock().drop(code);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(ms.connection).toBe("closed");
    expect(ms.refused).toBe(true);
  });

  it("close() stops for good", () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    ms.close();
    expect(sock().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(ms.connection).toBe("closed");
  });
});

describe("MatchSocket: versions", () => {
  it("ignores states older than the one it has", () => {
    const { ms, states, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(4, [{ type: "mark", seat: 1 }]));
    sock().receive(state(3, [{ type: "mark", seat: 0 }]));
    expect(ms.version).toBe(4);
    expect(states.map((s) => s.version)).toEqual([4]);
    expect(ms.lastEvents).toEqual([{ type: "mark", seat: 1 }]);
  });

  it("takes a same-version state (lobby joins, take-overs, a rematch) but a bare snapshot keeps the events", () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(4, [{ type: "mistake", seat: 0 }]));
    const events = ms.lastEvents;
    sock().receive(state(4, [], { match: { ...META, status: "finished" } }));
    expect(ms.state?.match.status).toBe("finished");
    expect(ms.lastEvents).toBe(events);
    sock().receive(state(4, [{ type: "rematch", match_id: 9 }]));
    expect(ms.lastEvents).toEqual([{ type: "rematch", match_id: 9 }]);
  });

  it("offer() (the REST snapshot) follows the same rule", () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(6));
    ms.offer(state(5));
    expect(ms.version).toBe(6);
    ms.offer(state(8));
    expect(ms.version).toBe(8);
  });

  it("ignores frames that are not server messages", () => {
    const { ms, states, sock } = make();
    ms.start();
    sock().open();
    sock().onmessage?.(new MessageEvent("message", { data: "not json" }));
    sock().receive({ type: "state" });
    sock().receive([1, 2]);
    expect(states).toHaveLength(0);
    expect(ms.state).toBeNull();
  });
});

describe("MatchSocket: act()", () => {
  it("sends the action with a client_id and resolves on the state that shows this seat's move", async () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(1));
    let result: unknown = "pending";
    void ms.act({ type: "mark", cell: [1, 2] }).then((r) => (result = r));
    expect(sock().sent).toEqual([{ type: "action", action: { type: "mark", cell: [1, 2] }, client_id: "id-1" }]);
    // someone else's move (or a timeout naming this seat) does not answer it
    sock().receive(state(2, [{ type: "mark", seat: 1 }]));
    sock().receive(state(3, [{ type: "timeout", seat: 0 }]));
    await Promise.resolve();
    expect(result).toBe("pending");
    sock().receive(state(4, [{ type: "mark", seat: 0, cell: [1, 2] }]));
    await Promise.resolve();
    expect(result).toEqual({ ok: true });
  });

  it("resolves by client_id: a state carrying it, or an error carrying it", async () => {
    const { ms, sock, errors } = make();
    ms.start();
    sock().open();
    sock().receive(state(1));
    const a = ms.act({ type: "mark", cell: [0, 0] });
    const b = ms.act({ type: "mark", cell: [0, 1] });
    sock().receive({ type: "error", code: "cell_taken", message: "That one is taken.", client_id: "id-2" });
    sock().receive({ ...state(1), client_id: "id-1" });
    await expect(b).resolves.toEqual({ ok: false, code: "cell_taken", message: "That one is taken." });
    await expect(a).resolves.toEqual({ ok: true });
    expect(errors).toEqual([]);
  });

  it("the echoed client_id on the sender's copy resolves exactly that action, not the oldest one waiting", async () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(1));
    const results: Record<string, unknown> = { a: "pending", b: "pending" };
    void ms.act({ type: "pass", round: 1 }).then((r) => (results.a = r));
    void ms.act({ type: "solve", round: 1, hand: 0, table: 3 }).then((r) => (results.b = r));
    // the server accepted b first: its state carries b's client_id (and this seat's move)
    sock().receive(state(2, [{ type: "solved", seat: 0 }], { client_id: "id-2" }));
    await Promise.resolve();
    expect(results).toEqual({ a: "pending", b: { ok: true } });
    // a newer state without a client_id: only the fallback could answer a, and its events are not ours
    sock().receive(state(3, [{ type: "solved", seat: 1 }]));
    await Promise.resolve();
    expect(results.a).toBe("pending");
    sock().receive(state(4, [{ type: "passed", seat: 0 }], { client_id: "id-1" }));
    await Promise.resolve();
    expect(results.a).toEqual({ ok: true });
  });

  it("a state echoing an unknown client_id (another tab's action) answers nothing", async () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(1));
    let result: unknown = "pending";
    void ms.act({ type: "mark", cell: [0, 0] }).then((r) => (result = r));
    sock().receive(state(2, [{ type: "mark", seat: 0 }], { client_id: "not-mine" }));
    await Promise.resolve();
    expect(result).toBe("pending");
    expect(ms.version).toBe(2);
  });

  it("routes errors without a pending client_id to onError", () => {
    const { ms, sock, errors } = make();
    ms.start();
    sock().open();
    sock().receive({ type: "error", code: "bad_frame", message: "Send JSON." });
    sock().receive({ type: "error", code: "not_your_turn", message: "Wait.", client_id: "unknown" });
    expect(errors.map((e) => e.code)).toEqual(["bad_frame", "not_your_turn"]);
  });

  it("times out after 8 s, then asks for a sync; an answer after that goes to onError", async () => {
    const { ms, sock, errors } = make();
    ms.start();
    sock().open();
    sock().receive(state(1));
    const p = ms.act({ type: "mark", cell: [0, 0] });
    vi.advanceTimersByTime(7999);
    expect(sock().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(p).resolves.toMatchObject({ ok: false, code: "timeout" });
    expect(sock().sent[1]).toEqual({ type: "sync", since: 1 });
    sock().receive({ type: "error", code: "not_your_turn", message: "Wait.", client_id: "id-1" });
    expect(errors.map((e) => e.code)).toEqual(["not_your_turn"]);
  });

  it("reconnects when the socket stays silent after a timeout's sync", () => {
    const { ms, sock } = make({ syncWatchdogMs: 5000 });
    ms.start();
    sock().open();
    sock().receive(state(1));
    void ms.act({ type: "mark", cell: [0, 0] });
    vi.advanceTimersByTime(8000 + 4999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]!.closedWith).toBe(4000);
  });

  it("an answer to the sync calls the watchdog off", () => {
    const { ms, sock } = make({ syncWatchdogMs: 5000 });
    ms.start();
    sock().open();
    sock().receive(state(1));
    void ms.act({ type: "mark", cell: [0, 0] });
    vi.advanceTimersByTime(8000);
    sock().receive(state(1));
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("asks for the state after a quiet spell, in case a broadcast was lost", () => {
    const { ms, sock } = make({ quietSyncMs: 20_000, syncWatchdogMs: 5000 });
    ms.start();
    sock().open();
    sock().receive(state(1));
    vi.advanceTimersByTime(15_000);
    sock().receive(state(2)); // every message restarts the quiet clock
    vi.advanceTimersByTime(19_999);
    expect(sock().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sock().sent).toEqual([{ type: "sync", since: 2 }]);
    sock().receive(state(3)); // answered: no reconnect
    vi.advanceTimersByTime(6000);
    expect(FakeSocket.all).toHaveLength(1);
    ms.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all[0]!.sent).toHaveLength(1); // closed: no more syncs
  });

  it("reconnects when a quiet spell's sync gets no answer", () => {
    const { ms, sock } = make({ quietSyncMs: 20_000, syncWatchdogMs: 5000 });
    ms.start();
    sock().open();
    sock().receive(state(1));
    vi.advanceTimersByTime(20_000 + 5000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]!.closedWith).toBe(4000);
  });

  it("resends an unanswered action with the same client_id after reconnecting", async () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    sock().receive(state(1));
    const p = ms.act({ type: "mark", cell: [2, 2] });
    sock().drop();
    vi.advanceTimersByTime(1000);
    sock().open();
    expect(sock().sent).toEqual([
      { type: "sync", since: 1 },
      { type: "action", action: { type: "mark", cell: [2, 2] }, client_id: "id-1" },
    ]);
    // the server had applied it before the drop: it answers the repeat with a snapshot
    sock().receive({ ...state(2), client_id: "id-1" });
    await expect(p).resolves.toEqual({ ok: true });
  });

  it("refuses at once while not connected", async () => {
    const { ms } = make();
    ms.start();
    await expect(ms.act({ type: "mark", cell: [0, 0] })).resolves.toMatchObject({ ok: false, code: "offline" });
  });

  it("close() fails whatever is still waiting", async () => {
    const { ms, sock } = make();
    ms.start();
    sock().open();
    const p = ms.act({ type: "mark", cell: [0, 0] });
    ms.close();
    await expect(p).resolves.toMatchObject({ ok: false, code: "closed" });
  });
});

describe("MatchSocket: server time", () => {
  it("reports each socket state's server_ms with the local time it arrived", () => {
    const times: [number, number][] = [];
    const { ms, sock } = make({ onServerTime: (serverMs, receivedAt) => times.push([serverMs, receivedAt]) });
    vi.setSystemTime(1_000_000);
    ms.start();
    sock().open();
    sock().receive({ ...state(1), server_ms: 1_060_000 });
    vi.setSystemTime(1_002_000);
    // an older state still tells the time
    sock().receive({ ...state(0), server_ms: 1_062_010 });
    // no server_ms, an error, or the REST snapshot: nothing to learn
    sock().receive(state(2));
    sock().receive({ type: "error", code: "x", message: "y" });
    ms.offer({ ...state(3), server_ms: 5 });
    expect(times).toEqual([
      [1_060_000, 1_000_000],
      [1_062_010, 1_002_000],
    ]);
  });
});

describe("helpers", () => {
  it("builds the socket URL from the page's origin", () => {
    expect(matchSocketUrl(12, { protocol: "https:", host: "school.test" })).toBe("wss://school.test/ws/matches/12/");
    expect(matchSocketUrl(3, { protocol: "http:", host: "127.0.0.1:5173" })).toBe("ws://127.0.0.1:5173/ws/matches/3/");
  });

  it("backs off exponentially up to 10 s, with jitter", () => {
    expect(defaultBackoff(0, () => 0.5)).toBe(500);
    expect(defaultBackoff(3, () => 0.5)).toBe(4000);
    expect(defaultBackoff(10, () => 0.5)).toBe(10_000);
    expect(defaultBackoff(10, () => 1)).toBe(12_000);
    expect(defaultBackoff(1, () => 0)).toBe(800);
  });

  it("makes uuid-shaped client ids, also without crypto.randomUUID", () => {
    const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newClientId()).toMatch(shape);
    vi.stubGlobal("crypto", { getRandomValues: (b: Uint8Array) => b.fill(255) });
    try {
      expect(newClientId()).toMatch(shape);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
