import { vi } from "vitest";

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export function apiError(status: number, code: string, message: string, fields: Record<string, string[]> = {}, extra = {}) {
  return json(status, { error: { code, message, fields }, ...extra });
}

/**
 * Replace global fetch with a router: `routes["POST /api/auth/login/"] = handler`.
 * Unknown routes answer 599 so a test fails loudly. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}));
    let body: unknown = init.body;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep string */
      }
    }
    const call: Call = { method, path: url.pathname + url.search, headers, body, init };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname + url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!handler) return json(599, { error: { code: "unmocked", message: `No mock for ${method} ${url.pathname}`, fields: {} } });
    return handler(call);
  });
  vi.stubGlobal("fetch", fn);
  return calls;
}
