// An effect that reads `matchId` but does not list it: it would keep watching the first match.
import { useEffect } from "react";

export function Watch({ matchId, watch }: { matchId: number; watch: (id: number) => () => void }) {
  useEffect(() => watch(matchId), [watch]);
  return null;
}
