import { useEffect, useRef } from "react";

/** How often a running batch or report build is checked. */
export const POLL_MS = 1000;

/**
 * While `active`, runs `fn` every `intervalMs` (the next run is scheduled only after the
 * previous one finished, so slow answers never pile up). Stops when `fn` resolves to `false`
 * (it saw "done" or "failed"), when `active` turns false, or on unmount; the AbortSignal
 * passed to `fn` fires then. A change of `key` (e.g. another batch to watch) starts again.
 * A failed run is retried at the next beat.
 */
export function usePollWhile(
  active: boolean,
  fn: (signal: AbortSignal) => Promise<boolean | void>,
  intervalMs = POLL_MS,
  key: unknown = null,
) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    if (!active) return;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let more: boolean | void = true;
      try {
        more = await fnRef.current(ac.signal);
      } catch {
        /* the next beat tries again */
      }
      if (more !== false && !ac.signal.aborted) timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [active, intervalMs, key]);
}
