import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, member } from './account-helpers.ts';
import { NEW_YORK, TORONTO, checkoutFixture, shopper } from './checkout-helpers.ts';
import { CA_HOST, US_HOST } from './helpers.ts';
import { copyItem } from './regulated-helpers.ts';

/**
 * Shipping limits per part (issue 40 item 4): a lead-acid battery ships by ground only (no air option
 * to Alaska) and not at all where no ground route reaches (Hawaii, Nunavut), and the cart, checkout and
 * the place-order flow say which line and why; an oversize muffler adds the freight surcharge per unit;
 * a freight-only part offers only the freight option; a plain filter is unaffected.
 */

const ANCHORAGE = {
  ...NEW_YORK,
  addressLine1: '600 W 4th Ave',
  city: 'Anchorage',
  regionCode: 'AK',
  postalCode: '99501',
};
const HONOLULU = {
  ...NEW_YORK,
  addressLine1: '1 Aloha Tower Dr',
  city: 'Honolulu',
  regionCode: 'HI',
  postalCode: '96813',
};
const FREIGHT = { id: 9101, skuId: 91001, handle: 'freight-only-bumper-cover-test' };

interface Sku {
  skuId: number;
  itemId: number;
  title: string;
}
let battery: Sku;
let muffler: Sku;
let filter: Sku;
let freightTitle = '';

interface Line {
  title: string;
  hazmat: string | null;
  sizeClass: string | null;
  shipLimit: { kind: string; message: string } | null;
}
interface CartBody {
  detail: {
    items: Line[];
    pricing: { shippingOptions: { name: string; cost: number }[]; shippingName: string | null };
  };
}
interface QuoteBody {
  total: number;
  lines: Line[];
  pricing: { shippingName: string | null; shipping: number; shippingOptions: { name: string; cost: number }[] };
}

/** The first in-stock part of a category, with its stock and status made sure of. */
async function partOf(handle: string, where = ''): Promise<Sku> {
  const row = await env.DB.prepare(
    `SELECT s.id AS skuId, i.id AS itemId, i.title FROM sku s JOIN item i ON i.id = s.item_id
       JOIN category c ON c.id = i.back_category_id
     WHERE c.handle = ? ${where} ORDER BY i.id LIMIT 1`,
  )
    .bind(handle)
    .first<Sku>();
  expect(row).not.toBeNull();
  await env.DB.prepare(
    `UPDATE item SET us_status = 'ON_SHELVES', ca_status = 'ON_SHELVES', status = 'ON_SHELVES' WHERE id = ?`,
  )
    .bind(row!.itemId)
    .run();
  await env.DB.prepare('UPDATE sku SET available_total = 50 WHERE id = ?').bind(row!.skuId).run();
  return row!;
}

beforeAll(async () => {
  await checkoutFixture();
  await env.DB.prepare(`INSERT OR IGNORE INTO postal_code (market, post_code, city, state_code) VALUES
    ('us', '96813', 'Honolulu', 'HI'), ('ca', 'X0A', 'Iqaluit', 'NU')`).run();
  // The generated catalog gives every battery its class and every muffler its size class.
  battery = await partOf('batteries', "AND i.hazmat_class = 'LEAD_ACID_BATTERY'");
  muffler = await partOf('mufflers', "AND i.size_class = 'OVERSIZE'");
  filter = await partOf('oil-filters', 'AND i.hazmat_class IS NULL AND i.size_class IS NULL');
  const bumper = await partOf('bumper-covers');
  freightTitle = `${bumper.title} (Freight Test)`;
  await copyItem(bumper.itemId, {
    id: FREIGHT.id,
    skuId: FREIGHT.skuId,
    title: freightTitle,
    handle: FREIGHT.handle,
    changes: { size_class: 'FREIGHT', us_status: 'ON_SHELVES', status: 'ON_SHELVES' },
  });
});

/** A visitor's cart holding these parts, estimating shipping to a postal code. */
async function cartOf(
  postCode: string,
  items: { skuId: number; itemCount: number }[],
  host = US_HOST,
  headers: Record<string, string> = {},
) {
  const buyer = shopper(host, { 'cf-connecting-ip': freshIp(), ...headers });
  const added = await buyer.call<CartBody>('POST', '/order/public/buyer/cart/v2', { postCode, items });
  expect(added.status).toBe(200);
  return { buyer, detail: added.body.data.detail };
}

const optionsOf = (detail: CartBody['detail']) => detail.pricing.shippingOptions.map((option) => option.name);

const quoteOf = async (buyer: ReturnType<typeof shopper>, address: typeof NEW_YORK, shippingName?: string) =>
  buyer.call<QuoteBody>('POST', '/order/public/buyer/checkout/quote', {
    address,
    ...(shippingName && { shippingName }),
  });

