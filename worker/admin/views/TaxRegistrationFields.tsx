import type { ReactNode } from 'react';
import type { MarketId } from '../../../shared/markets.ts';
import type { RegistrationErrors } from '../../tax/staff.ts';
import { CsrfField } from './CsrfField.tsx';

/** The fields the registrations page's forms share: a registration's number and day, and what every form carries. */

export const idOf = (market: string, key: string, field: string) =>
  `reg-${market}-${key.replace(/[^A-Za-z0-9]/g, '')}-${field}`;

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

export const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

/** The number and "since" fields of one form, holding what was typed when it was refused. */
export function RegistrationFields(props: {
  market: MarketId;
  formId: string;
  number: string;
  since: string;
  today: string;
  errors: RegistrationErrors;
  /** Fields before these in the same row (the state to add). */
  children?: ReactNode;
}) {
  const number = idOf(props.market, props.formId, 'number');
  const since = idOf(props.market, props.formId, 'since');
  return (
    <div className="form-grid">
      {props.children}
      <div>
        <label htmlFor={number}>Registration number</label>
        <input
          id={number}
          name="number"
          defaultValue={props.number}
          maxLength={40}
          required
          {...invalid(number, props.errors.number)}
        />
        <FieldError id={number} error={props.errors.number} />
      </div>
      <div>
        <label htmlFor={since}>In effect since</label>
        <input
          id={since}
          name="since"
          type="date"
          max={props.today}
          defaultValue={props.since}
          required
          {...invalid(since, props.errors.since)}
        />
        <FieldError id={since} error={props.errors.since} />
      </div>
    </div>
  );
}

export function Hidden({ csrf, market, shown }: { csrf: string; market: MarketId; shown: string }) {
  return (
    <>
      <CsrfField value={csrf} />
      <input type="hidden" name="market" value={market} />
      <input type="hidden" name="shown" value={shown} />
    </>
  );
}
