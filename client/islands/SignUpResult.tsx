import { useEffect, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';
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
        setError(failureText(failure, m.account_link_unusable()));
        setState('failed');
      });
  }, [linked]);
  if (state === 'confirming') return <p data-signup-state="confirming">{m.account_confirming()}</p>;
  if (state === 'confirmed')
    return (
      <div data-signup-state="confirmed">
        <h2>{m.account_confirmed()}</h2>
        <p>{m.account_signed_in()}</p>
        <a className="button" href={localPath('/myAccount')}>
          {m.account_go_to_account()}
        </a>
      </div>
    );
  if (state === 'failed')
    return (
      <div data-signup-state="failed">
        <p className="form-error" role="alert">
          {error}
        </p>
        <a href={localPath('/login')}>{m.account_sign_in_heading()}</a>
      </div>
    );
  return (
    <div data-signup-state="waiting">
      <h2>{m.account_check_inbox()}</h2>
      <p>{message ?? m.account_link_sent()}</p>
    </div>
  );
}
