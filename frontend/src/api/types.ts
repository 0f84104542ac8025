// Hand-written from the API spec until the backend's OpenAPI schema exists.
// When `npm run gen:api` has produced src/api/schema.d.ts, replace each type
// below with a re-export, e.g.
//   import type { components } from "./schema";
//   export type Classroom = components["schemas"]["Classroom"];
// and let `npm run typecheck` point out any difference.

export type Role = "teacher" | "student";
export type SignInMode = "pictures" | "password";

export interface ClassroomRef {
  id: number;
  name: string;
  join_code: string;
}

export interface Me {
  id: number;
  role: Role;
  name: string;
  email: string | null;
  classroom: ClassroomRef | null;
}

export interface Classroom {
  id: number;
  name: string;
  join_code: string;
  sign_in_mode: SignInMode;
  archived: boolean;
  student_count: number;
  created_at: string;
}

export interface ClassroomPatch {
  name?: string;
  sign_in_mode?: SignInMode;
  archived?: boolean;
}

export interface Student {
  id: number;
  first_name: string;
  last_name: string;
  display_name: string;
  has_card: boolean;
  has_password: boolean;
  locked_until: string | null;
  created_at: string;
}

export interface StudentPatch {
  first_name?: string;
  last_name?: string;
  password?: string;
}

export interface StudentsCreated {
  created: Student[];
}

export interface ImportRow {
  line: number;
  first_name: string;
  last_name: string;
  display_name: string;
  problems: string[];
}

export interface ImportResult {
  rows: ImportRow[];
  valid: boolean;
  created: number;
}

export interface StudentLoginClass {
  classroom: { name: string; sign_in_mode: SignInMode };
  students: { id: number; display_name: string }[];
}

export type StudentLoginRequest =
  | { code: string; student_id: number; pictures: string[] }
  | { code: string; student_id: number; password: string };
