// Teacher sign-up, sign-in, forgotten password and password reset.
import { useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { activateAccount, confirmPasswordReset, login, requestPasswordReset, signup } from "../../api/endpoints";
import { ApiError } from "../../api/http";
import { returnPath, useAuth } from "../../auth";
import { Button, Field, FormError, useAction, useFocusFirstInvalid } from "../../components/forms";
import { Page } from "../../components/Page";

export function TeacherSignup() {
  const { me } = useAuth();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { run, busy, error } = useAction(async () => {
    const answer = await signup({ name: name.trim(), email: email.trim(), password });
    setSent(answer.message);
  });
  useFocusFirstInvalid(form, error);

  if (me?.role === "teacher") return <Navigate to="/teacher" replace />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void run();
  }

  if (sent !== null) {
    return (
      <Page title="Check your email">
        <div className="alert alert-success" role="status">
          <p>{sent}</p>
          <p>We sent it to {email.trim()}. If nothing arrives in a few minutes, look in your spam folder.</p>
        </div>
        <p>
          Already have an account? <Link to="/teacher/login">Sign in</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Create a teacher account">
      <form ref={form} onSubmit={onSubmit} className="card form" noValidate>
        <FormError error={error} shownFields={["name", "email", "password"]} />
        <Field label="Your name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} error={error?.fields.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error?.fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error?.fields.password}
          hint="At least 8 characters. Not a common word."
        />
        <Button type="submit" variant="primary" busy={busy} busyLabel="Creating account…">
          Create account
        </Button>
      </form>
      <p>
        Already have an account? <Link to="/teacher/login">Sign in</Link>
      </p>
    </Page>
  );
}

export function TeacherLogin() {
  const { me, setMe } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const next = returnPath(location.state, "/teacher", "/teacher");
  const { run, busy, error } = useAction(async () => {
    const user = await login({ email: email.trim(), password });
    setMe(user);
    navigate(user.role === "teacher" ? next : "/home", { replace: true });
  });
  useFocusFirstInvalid(form, error);

  if (me?.role === "teacher") return <Navigate to={next} replace />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void run();
  }

  return (
    <Page title="Teacher sign in">
      <form ref={form} onSubmit={onSubmit} className="card form" noValidate>
        <FormError error={error} shownFields={["email", "password"]} />
        <Field label="Email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} error={error?.fields.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={error?.fields.password} />
        <Button type="submit" variant="primary" busy={busy} busyLabel="Signing in…">
          Sign in
        </Button>
      </form>
      <ul className="links">
        <li>
          <Link to="/teacher/forgot">Forgot your password?</Link>
        </li>
        <li>
          New here? <Link to="/teacher/signup">Create a teacher account</Link>
        </li>
        <li>
          <Link to="/student">I'm a student</Link>
        </li>
      </ul>
    </Page>
  );
}

export function TeacherForgot() {
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { run, busy, error } = useAction(async () => {
    await requestPasswordReset({ email: email.trim() });
    setSentTo(email.trim());
  });
  useFocusFirstInvalid(form, error);

  return (
    <Page title="Forgot your password?">
      {sentTo ? (
        <div className="alert alert-success" role="status">
          <p>
            If there is an account for <strong>{sentTo}</strong>, we have sent it an email with a link to choose a new
            password. The link works for a limited time.
          </p>
        </div>
      ) : (
        <form
          ref={form}
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
          className="card form"
          noValidate
        >
          <p>Type the email you signed up with. We'll send you a link to choose a new password.</p>
          <FormError error={error} shownFields={["email"]} />
          <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error?.fields.email} />
          <Button type="submit" variant="primary" busy={busy} busyLabel="Sending…">
            Send the link
          </Button>
        </form>
      )}
      <p>
        <Link to="/teacher/login">Back to sign in</Link>
      </p>
    </Page>
  );
}

export function PasswordReset() {
  const { uid = "", token = "" } = useParams();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [done, setDone] = useState(false);
  const { run, busy, error, setError } = useAction(async () => {
    await confirmPasswordReset({ uid, token, new_password: password });
    setDone(true);
  });
  useFocusFirstInvalid(form, error);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== again) {
      setError(new ApiError(400, "mismatch", "The two passwords are different.", { again: ["Type the same password twice."] }));
      return;
    }
    void run();
  }

  const linkProblem = error && error.code !== "mismatch" && !error.fields.new_password;

  return (
    <Page title="Choose a new password">
      {done ? (
        <div className="alert alert-success" role="status">
          <p>Your password has been changed.</p>
          <p>
            <Link to="/teacher/login">Sign in with your new password</Link>
          </p>
        </div>
      ) : (
        <>
          <form ref={form} onSubmit={onSubmit} className="card form" noValidate>
            <FormError error={error} shownFields={["new_password", "again"]} />
            <Field
              label="New password"
              name="new_password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error?.fields.new_password}
              hint="At least 8 characters. Not a common word."
            />
            <Field label="New password again" name="again" type="password" autoComplete="new-password" required value={again} onChange={(e) => setAgain(e.target.value)} error={error?.fields.again} />
            <Button type="submit" variant="primary" busy={busy} busyLabel="Saving…">
              Save new password
            </Button>
          </form>
          {linkProblem && (
            <p>
              <Link to="/teacher/forgot">Ask for a new link</Link>
            </p>
          )}
        </>
      )}
    </Page>
  );
}

/** The link emailed at sign-up: opens the account and signs the teacher in. */
export function ActivateAccount() {
  const { uid = "", token = "" } = useParams();
  const { setMe } = useAuth();
  const navigate = useNavigate();
  const { run, busy, error } = useAction(async () => {
    const user = await activateAccount({ uid, token });
    setMe(user);
    navigate("/teacher", { replace: true });
  });

  return (
    <Page title="Open your teacher account">
      {error ? (
        <div className="alert alert-error" role="alert">
          <p>{error.message}</p>
          <p>
            <Link to="/teacher/login">Sign in</Link> or <Link to="/teacher/signup">sign up again</Link>
          </p>
        </div>
      ) : (
        <div className="card">
          <p>One step left: open your account to start.</p>
          <Button variant="primary" onClick={() => void run()} busy={busy} busyLabel="Opening…">
            Open my account
          </Button>
        </div>
      )}
    </Page>
  );
}
