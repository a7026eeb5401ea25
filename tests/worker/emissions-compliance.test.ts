import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, member } from './account-helpers.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { US_HOST, page } from './helpers.ts';
import { copyItem, DALLAS, loadRegulatedPostalCodes, SAN_FRANCISCO } from './regulated-helpers.ts';

/**
 * Emissions compliance (issue 40 item 1): a 49-state catalytic converter cannot be ordered to a
 * California address, at the cart, at checkout and in the place-order flow, and the shopper is told
 * why with the part's name and offered the 50-state converters that fit their vehicle; the same part
 * to Texas is sold; a 50-state part shows its CARB Executive Order number.
 */

const FORTY_NINE = { id: 9001, skuId: 90001, handle: 'direct-fit-49-state-catalytic-converter-test' };
let legal: { itemId: number; skuId: number; title: string; handle: string; eo: string; vehicle: number };
let fortyNineTitle = '';

interface Line {
  title: string;
  emissions: { status: string; eo: string | null } | null;
  shipRefusal: { message: string; state: string; alternatives: { itemId: number; title: string }[] } | null;
}
interface CartBody {
  detail: { items: Line[] };
}
interface QuoteBody {
  total: number;
  lines: Line[];
}

beforeAll(async () => {
  await checkoutFixture();
  await loadRegulatedPostalCodes();
  // The fixture's 50-state converter, the engine it fits, and a 49-state version of it listed beside it.
  const row = await env.DB.prepare(
    `SELECT i.id AS itemId, s.id AS skuId, i.title, o.url_handle AS handle, i.carb_eo AS eo, f.node_id AS vehicle
     FROM item i JOIN sku s ON s.item_id = i.id
       JOIN seo o ON o.target_id = i.id AND o.type = 'ITEM' AND o.is_primary = 1
       JOIN fitment f ON f.item_id = i.id
     WHERE i.emissions_kind = 'CATALYTIC_CONVERTER' AND i.emissions_status = 'FIFTY_STATE' AND f.node_level = 5
     ORDER BY i.id LIMIT 1`,
  ).first<typeof legal>();
  expect(row).not.toBeNull();
  legal = row!;
  // The 50-state one is in stock and on sale, so it can be offered.
  await env.DB.prepare(`UPDATE item SET us_status = 'ON_SHELVES', status = 'ON_SHELVES' WHERE id = ?`)
    .bind(legal.itemId)
    .run();
  await env.DB.prepare('UPDATE sku SET available_total = 50 WHERE item_id = ?').bind(legal.itemId).run();
  fortyNineTitle = legal.title.replace(/^(.*?) CARB Compliant /, '$1 Direct-Fit 49-State ');
  await copyItem(legal.itemId, {
    id: FORTY_NINE.id,
    skuId: FORTY_NINE.skuId,
    title: fortyNineTitle,
    handle: FORTY_NINE.handle,
    changes: { emissions_status: 'FORTY_NINE_STATE', carb_eo: null },
  });
});

/** A visitor whose cart holds the 49-state converter, estimating shipping to a ZIP code for their vehicle. */
async function cartOf(postCode: string) {
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
  const added = await buyer.call<CartBody>('POST', '/order/public/buyer/cart/v2', {
    postCode,
    attributeValueId: legal.vehicle,
    items: [{ skuId: FORTY_NINE.skuId, itemCount: 1 }],
  });
  expect(added.status).toBe(200);
  return { buyer, line: added.body.data.detail.items[0]! };
}

const quoteOf = async (buyer: ReturnType<typeof shopper>, address: typeof SAN_FRANCISCO, withVehicle = true) =>
  (
    await buyer.call<QuoteBody>('POST', '/order/public/buyer/checkout/quote', {
      address,
      ...(withVehicle && { attributeValueId: legal.vehicle }),
    })
  ).body.data;

const place = (buyer: ReturnType<typeof shopper>, address: typeof SAN_FRANCISCO, expectedTotal: number) =>
  buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `carb-${crypto.randomUUID()}`,
    email: `carb-${crypto.randomUUID().slice(0, 8)}@example.com`,
    address,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal,
    attributeValueId: legal.vehicle,
  });

