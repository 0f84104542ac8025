// Children's sign-in: class code -> name -> three pictures (or a typed password).
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { getStudentLoginClass, studentLogin, studentTokenLogin } from "../../api/endpoints";
import { ApiError } from "../../api/http";
import type { Me } from "../../api/types";
import { useAuth } from "../../auth";
import { Button, toApiError, useAction } from "../../components/forms";
import { Page } from "../../components/Page";
import { PICTURES, Picture, pictureLabel } from "../../components/Picture";
import { CODE_LENGTH, isCompleteClassCode, normaliseClassCode } from "../../lib/classCode";
import { SEQUENCE_LENGTH, usePictureSequence, type SubmitOutcome } from "../../lib/pictureSequence";
import { useRovingGrid } from "../../lib/useRovingGrid";
import { queryKeys } from "../../api/queryKeys";
import { loadError } from "../../lib/queryClient";

const WRONG = "That's not it. Try again!";
/** For a child who landed where they did not mean to (a page that needs sign-in, a card that failed). */
export const TRY_AGAIN = "Let's try again. Scan your card or ask your teacher.";

/** A login card drawn big: the QR square and a smiling child, so the way back reads without words. */
function CardPicture({ size = 160 }: { size?: number }) {
  const qr = [
    [0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2], [4, 0], [4, 2], [3, 3], [4, 4], [2, 4], [0, 4],
  ];
  return (
    <svg viewBox="0 0 120 80" width={size} height={(size * 2) / 3} focusable="false" aria-hidden="true" className="card-picture">
      <rect x="2" y="2" width="116" height="76" rx="8" fill="#fffbe6" stroke="#8a6d00" strokeWidth="3" />
      <circle cx="30" cy="34" r="14" fill="#ffcf66" />
      <circle cx="25" cy="31" r="2" fill="#333" />
      <circle cx="35" cy="31" r="2" fill="#333" />
      <path d="M23 38 Q30 45 37 38" stroke="#333" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <rect x="14" y="54" width="34" height="6" rx="3" fill="#8a6d00" />
      <rect x="62" y="14" width="46" height="46" rx="3" fill="#ffffff" stroke="#333" strokeWidth="2" />
      {qr.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={66 + x! * 8} y={18 + y! * 8} width="7" height="7" fill="#222" />
      ))}
    </svg>
  );
}

/** The way back for a child on the wrong page: a big picture of their card and one short sentence. */
export function WayBack({ to = "/student", label = "Try again" }: { to?: string; label?: string }) {
  return (
    <div className="way-back">
      <Link className="btn btn-primary btn-huge way-back-button" to={to} state={{ cardFailed: true }} aria-label={label}>
        <CardPicture />
        <span className="way-back-label">{label}</span>
      </Link>
      <p className="lead">{TRY_AGAIN}</p>
    </div>
  );
}

/** Where the class-code page was sent from: a guarded page (state.from) or a card that failed. */
function cameBack(state: unknown): boolean {
  const s = state as { from?: unknown; cardFailed?: unknown } | null;
  return typeof s?.from === "string" || s?.cardFailed === true;
}
const LOCKED = "Too many tries. Ask your teacher to help you sign in.";

export function ClassCodeInput({
  value,
  onChange,
  id,
  inputRef,
}: {
  value: string;
  onChange: (code: string) => void;
  id: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={inputRef}
      id={id}
      className="code-input"
      value={value}
      onChange={(e) => onChange(normaliseClassCode(e.target.value))}
      maxLength={CODE_LENGTH + 4}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="characters"
      spellCheck={false}
      inputMode="text"
      enterKeyHint="go"
      aria-describedby={`${id}-hint`}
    />
  );
}

export function EnterCode() {
  const { me } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const lost = cameBack(location.state) && me?.role !== "student";
  const [code, setCode] = useState("");
  const complete = isCompleteClassCode(code);
  // The one thing to do here is type the code: the box gets the focus, not the heading (this effect
  // runs after the Page's, which focuses the heading on every other page).
  const codeBox = useRef<HTMLInputElement>(null);
  useEffect(() => codeBox.current?.focus(), []);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (complete) navigate(`/student/${code}`);
  }
  return (
    <Page title="Type your class code" className="student">
      {me?.role === "student" && (
        <p className="alert alert-info">
          You are signed in as {me.name}. <Link to="/home">Go to your games</Link>
        </p>
      )}
      {lost && (
        <div className="way-back" role="status">
          <CardPicture />
          <p className="lead">{TRY_AGAIN}</p>
        </div>
      )}
      <form onSubmit={onSubmit} className="card form code-form">
        <label htmlFor="class-code" className="big-label">
          Class code
        </label>
        <p id="class-code-hint" className="hint">
          Your teacher has it. It has {CODE_LENGTH} letters and numbers.
        </p>
        <ClassCodeInput id="class-code" value={code} onChange={setCode} inputRef={codeBox} />
        <Button type="submit" variant="primary" className="btn-huge" disabled={!complete}>
          Go
        </Button>
      </form>
      <p>
        <Link className="btn" to="/">Back</Link>
      </p>
    </Page>
  );
}

