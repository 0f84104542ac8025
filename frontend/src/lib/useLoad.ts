import { useCallback, useEffect, useState } from "react";
import type { ApiError } from "../api/http";
import { toApiError } from "../components/forms";

/**
 * Data a page fetches when it opens (the request is cancelled if the page closes first): the
 * data once it arrives, the error if it failed, and `reload` for "Try again". `fetch` must be a
 * stable function (an endpoint, or one made with useCallback).
 */
export function useLoad<T>(fetch: (signal?: AbortSignal) => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setData(await fetch(signal));
        setError(null);
      } catch (err) {
        if (!signal?.aborted) setError(toApiError(err));
      }
    },
    [fetch],
  );
  useEffect(() => {
    const ac = new AbortController();
    void reload(ac.signal);
    return () => ac.abort();
  }, [reload]);
  return { data, setData, error, reload };
}
