// The four boards, loaded on demand (each game is its own chunk). Each board module exports
// `Board(props: BoardProps<ItsView>)`; the match page gives it the view of that game. The one list
// of games in the frontend is the schema's (GameSlug): this record must name a board for each.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { GameSlug } from "../protocol/messages";
import type { BoardProps } from "./types";

export type AnyBoard = ComponentType<BoardProps>;

/** Each board's view type is a narrower BaseView; the page passes the matching game's view. */
const asBoard = (board: unknown) => ({ default: board as AnyBoard });

export const BOARDS: Record<GameSlug, LazyExoticComponent<AnyBoard>> = {
  fultiples: lazy(() => import("./fultiples/Board").then((m) => asBoard(m.Board))),
  four_in_a_row: lazy(() => import("./four_in_a_row/Board").then((m) => asBoard(m.Board))),
  multiplin: lazy(() => import("./multiplin/Board").then((m) => asBoard(m.Board))),
  stepping_divisors: lazy(() => import("./stepping_divisors/Board").then((m) => asBoard(m.Board))),
};

/** Boards that list the players themselves (cards in hand, dealer, who got it): the match page does
 * not list them a second time. */
export const BOARD_LISTS_PLAYERS: ReadonlySet<GameSlug> = new Set<GameSlug>(["multiplin"]);
