import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchAllPages, filenameFromDisposition, request, requestFile } from "./http";
import { apiError, json, mockFetch } from "../test/fetchMock";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("request", () => {
  it("sends the csrftoken cookie as X-CSRFToken on POST, with same-origin credentials and a JSON body", async () => {
    document.cookie = "csrftoken=tok123; path=/";
    const calls = mockFetch({ "POST /api/classes/": () => json(201, { id: 1 }) });

    const out = await request<{ id: number }>("POST", "/api/classes/", { json: { name: "2B" } });

    expect(out).toEqual({ id: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["X-CSRFToken"]).toBe("tok123");
    expect(calls[0]!.headers["Content-Type"]).toBe("application/json");
    expect(calls[0]!.init.credentials).toBe("same-origin");
    expect(calls[0]!.body).toEqual({ name: "2B" });
  });

  it("asks /api/auth/csrf/ for the cookie first when it is missing", async () => {
    const calls = mockFetch({
      "GET /api/auth/csrf/": () => {
        document.cookie = "csrftoken=fresh; path=/";
        return json(200, {});
      },
      "POST /api/auth/login/": () => json(200, { id: 7 }),
    });

    await request("POST", "/api/auth/login/", { json: { email: "a@b.c", password: "x" } });

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/auth/csrf/", "POST /api/auth/login/"]);
    expect(calls[1]!.headers["X-CSRFToken"]).toBe("fresh");
  });

  it("sends a POST once more when another tab's sign-in changed the CSRF cookie under it, and only then", async () => {
    document.cookie = "csrftoken=old; path=/";
    let posts = 0;
    const calls = mockFetch({
      "POST /api/student-login/token/": () => {
        if (++posts > 1) return json(200, { id: 7 });
        document.cookie = "csrftoken=new; path=/"; // the other tab's sign-in answered meanwhile
        return apiError(403, "permission_denied", "CSRF Failed: CSRF token from the 'X-CSRFToken' HTTP header incorrect.");
      },
    });
    expect(await request("POST", "/api/student-login/token/", { json: { token: "t" } })).toEqual({ id: 7 });
    expect(calls.map((c) => c.headers["X-CSRFToken"])).toEqual(["old", "new"]);

    // A 403 with the cookie unchanged is a refusal: it is not sent again.
    const refused = mockFetch({ "POST /api/classes/": () => apiError(403, "permission_denied", "No.") });
    await expect(request("POST", "/api/classes/", { json: {} })).rejects.toMatchObject({ status: 403 });
    expect(refused).toHaveLength(1);
  });

  it("does not send a CSRF header on GET", async () => {
    document.cookie = "csrftoken=tok; path=/";
    const calls = mockFetch({ "GET /api/auth/me/": () => json(200, { id: 1 }) });
    await request("GET", "/api/auth/me/");
    expect(calls[0]!.headers["X-CSRFToken"]).toBeUndefined();
  });

  it("parses the error shape into an ApiError with status, code, message, fields and body", async () => {
    document.cookie = "csrftoken=tok; path=/";
    mockFetch({
      "POST /api/auth/signup/": () =>
        apiError(400, "invalid", "Please fix the highlighted fields.", { email: ["This email is already used."] }, { extra: 1 }),
    });

    const err = await request("POST", "/api/auth/signup/", { json: {} }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe("invalid");
    expect(e.message).toBe("Please fix the highlighted fields.");
    expect(e.fields).toEqual({ email: ["This email is already used."] });
    expect(e.fieldMessage("email")).toBe("This email is already used.");
    expect((e.body as { extra: number }).extra).toBe(1);
  });

  it("turns a non-JSON failure into an ApiError with a readable message", async () => {
    mockFetch({ "GET /api/classes/": () => new Response("<h1>Server Error</h1>", { status: 500 }) });
    const e = (await request("GET", "/api/classes/").catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(500);
    expect(e.code).toBe("http_500");
    expect(e.message).toMatch(/went wrong/);
    expect(e.fields).toEqual({});
  });

  it("resolves to undefined on 204", async () => {
    document.cookie = "csrftoken=tok; path=/";
    mockFetch({ "POST /api/auth/logout/": () => new Response(null, { status: 204 }) });
    await expect(request("POST", "/api/auth/logout/")).resolves.toBeUndefined();
  });

  it("reports a network failure as ApiError status 0", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    const e = (await request("GET", "/api/auth/me/").catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(0);
    expect(e.code).toBe("network");
  });

  it("sends FormData without a JSON content type", async () => {
    document.cookie = "csrftoken=tok; path=/";
    const calls = mockFetch({ "POST /api/classes/1/students/import/": () => json(200, { rows: [], valid: true, created: 0 }) });
    const form = new FormData();
    form.append("commit", "false");
    await request("POST", "/api/classes/1/students/import/", { form });
    expect(calls[0]!.headers["Content-Type"]).toBeUndefined();
    expect(calls[0]!.body).toBe(form);
  });
});

describe("files and pages", () => {
  it("reads the filename from Content-Disposition", async () => {
    document.cookie = "csrftoken=tok; path=/";
    mockFetch({
      "POST /api/classes/3/cards/": () =>
        new Response("%PDF-1.4", { status: 200, headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="cards-2B.pdf"' } }),
    });
    const f = await requestFile("POST", "/api/classes/3/cards/", "fallback.pdf", { json: {} });
    expect(f.filename).toBe("cards-2B.pdf");
    expect(await f.blob.text()).toBe("%PDF-1.4");
  });

  it("parses filename* and falls back when the header is absent", () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''Ana%20L%C3%B3pez.json", "x")).toBe("Ana López.json");
    expect(filenameFromDisposition("attachment; filename=plain.pdf", "x")).toBe("plain.pdf");
    expect(filenameFromDisposition(null, "x.pdf")).toBe("x.pdf");
  });

  it("follows next links until the last page", async () => {
    const calls = mockFetch({
      "GET /api/classes/": () => json(200, { count: 3, next: "http://testserver/api/classes/?page=2", previous: null, results: [{ id: 1 }, { id: 2 }] }),
      "GET /api/classes/?page=2": () => json(200, { count: 3, next: null, previous: "x", results: [{ id: 3 }] }),
    });
    const all = await fetchAllPages<{ id: number }>("/api/classes/");
    expect(all.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(calls.map((c) => c.path)).toEqual(["/api/classes/", "/api/classes/?page=2"]);
  });
});
