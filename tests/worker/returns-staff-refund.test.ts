import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveReturn, askForEvidence, markReturnReceived } from '../../worker/flows/decide-return.ts';
import { refundReturn } from '../../worker/flows/refund-return.ts';
import { staffReturn, type RefundReturnInput } from '../../worker/returns/staff.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { mailTo, orderStatus, paidMemberOrder } from './fulfilment-helpers.ts';
import { fileOf, shipAll, shippedGuestOrder, uploadIds, type Caller } from './returns-helpers.ts';
import {
  actorOf,
  mailKinds,
  returnOf,
  sendEvidence,
  shopperSees,
  supportStaff,
  type Staff,
} from './returns-staff-helpers.ts';

/**
 * Refunding a return (issue 20): staff ask for more evidence, then approve, receive and refund one
 * line with a restocking fee and the units back in stock; and a return is refunded once, whoever
 * clicks and however often.
 */

let skuIds: number[];
let staff: Staff;

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
  staff = await supportStaff();
});

const act = (action: string, rma: string) => actorOf(staff, action, rma);
const approve = (rma: string) =>
  approveReturn(
    env,
    rma,
    { instructions: 'Ship to our Newark dock.', labelNumber: '' },
    act('return.approve', rma),
    Date.now(),
  );
const refund = (rma: string, input: Partial<RefundReturnInput> = {}) =>
  refundReturn(
    env,
    rma,
    { key: `refund-${crypto.randomUUID()}`, lines: [{ lineNo: 1, quantity: 1 }], feeCent: 0, restock: false, ...input },
    act('return.refund', rma),
    Date.now(),
  );

const stockOf = async (skuId: number) =>
  (await env.DB.prepare('SELECT available_total AS n FROM sku WHERE id = ?').bind(skuId).first<{ n: number }>())!.n;

const refundsOf = async (orderId: string) =>
  (
    await env.DB.prepare('SELECT amount_cent AS amount, status FROM order_refund WHERE order_id = ? ORDER BY id')
      .bind(orderId)
      .all<{ amount: number; status: string }>()
  ).results;

/** A member's paid order of the parts, shipped, and the caller that acts on it as the member. */
async function shippedMemberOrder(parts: { skuId: number; quantity: number }[]) {
  const order = await paidMemberOrder(parts, 'refund');
  await shipAll(order.orderId);
  const caller: Caller = { orderId: order.orderId, headers: order.credentials };
  return { ...order, caller };
}

/** An approved return of one unit of line 1 of a paid order of two units. */
async function approvedReturn() {
  const order = await shippedMemberOrder([{ skuId: skuIds[2]!, quantity: 2 }]);
  const rma = await returnOf(order.caller, [{ lineNo: 1, quantity: 1 }]);
  expect(await approve(rma)).toEqual({ ok: true });
  return { order, rma };
}

describe('staff ask for more evidence, then approve, receive and refund one line', () => {
  it('refunds the line less the restocking fee, restocks it, and the shopper sees each step', async () => {
    const order = await shippedMemberOrder([
      { skuId: skuIds[0]!, quantity: 2 },
      { skuId: skuIds[1]!, quantity: 1 },
    ]);
    const rma = await returnOf(order.caller, [
      { lineNo: 1, quantity: 2 },
      { lineNo: 2, quantity: 1 },
    ]);

    const ask = { message: 'A photo of the part number on the box, please.' };
    expect(await askForEvidence(env, rma, ask, act('return.ask', rma), Date.now())).toEqual({ ok: true });
    expect((await shopperSees(order.caller, rma)).status).toBe('NEEDS_EVIDENCE');
    const asked = (await mailTo(order.email)).find((mail) => mail.subject.includes(`more from you for your return`))!;
    expect(asked.text).toContain('A photo of the part number on the box, please.');
    expect(asked.text).toContain("Please add photos on your return's page");

    const more = await sendEvidence(order.caller, rma, await uploadIds(order.caller, [fileOf('png')]));
    expect(more.status).toBe(200);
    expect(more.body.data.status).toBe('REQUESTED');
    expect(more.body.data.evidence).toHaveLength(2);
    expect(await approve(rma)).toEqual({ ok: true });
    const received = await markReturnReceived(env, rma, { note: 'Both boxes arrived.' }, act('r', rma), Date.now());
    expect(received).toEqual({ ok: true });

    const stock = await stockOf(skuIds[0]!);
    const line = (await env.DB.prepare('SELECT total_cent AS total FROM order_line WHERE order_id = ? AND line_no = 1')
      .bind(order.orderId)
      .first<{ total: number }>())!;
    const done = await refund(rma, { lines: [{ lineNo: 1, quantity: 2 }], feeCent: 500, restock: true });
    expect(done).toMatchObject({ ok: true, repeated: false });
    const amount = (done as { amountCent: number }).amountCent;
    // The line's share of what was paid (with its tax) less the fee.
    expect(amount).toBeGreaterThan(line.total - 500);
    expect(amount).toBeLessThan(line.total * 1.2 - 500);
    expect(await refundsOf(order.orderId)).toEqual([{ amount, status: 'DONE' }]);
    expect(await stockOf(skuIds[0]!)).toBe(stock + 2);
    expect(await orderStatus(order.orderId)).toBe('PARTIAL_REFUND');

    const seen = await shopperSees(order.caller, rma);
    expect(seen.status).toBe('REFUNDED');
    expect(seen.refund).toEqual({ amount, fee: 500, currency: 'USD' });
    expect(seen.history.map((event) => event.status)).toEqual([
      'REQUESTED',
      'NEEDS_EVIDENCE',
      'REQUESTED',
      'APPROVED',
      'RECEIVED',
      'REFUNDED',
    ]);
    const view = (await staffReturn(env, rma))!;
    expect(view.refund).toEqual({ amount, fee: 500, restocked: true });
    expect(view.lines.map((one) => one.refunded)).toEqual([2, 0]);
    expect(view.order.accountId).toEqual(expect.any(Number));
    expect(view.shopper).toEqual({ orders: 1, returns: 1, rejectedReturns: 0 });
    const mail = (await mailTo(order.email)).find((message) => message.subject === `Your return ${rma} is refunded`)!;
    expect(mail.text).toContain('A restocking fee of $5.00 was kept.');
    expect(mail.text).toContain('to your original payment method');
    expect(await mailKinds(order.email)).toEqual(
      expect.arrayContaining(['return-evidence-needed', 'return-approved', 'return-received', 'return-refunded']),
    );
  });
});

