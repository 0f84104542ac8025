import { Link, Outlet, useNavigate } from "react-router-dom";
import { useAuth } from "../auth";
import { Button, FormError, useAction } from "./forms";

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}

/** Plain frame for public and student pages. */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <header className="topbar">
        <Link to="/" className="brand">
          Multiplayground
        </Link>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** Frame for a student's match: the whole screen for the board, no top bar. */
export function PlayLayout() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className="main-play">
        <Outlet />
      </main>
    </>
  );
}

/** Frame for signed-in teachers: brand, who is signed in, sign out. */
export function TeacherLayout() {
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  const { run, busy, error } = useAction(async () => {
    await signOut();
    navigate("/teacher/login", { replace: true });
  });
  return (
    <>
      <SkipLink />
      <header className="topbar">
        <Link to="/teacher" className="brand">
          Multiplayground
        </Link>
        <nav aria-label="Teacher">
          <Link to="/teacher">My classes</Link>
          <Link to="/teacher/reports">All my classes</Link>
          <Link to="/teacher/batches">Fultiples grids</Link>
        </nav>
        <div className="topbar-user">
          {me && <span className="who">{me.name}</span>}
          <Button onClick={() => void run()} busy={busy} busyLabel="Signing out…">
            Sign out
          </Button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <FormError error={error} />
        <Outlet />
      </main>
    </>
  );
}
