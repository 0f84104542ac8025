import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { alreadyPlayingMatchId } from "../../api/endpoints";

/**
 * Runs `request` (which answers with the id of the match to open) and opens that match. When
 * the server says "already_playing", the child goes to the match they are already in instead
 * of seeing an error.
 */
export function useGoToMatch() {
  const navigate = useNavigate();
  return useCallback(
    async (request: () => Promise<number | null | undefined>) => {
      try {
        const id = await request();
        if (typeof id === "number") navigate(`/play/${id}`);
      } catch (err) {
        const existing = alreadyPlayingMatchId(err);
        if (existing === null) throw err;
        navigate(`/play/${existing}`);
      }
    },
    [navigate],
  );
}
