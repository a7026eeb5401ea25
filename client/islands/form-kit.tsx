import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { emailProblem, fieldProblemsIn } from '../../shared/validation.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface ApiFailure {
  msg?: string;
  data?: unknown;
}

/** One message per field, keyed by the field's name in the form. */
export type FieldErrors = Readonly<Record<string, string>>;

/** A text field of a submitted form: the form has it, so it is text, never missing or a file. */
export const field = (data: FormData, name: string) => data.get(name) as string;

/**
 * The field problems of a refused call, keyed by the field's name in the form: a path under
 * `prefix` ('address.') loses it, any other path is kept whole ('email').
 */
export function fieldErrorsOf(failure: unknown, prefix = ''): FieldErrors {
  const errors: Record<string, string> = {};
  for (const problem of fieldProblemsIn((failure as ApiFailure | null)?.data)) {
    const name = prefix && problem.field.startsWith(prefix) ? problem.field.slice(prefix.length) : problem.field;
    errors[name] ??= problem.message;
  }
  return errors;
}

/** The message of a failed call: a field's own message without its field name, else the server's message. */
export function failureText(error: unknown, fallback: string): string {
  const [first] = fieldProblemsIn((error as ApiFailure | null)?.data);
  if (first) return first.message;
  const msg = (error as ApiFailure | null)?.msg;
  return msg ? msg : fallback;
}

/** The §5 problem of a form's email field (`name`), to show at it before anything is sent. */
export function emailFieldProblems(data: FormData, name = 'email'): FieldErrors {
  const problem = emailProblem(String(data.get(name) ?? ''));
  return problem ? { [name]: problem } : {};
}

const hasAny = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * The field errors a form shows, and focus on the first invalid field (in the page's order) each
 * time they are shown: `scope` is the element that holds the fields.
 */
export function useFieldErrors<E extends HTMLElement = HTMLFormElement>() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState(0);
  const scope = useRef<E>(null);
  useEffect(() => {
    if (shown) scope.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);
  /** Shows these errors (none clears them) and moves focus to the first. */
  const show = (next: FieldErrors) => {
    setErrors(next);
    if (hasAny(next)) setShown((count) => count + 1);
  };
  /** Forgets the error of a field the shopper is changing. */
  const clear = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  return { errors, show, clear, scope };
}

/** How a form shows its problems: checked before sending by `validate`, and at its fields (`atFields`). */
export interface SubmitOptions {
  validate?: (data: FormData) => FieldErrors;
  /** The form renders `fieldErrors` at its fields; true when it validates. Else every problem is the form's message. */
  atFields?: boolean;
}

/**
 * A submit handler with a busy flag, a guard against double submission, the field errors (checked
 * by `validate` before sending, or answered by the server) and a message for the form as a whole.
 */
export function useSubmit(action: (data: FormData) => Promise<void>, options: SubmitOptions = {}) {
  const { validate, atFields = Boolean(validate) } = options;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const fields = useFieldErrors();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setError('');
    const problems = validate?.(data) ?? {};
    fields.show(problems);
    if (hasAny(problems)) return;
    setBusy(true);
    try {
      await action(data);
    } catch (failure) {
      const answered = fieldErrorsOf(failure);
      const placeable = atFields && Object.keys(answered).every((name) => form.elements.namedItem(name));
      if (hasAny(answered) && placeable) fields.show(answered);
      else setError(failureText(failure, m.something_wrong()));
    } finally {
      setBusy(false);
    }
  }
  /** Put on the form: editing a field clears its error. */
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) fields.clear(name);
  };
  return {
    busy,
    error,
    setError,
    fieldErrors: fields.errors,
    showFieldErrors: fields.show,
    formRef: fields.scope,
    onSubmit,
    onInput,
  };
}

/** What a field's control carries: its id (the label points at it) and, when invalid, its error's id. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled input, or the control `children` renders, with its error under it. */
export function Field({
  label,
  name,
  type = 'text',
  autoComplete,
  required = true,
  defaultValue,
  value,
  onChange,
  maxLength = 128,
  inputMode,
  error,
  children,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  /** A controlled field's value and change handler. */
  value?: string;
  onChange?: (value: string) => void;
  maxLength?: number;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  /** The field's message (§5), shown under it and read with it. */
  error?: string;
  /** The control, given its props; a plain node (an older form's control) is wrapped by the label instead. */
  children?: ReactNode | ((control: ControlProps) => ReactNode);
}) {
  const id = useId();
  if (children !== undefined && typeof children !== 'function')
    return (
      // biome-ignore lint/a11y/noLabelWithoutControl: the control is inside the label: the given children
      <label className="field">
        <span>{label}</span>
        {children}
      </label>
    );
  const errorId = `${id}-error`;
  const control: ControlProps = error ? { id, name, 'aria-invalid': true, 'aria-describedby': errorId } : { id, name };
  return (
    <div className="field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      {typeof children === 'function' ? (
        children(control)
      ) : (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          defaultValue={value === undefined ? defaultValue : undefined}
          value={value}
          onChange={onChange && ((event) => onChange(event.target.value))}
          maxLength={maxLength}
        />
      )}
      {error && (
        <p className="form-error field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export function FormError({ text }: { text: string }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** Why a disabled button can't be used yet, next to it; the button's aria-describedby points here. */
export function DisabledReason({ id, reason }: { id: string; reason: string | null }) {
  return reason ? (
    <p className="disabled-reason" id={id} data-disabled-reason="">
      {reason}
    </p>
  ) : null;
}
