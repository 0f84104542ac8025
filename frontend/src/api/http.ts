// Small fetch wrapper: same-origin cookies, CSRF header on unsafe methods,
// JSON in and out, and one error shape (ApiError) for everything that fails.

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;
  /** The whole parsed response body (e.g. `rows` next to `error` for CSV imports). */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }

  /** First message for a field, if the server sent one. */
  fieldMessage(field: string): string | undefined {
    return this.fields[field]?.[0];
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let onUnauthorized: (() => void) | null = null;

/** Called when a request answers 401 (the session may have ended): the auth context checks and signs
 * the user out. Not called for a request sent before the latest sign-in or sign-out (see below). */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn;
}

// Which sign-in the page is on: bumped by the auth context each time a page signs someone in or out.
// A 401 to a request sent before that is about the session the page had then, not the one it has now:
// the page's first /api/auth/me/ leaves before a QR card's sign-in and may answer after it (issue 32).
let session = 0;

/** The page's session changed (a sign-in or sign-out answered): older requests' 401s are old news. */
export function sessionChanged(): void {
  session += 1;
}
export const CSRF_COOKIE = "csrftoken";
export const CSRF_URL = "/api/auth/csrf/";

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

let csrfInFlight: Promise<string> | null = null;

/** The CSRF token from the cookie; asks the server to set it when missing. */
export async function ensureCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  csrfInFlight ??= (async () => {
    try {
      await fetch(CSRF_URL, { credentials: "same-origin", headers: { Accept: "application/json" } });
    } catch {
      throw networkError();
    }
    return readCookie(CSRF_COOKIE) ?? "";
  })().finally(() => {
    csrfInFlight = null;
  });
  return csrfInFlight;
}

function networkError(): ApiError {
  return new ApiError(0, "network", "We couldn't reach the server. Check the connection and try again.");
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: "Please check what you entered.",
  401: "Please sign in.",
  403: "You don't have permission to do that.",
  404: "We couldn't find that.",
  409: "That changed in the meantime. Please reload and try again.",
  413: "That file is too big.",
  423: "This account is locked for now.",
  429: "Too many tries. Please wait a minute and try again.",
};

function fallbackMessage(status: number): string {
  return FALLBACK_MESSAGES[status] ?? "Something went wrong on our side. Please try again.";
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function toFieldErrors(v: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!isRecord(v)) return out;
  for (const [k, msgs] of Object.entries(v)) {
    if (Array.isArray(msgs)) out[k] = msgs.map(String);
    else if (typeof msgs === "string") out[k] = [msgs];
  }
  return out;
}

/** Turn a failed response into an ApiError, whatever the body looks like. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null;
  const text = await res.text().catch(() => "");
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (isRecord(body) && isRecord(body.error)) {
    const e = body.error;
    const code = typeof e.code === "string" && e.code ? e.code : `http_${res.status}`;
    const message = typeof e.message === "string" && e.message ? e.message : fallbackMessage(res.status);
    return new ApiError(res.status, code, message, toFieldErrors(e.fields), body);
  }
  return new ApiError(res.status, `http_${res.status}`, fallbackMessage(res.status), {}, body);
}

export interface RequestOptions {
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  signal?: AbortSignal;
  accept?: string;
}

async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: opts.accept ?? "application/json" };
  let body: BodyInit | undefined;
  if (opts.form) {
    body = opts.form;
  } else if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  const csrf = UNSAFE.has(method) ? await ensureCsrfToken() : null;
  if (csrf !== null) headers["X-CSRFToken"] = csrf;
  const sentIn = session;
  const go = async (): Promise<Response> => {
    try {
      return await fetch(path, { method, headers, body, credentials: "same-origin", signal: opts.signal });
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") throw err;
      throw networkError();
    }
  };
  let res = await go();
  // A sign-in in another tab of this browser gave it a new CSRF cookie while this request was on its
  // way with the old token: refused for that alone, it is sent once more with the token the browser has now.
  const now = readCookie(CSRF_COOKIE);
  if (res.status === 403 && csrf !== null && now && now !== csrf) {
    headers["X-CSRFToken"] = now;
    res = await go();
  }
  if (!res.ok) {
    if (res.status === 401 && sentIn === session) onUnauthorized?.();
    throw await errorFromResponse(res);
  }
  return res;
}

/** JSON request. Resolves to undefined for 204 or an empty body. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(res.status, "bad_response", "The server sent something we didn't understand.");
  }
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** Parse the filename out of a Content-Disposition header (RFC 6266, filename* first). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : fallback;
}

/** A request whose answer is a file (PDF cards, JSON export). */
export async function requestFile(
  method: string,
  path: string,
  fallbackName: string,
  opts: RequestOptions = {},
): Promise<DownloadedFile> {
  const res = await send(method, path, { accept: "*/*", ...opts });
  const blob = await res.blob();
  return { blob, filename: filenameFromDisposition(res.headers.get("Content-Disposition"), fallbackName) };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Follow `next` links and return every item of a paginated list. */
export async function fetchAllPages<T>(path: string, signal?: AbortSignal, maxPages = 100): Promise<T[]> {
  const items: T[] = [];
  let url: string | null = path;
  for (let i = 0; url && i < maxPages; i++) {
    const page: Page<T> = await request<Page<T>>("GET", url, { signal });
    items.push(...page.results);
    url = page.next ? samePath(page.next) : null;
  }
  return items;
}

/** Keep only path + query of an absolute `next` URL so requests stay same-origin. */
function samePath(next: string): string {
  const u = new URL(next, window.location.origin);
  return u.pathname + u.search;
}