describe('a return is refunded once', () => {
  it('makes one refund when two staff refund it at once', async () => {
    const { order, rma } = await approvedReturn();
    const results = await Promise.all([refund(rma), refund(rma)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409 });
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect((await shopperSees(order.caller, rma)).status).toBe('REFUNDED');
  });

  it('answers the same refund to the same form sent twice, at once or later', async () => {
    const { order, rma } = await approvedReturn();
    const key = `refund-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([refund(rma, { key }), refund(rma, { key })]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: true, amountCent: (first as { amountCent: number }).amountCent });
    expect([first, second].map((answer) => (answer as { repeated: boolean }).repeated).sort()).toEqual([false, true]);
    const later = await refund(rma, { key });
    expect(later).toEqual({ ok: true, amountCent: (first as { amountCent: number }).amountCent, repeated: true });
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect((await mailKinds(order.email)).filter((kind) => kind === 'return-refunded')).toHaveLength(1);
  });

  it('refuses more units than the return holds, parts not in it, no units and a bad fee', async () => {
    const { order, rma } = await approvedReturn();
    expect(await refund(rma, { lines: [{ lineNo: 1, quantity: 2 }] })).toMatchObject({
      ok: false,
      status: 409,
      field: 'lines',
      message: 'A line cannot be refunded more units than the return holds.',
    });
    expect(await refund(rma, { lines: [{ lineNo: 2, quantity: 1 }] })).toMatchObject({ status: 400, field: 'lines' });
    expect(await refund(rma, { lines: [{ lineNo: 1, quantity: 0 }] })).toMatchObject({ status: 400, field: 'lines' });
    expect(await refund(rma, { feeCent: -1 })).toMatchObject({ status: 400, field: 'feeCent' });
    expect(await refund(rma, { feeCent: 10_000_000 })).toMatchObject({
      status: 400,
      message: 'The restocking fee must be zero or more, and less than the refund.',
    });
    expect(await refund(rma, { key: 'short' })).toMatchObject({ status: 400, field: 'key' });
    expect(await refundsOf(order.orderId)).toEqual([]);
    // Nothing above kept the return: it can still be refunded.
    expect(await refund(rma)).toMatchObject({ ok: true });
  });

  it('gives the return back when the payment provider refuses, and refuses returns not approved', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const rma = await returnOf(order, [{ lineNo: 1, quantity: 1 }]);
    expect(await refund(rma)).toEqual({
      ok: false,
      status: 409,
      message: 'Only an approved or received return can be refunded (this one is Requested).',
    });
    await approve(rma);
    const providerRefused = 'The payment provider refused the refund, so nothing was refunded. Please try again later.';
    expect(await refund(rma)).toEqual({ ok: false, status: 409, message: providerRefused });
    // Released: the next try reaches the provider again rather than being told someone else is refunding.
    expect(await refund(rma)).toEqual({ ok: false, status: 409, message: providerRefused });
    expect((await shopperSees(order, rma)).status).toBe('APPROVED');
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
  });
});
