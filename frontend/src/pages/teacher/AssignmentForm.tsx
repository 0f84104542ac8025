// Create or edit an assignment: game, players, the game's options, hints, computer players,
// idle take-over, dates, and who gets it. The game's options, their words, ranges and defaults,
// its computer players and what its hints show all come from the game's definition
// (GET /api/games/); the server's refusal of an option shows beside it.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { createAssignment, updateAssignment } from "../../api/endpoints";
import type { Assignment, Batch, Game, GameOption, Student } from "../../api/types";
import { Button, Field, FormError, useAction, useFocusFirstInvalid } from "../../components/forms";
import { isGameSlug } from "../../games/catalog";
import { allComputerLevels, computerLabel, formOptions } from "../../games/definitions";
import {
  SERVER_FIELD_FOR,
  buildRequest,
  newFormValues,
  optionField,
  focusFactsKey,
  focusTablesKey,
  optionInput,
  optionShown,
  valuesFromAssignment,
  type FormErrors,
  type FormValues,
  type OptionInput,
  proposedOptions,
} from "./assignmentForm";

interface Props {
  classId: number;
  games: Game[];
  students: Student[];
  /** The teacher's Fultiples grid batches. */
  batches: Batch[];
  /** The assignment being edited; none to create one. */
  assignment?: Assignment;
  onSaved: (a: Assignment) => void;
  onCancel: () => void;
}

