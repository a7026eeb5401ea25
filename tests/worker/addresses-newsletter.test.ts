import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.ts';
import { US_HOST, CA_HOST, api, cookiesOf } from './helpers.ts';
import { bearer, json, member } from './account-helpers.ts';

const home = {
  market: 'us',
  firstName: 'Dana',
  lastName: "O'Neil",
  phone: '614-5550199',
  addressLine1: '1200 Commerce Pkwy #300',
  city: 'Columbus',
  regionCode: 'oh',
  postalCode: '43215',
  isDefault: true,
};

describe('addresses', () => {
  it('keeps US and Canadian addresses, default first', async () => {
    const token = await member('addresses@example.com');
    const first = await api<{ id: number }>(
      `${US_HOST}/account/buyer/current/address`,
      json('POST', home, bearer(token)),
    );
    expect(first.body.success).toBe(true);
    const second = await api<{ id: number }>(
      `${US_HOST}/account/buyer/current/address`,
      json(
        'POST',
        {
          ...home,
          market: 'ca',
          regionCode: 'ON',
          postalCode: 'k1a0b1',
          city: 'Ottawa',
          phone: '6135550100',
          isDefault: true,
        },
        bearer(token),
      ),
    );
    const list = await api<{ id: number; isDefault: boolean; postalCode: string; regionCode: string }[]>(
      `${US_HOST}/account/buyer/current/address/list`,
      { headers: bearer(token) },
    );
    expect(list.body.data.map((a) => a.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(list.body.data[0]).toMatchObject({ isDefault: true, postalCode: 'K1A 0B1', regionCode: 'ON' });
    expect(list.body.data[1]).toMatchObject({ isDefault: false, regionCode: 'OH' });
  });

  it('checks every field with the §5 messages', async () => {
    const token = await member('badaddress@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12345' }, `phone ${MSG.phoneInvalid}`],
      [{ addressLine1: 'Main St <script>' }, `addressLine1 ${MSG.addressSpecialChars}`],
      [{ firstName: '1234' }, `firstName ${MSG.nameNeedsLetters}`],
      [{ regionCode: 'ZZ' }, 'regionCode Please choose a state.'],
      [{ postalCode: 'K1A0B1' }, 'postalCode Please enter a valid ZIP code.'],
      [
        { market: 'ca', regionCode: 'ON', postalCode: '43215' },
        'postalCode Please enter a valid postal code, such as K1A 0B1.',
      ],
    ];
    for (const [change, message] of cases) {
      const { status, body } = await api(
        `${US_HOST}/account/buyer/current/address`,
        json('POST', { ...home, ...change }, bearer(token)),
      );
      expect(status, message).toBe(400);
      expect(body.msg).toBe(message);
    }
    const stored = await api<unknown[]>(`${US_HOST}/account/buyer/current/address/list`, { headers: bearer(token) });
    expect(stored.body.data).toEqual([]);
  });

  it("never lets member B read, change or delete member A's addresses", async () => {
    const a = await member('owner-a@example.com');
    const b = await member('owner-b@example.com');
    const { body } = await api<{ id: number }>(
      `${US_HOST}/account/buyer/current/address`,
      json('POST', home, bearer(a)),
    );
    const id = body.data.id;
    expect(
      (await api<unknown[]>(`${US_HOST}/account/buyer/current/address/list`, { headers: bearer(b) })).body.data,
    ).toEqual([]);
    expect(
      (await api(`${US_HOST}/account/buyer/current/address`, json('PUT', { ...home, id, city: 'Toledo' }, bearer(b))))
        .status,
    ).toBe(404);
    expect(
      (await api(`${US_HOST}/account/buyer/current/address?id=${id}`, { method: 'DELETE', headers: bearer(b) })).status,
    ).toBe(404);
    const mine = await api<{ city: string }[]>(`${US_HOST}/account/buyer/current/address/list`, { headers: bearer(a) });
    expect(mine.body.data[0]!.city).toBe('Columbus');
    expect(
      (await api(`${US_HOST}/account/buyer/current/address?id=${id}`, { method: 'DELETE', headers: bearer(a) })).body
        .success,
    ).toBe(true);
  });
});