describe('a 49-state catalytic converter and a California address', () => {
  it('is refused in a cart shipping to a California ZIP, naming it, offering the 50-state one that fits', async () => {
    const { line } = await cartOf('94105');
    expect(line.emissions).toMatchObject({ status: 'FORTY_NINE_STATE', eo: null });
    expect(line.shipRefusal).not.toBeNull();
    expect(line.shipRefusal!.state).toBe('CA');
    expect(line.shipRefusal!.message).toBe(
      `${fortyNineTitle} cannot be shipped to California: California allows only emissions parts with a ` +
        'CARB Executive Order (EO) number, and this part has none.',
    );
    expect(line.shipRefusal!.alternatives.map((part) => part.itemId)).toContain(legal.itemId);
  });

  it('is refused at checkout for a California address and by the place-order flow, with the part named', async () => {
    const { buyer } = await cartOf('94105');
    const quote = await quoteOf(buyer, SAN_FRANCISCO);
    expect(quote.lines[0]!.shipRefusal!.message).toContain(`${fortyNineTitle} cannot be shipped to California`);
    expect(quote.lines[0]!.shipRefusal!.alternatives[0]!.title).toBe(legal.title);
    // Whatever the page showed, the flow refuses it (the total is the one the quote gave).
    const placed = await place(buyer, SAN_FRANCISCO, quote.total);
    expect(placed.status).toBe(409);
    expect(placed.body.msg).toContain(`${fortyNineTitle} cannot be shipped to California`);
    const orders = await env.DB.prepare(
      `SELECT count(*) AS n FROM order_line l JOIN orders o ON o.id = l.order_id
       WHERE l.item_id = ? AND json_extract(o.address, '$.regionCode') = 'CA'`,
    )
      .bind(FORTY_NINE.id)
      .first<{ n: number }>();
    expect(orders!.n).toBe(0);
  });

  it('is refused once checkout has the California address, though the cart never had a ZIP code', async () => {
    const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
    await buyer.add(FORTY_NINE.skuId, 1);
    const quote = await quoteOf(buyer, SAN_FRANCISCO, false);
    // Without a vehicle there is nothing to say fits: the shopper is asked to choose one.
    expect(quote.lines[0]!.shipRefusal).toMatchObject({ state: 'CA', vehicleName: null, alternatives: [] });
    expect((await place(buyer, SAN_FRANCISCO, quote.total)).status).toBe(409);
  });
});

describe('the same 49-state converter to Texas', () => {
  it('is sold: no refusal in the cart or at checkout, and the order is placed', async () => {
    const { buyer, line } = await cartOf('75201');
    expect(line.shipRefusal).toBeNull();
    const quote = await quoteOf(buyer, DALLAS);
    expect(quote.lines[0]!.shipRefusal).toBeNull();
    const placed = await place(buyer, DALLAS, quote.total);
    expect(placed.status).toBe(200);
    expect(placed.body.data.order.orderId).toBeTruthy();
  });

  it('cannot be moved to California by changing the order’s address afterwards', async () => {
    const buyer = shopper(US_HOST, bearer(await member(`carb-${crypto.randomUUID().slice(0, 8)}@example.com`)));
    await buyer.add(FORTY_NINE.skuId, 1);
    const quote = await quoteOf(buyer, DALLAS);
    const placed = await place(buyer, DALLAS, quote.total);
    expect(placed.status).toBe(200);
    const orderId = placed.body.data.order.orderId;
    const moved = await buyer.call('PUT', '/order/public/buyer/auth/order/address', {
      orderId,
      address: SAN_FRANCISCO,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.msg).toContain(`${fortyNineTitle} cannot be shipped to California`);
    const stored = await env.DB.prepare('SELECT address FROM orders WHERE id = ?')
      .bind(orderId)
      .first<{ address: string }>();
    expect(JSON.parse(stored!.address).regionCode).toBe('TX');
  });

  it('answers a malformed or unknown ZIP code with the cart as it is, never an error', async () => {
    for (const postCode of ['ZZZ', '00000', '9410']) {
      const { line } = await cartOf(postCode);
      expect(line.shipRefusal).toBeNull();
    }
  });
});

describe('the product page says an emissions part’s legal status', () => {
  it('shows a 50-state converter’s CARB EO number', async () => {
    const { status, html } = await page(`${US_HOST}/product/${legal.handle}`);
    expect(status).toBe(200);
    expect(html).toContain('data-emissions="FIFTY_STATE"');
    expect(html).toContain(`50-state legal: CARB Executive Order ${legal.eo}`);
    expect(legal.eo).toMatch(/^D-\d{3}-\d{3}$/);
  });

  it('says a 49-state converter is not legal in California and where it is not shipped', async () => {
    const { html } = await page(`${US_HOST}/product/${FORTY_NINE.handle}`);
    expect(html).toContain('data-emissions="FORTY_NINE_STATE"');
    expect(html).toContain('49-state legal: not legal for sale in California');
    expect(html).toContain('Not shipped to California, New York, Maine, and Colorado (model year 2001 and newer).');
  });
});
