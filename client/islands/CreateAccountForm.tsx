import { useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';
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
      location.assign(`${localPath('/signUpResult')}?sent=1&message=${encodeURIComponent(answer.message)}`);
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
      <Field label={m.email()} name="email" type="email" autoComplete="email" error={fieldErrors.email} />
      {withPassword && (
        <Field
          label={m.account_password_rule()}
          name="password"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.password}
        />
      )}
      <label className="checkbox">
        <input type="checkbox" checked={!withPassword} onChange={(event) => setWithPassword(!event.target.checked)} />
        <span>{m.account_email_only()}</span>
      </label>
      <FormError text={error} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? m.account_creating() : m.account_create()}
      </button>
    </form>
  );
}
