// Fultiples grid batches: request N grids (a level or custom primes), watch the progress,
// preview, download the PDF for paper play, retry a failed batch, delete.
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/http";
import { queryKeys } from "../../api/queryKeys";
import {
  BATCH_MAX,
  createGridBatch,
  deleteGridBatch,
  getGridBatch,
  listBatchBoards,
  listGridBatches,
  retryGridBatch,
  type GridBatch,
  type GridBoard,
} from "../../api/reports";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Dialog } from "../../components/Dialog";
import { Button, Field, FormError, useAction, useFocusFirstInvalid } from "../../components/forms";
import { Page } from "../../components/Page";
import { requestBatchPdf } from "../../api/exports";
import { ExportButton } from "../../components/ExportButton";
import { ExportStatus } from "../../components/ExportStatus";
import { EXPORT_POLL_MS, useExport } from "../../lib/useExport";
import { formatTime } from "../../lib/format";
import type { Game } from "../../api/types";
import { useGameDefinition } from "../../games/definitions";
import {
  batchPayload,
  gridLimits,
  initialBatchForm,
  levelMeaning,
  levelTitle,
  type BatchChoice,
  type BatchFormState,
} from "../../reports/batchForm";
import { formatCount } from "../../reports/format";
import { ProgressBar } from "../../reports/ProgressBar";
import "../../reports/reports.css";
import { POLL_MS, loadError } from "../../lib/queryClient";

/** Grids per preview page. */
export const PREVIEW_PAGE_SIZE = 4;

const STATUS_WORDS: Record<GridBatch["status"], string> = {
  pending: "Waiting to start",
  running: "Making the grids",
  done: "Ready",
  failed: "Failed",
};

export function isBatchActive(b: Pick<GridBatch, "status">): boolean {
  return b.status === "pending" || b.status === "running";
}

/** `fultiples`: its definition, for the levels' titles (undefined while it loads). */
export function batchTitle(b: GridBatch, fultiples?: Game): string {
  if (b.name) return b.name;
  const kind = b.level ? `${levelTitle(fultiples, b.level)} grids` : "Custom grids";
  return `${kind} (${formatCount(b.total)})`;
}

/** "1,250 of 5,000 grids" */
export function batchProgressText(b: Pick<GridBatch, "done" | "total">): string {
  return `${formatCount(b.done)} of ${formatCount(b.total)} grids`;
}

type DialogState = { kind: "delete"; batch: GridBatch } | { kind: "preview"; batch: GridBatch } | null;

