import { useState } from 'react';
import type { AddressBody, SavedAddress } from '../../shared/api/accounts.ts';
import { API } from '../../shared/api-routes.ts';
import type { MarketId } from '../../shared/markets.ts';
import { regionsFor } from '../../shared/regions.ts';
import { api } from '../api.ts';
import { Field, FormError, useSubmit } from './form-kit.tsx';

export interface AccountAddressesProps {
  addresses: SavedAddress[];
  market: MarketId;
  labels: { region: string; postalCode: string };
}

/** The member's US and Canadian addresses: list, add, delete. */
export default function AccountAddresses({ addresses: initial, market, labels }: AccountAddressesProps) {
  const [addresses, setAddresses] = useState(initial);
  const reload = async () => setAddresses(await api.call(API.addressList));
  const add = useSubmit(async (data) => {
    // The form's fields are the address's; the server checks each of them.
    const body = Object.fromEntries(data) as Omit<AddressBody, 'market' | 'isDefault'>;
    await api.call(API.addressAdd, { ...body, market, isDefault: data.get('isDefault') === 'on' });
    await reload();
  });
  async function remove(id: number) {
    await api.call(API.addressDelete, { id });
    await reload();
  }
  return (
    <section className="account-form" data-addresses>
      <h2>Addresses</h2>
      <ul className="address-list">
        {addresses.map((address) => (
          <li key={address.id} data-address-id={address.id}>
            <span>
              {address.firstName} {address.lastName}, {address.addressLine1}
              {address.addressLine2 ? `, ${address.addressLine2}` : ''}, {address.city}, {address.regionCode}{' '}
              {address.postalCode}
              {address.isDefault ? ' (default)' : ''}
            </span>
            <button type="button" onClick={() => remove(address.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add.onSubmit} noValidate data-form="address">
        <Field label="First name" name="firstName" maxLength={50} />
        <Field label="Last name" name="lastName" maxLength={50} />
        <Field label="Phone" name="phone" type="tel" maxLength={20} />
        <Field label="Address" name="addressLine1" maxLength={120} />
        <Field label="Apartment, suite (optional)" name="addressLine2" required={false} maxLength={120} />
        <Field label="City" name="city" maxLength={60} />
        <Field label={labels.region} name="regionCode">
          <select name="regionCode" required defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {regionsFor(market).map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={labels.postalCode} name="postalCode" maxLength={10} />
        <label className="checkbox">
          <input type="checkbox" name="isDefault" /> <span>Make this my default address</span>
        </label>
        <FormError text={add.error} />
        <button className="button" type="submit" disabled={add.busy}>
          Add address
        </button>
      </form>
    </section>
  );
}
