import { useEffect, useRef } from "react";

/**
 * Runs `fn` now and then every `intervalMs` while mounted; skips a beat while the tab is hidden
 * or the previous run is still going. `fn` receives an AbortSignal that fires on unmount.
 */
export function usePoll(fn: (signal: AbortSignal) => Promise<unknown>, intervalMs: number, key: unknown = null) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    const ac = new AbortController();
    let running = false;
    const tick = async () => {
      if (running || (typeof document !== "undefined" && document.visibilityState === "hidden")) return;
      running = true;
      try {
        await fnRef.current(ac.signal);
      } catch {
        /* the next beat tries again */
      } finally {
        running = false;
      }
    };
    void tick();
    const t = setInterval(() => void tick(), intervalMs);
    const onVisible = () => document.visibilityState === "visible" && void tick();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      ac.abort();
      clearInterval(t);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [intervalMs, key]);
}
