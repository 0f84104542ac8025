// One match's socket: connect, reconnect with backoff, sync after a reconnect, keep only the
// newest state, and resolve act() promises. No React here: useMatch wraps it, tests drive it
// with a fake WebSocket.
import type { ClientMessage, ErrorMessage, GameAction, GameEvent, ServerMessage, StateMessage } from "./messages";

export type Connection = "connecting" | "open" | "reconnecting" | "closed";

export type ActResult = { ok: true } | { ok: false; code: string; message: string };

/** The part of the browser WebSocket this class uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface MatchSocketOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** Called with every state message kept (never an older one). */
  onState?: (state: StateMessage) => void;
  onConnection?: (connection: Connection) => void;
  /** Errors that belong to no pending act() (or arrive after it timed out). */
  onError?: (error: ErrorMessage) => void;
  /** Called once after each (re)connection opens. */
  onOpen?: (reconnected: boolean) => void;
  /** Called with each state message's `server_ms` and the local Date.now() it arrived at (clock.ts). */
  onServerTime?: (serverMs: number, receivedAt: number) => void;
  actTimeoutMs?: number;
  /** After a sync asked because something timed out: how long to wait before reconnecting. */
  syncWatchdogMs?: number;
  /** Silence after which an open socket asks for the state anyway: a broadcast can be lost
   *  (the server's fan-out keeps nothing for a moment it was not listening). */
  quietSyncMs?: number;
  /** Delay before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
  newClientId?: () => string;
}

/** Close codes after which reconnecting cannot help. */
export const CLOSE_NOT_ALLOWED = 4403;
/** The player's sessions were ended (a revoked card, a new password or class code): sign in again. */
export const CLOSE_SIGNED_OUT = 4401;

const OPEN = 1;

export const OFFLINE_MESSAGE = "We lost the connection to the game. Wait a moment, then try again.";
export const TIMEOUT_MESSAGE = "The game did not answer in time. Try again.";

