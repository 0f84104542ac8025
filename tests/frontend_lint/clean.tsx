// The same kinds of code done right: the probe that the gate passes good code.
import { useEffect, useState } from "react";

export function Watch({ matchId, watch }: { matchId: number; watch: (id: number) => () => void }) {
  const [count] = useState(0);
  useEffect(() => watch(matchId), [watch, matchId]);
  return <img src="/star.png" alt={`Star ${count}`} />;
}
