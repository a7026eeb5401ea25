import { useEffect, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { signOut, storeSession } from '../state/session.ts';
import { Field, FormError, field, useSubmit } from './form-kit.tsx';

export interface AccountProfileProps {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  zipCode: string | null;
  subscribed: boolean;
  hasPassword: boolean;
  /** The token of an emailed change-email link, when the member arrives from it. */
  changeEmailToken: string | null;
}

const nullable = (value: FormDataEntryValue | null) => (value ? String(value) : null);

/** Profile, password, email and newsletter settings of the signed-in member, and sign-out. */
export default function AccountProfile(props: AccountProfileProps) {
  const [subscribed, setSubscribed] = useState(props.subscribed);
  useEffect(() => {
    if (!props.changeEmailToken) return;
    api
      .call(API.emailChangeFinish, { token: props.changeEmailToken })
      .then(storeSession)
      .then(() => location.assign('/myAccount'))
      .catch((failure: { msg?: string }) => notify(failure?.msg ?? 'This link could not be used.', 'error', 5000));
  }, [props.changeEmailToken]);
  const profile = useSubmit(async (data) => {
    await api.call(API.profileUpdate, {
      firstName: nullable(data.get('firstName')),
      lastName: nullable(data.get('lastName')),
      phone: nullable(data.get('phone')),
      zipCode: nullable(data.get('zipCode')),
    });
    notify('Profile saved', 'success');
  });
  const password = useSubmit(async (data) => {
    await storeSession(
      await api.call(API.passwordChange, {
        oldPassword: nullable(data.get('oldPassword')),
        newPassword: field(data, 'newPassword'),
      }),
    );
    notify('Password changed. Other devices are signed out.', 'success');
  });
  const email = useSubmit(async (data) => {
    const answer = await api.call(API.emailChangeInit, {
      newEmail: field(data, 'newEmail'),
      password: nullable(data.get('password')),
    });
    notify(answer.message, 'info', 5000);
  });
  async function toggleNewsletter() {
    if (subscribed) await api.call(API.unsubscribe, {});
    else
      await api.call(API.subscribe, {
        email: props.email,
        type: 'SUBSCRIBE',
        source: 'DASHBOARD',
        position: 'account',
      });
    setSubscribed(!subscribed);
  }
  return (
    <div className="account-panels">
      <form className="account-form" onSubmit={profile.onSubmit} noValidate data-form="profile">
        <h2>Profile</h2>
        <p>
          Email: <strong data-account-email>{props.email}</strong>
        </p>
        <Field
          label="First name"
          name="firstName"
          required={false}
          defaultValue={props.firstName ?? ''}
          maxLength={50}
        />
        <Field label="Last name" name="lastName" required={false} defaultValue={props.lastName ?? ''} maxLength={50} />
        <Field label="Phone" name="phone" type="tel" required={false} defaultValue={props.phone ?? ''} maxLength={20} />
        <Field
          label="ZIP or postal code"
          name="zipCode"
          required={false}
          defaultValue={props.zipCode ?? ''}
          maxLength={10}
        />
        <FormError text={profile.error} />
        <button className="button" type="submit" disabled={profile.busy}>
          Save profile
        </button>
      </form>
      <form className="account-form" onSubmit={password.onSubmit} noValidate data-form="password">
        <h2>Password</h2>
        {props.hasPassword && (
          <Field label="Current password" name="oldPassword" type="password" autoComplete="current-password" />
        )}
        <Field
          label="New password (8 to 128 characters)"
          name="newPassword"
          type="password"
          autoComplete="new-password"
        />
        <FormError text={password.error} />
        <button className="button" type="submit" disabled={password.busy}>
          Change password
        </button>
      </form>
      <form className="account-form" onSubmit={email.onSubmit} noValidate data-form="email">
        <h2>Email address</h2>
        <Field label="New email" name="newEmail" type="email" autoComplete="email" />
        {props.hasPassword && (
          <Field label="Password" name="password" type="password" autoComplete="current-password" />
        )}
        <FormError text={email.error} />
        <button className="button" type="submit" disabled={email.busy}>
          Change email
        </button>
      </form>
      <section className="account-form">
        <h2>Newsletter</h2>
        <p data-newsletter-state>{subscribed ? 'You are subscribed.' : 'You are not subscribed.'}</p>
        <button type="button" onClick={toggleNewsletter}>
          {subscribed ? 'Unsubscribe' : 'Subscribe'}
        </button>
      </section>
      <button
        type="button"
        className="sign-out"
        onClick={async () => {
          await signOut();
          location.assign('/');
        }}
      >
        Sign out
      </button>
    </div>
  );
}
