import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { render } from "../../test/render";
import { apiError, json, mockFetch, type Call } from "../../test/fetchMock";
import { AuthProvider } from "../../auth";
import type { Me } from "../../api/types";
import { AVATAR_COLOURS, AVATAR_PICTURES } from "../../components/Avatar";
import { AvatarPicker } from "./AvatarPicker";
import { StudentHome } from "./Home";

const NEW: Me = { id: 2, role: "student", name: "Ana L.", email: null, classroom: { id: 5, name: "2B", join_code: "ABC234", sounds: false }, avatar: null };

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, me: Me, routes: Record<string, (c: Call) => Response> = {}) {
  document.cookie = "csrftoken=t; path=/";
  const calls = mockFetch({
    "GET /api/auth/me/": () => json(200, me),
    "GET /api/my/assignments/": () => json(200, []),
    "GET /api/my/matches/": () => json(200, []),
    "GET /api/my/current-match/": () => json(200, { match: null }),
    "GET /api/my/challenges/": () => json(200, []),
    "GET /api/my/classmates/": () => json(200, []),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/home" element={<StudentHome />} />
          <Route path="/avatar" element={<AvatarPicker />} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
  return calls;
}

describe("avatar picker", () => {
  it("a child without an avatar is sent to choose one first", async () => {
    renderAt("/home", NEW);
    expect(await screen.findByRole("heading", { name: "Hi Ana L.! Choose your picture" })).toBeTruthy();
  });

  it("picks a picture and a colour by tapping, saves them, and goes home with the avatar by the name", async () => {
    const chosen: Me = { ...NEW, avatar: { picture: "fox", colour: "purple" } };
    const calls = renderAt("/avatar", NEW, { "PUT /api/my/avatar/": () => json(200, chosen) });
    const user = userEvent.setup();
    const pictures = await screen.findByRole("radiogroup", { name: "Picture" });
    expect(within(pictures).getAllByRole("radio")).toHaveLength(AVATAR_PICTURES.length);
    await user.click(within(pictures).getByRole("radio", { name: "Fox" }));
    await user.click(within(screen.getByRole("radiogroup", { name: "Colour" })).getByRole("radio", { name: "Purple" }));
    expect(within(pictures).getByRole("radio", { name: "Fox" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("img", { name: "Your picture: Purple fox" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "That's me!" }));
    expect(await screen.findByRole("heading", { name: "Hi Ana L.!" })).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({ picture: "fox", colour: "purple" });
    expect(document.querySelector('h1 svg[data-avatar="fox"]')).toBeTruthy();
  });

  it("arrow keys move through the pictures and choose the one they land on (one Tab stop)", async () => {
    renderAt("/avatar", NEW);
    const user = userEvent.setup();
    const radios = within(await screen.findByRole("radiogroup", { name: "Picture" })).getAllByRole("radio");
    expect(radios.filter((r) => r.tabIndex === 0)).toHaveLength(1);
    radios[0]!.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(document.activeElement).toBe(radios[2]);
    expect(radios[2]!.getAttribute("aria-checked")).toBe("true");
    expect(radios[2]!.tabIndex).toBe(0);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(radios[AVATAR_PICTURES.length - 1]);
    const colours = within(screen.getByRole("radiogroup", { name: "Colour" })).getAllByRole("radio");
    expect(colours).toHaveLength(AVATAR_COLOURS.length);
  });

  it("a refusal is shown in words and the child stays on the page", async () => {
    renderAt("/avatar", NEW, { "PUT /api/my/avatar/": () => apiError(400, "invalid", "Choose one of the pictures.", { picture: ["Choose one of the pictures."] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "That's me!" }));
    expect(await screen.findByText("Choose one of the pictures.")).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: "Picture" })).toBeTruthy();
  });
});
