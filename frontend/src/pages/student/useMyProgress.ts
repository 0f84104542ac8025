// A child's own progress (GET /api/my/progress/): what My progress and the sticker book both read.
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../api/queryKeys";
import { getMyProgress } from "../../api/reports";
import { loadError } from "../../lib/queryClient";

export function useMyProgress() {
  const query = useQuery({ queryKey: queryKeys.myProgress, queryFn: ({ signal }) => getMyProgress(signal) });
  return { query, progress: query.data, error: loadError(query.error) };
}
