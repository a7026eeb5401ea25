import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { freshIp } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { orderStatus, paidMemberOrder } from './fulfilment-helpers.ts';
import { US_HOST, api, page } from './helpers.ts';
import { askReturn, fileOf, shipAll, uploadIds } from './returns-helpers.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { shipOrder } from '../../worker/flows/ship-order.ts';
import { testAudit } from './audit-helpers.ts';

/**
 * The order's side of returns (issue 20): an order keeps the vehicle and each part's fit it was
 * sold with, the return form offers what can still go back, an open return keeps the order
 * RETURNING while the rest ships, and a refund by line can keep a restocking fee.
 */

interface Options {
  refusal: string | null;
  lines: { lineNo: number; returnable: number; fit: string | null }[];
  vehicles: { label: string; year: number; make: string; model: string }[];
  returns: { rma: string; status: string; url: string }[];
}

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
});

/** A part fitted to a whole model, the model's node and its year, make and model as the shop names them. */
async function fittingPart() {
  const row = await env.DB.prepare(
    `SELECT s.id AS skuId, f.model_node_id AS modelNode, y.text AS year, mk.text AS make, m.text AS model
     FROM fitment f JOIN item i ON i.id = f.item_id JOIN vehicle_node m ON m.id = f.model_node_id
       JOIN vehicle_node mk ON mk.id = m.parent_id JOIN vehicle_node y ON y.id = mk.parent_id
       JOIN sku s ON s.item_id = i.id
     WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' AND i.vehicle_universal = 0 AND s.available_total > 5
     ORDER BY i.id LIMIT 1`,
  ).first<{ skuId: number; modelNode: number; year: string; make: string; model: string }>();
  expect(row).not.toBeNull();
  return row!;
}

/** Other in-stock parts, for orders of several lines. */
async function otherParts(count: number, not: number) {
  const { results } = await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND s.id <> ? ORDER BY s.id LIMIT ?`,
  )
    .bind(not, count)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/** A guest's order of the parts with the vehicle chosen at checkout (or none): number, email and token. */
async function guestOrder(parts: { skuId: number; quantity: number }[], vehicle: number | null) {
  const email = `side-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
  for (const part of parts) await buyer.add(part.skuId, part.quantity);
  const which = vehicle === null ? {} : { attributeValueId: vehicle };
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK, ...which }))
    .body.data;
  const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    {
      ...which,
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email,
      address: NEW_YORK,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.total,
    },
  );
  expect(placed.status).toBe(200);
  return { orderId: placed.body.data.order.orderId, orderToken: placed.body.data.orderToken, email };
}

const options = (order: { orderId: string; orderToken: string }) =>
  api<Options>(`${US_HOST}/order/public/returns/options?${new URLSearchParams(order)}`);

/** Ships units of lines as the back office does, through the orders service. */
async function ship(orderId: string, lines: { lineNo: number; quantity: number }[]) {
  const audit = testAudit('orders.ship', orderId);
  const input = { key: `ship-${crypto.randomUUID()}`, carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines };
  return shipOrder(env, orderId, input, { staffId: null, audit }, Date.now());
}

describe('an order remembers the vehicle and the fit each part was sold with', () => {
  it('offers the return of the shipped part with its fit at purchase and the vehicle to start from', async () => {
    const part = await fittingPart();
    const order = await guestOrder([{ skuId: part.skuId, quantity: 2 }], part.modelNode);
    await shipAll(order.orderId);
    const answer = await options(order);
    expect(answer.status).toBe(200);
    expect(answer.body.data.refusal).toBeNull();
    expect(answer.body.data.lines).toEqual([expect.objectContaining({ lineNo: 1, returnable: 2, fit: 'FIT' })]);
    expect(answer.body.data.vehicles[0]).toEqual({
      label: `${part.year} ${part.make} ${part.model}`,
      year: Number(part.year),
      make: part.make,
      model: part.model,
    });
    // What the shop said at the time stays, whatever the catalog says later.
    await env.DB.prepare('DELETE FROM fitment WHERE model_node_id = ?').bind(part.modelNode).run();
    expect((await options(order)).body.data.lines[0]!.fit).toBe('FIT');
  });

  it('records no vehicle when none was chosen, and says why nothing can be returned before shipping', async () => {
    const [skuId] = await otherParts(1, 0);
    const order = await guestOrder([{ skuId: skuId!, quantity: 1 }], null);
    const before = (await options(order)).body.data;
    expect(before.lines).toEqual([]);
    expect(before.refusal).toBe('This order has no shipped parts that can be returned.');
    const row = await env.DB.prepare('SELECT vehicle_id AS id, vehicle_name AS name FROM orders WHERE id = ?')
      .bind(order.orderId)
      .first();
    expect(row).toEqual({ id: null, name: null });
  });

  it("answers another shopper's order as not found", async () => {
    const [skuId] = await otherParts(1, 0);
    const order = await guestOrder([{ skuId: skuId!, quantity: 1 }], null);
    const stranger = await options({ orderId: order.orderId, orderToken: 'forged' });
    expect(stranger.status).toBe(404);
  });
});

