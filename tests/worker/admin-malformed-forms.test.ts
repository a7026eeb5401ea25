import { beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_MSG,
  REDIRECT_VALUE_MAX,
  field,
  lineQuantities,
  staffFormBase,
  trimmed,
} from '../../worker/admin/form.ts';
import { freshIp, staffSession } from './admin-helpers.ts';
import { NAMES, filled, junk, staffBodyRoutes } from './malformed-helpers.ts';
import { US_HOST, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

/** Bodies no page of the console sends, each with the content type it claims. */
function malformedBodies(csrf: string): { what: string; type?: string; body?: BodyInit }[] {
  const pairs = (value: string) => NAMES.map((name) => [name, value] as [string, string]);
  const repeated = new URLSearchParams([['_csrf', csrf], ...pairs('1'), ...pairs('2')]);
  const oversized = new URLSearchParams([['_csrf', csrf], ...pairs('9'.repeat(60_000))]);
  const huge = new URLSearchParams([
    ['_csrf', csrf],
    ['body', 'x'.repeat(2_000_000)],
  ]);
  const files = new FormData();
  files.append('_csrf', csrf);
  for (const name of NAMES) files.append(name, new File(['%PDF-1.7'], 'x.pdf', { type: 'application/pdf' }));
  return [
    { what: 'repeated names', type: 'application/x-www-form-urlencoded', body: repeated },
    { what: 'oversized values', type: 'application/x-www-form-urlencoded', body: oversized },
    { what: 'files for texts', body: files },
    { what: 'JSON', type: 'application/json', body: JSON.stringify({ _csrf: csrf, reason: ['x'], amount: {} }) },
    { what: 'plain text', type: 'text/plain', body: `_csrf=${csrf}&reason=x` },
    { what: 'no content type', body: undefined },
    { what: 'broken multipart', type: 'multipart/form-data; boundary=nope', body: '--other\r\nContent-Disposition: x' },
    { what: 'binary junk as multipart', type: 'multipart/form-data; boundary=xyz', body: junk(5000) },
    { what: 'binary junk', type: 'application/octet-stream', body: junk(5000) },
    { what: 'a 2 MB field', type: 'application/x-www-form-urlencoded', body: huge },
  ];
}

let owner: Session;
beforeAll(async () => {
  owner = await staffSession('owner');
});

describe('malformed bodies posted to the back office', () => {
  it('answer every staff route that takes a body with a clear 400, never a 500', async () => {
    const routes = staffBodyRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const { what, type, body } of malformedBodies(owner.csrf)) {
        const headers: Record<string, string> = {
          ...owner.headers,
          'x-csrf-token': owner.csrf,
          'cf-connecting-ip': freshIp(),
        };
        if (type) headers['content-type'] = type;
        const response = await shop(`${US_HOST}${filled(path)}`, { method, headers, body, redirect: 'manual' });
        const text = await response.text();
        if (response.status !== 400) failures.push(`${response.status} ${method} ${path} (${what})`);
        else if (!/reload the page/.test(text)) failures.push(`400 without a reason: ${method} ${path} (${what})`);
      }
    }
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  });

  it('refuses a value longer than a redirect may carry back, before anything is done with it', async () => {
    const post = (view: string) =>
      shop(`${US_HOST}/admin/reviews/999999/publish`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: owner.csrf, view, page: '1' }),
      });
    const long = await post(`PENDING${'&x=1'.repeat(REDIRECT_VALUE_MAX)}`);
    expect(long.status).toBe(400);
    expect(long.headers.get('location')).toBeNull();
    const page = (await long.text()).replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
    expect(page).toContain(FORM_MSG.field('view', `is longer than ${REDIRECT_VALUE_MAX} characters`));
    expect((await post('PENDING')).status).toBe(404); // read, then no such review
  });
});

describe('the form fields every staff form is read with', () => {
  const form = staffFormBase.extend({ note: field(10), name: trimmed(10) }).catchall(field(20));

  it('reads a field left out as empty, trims where asked, and refuses one too long', () => {
    expect(form.parse({ name: '  Mia ' })).toMatchObject({ note: '', name: 'Mia' });
    expect(form.safeParse({ note: 'x'.repeat(11) }).success).toBe(false);
    expect(form.safeParse({ note: ['a', 'b'] }).success).toBe(false);
    expect(form.safeParse({ note: new File(['x'], 'x.txt') }).success).toBe(false);
  });

  it('keeps a well-formed form key and makes a fresh one for any other', () => {
    const key = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    expect(form.parse({ _key: key })._key).toBe(key);
    const fresh = form.parse({ _key: 'short' })._key;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh).not.toBe(form.parse({})._key);
  });

  it('reads units per line from their prefixed fields, whole numbers only', () => {
    const sent = { qty_1: '2', qty_2: ' 3 ', qty_3: '1.5', qty_4: '0', qty_12345: '1', rqty_5: '4', qty_x: '1' };
    expect(lineQuantities(sent, 'qty_')).toEqual([
      { lineNo: 1, quantity: 2 },
      { lineNo: 2, quantity: 3 },
    ]);
    expect(lineQuantities(sent, 'rqty_')).toEqual([{ lineNo: 5, quantity: 4 }]);
  });
});
