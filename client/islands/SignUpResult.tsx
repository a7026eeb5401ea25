import { useEffect, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { storeSession } from '../state/session.ts';
import { failureText } from './form-kit.tsx';

export interface SignUpResultProps {
  /** Opened from the emailed link: its token waits in an HttpOnly cookie the confirm call reads. */
  linked: boolean;
  message: string | null;
}

/** After registering: 'check your inbox'; from the emailed link: confirms and signs in. */
export default function SignUpResult({ linked, message }: SignUpResultProps) {
  const [state, setState] = useState<'waiting' | 'confirming' | 'confirmed' | 'failed'>(
    linked ? 'confirming' : 'waiting',
  );
  const [error, setError] = useState('');
  useEffect(() => {
    if (!linked) return;
    api
      .call(API.emailVerify, {})
      .then(storeSession)
      .then(() => setState('confirmed'))
      .catch((failure) => {
        setError(failureText(failure, 'This link could not be used.'));
        setState('failed');
      });
  }, [linked]);
  if (state === 'confirming') return <p data-signup-state="confirming">Confirming your email…</p>;
  if (state === 'confirmed')
    return (
      <div data-signup-state="confirmed">
        <h2>Your email is confirmed</h2>
        <p>You are signed in.</p>
        <a className="button" href="/myAccount">
          Go to my account
        </a>
      </div>
    );
  if (state === 'failed')
    return (
      <div data-signup-state="failed">
        <p className="form-error" role="alert">
          {error}
        </p>
        <a href="/login">Sign in</a>
      </div>
    );
  return (
    <div data-signup-state="waiting">
      <h2>Check your inbox</h2>
      <p>{message ?? 'We sent you a link to finish creating your account.'}</p>
    </div>
  );
}