/** The class behind a code (its children and sign-in mode), fetched on the names page and reused
 * on the secret page, so a child's tap does not wait for the same request twice. */
function useLoginClass(code: string) {
  const query = useQuery({
    queryKey: queryKeys.loginClass(code),
    queryFn: ({ signal }) => getStudentLoginClass(code, signal),
    enabled: isCompleteClassCode(code),
  });
  return { data: query.data ?? null, error: loadError(query.error) };
}

function CodeProblem({ error }: { error: ApiError }) {
  return (
    <Page title={error.status === 404 ? "We can't find that class" : "Something went wrong"} className="student">
      <div className="alert alert-error" role="alert">
        <p>{error.status === 404 ? "Check the code with your teacher and try again." : error.message}</p>
      </div>
      <p>
        <Link className="btn btn-primary btn-huge" to="/student">
          Type the code again
        </Link>
      </p>
    </Page>
  );
}

export function PickName() {
  const { code: raw = "" } = useParams();
  const code = normaliseClassCode(raw);
  const { data, error } = useLoginClass(code);
  if (!isCompleteClassCode(raw)) return <Navigate to="/student" replace />;
  if (error) return <CodeProblem error={error} />;
  if (!data) {
    return (
      <Page title="Finding your class" className="student">
        <p role="status">Finding your class…</p>
      </Page>
    );
  }
  return (
    <Page title={data.classroom.name} heading={<>Who are you?</>} className="student">
      <p className="lead">Class {data.classroom.name}. Tap your name.</p>
      {data.students.length === 0 ? (
        <p>There is nobody in this class yet. Ask your teacher.</p>
      ) : (
        <ul className="name-grid">
          {data.students.map((s) => (
            <li key={s.id}>
              <Link className="name-button" to={`/student/${code}/${s.id}`}>
                {s.display_name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="btn" to="/student">That's not my class</Link>
      </p>
    </Page>
  );
}

function outcomeFor(err: unknown): SubmitOutcome {
  const e = toApiError(err);
  if (e.status === 423 || e.code === "locked") return { kind: "locked", message: e.message || LOCKED };
  if (e.code === "wrong_secret") return { kind: "wrong", message: e.message || WRONG };
  return { kind: "failed", message: e.message };
}

export function SecretStep() {
  const { code: raw = "", studentId = "" } = useParams();
  const code = normaliseClassCode(raw);
  const id = Number(studentId);
  const { data, error } = useLoginClass(code);
  const { setMe } = useAuth();
  const navigate = useNavigate();

  const signedIn = useCallback(
    (me: Me) => {
      setMe(me); // which also forgets the class list: the next child asks again
      navigate("/home", { replace: true });
    },
    [navigate, setMe],
  );

  if (!isCompleteClassCode(raw) || !Number.isInteger(id)) return <Navigate to="/student" replace />;
  if (error) return <CodeProblem error={error} />;
  if (!data) {
    return (
      <Page title="Just a moment" className="student">
        <p role="status">Just a moment…</p>
      </Page>
    );
  }
  const student = data.students.find((s) => s.id === id);
  if (!student) return <Navigate to={`/student/${code}`} replace />;

  return data.classroom.sign_in_mode === "password" ? (
    <PasswordStep code={code} studentId={id} name={student.display_name} onSignedIn={signedIn} />
  ) : (
    <PictureStep code={code} studentId={id} name={student.display_name} onSignedIn={signedIn} />
  );
}

interface StepProps {
  code: string;
  studentId: number;
  name: string;
  onSignedIn: (me: Me) => void;
}

export function PictureStep({ code, studentId, name, onSignedIn }: StepProps) {
  const submit = useCallback(
    async (pictures: string[]): Promise<SubmitOutcome> => {
      try {
        onSignedIn(await studentLogin({ code, student_id: studentId, pictures }));
        return { kind: "ok" };
      } catch (err) {
        return outcomeFor(err);
      }
    },
    [code, studentId, onSignedIn],
  );
  const { state, tap, undo } = usePictureSequence(submit);
  const grid = useRovingGrid(PICTURES.length, 3);
  const checking = state.status === "checking" || state.status === "done";
  const locked = state.status === "locked";
  const count = state.picked.length;

  return (
    <Page title={`Hi ${name}`} heading={<>Hi {name}!</>} className="student picture-step">
      {locked ? (
        <>
          <div className="alert alert-error big-alert" role="alert">
            <p>{state.message}</p>
          </div>
          <p>
            <Link className="btn btn-huge" to={`/student/${code}`}>
              Back to the names
            </Link>
          </p>
        </>
      ) : (
        <>
          {/* One slot of fixed height for the instruction, a wrong try or "Checking…": the
              grid never moves, so a fast child does not tap the wrong picture. */}
          <div className="picture-feedback">
            {state.status === "wrong" || state.status === "failed" ? (
              <div className="alert alert-error picture-alert" role="alert">
                <p>{state.message}</p>
              </div>
            ) : checking ? (
              <p className="checking" role="status">
                Checking…
              </p>
            ) : (
              <p className="lead">Tap your {SEQUENCE_LENGTH} pictures in order.</p>
            )}
          </div>
          <div className="progress-row">
            <ol className="dots" aria-label={`${count} of ${SEQUENCE_LENGTH} pictures chosen`}>
              {Array.from({ length: SEQUENCE_LENGTH }, (_, i) => (
                <li key={i} className={i < count ? "dot dot-filled" : "dot"} aria-hidden="true">
                  {i < count && <Picture slug={state.picked[i]!} size={40} decorative />}
                </li>
              ))}
            </ol>
            <Button onClick={undo} aria-disabled={count === 0 || checking} className="btn-undo">
              <span aria-hidden="true">⟲ </span>Undo
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {count > 0 && !checking ? `${count} of ${SEQUENCE_LENGTH}: ${state.picked.map(pictureLabel).join(", ")}` : ""}
            {checking ? "Checking…" : ""}
          </p>
          <div className="picture-grid" role="group" aria-label={`Tap your ${SEQUENCE_LENGTH} pictures in order.`}>
            {PICTURES.map((p, i) => (
              <button
                key={p.slug}
                type="button"
                className="picture-button"
                tabIndex={grid.tabIndex(i)}
                onKeyDown={grid.onKeyDown}
                ref={grid.ref(i)}
                onFocus={() => grid.setActive(i)}
                onClick={() => tap(p.slug)}
                aria-disabled={checking || count >= SEQUENCE_LENGTH}
              >
                <Picture slug={p.slug} size={100} />
              </button>
            ))}
          </div>
          <p className="student-footer">
            <Link className="btn" to={`/student/${code}`}>That's not me</Link>
          </p>
        </>
      )}
    </Page>
  );
}

function PasswordStep({ code, studentId, name, onSignedIn }: StepProps) {
  const [password, setPassword] = useState("");
  const [locked, setLocked] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { run, busy, error } = useAction(async () => {
    try {
      onSignedIn(await studentLogin({ code, student_id: studentId, password }));
    } catch (err) {
      const outcome = outcomeFor(err);
      if (outcome.kind === "locked") setLocked(outcome.message);
      setPassword("");
      input.current?.focus();
      throw err;
    }
  });
  if (locked) {
    return (
      <Page title={`Hi ${name}`} heading={<>Hi {name}!</>} className="student">
        <div className="alert alert-error big-alert" role="alert">
          <p>{locked}</p>
        </div>
        <p>
          <Link className="btn btn-huge" to={`/student/${code}`}>
            Back to the names
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={`Hi ${name}`} heading={<>Hi {name}!</>} className="student">
      <form
        className="card form code-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (password) void run();
        }}
        noValidate
      >
        <label htmlFor="student-password" className="big-label">
          Your password
        </label>
        <input
          ref={input}
          id="student-password"
          className="big-input"
          type="password"
          autoComplete="current-password"
          autoCapitalize="none"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "student-password-error" : undefined}
        />
        {error && (
          <div id="student-password-error" className="alert alert-error" role="alert">
            <p>{error.code === "wrong_secret" ? error.message || WRONG : error.message}</p>
          </div>
        )}
        <Button type="submit" variant="primary" className="btn-huge" busy={busy} busyLabel="Checking…" disabled={!password}>
          Let me in
        </Button>
      </form>
      <p>
        <Link className="btn" to={`/student/${code}`}>That's not me</Link>
      </p>
    </Page>
  );
}

/** /s/:token — a QR login card. Signs in once, then goes home. */
export function TokenSignIn() {
  const { token = "" } = useParams();
  const { setMe } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<ApiError | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === token) return; // React StrictMode runs effects twice in development.
    started.current = token;
    studentTokenLogin(token).then(
      (me) => {
        setMe(me);
        navigate("/home", { replace: true });
      },
      (err) => setError(toApiError(err)),
    );
  }, [token, setMe, navigate]);

  if (error) {
    const message =
      error.code === "bad_token"
        ? "This card doesn't work any more. Ask your teacher for a new card."
        : error.status === 423
          ? error.message || LOCKED
          : error.message;
    return (
      <Page title="That card didn't work" className="student">
        <div className="alert alert-error big-alert" role="alert">
          <p>{message}</p>
        </div>
        <WayBack label="Sign in with the class code" />
      </Page>
    );
  }
  return (
    <Page title="Signing you in" className="student">
      <p role="status" className="lead">
        Signing you in…
      </p>
    </Page>
  );
}
