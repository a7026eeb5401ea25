import { useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import type { SavedAddress } from '../../shared/api/accounts.ts';
import { API } from '../../shared/api-routes.ts';
import type { MarketId } from '../../shared/markets.ts';
import { regionsFor } from '../../shared/regions.ts';
import { api } from '../api.ts';
import { AddressInputs, addressFormProblems, addressFromForm } from './address-fields.tsx';
import { FormError, useSubmit } from './form-kit.tsx';

export interface AccountAddressesProps {
  addresses: SavedAddress[];
  market: MarketId;
  labels: { region: string; postalCode: string };
}

/** The member's US and Canadian addresses: list, add, edit, delete. */
export default function AccountAddresses({ addresses: initial, market, labels }: AccountAddressesProps) {
  const [addresses, setAddresses] = useState(initial);
  /** The address being edited; null while the form adds a new one. */
  const [editing, setEditing] = useState<SavedAddress | null>(null);
  const reload = async () => setAddresses(await api.call(API.addressList));
  // An edited address keeps its market; a new one is in this site's.
  const formMarket = editing?.market ?? market;
  const form = useSubmit(
    async (data) => {
      const address = { ...addressFromForm(data, formMarket), isDefault: data.get('isDefault') === 'on' };
      if (editing) await api.call(API.addressUpdate, { ...address, id: editing.id });
      else await api.call(API.addressAdd, address);
      setEditing(null);
      await reload();
    },
    { validate: (data) => addressFormProblems(data, formMarket) },
  );
  async function remove(id: number) {
    await api.call(API.addressDelete, { id });
    if (editing?.id === id) setEditing(null);
    await reload();
  }
  function edit(address: SavedAddress | null) {
    form.setError('');
    form.showFieldErrors({});
    setEditing(address);
  }
  return (
    <section className="account-form" data-addresses>
      <h2>{m.addresses_heading()}</h2>
      <ul className="address-list">
        {addresses.map((address) => (
          <li key={address.id} data-address-id={address.id}>
            <span>
              {address.firstName} {address.lastName}, {address.addressLine1}
              {address.addressLine2 ? `, ${address.addressLine2}` : ''}, {address.city}, {address.regionCode}{' '}
              {address.postalCode}
              {address.isDefault ? m.addresses_default() : ''}
            </span>
            <span className="address-list__actions">
              <button type="button" onClick={() => edit(address)}>
                {m.addresses_edit()}
              </button>
              <button type="button" onClick={() => remove(address.id)}>
                {m.addresses_delete()}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <form
        key={editing?.id ?? 'new'}
        ref={form.formRef}
        onSubmit={form.onSubmit}
        onInput={form.onInput}
        noValidate
        className="address-form"
        data-form="address"
        data-editing={editing?.id}
      >
        <h3>{editing ? m.addresses_edit_heading() : m.addresses_add_heading()}</h3>
        <AddressInputs labels={labels} regions={regionsFor(formMarket)} initial={editing} errors={form.fieldErrors} />
        <label className="checkbox">
          <input type="checkbox" name="isDefault" defaultChecked={editing?.isDefault ?? false} />{' '}
          <span>{m.addresses_make_default()}</span>
        </label>
        <FormError text={form.error} />
        <button className="button" type="submit" disabled={form.busy}>
          {editing ? m.addresses_save() : m.addresses_add()}
        </button>
        {editing && (
          <button type="button" onClick={() => edit(null)}>
            {m.addresses_cancel()}
          </button>
        )}
      </form>
    </section>
  );
}