/** The token of the confirmation link in the newsletter email to an address. */
async function confirmToken(to: string): Promise<string> {
  const mail = await env.DB.prepare(
    "SELECT text_body FROM email_outbox WHERE to_address = ? AND kind = 'newsletter-confirm' ORDER BY id DESC",
  )
    .bind(to)
    .first<{ text_body: string }>();
  return decodeURIComponent(mail!.text_body.match(/\/newsletter\/confirm\?token=([^\s&]+)/)![1]!);
}

describe('newsletter', () => {
  const subscribe = (email: string, headers: Record<string, string> = {}) =>
    api<{ errorStatus: boolean; errorText: string }>(
      `${US_HOST}/account/public/buyer/subscribe`,
      json('POST', { email, type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' }, headers),
    );

  it('subscribes a visitor with double opt-in and remembers the email in a cookie', async () => {
    const answer = await subscribe('reader@example.com');
    expect(answer.body.data).toEqual({ errorStatus: false, errorText: '' });
    const cookies = cookiesOf(answer.response);
    expect(cookies.subscribe_email).toMatch(/^subscribe_email=reader%40example\.com;/);
    const browserCookies = [cookies.subscribe_email, cookies.subscribe_proof].map((line) => line!.split(';')[0]);
    const cookie = browserCookies.join('; ');
    const pending = await api<{ state: string }>(`${US_HOST}/account/public/buyer/subscribe/info`, {
      headers: { cookie },
    });
    expect(pending.body.data.state).toBe('NOT_SUBSCRIBE_CUSTOMER_VISITOR');
    const confirm = await api(
      `${US_HOST}/account/public/buyer/subscribe/confirm`,
      json('POST', { token: await confirmToken('reader@example.com') }),
    );
    expect(confirm.body.success).toBe(true);
    const done = await api<{ state: string }>(`${US_HOST}/account/public/buyer/subscribe/info`, {
      headers: { cookie },
    });
    expect(done.body.data.state).toBe('SUBSCRIBED');
    expect((await api<{ state: string }>(`${US_HOST}/account/public/buyer/subscribe/info`)).body.data.state).toBe(
      'VISITOR_UNAVAILABLE',
    );
  });

  it('marks a member subscribed at once and lets them leave', async () => {
    const token = await member('member-news@example.com');
    expect(
      (await api<{ state: string }>(`${CA_HOST}/account/public/buyer/subscribe/info`, { headers: bearer(token) })).body
        .data.state,
    ).toBe('NOT_SUBSCRIBE_CUSTOMER');
    await subscribe('member-news@example.com', bearer(token));
    expect(
      (await api<{ subscribed: boolean }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) })).body
        .data.subscribed,
    ).toBe(true);
    await api(`${US_HOST}/account/public/buyer/unsubscribe`, json('POST', {}, bearer(token)));
    expect(
      (await api<{ subscribed: boolean }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) })).body
        .data.subscribed,
    ).toBe(false);
  });

  it('leaves with one click from the emailed link', async () => {
    await subscribe('oneclick@example.com');
    const mail = await env.DB.prepare(
      "SELECT text_body FROM email_outbox WHERE to_address = 'oneclick@example.com' ORDER BY id DESC",
    ).first<{ text_body: string }>();
    const token = decodeURIComponent(mail!.text_body.match(/unsubscribe\?token=([^\s&]+)/)![1]!);
    expect((await api(`${US_HOST}/account/public/buyer/unsubscribe`, json('POST', { token }))).body.success).toBe(true);
    const row = await env.DB.prepare(
      "SELECT status FROM newsletter_subscription WHERE email = 'oneclick@example.com'",
    ).first<{ status: string }>();
    expect(row!.status).toBe('UNSUBSCRIBED');
  });

  it('rejects a too-long or invalid email with the newsletter messages', async () => {
    const long = await subscribe(`${'a'.repeat(44)}@example.com`);
    expect(long.body.msg).toBe(`email ${MSG.newsletterTooLong}`);
    const invalid = await subscribe('not an email');
    expect(invalid.body.msg).toBe(`email ${MSG.newsletterInvalidEmail}`);
  });
});
