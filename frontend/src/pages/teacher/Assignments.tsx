// A class's assignments: the list (game, players, open or closed, dates), and the form to
// assign a game or change one; close and delete with a confirmation.
import { useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { closeAssignment, deleteAssignment, getClass, listAssignments, listBatches, listStudents } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { Assignment, Game } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button } from "../../components/forms";
import { Page } from "../../components/Page";
import { gameTitle } from "../../games/catalog";
import { gamesQuery as gamesQueryOptions } from "../../games/useGames";
import { formatTime } from "../../lib/format";
import { loadError } from "../../lib/queryClient";
import { AssignmentForm } from "./AssignmentForm";
import { ClassNav } from "./ClassNav";
import { ClassLoadFailed, PageLoading } from "./ClassPageStates";

type Editing = { kind: "new" } | { kind: "edit"; assignment: Assignment } | null;
type Confirm = { kind: "close" | "delete"; assignment: Assignment } | null;

/** "Open", "Closed", "Opens later", "Ended" (its closing time passed). */
export function assignmentStatus(a: Assignment, now = Date.now()): string {
  if (a.closed_at) return "Closed";
  if (a.is_open) return "Open";
  if (a.opens_at && Date.parse(a.opens_at) > now) return "Opens later";
  return "Ended";
}

function nameOf(a: Assignment, games: readonly Game[] | undefined): string {
  return a.title || gameTitle(games, a.game);
}

