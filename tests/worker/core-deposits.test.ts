import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveReturn, markReturnReceived, rejectReturn } from '../../worker/flows/decide-return.ts';
import { refundReturn } from '../../worker/flows/refund-return.ts';
import { formsFor } from '../../worker/admin/returns.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { paidMemberOrder } from './fulfilment-helpers.ts';
import { US_HOST, api, page } from './helpers.ts';
import { insertPromotion } from './promotion-helpers.ts';
import { askReturn, shipAll, type Caller } from './returns-helpers.ts';
import { actorOf, supportStaff, type Staff } from './returns-staff-helpers.ts';

/**
 * Core deposits (issue 40 item 3): a part with a core carries its refundable charge beside its price
 * in the cart and at checkout, untouched by promotions and taxed as a line of its own; the order keeps
 * it as a line after the parts; the old part comes back through a core return, and the shop refunds
 * exactly the deposit (its tax with it) through the payment provider, or nothing when it refuses the
 * core; once the window closes the deposit stays charged and the order says so.
 */

const DAY = 86_400_000;
let core: { skuId: number; charge: number; title: string; stock: number };
let staff: Staff;

beforeAll(async () => {
  await checkoutFixture();
  staff = await supportStaff();
  const row = await env.DB.prepare(
    `SELECT s.id AS skuId, p.core_charge AS charge, i.title, s.available_total AS stock
     FROM sku s JOIN item i ON i.id = s.item_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE p.core_charge IS NOT NULL AND i.us_status = 'ON_SHELVES' AND s.available_total >= 10 ORDER BY s.id LIMIT 1`,
  ).first<typeof core>();
  expect(row).not.toBeNull();
  core = row!;
});

interface CoreLine {
  lineNo: number;
  itemType: string;
  coreOf: number | null;
  quantity: number;
  unitPrice: number;
  total: number;
}

