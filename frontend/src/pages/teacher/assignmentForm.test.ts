import { describe, expect, it } from "vitest";
import type { Assignment } from "../../api/types";
import { GAMES, gameOf } from "../../test/games";
import { buildOptions, buildRequest, isoToLocal, localToIso, newFormValues, valuesFromAssignment, type FormValues } from "./assignmentForm";

const FULTIPLES = gameOf("fultiples");
const STEPPING = gameOf("stepping_divisors");
const MULTIPLIN = gameOf("multiplin");
const FOUR = gameOf("four_in_a_row");

const v = (extra: Partial<FormValues>): FormValues => ({ ...newFormValues(GAMES), ...extra });

describe("buildOptions: the options each game's definition puts in the form", () => {
  it("fultiples: level, strict, and the time limit only when given", () => {
    expect(buildOptions(v({ game: "fultiples", options: { level: "beginner" } }), FULTIPLES)).toEqual({ level: "beginner", strict: false });
    expect(buildOptions(v({ game: "fultiples", options: { time_limit_s: "30", strict: true } }), FULTIPLES)).toEqual({
      level: "intermediate",
      time_limit_s: 30,
      strict: true,
    });
  });

  it("four_in_a_row: time limit, strict, target score (no level)", () => {
    expect(buildOptions(v({ game: "four_in_a_row", options: { level: "advanced", target_score: "5", time_limit_s: "45" } }), FOUR)).toEqual({
      time_limit_s: 45,
      strict: false,
      target_score: 5,
    });
  });

  it("multiplin: only the round time", () => {
    expect(buildOptions(v({ game: "multiplin", options: { round_time_s: "90", strict: true, time_limit_s: "20" } }), MULTIPLIN)).toEqual({ round_time_s: 90 });
  });

  it("stepping_divisors: size, strict, random_fill, time limit", () => {
    expect(buildOptions(v({ game: "stepping_divisors", options: { size: "5", random_fill: true } }), STEPPING)).toEqual({
      size: 5,
      strict: false,
      random_fill: true,
    });
  });

  it("sends each option's default from the game's definition when the teacher leaves it", () => {
    const changed = { ...STEPPING, options: STEPPING.options.map((o) => (o.name === "size" ? { ...o, default: 6 } : o)) };
    expect(buildOptions(v({ game: "stepping_divisors" }), changed).size).toBe(6);
    expect(buildOptions(v({ game: "stepping_divisors" }), STEPPING).size).toBe(8);
  });

  it("keeps options the form does not show when editing, and drops a cleared time limit", () => {
    const existing = { level: "advanced", primes: [2, 3, 7], rows: 8, time_limit_s: 30 };
    expect(buildOptions(v({ game: "fultiples", options: { level: "beginner", time_limit_s: "" } }), FULTIPLES, {}, existing)).toEqual({
      level: "beginner",
      primes: [2, 3, 7],
      rows: 8,
      strict: false,
    });
  });

  it("reports numbers it cannot send, in the words and ranges of the definition, under the server's field names", () => {
    const errors = {};
    expect(buildOptions(v({ game: "stepping_divisors", options: { size: "13", time_limit_s: "abc" } }), STEPPING, errors)).toEqual({
      strict: false,
      random_fill: false,
    });
    expect(errors).toEqual({
      "options.size": "The board size must be from 3 to 12.",
      "options.time_limit_s": "The time limit must be a whole number from 1 to 3600.",
    });
  });
});

describe("buildRequest", () => {
  it("fixes the player count of a 2-player game", () => {
    const { body } = buildRequest(v({ game: "fultiples", players: "4" }), FULTIPLES);
    expect(body?.players_per_match).toBe(2);
  });

  it("checks the player count against the game's range", () => {
    expect(buildRequest(v({ game: "stepping_divisors", players: "7" }), STEPPING).errors.players).toMatch(/2 to 6/);
    expect(buildRequest(v({ game: "stepping_divisors", players: "6" }), STEPPING).body?.players_per_match).toBe(6);
  });

  it("builds the whole body", () => {
    const { body, errors } = buildRequest(
      v({
        game: "multiplin",
        players: "3",
        title: "  Friday race ",
        hints: true,
        botLevels: ["hard"],
        idleMinutes: "1.5",
        audience: "some",
        students: [4, 9],
        opensAt: "2030-05-03T09:00",
        closesAt: "2030-05-03T10:00",
      }),
      MULTIPLIN,
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      game: "multiplin",
      title: "Friday race",
      players_per_match: 3,
      options: { round_time_s: 60 },
      hints: true,
      bots_allowed: true,
      bot_levels: ["hard"],
      idle_takeover_s: 90,
      computer_offer_after_s: 20,
      students: [4, 9],
      batch: null,
      opens_at: new Date("2030-05-03T09:00").toISOString(),
      closes_at: new Date("2030-05-03T10:00").toISOString(),
    });
  });

  it("sends only the computer players the game's definition offers", () => {
    const easyOnly = { ...MULTIPLIN, computer_players: MULTIPLIN.computer_players.filter((p) => p.level === "easy") };
    expect(buildRequest(v({ game: "multiplin", botLevels: ["easy", "hard"] }), easyOnly).body?.bot_levels).toEqual(["easy"]);
    expect(buildRequest(v({ game: "multiplin", botLevels: ["hard"] }), easyOnly).errors.botLevels).toBe("Choose at least one computer player.");
    expect(newFormValues(GAMES).botLevels).toEqual(["easy", "medium", "hard"]);
  });

  it("sends a grid batch only with a game that takes grid batches (Fultiples)", () => {
    expect(buildRequest(v({ game: "fultiples", batch: "12" }), FULTIPLES).body?.batch).toBe(12);
    expect(buildRequest(v({ game: "fultiples", batch: "" }), FULTIPLES).body?.batch).toBeNull();
    expect(buildRequest(v({ game: "multiplin", batch: "12" }), MULTIPLIN).body?.batch).toBeNull();
  });

  it("whole class: no students; no dates: open now, never close", () => {
    const { body } = buildRequest(v({ game: "fultiples", students: [3] }), FULTIPLES);
    expect(body?.students).toEqual([]);
    expect(body?.closes_at).toBeNull();
    expect(body && "opens_at" in body).toBe(false);
  });

  it("refuses what the server would refuse anyway", () => {
    expect(buildRequest(v({ game: "" }), undefined).errors.game).toBe("Choose a game.");
    const { errors } = buildRequest(
      v({ game: "fultiples", botLevels: [], audience: "some", students: [], opensAt: "2030-05-03T10:00", closesAt: "2030-05-03T09:00" }),
      FULTIPLES,
    );
    expect(Object.keys(errors).sort()).toEqual(["botLevels", "closesAt", "students"]);
  });
});

