// The API's types. Everything the backend's OpenAPI schema describes comes from
// the generated src/api/schema.d.ts (`make frontend-generated`; never edit it
// by hand). Only what the schema does not describe is written by hand below.
import type { MatchMeta, MatchResult } from "../protocol/messages";
import type { components } from "./schema";

type Schemas = components["schemas"];

// --- generated --------------------------------------------------------------

export type Role = Schemas["RoleEnum"];
export type SignInMode = Schemas["SignInModeEnum"];

export type Me = Schemas["Me"];
export type Avatar = Schemas["Avatar"];
export type AvatarRequest = Schemas["AvatarRequest"];
/** GET /api/my/classmates/: a classmate's name, avatar, and whether they are online. */
export type Classmate = Schemas["Classmate"];
export type MeClassroom = Schemas["MeClassroom"];

export type Classroom = Schemas["Classroom"];
export type ClassroomCreate = Schemas["ClassroomRequest"];
export type ClassroomPatch = Schemas["PatchedClassroomRequest"];
export type Checklist = Schemas["Checklist"];
export type ChecklistStep = Schemas["ChecklistStep"];
export type ChecklistKey = Schemas["KeyEnum"];

export type Student = Schemas["Student"];
export type StudentPatch = Schemas["PatchedStudentRequest"];
export type AddNamesRequest = Schemas["AddNamesRequest"];
export type AddedStudents = Schemas["AddedStudents"];
export type CardsRequest = Schemas["CardsRequestRequest"];

export type ImportRow = Schemas["ImportRow"];
export type ImportResult = Schemas["ImportResult"];

export type StudentLoginClass = Schemas["StudentLoginClass"];
export type StudentLoginClassroom = Schemas["StudentLoginClassroom"];
export type StudentLoginName = Schemas["StudentLoginName"];
export type StudentLoginRequest = Schemas["StudentLoginRequest"];
export type TokenLoginRequest = Schemas["TokenLoginRequest"];

/** A game as its engine defines it (GET /api/games/): players, options, presets, hints, rules. */
export type Game = Schemas["Game"];
export type GameOption = Schemas["GameOption"];
export type LevelPreset = Schemas["LevelPreset"];
export type HintRule = Schemas["HintRule"];
export type ComputerPlayer = Schemas["ComputerPlayer"];
export type BotLevel = Schemas["BotLevelEnum"];

/** `options` and `bot_levels` are untyped JSON in the schema: narrowed here. */
export type Assignment = Omit<Schemas["Assignment"], "options" | "bot_levels"> & {
  options: AssignmentOptions;
  bot_levels: BotLevel[];
};
export type AssignmentCreate = Omit<Schemas["AssignmentRequest"], "options" | "bot_levels"> & {
  options?: AssignmentOptions;
  bot_levels?: BotLevel[];
};
export type AssignmentPatch = Omit<Schemas["PatchedAssignmentRequest"], "options" | "bot_levels"> & {
  options?: AssignmentOptions;
  bot_levels?: BotLevel[];
};

export type Batch = Schemas["Batch"];

/** `classmates` is a list of untyped dicts in the schema: narrowed here. */
export type MyAssignment = Omit<Schemas["MyAssignment"], "classmates"> & { classmates: ChallengeableClassmate[] };
export type Challenge = Schemas["Challenge"];
export type ChallengeStatus = Schemas["ChallengeStatusEnum"];
export type NewChallengeRequest = Schemas["NewChallengeRequest"];
export type ComputerMatchRequest = Schemas["ComputerMatchRequest"];
/** `match` is untyped JSON in the schema (the match's seats and settings: MatchMeta). */
export type CurrentMatch = Omit<Schemas["CurrentMatch"], "match"> & { match: MatchMeta | null };
/** `students` and `matches` are lists of untyped dicts in the schema: narrowed below. */
export type ClassLive = Omit<Schemas["ClassLive"], "students" | "matches" | "finished"> & {
  students: LiveStudent[];
  matches: LiveMatch[];
  /** Matches that ended in the last two hours: to watch again. */
  finished: (MatchMeta & { finished_at: string })[];
};
/** `result` is untyped JSON in the schema. */
export type MatchHistory = Omit<Schemas["MatchHistory"], "result"> & { result: MatchResult | null };

export type SignUpRequest = Schemas["SignUpRequest"];
export type SignUpAccepted = Schemas["SignUpAccepted"];
export type ActivateRequest = Schemas["ActivateRequest"];
export type LoginRequest = Schemas["LoginRequest"];
export type PasswordResetRequest = Schemas["PasswordResetRequest"];
export type PasswordResetConfirmRequest = Schemas["PasswordResetConfirmRequest"];

// --- hand-written: not in the schema ----------------------------------------

/**
 * The body of every failed API response (api/errors.py). Some errors add extra
 * keys next to `code` (e.g. `rows` on a rejected CSV import). src/api/http.ts
 * parses it defensively into an ApiError, since proxies may answer otherwise.
 */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields: Record<string, string[]>;
    [extra: string]: unknown;
  };
}

/** Engine setup options of an assignment (docs/games.md, docs/engine-contract.md "Setup options"). */
export type AssignmentOptions = Record<string, unknown>;

/** MyAssignment.classmates: the classmates this student may challenge. */
export interface ChallengeableClassmate {
  user_id: number;
  name: string;
}

/** POST /api/matches/{id}/resign/ (the schema's ResignResult, with its match typed). */
export type ResignResult = Omit<Schemas["ResignResult"], "match"> & { match: MatchMeta };

/** ClassLive.students. */
export interface LiveStudent {
  id: number;
  user_id: number;
  display_name: string;
  online: boolean;
  avatar?: string;
  avatar_colour?: string;
}
/** ClassLive.matches. */
export interface LiveMatch extends MatchMeta {
  version: number;
  /** When the match (or lobby) was opened: how long a lobby has waited. */
  created_at?: string;
  scores: number[] | null;
  hand_sizes: number[] | null;
  to_move: number[];
}

// The sign-in pictures are not an API type: they come from
// src/generated/pictures.json and are typed in src/components/Picture.tsx.

/** A finished match step by step, as the viewer may see it (GET /api/matches/<id>/replay/). */
/** A wrong answer in a replay: `multiply` a x b answered `answer`; `factor_pair` b chosen after a;
 * `divisor` b written on a. */
export interface WrongAnswer {
  kind: string;
  a: number;
  b: number;
  answer: number | null;
}

export type MatchReplay = Omit<Schemas["MatchReplay"], "steps"> & {
  steps: {
    version: number;
    source: string;
    seat: number | null;
    views: Record<string, unknown>;
    events: Record<string, unknown[]>;
    action?: unknown;
    /** The wrong answers of this step as recorded (the teacher's replay: every child's; a child's: their own). */
    wrong?: WrongAnswer[];
  }[];
};

/** For a child waiting in a lobby (GET /api/matches/<id>/lobby/). */
export type MatchLobby = Schemas["MatchLobby"];
/** The facts a student practised in one match (GET /api/matches/<id>/practice/). */
export type MatchPractice = Schemas["MatchPractice"];
