import { loginDestination } from '../../shared/login-flow.ts';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { storeSession } from '../state/session.ts';
import { Field, FormError, field, useSubmit } from './form-kit.tsx';

/** Sign-in with email and password; lands on the page the member came from (§4 Login). */
export default function LoginForm() {
  const { busy, error, onSubmit } = useSubmit(async (data) => {
    const session = await api.call(API.login, { email: field(data, 'email'), password: field(data, 'password') });
    await storeSession(session);
    location.assign(loginDestination(new URLSearchParams(location.search)));
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate data-form="login">
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      <FormError text={error} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
