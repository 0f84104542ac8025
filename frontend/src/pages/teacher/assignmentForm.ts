// The assignment form's values and what they become in the API request. Pure, tested.
import type { Assignment, AssignmentCreate, AssignmentOptions, BotLevel, Game } from "../../api/types";
import type { GameSlug } from "../../protocol/messages";

export const LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type Level = (typeof LEVELS)[number];
export const BOT_LEVELS: BotLevel[] = ["easy", "hard"];

export interface FormValues {
  game: GameSlug | "";
  title: string;
  players: string;
  level: Level;
  /** Fultiples: a grid batch id ("" = a fresh grid at `level` for each match). */
  batch: string;
  /** Seconds per turn; "" for no limit. */
  timeLimit: string;
  strict: boolean;
  targetScore: string;
  roundTime: string;
  size: string;
  randomFill: boolean;
  hints: boolean;
  botsAllowed: boolean;
  botLevels: BotLevel[];
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

/** The option keys the form sets, per game. Other keys of an edited assignment are kept. */
export const FORM_OPTION_KEYS: Record<GameSlug, readonly string[]> = {
  fultiples: ["level", "time_limit_s", "strict"],
  four_in_a_row: ["time_limit_s", "strict", "target_score"],
  multiplin: ["round_time_s"],
  stepping_divisors: ["size", "time_limit_s", "strict", "random_fill"],
};

export const DEFAULT_VALUES: FormValues = {
  game: "",
  title: "",
  players: "2",
  level: "intermediate",
  batch: "",
  timeLimit: "",
  strict: false,
  targetScore: "3",
  roundTime: "60",
  size: "8",
  randomFill: false,
  hints: false,
  botsAllowed: true,
  botLevels: [...BOT_LEVELS],
  idleMinutes: "3",
  offerSeconds: "20",
  opensAt: "",
  closesAt: "",
  audience: "class",
  students: [],
};

/** Form field -> message, for what the browser can check before sending. */
export type FormErrors = Partial<Record<keyof FormValues, string>>;

function wholeNumber(raw: string, min: number, max: number, what: string, errors: FormErrors, key: keyof FormValues): number | undefined {
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

/** The engine options for the chosen game. `existing` are the options of the assignment being edited. */
export function buildOptions(values: FormValues, errors: FormErrors = {}, existing: AssignmentOptions = {}): AssignmentOptions {
  if (!values.game) return {};
  const game = values.game;
  const options: AssignmentOptions = { ...existing };
  for (const key of FORM_OPTION_KEYS[game]) delete options[key];
  const timeLimit = () => {
    if (values.timeLimit.trim() === "") return;
    const n = wholeNumber(values.timeLimit, 1, 3600, "The time limit", errors, "timeLimit");
    if (n !== undefined) options.time_limit_s = n;
  };
  switch (game) {
    case "fultiples":
      options.level = values.level;
      timeLimit();
      options.strict = values.strict;
      break;
    case "four_in_a_row": {
      timeLimit();
      options.strict = values.strict;
      const target = wholeNumber(values.targetScore, 1, 100, "The target score", errors, "targetScore");
      if (target !== undefined) options.target_score = target;
      break;
    }
    case "multiplin": {
      const round = wholeNumber(values.roundTime, 5, 600, "The round time", errors, "roundTime");
      if (round !== undefined) options.round_time_s = round;
      break;
    }
    case "stepping_divisors": {
      const size = wholeNumber(values.size, 3, 12, "The board size", errors, "size");
      if (size !== undefined) options.size = size;
      timeLimit();
      options.strict = values.strict;
      options.random_fill = values.randomFill;
      break;
    }
  }
  return options;
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
  const options = buildOptions(values, errors, existing?.options ?? {});
  const idleRaw = values.idleMinutes.trim();
  let idle: number | undefined = 0;
  if (idleRaw !== "") {
    const minutes = Number(idleRaw);
    if (!Number.isFinite(minutes) || minutes < 0 || minutes > 60) errors.idleMinutes = "Give minutes from 0 to 60 (0: never).";
    else idle = Math.round(minutes * 60);
  }
  const offer = wholeNumber(values.offerSeconds.trim() || "20", 0, 600, "Seconds before the computer is offered", errors, "offerSeconds");
  if (values.botsAllowed && values.botLevels.length === 0) errors.botLevels = "Choose at least one computer player.";
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
    bot_levels: values.botsAllowed ? BOT_LEVELS.filter((l) => values.botLevels.includes(l)) : existing?.bot_levels ?? [],
    idle_takeover_s: idle,
    computer_offer_after_s: offer ?? 20,
    students: values.audience === "some" ? values.students : [],
    batch: values.game === "fultiples" && values.batch ? Number(values.batch) : null,
    closes_at: closesAt,
  };
  if (opensAt) body.opens_at = opensAt;
  return { body, errors };
}

function str(v: unknown, fallback: string): string {
  return typeof v === "number" || typeof v === "string" ? String(v) : fallback;
}

/** The form, filled from an assignment being edited. */
export function valuesFromAssignment(a: Assignment): FormValues {
  const o = a.options ?? {};
  const level = LEVELS.includes(o.level as Level) ? (o.level as Level) : DEFAULT_VALUES.level;
  return {
    ...DEFAULT_VALUES,
    game: a.game,
    title: a.title ?? "",
    players: String(a.players_per_match),
    level,
    batch: a.batch ? String(a.batch) : "",
    timeLimit: str(o.time_limit_s, ""),
    strict: o.strict === true,
    targetScore: str(o.target_score, DEFAULT_VALUES.targetScore),
    roundTime: str(o.round_time_s, DEFAULT_VALUES.roundTime),
    size: str(o.size, DEFAULT_VALUES.size),
    randomFill: o.random_fill === true,
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
