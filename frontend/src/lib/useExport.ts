import { useCallback, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { downloadExport, getExport, retryExport, type ExportJob } from "../api/exports";
import type { DownloadedFile } from "../api/http";
import { queryKeys } from "../api/queryKeys";
import { toApiError } from "../components/forms";
import { saveFile } from "./download";
import { useLatest } from "./useLatest";

/** How often a PDF being made is checked. */
export const EXPORT_POLL_MS = 500;

export type ExportState =
  | { phase: "idle" }
  | { phase: "asking" }
  | { phase: "making"; job: ExportJob }
  | { phase: "downloading"; job: ExportJob }
  | { phase: "saved"; job: ExportJob; file: DownloadedFile }
  | { phase: "failed"; job: ExportJob | null; message: string };

/**
 * A PDF made by a background job: `start(ask)` asks for it (ask resolves to the export), the hook
 * watches its progress, downloads the file when it is made and hands it to the browser. A failure
 * (the request, the job or the download) ends in phase "failed" with its message; `retry` makes a
 * failed export again on the same id, `saveAgain` saves the downloaded file once more (login cards
 * are handed out once, so the copy in memory is the only other one).
 */
export function useExport({
  onSaved,
  pollMs = EXPORT_POLL_MS,
}: { onSaved?: (job: ExportJob, file: DownloadedFile) => void; pollMs?: number } = {}) {
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const working = state.phase === "asking" || state.phase === "making" || state.phase === "downloading";
  const workingRef = useLatest(working); // also set at once by start(), so a double click asks once
  const onSavedRef = useLatest(onSaved);

  const fetchFile = useCallback(async (job: ExportJob) => {
    setState({ phase: "downloading", job });
    try {
      const file = await downloadExport(job);
      saveFile(file);
      setState({ phase: "saved", job, file });
      onSavedRef.current?.(job, file);
    } catch (err) {
      setState({ phase: "failed", job: null, message: toApiError(err).message });
    }
  }, [onSavedRef]);

  const follow = useCallback(
    async (job: ExportJob) => {
      if (job.status === "done") await fetchFile(job);
      else if (job.status === "failed") setState({ phase: "failed", job, message: job.error || "The PDF could not be made." });
      else setState({ phase: "making", job });
    },
    [fetchFile],
  );

  const start = useCallback(
    async (ask: () => Promise<ExportJob>) => {
      if (workingRef.current) return;
      workingRef.current = true;
      setState({ phase: "asking" });
      try {
        await follow(await ask());
      } catch (err) {
        setState({ phase: "failed", job: null, message: toApiError(err).message });
      }
    },
    [follow, workingRef],
  );

  // While the job works, its export is asked for every beat (not while the tab is hidden); each
  // answer moves the state on, so a done or failed job ends the polling.
  const making = state.phase === "making" ? state.job : null;
  useQuery({
    queryKey: queryKeys.exportJob(making?.id ?? 0),
    enabled: making !== null,
    initialData: making ?? undefined, // the first check a beat after the answer to "make it"
    staleTime: Infinity,
    refetchInterval: pollMs,
    queryFn: async ({ signal }) => {
      const job = await getExport(making!.id, signal);
      void follow(job);
      return job;
    },
  });

  const retry = useCallback(async () => {
    if (state.phase !== "failed" || !state.job) return;
    const id = state.job.id;
    await start(() => retryExport(id));
  }, [state, start]);

  const saveAgain = useCallback(() => {
    if (state.phase === "saved") saveFile(state.file);
  }, [state]);

  return { state, working, start, retry, saveAgain };
}

export type ExportHandle = ReturnType<typeof useExport>;
