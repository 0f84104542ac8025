// The assignment form's values and what they become in the API request. Pure, tested.
// A game's options (which, their kinds, ranges, defaults, words) come from its definition
// (GET /api/games/); nothing about any one game is written here.
import type { Assignment, AssignmentCreate, AssignmentOptions, BotLevel, Game, GameOption } from "../../api/types";
import { allComputerLevels, formOptions, sentenceNoun } from "../../games/definitions";
import type { GameSlug } from "../../protocol/messages";

/** What the teacher typed or chose for one option: text for numbers and choices, a switch for the rest. */
export type OptionInput = string | boolean;

export interface FormValues {
  game: GameSlug | "";
  title: string;
  players: string;
  /** Fultiples: a grid batch id ("" = a fresh grid for each match). */
  batch: string;
  /** The game's options by name; an option not here shows (and sends) its default. */
  options: Record<string, OptionInput>;
  hints: boolean;
  botsAllowed: boolean;
  /** Computer levels, as the games' definitions name them. */
  botLevels: string[];
  /** Minutes before an idle player's seat goes to a computer; "0" never. */
  idleMinutes: string;
  /** Seconds a child waits alone in a lobby before the computer is offered; "0" at once. */
  offerSeconds: string;
  /** datetime-local values ("2025-05-03T09:00"), local time; "" = now / never. */
  opensAt: string;
  closesAt: string;
  audience: "class" | "some";
  students: number[];
}

/** A new assignment: no game yet, every computer player the games offer. */
export function newFormValues(games: Game[]): FormValues {
  return {
    game: "",
    title: "",
    players: "2",
    batch: "",
    options: {},
    hints: false,
    botsAllowed: true,
    botLevels: allComputerLevels(games),
    idleMinutes: "3",
    offerSeconds: "20",
    opensAt: "",
    closesAt: "",
    audience: "class",
    students: [],
  };
}

/** The option inputs a new assignment of `game` starts with: the game's proposal (which is not the
 * engine's default: Stepping By Divisors proposes a small board the computer fills), else none. */
export function proposedOptions(game: Game | undefined): Record<string, OptionInput> {
  const options: Record<string, OptionInput> = {};
  for (const [name, value] of Object.entries(game?.proposal?.options ?? {})) {
    if (typeof value === "boolean") options[name] = value;
    else if (typeof value === "number" || typeof value === "string") options[name] = String(value);
  }
  return options;
}

/**
 * Form field -> message, for what the browser can check before sending. A game option's key is
 * `options.<name>`, as the server names it.
 */
export type FormErrors = Partial<Record<keyof FormValues | `options.${string}`, string>>;

export const optionField = (name: string): `options.${string}` => `options.${name}`;

function wholeNumber(raw: string, min: number, max: number, what: string, errors: FormErrors, key: keyof FormErrors): number | undefined {
  const s = raw.trim();
  if (!/^\d+$/.test(s)) {
    errors[key] = `${what} must be a whole number from ${min} to ${max}.`;
    return undefined;
  }
  const n = Number(s);
  if (n < min || n > max) {
    errors[key] = `${what} must be from ${min} to ${max}.`;
    return undefined;
  }
  return n;
}

/** The value an option input shows: what the teacher gave, else the option's default. */
export function optionInput(values: FormValues, option: GameOption): OptionInput {
  const given = values.options[option.name];
  if (given !== undefined) return given;
  if (option.kind === "boolean") return option.default === true;
  if (option.kind === "focus") return "none";
  return option.default === null || option.default === undefined ? "" : String(option.default);
}

/** Options a grid batch replaces are not asked for while a batch is chosen. */
export function optionShown(values: FormValues, game: Game, option: GameOption): boolean {
  return !(values.batch && game.replaced_by_grid_batch.includes(option.name));
}

