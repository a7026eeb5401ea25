import { useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { Field, FormError, emailFieldProblems, field, useSubmit } from './form-kit.tsx';

/** Creates an account with a password or with email only; the confirmation link comes by email. */
export default function CreateAccountForm() {
  const [withPassword, setWithPassword] = useState(true);
  const { busy, error, fieldErrors, formRef, onSubmit, onInput } = useSubmit(
    async (data) => {
      const email = String(data.get('email') ?? '');
      const answer = withPassword
        ? await api.call(API.register, { email, password: field(data, 'password') })
        : await api.call(API.registerNoPassword, { email });
      location.assign(`/signUpResult?sent=1&message=${encodeURIComponent(answer.message)}`);
    },
    { validate: emailFieldProblems },
  );
  return (
    <form
      className="account-form"
      ref={formRef}
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      data-form="create-account"
    >
      <Field label="Email" name="email" type="email" autoComplete="email" error={fieldErrors.email} />
      {withPassword && (
        <Field
          label="Password (8 to 128 characters)"
          name="password"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.password}
        />
      )}
      <label className="checkbox">
        <input type="checkbox" checked={!withPassword} onChange={(event) => setWithPassword(!event.target.checked)} />
        <span>Sign up with email only (we email you a link instead of a password)</span>
      </label>
      <FormError text={error} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create account'}
      </button>
    </form>
  );
}