const place = (
  buyer: ReturnType<typeof shopper>,
  address: typeof NEW_YORK,
  expectedTotal: number,
  shippingName?: string,
) =>
  buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `ship-${crypto.randomUUID()}`,
    email: `ship-${crypto.randomUUID().slice(0, 8)}@example.com`,
    address,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal,
    ...(shippingName && { shippingName }),
  });

describe('a lead-acid battery', () => {
  it('to Alaska offers no air option, and the cart says which line and why', async () => {
    const { detail } = await cartOf('99501', [{ skuId: battery.skuId, itemCount: 1 }]);
    expect(optionsOf(detail)).toEqual(['Standard Shipping']);
    expect(detail.items[0]!.hazmat).toBe('LEAD_ACID_BATTERY');
    expect(detail.items[0]!.shipLimit).toEqual({
      kind: 'GROUND_ONLY',
      message:
        `${battery.title} is a hazardous material (lead-acid battery, UN2794, class 8): it ships by ground only, ` +
        'so air options are not offered.',
    });
  });

  it('to Hawaii cannot ship: no option, the cart and checkout name the line, placement refuses it', async () => {
    const { buyer, detail } = await cartOf('96813', [
      { skuId: battery.skuId, itemCount: 1 },
      { skuId: filter.skuId, itemCount: 1 },
    ]);
    const why =
      `${battery.title} cannot be shipped to Hawaii: it is a hazardous material (lead-acid battery, UN2794, ` +
      'class 8) that ships by ground only, and no ground route reaches Hawaii.';
    expect(optionsOf(detail)).toEqual([]);
    const lines = new Map(detail.items.map((line) => [line.title, line]));
    expect(lines.get(battery.title)!.shipLimit).toEqual({ kind: 'NO_ROUTE', message: why });
    expect(lines.get(filter.title)!.shipLimit).toBeNull();
    const quote = await quoteOf(buyer, HONOLULU);
    expect(quote.status).toBe(200);
    const quoted = new Map(quote.body.data.lines.map((line) => [line.title, line]));
    expect(quoted.get(battery.title)!.shipLimit).toEqual({ kind: 'NO_ROUTE', message: why });
    const placed = await place(buyer, HONOLULU, quote.body.data.total);
    expect(placed.status).toBe(409);
    expect(placed.body.msg).toBe(why);
    // Naming an option the page never offered there gets the same reason, not only "choose an option".
    const named = await place(buyer, HONOLULU, quote.body.data.total, 'Standard Shipping');
    expect(named.status).toBe(409);
    expect(named.body.msg).toBe(why);
    const orders = await env.DB.prepare(
      `SELECT count(*) AS n FROM order_line l JOIN orders o ON o.id = l.order_id
       WHERE l.sku_id = ? AND json_extract(o.address, '$.regionCode') = 'HI'`,
    )
      .bind(battery.skuId)
      .first<{ n: number }>();
    expect(orders!.n).toBe(0);
  });

  it('to Alaska: checkout and placement refuse the air option the page never offered; ground is placed', async () => {
    const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
    await buyer.add(battery.skuId, 1);
    const air = await quoteOf(buyer, ANCHORAGE, 'Expedited Shipping');
    expect(air.status).toBe(400);
    expect(air.body.msg).toBe('Please choose one of the shipping options offered.');
    const ground = await quoteOf(buyer, ANCHORAGE);
    expect(ground.body.data.pricing.shippingName).toBe('Standard Shipping');
    expect(ground.body.data.pricing.shippingOptions.map((option) => option.name)).toEqual(['Standard Shipping']);
    const refused = await place(buyer, ANCHORAGE, ground.body.data.total, 'Expedited Shipping');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Please choose one of the shipping options offered.');
    const placed = await place(buyer, ANCHORAGE, ground.body.data.total, 'Standard Shipping');
    expect(placed.status).toBe(200);
  });

  it('placed to Alaska cannot be moved to Hawaii, nor sent by air after moving from New York', async () => {
    const buyer = shopper(US_HOST, bearer(await member(`ship-${crypto.randomUUID().slice(0, 8)}@example.com`)));
    await buyer.add(battery.skuId, 1);
    const quote = await quoteOf(buyer, ANCHORAGE);
    const placed = await place(buyer, ANCHORAGE, quote.body.data.total);
    expect(placed.status).toBe(200);
    const moved = await buyer.call('PUT', '/order/public/buyer/auth/order/address', {
      orderId: placed.body.data.order.orderId,
      address: HONOLULU,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.msg).toContain(`${battery.title} cannot be shipped to Hawaii`);
    // Placed by air to New York (where nothing limits it then), it does not go by air to Alaska.
    await env.DB.prepare('UPDATE item SET hazmat_class = NULL WHERE id = ?').bind(battery.itemId).run();
    await buyer.add(battery.skuId, 1);
    const air = await quoteOf(buyer, NEW_YORK, 'Expedited Shipping');
    const byAir = await place(buyer, NEW_YORK, air.body.data.total, 'Expedited Shipping');
    await env.DB.prepare(`UPDATE item SET hazmat_class = 'LEAD_ACID_BATTERY' WHERE id = ?`).bind(battery.itemId).run();
    expect(byAir.status).toBe(200);
    const north = await buyer.call('PUT', '/order/public/buyer/auth/order/address', {
      orderId: byAir.body.data.order.orderId,
      address: ANCHORAGE,
    });
    expect(north.status).toBe(409);
    expect(north.body.msg).toBe(
      'Expedited Shipping cannot carry the parts of this order to that address. ' +
        'Please cancel the order and place it again.',
    );
  });

  it('to a fly-in community of Nunavut cannot ship; to Toronto it goes by ground', async () => {
    const { detail } = await cartOf('X0A 0H0', [{ skuId: battery.skuId, itemCount: 1 }], CA_HOST);
    expect(optionsOf(detail)).toEqual([]);
    expect(detail.items[0]!.shipLimit!.kind).toBe('NO_ROUTE');
    expect(detail.items[0]!.shipLimit!.message).toContain('fly-in community');
    // In French too.
    const french = await cartOf('X0A 0H0', [{ skuId: battery.skuId, itemCount: 1 }], CA_HOST, {
      'accept-language': 'fr-CA',
    });
    expect(french.detail.items[0]!.shipLimit!.message).toContain(
      'ne peut pas être expédié vers cette communauté accessible uniquement par avion : ' +
        "c'est une matière dangereuse",
    );
    // Toronto has a ground route: the battery goes by ground there.
    const toronto = await cartOf(TORONTO.postalCode, [{ skuId: battery.skuId, itemCount: 1 }], CA_HOST);
    expect(optionsOf(toronto.detail)).toEqual(['Standard Shipping']);
  });
});

describe('oversize and freight-only parts', () => {
  it('a muffler adds the freight surcharge per unit to every option', async () => {
    const plain = await cartOf('10001', [{ skuId: filter.skuId, itemCount: 2 }]);
    const oversize = await cartOf('10001', [{ skuId: muffler.skuId, itemCount: 2 }]);
    const cost = (detail: CartBody['detail'], name: string) =>
      detail.pricing.shippingOptions.find((option) => option.name === name)!.cost;
    expect(cost(plain.detail, 'Standard Shipping')).toBe(799 + 199);
    expect(cost(oversize.detail, 'Standard Shipping')).toBe(799 + 199 + 2 * 2499);
    expect(cost(oversize.detail, 'Expedited Shipping')).toBe(1799 + 399 + 2 * 2499);
    expect(oversize.detail.items[0]!.shipLimit).toEqual({
      kind: 'OVERSIZE',
      message: `${muffler.title} is oversize: shipping adds a freight surcharge of $24.99 per unit.`,
    });
  });

  it('a freight-only part offers only Freight Delivery, and none to Alaska', async () => {
    const { detail } = await cartOf('10001', [
      { skuId: FREIGHT.skuId, itemCount: 1 },
      { skuId: filter.skuId, itemCount: 1 },
    ]);
    expect(detail.pricing.shippingOptions).toEqual([{ name: 'Freight Delivery', cost: 14999 + 2999 }]);
    expect(detail.pricing.shippingName).toBe('Freight Delivery');
    const freight = detail.items.find((line) => line.title === freightTitle)!;
    expect(freight.shipLimit!.kind).toBe('FREIGHT_ONLY');
    const alaska = await cartOf('99501', [{ skuId: FREIGHT.skuId, itemCount: 1 }]);
    expect(optionsOf(alaska.detail)).toEqual([]);
    expect(alaska.detail.items[0]!.shipLimit!.message).toBe(
      `${freightTitle} cannot be shipped to Alaska: it ships by freight truck only, and our freight carrier ` +
        'does not deliver there.',
    );
  });

  it('a plain filter is unaffected: both options at their usual fees, no limit on the line', async () => {
    const { detail } = await cartOf('99501', [{ skuId: filter.skuId, itemCount: 1 }]);
    expect(detail.pricing.shippingOptions).toEqual([
      { name: 'Standard Shipping', cost: 799 + 1500 },
      { name: 'Expedited Shipping', cost: 1799 + 1500 },
    ]);
    expect(detail.items[0]!.shipLimit).toBeNull();
  });
});