/** The engine options for the chosen game. `existing` are the options of the assignment being edited. */
export function buildOptions(values: FormValues, game: Game, errors: FormErrors = {}, existing: AssignmentOptions = {}): AssignmentOptions {
  const options: AssignmentOptions = { ...existing };
  for (const option of formOptions(game)) {
    delete options[option.name];
    const input = optionInput(values, option);
    if (option.kind === "boolean") {
      options[option.name] = input === true;
    } else if (option.kind === "choice") {
      const chosen = option.choices.some((c) => c.value === input) ? input : option.default;
      if (typeof chosen === "string") options[option.name] = chosen;
    } else if (option.kind === "focus") {
      const focus = focusFromInputs(String(input), values.options[focusTablesKey(option.name)], values.options[focusFactsKey(option.name)], errors, optionField(option.name));
      if (focus) options[option.name] = focus;
    } else if (option.kind === "integer") {
      const text = typeof input === "string" ? input : "";
      if (text.trim() === "" && option.nullable) continue; // e.g. no time limit
      const n = wholeNumber(text, option.minimum ?? 0, option.maximum ?? Number.MAX_SAFE_INTEGER, sentenceNoun(option), errors, optionField(option.name));
      if (n !== undefined) options[option.name] = n;
    }
  }
  return options;
}

// --- Focus: a mode, and for "facts" the tables and facts the teacher typed ---------------------------

export type Focus = { mode: "weakest" } | { mode: "facts"; tables: number[]; facts: [number, number][] };

/** The form keys of the Focus option's two text inputs, beside the mode under the option's own name. */
export const focusTablesKey = (name: string) => `${name}.tables`;
export const focusFactsKey = (name: string) => `${name}.facts`;

const TIMES = "\u00d7";

/** "7, 8" or "the 7s and 8s" -> [7, 8]; null when something else is in it. */
export function parseTables(text: string): number[] | null {
  const words = text.replace(/\b(the|and|table|tables)\b/gi, " ").split(/[\s,;]+/).filter(Boolean);
  const tables: number[] = [];
  for (const word of words) {
    const m = /^(\d{1,2})s?$/i.exec(word);
    if (!m) return null;
    tables.push(Number(m[1]));
  }
  return tables;
}

/** "6 x 7, 7×8; 8*9" -> [[6, 7], [7, 8], [8, 9]]; null when a part is not a fact. */
export function parseFacts(text: string): [number, number][] | null {
  const parts = text.split(/[,;\n]+/).map((p) => p.trim()).filter(Boolean);
  const facts: [number, number][] = [];
  for (const part of parts) {
    const m = /^(\d{1,2})\s*[x×*X]\s*(\d{1,2})$/.exec(part);
    if (!m) return null;
    facts.push([Number(m[1]), Number(m[2])]);
  }
  return facts;
}

/** The Focus option's value from its inputs; undefined for none (or errors, under `key`). */
export function focusFromInputs(mode: string, tablesText: OptionInput | undefined, factsText: OptionInput | undefined, errors: FormErrors, key: keyof FormErrors): Focus | undefined {
  if (mode === "weakest") return { mode: "weakest" };
  if (mode !== "facts") return undefined;
  const tables = parseTables(typeof tablesText === "string" ? tablesText : "");
  const facts = parseFacts(typeof factsText === "string" ? factsText : "");
  if (tables === null) errors[key] = 'Write the tables as numbers, for example "7, 8".';
  else if (facts === null) errors[key] = `Write the facts like "6 x 7, 7 x 8".`;
  else if (tables.length === 0 && facts.length === 0) errors[key] = "Pick at least one table or one fact to focus on.";
  else if (tables.some((t) => t < 1 || t > 12) || facts.some(([a, b]) => a < 1 || a > 12 || b < 1 || b > 12)) errors[key] = "Tables and facts go from 1 to 12.";
  else return { mode: "facts", tables, facts };
  return undefined;
}

/** The inputs of a stored Focus option. */
export function focusInputs(name: string, value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  const focus = value as { mode?: unknown; tables?: unknown; facts?: unknown };
  const tables = Array.isArray(focus.tables) ? focus.tables.join(", ") : "";
  const facts = Array.isArray(focus.facts) ? focus.facts.map((f) => (Array.isArray(f) ? f.join(` ${TIMES} `) : "")).join(", ") : "";
  return { [name]: typeof focus.mode === "string" ? focus.mode : "none", [focusTablesKey(name)]: tables, [focusFactsKey(name)]: facts };
}

