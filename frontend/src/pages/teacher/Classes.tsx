// The teacher's classes: create, rename, archive, delete, show and regenerate the code.
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createClass, deleteClass, listClasses, regenerateCode, updateClass } from "../../api/endpoints";
import { queryKeys } from "../../api/queryKeys";
import type { Classroom } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Button, Field, FormError, useAction, useFocusFirstInvalid } from "../../components/forms";
import { Page } from "../../components/Page";
import { plural } from "../../lib/format";
import { loadError } from "../../lib/queryClient";
import { checklistKey, FirstRunChecklist } from "./FirstRunChecklist";

type Dialog = { kind: "delete" | "regenerate"; klass: Classroom } | null;

export function ClassesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState("");

  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.classes, queryFn: ({ signal }) => listClasses(signal) });
  const classes = query.data ?? null;
  const listError = loadError(query.error);

  /** Shows a change at once as the server answered it, then reads the list (and that class) again. */
  const changed = (classId: number, update: (cs: Classroom[]) => Classroom[]) => {
    queryClient.setQueryData<Classroom[]>(queryKeys.classes, (cs) => cs && update(cs));
    void queryClient.invalidateQueries({ queryKey: queryKeys.classes, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.class(classId) });
    void queryClient.invalidateQueries({ queryKey: checklistKey });
  };
  const replace = (k: Classroom) => changed(k.id, (cs) => cs.map((c) => (c.id === k.id ? k : c)));

  const active = classes?.filter((c) => !c.archived) ?? [];
  const archived = classes?.filter((c) => c.archived) ?? [];

  return (
    <Page title="My classes">
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>
      <FirstRunChecklist />
      <CreateClassForm
        onCreated={(k) => {
          changed(k.id, (cs) => [k, ...cs]);
          setNotice(`Class ${k.name} created. Its code is ${k.join_code}.`);
        }}
      />
      <section aria-labelledby="active-heading">
        <h2 id="active-heading">Classes</h2>
        {listError && (
          <div className="alert alert-error" role="alert">
            <p>{listError.message}</p>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </div>
        )}
        {classes === null && !listError && <p role="status">Loading classes…</p>}
        {classes && active.length === 0 && (
          <p>
            No classes yet. <a href="#create-heading">Create your first class</a>: give it a name above.
          </p>
        )}
        <ul className="class-list">
          {active.map((k) => (
            <ClassItem key={k.id} klass={k} onChanged={replace} onNotice={setNotice} onDialog={setDialog} />
          ))}
        </ul>
      </section>
      {archived.length > 0 && (
        <section aria-labelledby="archived-heading">
          <h2 id="archived-heading">Archived classes</h2>
          <p className="hint">Students of archived classes cannot sign in.</p>
          <ul className="class-list">
            {archived.map((k) => (
              <ClassItem key={k.id} klass={k} onChanged={replace} onNotice={setNotice} onDialog={setDialog} />
            ))}
          </ul>
        </section>
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={`Delete ${dialog.klass.name}?`}
          confirmLabel="Delete class"
          busyLabel="Deleting…"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deleteClass(dialog.klass.id);
            changed(dialog.klass.id, (cs) => cs.filter((c) => c.id !== dialog.klass.id));
            setNotice(`Class ${dialog.klass.name} deleted.`);
          }}
        >
          <p>
            This deletes the class <strong>{dialog.klass.name}</strong>, its {plural(dialog.klass.student_count, "student")} and
            everything they did. It cannot be undone.
          </p>
          <p>To keep the data but stop sign-ins, archive the class instead.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === "regenerate" && (
        <ConfirmDialog
          title={`New code for ${dialog.klass.name}?`}
          confirmLabel="Make a new code"
          busyLabel="Making a new code…"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const k = await regenerateCode(dialog.klass.id);
            replace(k);
            setNotice(`The new code for ${k.name} is ${k.join_code}.`);
          }}
        >
          <p>
            The code <strong className="code">{dialog.klass.join_code}</strong> will stop working. Students will need the
            new code, and printed login cards will show the old one.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function CreateClassForm({ onCreated }: { onCreated: (k: Classroom) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState("");
  const { run, busy, error } = useAction(async () => {
    const k = await createClass({ name: name.trim() });
    setName("");
    onCreated(k);
  });
  useFocusFirstInvalid(form, error);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void run();
  }
  return (
    <section aria-labelledby="create-heading" className="card">
      <h2 id="create-heading">Create a class</h2>
      <form ref={form} onSubmit={onSubmit} className="inline-form" noValidate>
        <FormError error={error} shownFields={["name"]} />
        <Field label="Class name" name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={error?.fields.name} hint="For example: 2B Maths" />
        <Button type="submit" variant="primary" busy={busy} busyLabel="Creating…" disabled={!name.trim()}>
          Create class
        </Button>
      </form>
    </section>
  );
}