describe("editing", () => {
  it("fills the form from an assignment and gives back the same options", () => {
    const a = {
      id: 1,
      classroom: 2,
      game: "four_in_a_row",
      title: "",
      players_per_match: 2,
      options: { time_limit_s: 40, strict: true, target_score: 4 },
      hints: false,
      bots_allowed: false,
      bot_levels: ["easy"],
      idle_takeover_s: 0,
      computer_offer_after_s: 45,
      students: [],
      opens_at: "2030-01-01T08:00:00Z",
      closes_at: null,
      closed_at: null,
      is_open: false,
      created_at: "2030-01-01T08:00:00Z",
    } satisfies Assignment;
    const values = valuesFromAssignment(a, GAMES);
    expect(values).toMatchObject({ game: "four_in_a_row", options: { time_limit_s: "40", strict: true, target_score: "4" }, idleMinutes: "0", botsAllowed: false });
    const { body } = buildRequest(values, FOUR, a);
    expect(body?.options).toEqual(a.options);
    expect(body?.bot_levels).toEqual(["easy"]);
    expect(body?.idle_takeover_s).toBe(0);
    expect(values.offerSeconds).toBe("45");
    expect(body?.computer_offer_after_s).toBe(45);
    expect(buildRequest({ ...values, offerSeconds: "9000" }, FOUR, a).errors.offerSeconds).toMatch(/0 to 600/);
  });

  it("round-trips local date-times", () => {
    expect(isoToLocal(localToIso("2030-05-03T09:05"))).toBe("2030-05-03T09:05");
    expect(localToIso("")).toBeNull();
    expect(isoToLocal(null)).toBe("");
  });
});

describe("Focus: none, each child's weakest facts, or the tables and facts the teacher picks", () => {
  it("sends no focus for none, the mode for weakest, and the parsed tables and facts", () => {
    expect(buildOptions(v({ game: "multiplin", options: {} }), MULTIPLIN)).not.toHaveProperty("focus");
    expect(buildOptions(v({ game: "multiplin", options: { focus: "weakest" } }), MULTIPLIN).focus).toEqual({ mode: "weakest" });
    const picked = buildOptions(v({ game: "four_in_a_row", options: { focus: "facts", "focus.tables": "the 7s and 8s", "focus.facts": "6 x 7, 8×9; 3*4" } }), FOUR);
    expect(picked.focus).toEqual({ mode: "facts", tables: [7, 8], facts: [[6, 7], [8, 9], [3, 4]] });
  });

  it("reports an empty list or words it cannot read under options.focus", () => {
    const errors = {};
    buildOptions(v({ game: "four_in_a_row", options: { focus: "facts" } }), FOUR, errors);
    expect(errors).toEqual({ "options.focus": "Pick at least one table or one fact to focus on." });
    const bad = {};
    buildOptions(v({ game: "four_in_a_row", options: { focus: "facts", "focus.facts": "seven eights" } }), FOUR, bad);
    expect(bad).toEqual({ "options.focus": 'Write the facts like "6 x 7, 7 x 8".' });
    const range = {};
    buildOptions(v({ game: "four_in_a_row", options: { focus: "facts", "focus.tables": "13" } }), FOUR, range);
    expect(range).toEqual({ "options.focus": "Tables and facts go from 1 to 12." });
  });

  it("fills the inputs from an assignment being edited and sends the same focus back", () => {
    const focus = { mode: "facts", tables: [9], facts: [[6, 7]] };
    const values = valuesFromAssignment({ id: 1, game: "four_in_a_row", players_per_match: 2, options: { focus } } as unknown as Assignment, GAMES);
    expect(values.options).toMatchObject({ focus: "facts", "focus.tables": "9", "focus.facts": "6 × 7" });
    expect(buildOptions(values, FOUR).focus).toEqual(focus);
  });
});
