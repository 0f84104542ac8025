// The API's types. Everything the backend's OpenAPI schema describes comes from
// the generated src/api/schema.d.ts (`make frontend-generated`; never edit it
// by hand). Only what the schema does not describe is written by hand below.
import type { components } from "./schema";

type Schemas = components["schemas"];

// --- generated --------------------------------------------------------------

export type Role = Schemas["RoleEnum"];
export type SignInMode = Schemas["SignInModeEnum"];

export type Me = Schemas["Me"];
export type MeClassroom = Schemas["MeClassroom"];

export type Classroom = Schemas["Classroom"];
export type ClassroomCreate = Schemas["ClassroomRequest"];
export type ClassroomPatch = Schemas["PatchedClassroomRequest"];

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

export type SignUpRequest = Schemas["SignUpRequest"];
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

// The sign-in pictures are not an API type: they come from
// src/generated/pictures.json and are typed in src/components/Picture.tsx.
