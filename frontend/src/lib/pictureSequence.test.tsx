import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { initialSequence, sequenceReducer, type SequenceState } from "./pictureSequence";
import { PictureStep } from "../pages/student/SignIn";
import { apiError, json, mockFetch } from "../test/fetchMock";
import type { Me } from "../api/types";
import { eventually } from "../test/eventually";

afterEach(() => vi.unstubAllGlobals());

describe("sequenceReducer", () => {
  const tap = (s: SequenceState, slug: string) => sequenceReducer(s, { type: "tap", slug });

  it("collects at most three taps in order", () => {
    let s = initialSequence;
    for (const slug of ["sun", "car", "fish", "moon"]) s = tap(s, slug);
    expect(s.picked).toEqual(["sun", "car", "fish"]);
  });

  it("undo removes the last picture", () => {
    const s = sequenceReducer(tap(tap(initialSequence, "sun"), "car"), { type: "undo" });
    expect(s.picked).toEqual(["sun"]);
  });

  it("ignores taps and undo while checking", () => {
    let s = tap(tap(tap(initialSequence, "sun"), "car"), "fish");
    s = sequenceReducer(s, { type: "checking" });
    expect(s.status).toBe("checking");
    expect(tap(s, "moon")).toBe(s);
    expect(sequenceReducer(s, { type: "undo" })).toBe(s);
  });

  it("checking needs all three pictures", () => {
    const s = tap(initialSequence, "sun");
    expect(sequenceReducer(s, { type: "checking" }).status).toBe("choosing");
  });

  it("a wrong answer clears the pictures and keeps the message until the next tap", () => {
    let s = sequenceReducer(tap(tap(tap(initialSequence, "a"), "b"), "c"), { type: "checking" });
    s = sequenceReducer(s, { type: "wrong", message: "That's not it. Try again!" });
    expect(s).toEqual({ picked: [], status: "wrong", message: "That's not it. Try again!" });
    s = tap(s, "sun");
    expect(s).toEqual({ picked: ["sun"], status: "choosing", message: null });
  });

  it("locked stops everything", () => {
    const s = sequenceReducer(initialSequence, { type: "locked", message: "Ask your teacher" });
    expect(tap(s, "sun")).toBe(s);
  });
});

const ME: Me = { id: 9, role: "student", name: "Ana L.", email: null, classroom: { id: 1, name: "2B", join_code: "ABC234", sounds: false }, avatar: { picture: "owl", colour: "teal" } };

function renderStep(onSignedIn = vi.fn()) {
  render(
    <MemoryRouter>
      <PictureStep code="ABC234" studentId={9} name="Ana L." onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return onSignedIn;
}

const picture = (name: string) => screen.getByRole("button", { name });
const progress = () => screen.getByRole("list", { name: /of 3 pictures chosen/ });

describe("picture password screen", () => {
  it("submits the three pictures in order on the third tap", async () => {
    document.cookie = "csrftoken=t; path=/";
    const calls = mockFetch({ "POST /api/student-login/": () => json(200, ME) });
    const user = userEvent.setup();
    const onSignedIn = renderStep();

    await user.click(picture("Sun"));
    await user.click(picture("Fish"));
    expect(progress().getAttribute("aria-label")).toBe("2 of 3 pictures chosen");
    expect(calls).toHaveLength(0);
    await user.click(picture("Car"));

    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ code: "ABC234", student_id: 9, pictures: ["sun", "fish", "car"] });
    await eventually(() => expect(onSignedIn).toHaveBeenCalledWith(ME));
  });

  it("undo takes back the last picture", async () => {
    document.cookie = "csrftoken=t; path=/";
    const calls = mockFetch({ "POST /api/student-login/": () => json(200, ME) });
    const user = userEvent.setup();
    renderStep();

    await user.click(picture("Sun"));
    await user.click(picture("Moon"));
    await user.click(screen.getByRole("button", { name: /Undo/ }));
    expect(progress().getAttribute("aria-label")).toBe("1 of 3 pictures chosen");
    await user.click(picture("Heart"));
    await user.click(picture("Tree"));

    expect(calls[0]!.body).toMatchObject({ pictures: ["sun", "heart", "tree"] });
  });

  it("a wrong answer shows the friendly message and starts again", async () => {
    document.cookie = "csrftoken=t; path=/";
    const calls = mockFetch({ "POST /api/student-login/": () => apiError(400, "wrong_secret", "That's not it. Try again!") });
    const user = userEvent.setup();
    const onSignedIn = renderStep();

    for (const p of ["Sun", "Sun", "Star"]) await user.click(picture(p));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("That's not it. Try again!")).toBeTruthy();
    expect(progress().getAttribute("aria-label")).toBe("0 of 3 pictures chosen");
    expect(onSignedIn).not.toHaveBeenCalled();

    // and the child can try again right away
    for (const p of ["Moon", "Car", "Fish"]) await user.click(picture(p));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ pictures: ["moon", "car", "fish"] });
  });

  it("extra taps while checking are ignored (one request)", async () => {
    document.cookie = "csrftoken=t; path=/";
    let release!: () => void;
    const calls = mockFetch({
      "POST /api/student-login/": () => new Promise<Response>((r) => (release = () => r(json(200, ME)))),
    });
    const user = userEvent.setup();
    const onSignedIn = renderStep();
    for (const p of ["Sun", "Moon", "Star"]) await user.click(picture(p));
    await user.click(picture("Car"));
    await user.click(screen.getByRole("button", { name: /Undo/ }));
    expect(calls).toHaveLength(1);
    release();
    await eventually(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it("locked shows the locked message and hides the pictures", async () => {
    document.cookie = "csrftoken=t; path=/";
    mockFetch({ "POST /api/student-login/": () => apiError(423, "locked", "Too many tries. Ask your teacher to help you.") });
    const user = userEvent.setup();
    renderStep();
    for (const p of ["Sun", "Moon", "Star"]) await user.click(picture(p));
    expect((await screen.findByRole("alert")).textContent).toContain("Ask your teacher");
    expect(screen.queryByRole("button", { name: "Sun" })).toBeNull();
  });
});
