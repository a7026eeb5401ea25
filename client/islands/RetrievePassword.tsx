import { useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { storeSession } from '../state/session.ts';
import { Field, FormError, emailFieldProblems, field, useSubmit } from './form-kit.tsx';

/**
 * Forgotten password: ask for a link; from the link, choose a new password and sign in. The link's token never
 * reaches the page: the server took it out of the address into an HttpOnly cookie, which the reset call reads.
 */
export default function RetrievePassword({ linked }: { linked: boolean }) {
  const [sent, setSent] = useState('');
  const { busy, error, fieldErrors, formRef, onSubmit, onInput } = useSubmit(
    async (data) => {
      if (linked) {
        await storeSession(await api.call(API.forgotPasswordReset, { password: field(data, 'password') }));
        location.assign('/myAccount');
        return;
      }
      setSent((await api.call(API.forgotPasswordInit, { email: field(data, 'email') })).message);
    },
    { validate: linked ? undefined : emailFieldProblems, atFields: true },
  );
  if (sent)
    return (
      <p data-reset-state="sent" role="status">
        {sent}
      </p>
    );
  return (
    <form
      className="account-form"
      ref={formRef}
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      data-form="retrieve-password"
    >
      {linked ? (
        <Field
          label="New password (8 to 128 characters)"
          name="password"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.password}
        />
      ) : (
        <Field label="Email" name="email" type="email" autoComplete="email" error={fieldErrors.email} />
      )}
      <FormError text={error} />
      <button className="button" type="submit" disabled={busy}>
        {linked ? 'Save new password' : 'Email me a link'}
      </button>
    </form>
  );
}
