// One typed function per endpoint. Paths end with "/" like Django's.
import type { StateMessage } from "../protocol/messages";
import { ApiError, fetchAllPages, request, requestFile, type DownloadedFile } from "./http";
import type {
  ActivateRequest,
  AddNamesRequest,
  AddedStudents,
  Assignment,
  AssignmentCreate,
  AssignmentPatch,
  AvatarRequest,
  Batch,
  BotLevel,
  Challenge,
  Checklist,
  ClassLive,
  Classmate,
  ComputerMatchRequest,
  CurrentMatch,
  Game,
  MatchHistory,
  MatchLobby,
  MatchPractice,
  MatchReplay,
  MyAssignment,
  NewChallengeRequest,
  Classroom,
  ClassroomCreate,
  ClassroomPatch,
  ImportResult,
  LoginRequest,
  Me,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  ResignResult,
  SignUpAccepted,
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

/** The same answer for a new and a taken email: the next step is in the email. */
export const signup = (body: SignUpRequest) =>
  request<SignUpAccepted>("POST", "/api/auth/signup/", { json: body });

export const activateAccount = (body: ActivateRequest) =>
  request<Me>("POST", "/api/auth/activate/", { json: body });

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

/** The teacher's first-run steps, each ticked from what their classes hold. */
export const getChecklist = (signal?: AbortSignal) => request<Checklist>("GET", "/api/me/checklist/", { signal });

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

// Login cards: a PDF made by a job, asked for with requestCards (api/exports.ts).

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

// --- games ------------------------------------------------------------------

/** The games as their engines define them (titles, traits, players, options, rules). Read once a page
 * load through the app's cache: games/useGames.ts. */
export const listGames = () => request<Game[]>("GET", "/api/games/");

// --- assignments (teacher) ----------------------------------------------------

export const listAssignments = (classId: number | string, signal?: AbortSignal) =>
  request<Assignment[]>("GET", `/api/classes/${enc(String(classId))}/assignments/`, { signal });

export const createAssignment = (classId: number, body: AssignmentCreate) =>
  request<Assignment>("POST", `/api/classes/${classId}/assignments/`, { json: body });

export const updateAssignment = (id: number, body: AssignmentPatch) =>
  request<Assignment>("PATCH", `/api/assignments/${id}/`, { json: body });

export const closeAssignment = (id: number) => request<Assignment>("POST", `/api/assignments/${id}/close/`);

export const deleteAssignment = (id: number) => request<void>("DELETE", `/api/assignments/${id}/`);

/** The teacher's Fultiples grid batches (an assignment may use a finished one). */
export const listBatches = (signal?: AbortSignal) => fetchAllPages<Batch>("/api/batches/", signal);

export const getClassLive = (classId: number | string, signal?: AbortSignal) =>
  request<ClassLive>("GET", `/api/classes/${enc(String(classId))}/live/`, { signal });

// --- playing (student) --------------------------------------------------------

export const listMyAssignments = (signal?: AbortSignal) =>
  request<MyAssignment[]>("GET", "/api/my/assignments/", { signal });

export const getCurrentMatch = (signal?: AbortSignal) =>
  request<CurrentMatch>("GET", "/api/my/current-match/", { signal });

export const listMyChallenges = (signal?: AbortSignal) =>
  request<Challenge[]>("GET", "/api/my/challenges/", { signal });

export const listMyMatches = (signal?: AbortSignal) => request<MatchHistory[]>("GET", "/api/my/matches/", { signal });

/** The child's class: names, avatars, who is online (the child too, `me: true`). */
export const listMyClassmates = (signal?: AbortSignal) => request<Classmate[]>("GET", "/api/my/classmates/", { signal });

/** The child chooses their own avatar; answers with who is signed in, avatar included. */
export const setMyAvatar = (body: AvatarRequest) => request<Me>("PUT", "/api/my/avatar/", { json: body });

export const quickMatch = (assignmentId: number) =>
  request<StateMessage>("POST", `/api/assignments/${assignmentId}/quick-match/`);

export const computerMatch = (assignmentId: number, botLevel: BotLevel) =>
  request<StateMessage>("POST", `/api/assignments/${assignmentId}/computer-match/`, {
    json: { bot_level: botLevel } satisfies ComputerMatchRequest,
  });

/** "Practise my facts": a match against the computer dealt toward the child's Practise next facts. Refused
 * with nothing_to_practise, no_computer, no_game_for_facts, or already_playing (with the match's id). */
export const practiseMyFacts = () => request<StateMessage>("POST", "/api/my/practice-match/");

export const challengeClassmate = (assignmentId: number, opponentUserId: number) =>
  request<Challenge>("POST", `/api/assignments/${assignmentId}/challenges/`, {
    json: { opponent: opponentUserId } satisfies NewChallengeRequest,
  });

export const acceptChallenge = (id: number) => request<Challenge>("POST", `/api/challenges/${id}/accept/`);

export const declineChallenge = (id: number) => request<Challenge>("POST", `/api/challenges/${id}/decline/`);

// --- one match ------------------------------------------------------------------

/** The match as this user may see it (the socket sends the same on connect, with `server_ms`). */
export const getMatchSnapshot = (matchId: number, signal?: AbortSignal) =>
  request<StateMessage>("GET", `/api/matches/${matchId}/`, { signal });

export const startMatch = (id: number) => request<StateMessage>("POST", `/api/matches/${id}/start/`);

export const leaveMatch = (id: number) => request<void>("POST", `/api/matches/${id}/leave/`);

/** Leave a running match for good: an easy computer takes the seat so the others can finish. */
export const resignMatch = (id: number) => request<ResignResult>("POST", `/api/matches/${id}/resign/`);

export const rematch = (id: number) => request<StateMessage>("POST", `/api/matches/${id}/rematch/`);

export const takeBackSeat = (id: number) => request<StateMessage>("POST", `/api/matches/${id}/take-back/`);

export const endMatch = (id: number) => request<StateMessage>("POST", `/api/matches/${id}/end/`);

/** For a child waiting in a lobby: free classmates, and when (and which) computer players are offered. */
export const getMatchLobby = (id: number, signal?: AbortSignal) =>
  request<MatchLobby>("GET", `/api/matches/${id}/lobby/`, { signal });

/** A finished match, step by step, as this user may see it. */
export const getMatchReplay = (id: number, signal?: AbortSignal) =>
  request<MatchReplay>("GET", `/api/matches/${id}/replay/`, { signal });

/** The facts the signed-in student practised in a match. */
export const getMatchPractice = (id: number, signal?: AbortSignal) =>
  request<MatchPractice>("GET", `/api/matches/${id}/practice/`, { signal });

/** The bell: every running match and lobby of the class ends. */
export const endClassGames = (classId: number) =>
  request<{ ended: number }>("POST", `/api/classes/${classId}/live/end-all/`);

/** Pause (clocks stop, boards wait) or resume every game of the class. */
export const pauseClassGames = (classId: number, paused: boolean) =>
  request<{ paused: boolean; changed: number }>("POST", `/api/classes/${classId}/live/pause/`, { json: { paused } });

/** The match id an "already_playing" refusal points to, if it names one. */
export function alreadyPlayingMatchId(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.code !== "already_playing") return null;
  const body = err.body as { error?: { match_id?: unknown } } | null;
  const id = body?.error?.match_id;
  return typeof id === "number" && Number.isInteger(id) ? id : null;
}
