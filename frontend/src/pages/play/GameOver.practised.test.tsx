// The end screen's "What you practised" (the Practised part of GameOver): focus facts first.
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { render } from "../../test/render";
import { json, mockFetch } from "../../test/fetchMock";
import type { MatchMeta } from "../../protocol/messages";
import { GameOver } from "./GameOver";

afterEach(() => vi.unstubAllGlobals());

const match: MatchMeta = {
  id: 7, game: "four_in_a_row", kind: "computer", status: "finished", players: 2, host_user_id: 1, hints: false,
  assignment_id: 3, result: { winners: [0], reason: "target_score" },
  seats: [
    { index: 0, name: "Ana L.", user_id: 1, bot: null, taken_over: false },
    { index: 1, name: "Easy computer", user_id: null, bot: "easy", taken_over: false },
  ],
};

describe("what you practised after a practice match", () => {
  it("says the focus facts first, in whole sentences", async () => {
    mockFetch({
      "GET /api/matches/7/practice/": () =>
        json(200, { answers: 9, right: 7, focus: [[7, 8]], facts: [{ a: 3, b: 6, right: 4, wrong: 0 }, { a: 7, b: 8, right: 3, wrong: 1 }] }),
    });
    render(
      <MemoryRouter>
        <GameOver match={match} view={null} viewerSeat={0} backTo="/home" backLabel="Back" spectator={false} />
      </MemoryRouter>,
    );
    const list = await screen.findByRole("list", { name: "Facts you practised" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "You got 7 × 8 right three times!",
      "You found 3 × 6 four times.",
    ]);
  });
});
