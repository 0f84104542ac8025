// CSV import: choose a file, see a preview with each row's problems, then import.
import { useId, useRef, useState } from "react";
import { importStudents } from "../../api/endpoints";
import { ApiError } from "../../api/http";
import type { ImportResult, ImportRow } from "../../api/types";
import { Button, FormError, useAction } from "../../components/forms";
import { canImport, countProblems } from "../../lib/csvImport";
import { plural } from "../../lib/format";

function rowsFromError(err: ApiError): ImportRow[] | null {
  const rows = (err.body as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as ImportRow[]) : null;
}

export function ImportCsv({ classId, onImported }: { classId: number; onImported: (created: number) => void }) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState("");

  const check = useAction(async (f: File) => {
    setPreview(null);
    try {
      setPreview(await importStudents(classId, f, false));
    } catch (err) {
      if (err instanceof ApiError) {
        const rows = rowsFromError(err);
        if (rows) setPreview({ rows, valid: false, created: 0 });
      }
      throw err;
    }
  });

  const commit = useAction(async () => {
    if (!file) return;
    try {
      const result = await importStudents(classId, file, true);
      setDone(`Imported ${plural(result.created, "student")}.`);
      setPreview(null);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      onImported(result.created);
    } catch (err) {
      if (err instanceof ApiError) {
        const rows = rowsFromError(err);
        if (rows) setPreview({ rows, valid: false, created: 0 });
      }
      throw err;
    }
  });

  const busy = check.busy || commit.busy;
  const problems = countProblems(preview);
  const importable = canImport(preview, busy);

  return (
    <section aria-labelledby={`${inputId}-heading`} className={`card csv-import${preview && preview.rows.length > 0 ? " csv-import--preview" : ""}`}>
      <h3 id={`${inputId}-heading`}>Import a CSV file</h3>
      <p className="hint" id={`${inputId}-hint`}>
        The first line must be <code>first_name,last_name</code> (a third column <code>password</code> is optional). One
        student per line; a class holds at most 200 students. You will see a preview before anything is saved.
      </p>
      <div className="field">
        <label htmlFor={inputId}>CSV file</label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${inputId}-hint`}
          disabled={busy}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setFile(f);
            setDone("");
            setPreview(null);
            commit.setError(null);
            if (f) void check.run(f);
          }}
        />
      </div>
      <div aria-live="polite" role="status" className="status-line">
        {check.busy && "Checking the file…"}
        {done}
        {preview && !check.busy &&
          (problems === 0 && preview.valid
            ? `${plural(preview.rows.length, "student")} ready to import.`
            : `${problems} of ${plural(preview.rows.length, "row")} ${problems === 1 ? "has" : "have"} a problem. Fix the file and choose it again.`)}
      </div>
      <FormError error={check.error ?? commit.error} />
      {preview && preview.rows.length > 0 && (
        <div className="table-wrap">
          <table className="preview-table stack-table">
            <caption className="sr-only">Preview of the CSV file</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">First name</th>
                <th scope="col">Last name</th>
                <th scope="col">Shown as</th>
                <th scope="col">Problems</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.line} className={r.problems.length ? "row-problem" : undefined}>
                  <td data-label="Line">{r.line}</td>
                  <td data-label="First name">{r.first_name}</td>
                  <td data-label="Last name">{r.last_name}</td>
                  <td data-label="Shown as">{r.display_name}</td>
                  <td data-label="Problems">
                    {r.problems.length === 0 ? (
                      <span className="ok">OK</span>
                    ) : (
                      <ul className="problems">
                        {r.problems.map((p, i) => (
                          <li key={i}>{p}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions">
        <Button variant="primary" disabled={!importable} busy={commit.busy} busyLabel="Importing…" onClick={() => void commit.run()}>
          {preview && importable ? `Import ${plural(preview.rows.length, "student")}` : "Import"}
        </Button>
      </div>
    </section>
  );
}