describe('an open return keeps the order RETURNING', () => {
  it('while the rest of a partly shipped order ships, and lists the return on the form', async () => {
    const [first, second] = await otherParts(2, 0);
    const order = await guestOrder(
      [
        { skuId: first!, quantity: 1 },
        { skuId: second!, quantity: 1 },
      ],
      null,
    );
    await env.DB.prepare(`UPDATE orders SET status = 'PROCESSING', paid_at = ? WHERE id = ?`)
      .bind(Date.now(), order.orderId)
      .run();
    expect(await ship(order.orderId, [{ lineNo: 1, quantity: 1 }])).toMatchObject({ ok: true });
    expect(await orderStatus(order.orderId)).toBe('PARTIAL_SHIPMENT');
    const photos = await uploadIds(order, [fileOf('jpeg')]);
    const asked = await askReturn(order, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Part no longer needed',
      uploadIds: photos,
    });
    expect(asked.status).toBe(201);
    expect(await orderStatus(order.orderId)).toBe('RETURNING');

    expect(await ship(order.orderId, [{ lineNo: 2, quantity: 1 }])).toMatchObject({ ok: true });
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
    const form = (await options(order)).body.data;
    expect(form.lines.map((line) => [line.lineNo, line.returnable])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(form.returns).toEqual([
      expect.objectContaining({
        rma: asked.body.data.rma,
        status: 'REQUESTED',
        // The page's address carries no token: the order's cookie does (issue 35).
        url: `/order/returns/${asked.body.data.rma}`,
      }),
    ]);
  });
});

describe('a refund by line can keep a restocking fee', () => {
  it('refunds the line less the fee, and refuses a fee as large as the refund', async () => {
    const [skuId] = await otherParts(1, 0);
    // Paid through the payment sandbox, so the provider can give the money back.
    const order = await paidMemberOrder([{ skuId: skuId!, quantity: 2 }], 'fee');
    await shipAll(order.orderId);
    const audit = () => testAudit('orders.refund', order.orderId);
    const refund = (key: string, feeCent: number) =>
      refundOrderByShop(
        env,
        order.orderId,
        { key, lines: [{ lineNo: 1, quantity: 1 }], amountCent: null, withShipping: false, reason: 'Return', feeCent },
        { staffId: null, audit: audit() },
        Date.now(),
      );
    const tooBig = await refund(`fee-${crypto.randomUUID()}`, 10_000_000);
    expect(tooBig).toMatchObject({ ok: false, status: 400 });
    const without = await env.DB.prepare('SELECT total_cent AS total FROM orders WHERE id = ?')
      .bind(order.orderId)
      .first<{ total: number }>();
    const done = await refund(`fee-${crypto.randomUUID()}`, 250);
    expect(done.ok).toBe(true);
    const { amount } = (await env.DB.prepare('SELECT amount_cent AS amount FROM order_refund WHERE order_id = ?')
      .bind(order.orderId)
      .first<{ amount: number }>())!;
    // Half the order's goods (one unit of two) with their share of tax, less the fee.
    expect(amount).toBeLessThan(without!.total);
    expect(done.ok && done.amountCent).toBe(amount);
    const noFee = await env.DB.prepare(
      `SELECT l.total_cent AS line, o.total_cent AS total, o.subtotal_cent - o.discount_cent - o.points_cent
         + o.shipping_cent - o.shipping_discount_cent AS base
       FROM order_line l JOIN orders o ON o.id = l.order_id WHERE o.id = ?`,
    )
      .bind(order.orderId)
      .first<{ line: number; total: number; base: number }>();
    const share = Math.round((Math.round(noFee!.line / 2) * noFee!.total) / noFee!.base);
    expect(amount).toBe(share - 250);
  });
});

describe('more evidence is taken only when the shop asked for it', () => {
  it('refuses files for a return that is not waiting, and files of another order', async () => {
    const [skuId] = await otherParts(1, 0);
    const order = await guestOrder([{ skuId: skuId!, quantity: 1 }], null);
    await shipAll(order.orderId);
    const asked = await askReturn(order, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Other',
      uploadIds: await uploadIds(order, [fileOf('jpeg')]),
    });
    const rma = asked.body.data.rma;
    const send = (ids: string[]) =>
      api(`${US_HOST}/order/public/returns/${rma}/evidence`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderToken: order.orderToken, uploadIds: ids }),
      });
    const more = await uploadIds(order, [fileOf('png')]);
    const early = await send(more);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('This return is not waiting for more evidence.');

    await env.DB.prepare(`UPDATE order_return SET status = 'NEEDS_EVIDENCE' WHERE rma = ?`).bind(rma).run();
    const other = await guestOrder([{ skuId: skuId!, quantity: 1 }], null);
    await shipAll(other.orderId);
    const foreign = await uploadIds(other, [fileOf('jpeg')]);
    const refused = await send(foreign);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('was not uploaded for this order');

    const taken = await send(more);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ status: 'REQUESTED' });
    // The same send again (a retry) answers the return as it is.
    expect((await send(more)).status).toBe(200);
  });
});

describe('the return window is a shop setting', () => {
  it('closes returns after the configured days, and the return policy quotes them', async () => {
    const withWindow = async (days: number) => {
      await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, RETURN_WINDOW_DAYS: days }));
      forgetShopSettings();
    };
    const [skuId] = await otherParts(1, 0);
    const order = await guestOrder([{ skuId: skuId!, quantity: 1 }], null);
    await shipAll(order.orderId, { shippedAt: Date.now() - 15 * 86_400_000 });
    try {
      expect((await options(order)).body.data.refusal).toBeNull();
      expect((await page(`${US_HOST}/page/return-policy`)).html).toContain('30-Day Return Window');
      await withWindow(10);
      expect((await options(order)).body.data.refusal).toBe(
        'The return window has closed: parts can be returned within 10 days of delivery.',
      );
      const { html } = await page(`${US_HOST}/page/return-policy`);
      expect(html).toContain('10-Day Return Window');
      expect(html).toContain('within 10 days of delivery');
    } finally {
      await withWindow(30);
    }
  });
});
