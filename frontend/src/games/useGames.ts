import { useEffect, useState } from "react";
import { listGames } from "../api/endpoints";
import type { Game } from "../api/types";

/** The game list from /api/games/ (cached for the page's lifetime); null until it arrives. */
export function useGames(): { games: Game[] | null; failed: boolean } {
  const [games, setGames] = useState<Game[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    listGames().then(
      (g) => alive && setGames(g),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  return { games, failed };
}
