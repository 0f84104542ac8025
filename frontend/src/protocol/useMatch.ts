// React side of one match: owns a MatchSocket for the page's lifetime, feeds it the REST
// snapshot (a quick first picture, and the way to learn that the match is not ours), keeps the
// clock offset from the socket's `server_ms` (see clock.ts for how), and reconnects on `online`
// and when the tab becomes visible again.
import { useCallback, useEffect, useRef, useState } from "react";
import { getMatchSnapshot } from "../api/endpoints";
import { ApiError } from "../api/http";
import { ServerClock } from "./clock";
import { MatchSocket, matchSocketUrl, type ActResult, type Connection, type SocketLike } from "./matchSocket";
import type { ErrorMessage, GameAction, GameEvent, StateMessage } from "./messages";

export interface UseMatch {
  state: StateMessage | null;
  connection: Connection;
  /** Events of the latest change (what boards animate and announce). */
  lastEvents: GameEvent[];
  clockOffsetMs: number;
  act: (action: GameAction) => Promise<ActResult>;
  /** The latest error that belonged to no action (e.g. an answer that came after a timeout). */
  lastError: ErrorMessage | null;
  /** "not_found" when the match does not exist or is not this user's; "not_allowed" on close code 4403. */
  problem: "not_found" | "not_allowed" | null;
}

export function useMatch(matchId: number, createSocket?: (url: string) => SocketLike): UseMatch {
  const [state, setState] = useState<StateMessage | null>(null);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [lastEvents, setLastEvents] = useState<GameEvent[]>([]);
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const [lastError, setLastError] = useState<ErrorMessage | null>(null);
  const [problem, setProblem] = useState<UseMatch["problem"]>(null);
  const socketRef = useRef<MatchSocket | null>(null);
  const invalid = !Number.isInteger(matchId) || matchId <= 0;

  // Another match (a rematch followed): nothing of the one before is shown.
  const [shownMatch, setShownMatch] = useState(matchId);
  if (shownMatch !== matchId) {
    setShownMatch(matchId);
    setState(null);
    setLastEvents([]);
    setProblem(null);
    setLastError(null);
  }

  useEffect(() => {
    if (invalid) return;
    const clock = new ServerClock();
    const ac = new AbortController();

    const socket = new MatchSocket({
      url: matchSocketUrl(matchId),
      createSocket,
      onState: (s) => {
        setState(s);
        setLastEvents(socket.lastEvents);
      },
      onConnection: (c) => {
        setConnection(c);
        if (c === "closed" && socket.refused) setProblem("not_allowed");
      },
      onError: (e) => setLastError(e),
      onServerTime: (serverMs, receivedAt) => setClockOffsetMs(clock.add(serverMs, receivedAt)),
    });
    socketRef.current = socket;

    async function snapshot() {
      try {
        socket.offer(await getMatchSnapshot(matchId, ac.signal));
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) {
          setProblem("not_found");
          socket.close();
        }
      }
    }

    socket.start();
    void snapshot();

    const wake = () => socket.wake();
    const onVisible = () => {
      if (document.visibilityState === "visible") socket.wake();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      ac.abort();
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", onVisible);
      socket.close();
      if (socketRef.current === socket) socketRef.current = null;
    };
  }, [matchId, invalid, createSocket]);

  const act = useCallback(
    (action: GameAction): Promise<ActResult> =>
      socketRef.current?.act(action) ??
      Promise.resolve({ ok: false, code: "offline", message: "The game is still loading. Try again." }),
    [],
  );

  return { state, connection, lastEvents, clockOffsetMs, act, lastError, problem: invalid ? "not_found" : problem };
}
