// One typed function per endpoint. Paths end with "/" like Django's.
import { ApiError, fetchAllPages, request, requestFile, type DownloadedFile } from "./http";
import type {
  AddNamesRequest,
  AddedStudents,
  CardsRequest,
  Classroom,
  ClassroomCreate,
  ClassroomPatch,
  ImportResult,
  LoginRequest,
  Me,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  SignUpRequest,
  Student,
  StudentLoginClass,
  StudentLoginRequest,
  StudentPatch,
} from "./types";

const enc = encodeURIComponent;

// --- auth -------------------------------------------------------------------

/** The signed-in user, or null when signed out (401/403). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await request<Me>("GET", "/api/auth/me/", { signal });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

export const signup = (body: SignUpRequest) =>
  request<Me>("POST", "/api/auth/signup/", { json: body });

export const login = (body: LoginRequest) =>
  request<Me>("POST", "/api/auth/login/", { json: body });

export const logout = () => request<void>("POST", "/api/auth/logout/");

export const requestPasswordReset = (body: PasswordResetRequest) =>
  request<void>("POST", "/api/auth/password-reset/", { json: body });

export const confirmPasswordReset = (body: PasswordResetConfirmRequest) =>
  request<void>("POST", "/api/auth/password-reset/confirm/", { json: body });

// --- classes ----------------------------------------------------------------

export const listClasses = (signal?: AbortSignal) => fetchAllPages<Classroom>("/api/classes/", signal);

export const createClass = (body: ClassroomCreate) => request<Classroom>("POST", "/api/classes/", { json: body });

export const getClass = (id: number | string, signal?: AbortSignal) =>
  request<Classroom>("GET", `/api/classes/${enc(String(id))}/`, { signal });

export const updateClass = (id: number, body: ClassroomPatch) =>
  request<Classroom>("PATCH", `/api/classes/${id}/`, { json: body });

export const deleteClass = (id: number) => request<void>("DELETE", `/api/classes/${id}/`);

export const regenerateCode = (id: number) => request<Classroom>("POST", `/api/classes/${id}/regenerate-code/`);

// --- roster -----------------------------------------------------------------

export const listStudents = (classId: number | string, signal?: AbortSignal) =>
  fetchAllPages<Student>(`/api/classes/${enc(String(classId))}/students/`, signal);

export const addStudents = (classId: number, names: string) =>
  request<AddedStudents>("POST", `/api/classes/${classId}/students/`, { json: { names } satisfies AddNamesRequest });

export function importStudents(classId: number, file: File, commit: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", file);
  form.append("commit", commit ? "true" : "false");
  return request<ImportResult>("POST", `/api/classes/${classId}/students/import/`, { form });
}

/** Login cards as a PDF. Without `students`, cards for everyone who has none. */
export const printCards = (classId: number, students?: number[]): Promise<DownloadedFile> =>
  requestFile("POST", `/api/classes/${classId}/cards/`, "login-cards.pdf", {
    json: (students ? { students } : {}) satisfies CardsRequest,
    accept: "application/pdf, application/json;q=0.9",
  });

// --- students ---------------------------------------------------------------

export const updateStudent = (id: number, body: StudentPatch) =>
  request<Student>("PATCH", `/api/students/${id}/`, { json: body });

export const deleteStudent = (id: number) => request<void>("DELETE", `/api/students/${id}/`);

export const revokeCard = (id: number) => request<void>("POST", `/api/students/${id}/revoke-card/`);

export const unlockStudent = (id: number) => request<void>("POST", `/api/students/${id}/unlock/`);

export const exportStudent = (id: number): Promise<DownloadedFile> =>
  requestFile("GET", `/api/students/${id}/export/`, `student-${id}.json`, { accept: "application/json" });

// --- children's sign-in -----------------------------------------------------

export const getStudentLoginClass = (code: string, signal?: AbortSignal) =>
  request<StudentLoginClass>("GET", `/api/student-login/${enc(code)}/`, { signal });

export const studentLogin = (body: StudentLoginRequest) => request<Me>("POST", "/api/student-login/", { json: body });

export const studentTokenLogin = (token: string) =>
  request<Me>("POST", "/api/student-login/token/", { json: { token } });
