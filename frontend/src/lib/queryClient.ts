import { QueryClient } from "@tanstack/react-query";
import type { ApiError } from "../api/http";
import { toApiError } from "../components/forms";

/** How long fetched data counts as fresh: a page opened again within this time shows what it had
 * without asking again. Later it still shows it at once, and asks again beside it. */
export const FRESH_MS = 5_000;

/** How often a running job (a grid batch, a report build) is checked. */
export const POLL_MS = 1000;

/** The app's one cache of server data (one per test in the tests). */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // No retries: a failure shows at once with its "Try again", and a polled query asks again at
        // its next beat anyway. A retry would keep a 4xx (not found, not allowed) off the screen for
        // seconds and then fail the same way.
        retry: false,
        staleTime: FRESH_MS,
      },
      mutations: { retry: false },
    },
  });
}

/** A query's error as the pages show it (null when there is none). */
export function loadError(error: unknown): ApiError | null {
  return error ? toApiError(error) : null;
}
