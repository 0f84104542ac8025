import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { render } from "../../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { AuthProvider } from "../../auth";
import type { Me } from "../../api/types";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { ActivateAccount, TeacherSignup } from "./Auth";

const ME: Me = { id: 4, role: "teacher", name: "Ms Rivera", email: "r@school.test", classroom: null, avatar: null };
const SENT = "Check your email to finish signing up. The link in it opens your account.";

beforeEach(() => {
  document.cookie = "csrftoken=t; path=/";
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, routes: Record<string, (c: Call) => Response | Promise<Response>>) {
  const calls = mockFetch({ "GET /api/auth/me/": () => apiError(403, "not_authenticated", "Sign in."), ...routes });
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/teacher/signup" element={<TeacherSignup />} />
          <Route path="/activate/:uid/:token" element={<ActivateAccount />} />
          <Route path="/teacher" element={<h1>My classes</h1>} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
  return calls;
}

describe("Teacher sign-up", () => {
  it("says to check the email, whatever the address, and signs nobody in", async () => {
    const calls = renderAt("/teacher/signup", { "POST /api/auth/signup/": () => json(202, { message: SENT }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Your name"), "Ms Rivera");
    await user.type(screen.getByLabelText("Email"), "r@school.test");
    await user.type(screen.getByLabelText("Password"), "a-long-pass-42");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Check your email" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain(SENT);
    expect(screen.getByRole("status").textContent).toContain("r@school.test");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual(
      { name: "Ms Rivera", email: "r@school.test", password: "a-long-pass-42" });
  });

  it("shows a weak password's problem beside the field", async () => {
    renderAt("/teacher/signup", {
      "POST /api/auth/signup/": () => apiError(400, "invalid", "Please correct the fields below.",
        { password: ["This password is too common."] }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Your name"), "Ms Rivera");
    await user.type(screen.getByLabelText("Email"), "r@school.test");
    await user.type(screen.getByLabelText("Password"), "password");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("This password is too common.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Check your email" })).toBeNull();
  });
});

describe("Opening the account with the emailed link", () => {
  it("opens it, signs in and goes to the classes", async () => {
    const calls = renderAt("/activate/NA/abc-123", { "POST /api/auth/activate/": () => json(200, ME) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Open my account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My classes" })).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ uid: "NA", token: "abc-123" });
  });

  it("says when the link is used or wrong", async () => {
    renderAt("/activate/NA/old", {
      "POST /api/auth/activate/": () => apiError(400, "bad_token", "This link is invalid or was already used. Sign in, or sign up again."),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Open my account" }));
    expect((await screen.findByRole("alert")).textContent).toContain("already used");
    expect(screen.getByRole("link", { name: "sign up again" })).toBeTruthy();
  });
});
