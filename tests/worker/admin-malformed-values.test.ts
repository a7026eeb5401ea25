import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, staffMember, staffSession } from './admin-helpers.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { paidMemberOrder } from './fulfilment-helpers.ts';
import { US_HOST, shop } from './helpers.ts';
import { NAMES, filled, junk, staffBodyRoutes } from './malformed-helpers.ts';
import { shippedGuestOrder } from './returns-helpers.ts';
import { returnOf } from './returns-staff-helpers.ts';

/**
 * Forms the console's pages could have sent, but with every field missing or holding what no
 * field should (letters for amounts, a number beyond any range, control characters and markup),
 * posted to every staff route on records that exist: the route or its service refuses them in
 * words, and nothing answers 5xx.
 */

type Session = Awaited<ReturnType<typeof staffSession>>;

const PARAM = /:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g;

/** The route's path on real records: each parameter named by the folder before it ('orders' → an order id). */
function realPath(path: string, known: Record<string, string>): string {
  return path.replace(PARAM, (whole, name: string, _pattern, offset: number) => {
    const folder = path.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
    return known[`${folder}:${name}`] ?? filled(whole);
  });
}

const firstId = async (table: string) =>
  String((await env.DB.prepare(`SELECT id FROM ${table} ORDER BY id LIMIT 1`).first<{ id: string | number }>())?.id);

/** Well-formed forms holding what no field of the console takes. */
function wrongForms(csrf: string): { what: string; body: BodyInit }[] {
  const every = (value: string) => new URLSearchParams([['_csrf', csrf], ...NAMES.map((n) => [n, value])]);
  const values = ['abc', '-1e309', '99999999999999999999', '\u0000<b>x</b>\u202e'];
  return [
    { what: 'no fields', body: new URLSearchParams([['_csrf', csrf]]) },
    ...values.map((value) => ({ what: `every field ${JSON.stringify(value)}`, body: every(value) })),
    { what: 'binary junk', body: junk(5000) },
  ];
}

let owner: Session;
let known: Record<string, string>;
beforeAll(async () => {
  const skuIds = await checkoutFixture(3);
  const paid = await paidMemberOrder([{ skuId: skuIds[0]!, quantity: 2 }], 'wrong');
  const shipped = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
  const rma = await returnOf(shipped, [{ lineNo: 1, quantity: 1 }]);
  const colleague = await staffMember(`colleague-${crypto.randomUUID().slice(0, 8)}@staff.test`, 'support');
  owner = await staffSession('owner');
  const item = await env.DB.prepare('SELECT item_id AS id FROM sku WHERE id = ?')
    .bind(skuIds[0])
    .first<{ id: number }>();
  known = {
    'orders:id': paid.orderId,
    'shipments:shipment': await firstId('shipment'),
    'returns:rma': rma,
    'catalog:id': String(item?.id),
    'skus:sku': String(skuIds[0]),
    'customers:id': await firstId('account'),
    'staff:id': String(colleague.id),
  };
}, 180_000);

describe('well-formed staff forms with wrong or missing values', () => {
  it('are refused in words by every staff route, on records that exist, never with a 5xx', async () => {
    const failures: string[] = [];
    const routes = staffBodyRoutes();
    for (const { method, path } of routes) {
      for (const { what, body } of wrongForms(owner.csrf)) {
        const response = await shop(`${US_HOST}${realPath(path, known)}`, {
          method,
          redirect: 'manual',
          body,
          headers: {
            ...owner.headers,
            'content-type': 'application/x-www-form-urlencoded',
            'x-csrf-token': owner.csrf,
            'cf-connecting-ip': freshIp(),
          },
        });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${response.status} ${method} ${path} (${what})`);
      }
    }
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });
});
