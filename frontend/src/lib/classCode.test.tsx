import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { render } from "../test/render";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { isCompleteClassCode, normaliseClassCode } from "./classCode";
import { EnterCode } from "../pages/student/SignIn";
import { AuthProvider } from "../auth";
import { mockFetch, apiError } from "../test/fetchMock";

describe("normaliseClassCode", () => {
  it("upper-cases and drops spaces and dashes", () => {
    expect(normaliseClassCode(" ab c-d2 ")).toBe("ABCD2");
  });
  it("drops look-alike characters that are not in the alphabet", () => {
    // 0, O, 1, I, L are not used in codes.
    expect(normaliseClassCode("o0i1lABC")).toBe("ABC");
  });
  it("keeps at most six characters", () => {
    expect(normaliseClassCode("ABCDEFGHJK")).toBe("ABCDEF");
  });
  it("knows a complete code", () => {
    expect(isCompleteClassCode("ABC234")).toBe(true);
    expect(isCompleteClassCode("ABC23")).toBe(false);
    expect(isCompleteClassCode("ABC230")).toBe(false);
    expect(isCompleteClassCode("abc234")).toBe(false);
  });
});

function CodeEcho() {
  const { code } = useParams();
  return <p>Went to {code}</p>;
}

describe("the class code screen", () => {
  it("upper-cases what the child types and enables Go only with six characters", async () => {
    mockFetch({ "GET /api/auth/me/": () => apiError(401, "not_authenticated", "Please sign in.") });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={["/student"]}>
        <AuthProvider>
          <Routes>
            <Route path="/student" element={<EnterCode />} />
            <Route path="/student/:code" element={<CodeEcho />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>,
    );
    const input = screen.getByLabelText("Class code") as HTMLInputElement;
    const go = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;

    await user.type(input, "ab-c2 3");
    expect(input.value).toBe("ABC23");
    expect(go.disabled).toBe(true);

    await user.type(input, "x");
    expect(input.value).toBe("ABC23X");
    expect(go.disabled).toBe(false);

    await user.type(input, "{Enter}");
    expect(await screen.findByText("Went to ABC23X")).toBeTruthy();
  });
});