const act = (action: string, rma: string) => actorOf(staff, action, rma);
const linesOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT line_no AS lineNo, item_type AS itemType, core_of AS coreOf, quantity, unit_cent AS unitPrice,
         total_cent AS total FROM order_line WHERE order_id = ? ORDER BY line_no`,
    )
      .bind(orderId)
      .all<CoreLine>()
  ).results;
const taxOfLine = async (orderId: string, lineNo: number) =>
  (await env.DB.prepare('SELECT tax_cent AS tax FROM tax_line WHERE order_id = ? AND line_no = ?')
    .bind(orderId, lineNo)
    .first<{ tax: number }>())!.tax;
const refundsOf = async (orderId: string) =>
  (
    await env.DB.prepare('SELECT amount_cent AS amount, status FROM order_refund WHERE order_id = ? ORDER BY id')
      .bind(orderId)
      .all<{ amount: number; status: string }>()
  ).results;
const stockOf = async (skuId: number) =>
  (await env.DB.prepare('SELECT available_total AS n FROM sku WHERE id = ?').bind(skuId).first<{ n: number }>())!.n;

/** A member's paid order of two units of the core part, shipped (delivered `deliveredAgo` ago). */
async function shippedCoreOrder(deliveredAgo = DAY) {
  const order = await paidMemberOrder([{ skuId: core.skuId, quantity: 2 }], 'core');
  await shipAll(order.orderId, { shippedAt: Date.now() - deliveredAgo - DAY, deliveredAt: Date.now() - deliveredAgo });
  const caller: Caller = { orderId: order.orderId, headers: order.credentials };
  return { ...order, caller };
}

/** The core return of the deposit line (line 2), approved with a prepaid label, received. */
async function receivedCoreReturn(caller: Caller) {
  const asked = await askReturn(caller, { lines: [{ lineNo: 2, quantity: 2 }], reason: 'Core return', uploadIds: [] });
  expect(asked.status).toBe(201);
  const rma = asked.body.data.rma;
  const how = { instructions: 'Pack the old part in the new part’s box.', labelNumber: '1Z999AA10123456784' };
  expect(await approveReturn(env, rma, how, act('return.approve', rma), Date.now())).toEqual({ ok: true });
  expect(await markReturnReceived(env, rma, { note: '' }, act('return.receive', rma), Date.now())).toEqual({
    ok: true,
  });
  return rma;
}

describe('a part with a core in the cart and at checkout', () => {
  it('adds the charge beside the price, untouched by a 10 % code, and taxes it as its own line', async () => {
    const code = `CORE${Date.now() % 100_000}`;
    const now = Math.floor(Date.now() / 1000);
    await insertPromotion(env.DB, {
      ...{ name: 'Ten off', code, source: 'PROMOTION_CODE', promotionType: 'DISCOUNT', discountType: 'PERCENT' },
      ...{ discountValue: 10, thresholdType: 'NO_THRESHOLD', thresholdValue: 0, appliesTo: 'ALL', market: null },
      ...{ startsAt: now - 3600, endsAt: now + 86_400, usageLimit: null, perCustomerLimit: null, memberOnly: 0 },
      ...{
        integralScore: null,
        limitScene: null,
        maxDiscountCent: null,
        giftSkuId: null,
        giftQuantity: 1,
        scope: [],
        addOns: [],
      },
    });
    const shopperCall = shopper(US_HOST);
    await shopperCall.add(core.skuId, 2);
    const applied = await shopperCall.call<{ detail: { pricing: Record<string, number> } }>(
      'POST',
      '/order/public/promotion/v2/apply',
      { code },
    );
    const pricing = applied.body.data.detail.pricing;
    expect(pricing.coreCharges).toBe(core.charge * 2);
    // The code takes 10 % of the parts, never of the deposit.
    expect(pricing.discount).toBe(Math.round(pricing.subtotal! * 0.1));
    expect(pricing.total).toBe(pricing.subtotal! - pricing.discount! + pricing.shipping! + core.charge * 2);
    const quote = (
      await shopperCall.call<Quote & { lines: { coreCharge: number | null }[] }>(
        'POST',
        '/order/public/buyer/checkout/quote',
        { address: NEW_YORK },
      )
    ).body.data;
    expect(quote.lines[0]!.coreCharge).toBe(core.charge);
    expect(quote.total).toBe(pricing.total! + quote.tax);
  });
});

describe('an order of a part with a core', () => {
  it('keeps the deposit as a line after the parts, taxed, in the total, on the order page', async () => {
    const order = await paidMemberOrder([{ skuId: core.skuId, quantity: 2 }], 'core-order');
    const [part, deposit] = await linesOf(order.orderId);
    expect(part).toMatchObject({ lineNo: 1, itemType: 'NORMAL', quantity: 2 });
    expect(deposit).toMatchObject({ lineNo: 2, itemType: 'CORE', coreOf: 1, quantity: 2, unitPrice: core.charge });
    expect(deposit!.total).toBe(core.charge * 2);
    // New York taxes the deposit as it taxes the part.
    expect(await taxOfLine(order.orderId, 2)).toBeGreaterThan(0);
    const detail = await page(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${order.orderId}`, {
      headers: order.credentials,
    });
    const { html } = detail;
    expect(html).toContain(`Core deposit: ${core.title}`);
    expect(html).toContain('Core charges (refundable)');
    const invoice = await page(`${US_HOST}/printInvoice?orderId=${order.orderId}`, { headers: order.credentials });
    expect(invoice.html).toContain('Core charges (refundable)');
    // The confirmation email lists the deposit line and its row.
    let mail: { text: string } | null = null;
    for (let attempt = 0; attempt < 100 && !mail; attempt++) {
      mail = await env.DB.prepare(
        `SELECT text_body AS text FROM email_outbox WHERE to_address = ? AND kind = 'order-confirmation' LIMIT 1`,
      )
        .bind(order.email)
        .first<{ text: string }>();
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mail!.text).toContain(`Core deposit: ${core.title}`);
    expect(mail!.text).toContain('Core charges (refundable)');
  });
});

describe('an unpaid order of a part with a core', () => {
  it('holds and gives back the part’s units only: the deposit line takes no stock', async () => {
    const buyer = shopper(US_HOST);
    await buyer.add(core.skuId, 2);
    const before = await stockOf(core.skuId);
    const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
      .data;
    const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
      'POST',
      '/order/public/buyer/order/place',
      {
        idempotencyKey: `core-${crypto.randomUUID()}`,
        email: `core-${crypto.randomUUID().slice(0, 8)}@example.com`,
        address: NEW_YORK,
        paymentMethod: 'HOSTED_CARD',
        expectedTotal: quote.total,
      },
    );
    expect(placed.status).toBe(200);
    expect(await stockOf(core.skuId)).toBe(before - 2);
    const { orderId } = placed.body.data.order;
    const cancelled = await buyer.call('POST', '/order/public/requisition/order/cancel', {
      orderId,
      orderToken: placed.body.data.orderToken,
    });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(core.skuId)).toBe(before);
  });
});

