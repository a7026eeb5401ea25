import { useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';
import { loginDestination } from '../../shared/login-flow.ts';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { storeSession } from '../state/session.ts';
import { Field, FormError, emailFieldProblems, field, useSubmit } from './form-kit.tsx';

/**
 * Sign-in with email and password; lands on the page the member came from, on this shop only
 * (§4 Login). When this browser is locked out, the emailed sign-in link is offered instead.
 */
export default function LoginForm() {
  const [locked, setLocked] = useState(false);
  const { busy, error, fieldErrors, formRef, onSubmit, onInput } = useSubmit(
    async (data) => {
      try {
        await storeSession(
          await api.call(API.login, { email: field(data, 'email'), password: field(data, 'password') }),
        );
      } catch (failure) {
        setLocked((failure as { code?: unknown } | null)?.code === 429);
        throw failure;
      }
      location.assign(loginDestination(new URLSearchParams(location.search), location.origin));
    },
    { validate: emailFieldProblems },
  );
  return (
    <form className="account-form" ref={formRef} onSubmit={onSubmit} onInput={onInput} noValidate data-form="login">
      <Field label={m.email()} name="email" type="email" autoComplete="email" error={fieldErrors.email} />
      <Field
        label={m.account_password()}
        name="password"
        type="password"
        autoComplete="current-password"
        error={fieldErrors.password}
      />
      <FormError text={error} />
      {locked && (
        <p data-login-locked>
          <a href={localPath('/retrievePassword')}>{m.account_email_link()}</a>
        </p>
      )}
      <button className="button" type="submit" disabled={busy}>
        {busy ? m.account_signing_in() : m.account_sign_in_heading()}
      </button>
    </form>
  );
}
