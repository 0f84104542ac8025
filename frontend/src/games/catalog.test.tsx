import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { FilterFields } from "../reports/FilterFields";
import { eventually } from "../test/eventually";
import { json, mockFetch } from "../test/fetchMock";
import { GAMES } from "../test/games";
import { render } from "../test/render";
import { gameTitle, isGameSlug, isSimultaneous, useGameTitle } from "./catalog";

// The served titles, changed: a page shows what the endpoint says, not a copy of its own.
const RENAMED = GAMES.map((g) => ({ ...g, title: `${g.title} (as served)` }));

function Title({ slug }: { slug: string }) {
  return <p>{useGameTitle()(slug)}</p>;
}

describe("the games' titles and traits come from GET /api/games/", () => {
  it("a page shows the title the endpoint serves", async () => {
    mockFetch({ "GET /api/games/": () => json(200, RENAMED) });
    render(<Title slug="four_in_a_row" />);
    expect(await screen.findByText("Four-in-a-Row Multiplication (as served)")).toBeTruthy();
  });

  it("the reports' game filter offers the served games, in the server's order, by their titles", async () => {
    mockFetch({ "GET /api/games/": () => json(200, RENAMED) });
    render(<FilterFields idPrefix="t" period="30d" game="" periods={[{ value: "30d", label: "Last 30 days" }]} onChange={() => {}} />);
    const select = screen.getByLabelText<HTMLSelectElement>("Game");
    await eventually(() => expect([...select.options].map((o) => o.text)).toEqual(["All games", ...RENAMED.map((g) => g.title)]));
    expect([...select.options].map((o) => o.value)).toEqual(["", ...GAMES.map((g) => g.slug)]);
  });

  it("reads the title and whether a game has turns from the definitions", () => {
    expect(GAMES.map((g) => gameTitle(GAMES, g.slug))).toEqual(GAMES.map((g) => g.title));
    expect(GAMES.filter((g) => isSimultaneous(GAMES, g.slug)).map((g) => g.slug)).toEqual(["multiplin"]);
    // Before the definitions arrive (or if they cannot), the slug in words: never a copy of a title.
    expect(gameTitle(null, "four_in_a_row")).toBe("four in a row");
    expect(isSimultaneous(null, "multiplin")).toBe(false);
  });

  it("knows a slug by its board: every served game has one, nothing else does", () => {
    expect(GAMES.every((g) => isGameSlug(g.slug))).toBe(true);
    expect(["chess", "toString", "", null].some(isGameSlug)).toBe(false);
  });
});
