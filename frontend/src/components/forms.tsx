import { useCallback, useEffect, useId, useRef, useState, type ComponentProps, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { ApiError } from "../api/http";
import { useLatest } from "../lib/useLatest";

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, "client", "Something went wrong. Please try again.");
}

/**
 * Runs an async action once at a time: `busy` while it runs, `error` when it fails.
 * A second call while busy is ignored (no double submits).
 */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const inFlight = useRef(false);
  const fnRef = useLatest(fn);

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      return await fnRef.current(...args);
    } catch (err) {
      setError(toApiError(err));
      return undefined;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [fnRef]);

  return { run, busy, error, setError };
}

interface FieldBase {
  label: string;
  error?: string[] | string;
  hint?: ReactNode;
}

function errorList(error: string[] | string | undefined): string[] {
  if (!error) return [];
  return Array.isArray(error) ? error : [error];
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const s = ids.filter(Boolean).join(" ");
  return s || undefined;
}

export function Field({ label, error, hint, id, className, ...input }: FieldBase & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  const errors = errorList(error);
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errId = errors.length ? `${inputId}-error` : undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      <input id={inputId} aria-invalid={errors.length ? true : undefined} aria-describedby={describedBy(hintId, errId)} {...input} />
      {errId && (
        <p className="field-error" id={errId}>
          {errors.join(" ")}
        </p>
      )}
    </div>
  );
}

export function TextArea({ label, error, hint, id, ...input }: FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  const errors = errorList(error);
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errId = errors.length ? `${inputId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      <textarea id={inputId} aria-invalid={errors.length ? true : undefined} aria-describedby={describedBy(hintId, errId)} {...input} />
      {errId && (
        <p className="field-error" id={errId}>
          {errors.join(" ")}
        </p>
      )}
    </div>
  );
}

/**
 * The error box of a form: the message, plus field messages for fields the
 * form does not show itself (`shownFields`). Announced with role="alert".
 */
export function FormError({ error, shownFields = [] }: { error: ApiError | null; shownFields?: string[] }) {
  if (!error) return null;
  const others = Object.entries(error.fields).filter(([k]) => !shownFields.includes(k));
  return (
    <div className="alert alert-error" role="alert">
      <p>{error.message}</p>
      {others.length > 0 && (
        <ul>
          {others.flatMap(([k, msgs]) => msgs.map((m, i) => <li key={`${k}-${i}`}>{m}</li>))}
        </ul>
      )}
    </div>
  );
}

/** After a failed submit, move focus to the first invalid field of the form. */
export function useFocusFirstInvalid(formRef: React.RefObject<HTMLFormElement | null>, error: ApiError | null) {
  useEffect(() => {
    if (!error || !formRef.current) return;
    const el = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  }, [error, formRef]);
}

type Variant = "primary" | "secondary" | "danger" | "link";

export function Button({
  busy = false,
  busyLabel,
  variant = "secondary",
  children,
  disabled,
  className,
  type = "button",
  ...rest
}: ComponentProps<"button"> & { busy?: boolean; busyLabel?: string; variant?: Variant }) {
  return (
    <button
      type={type}
      className={`btn btn-${variant} ${className ?? ""}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? (busyLabel ?? "Working…") : children}
    </button>
  );
}
