// The match socket's messages (docs/engine-contract.md, "On the wire"), as the server sends them.
// One socket per match: /ws/matches/<id>/, authenticated by the session cookie.
import type { components } from "../api/schema";

/** A game's slug: the games the server defines (games/engines/<slug>_definition.py), from the schema. */
export type GameSlug = components["schemas"]["GameEnum"];
export type MatchStatus = "lobby" | "active" | "finished" | "aborted";

export interface MatchResult {
  winners: number[];
  reason: string;
}

export interface SeatInfo {
  index: number;
  name: string;
  user_id: number | null;
  /** The computer level playing this seat (games/engines/definition.py, BOT_LEVELS). */
  bot: components["schemas"]["BotLevelEnum"] | null;
  taken_over: boolean;
  /** Moves a stand-in computer made for this seat's student while they were away. */
  stand_in_moves?: number;
}

/** Who sits where, beside the engine's view: sent with every state message. */
export interface MatchMeta {
  id: number;
  game: GameSlug;
  kind: "quick" | "challenge" | "computer";
  status: MatchStatus;
  players: number;
  host_user_id: number | null;
  /** The match's class (absent from servers older than this field). */
  classroom_id?: number;
  hints: boolean;
  assignment_id: number | null;
  result: MatchResult | null;
  /** The match's options (time_limit_s, strict, target_score, size, level, primes, ...), never a
   * stored board. Absent from servers older than this field. */
  settings?: MatchSettings;
  seats: SeatInfo[];
  /** The teacher paused the class's games: the clock stands still at `paused_at_ms` (server time). */
  paused?: boolean;
  paused_at_ms?: number | null;
}

/** Engine setup options of one match (docs/engine-contract.md, "Setup options"); every key optional. */
export type MatchSettings = Record<string, unknown>;

/** The keys every engine view has; each game adds its own (see src/games/<slug>/). */
export interface BaseView {
  game: GameSlug;
  seat: number | null;
  players: number;
  phase: string;
  to_move: number[];
  deadline_ms: number | null;
  mistakes: number[];
  result: MatchResult | null;
  [key: string]: unknown;
}

export interface GameEvent {
  type: string;
  seat?: number;
  [key: string]: unknown;
}

export interface StateMessage {
  type: "state";
  version: number;
  view: BaseView | null; // null while the match is a lobby
  events: GameEvent[];
  match: MatchMeta;
  /** Only on the sender's own copy of the state its accepted action produced (or of the answer
   * to a repeated client_id). */
  client_id?: string;
  /** The server's clock (epoch ms) when it sent this message; every socket state message has it
   * (not the REST snapshot). */
  server_ms?: number;
}

export interface ErrorMessage {
  type: "error";
  code: string;
  message: string;
  client_id?: string;
}

export type ServerMessage = StateMessage | ErrorMessage;

export type GameAction = { type: string; [key: string]: unknown };

export type ClientMessage =
  | { type: "action"; action: GameAction; client_id: string }
  | { type: "sync"; since: number };
