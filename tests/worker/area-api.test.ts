import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import caExtract from '../../data/postal/ca.tsv?raw';
import usExtract from '../../data/postal/us.tsv?raw';
import { CA_PROVINCES, US_STATES } from '../../shared/regions.ts';
import { POSTAL_VERIFY_MESSAGE } from '../../shared/shipping.ts';
import { POSTAL_CODE_MESSAGE } from '../../shared/validation.ts';
import { areaDictionaryStatements } from '../../worker/shipping/repository.ts';
import type {
  AddressVerification,
  AreaSuggestion,
  PostalCodeInfo,
  ShippingQuote,
} from '../../worker/shipping/service.ts';
import { freshIp, json } from './account-helpers.ts';
import { CA_HOST, US_HOST, api, shop } from './helpers.ts';

interface Area {
  id: number;
  parentId: number | null;
  level: number;
  name: string;
  code: string | null;
}

/** Loads the whole committed extract, then builds the area dictionary as scripts/data/postal.ts does. */
async function loadPostalExtract(): Promise<void> {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const statements: D1PreparedStatement[] = [];
  for (const [market, text] of [
    ['us', usExtract],
    ['ca', caExtract],
  ] as const) {
    const tuples = text
      .split('\n')
      .filter((line) => /^[0-9A-Z]{3,5}\t/.test(line))
      .map((line) => {
        const [code, state, city] = line.split('\t') as [string, string, string];
        return `(${quote(market)}, ${quote(code)}, ${quote(city)}, ${quote(state)})`;
      });
    for (let start = 0; start < tuples.length; start += 500) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO postal_code (market, post_code, city, state_code) ` +
            `VALUES ${tuples.slice(start, start + 500).join(', ')}`,
        ),
      );
    }
  }
  for (const sql of areaDictionaryStatements()) statements.push(env.DB.prepare(sql));
  await env.DB.batch(statements);
}

beforeAll(loadPostalExtract);

const post = <T>(url: string, body: unknown) => api<T>(url, json('POST', body));
const children = (id: number | string) => api<Area[]>(`${US_HOST}/infra/public/area-dict/children/${id}`);
const association = (host: string, keyword: string) =>
  api<AreaSuggestion[]>(`${host}/infra/public/buyer/area-dict/association?keyword=${encodeURIComponent(keyword)}`);
const verifyCode = (host: string, postCode: unknown) =>
  post<PostalCodeInfo>(`${host}/infra/public/buyer/area-dict/verify/post-code`, { postCode });
const verifyAddress = (host: string, body: unknown) =>
  post<AddressVerification>(`${host}/infra/public/buyer/area-dict/verify/address`, body);
const quote = (host: string, query: string) =>
  api<ShippingQuote>(`${host}/order/public/buyer/shipping/options?${query}`);

describe('the area dictionary', () => {
  it('lists the two countries under 0, with the §3 Country config codes as ids', async () => {
    const { body } = await children(0);
    expect(body.data).toEqual([
      { id: 2022, parentId: null, level: 1, name: 'United States', code: 'US' },
      { id: 2023, parentId: null, level: 1, name: 'Canada', code: 'CA' },
    ]);
  });

  it("lists a country's states, provinces and territories in the address form's order", async () => {
    const us = (await children(2022)).body.data;
    expect(us.map((area) => area.code)).toEqual(US_STATES.map((state) => state.code));
    expect(us[0]).toEqual({ id: 202201, parentId: 2022, level: 2, name: 'Alabama', code: 'AL' });
    const ca = (await children(2023)).body.data;
    expect(ca.map((area) => area.name)).toEqual(CA_PROVINCES.map((province) => province.name));
  });

  it("lists a state's cities by name, numbered under the state; a city has no children", async () => {
    const newYork = (await children(202233)).body.data;
    expect(newYork.length).toBeGreaterThan(1000);
    expect(
      newYork.every((city) => city.level === 3 && city.parentId === 202233 && Math.floor(city.id / 10000) === 202233),
    ).toBe(true);
    const names = newYork.map((city) => city.name);
    expect(names).toContain('New York');
    const folded = (name: string) => name.toLowerCase();
    expect(names).toEqual([...names].sort((a, b) => (folded(a) < folded(b) ? -1 : folded(a) > folded(b) ? 1 : 0)));
    const city = newYork.find((area) => area.name === 'New York')!;
    expect((await children(city.id)).body.data).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect((await children(999)).status).toBe(404);
    const bad = await children('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('id must be a whole number (0 for the countries)');
  });
});

describe('area association (type-ahead)', () => {
  it('matches postal codes by their start', async () => {
    const { body } = await association(US_HOST, '9950');
    expect(body.data[0]).toEqual({ postCode: '99501', cityName: 'Anchorage', stateCode: 'AK', stateName: 'Alaska' });
    expect(body.data.every((row) => row.postCode.startsWith('9950'))).toBe(true);
    expect((await association(CA_HOST, 'k1a')).body.data).toEqual([
      {
        postCode: 'K1A',
        cityName: 'Government of Canada Ottawa and Gatineau Offices',
        stateCode: 'ON',
        stateName: 'Ontario',
      },
    ]);
  });

  it('matches city names by their start in any case, within the site market', async () => {
    const us = (await association(US_HOST, 'beverly h')).body.data;
    expect(us).toContainEqual({
      postCode: '90209',
      cityName: 'Beverly Hills',
      stateCode: 'CA',
      stateName: 'California',
    });
    expect(us.every((row) => row.cityName.toLowerCase().startsWith('beverly h'))).toBe(true);
    const ca = (await association(CA_HOST, 'TORON')).body.data;
    expect(ca).toContainEqual(expect.objectContaining({ cityName: 'Toronto', stateCode: 'ON', stateName: 'Ontario' }));
    expect(ca.every((row) => row.cityName.startsWith('Toronto') && row.stateCode === 'ON')).toBe(true);
    expect((await association(CA_HOST, 'beverly h')).body.data).toEqual([]);
  });

  it('leaves out places the address form cannot take (military mail)', async () => {
    expect((await association(US_HOST, '0900')).body.data).toEqual([]);
  });

  it('needs a keyword of at most 64 characters', async () => {
    const missing = await api(`${US_HOST}/infra/public/buyer/area-dict/association`);
    expect([missing.status, missing.body.msg]).toEqual([400, 'keyword is required']);
    expect((await association(US_HOST, '   ')).status).toBe(400);
    expect((await association(US_HOST, 'x'.repeat(65))).status).toBe(400);
  });
});

describe('verify call 1: the postal code', () => {
  it('answers the §3 postal code of a known US ZIP code, ZIP+4 included', async () => {
    expect((await verifyCode(US_HOST, ' 90210 ')).body.data).toEqual({
      postCode: '90210',
      cityName: 'Beverly Hills',
      stateName: 'California',
      stateCode: 'CA',
      deliverAble: true,
    });
    expect((await verifyCode(US_HOST, '902101234')).body.data).toMatchObject({
      postCode: '902101234',
      cityName: 'Beverly Hills',
      deliverAble: true,
    });
  });

  it('answers a Canadian code by its FSA, normalised', async () => {
    expect((await verifyCode(CA_HOST, 'm5v3l9')).body.data).toEqual({
      postCode: 'M5V 3L9',
      cityName: 'Toronto',
      stateName: 'Ontario',
      stateCode: 'ON',
      deliverAble: true,
    });
  });

  it('says deliverAble false for an unknown code, military mail and the letters-to-Santa code', async () => {
    expect((await verifyCode(US_HOST, '00000')).body.data).toEqual({
      postCode: '00000',
      cityName: '',
      stateName: '',
      stateCode: '',
      deliverAble: false,
    });
    expect((await verifyCode(US_HOST, '09001')).body.data).toMatchObject({ stateCode: 'AE', deliverAble: false });
    expect((await verifyCode(CA_HOST, 'H0H 0H0')).body.data.deliverAble).toBe(false);
  });

  it("refuses a code in the wrong format for the site's market with the market's message", async () => {
    const us = await verifyCode(US_HOST, 'K1A 0B1');
    expect([us.status, us.body.msg]).toEqual([400, `postCode ${POSTAL_CODE_MESSAGE.us}`]);
    const ca = await verifyCode(CA_HOST, '90210');
    expect([ca.status, ca.body.msg]).toEqual([400, `postCode ${POSTAL_CODE_MESSAGE.ca}`]);
    expect((await verifyCode(US_HOST, 90210)).status).toBe(400);
  });
});

describe('verify call 2: the address', () => {
  it('accepts a postal code of the state, by code or name, and compares the US city as advice', async () => {
    const exact = (await verifyAddress(US_HOST, { postCode: '90210', state: 'CA', city: 'beverly hills' })).body.data;
    expect(exact).toMatchObject({ valid: true, stateMatches: true, cityMatches: true, message: null });
    const otherCity = (await verifyAddress(US_HOST, { postCode: '90210', state: 'california', city: 'Los Angeles' }))
      .body.data;
    expect(otherCity).toMatchObject({ valid: true, stateMatches: true, cityMatches: false, message: null });
  });

  it('says when the postal code is in another state or not deliverable', async () => {
    const wrongState = (await verifyAddress(US_HOST, { postCode: '90210', state: 'NY' })).body.data;
    expect(wrongState).toMatchObject({
      valid: false,
      stateMatches: false,
      cityMatches: null,
      message: POSTAL_VERIFY_MESSAGE.us.stateMismatch,
    });
    const unknown = (await verifyAddress(US_HOST, { postCode: '00000', state: 'NY' })).body.data;
    expect(unknown).toMatchObject({ valid: false, message: POSTAL_VERIFY_MESSAGE.us.notDeliverable });
  });

  it('checks Canadian codes against the province without judging the city', async () => {
    expect(
      (await verifyAddress(CA_HOST, { postCode: 'X1A 2B3', state: 'NT', city: 'Yellowknife' })).body.data,
    ).toMatchObject({ valid: true, cityMatches: null });
    expect((await verifyAddress(CA_HOST, { postCode: 'M5V 3L9', state: 'Quebec' })).body.data).toMatchObject({
      valid: false,
      message: POSTAL_VERIFY_MESSAGE.ca.stateMismatch,
    });
  });

  it('refuses a state the site does not have, a missing state and a malformed code', async () => {
    const foreign = await verifyAddress(CA_HOST, { postCode: 'M5V 3L9', state: 'NY' });
    expect([foreign.status, foreign.body.msg]).toEqual([
      400,
      'state must be a Province/Territory of this site, by code or name',
    ]);
    const missing = await verifyAddress(US_HOST, { postCode: '90210' });
    expect([missing.status, missing.body.msg]).toEqual([400, 'state is required']);
    expect((await verifyAddress(US_HOST, { postCode: '9021', state: 'CA' })).status).toBe(400);
  });
});

describe("§7's verify paths, with the postal code in the path", () => {
  const zipcodeAt = (host: string, code: string) =>
    post<PostalCodeInfo>(`${host}/infra/public/buyer/area-dict/zipcode/${encodeURIComponent(code)}/verify`, {});
  const addressAt = (host: string, code: string, body: unknown) =>
    post<AddressVerification>(`${host}/infra/public/buyer/area-dict/address/${encodeURIComponent(code)}/verify`, body);

  it('answers the postal code and the address as the first paths do', async () => {
    expect((await zipcodeAt(US_HOST, '99501')).body.data).toEqual((await verifyCode(US_HOST, '99501')).body.data);
    expect((await zipcodeAt(CA_HOST, 'M5V 3L9')).body.data).toEqual((await verifyCode(CA_HOST, 'M5V 3L9')).body.data);
    const body = { state: 'AK', city: 'Anchorage' };
    const atPath = (await addressAt(US_HOST, '99501', body)).body.data;
    expect(atPath).toEqual((await verifyAddress(US_HOST, { ...body, postCode: '99501' })).body.data);
    expect(atPath).toMatchObject({ valid: true, stateMatches: true });
  });

  it("refuses a malformed code in the path with the market's message, and a missing state", async () => {
    const bad = await zipcodeAt(US_HOST, '9021');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe((await verifyCode(US_HOST, '9021')).body.msg);
    const missing = await addressAt(US_HOST, '90210', {});
    expect([missing.status, missing.body.msg]).toEqual([400, 'state is required']);
  });
});

describe("the visitor's site", () => {
  const site = (host: string, ip: string, cf?: Record<string, string>, headers: Record<string, string> = {}) =>
    api<{ site: string | null; country: string | null; region: string | null; city: string | null }>(
      `${host}/infra/public/ip/${ip}/site`,
      { headers, cf } as RequestInit,
    );

  it('answers the site, country, region and city Cloudflare located the caller in', async () => {
    const here = await site(US_HOST, 'current', { country: 'CA', regionCode: 'QC', city: 'Montreal' });
    expect(here.body.data).toEqual({ site: 'ca', country: 'CA', region: 'QC', city: 'Montreal' });
    expect(here.response.headers.get('cache-control')).toBe('private, no-store');
    const own = await site(
      CA_HOST,
      '198.51.100.7',
      { country: 'US', regionCode: 'NY' },
      { 'cf-connecting-ip': '198.51.100.7' },
    );
    expect(own.body.data).toEqual({ site: 'us', country: 'US', region: 'NY', city: null });
  });

  it('answers no site outside the two countries, nothing for another address, and 400 for a bad ip', async () => {
    expect((await site(US_HOST, 'current', { country: 'FR' })).body.data).toMatchObject({ site: null, country: 'FR' });
    const other = await site(US_HOST, '198.51.100.8', { country: 'US' }, { 'cf-connecting-ip': '198.51.100.7' });
    expect(other.body.data).toEqual({ site: null, country: null, region: null, city: null });
    const bad = await site(US_HOST, 'somewhere');
    expect([bad.status, bad.body.msg]).toEqual([400, "ip must be an IP address or 'current'"]);
  });
});

describe("the visitor's postal code", () => {
  const visitorZip = (host: string, ip: string, cf?: Record<string, string>, headers: Record<string, string> = {}) =>
    api<PostalCodeInfo | null>(`${host}/infra/public/ip/${ip}/zipcode`, { headers, cf } as RequestInit);

  it("answers the US postal code Cloudflare located the caller in, for 'current' or their own address", async () => {
    expect((await visitorZip(US_HOST, 'current', { postalCode: '99501' })).body.data).toMatchObject({
      postCode: '99501',
      cityName: 'Anchorage',
      deliverAble: true,
    });
    expect(
      (await visitorZip(US_HOST, '198.51.100.7', { postalCode: '10001' }, { 'cf-connecting-ip': '198.51.100.7' })).body
        .data,
    ).toMatchObject({ postCode: '10001', stateCode: 'NY' });
  });

  it('answers null on the Canadian site, for another address, or without a usable location', async () => {
    expect((await visitorZip(CA_HOST, 'current', { postalCode: 'M5V' })).body.data).toBeNull();
    expect(
      (await visitorZip(US_HOST, '198.51.100.8', { postalCode: '10001' }, { 'cf-connecting-ip': '198.51.100.7' })).body
        .data,
    ).toBeNull();
    expect((await visitorZip(US_HOST, 'current')).body.data).toBeNull();
    expect((await visitorZip(US_HOST, 'current', { postalCode: 'SW1A' })).body.data).toBeNull();
  });

  it('refuses an ip segment that is neither an address nor current', async () => {
    const bad = await visitorZip(US_HOST, 'somewhere');
    expect([bad.status, bad.body.msg]).toEqual([400, "ip must be an IP address or 'current'"]);
  });
});

describe('shipping options with their cost', () => {
  it('prices every US option for the quantity and chooses Standard Shipping', async () => {
    const { body } = await quote(US_HOST, 'postCode=10001&quantity=3');
    expect(body.data.remote).toBe(false);
    expect(body.data.options.map((option) => [option.name, option.cost])).toEqual([
      ['Standard Shipping', { cent: 799 + 2 * 199, currency: 'USD' }],
      ['Expedited Shipping', { cent: 1799 + 2 * 399, currency: 'USD' }],
    ]);
    expect(body.data.chosen?.name).toBe('Standard Shipping');
  });

  it('adds the remote fee for a remote postal code, in the market currency', async () => {
    const alaska = (await quote(US_HOST, 'postCode=99501&quantity=1')).body.data;
    expect([alaska.remote, alaska.chosen?.cost]).toEqual([true, { cent: 799 + 1500, currency: 'USD' }]);
    const yukon = (await quote(CA_HOST, `postCode=${encodeURIComponent('Y1A 2B3')}&quantity=2`)).body.data;
    expect([yukon.remote, yukon.chosen?.cost]).toEqual([true, { cent: 1299 + 299 + 2000, currency: 'CAD' }]);
  });

  it('is not remote without a postal code, defaults to one unit, and costs nothing for none', async () => {
    const plain = (await quote(CA_HOST, '')).body.data;
    expect([plain.remote, plain.quantity, plain.chosen?.cost.cent]).toEqual([false, 1, 1299]);
    const none = (await quote(US_HOST, 'postCode=99501&quantity=0')).body.data;
    expect(none.options.map((option) => option.cost.cent)).toEqual([0, 0]);
  });

  it.each([
    ['quantity=-1', 'quantity cannot be negative'],
    ['quantity=1.5', 'quantity must be a whole number'],
    ['quantity=abc', 'quantity must be a whole number'],
    ['quantity=1000', 'quantity can be at most 999'],
    ['postCode=ABCDE', `postCode ${POSTAL_CODE_MESSAGE.us}`],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { status, body } = await quote(US_HOST, query);
    expect([status, body.msg]).toEqual([400, message]);
  });
});

describe('bad input to every area and shipping call', () => {
  it('answers a clear 4xx envelope and never a 500', async () => {
    const doc = (await (await shop(`${US_HOST}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const targets = Object.entries(doc.paths)
      .filter(([path]) =>
        /^\/infra\/public\/(?:area-dict|buyer\/area-dict|ip\/)|^\/order\/public\/buyer\/shipping\//.test(path),
      )
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(targets.length).toBe(9);
    const bodies: unknown[] = [
      null,
      42,
      'text',
      [],
      {},
      { postCode: ['x'], state: { a: 1 }, city: 7 },
      { postCode: "' OR 1=1 --", state: 'x'.repeat(10_000) },
    ];
    for (const { path, method, operation } of targets) {
      for (const segment of ['x', '-1', '99999999999999999999', "'%20OR%201=1"]) {
        for (const body of operation.requestBody ? bodies : [undefined]) {
          const url = `${US_HOST}${path.replace(/\{\w+\}/g, segment)}?keyword=%00&postCode=%E2%80%AE&quantity=1e400`;
          const response = await shop(url, {
            method: method.toUpperCase(),
            headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const where = `${method.toUpperCase()} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
          expect(response.status, where).toBeLessThan(500);
          const envelope = (await response.json()) as { success: boolean; msg: string };
          if (response.status >= 400) expect(envelope.msg.length, where).toBeGreaterThan(0);
        }
      }
    }
  });
});
