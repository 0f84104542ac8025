import { useQuery } from "@tanstack/react-query";
import { listGames } from "../api/endpoints";
import { queryKeys } from "../api/queryKeys";
import type { Game } from "../api/types";

/** GET /api/games/ in the app's cache: read once a page load (the games change only with the server). */
export const gamesQuery = { queryKey: queryKeys.games, queryFn: () => listGames(), staleTime: Infinity, gcTime: Infinity };

/** The game list from /api/games/: null until it arrives; `loading` until it arrives or fails. */
export function useGames(): { games: Game[] | null; failed: boolean; loading: boolean } {
  const query = useQuery(gamesQuery);
  return { games: query.data ?? null, failed: query.isError, loading: query.isPending };
}