/** "2025-05-03T09:00" (local) -> ISO string; "" -> null. */
export function localToIso(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** ISO string -> "2025-05-03T09:00" in local time, for a datetime-local input. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The request body, or the errors to show first. Player count is fixed for 2-player games. */
export function buildRequest(
  values: FormValues,
  game: Game | undefined,
  existing?: Assignment,
): { body: AssignmentCreate | null; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!values.game || !game) {
    errors.game = "Choose a game.";
    return { body: null, errors };
  }
  const players =
    game.min_players === game.max_players
      ? game.min_players
      : wholeNumber(values.players, game.min_players, game.max_players, "Players per match", errors, "players");
  const options = buildOptions(values, game, errors, existing?.options ?? {});
  const offered = game.computer_players.map((p) => p.level);
  const botLevels = offered.filter((l) => values.botLevels.includes(l));
  const idleRaw = values.idleMinutes.trim();
  let idle: number | undefined = 0;
  if (idleRaw !== "") {
    const minutes = Number(idleRaw);
    if (!Number.isFinite(minutes) || minutes < 0 || minutes > 60) errors.idleMinutes = "Give minutes from 0 to 60 (0: never).";
    else idle = Math.round(minutes * 60);
  }
  const offer = wholeNumber(values.offerSeconds.trim() || "20", 0, 600, "Seconds before the computer is offered", errors, "offerSeconds");
  if (values.botsAllowed && botLevels.length === 0) errors.botLevels = "Choose at least one computer player.";
  if (values.audience === "some" && values.students.length === 0) errors.students = "Choose at least one student.";
  const opensAt = localToIso(values.opensAt);
  const closesAt = localToIso(values.closesAt);
  if (opensAt && closesAt && closesAt <= opensAt) errors.closesAt = "The closing time must be after the opening time.";
  if (Object.keys(errors).length > 0 || players === undefined) return { body: null, errors };

  const body: AssignmentCreate = {
    game: values.game,
    title: values.title.trim(),
    players_per_match: players,
    options,
    hints: values.hints,
    bots_allowed: values.botsAllowed,
    bot_levels: values.botsAllowed ? (botLevels as BotLevel[]) : existing?.bot_levels ?? [],
    idle_takeover_s: idle,
    computer_offer_after_s: offer ?? 20,
    students: values.audience === "some" ? values.students : [],
    batch: game.replaced_by_grid_batch.length > 0 && values.batch ? Number(values.batch) : null,
    closes_at: closesAt,
  };
  if (opensAt) body.opens_at = opensAt;
  return { body, errors };
}

/** The form, filled from an assignment being edited (its options as the inputs show them). */
export function valuesFromAssignment(a: Assignment, games: Game[]): FormValues {
  const options: Record<string, OptionInput> = {};
  for (const [name, value] of Object.entries(a.options ?? {})) {
    if (typeof value === "boolean") options[name] = value;
    else if (typeof value === "number" || typeof value === "string") options[name] = String(value);
    else if (name === "focus") Object.assign(options, focusInputs(name, value));
  }
  return {
    ...newFormValues(games),
    game: a.game,
    title: a.title ?? "",
    players: String(a.players_per_match),
    batch: a.batch ? String(a.batch) : "",
    options,
    hints: a.hints ?? false,
    botsAllowed: a.bots_allowed ?? true,
    botLevels: a.bot_levels ?? [],
    idleMinutes: String(Math.round(((a.idle_takeover_s ?? 180) / 60) * 100) / 100),
    offerSeconds: String(a.computer_offer_after_s ?? 20),
    opensAt: isoToLocal(a.opens_at),
    closesAt: isoToLocal(a.closes_at),
    audience: a.students && a.students.length > 0 ? "some" : "class",
    students: a.students ?? [],
  };
}

/** Which API field errors the form shows beside a field (the rest go in the box on top). */
export const SERVER_FIELD_FOR: Partial<Record<keyof FormValues, string>> = {
  game: "game",
  title: "title",
  players: "players_per_match",
  batch: "batch",
  botLevels: "bot_levels",
  idleMinutes: "idle_takeover_s",
  offerSeconds: "computer_offer_after_s",
  opensAt: "opens_at",
  closesAt: "closes_at",
  students: "students",
};
