import { useState } from 'react';
import { api } from '../api.ts';
import { storeSession, type SessionAnswer } from '../state/session.ts';
import { Field, FormError, useSubmit } from './form-kit.tsx';

/** Forgotten password: ask for a link; from the link, choose a new password and sign in. */
export default function RetrievePassword({ token }: { token: string | null }) {
  const [sent, setSent] = useState('');
  const { busy, error, onSubmit } = useSubmit(async (data) => {
    if (token) {
      await storeSession(
        await api.put<SessionAnswer>('/account/public/buyer/forget-password/reset', {
          token,
          password: data.get('password'),
        }),
      );
      location.assign('/myAccount');
      return;
    }
    setSent(
      (await api.put<{ message: string }>('/account/public/buyer/forget-password/init', { email: data.get('email') }))
        .message,
    );
  });
  if (sent)
    return (
      <p data-reset-state="sent" role="status">
        {sent}
      </p>
    );
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate data-form="retrieve-password">
      {token ? (
        <Field label="New password (8 to 128 characters)" name="password" type="password" autoComplete="new-password" />
      ) : (
        <Field label="Email" name="email" type="email" autoComplete="email" />
      )}
      <FormError text={error} />
      <button className="button" type="submit" disabled={busy}>
        {token ? 'Save new password' : 'Email me a link'}
      </button>
    </form>
  );
}