function ClassItem({
  klass,
  onChanged,
  onNotice,
  onDialog,
}: {
  klass: Classroom;
  onChanged: (k: Classroom) => void;
  onNotice: (s: string) => void;
  onDialog: (d: Dialog) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(klass.name);
  const form = useRef<HTMLFormElement>(null);
  const renameBtn = useRef<HTMLButtonElement>(null);
  const rename = useAction(async () => {
    const k = await updateClass(klass.id, { name: name.trim() });
    onChanged(k);
    setRenaming(false);
    onNotice(`Class renamed to ${k.name}.`);
    renameBtn.current?.focus();
  });
  const archive = useAction(async () => {
    const k = await updateClass(klass.id, { archived: !klass.archived });
    onChanged(k);
    onNotice(k.archived ? `${k.name} archived.` : `${k.name} is active again.`);
  });
  useFocusFirstInvalid(form, rename.error);
  const headingId = `class-${klass.id}-name`;

  return (
    <li className="card class-item">
      {renaming ? (
        <form
          ref={form}
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void rename.run();
          }}
          noValidate
        >
          <h3 id={headingId} className="sr-only">
            Rename {klass.name}
          </h3>
          <FormError error={rename.error} shownFields={["name"]} />
          {/* Focus goes into the form the teacher just opened: the Rename button it replaces is gone. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <Field label={`New name for ${klass.name}`} name="name" autoFocus required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={rename.error?.fields.name} />
          <div className="actions">
            <Button type="submit" variant="primary" busy={rename.busy} busyLabel="Saving…" disabled={!name.trim()}>
              Save
            </Button>
            <Button
              onClick={() => {
                setRenaming(false);
                setName(klass.name);
                rename.setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="class-summary">
          <h3 id={headingId}>
            <Link to={`/teacher/classes/${klass.id}`}>{klass.name}</Link>
          </h3>
          <dl className="facts">
            <div>
              <dt>Class code</dt>
              <dd className="code">{klass.join_code}</dd>
            </div>
            <div>
              <dt>Students</dt>
              <dd>{klass.student_count}</dd>
            </div>
            <div>
              <dt>Sign-in</dt>
              <dd>{klass.sign_in_mode === "pictures" ? "Picture passwords" : "Typed passwords"}</dd>
            </div>
          </dl>
        </div>
      )}
      {!renaming && (
        <div className="actions">
          <Link className="btn btn-primary" to={`/teacher/classes/${klass.id}`}>
            Open roster<span className="sr-only"> of {klass.name}</span>
          </Link>
          <Button ref={renameBtn} onClick={() => setRenaming(true)}>
            Rename<span className="sr-only"> {klass.name}</span>
          </Button>
          <Button onClick={() => onDialog({ kind: "regenerate", klass })}>
            New code<span className="sr-only"> for {klass.name}</span>
          </Button>
          <Button onClick={() => void archive.run()} busy={archive.busy} busyLabel="Saving…">
            {klass.archived ? "Unarchive" : "Archive"}
            <span className="sr-only"> {klass.name}</span>
          </Button>
          <Button variant="danger" onClick={() => onDialog({ kind: "delete", klass })}>
            Delete<span className="sr-only"> {klass.name}</span>
          </Button>
        </div>
      )}
      <FormError error={archive.error} />
    </li>
  );
}