/** 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s, with a little jitter so a class does not reconnect at once. */
export function defaultBackoff(attempt: number, random = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** crypto.randomUUID where available (secure contexts), else a random v4-shaped id. */
export function newClientId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === "function") c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Pending {
  id: string;
  action: GameAction;
  /** The version we held when the action was first sent. */
  sentVersion: number;
  resolve: (r: ActResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Events that name a seat but are not that seat's own move. */
const NOT_A_MOVE = new Set(["timeout", "turn", "taken_over", "taken_back", "dice"]);

function isServerMessage(v: unknown): v is ServerMessage {
  if (typeof v !== "object" || v === null) return false;
  const t = (v as { type?: unknown }).type;
  if (t === "error") return typeof (v as ErrorMessage).code === "string";
  return t === "state" && typeof (v as StateMessage).version === "number" && typeof (v as StateMessage).match === "object";
}

export class MatchSocket {
  /** The newest state kept (by version). */
  state: StateMessage | null = null;
  /** Events of the latest change (a snapshot with no events keeps the previous ones). */
  lastEvents: GameEvent[] = [];
  connection: Connection = "connecting";
  /** Set when the server refused us (close code 4403) or signed us out (4401): do not reconnect. */
  refused = false;

  private socket: SocketLike | null = null;
  private pending: Pending[] = [];
  private attempt = 0;
  private everOpened = false;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly opts: Required<Omit<MatchSocketOptions, "onState" | "onConnection" | "onError" | "onOpen" | "onServerTime">> &
    Pick<MatchSocketOptions, "onState" | "onConnection" | "onError" | "onOpen" | "onServerTime">;

  constructor(options: MatchSocketOptions) {
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as MatchSocketOptions;
    this.opts = {
      createSocket: (url) => new WebSocket(url),
      actTimeoutMs: 8000,
      syncWatchdogMs: 5000,
      quietSyncMs: 20_000,
      backoffMs: (n) => defaultBackoff(n),
      newClientId,
      ...given,
    };
  }

  get version(): number {
    return this.state?.version ?? -1;
  }

  /** The viewer's seat, as the server's view says (null for a spectator or in a lobby). */
  get seat(): number | null {
    return this.state?.view?.seat ?? null;
  }

  start(): void {
    if (this.stopped || this.socket) return;
    this.connect();
  }

  /** Stop for good: close the socket, cancel timers, fail pending actions. */
  close(): void {
    this.stopped = true;
    this.clearReconnect();
    this.clearWatchdog();
    this.clearQuietSync();
    const s = this.socket;
    this.socket = null;
    if (s) {
      this.detach(s);
      try {
        s.close(1000, "bye");
      } catch {
        /* already closed */
      }
    }
    for (const p of this.pending.splice(0)) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, code: "closed", message: OFFLINE_MESSAGE });
    }
    this.setConnection("closed");
  }

  /** The network came back or the tab became visible: reconnect now, or check an open socket. */
  wake(): void {
    if (this.stopped || this.refused) return;
    if (this.socket && this.socket.readyState === OPEN) {
      this.sync();
      this.armWatchdog();
      return;
    }
    if (this.reconnectTimer !== null) {
      this.clearReconnect();
      this.attempt = 0;
      this.connect();
    }
  }

  /** Ask the server for the current state. */
  sync(): void {
    this.send({ type: "sync", since: Math.max(0, this.version) });
  }

  /** Offer a state from elsewhere (the REST snapshot); kept only if it is not older. */
  offer(state: StateMessage): void {
    this.receiveState(state);
  }

  act(action: GameAction): Promise<ActResult> {
    if (this.stopped) return Promise.resolve({ ok: false, code: "closed", message: OFFLINE_MESSAGE });
    if (!this.socket || this.socket.readyState !== OPEN) {
      return Promise.resolve({ ok: false, code: "offline", message: OFFLINE_MESSAGE });
    }
    const id = this.opts.newClientId();
    return new Promise<ActResult>((resolve) => {
      const timer = setTimeout(() => this.timeOut(id), this.opts.actTimeoutMs);
      this.pending.push({ id, action, sentVersion: this.version, resolve, timer });
      this.send({ type: "action", action, client_id: id });
    });
  }

  // --- internals -------------------------------------------------------------------------

  private connect(): void {
    this.clearReconnect();
    this.setConnection(this.everOpened ? "reconnecting" : "connecting");
    let s: SocketLike;
    try {
      s = this.opts.createSocket(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => this.handleOpen(s);
    s.onmessage = (ev) => this.handleMessage(s, ev);
    s.onclose = (ev) => this.handleClose(s, ev);
    s.onerror = () => {
      /* a close event follows */
    };
  }

  private handleOpen(s: SocketLike): void {
    if (s !== this.socket) return;
    const reconnected = this.everOpened;
    this.everOpened = true;
    this.attempt = 0;
    this.setConnection("open");
    this.armQuietSync();
    if (reconnected && this.version >= 0) this.sync();
    // Actions sent into the old socket: send them again with the same client_id. The server
    // answers a repeat without applying it twice, or applies it if it never arrived.
    for (const p of this.pending) this.send({ type: "action", action: p.action, client_id: p.id });
    this.opts.onOpen?.(reconnected);
  }

  private handleMessage(s: SocketLike, ev: MessageEvent): void {
    if (s !== this.socket) return;
    const receivedAt = Date.now();
    let msg: unknown;
    try {
      msg = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    if (!isServerMessage(msg)) return;
    this.clearWatchdog();
    this.armQuietSync();
    if (msg.type === "error") {
      this.receiveError(msg);
      return;
    }
    if (typeof msg.server_ms === "number" && Number.isFinite(msg.server_ms)) this.opts.onServerTime?.(msg.server_ms, receivedAt);
    this.receiveState(msg);
  }

  private handleClose(s: SocketLike, ev: CloseEvent): void {
    if (s !== this.socket) return;
    this.detach(s);
    this.socket = null;
    this.clearWatchdog();
    if (this.stopped) return;
    if (ev.code === CLOSE_NOT_ALLOWED || ev.code === CLOSE_SIGNED_OUT) {
      this.refused = true;
      this.stopped = true;
      for (const p of this.pending.splice(0)) {
        clearTimeout(p.timer);
        p.resolve({ ok: false, code: "not_allowed", message: "You can't play in this match." });
      }
      this.setConnection("closed");
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.setConnection(this.everOpened ? "reconnecting" : "connecting");
    const delay = this.opts.backoffMs(this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private receiveState(msg: StateMessage): void {
    // The server puts the sender's client_id on the state its accepted action produced (only on
    // this socket's copy), and on the answer to a repeated client_id: that resolves exactly that
    // action, even if the state is not the newest one.
    if (msg.client_id) {
      const i = this.pending.findIndex((p) => p.id === msg.client_id);
      if (i >= 0) this.settle(i, { ok: true });
    }
    if (msg.version < this.version) return; // older than what we show: ignore
    const isChange = msg.version > this.version || msg.events.length > 0;
    this.state = msg;
    if (isChange) this.lastEvents = msg.events;
    if (!msg.client_id) this.resolveByEvents(msg);
    this.opts.onState?.(msg);
  }

  private resolveByEvents(msg: StateMessage): void {
    if (this.pending.length === 0) return;
    // Fallback, for a state without a client_id (a server that does not echo it, or the echo
    // was lost, e.g. a sync answered first): the first newer state whose events are this seat's
    // own move answers the oldest action still waiting.
    const seat = msg.view?.seat;
    if (seat === null || seat === undefined) return;
    const mine = msg.events.some((e) => e.seat === seat && !NOT_A_MOVE.has(e.type));
    if (!mine) return;
    const i = this.pending.findIndex((p) => msg.version > p.sentVersion);
    if (i >= 0) this.settle(i, { ok: true });
  }

  private receiveError(msg: ErrorMessage): void {
    const i = msg.client_id ? this.pending.findIndex((p) => p.id === msg.client_id) : -1;
    if (i >= 0) this.settle(i, { ok: false, code: msg.code, message: msg.message });
    else this.opts.onError?.(msg);
  }

  private settle(index: number, result: ActResult): void {
    const [p] = this.pending.splice(index, 1);
    if (!p) return;
    clearTimeout(p.timer);
    p.resolve(result);
  }

  private timeOut(id: string): void {
    const i = this.pending.findIndex((p) => p.id === id);
    if (i < 0) return;
    this.settle(i, { ok: false, code: "timeout", message: TIMEOUT_MESSAGE });
    if (this.socket && this.socket.readyState === OPEN) {
      this.sync();
      this.armWatchdog();
    }
  }

  /** After a sync because of silence: if the server stays silent too, the socket is dead. */
  private armWatchdog(): void {
    this.clearWatchdog();
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      const s = this.socket;
      if (!s || this.stopped) return;
      this.detach(s);
      this.socket = null;
      try {
        s.close(4000, "no answer");
      } catch {
        /* ignore */
      }
      this.attempt = 0;
      this.connect();
    }, this.opts.syncWatchdogMs);
  }

  /** Restarted by every message: after quietSyncMs without one, sync (and expect an answer). */
  private armQuietSync(): void {
    this.clearQuietSync();
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      if (this.stopped || !this.socket || this.socket.readyState !== OPEN) return;
      this.sync();
      this.armWatchdog();
    }, this.opts.quietSyncMs);
  }

  private clearQuietSync(): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
  }

  private clearWatchdog(): void {
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private detach(s: SocketLike): void {
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
  }

  private send(msg: ClientMessage): void {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) return;
    try {
      s.send(JSON.stringify(msg));
    } catch {
      /* the close event will follow */
    }
  }

  private setConnection(c: Connection): void {
    if (this.connection === c) return;
    this.connection = c;
    this.opts.onConnection?.(c);
  }
}

/** ws(s)://<this host>/ws/matches/<id>/ */
export function matchSocketUrl(matchId: number, loc: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = loc.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${loc.host}/ws/matches/${matchId}/`;
}
