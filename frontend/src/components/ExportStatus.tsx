import type { ExportHandle } from "../lib/useExport";
import { exportProgressText } from "../api/exports";
import { ProgressBar } from "../reports/ProgressBar";
import { Button } from "./forms";

/**
 * Where a PDF being made shows: its progress bar while the job works, a line when it is downloaded
 * (with "Save again"), or the reason it failed with "Try again". Phase changes are announced (a
 * polite status; a failure as an alert); the bar itself carries the numbers (aria-valuenow/max).
 */
export function ExportStatus({ exp, what }: { exp: ExportHandle; what: string }) {
  const { state } = exp;
  let announcement = "";
  if (state.phase === "asking" || state.phase === "making") announcement = `Making ${what}…`;
  if (state.phase === "downloading") announcement = `${capitalised(what)}: made, downloading…`;
  if (state.phase === "saved") announcement = `${capitalised(what)}: downloaded as ${state.file.filename}.`;

  return (
    <div className="export-status">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {(state.phase === "asking" || state.phase === "making" || state.phase === "downloading") && (
        <ProgressBar
          label={`Making ${what}`}
          value={state.phase === "asking" ? 0 : state.job.done}
          max={state.phase === "asking" ? 1 : state.job.total}
          text={
            state.phase === "asking" ? "Asking for it…" : state.phase === "downloading" ? "Made. Downloading…" : exportProgressText(state.job)
          }
        />
      )}
      {state.phase === "saved" && (
        <p className="export-saved">
          <span aria-hidden="true">{capitalised(what)}: downloaded as {state.file.filename}. </span>
          <Button variant="link" onClick={exp.saveAgain}>
            Save again<span className="sr-only"> {what}</span>
          </Button>
        </p>
      )}
      {state.phase === "failed" && (
        <div className="alert alert-error" role="alert">
          <p>{state.message}</p>
          {state.job && (
            <Button variant="primary" onClick={() => void exp.retry()}>
              Try again<span className="sr-only"> to make {what}</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
