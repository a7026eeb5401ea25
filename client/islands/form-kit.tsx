import { useState, type FormEvent, type ReactNode } from 'react';

export interface ApiFailure {
  msg?: string;
}

/** A text field of a submitted form: the form has it, so it is text, never missing or a file. */
export const field = (data: FormData, name: string) => data.get(name) as string;

/** The message of a failed call, without the 'field ' prefix the server puts first (§8). */
export function failureText(error: unknown, fallback: string): string {
  const msg = (error as ApiFailure | null)?.msg;
  return msg ? msg : fallback;
}

/**
 * A submit handler with a busy flag, a guard against double submission and an error message;
 * the form's fields are read from the form element.
 */
export function useSubmit(action: (data: FormData) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await action(new FormData(event.currentTarget));
    } catch (failure) {
      setError(failureText(failure, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, onSubmit };
}

/** A labelled input. */
export function Field({
  label,
  name,
  type = 'text',
  autoComplete,
  required = true,
  defaultValue,
  maxLength = 128,
  children,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  maxLength?: number;
  children?: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is inside the label: the given children or the input
    <label className="field">
      <span>{label}</span>
      {children ?? (
        <input
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
          defaultValue={defaultValue}
          maxLength={maxLength}
        />
      )}
    </label>
  );
}

export function FormError({ text }: { text: string }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}
