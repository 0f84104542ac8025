// One class: its roster, adding and importing students, login cards, sign-in mode.
import { Avatar, avatarFromRoster } from "../../components/Avatar";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  addStudents,
  deleteStudent,
  exportStudent,
  getClass,
  listStudents,
  revokeCard,
  unlockStudent,
  updateClass,
  updateStudent,
} from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { Classroom, SignInMode, Student } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button, Field, FormError, TextArea, useAction, useFocusFirstInvalid } from "../../components/forms";
import { Page } from "../../components/Page";
import { saveFile } from "../../lib/download";
import { useExport } from "../../lib/useExport";
import { requestCards } from "../../api/exports";
import { ExportButton } from "../../components/ExportButton";
import { ExportStatus } from "../../components/ExportStatus";
import { formatTime, isLocked, plural } from "../../lib/format";
import { loadError } from "../../lib/queryClient";
import { ClassNav } from "./ClassNav";
import { ClassLoadFailed, PageLoading } from "./ClassPageStates";
import { ImportCsv } from "./ImportCsv";

type Dialog =
  | { kind: "remove"; student: Student }
  | { kind: "reissue"; students: Student[] }
  | { kind: "revoke"; student: Student }
  | null;

export function RosterPage() {
  const { id = "" } = useParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState("");
  const rosterHeading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const { hash } = useLocation();

  const queryClient = useQueryClient();
  const classQuery = useQuery({ queryKey: queryKeys.class(id), queryFn: ({ signal }) => getClass(id, signal) });
  const studentsQuery = useQuery({ queryKey: queryKeys.classStudents(id), queryFn: ({ signal }) => listStudents(id, signal) });
  const klass = classQuery.data;
  const students = studentsQuery.data;
  const failed = loadError(classQuery.error ?? studentsQuery.error);

  const reloadStudents = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.classStudents(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.classes, exact: true }); // the student counts
  };
  /** After a change: shown at once as the server answered it, then the roster is read again. */
  const setStudents = (update: (ss: Student[]) => Student[]) => {
    queryClient.setQueryData<Student[]>(queryKeys.classStudents(id), (ss) => ss && update(ss));
    reloadStudents();
  };
  const setKlass = (k: Classroom) => {
    queryClient.setQueryData(queryKeys.class(id), k);
    void queryClient.invalidateQueries({ queryKey: queryKeys.classes, exact: true });
  };

  const patchStudent = (sid: number, patch: Partial<Student>) => setStudents((ss) => ss.map((s) => (s.id === sid ? { ...s, ...patch } : s)));

  const cards = useExport({ onSaved: reloadStudents }); // ExportStatus announces the download
  const print = (ids?: number[]) => (klass ? cards.start(() => requestCards(klass.id, ids)) : Promise.resolve());

  const loaded = Boolean(klass && students);
  useEffect(() => {
    // The first-run checklist and the empty roster link here: #add focuses the names, #cards the cards.
    if (!loaded) return;
    const target = hash === "#add" ? "names" : hash === "#cards" ? "cards-heading" : "";
    const el = target === "names" ? document.querySelector<HTMLElement>('textarea[name="names"]') : target ? document.getElementById(target) : null;
    el?.scrollIntoView?.({ block: "center" });
    el?.focus();
  }, [hash, loaded]);

  if (failed && !(klass && students)) {
    return <ClassLoadFailed error={failed} what="the class" />;
  }
  if (!klass || !students) {
    return <PageLoading title="Class" text="Loading the class…" />;
  }

  const withoutCard = students.filter((s) => !s.has_card);
  const picked = students.filter((s) => chosen.has(s.id));
  /** Print these students' cards: asked first when one of them has a card, which the new one replaces. */
  const printFor = (ss: Student[]) => (ss.some((s) => s.has_card) ? setDialog({ kind: "reissue", students: ss }) : void print(ss.map((s) => s.id)));
  const toggle = (sid: number, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c);
      if (on) next.add(sid);
      else next.delete(sid);
      return next;
    });
  const withoutPassword = students.filter((s) => !s.has_password);
  const active = students.length;

  return (
    <Page title={klass.name}>
      <ClassNav classId={klass.id} current="roster" />
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>
      <div className="card class-header">
        <dl className="facts">
          <div>
            <dt>Class code</dt>
            <dd className="code code-big">{klass.join_code}</dd>
          </div>
          <div>
            <dt>Students</dt>
            <dd>{active}</dd>
          </div>
          {klass.archived && (
            <div>
              <dt>Status</dt>
              <dd>Archived: students cannot sign in</dd>
            </div>
          )}
        </dl>
        <p className="hint">
          Students open <strong>{window.location.origin}/student</strong> and type the code, or scan the QR code on their
          login card.
        </p>
      </div>

      <section aria-labelledby="roster-heading">
        <h2 id="roster-heading" ref={rosterHeading} tabIndex={-1}>
          Students ({students.length})
        </h2>
        {students.length === 0 ? (
          <p className="empty-state">
            Add your students' names to start. <a href="#add" onClick={(e) => { e.preventDefault(); document.querySelector<HTMLElement>('textarea[name="names"]')?.focus(); }}>Type or paste their names</a>, or import a CSV file.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="roster stack-table">
              <caption className="sr-only">Students of {klass.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Card</th>
                  <th scope="col">Typed password</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {students.map((s) => (
                  <StudentRow
                    key={s.id}
                    student={s}
                    chosen={chosen.has(s.id)}
                    onChoose={(on) => toggle(s.id, on)}
                    printBusy={cards.working}
                    onSaved={(u) => {
                      patchStudent(u.id, u);
                      setNotice(`Saved ${u.display_name}.`);
                    }}
                    onPrint={() => (s.has_card ? setDialog({ kind: "reissue", students: [s] }) : void print([s.id]))}
                    onRevoke={() => setDialog({ kind: "revoke", student: s })}
                    onRemove={() => setDialog({ kind: "remove", student: s })}
                    onUnlocked={() => {
                      patchStudent(s.id, { locked_until: null, failed_sign_ins: 0, sign_in_warning: false });
                      setNotice(`${s.display_name} can sign in again.`);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="cards-heading" className="card">
        <h2 id="cards-heading" tabIndex={-1}>
          Login cards
        </h2>
        <p>Each card shows the class code, the student's name, their picture password and a QR code that signs them in.</p>
        <p id="cards-replace">
          <strong>New cards replace the old ones: the old cards stop working.</strong>
        </p>
        {active === 0 ? (
          <p className="hint" id="cards-none">
            Add students first: there is nobody to print a card for yet.
          </p>
        ) : (
          <label className="radio">
            <input
              type="checkbox"
              checked={picked.length === active}
              onChange={(e) => setChosen(e.target.checked ? new Set(students.map((s) => s.id)) : new Set())}
            />
            <span>Choose every student ({picked.length} of {active} chosen)</span>
          </label>
        )}
        <div className="actions">
          {withoutCard.length > 0 && withoutCard.length < active && (
            <ExportButton exp={cards} ask={() => requestCards(klass.id)} workingLabel="Making cards…">
              {`Print cards for ${plural(withoutCard.length, "student")} without one`}
            </ExportButton>
          )}
          <Button
            variant={withoutCard.length === active ? "primary" : undefined}
            disabled={active === 0 || cards.working}
            aria-describedby={active === 0 ? "cards-none" : "cards-replace"}
            onClick={() => printFor(students)}
          >
            Print cards for the whole class{active > 0 ? ` (${plural(active, "student")})` : ""}
          </Button>
          <Button
            disabled={picked.length === 0 || cards.working}
            aria-describedby="cards-replace"
            title={picked.length === 0 ? "Tick students in the list first." : undefined}
            onClick={() => printFor(picked)}
          >
            {picked.length === 0 ? "Print cards for the chosen students" : `Print cards for ${plural(picked.length, "chosen student")}`}
          </Button>
          {klass.sign_in_mode === "password" && withoutPassword.some((s) => s.has_card) && (
            <Button onClick={() => setDialog({ kind: "reissue", students: withoutPassword.filter((s) => s.has_card) })}>
              Reprint cards for {plural(withoutPassword.filter((s) => s.has_card).length, "student")} without a typed password
            </Button>
          )}
        </div>
        <ExportStatus exp={cards} what="the login cards" />
      </section>

      <section aria-labelledby="add-heading">
        <h2 id="add-heading">Add students</h2>
        <div className="two-col">
        <AddStudentsForm
          classId={klass.id}
          onAdded={(created) => {
            setStudents((ss) => [...ss, ...created]);
            setNotice(`Added ${plural(created.length, "student")}.`);
          }}
        />
        <ImportCsv
          classId={klass.id}
          onImported={(n) => {
            setNotice(`Imported ${plural(n, "student")}.`);
            reloadStudents();
          }}
        />
        </div>
      </section>

      <SignInModeSection
        klass={klass}
        onChanged={(k) => {
          setKlass(k);
          setNotice(k.sign_in_mode === "pictures" ? "Students now sign in with pictures." : "Students now sign in with a typed password.");
        }}
      />

      <SoundsSection
        klass={klass}
        onChanged={(k) => {
          setKlass(k);
          setNotice(k.sounds ? "Game sounds are allowed in this class." : "Game sounds are off for this class.");
        }}
      />

      {dialog?.kind === "remove" && (
        <ConfirmDialog
          title={`Remove ${dialog.student.display_name}?`}
          confirmLabel="Remove student"
          busyLabel="Removing…"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deleteStudent(dialog.student.id);
            setStudents((ss) => ss.filter((x) => x.id !== dialog.student.id));
            setNotice(`${dialog.student.display_name} removed.`);
            window.setTimeout(() => rosterHeading.current?.focus(), 0);
          }}
        >
          <p>
            This deletes <strong>{dialog.student.display_name}</strong> and everything they did: games, answers and
            progress. It cannot be undone.
          </p>
          <p>If you want to keep a copy, use "Export data" first.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === "reissue" && (
        <ConfirmDialog
          title={dialog.students.length === 1 ? `Print a new card for ${dialog.students[0]!.display_name}?` : `Print ${dialog.students.length} new cards?`}
          confirmLabel={dialog.students.length === 1 ? "Print new card" : "Print new cards"}
          busyLabel="Making cards…"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const ids = dialog.students.map((s) => s.id);
            await print(ids);
          }}
        >
          <p>
            {dialog.students.length === 1 ? (
              <>
                <strong>{dialog.students[0]!.display_name}</strong> gets a new picture password and a new QR code.{" "}
                <strong>The old card stops working.</strong>
              </>
            ) : (
              <>
                These students get a new picture password and a new QR code. <strong>Their old cards stop working.</strong>
              </>
            )}
          </p>
          {klass.sign_in_mode === "password" && (
            <p>Because this class uses typed passwords, a password you did not set yourself is replaced too.</p>
          )}
        </ConfirmDialog>
      )}
      {dialog?.kind === "revoke" && (
        <ConfirmDialog
          title={`Revoke ${dialog.student.display_name}'s card?`}
          confirmLabel="Revoke card"
          busyLabel="Revoking…"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await revokeCard(dialog.student.id);
            patchStudent(dialog.student.id, { has_card: false });
            setNotice(`${dialog.student.display_name}'s card no longer works.`);
          }}
        >
          <p>
            The QR code and picture password on <strong>{dialog.student.display_name}</strong>'s card stop working at
            once. Print a new card so they can sign in again.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function SignInModeSection({ klass, onChanged }: { klass: Classroom; onChanged: (k: Classroom) => void }) {
  const { run, busy, error } = useAction(async (mode: SignInMode) => {
    onChanged(await updateClass(klass.id, { sign_in_mode: mode }));
  });
  return (
    <section aria-labelledby="mode-heading" className="card">
      <h2 id="mode-heading">How students sign in</h2>
      <fieldset className="radio-group" disabled={busy} aria-describedby="mode-hint">
        <legend className="sr-only">Sign-in method for {klass.name}</legend>
        <label className="radio">
          <input type="radio" name="sign_in_mode" value="pictures" checked={klass.sign_in_mode === "pictures"} onChange={() => void run("pictures")} />
          <span>
            <strong>Picture passwords</strong> — tap three pictures. Best for young children.
          </span>
        </label>
        <label className="radio">
          <input type="radio" name="sign_in_mode" value="password" checked={klass.sign_in_mode === "password"} onChange={() => void run("password")} />
          <span>
            <strong>Typed passwords</strong> — type a word. Students without one get it on their next printed card.
          </span>
        </label>
      </fieldset>
      <p id="mode-hint" className="hint">
        QR codes on login cards work in both modes.
      </p>
      {busy && <p role="status">Saving…</p>}
      <FormError error={error} />
    </section>
  );
}

/** The class setting for game sounds. Sounds play only where the teacher allows them here AND the
 * child's tablet has its own switch turned on (both start off). */
function SoundsSection({ klass, onChanged }: { klass: Classroom; onChanged: (k: Classroom) => void }) {
  const { run, busy, error } = useAction(async (sounds: boolean) => {
    onChanged(await updateClass(klass.id, { sounds }));
  });
  return (
    <section aria-labelledby="sounds-heading" className="card">
      <h2 id="sounds-heading">Game sounds</h2>
      <label className="radio">
        <input type="checkbox" checked={klass.sounds} disabled={busy} onChange={(e) => void run(e.target.checked)} aria-describedby="sounds-hint" />
        <span>
          <strong>Allow game sounds</strong> (a chime for your turn, a soft note for a mistake, a tune for a win)
        </span>
      </label>
      <p id="sounds-hint" className="hint">
        Sounds stay off until a child also turns them on with the Sounds button on their own tablet. Turn this off and no tablet plays them.
      </p>
      {busy && <p role="status">Saving…</p>}
      <FormError error={error} />
    </section>
  );
}

function AddStudentsForm({ classId, onAdded }: { classId: number; onAdded: (s: Student[]) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const [names, setNames] = useState("");
  const count = names.split("\n").filter((l) => l.trim()).length;
  const { run, busy, error } = useAction(async () => {
    const res = await addStudents(classId, names);
    setNames("");
    onAdded(res.created);
  });
  useFocusFirstInvalid(form, error);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void run();
  }
  return (
    <form ref={form} onSubmit={onSubmit} className="card form" noValidate>
      <h3>Type or paste names</h3>
      <FormError error={error} shownFields={["names"]} />
      <TextArea
        label="Names, one student per line"
        name="names"
        rows={6}
        value={names}
        onChange={(e) => setNames(e.target.value)}
        error={error?.fields.names}
        hint="First name and last name, for example: Ana Lopez. A first name alone is fine too."
      />
      <Button type="submit" variant="primary" busy={busy} busyLabel="Adding…" disabled={count === 0}>
        {count > 0 ? `Add ${plural(count, "student")}` : "Add students"}
      </Button>
    </form>
  );
}

function StudentRow({
  student: s,
  chosen,
  onChoose,
  printBusy,
  onSaved,
  onPrint,
  onRevoke,
  onRemove,
  onUnlocked,
}: {
  student: Student;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  printBusy: boolean;
  onSaved: (s: Student) => void;
  onPrint: () => void;
  onRevoke: () => void;
  onRemove: () => void;
  onUnlocked: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [first, setFirst] = useState(s.first_name ?? "");
  const [last, setLast] = useState(s.last_name ?? "");
  const [password, setPassword] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const editBtn = useRef<HTMLButtonElement>(null);
  const save = useAction(async () => {
    const patch: { first_name: string; last_name: string; password?: string } = { first_name: first.trim(), last_name: last.trim() };
    if (password) patch.password = password;
    const updated = await updateStudent(s.id, patch);
    setEditing(false);
    setPassword("");
    onSaved(updated);
    window.setTimeout(() => editBtn.current?.focus(), 0);
  });
  const unlock = useAction(async () => {
    await unlockStudent(s.id);
    onUnlocked();
  });
  const exporter = useAction(async () => saveFile(await exportStudent(s.id)));
  useFocusFirstInvalid(form, save.error);
  const locked = isLocked(s.locked_until);
  const err = save.error ?? unlock.error ?? exporter.error;

  if (editing) {
    return (
      <tr className="editing">
        <td colSpan={5}>
          <form
            ref={form}
            className="edit-student"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save.run();
            }}
          >
            <FormError error={save.error} shownFields={["first_name", "last_name", "password"]} />
            <div className="edit-fields">
              {/* Focus goes into the form the teacher just opened: the Edit button it replaces is gone. */}
              {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
              <Field label="First name" name="first_name" autoFocus required value={first} onChange={(e) => setFirst(e.target.value)} error={save.error?.fields.first_name} />
              <Field label="Last name" name="last_name" value={last} onChange={(e) => setLast(e.target.value)} error={save.error?.fields.last_name} />
              <Field
                label="New typed password"
                name="password"
                type="text"
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={save.error?.fields.password}
                hint={s.has_password ? "Leave empty to keep the current one." : "Optional. Used when the class signs in with typed passwords."}
              />
            </div>
            <div className="actions">
              <Button type="submit" variant="primary" busy={save.busy} busyLabel="Saving…" disabled={!first.trim()}>
                Save<span className="sr-only"> {s.display_name}</span>
              </Button>
              <Button
                onClick={() => {
                  setEditing(false);
                  setFirst(s.first_name ?? "");
                  setLast(s.last_name ?? "");
                  setPassword("");
                  save.setError(null);
                  window.setTimeout(() => editBtn.current?.focus(), 0);
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        </td>
      </tr>
    );
  }

  return (
    <tr>
      <th scope="row">
        <label className="choose-student">
          <input type="checkbox" checked={chosen} onChange={(e) => onChoose(e.target.checked)} />
          <span className="sr-only">Choose {s.display_name} for cards</span>
        </label>
        <span className="student-name name-tag">
          <Avatar avatar={avatarFromRoster(s)} size={28} />
          {s.display_name}
        </span>
        <span className="full-name">
          {s.first_name} {s.last_name}
        </span>
      </th>
      <td data-label="Card">{s.has_card ? "Printed" : <span className="muted">None</span>}</td>
      <td data-label="Typed password">{s.has_password ? "Set" : <span className="muted">None</span>}</td>
      <td data-label="Status">
        {locked ? (
          <span className="badge badge-warn">Locked until {formatTime(s.locked_until!)}</span>
        ) : s.sign_in_warning ? (
          <span className="badge badge-warn">Warning</span>
        ) : (
          <span className="muted">OK</span>
        )}
        {s.sign_in_warning && (
          <span className="sign-in-warning">
            {plural(s.failed_sign_ins, "wrong try", "wrong tries")} from outside school
          </span>
        )}
      </td>
      <td className="stack-actions">
        <div className="actions actions-tight">
          {(locked || s.sign_in_warning) && (
            <Button variant="primary" onClick={() => void unlock.run()} busy={unlock.busy} busyLabel="Unlocking…">
              Unlock<span className="sr-only"> {s.display_name}</span>
            </Button>
          )}
          <Button ref={editBtn} onClick={() => setEditing(true)}>
            Edit<span className="sr-only"> {s.display_name}</span>
          </Button>
          <Button onClick={onPrint} disabled={printBusy}>
            {s.has_card ? "New card" : "Print card"}
            <span className="sr-only"> for {s.display_name}</span>
          </Button>
          {s.has_card && (
            <Button onClick={onRevoke}>
              Revoke card<span className="sr-only"> of {s.display_name}</span>
            </Button>
          )}
          <Button onClick={() => void exporter.run()} busy={exporter.busy} busyLabel="Exporting…">
            Export data<span className="sr-only"> of {s.display_name}</span>
          </Button>
          <Button variant="danger" onClick={onRemove}>
            Remove<span className="sr-only"> {s.display_name}</span>
          </Button>
        </div>
        <FormError error={err} />
      </td>
    </tr>
  );
}
