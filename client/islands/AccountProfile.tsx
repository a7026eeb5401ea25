import { useEffect, useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { api } from '../api.ts';
import { notify } from '../state/notices.ts';
import { signOut, storeSession } from '../state/session.ts';
import { nameProblem, phoneProblem } from '../../shared/validation.ts';
import { MONTH_NAMES, birthdayProblems } from '../../shared/birthday.ts';
import { Field, FormError, emailFieldProblems, field, useSubmit, type FieldErrors } from './form-kit.tsx';

export interface AccountProfileProps {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  zipCode: string | null;
  /** The birthday's month (1 to 12) and day, null when none was given. */
  birthMonth: number | null;
  birthDay: number | null;
  subscribed: boolean;
  hasPassword: boolean;
  /** Arrived from an emailed change-email link: its token waits in an HttpOnly cookie the finish call reads. */
  changeEmailPending: boolean;
}

const nullable = (value: FormDataEntryValue | null) => (value ? String(value) : null);
/** A birthday field as a number: empty is none, anything else is sent as typed (not a number: refused). */
const birthdayPart = (data: FormData, name: string) => {
  const value = String(data.get(name) ?? '').trim();
  return value ? Number(value) : null;
};

/** The §5 problems of the profile's filled-in fields (each may be left empty). */
function profileProblems(data: FormData): FieldErrors {
  const problems: Record<string, string> = {};
  const check = (name: string, rule: (value: string) => string | null) => {
    const value = String(data.get(name) ?? '').trim();
    const problem = value ? rule(value) : null;
    if (problem) problems[name] = problem;
  };
  check('firstName', nameProblem);
  check('lastName', nameProblem);
  check('phone', phoneProblem);
  return { ...problems, ...birthdayProblems(birthdayPart(data, 'birthMonth'), birthdayPart(data, 'birthDay')) };
}

/** Profile, password, email and newsletter settings of the signed-in member, and sign-out. */
export default function AccountProfile(props: AccountProfileProps) {
  const [subscribed, setSubscribed] = useState(props.subscribed);
  useEffect(() => {
    if (!props.changeEmailPending) return;
    api
      .call(API.emailChangeFinish, {})
      .then(storeSession)
      .then(() => location.assign('/myAccount'))
      .catch((failure: { msg?: string }) => notify(failure?.msg ?? 'This link could not be used.', 'error', 5000));
  }, [props.changeEmailPending]);
  const profile = useSubmit(
    async (data) => {
      await api.call(API.profileUpdate, {
        firstName: nullable(data.get('firstName')),
        lastName: nullable(data.get('lastName')),
        phone: nullable(data.get('phone')),
        zipCode: nullable(data.get('zipCode')),
        birthMonth: birthdayPart(data, 'birthMonth'),
        birthDay: birthdayPart(data, 'birthDay'),
      });
      notify('Profile saved', 'success');
    },
    { validate: profileProblems },
  );
  const password = useSubmit(
    async (data) => {
      await storeSession(
        await api.call(API.passwordChange, {
          oldPassword: nullable(data.get('oldPassword')),
          newPassword: field(data, 'newPassword'),
        }),
      );
      notify('Password changed. Other devices are signed out.', 'success');
    },
    { atFields: true },
  );
  const email = useSubmit(
    async (data) => {
      const answer = await api.call(API.emailChangeInit, {
        newEmail: field(data, 'newEmail'),
        password: nullable(data.get('password')),
      });
      notify(answer.message, 'info', 5000);
    },
    { validate: (data) => emailFieldProblems(data, 'newEmail') },
  );
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
      <form
        className="account-form"
        ref={profile.formRef}
        onSubmit={profile.onSubmit}
        onInput={profile.onInput}
        noValidate
        data-form="profile"
      >
        <h2>Profile</h2>
        <p>
          Email: <strong data-account-email>{props.email}</strong>
        </p>
        <Field
          label="First name"
          name="firstName"
          required={false}
          autoComplete="given-name"
          defaultValue={props.firstName ?? ''}
          maxLength={50}
          error={profile.fieldErrors.firstName}
        />
        <Field
          label="Last name"
          name="lastName"
          required={false}
          autoComplete="family-name"
          defaultValue={props.lastName ?? ''}
          maxLength={50}
          error={profile.fieldErrors.lastName}
        />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          required={false}
          autoComplete="tel"
          defaultValue={props.phone ?? ''}
          maxLength={20}
          error={profile.fieldErrors.phone}
        />
        <Field
          label="ZIP or postal code"
          name="zipCode"
          required={false}
          autoComplete="postal-code"
          defaultValue={props.zipCode ?? ''}
          maxLength={10}
          error={profile.fieldErrors.zipCode}
        />
        <p data-birthday-note>
          Your birthday (month and day, no year) brings your member level’s birthday points once a year. Leave both
          empty to remove it.
        </p>
        <Field label="Birthday month" name="birthMonth" required={false} error={profile.fieldErrors.birthMonth}>
          {(control) => (
            <select {...control} autoComplete="bday-month" defaultValue={props.birthMonth ?? ''}>
              <option value="">Not given</option>
              {MONTH_NAMES.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Birthday day"
          name="birthDay"
          required={false}
          inputMode="numeric"
          autoComplete="bday-day"
          defaultValue={props.birthDay === null ? '' : String(props.birthDay)}
          maxLength={2}
          error={profile.fieldErrors.birthDay}
        />
        <FormError text={profile.error} />
        <button className="button" type="submit" disabled={profile.busy}>
          Save profile
        </button>
      </form>
      <form
        className="account-form"
        ref={password.formRef}
        onSubmit={password.onSubmit}
        onInput={password.onInput}
        noValidate
        data-form="password"
      >
        <h2>Password</h2>
        {props.hasPassword && (
          <Field
            label="Current password"
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            error={password.fieldErrors.oldPassword}
          />
        )}
        <Field
          label="New password (8 to 128 characters)"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={password.fieldErrors.newPassword}
        />
        <FormError text={password.error} />
        <button className="button" type="submit" disabled={password.busy}>
          Change password
        </button>
      </form>
      <form
        className="account-form"
        ref={email.formRef}
        onSubmit={email.onSubmit}
        onInput={email.onInput}
        noValidate
        data-form="email"
      >
        <h2>Email address</h2>
        <Field label="New email" name="newEmail" type="email" autoComplete="email" error={email.fieldErrors.newEmail} />
        {props.hasPassword && (
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={email.fieldErrors.password}
          />
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
        className="button button--secondary sign-out"
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
