import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { loginDestination, sameOriginPath } from '../../shared/login-flow.ts';
import { ACCOUNT_MSG } from '../../worker/accounts/service.ts';
import { US_HOST, api, page } from './helpers.ts';
import { bearer, json, member } from './account-helpers.ts';

const EVIL = 'http://evil.example';
const EVIL_CA = 'http://ca.evil.example';

/** The text of the newest mail of a kind to an address. */
const mailTo = async (to: string, kind: string) =>
  (await env.DB.prepare('SELECT text_body FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY id DESC')
    .bind(to, kind)
    .first<{ text_body: string }>())!.text_body;

describe('links in emails use the market origin, never the Host header', () => {
  it('puts the US origin in a password reset link asked for with Host evil.example', async () => {
    await member('host-reset@example.com');
    await api(`${EVIL}/account/public/buyer/forget-password/init`, json('PUT', { email: 'host-reset@example.com' }));
    const text = await mailTo('host-reset@example.com', 'reset-password');
    expect(text).toContain(`${env.US_ORIGIN}/retrievePassword?token=`);
    expect(text).not.toContain('evil.example');
  });

  it('puts the Canadian origin in a confirmation link asked for on a Canadian-looking foreign host', async () => {
    await api(
      `${EVIL_CA}/account/public/buyer/register`,
      json('POST', { email: 'host-verify@example.com', password: 'a good password' }),
    );
    const text = await mailTo('host-verify@example.com', 'verify-email');
    expect(text).toContain(`${env.CA_ORIGIN}/signUpResult?token=`);
    expect(text).not.toContain('evil.example');
  });

  it('puts the market origin in change-email links and in newsletter confirm and leave links', async () => {
    const session = await member('host-change@example.com');
    await api(
      `${EVIL}/account/buyer/account/change-email-init`,
      json('PUT', { newEmail: 'host-change-new@example.com', password: 'correct horse battery' }, bearer(session)),
    );
    const change = await mailTo('host-change-new@example.com', 'change-email');
    expect(change).toContain(`${env.US_ORIGIN}/myAccount?token=`);
    await api(
      `${EVIL}/account/public/buyer/subscribe`,
      json('POST', { email: 'host-news@example.com', type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' }),
    );
    const news = await mailTo('host-news@example.com', 'newsletter-confirm');
    expect(news).toContain(`${env.US_ORIGIN}/newsletter/confirm?token=`);
    expect(news).toContain(`${env.US_ORIGIN}/newsletter/unsubscribe?token=`);
    for (const text of [change, news]) expect(text).not.toContain('evil.example');
  });
});

describe('after sign-in only same-origin paths survive (§4 Login)', () => {
  const at = (callBackPath: string) =>
    loginDestination(new URLSearchParams({ callBackPath }), 'https://www.autohaven.com');

  it('sends backslash, tab and other control-character tricks to /myAccount', () => {
    for (const trick of [
      '/\\evil.host',
      '/\\/evil.host',
      '/\t/evil.host',
      '/\n/evil.host',
      '/\r//evil.host',
      '/\u0000x',
    ])
      expect(at(trick), JSON.stringify(trick)).toBe('/myAccount');
    expect(sameOriginPath('/\\evil.host', 'https://www.autohaven.com')).toBeNull();
  });

  it('keeps a path of the shop, with its query', () => {
    expect(at('/shopCart')).toBe('/shopCart');
    expect(at('/search?q=brake pads')).toBe('/search?q=brake%20pads');
  });

  it('redirects a signed-in member on /login to the callback only when it stays on the shop', async () => {
    const session = await member('redirect@example.com');
    const to = async (callBackPath: string) =>
      (
        await page(`${US_HOST}/login?${new URLSearchParams({ callBackPath })}`, {
          headers: bearer(session),
          redirect: 'manual',
        })
      ).response.headers.get('location');
    expect(await to('/\\evil.host')).toBe('/myAccount');
    expect(await to('/\t/evil.host')).toBe('/myAccount');
    expect(await to('/shopCart')).toBe('/shopCart');
  });
});

describe('what the shop shows and tells', () => {
  it('shows only its own messages on /signUpResult', async () => {
    const planted = 'Your account is blocked, call +1 555 0100 now';
    const forged = await page(`${US_HOST}/signUpResult?sent=1&message=${encodeURIComponent(planted)}`);
    expect(forged.html).not.toContain('call +1 555 0100');
    const own = await page(`${US_HOST}/signUpResult?sent=1&message=${encodeURIComponent(ACCOUNT_MSG.registered)}`);
    expect(own.html).toContain(ACCOUNT_MSG.registered);
  });

  it("does not tell whether someone else's email is subscribed to a hand-written cookie", async () => {
    const session = await member('subscribed-member@example.com');
    await api(
      `${US_HOST}/account/public/buyer/subscribe`,
      json(
        'POST',
        { email: 'subscribed-member@example.com', type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' },
        bearer(session),
      ),
    );
    const probe = await api<{ state: string }>(`${US_HOST}/account/public/buyer/subscribe/info`, {
      headers: { cookie: 'subscribe_email=subscribed-member%40example.com' },
    });
    expect(probe.body.data.state).toBe('VISITOR_UNAVAILABLE');
    const own = await api<{ state: string }>(`${US_HOST}/account/public/buyer/subscribe/info`, {
      headers: bearer(session),
    });
    expect(own.body.data.state).toBe('SUBSCRIBED');
  });
});