export function BatchesPage({ pollMs = POLL_MS, exportPollMs = EXPORT_POLL_MS }: { pollMs?: number; exportPollMs?: number }) {
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState("");
  const [alertText, setAlertText] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);
  const { game: fultiples } = useGameDefinition("fultiples");

  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.batches, queryFn: ({ signal }) => listGridBatches(signal) });
  const batches = list.data ?? null;
  const listError = loadError(list.error);

  const setBatches = (update: (bs: GridBatch[]) => GridBatch[]) =>
    queryClient.setQueryData<GridBatch[]>(queryKeys.batches, (bs) => bs && update(bs));
  const replace = (b: GridBatch) => setBatches((bs) => bs.map((x) => (x.id === b.id ? b : x)));
  /** After a change: shown at once as the server answered it, then the list is read again. */
  const changed = (update: (bs: GridBatch[]) => GridBatch[]) => {
    setBatches(update);
    void queryClient.invalidateQueries({ queryKey: queryKeys.batches, exact: true });
  };

  // Each batch that is waiting or running is asked for every second (not while the tab is hidden).
  // Its answer goes into the list, so one that is done or failed leaves this set and is no longer asked for.
  useQueries({
    queries: (batches ?? []).filter(isBatchActive).map((before) => ({
      queryKey: queryKeys.batch(before.id),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          const after = await getGridBatch(before.id, signal);
          replace(after);
          if (after.status === "done") setNotice(`${batchTitle(after, fultiples)}: all ${formatCount(after.total)} grids are ready.`);
          if (after.status === "failed") setAlertText(`${batchTitle(after, fultiples)}: making the grids failed.`);
          return after;
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) setBatches((bs) => bs.filter((x) => x.id !== before.id));
          throw err; // any other failure: asked again at the next beat
        }
      },
      initialData: before, // the first check a beat after the list
      staleTime: Infinity,
      refetchInterval: pollMs,
    })),
  });

  return (
    <Page title="Fultiples grids">
      <p>
        <Link to="/teacher">← Back to my classes</Link>
      </p>
      <p>
        Make a batch of Fultiples number grids to print for paper play, or to use in an assignment (each new match takes the
        next grid of the batch).
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>
      <div role="alert" className={alertText ? "alert alert-error" : undefined}>
        {alertText && <p>{alertText}</p>}
      </div>

      <NewBatchForm
        onCreated={(b) => {
          changed((bs) => [b, ...bs]);
          setNotice(`Making ${formatCount(b.total)} grids. You can follow the progress below.`);
        }}
      />

      <section aria-labelledby="batches-heading">
        <h2 id="batches-heading" ref={listHeading} tabIndex={-1}>
          Your grids
        </h2>
        {listError && (
          <div className="alert alert-error" role="alert">
            <p>{listError.message}</p>
            <Button onClick={() => void list.refetch()}>Try again</Button>
          </div>
        )}
        {batches === null && !listError && <p role="status">Loading your grids…</p>}
        {batches && batches.length === 0 && <p>No grids yet. Make your first batch above.</p>}
        {batches && batches.length > 0 && (
          <ul className="rep-batch-list">
            {batches.map((b) => (
              <BatchItem
                key={b.id}
                batch={b}
                onChanged={(after) => {
                  changed((bs) => bs.map((x) => (x.id === after.id ? after : x)));
                  setAlertText("");
                  setNotice(`${batchTitle(after, fultiples)}: trying again.`);
                }}
                exportPollMs={exportPollMs}
                onPreview={() => setDialog({ kind: "preview", batch: b })}
                onDelete={() => setDialog({ kind: "delete", batch: b })}
              />
            ))}
          </ul>
        )}
      </section>

      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={`Delete ${batchTitle(dialog.batch, fultiples)}?`}
          confirmLabel="Delete grids"
          busyLabel="Deleting…"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deleteGridBatch(dialog.batch.id);
            queryClient.removeQueries({ queryKey: queryKeys.batch(dialog.batch.id) });
            changed((bs) => bs.filter((x) => x.id !== dialog.batch.id));
            setNotice(`${batchTitle(dialog.batch, fultiples)} deleted.`);
            window.setTimeout(() => listHeading.current?.focus(), 0);
          }}
        >
          <p>
            This deletes all {formatCount(dialog.batch.total)} grids of <strong>{batchTitle(dialog.batch, fultiples)}</strong>. It
            cannot be undone.
          </p>
          <p>Assignments that use these grids go back to new random grids at their level.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === "preview" && <PreviewDialog batch={dialog.batch} onClose={() => setDialog(null)} />}
    </Page>
  );
}

const SHOWN_FIELDS = ["count", "name", "level", "primes", "scale_max", "max_value", "rows", "cols"];

