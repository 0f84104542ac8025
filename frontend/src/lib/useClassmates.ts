// A child's class (names, avatars, who is online), for every place that shows a name beside its avatar.
import { useQuery } from "@tanstack/react-query";
import { listMyClassmates } from "../api/endpoints";
import { queryKeys } from "../api/queryKeys";
import type { Classmate } from "../api/types";
import { useAuth } from "../auth";

/** Read every 30 s: "online" means seen in the last 90 s. */
export const CLASSMATES_POLL_MS = 30_000;

export function useClassmates(): Map<number, Classmate> {
  const { me } = useAuth();
  const query = useQuery({
    queryKey: queryKeys.myClassmates,
    queryFn: ({ signal }) => listMyClassmates(signal),
    enabled: me?.role === "student",
    refetchInterval: CLASSMATES_POLL_MS,
  });
  return new Map((query.data ?? []).map((c) => [c.user_id, c]));
}