describe('a core return', () => {
  it('refunds exactly the deposit and its tax through the provider, and never restocks the old part', async () => {
    const order = await shippedCoreOrder();
    const stock = await stockOf(core.skuId);
    const rma = await receivedCoreReturn(order.caller);
    const refund = await refundReturn(
      env,
      rma,
      { key: `core-${crypto.randomUUID()}`, lines: [{ lineNo: 2, quantity: 2 }], feeCent: 0, restock: true },
      act('return.refund', rma),
      Date.now(),
    );
    const deposit = core.charge * 2 + (await taxOfLine(order.orderId, 2));
    expect(refund).toMatchObject({ ok: true, amountCent: deposit });
    expect(await refundsOf(order.orderId)).toEqual([{ amount: deposit, status: 'DONE' }]);
    expect(await stockOf(core.skuId)).toBe(stock);
  });

  it('offers staff the refusal of a received core, and of no other received return', () => {
    const owner = { id: 1, email: 'owner@staff.test', name: 'Olivia', role: 'owner' as const, sessionVersion: 0 };
    expect(formsFor('RECEIVED', owner, 'Core return')).toEqual(['reject', 'refund']);
    expect(formsFor('RECEIVED', owner, 'Part was damaged')).toEqual(['refund']);
  });

  it('keeps no restocking fee', async () => {
    const order = await shippedCoreOrder();
    const rma = await receivedCoreReturn(order.caller);
    const refused = await refundReturn(
      env,
      rma,
      { key: `core-${crypto.randomUUID()}`, lines: [{ lineNo: 2, quantity: 2 }], feeCent: 500, restock: false },
      act('return.refund', rma),
      Date.now(),
    );
    expect(refused).toMatchObject({ ok: false, status: 400, field: 'feeCent' });
    expect(await refundsOf(order.orderId)).toEqual([]);
  });

  it('refunds nothing when the shop refuses the core on inspection, and the old part may come back again', async () => {
    const order = await shippedCoreOrder();
    const rma = await receivedCoreReturn(order.caller);
    const reason = 'The housing is cracked: this core cannot be rebuilt.';
    expect(await rejectReturn(env, rma, { reason }, act('return.reject', rma), Date.now())).toEqual({ ok: true });
    expect(await refundsOf(order.orderId)).toEqual([]);
    const options = await api<{ cores: { lineNo: number; state: string; returnable: number }[] }>(
      `${US_HOST}/order/public/returns/options?orderId=${order.orderId}`,
      { headers: order.credentials },
    );
    expect(options.body.data.cores).toEqual([expect.objectContaining({ lineNo: 2, state: 'OPEN', returnable: 2 })]);
  });

  it('takes deposit lines only, and a deposit line goes back through a core return only', async () => {
    const order = await shippedCoreOrder();
    const partAsCore = await askReturn(order.caller, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'Core return',
      uploadIds: [],
    });
    expect(partAsCore.status).toBe(400);
    expect(partAsCore.body.msg).toContain('core return sends back old parts only');
    const depositAsOther = await askReturn(order.caller, {
      lines: [{ lineNo: 2, quantity: 1 }],
      reason: 'Other',
      uploadIds: [],
    });
    expect(depositAsOther.status).toBe(400);
    expect(depositAsOther.body.msg).toContain('through a core return');
  });

  it('starts from the order page’s button, once however often it is pressed', async () => {
    const order = await shippedCoreOrder();
    const detail = await (
      await page(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${order.orderId}`, {
        headers: order.credentials,
      })
    ).html;
    expect(detail).toContain('Send the old part back by');
    const key = /name="key" value="([^"]+)"/.exec(detail)![1]!;
    const post = () =>
      page(`${US_HOST}/order/returns/core`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...order.credentials, 'content-type': 'application/x-www-form-urlencoded', origin: US_HOST },
        body: new URLSearchParams({ orderId: order.orderId, lineNo: '2', quantity: '2', key }).toString(),
      });
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.response.headers.get('location')).toBe(second.response.headers.get('location'));
    const made = await env.DB.prepare(
      'SELECT count(*) AS n, max(reason) AS reason FROM order_return WHERE order_id = ?',
    )
      .bind(order.orderId)
      .first<{ n: number; reason: string }>();
    expect(made).toEqual({ n: 1, reason: 'Core return' });
  });

  it('after its window the deposit stays charged, the order says so and a core return is refused', async () => {
    const order = await shippedCoreOrder(100 * DAY);
    const detail = await (
      await page(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${order.orderId}`, {
        headers: order.credentials,
      })
    ).html;
    expect(detail).toContain('the core charge is kept');
    expect(detail).not.toContain('name="key"');
    const late = await askReturn(order.caller, {
      lines: [{ lineNo: 2, quantity: 2 }],
      reason: 'Core return',
      uploadIds: [],
    });
    expect(late.status).toBe(400);
  });
});
