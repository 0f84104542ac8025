// What a teacher's class page shows before it has its data: loading, or why it could not load.
import { Link } from "react-router-dom";
import type { ApiError } from "../../api/http";
import { Page } from "../../components/Page";

/** "Class not found" for a 404 (another teacher's class, or a deleted one); otherwise the error. */
export function ClassLoadFailed({ error, what }: { error: ApiError; what: string }) {
  const missing = error.status === 404;
  return (
    <Page title={missing ? "Class not found" : `Could not load ${what}`}>
      <div className="alert alert-error" role="alert">
        <p>{missing ? "We couldn't find that class." : error.message}</p>
      </div>
      <p>
        <Link to="/teacher">Back to my classes</Link>
      </p>
    </Page>
  );
}

export function PageLoading({ title, text = "Loading…" }: { title: string; text?: string }) {
  return (
    <Page title={title}>
      <p role="status">{text}</p>
    </Page>
  );
}
