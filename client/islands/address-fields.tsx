import { ADDRESS_AUTOCOMPLETE, addressProblems, type AddressFields } from '../../shared/address.ts';
import type { MarketId } from '../../shared/markets.ts';
import { type Region, regionName } from '../../shared/regions.ts';
import { Field, type FieldErrors } from './form-kit.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

/** The address a form holds, read from its fields. */
export function addressFromForm(data: FormData, market: MarketId): AddressFields {
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    market,
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: text('phone'),
    addressLine1: text('addressLine1'),
    addressLine2: text('addressLine2') || null,
    city: text('city'),
    regionCode: text('regionCode'),
    postalCode: text('postalCode'),
  };
}

/** The §5 problems of the address a form holds, keyed by field name (checked again by the server). */
export function addressFormProblems(data: FormData, market: MarketId): FieldErrors {
  return addressProblems(addressFromForm(data, market)) as FieldErrors;
}

/**
 * The fields of a US or Canadian address with the market's labels (§3 Country config), each with
 * its autofill token and its error under it.
 */
export function AddressInputs({
  labels,
  regions,
  initial,
  errors,
}: {
  labels: { region: string; postalCode: string };
  regions: readonly Region[];
  initial: AddressFields | null;
  errors: FieldErrors;
}) {
  const token = ADDRESS_AUTOCOMPLETE;
  return (
    <>
      <Field
        label={m.first_name()}
        name="firstName"
        maxLength={50}
        autoComplete={token.firstName}
        defaultValue={initial?.firstName}
        error={errors.firstName}
      />
      <Field
        label={m.last_name()}
        name="lastName"
        maxLength={50}
        autoComplete={token.lastName}
        defaultValue={initial?.lastName}
        error={errors.lastName}
      />
      <Field
        label={m.phone()}
        name="phone"
        type="tel"
        maxLength={20}
        autoComplete={token.phone}
        defaultValue={initial?.phone}
        error={errors.phone}
      />
      <Field
        label={m.address()}
        name="addressLine1"
        maxLength={120}
        autoComplete={token.addressLine1}
        defaultValue={initial?.addressLine1}
        error={errors.addressLine1}
      />
      <Field
        label={m.address_line2()}
        name="addressLine2"
        required={false}
        maxLength={120}
        autoComplete={token.addressLine2}
        defaultValue={initial?.addressLine2 ?? undefined}
        error={errors.addressLine2}
      />
      <Field
        label={m.city()}
        name="city"
        maxLength={60}
        autoComplete={token.city}
        defaultValue={initial?.city}
        error={errors.city}
      />
      <Field label={labels.region} name="regionCode" error={errors.regionCode}>
        {(control) => (
          <select {...control} required autoComplete={token.regionCode} defaultValue={initial?.regionCode ?? ''}>
            <option value="" disabled>
              {m.choose()}
            </option>
            {regions.map((region) => (
              <option key={region.code} value={region.code}>
                {regionName(region)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={labels.postalCode}
        name="postalCode"
        maxLength={10}
        autoComplete={token.postalCode}
        defaultValue={initial?.postalCode}
        error={errors.postalCode}
      />
    </>
  );
}
