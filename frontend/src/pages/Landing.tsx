import { Link } from "react-router-dom";
import { useAuth } from "../auth";
import { Page } from "../components/Page";

export function Landing() {
  const { me } = useAuth();
  const teacherHref = me?.role === "teacher" ? "/teacher" : "/teacher/login";
  const studentHref = me?.role === "student" ? "/home" : "/student";
  return (
    <Page title="Welcome" heading="Welcome to Multiplayground">
      <p className="lead">Multiplication games for your class. Who are you?</p>
      <div className="choice-grid">
        <Link to={studentHref} className="choice choice-student">
          <span aria-hidden="true" className="choice-icon">
            ★
          </span>
          I'm a student
        </Link>
        <Link to={teacherHref} className="choice choice-teacher">
          <span aria-hidden="true" className="choice-icon">
            ✎
          </span>
          I'm a teacher
        </Link>
      </div>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title="Page not found">
      <p>We couldn't find that page.</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </Page>
  );
}