export function AssignmentsPage() {
  const { id = "" } = useParams();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [notice, setNotice] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);

  const queryClient = useQueryClient();
  const classQuery = useQuery({ queryKey: queryKeys.class(id), queryFn: ({ signal }) => getClass(id, signal) });
  const listQuery = useQuery({ queryKey: queryKeys.classAssignments(id), queryFn: ({ signal }) => listAssignments(id, signal) });
  const gamesQuery = useQuery(gamesQueryOptions);
  const studentsQuery = useQuery({ queryKey: queryKeys.classStudents(id), queryFn: ({ signal }) => listStudents(id, signal) });
  // Grid batches are optional: the form works without them.
  const batchesQuery = useQuery({ queryKey: queryKeys.assignableBatches, queryFn: ({ signal }) => listBatches(signal) });
  const klass = classQuery.data;
  const assignments = listQuery.data;
  const games = gamesQuery.data;
  const students = studentsQuery.data;
  const batches = batchesQuery.data ?? [];
  const failed = loadError(classQuery.error ?? listQuery.error ?? gamesQuery.error ?? studentsQuery.error);

  /** After a change: the list shows the server's answer at once, then is read again. */
  const changed = (update: (list: Assignment[]) => Assignment[]) => {
    queryClient.setQueryData<Assignment[]>(queryKeys.classAssignments(id), (list) => list && update(list));
    void queryClient.invalidateQueries({ queryKey: queryKeys.classAssignments(id) });
  };
  const replace = (a: Assignment) => changed((list) => (list.some((x) => x.id === a.id) ? list.map((x) => (x.id === a.id ? a : x)) : [a, ...list]));

  if (failed && !(klass && assignments && games && students)) {
    return <ClassLoadFailed error={failed} what="the assignments" />;
  }
  if (!klass || !assignments || !games || !students) {
    return <PageLoading title="Assignments" text="Loading the assignments…" />;
  }

  const studentName = new Map(students.map((s) => [s.id, s.display_name]));

  return (
    <Page title={`Assignments · ${klass.name}`} heading={<>Assignments · {klass.name}</>}>
      <ClassNav classId={klass.id} current="assignments" />
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>

      {editing ? (
        <section className="card">
          <AssignmentForm
            key={editing.kind === "edit" ? editing.assignment.id : "new"}
            classId={klass.id}
            games={games}
            students={students}
            batches={batches}
            assignment={editing.kind === "edit" ? editing.assignment : undefined}
            onSaved={(a) => {
              replace(a);
              setEditing(null);
              setNotice(editing.kind === "edit" ? `${nameOf(a, games)} saved.` : `${nameOf(a, games)} assigned.`);
              listHeading.current?.focus();
            }}
            onCancel={() => {
              setEditing(null);
              listHeading.current?.focus();
            }}
          />
        </section>
      ) : (
        <p>
          <Button variant="primary" onClick={() => setEditing({ kind: "new" })}>
            Assign a game
          </Button>
        </p>
      )}

      <section aria-labelledby="assignments-heading">
        <h2 id="assignments-heading" ref={listHeading} tabIndex={-1}>
          Assigned games ({assignments.length})
        </h2>
        {assignments.length === 0 ? (
          <div className="empty-state">
            <p>
              Nothing assigned: your students see "Your teacher has not picked a game yet." Assign a game and it shows
              on their home page at once.
            </p>
            {!editing && (
              <Button variant="primary" onClick={() => setEditing({ kind: "new" })}>
                Assign a game now
              </Button>
            )}
          </div>
        ) : (
          <div className="table-wrap">
            <table className="assignments stack-table">
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">Players</th>
                  <th scope="col">Status</th>
                  <th scope="col">Dates</th>
                  <th scope="col">Who</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {assignments.map((a) => {
                  const status = assignmentStatus(a);
                  const who = a.students && a.students.length > 0 ? a.students.map((s) => studentName.get(s) ?? `#${s}`).join(", ") : "Whole class";
                  return (
                    <tr key={a.id}>
                      <th scope="row">
                        <span className="student-name">{nameOf(a, games)}</span>
                        {a.title && <span className="full-name">{gameTitle(games, a.game)}</span>}
                      </th>
                      <td data-label="Players">{a.players_per_match}</td>
                      <td data-label="Status">
                        <span className={`badge ${status === "Open" ? "badge-ok" : "badge-muted"}`}>{status}</span>
                      </td>
                      <td data-label="Dates">
                        {a.opens_at && <span className="date-line">From {formatTime(a.opens_at)}</span>}
                        <span className="date-line">
                          {a.closed_at ? `Closed ${formatTime(a.closed_at)}` : a.closes_at ? `Until ${formatTime(a.closes_at)}` : "No end date"}
                        </span>
                      </td>
                      <td data-label="Who">{who}</td>
                      <td className="stack-actions">
                        <div className="actions actions-tight">
                          <Button onClick={() => setEditing({ kind: "edit", assignment: a })} aria-label={`Change ${nameOf(a, games)}`}>
                            Change
                          </Button>
                          {!a.closed_at && (
                            <Button onClick={() => setConfirm({ kind: "close", assignment: a })} aria-label={`Close ${nameOf(a, games)}`}>
                              Close
                            </Button>
                          )}
                          <Button variant="danger" onClick={() => setConfirm({ kind: "delete", assignment: a })} aria-label={`Delete ${nameOf(a, games)}`}>
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {confirm?.kind === "close" && (
        <ConfirmDialog
          title={`Close ${nameOf(confirm.assignment, games)}?`}
          confirmLabel="Close it"
          busyLabel="Closing…"
          onConfirm={async () => {
            replace(await closeAssignment(confirm.assignment.id));
            setNotice(`${nameOf(confirm.assignment, games)} closed.`);
          }}
          onClose={() => setConfirm(null)}
        >
          <p>Students can't start new matches of it any more. Matches being played now go on to the end.</p>
        </ConfirmDialog>
      )}
      {confirm?.kind === "delete" && (
        <ConfirmDialog
          title={`Delete ${nameOf(confirm.assignment, games)}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          danger
          onConfirm={async () => {
            await deleteAssignment(confirm.assignment.id);
            changed((list) => list.filter((x) => x.id !== confirm.assignment.id));
            setNotice(`${nameOf(confirm.assignment, games)} deleted.`);
            // Its row is gone: put focus somewhere that still exists.
            setTimeout(() => listHeading.current?.focus(), 0);
          }}
          onClose={() => setConfirm(null)}
        >
          <p>It disappears for the students. The matches already played, and what they show in the reports, stay.</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