function Check({ label, checked, onChange, hint }: { label: ReactNode; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  const id = useId();
  return (
    <div className="check-field">
      <label className="check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
        <span>{label}</span>
      </label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

function FieldError({ id, messages }: { id: string; messages: (string | undefined)[] }) {
  const text = messages.filter(Boolean).join(" ");
  if (!text) return null;
  return (
    <p className="field-error" id={id}>
      {text}
    </p>
  );
}

export function AssignmentForm({ classId, games, students, batches, assignment, onSaved, onCancel }: Props) {
  const [values, setValues] = useState<FormValues>(() => (assignment ? valuesFromAssignment(assignment, games) : newFormValues(games)));
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  const [checkFailed, setCheckFailed] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const editing = !!assignment;
  const game = games.find((g) => g.slug === values.game);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const save = useAction(async () => {
    const { body, errors } = buildRequest(values, game, assignment);
    setClientErrors(errors);
    if (!body) {
      setCheckFailed((n) => n + 1);
      return;
    }
    setCheckFailed(0);
    const saved = assignment ? await updateAssignment(assignment.id, body) : await createAssignment(classId, body);
    onSaved(saved);
  });
  const serverError = checkFailed ? null : save.error;
  useFocusFirstInvalid(formRef, save.error);
  useEffect(() => {
    if (checkFailed) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checkFailed]);

  /** Errors for a form field: the browser's own check first, then the server's. */
  const errs = (key: keyof FormValues): (string | undefined)[] => {
    const server = SERVER_FIELD_FOR[key];
    return [clientErrors[key], ...(server && serverError ? (serverError.fields[server] ?? []) : [])];
  };
  const invalid = (key: keyof FormValues) => (errs(key).some(Boolean) ? true : undefined);
  const optionErrors = serverError?.fields.options ?? [];
  /** Errors for one game option: the browser's check first, then the server's (`options.<name>`). */
  const optionErrs = (name: string): (string | undefined)[] => [clientErrors[optionField(name)], ...(serverError?.fields[optionField(name)] ?? [])];
  const setOption = (name: string, value: OptionInput) => setValues((v) => ({ ...v, options: { ...v.options, [name]: value } }));
  const twoOnly = game ? game.min_players === game.max_players : false;
  const shownOptions = game ? formOptions(game).filter((o) => optionShown(values, game, o)) : [];
  const computerLevels = game ? game.computer_players.map((p) => p.level) : allComputerLevels(games);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void save.run();
  }

  return (
    <form ref={formRef} className="assignment-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{editing ? "Change the assignment" : "Assign a game"}</h2>
      {checkFailed ? (
        <div className="alert alert-error" role="alert">
          <p>Please check the marked fields.</p>
        </div>
      ) : (
        <FormError error={serverError} shownFields={["options", ...Object.values(SERVER_FIELD_FOR), ...shownOptions.map((o) => optionField(o.name))]} />
      )}

      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${ids}-game`}>Game</label>
          <select
            id={`${ids}-game`}
            value={values.game}
            disabled={editing}
            onChange={(e) => {
              const slug = e.target.value;
              const g = games.find((x) => x.slug === slug);
              setValues((v) => ({ ...v, game: isGameSlug(slug) ? slug : "", players: g ? String(g.min_players) : v.players, options: proposedOptions(g) }));
            }}
            aria-invalid={invalid("game")}
            aria-describedby={`${ids}-game-error ${editing ? `${ids}-game-hint` : ""}`}
          >
            <option value="">Choose a game…</option>
            {games.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.title}
              </option>
            ))}
          </select>
          {editing && (
            <p className="hint" id={`${ids}-game-hint`}>
              To change the game, make a new assignment.
            </p>
          )}
          <FieldError id={`${ids}-game-error`} messages={errs("game")} />
        </div>

        <Field
          label="Name (optional)"
          hint="Shown to the students instead of the game's name."
          value={values.title}
          maxLength={100}
          onChange={(e) => set("title", e.target.value)}
          error={errs("title").filter((m): m is string => !!m)}
        />

        {game && (
          <div className="field">
            {twoOnly ? (
              <>
                <span className="field-label">Players per match</span>
                <p>{game.min_players} players (this game is for 2)</p>
              </>
            ) : (
              <>
                <label htmlFor={`${ids}-players`}>Players per match</label>
                <p className="hint" id={`${ids}-players-hint`}>
                  From {game.min_players} to {game.max_players}.
                </p>
                <input
                  id={`${ids}-players`}
                  type="number"
                  inputMode="numeric"
                  min={game.min_players}
                  max={game.max_players}
                  value={values.players}
                  onChange={(e) => set("players", e.target.value)}
                  aria-invalid={invalid("players")}
                  aria-describedby={`${ids}-players-hint ${ids}-players-error`}
                />
                <FieldError id={`${ids}-players-error`} messages={errs("players")} />
              </>
            )}
          </div>
        )}
      </div>

      {game && (
        <fieldset className="options-fieldset" aria-describedby={`${ids}-options-error`}>
          <legend>Game options</legend>
          {!editing && game.proposal && (
            <p className="hint" id={`${ids}-proposal`}>
              {game.proposal.why}
            </p>
          )}
          <div className="form-grid">
            {game.replaced_by_grid_batch.length > 0 && (batches.length > 0 || values.batch) && (
              <div className="field">
                <label htmlFor={`${ids}-batch`}>Grids</label>
                <select
                  id={`${ids}-batch`}
                  value={values.batch}
                  onChange={(e) => set("batch", e.target.value)}
                  aria-invalid={invalid("batch")}
                  aria-describedby={`${ids}-batch-error`}
                >
                  <option value="">A new grid for each match</option>
                  {batches
                    .filter((b) => b.status === "done" || String(b.id) === values.batch)
                    .map((b) => (
                      <option key={b.id} value={String(b.id)}>
                        {b.name || `Batch ${b.id}`} ({b.total} grids): {b.primes_line}
                      </option>
                    ))}
                </select>
                <FieldError id={`${ids}-batch-error`} messages={errs("batch")} />
              </div>
            )}
            {shownOptions
              .filter((o) => o.kind !== "boolean" && o.kind !== "focus")
              .map((o) => (
                <OptionField key={o.name} id={`${ids}-option-${o.name}`} option={o} value={optionInput(values, o)} onChange={(v) => setOption(o.name, v)} errors={optionErrs(o.name)} />
              ))}
            {shownOptions
              .filter((o) => o.kind === "focus")
              .map((o) => (
                <FocusField
                  key={o.name}
                  id={`${ids}-option-${o.name}`}
                  option={o}
                  mode={String(optionInput(values, o))}
                  tables={String(values.options[focusTablesKey(o.name)] ?? "")}
                  facts={String(values.options[focusFactsKey(o.name)] ?? "")}
                  onChange={setOption}
                  errors={optionErrs(o.name)}
                />
              ))}
          </div>
          {shownOptions
            .filter((o) => o.kind === "boolean")
            .map((o) => (
              <Check key={o.name} label={o.label} hint={o.help || undefined} checked={optionInput(values, o) === true} onChange={(b) => setOption(o.name, b)} />
            ))}
          <FieldError id={`${ids}-options-error`} messages={optionErrors} />
        </fieldset>
      )}

      <fieldset>
        <legend>Help and computer players</legend>
        {(!game || game.hints) && (
          <Check label="Hints: the board may show good moves" hint={game?.hints?.shows} checked={values.hints} onChange={(b) => set("hints", b)} />
        )}
        <Check label="Students may play the computer" checked={values.botsAllowed} onChange={(b) => set("botsAllowed", b)} />
        {values.botsAllowed && (
          <div className="check-row" role="group" aria-label="Computer players allowed" aria-describedby={`${ids}-bots-error`}>
            {computerLevels.map((level) => (
              <Check
                key={level}
                label={computerLabel(games, level)}
                checked={values.botLevels.includes(level)}
                onChange={(on) => set("botLevels", on ? [...values.botLevels, level] : values.botLevels.filter((l) => l !== level))}
              />
            ))}
            <FieldError id={`${ids}-bots-error`} messages={errs("botLevels")} />
          </div>
        )}
        <NumberField
          id={`${ids}-idle`}
          label="Minutes before a computer plays for an idle student"
          hint="0: never. When the student comes back, they take their seat back."
          min={0}
          max={60}
          step="0.5"
          value={values.idleMinutes}
          onChange={(s) => set("idleMinutes", s)}
          errors={errs("idleMinutes")}
        />
        {values.botsAllowed && (
          <NumberField
            id={`${ids}-offer`}
            label="Seconds before a child waiting alone is offered the computer"
            hint="Nobody waits for ever: after this, the lobby offers the computer players you allowed. 0: at once."
            min={0}
            max={600}
            step="5"
            value={values.offerSeconds}
            onChange={(s) => set("offerSeconds", s)}
            errors={errs("offerSeconds")}
          />
        )}
      </fieldset>

      <fieldset>
        <legend>When</legend>
        <div className="form-grid">
          <DateField id={`${ids}-opens`} label="Opens" hint="Empty: open now." value={values.opensAt} onChange={(s) => set("opensAt", s)} errors={errs("opensAt")} />
          <DateField id={`${ids}-closes`} label="Closes" hint="Empty: stays open until you close it." value={values.closesAt} onChange={(s) => set("closesAt", s)} errors={errs("closesAt")} />
        </div>
      </fieldset>

      <fieldset aria-describedby={`${ids}-students-error`}>
        <legend>Who</legend>
        <div className="radio-group radio-row">
          <label className="radio">
            <input type="radio" name={`${ids}-audience`} checked={values.audience === "class"} onChange={() => set("audience", "class")} />
            The whole class
          </label>
          <label className="radio">
            <input type="radio" name={`${ids}-audience`} checked={values.audience === "some"} onChange={() => set("audience", "some")} />
            Some students
          </label>
        </div>
        {values.audience === "some" && (
          <ul className="student-checks" aria-label="Students">
            {students.map((s) => (
              <li key={s.id}>
                <Check
                  label={s.display_name}
                  checked={values.students.includes(s.id)}
                  onChange={(on) => set("students", on ? [...values.students, s.id] : values.students.filter((x) => x !== s.id))}
                />
              </li>
            ))}
          </ul>
        )}
        <FieldError id={`${ids}-students-error`} messages={errs("students")} />
      </fieldset>

      <div className="actions">
        <Button type="submit" variant="primary" busy={save.busy} busyLabel="Saving…">
          {editing ? "Save changes" : "Assign"}
        </Button>
        <Button onClick={onCancel} disabled={save.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The Focus option: a mode, and for "these facts" the tables and single facts the teacher picks. */
function FocusField({ id, option, mode, tables, facts, onChange, errors }: { id: string; option: GameOption; mode: string; tables: string; facts: string; onChange: (name: string, v: string) => void; errors: (string | undefined)[] }) {
  const bad = errors.some(Boolean);
  return (
    <div className="field focus-field">
      <label htmlFor={id}>{option.label}</label>
      <p className="hint" id={`${id}-hint`}>
        {option.help}
      </p>
      <div className="focus-part">
        <select id={id} value={mode} onChange={(e) => onChange(option.name, e.target.value)} aria-invalid={bad || undefined} aria-describedby={`${id}-hint ${id}-error`}>
          {option.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {mode === "facts" && (
        <>
          <div className="focus-part">
            <label htmlFor={`${id}-tables`}>Tables</label>
            <input id={`${id}-tables`} type="text" inputMode="numeric" placeholder="7, 8" value={tables} onChange={(e) => onChange(focusTablesKey(option.name), e.target.value)} aria-invalid={bad || undefined} aria-describedby={`${id}-error`} />
          </div>
          <div className="focus-part">
            <label htmlFor={`${id}-facts`}>Single facts</label>
            <input id={`${id}-facts`} type="text" placeholder="6 x 7, 7 x 8, 8 x 9" value={facts} onChange={(e) => onChange(focusFactsKey(option.name), e.target.value)} aria-invalid={bad || undefined} aria-describedby={`${id}-error`} />
          </div>
        </>
      )}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** One game option as its definition describes it: a choice is a list, a number a number field. */
function OptionField({ id, option, value, onChange, errors }: { id: string; option: GameOption; value: OptionInput; onChange: (v: string) => void; errors: (string | undefined)[] }) {
  const text = typeof value === "string" ? value : "";
  if (option.kind === "choice") {
    const bad = errors.some(Boolean);
    return (
      <div className="field">
        <label htmlFor={id}>{option.label}</label>
        {option.help && (
          <p className="hint" id={`${id}-hint`}>
            {option.help}
          </p>
        )}
        <select id={id} value={text} onChange={(e) => onChange(e.target.value)} aria-invalid={bad || undefined} aria-describedby={`${option.help ? `${id}-hint ` : ""}${id}-error`}>
          {option.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} messages={errors} />
      </div>
    );
  }
  return <NumberField id={id} label={option.label} hint={option.help || undefined} min={option.minimum ?? 0} max={option.maximum ?? undefined} value={text} onChange={onChange} errors={errors} />;
}

function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  errors,
  min,
  max,
  step,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (v: string) => void;
  errors: (string | undefined)[];
  min: number;
  max?: number;
  step?: string;
}) {
  const bad = errors.some(Boolean);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="number"
        inputMode={step ? "decimal" : "numeric"}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={bad || undefined}
        aria-describedby={`${hint ? `${id}-hint ` : ""}${id}-error`}
      />
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

function DateField({ id, label, hint, value, onChange, errors }: { id: string; label: string; hint: string; value: string; onChange: (v: string) => void; errors: (string | undefined)[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        id={id}
        type="datetime-local"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.some(Boolean) || undefined}
        aria-describedby={`${id}-hint ${id}-error`}
      />
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}
