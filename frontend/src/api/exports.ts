// PDF exports (api/exports.py): asking for a PDF answers at once with an export that a background
// job fills in; the page watches `done` of `total` and downloads the file when the status is "done".
import type { components } from "./schema";
import { request, requestFile, type DownloadedFile } from "./http";
import type { CardsRequest } from "./types";
import type { ReportFilters, ReportTarget } from "./reports";

type Schemas = components["schemas"];

export type ExportJob = Schemas["Export"];
export type ExportKind = Schemas["ExportKindEnum"];
export type ExportStatus = Schemas["ExportStatusEnum"];

const enc = (v: number | string) => encodeURIComponent(String(v));

/** The grids of a made batch as a PDF, one per page (409 while the batch is not made). */
export const requestBatchPdf = (batchId: number) => request<ExportJob>("POST", `/api/batches/${enc(batchId)}/pdf/`);

/** The report as of now, printed: the server keeps a snapshot of it and a job makes the PDF. */
export function requestReportPdf({ classId, studentId }: ReportTarget, filters: ReportFilters) {
  const path = studentId ? `/api/students/${enc(studentId)}/report/pdf` : `/api/classes/${enc(classId)}/report/pdf`;
  return request<ExportJob>("POST", path, { json: filters });
}

/** Login cards as a PDF (the job issues new secrets). Without `students`, cards for everyone who has none. */
export const requestCards = (classId: number, students?: number[]) =>
  request<ExportJob>("POST", `/api/classes/${enc(classId)}/cards/`, {
    json: (students ? { students } : {}) satisfies CardsRequest,
  });

export const getExport = (id: number, signal?: AbortSignal) =>
  request<ExportJob>("GET", `/api/exports/${enc(id)}/`, { signal });

/** Make a failed export again: the same id. */
export const retryExport = (id: number) => request<ExportJob>("POST", `/api/exports/${enc(id)}/retry/`);

export const downloadExport = (job: ExportJob): Promise<DownloadedFile> =>
  requestFile("GET", job.file_url ?? `/api/exports/${enc(job.id)}/file/`, job.filename, { accept: "application/pdf, application/json;q=0.9" });

/** What the progress counts, in words: "1,250 of 5,000 pages". */
export function exportProgressText(job: Pick<ExportJob, "kind" | "done" | "total" | "status">): string {
  if (job.status === "pending") return "Waiting to start…";
  const unit = job.kind === "cards_pdf" ? "cards" : job.kind === "batch_pdf" ? "pages" : "parts";
  const n = new Intl.NumberFormat("en");
  return `${n.format(job.done)} of ${n.format(job.total)} ${unit}`;
}
