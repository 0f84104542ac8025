import type { BaseView, GameAction, GameEvent, MatchMeta } from "../protocol/messages";

/** What the match page gives every board. A board renders the view and calls `act`; it never
 * checks the arithmetic itself (a wrong claim must reach the server: it is the drill). */
export interface BoardProps<V extends BaseView = BaseView> {
  view: V;
  match: MatchMeta;
  /** The viewer's seat, or null for a spectator (then the board is read-only). */
  seat: number | null;
  /** True when the assignment allows hints and the game's definition has a hint rule (games/hints.ts):
   * only then may a board highlight good cells, by that rule. */
  hints: boolean;
  /** Events of the latest change (e.g. a "mistake" for this seat: show the gentle signal). */
  events: GameEvent[];
  /** The server's clock offset: serverNow = Date.now() + clockOffsetMs. */
  clockOffsetMs: number;
  /** Send an action; resolves when the server accepted or refused it. */
  act: (action: GameAction) => Promise<{ ok: true } | { ok: false; code: string; message: string }>;
  /** A short sentence for screen readers (the page owns the aria-live region). */
  announce: (text: string) => void;
}