/** The form, once Fultiples' definition (its levels and grid limits) has arrived. */
export function NewBatchForm({ onCreated }: { onCreated: (b: GridBatch) => void }) {
  const { game: fultiples, failed } = useGameDefinition("fultiples");
  if (fultiples) return <BatchForm fultiples={fultiples} onCreated={onCreated} />;
  return (
    <section aria-labelledby="new-batch-heading" className="card">
      <h2 id="new-batch-heading">Make grids</h2>
      {failed ? <p role="alert">We couldn't load the grid levels. Reload the page to try again.</p> : <p role="status">Loading the grid levels…</p>}
    </section>
  );
}

function BatchForm({ fultiples, onCreated }: { fultiples: Game; onCreated: (b: GridBatch) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<BatchFormState>(() => initialBatchForm(fultiples));
  const limits = gridLimits(fultiples);
  const choiceErrorId = useId();
  const set = <K extends keyof BatchFormState>(key: K, value: BatchFormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const { run, busy, error } = useAction(async () => {
    const payload = batchPayload(state, limits);
    if (!payload.ok) throw new ApiError(0, "client", "Please check the fields marked below.", payload.errors);
    onCreated(await createGridBatch(payload.body));
  });
  useFocusFirstInvalid(form, error);
  const fields = error?.fields ?? {};
  const custom = state.choice === "custom";
  const count = /^\d+$/.test(state.count.trim()) ? Number(state.count) : 0;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void run();
  }

  return (
    <section aria-labelledby="new-batch-heading" className="card">
      <h2 id="new-batch-heading">Make grids</h2>
      <form ref={form} onSubmit={onSubmit} className="form rep-form" noValidate>
        <FormError error={error} shownFields={SHOWN_FIELDS} />
        <div className="rep-form-row">
          <Field
            label="How many grids"
            name="count"
            type="number"
            inputMode="numeric"
            min={1}
            max={BATCH_MAX}
            required
            value={state.count}
            onChange={(e) => set("count", e.target.value)}
            error={fields.count}
            hint={`1 to ${formatCount(BATCH_MAX)}`}
          />
          <Field
            label="Name (optional)"
            name="name"
            maxLength={100}
            value={state.name}
            onChange={(e) => set("name", e.target.value)}
            error={fields.name}
            hint="For example: Week 3, table groups"
          />
        </div>

        <fieldset className="radio-group rep-levels" aria-describedby={fields.level ? choiceErrorId : undefined}>
          <legend>Which numbers</legend>
          {fultiples.level_presets.map((preset) => (
            <label key={preset.name} className="radio">
              <input type="radio" name="choice" value={preset.name} checked={state.choice === preset.name} onChange={() => set("choice", preset.name as BatchChoice)} />
              <span>
                <strong>{preset.title}</strong>: {levelMeaning(preset)}
              </span>
            </label>
          ))}
          <label className="radio">
            <input type="radio" name="choice" value="custom" checked={custom} onChange={() => set("choice", "custom")} />
            <span>
              <strong>Custom</strong>: choose the primes, the largest scalar and the largest number yourself
            </span>
          </label>
          {fields.level && (
            <p className="field-error" id={choiceErrorId}>
              {fields.level.join(" ")}
            </p>
          )}
        </fieldset>

        {custom && (
          <div className="rep-form-row rep-custom">
            <Field
              label="Primes"
              name="primes"
              value={state.primes}
              onChange={(e) => set("primes", e.target.value)}
              error={fields.primes}
              hint="Separated by commas. Must include 2 and 3, for example 2, 3, 7."
            />
            <Field
              label="Largest scalar"
              name="scale_max"
              type="number"
              inputMode="numeric"
              min={limits.scaleMin}
              value={state.scaleMax}
              onChange={(e) => set("scaleMax", e.target.value)}
              error={fields.scale_max}
              hint="Each number is a prime times a scalar from 2 up to this."
            />
            <Field
              label="Largest number (cap)"
              name="max_value"
              type="number"
              inputMode="numeric"
              min={limits.capMin}
              value={state.maxValue}
              onChange={(e) => set("maxValue", e.target.value)}
              error={fields.max_value}
              hint="No number on the grid is bigger than this."
            />
          </div>
        )}

        <div className="rep-form-row">
          <Field
            label="Rows"
            name="rows"
            type="number"
            inputMode="numeric"
            min={1}
            max={limits.sideMax}
            value={state.rows}
            onChange={(e) => set("rows", e.target.value)}
            error={fields.rows}
            hint={`1 to ${limits.sideMax}`}
          />
          <Field
            label="Columns"
            name="cols"
            type="number"
            inputMode="numeric"
            min={1}
            max={limits.sideMax}
            value={state.cols}
            onChange={(e) => set("cols", e.target.value)}
            error={fields.cols}
            hint={`1 to ${limits.sideMax}`}
          />
        </div>
        <Button type="submit" variant="primary" busy={busy} busyLabel="Starting…">
          {count > 0 ? `Make ${formatCount(count)} ${count === 1 ? "grid" : "grids"}` : "Make grids"}
        </Button>
      </form>
    </section>
  );
}

function BatchItem({
  batch: b,
  onChanged,
  exportPollMs,
  onPreview,
  onDelete,
}: {
  batch: GridBatch;
  onChanged: (b: GridBatch) => void;
  exportPollMs: number;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const { game: fultiples } = useGameDefinition("fultiples");
  const title = batchTitle(b, fultiples);
  const retry = useAction(async () => onChanged(await retryGridBatch(b.id)));
  const pdf = useExport({ pollMs: exportPollMs }); // ExportStatus below announces its progress and the download
  const headingId = useId();
  const err = retry.error;

  return (
    <li className="card rep-batch" aria-labelledby={headingId}>
      <div className="rep-batch-head">
        <h3 id={headingId}>{title}</h3>
        <span className={`rep-status rep-status-${b.status}`}>{STATUS_WORDS[b.status]}</span>
      </div>
      <p className="rep-batch-meta">
        {b.primes_line} · {b.rows} × {b.cols} grids · numbers up to {b.max_value} · scalars up to {b.scale_max}
        {b.level ? ` · ${levelTitle(fultiples, b.level)}` : " · Custom"}
      </p>
      {(isBatchActive(b) || b.status === "done") && (
        <ProgressBar label={`Progress of ${title}`} value={b.done} max={b.total} text={batchProgressText(b)} />
      )}
      {b.status === "failed" && (
        <div className="alert alert-error">
          <p>
            Making the grids stopped after {batchProgressText(b)}.{b.error ? ` The error was: ${b.error}` : ""}
          </p>
        </div>
      )}
      {b.status === "done" && (
        <p className="rep-batch-meta">
          {formatCount(b.total)} grids ready{b.finished_at ? `, ${formatTime(b.finished_at)}` : ""}.
        </p>
      )}
      <FormError error={err} />
      <div className="actions">
        {b.status === "failed" && (
          <Button variant="primary" onClick={() => void retry.run()} busy={retry.busy} busyLabel="Retrying…">
            Retry<span className="sr-only"> {title}</span>
          </Button>
        )}
        {b.status === "done" && (
          <>
            <Button onClick={onPreview}>
              Preview<span className="sr-only"> {title}</span>
            </Button>
            <ExportButton exp={pdf} ask={() => requestBatchPdf(b.id)} workingLabel="Making the PDF…">
              Download PDF<span className="sr-only"> of {title}</span>
            </ExportButton>
          </>
        )}
        <Button variant="danger" onClick={onDelete}>
          Delete<span className="sr-only"> {title}</span>
        </Button>
      </div>
      {b.status === "done" && <ExportStatus exp={pdf} what={`the PDF of ${title}`} />}
    </li>
  );
}

function PreviewDialog({ batch, onClose }: { batch: GridBatch; onClose: () => void }) {
  const { game: fultiples } = useGameDefinition("fultiples");
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.batchBoards(batch.id, page),
    queryFn: ({ signal }) => listBatchBoards(batch.id, page, PREVIEW_PAGE_SIZE, signal),
    staleTime: Infinity, // a finished batch's grids never change
  });
  const boards = query.data?.results ?? null;
  const count = query.data?.count ?? batch.total;
  const error = loadError(query.error);
  const pages = Math.max(1, Math.ceil(count / PREVIEW_PAGE_SIZE));

  const first = (page - 1) * PREVIEW_PAGE_SIZE + 1;
  const last = Math.min(page * PREVIEW_PAGE_SIZE, count);

  return (
    <Dialog title={`Preview: ${batchTitle(batch, fultiples)}`} onClose={onClose} wide>
      <div className="rep-preview-nav">
        <Button onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
          ← Previous
        </Button>
        <p role="status" aria-live="polite">
          Grids {formatCount(first)}–{formatCount(last)} of {formatCount(count)}
        </p>
        <Button onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
          Next →
        </Button>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          <p>{error.message}</p>
        </div>
      )}
      {!boards && !error && <p>Loading the grids…</p>}
      {boards && (
        <div className="rep-preview-grid">
          {boards.map((board) => (
            <GridPreview key={board.index} board={board} primesLine={batch.primes_line} total={count} />
          ))}
        </div>
      )}
    </Dialog>
  );
}

export function GridPreview({ board, primesLine, total }: { board: GridBoard; primesLine: string; total: number }) {
  const id = useId();
  return (
    <figure className="rep-grid-figure" aria-labelledby={id}>
      <figcaption id={id}>
        <span className="rep-grid-number">
          Grid {formatCount(board.index + 1)} of {formatCount(total)}
        </span>
        <span className="rep-primes-line">{primesLine}</span>
      </figcaption>
      <table className="rep-grid">
        <tbody>
          {board.grid.map((row, r) => (
            <tr key={r}>
              {row.map((n, c) => (
                <td key={c}>{n}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
