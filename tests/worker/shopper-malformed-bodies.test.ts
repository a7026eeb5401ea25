import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { freshIp, member } from './account-helpers.ts';
import { US_HOST, shop } from './helpers.ts';
import { filled, junk } from './malformed-helpers.ts';

/**
 * Every route of the shop outside the back office that takes a body (the JSON API, and the pages
 * that take a form: the help desk, a ticket reply, the return link, undoing an email change, the
 * sandbox payment window), sent bodies no page or app of the shop sends, by a guest and by a
 * signed-in member: each is refused (4xx) or read for what it is, and nothing answers 5xx.
 */

const NASTY_JSON: unknown[] = [
  null,
  42,
  'text',
  [],
  {},
  {
    email: 'x'.repeat(10_000),
    password: { nested: true },
    token: ['array'],
    id: 'DROP TABLE account',
    market: 'mars',
    quantity: -1,
    amount: 1e308,
    skuId: 'abc',
    lines: [{ skuId: {}, quantity: 'x' }],
    orderId: {},
    code: 7,
  },
  Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 'v'.repeat(1000)])),
];

const BODIES: { what: string; type?: string; body?: BodyInit }[] = [
  ...NASTY_JSON.map((value) => ({
    what: `JSON ${JSON.stringify(value).slice(0, 30)}`,
    type: 'application/json',
    body: JSON.stringify(value),
  })),
  { what: 'cut-off JSON', type: 'application/json', body: '{"a":' },
  { what: 'JSON nested 100,000 deep', type: 'application/json', body: '['.repeat(100_000) },
  { what: 'binary junk as JSON', type: 'application/json', body: junk(5000) },
  { what: 'binary junk', type: 'application/octet-stream', body: junk(5000) },
  { what: 'a form with a broken escape', type: 'application/x-www-form-urlencoded', body: 'a=1&b=%ZZ&c&email=x' },
  { what: 'broken multipart', type: 'multipart/form-data; boundary=nope', body: '--other\r\nContent-Disposition: x' },
  { what: 'binary junk as multipart', type: 'multipart/form-data; boundary=xyz', body: junk(5000) },
  { what: 'a 2 MB JSON field', type: 'application/json', body: JSON.stringify({ text: 'x'.repeat(2_000_000) }) },
  { what: 'an empty body', type: 'application/json', body: '' },
  { what: 'no body' },
];

/** Every route outside /admin (and the development sign-in) that takes a body, once each. */
function shopperBodyRoutes() {
  const calls = createApp()
    .routes.filter((route) => /^(POST|PUT|PATCH|DELETE)$/.test(route.method))
    .filter((route) => !route.path.startsWith('/admin/') && !route.path.startsWith('/dev/'))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(calls)].map((call) => call.split(' ') as [string, string]);
}

let token: string;
beforeAll(async () => {
  token = await member('malformed-bodies@example.com');
});

describe("malformed bodies sent to the shop's own routes", () => {
  it('never answer 5xx, from a guest or a signed-in member', { timeout: 600_000 }, async () => {
    const routes = shopperBodyRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const [method, path] of routes) {
      for (const signedIn of [false, true]) {
        for (const { what, type, body } of BODIES) {
          const headers: Record<string, string> = { 'cf-connecting-ip': freshIp() };
          if (signedIn) headers.cookie = `token=${token}`;
          if (type) headers['content-type'] = type;
          const response = await shop(`${US_HOST}${filled(path)}`, { method, headers, body, redirect: 'manual' });
          await response.arrayBuffer();
          const who = signedIn ? 'member' : 'guest';
          if (response.status >= 500) failures.push(`${response.status} ${method} ${path} (${what}, ${who})`);
        }
      }
    }
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  });
});
