import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.ts';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { TORONTO, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, api } from './helpers.ts';

const ADDRESS = `${US_HOST}/account/buyer/current/address`;
const LIST = `${US_HOST}/account/buyer/current/address/list`;
const QUOTE = '/order/public/buyer/checkout/quote';

/** A Montréal address as a Quebec shopper types it: accents, an apostrophe, a hyphen, a dashed phone. */
const EMILIE = {
  market: 'ca',
  firstName: 'Émilie',
  lastName: "O'Brien-Smith",
  phone: '415-555-0123',
  addressLine1: '1000 Rue Saint-André',
  city: 'Montréal',
  regionCode: 'QC',
  postalCode: 'h2x 1y4',
  isDefault: true,
};

interface Saved {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  addressLine1: string;
  city: string;
  postalCode: string;
}

const list = async (token: string) => (await api<Saved[]>(LIST, { headers: bearer(token) })).body.data;

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
});

describe('address forms that take names and phones as people write them', () => {
  it("keeps 'Émilie O'Brien-Smith' in Montréal, and the phone 415-555-0123 as 4155550123", async () => {
    const token = await member('forms-emilie@example.com');
    const added = await api<{ id: number }>(ADDRESS, json('POST', EMILIE, bearer(token)));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await list(token)).toMatchObject([
      {
        firstName: 'Émilie',
        lastName: "O'Brien-Smith",
        phone: '4155550123',
        addressLine1: '1000 Rue Saint-André',
        city: 'Montréal',
        postalCode: 'H2X 1Y4',
      },
    ]);
  });

  it('takes (514) 555-0199, +1 514 555 0199 and 1.514.555.0199 and stores each as its 10 digits', async () => {
    const token = await member('forms-phones@example.com');
    for (const phone of ['(514) 555-0199', '+1 514 555 0199', '1.514.555.0199'])
      expect((await api(ADDRESS, json('POST', { ...EMILIE, phone }, bearer(token)))).status, phone).toBe(200);
    expect((await list(token)).map((address) => address.phone)).toEqual(['5145550199', '5145550199', '5145550199']);
  });

  it('edits a saved address through the update call', async () => {
    const token = await member('forms-edit@example.com');
    const { body } = await api<{ id: number }>(ADDRESS, json('POST', EMILIE, bearer(token)));
    const edited = await api(
      ADDRESS,
      json('PUT', { ...EMILIE, id: body.data.id, city: 'Trois-Rivières', phone: '(819) 555-0100' }, bearer(token)),
    );
    expect(edited.status).toBe(200);
    expect(await list(token)).toMatchObject([{ id: body.data.id, city: 'Trois-Rivières', phone: '8195550100' }]);
  });

  it('answers each invalid field with its path and the bare §5 message, keeping the first as msg', async () => {
    const token = await member('forms-errors@example.com');
    const refused = await api(
      ADDRESS,
      json('POST', { ...EMILIE, firstName: '1234', city: 'Москва', phone: '555-0123' }, bearer(token)),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`firstName ${MSG.nameNeedsLetters}`);
    expect(refused.body.data).toEqual({
      errors: [
        { field: 'firstName', message: 'Name must include English letters.' },
        { field: 'phone', message: 'Please enter 10 to 11 characters.' },
        { field: 'city', message: 'Please enter English letters.' },
      ],
    });
    expect(await list(token)).toEqual([]);
  });

  it("places the profile's ZIP code problem at its field too", async () => {
    const token = await member('forms-profile@example.com');
    const refused = await api(
      `${US_HOST}/account/buyer/account/current`,
      json('PUT', { firstName: 'Zoë', lastName: null, phone: '(212) 555-0100', zipCode: 'K1A 0B1' }, bearer(token)),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ errors: [{ field: 'zipCode', message: 'Please enter a valid ZIP code.' }] });
    const saved = await api<{ firstName: string; phone: string }>(
      `${US_HOST}/account/buyer/account/current`,
      json('PUT', { firstName: 'Zoë', lastName: null, phone: '(212) 555-0100', zipCode: '10001' }, bearer(token)),
    );
    expect(saved.body.data).toMatchObject({ firstName: 'Zoë', phone: '2125550100' });
  });

  it('quotes a checkout to Montréal for Émilie, with the address path on a refused postal code', async () => {
    const ca = shopper(CA_HOST);
    const sku = await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.ca_status = 'ON_SHELVES'
        AND s.available_total >= 5 AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD')
        ORDER BY s.id LIMIT 1`,
    ).first<{ id: number }>();
    await ca.add(sku!.id, 1);
    const { isDefault: _default, ...shipTo } = EMILIE;
    const quote = await ca.call<Quote>('POST', QUOTE, { address: shipTo });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.taxes.map((tax) => tax.name)).toEqual(['GST', 'QST']);
    const refused = await ca.call('POST', QUOTE, { address: { ...TORONTO, postalCode: '90210' } });
    expect(refused.body.data).toEqual({
      errors: [{ field: 'address.postalCode', message: 'Please enter a valid postal code, such as K1A 0B1.' }],
    });
  });
});
