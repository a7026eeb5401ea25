import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveReturn, askForEvidence, markReturnReceived, rejectReturn } from '../../worker/flows/decide-return.ts';
import { returnQueue, staffEvidenceObject, staffReturn } from '../../worker/returns/staff.ts';
import { freshIp } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { mailTo, orderStatus } from './fulfilment-helpers.ts';
import { US_HOST } from './helpers.ts';
import { askReturn, fileOf, shipAll, shippedGuestOrder, uploadIds } from './returns-helpers.ts';
import { actorOf, auditsOf, returnOf, shopperSees, supportStaff, type Staff } from './returns-staff-helpers.ts';

/**
 * The back office's side of returns (issue 20): the queue, a return with what staff decide on,
 * and the decisions (approve, reject, ask for more evidence, received), each seen by the shopper,
 * emailed, audited, and taken by one of two staff deciding at once.
 */

let skuIds: number[];
let staff: Staff;

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
  staff = await supportStaff();
});

const one = [{ lineNo: 1, quantity: 1 }];
const act = (action: string, rma: string) => actorOf(staff, action, rma);
const approve = (rma: string, instructions = 'Ship it to 1 Dock Road, Newark NJ', labelNumber = '') =>
  approveReturn(env, rma, { instructions, labelNumber }, act('return.approve', rma), Date.now());
const reject = (rma: string, reason: string) =>
  rejectReturn(env, rma, { reason }, act('return.reject', rma), Date.now());

/** A fitting part: one fitted to a whole model, with the model's node. */
async function fittingPart() {
  return (await env.DB.prepare(
    `SELECT s.id AS skuId, f.model_node_id AS modelNode FROM fitment f JOIN item i ON i.id = f.item_id
     JOIN sku s ON s.item_id = i.id
     WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' AND i.vehicle_universal = 0 AND s.available_total > 5
     ORDER BY i.id LIMIT 1`,
  ).first<{ skuId: number; modelNode: number }>())!;
}

/** A guest's order placed with the email (and the vehicle chosen at checkout), shipped. */
async function guestOrderOf(email: string, skuId: number, vehicle: number | null) {
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
  await buyer.add(skuId, 2);
  const which = vehicle === null ? {} : { attributeValueId: vehicle };
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK, ...which }))
    .body.data;
  const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    { ...which, idempotencyKey: `order-${crypto.randomUUID()}`, email, address: NEW_YORK, ...payWith(quote.total) },
  );
  await shipAll(placed.body.data.order.orderId);
  return { orderId: placed.body.data.order.orderId, orderToken: placed.body.data.orderToken, email };
}
const payWith = (total: number) => ({ paymentMethod: 'HOSTED_CARD', expectedTotal: total });

describe('the returns queue', () => {
  it('lists open returns newest first, filters by status and finds one by RMA, order number or email', async () => {
    const first = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const firstRma = await returnOf(first, one);
    const second = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const secondRma = await returnOf(second, one);
    const third = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const thirdRma = await returnOf(third, one);
    expect((await reject(secondRma, 'Photos show a part bought elsewhere.')).ok).toBe(true);
    expect((await approve(thirdRma)).ok).toBe(true);

    const open = await returnQueue(env.DB, {});
    expect(open.status).toBe('OPEN');
    const rmas = open.rows.map((row) => row.rma);
    expect(rmas).toContain(firstRma);
    expect(rmas).not.toContain(secondRma);
    expect(rmas.indexOf(thirdRma)).toBeLessThan(rmas.indexOf(firstRma));
    expect(open.rows.find((row) => row.rma === firstRma)).toMatchObject({
      orderId: first.orderId,
      email: first.email,
      reason: 'Other',
      status: 'REQUESTED',
      statusLabel: 'Requested',
      units: 1,
      evidenceCount: 1,
    });
    expect(open.counts.REJECTED).toBeGreaterThanOrEqual(1);
    expect(open.total).toBe(
      open.counts.REQUESTED + open.counts.NEEDS_EVIDENCE + open.counts.APPROVED + open.counts.RECEIVED,
    );

    const rejected = await returnQueue(env.DB, { status: 'REJECTED' });
    expect(rejected.rows.map((row) => row.rma)).toEqual([secondRma]);
    expect((await returnQueue(env.DB, { status: 'nonsense' })).status).toBe('OPEN');
    const all = (await returnQueue(env.DB, { status: 'ALL' })).rows.map((row) => row.rma);
    expect(all).toEqual(expect.arrayContaining([firstRma, secondRma, thirdRma]));

    const found = async (q: string, status = 'ALL') =>
      (await returnQueue(env.DB, { q, status })).rows.map((r) => r.rma);
    expect(await found(firstRma.toLowerCase())).toEqual([firstRma]);
    expect(await found(firstRma.slice(0, 16).toLowerCase())).toEqual([firstRma]);
    expect(await found(second.orderId)).toEqual([secondRma]);
    expect(await found(first.email.toUpperCase())).toEqual([firstRma]);
    expect(await found(third.email.split('@')[0]!)).toEqual([thirdRma]);
    expect(await found('%')).toEqual([]);
    expect(await found('RMA-_')).toEqual([]);
    expect(await found(`${'x'.repeat(80)}@example.com`)).toEqual([]);

    const byEmail = await returnQueue(env.DB, { q: second.email, status: 'ALL' });
    expect(byEmail).toMatchObject({ total: 1, page: 1, pages: 1, counts: { REJECTED: 1, REQUESTED: 0 } });
    expect((await returnQueue(env.DB, { page: 9 })).page).toBe(1);
  });
});

describe('a return as staff see it', () => {
  it('shows the fit at purchase, the evidence, who decided and the shopper history', async () => {
    const part = await fittingPart();
    const email = `history-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const fitted = await guestOrderOf(email, part.skuId, part.modelNode);
    const earlier = await guestOrderOf(email, skuIds[0]!, null);
    await reject(await returnOf(earlier, one), 'Not in its box.');
    const photo = fileOf('jpeg', 6000);
    const [uploadId] = await uploadIds(fitted, [photo]);
    const asked = await askReturn(fitted, {
      lines: one,
      reason: "Part doesn't fit",
      vehicle: { year: 2004, make: 'Honda', model: 'Civic' },
      uploadIds: [uploadId],
    });
    const rma = asked.body.data.rma;
    await askForEvidence(env, rma, { message: 'A photo of the label, please.' }, act('return.ask', rma), Date.now());

    const view = (await staffReturn(env, rma))!;
    expect(view).toMatchObject({
      rma,
      status: 'NEEDS_EVIDENCE',
      statusLabel: 'More evidence needed',
      reason: "Part doesn't fit",
      vehicle: { year: 2004, make: 'Honda', model: 'Civic' },
      order: {
        orderId: fitted.orderId,
        email,
        accountId: null,
        market: 'us',
        currency: 'USD',
        statusLabel: 'Returning',
      },
      shopper: { orders: 2, returns: 2, rejectedReturns: 1 },
      refund: null,
    });
    expect(view.order.vehicleName).toEqual(expect.any(String));
    const line = view.lines[0]!;
    expect(line).toMatchObject({ lineNo: 1, quantity: 1, shipped: 2, refunded: 0, fit: 'FIT' });
    expect(line.unitPaid).toBeGreaterThan(0);
    expect(view.evidence).toEqual([
      { uploadId, name: 'photo.jpg', kind: 'image', contentType: 'image/jpeg', size: 6000 },
    ]);
    expect(view.history).toEqual([
      expect.objectContaining({ status: 'REQUESTED', staffEmail: null }),
      expect.objectContaining({
        status: 'NEEDS_EVIDENCE',
        note: 'A photo of the label, please.',
        staffEmail: staff.email,
      }),
    ]);

    const served = (await staffEvidenceObject(env, uploadId!, undefined))!;
    expect(served.contentType).toBe('image/jpeg');
    expect(new Uint8Array(await served.object.arrayBuffer())).toEqual(photo);
    const part10 = (await staffEvidenceObject(env, uploadId!, new Headers({ range: 'bytes=0-9' })))!;
    expect((await part10.object.arrayBuffer()).byteLength).toBe(10);
    const [loose] = await uploadIds(fitted, [fileOf('png')]);
    expect(await staffEvidenceObject(env, loose!, undefined)).toBeNull();
    expect(await staffEvidenceObject(env, '0'.repeat(32), undefined)).toBeNull();
    expect(await staffReturn(env, 'RMA-000000-00000-00000')).toBeNull();
  });
});

describe('approving a return', () => {
  it('tells the shopper how to send the parts back, on their page and by email, and audits it', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const rma = await returnOf(order, one);
    const neither = await approve(rma, '  ', '');
    expect(neither).toEqual({
      ok: false,
      status: 400,
      field: 'instructions',
      message: 'Please enter return shipping instructions or a prepaid label number.',
    });
    expect(await approve(rma, '', 'L'.repeat(61))).toMatchObject({ status: 400, field: 'labelNumber' });
    expect(await approve(rma, 'x'.repeat(501))).toMatchObject({ status: 400, field: 'instructions' });

    expect(await approve(rma, 'Pack it in its box & <ship> within 14 days.', ' 1Z-RETURN-42 ')).toEqual({ ok: true });
    const seen = await shopperSees(order, rma);
    expect(seen).toMatchObject({
      status: 'APPROVED',
      instructions: 'Pack it in its box & <ship> within 14 days.',
      labelNumber: '1Z-RETURN-42',
    });
    expect(seen.history.at(-1)).toMatchObject({ status: 'APPROVED' });
    const mail = (await mailTo(order.email)).find((message) => message.subject === `Your return ${rma} is approved`)!;
    expect(mail.text).toContain('Pack it in its box & <ship> within 14 days.');
    expect(mail.text).toContain('1Z-RETURN-42');
    expect(mail.text).toContain(`quote your return number ${rma} on the package`);
    expect(mail.text).toContain(`${env.US_ORIGIN}/order/returns/${rma}?orderToken=`);
    expect(mail.html).toContain('&#38; &#60;ship&#62;');
    expect(await auditsOf(rma)).toEqual([{ action: 'return.approve', staffEmail: staff.email }]);

    expect(await approve(rma)).toEqual({
      ok: false,
      status: 409,
      message: 'This return was already decided (now Approved).',
    });
    expect(await approve('RMA-000000-00000-00000')).toMatchObject({ ok: false, status: 404 });
  });
});

describe('rejecting a return', () => {
  it('frees its units and the order leaves RETURNING when it was the only open return', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const rma = await returnOf(order, one);
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
    expect(await reject(rma, ' ')).toMatchObject({ ok: false, status: 400, field: 'reason' });

    expect(await reject(rma, 'The part was fitted and used.')).toEqual({ ok: true });
    expect(await orderStatus(order.orderId)).toBe('SHIPPED');
    const seen = await shopperSees(order, rma);
    expect(seen.status).toBe('REJECTED');
    expect(seen.history.at(-1)).toMatchObject({ status: 'REJECTED', note: 'The part was fitted and used.' });
    const mail = (await mailTo(order.email)).find((message) => message.subject.includes(`${rma} was not accepted`))!;
    expect(mail.text).toContain('Reason: The part was fitted and used.');

    const again = await returnOf(order, one);
    expect(again).not.toBe(rma);
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
  });

  it('keeps the order RETURNING while another of its returns is open', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 2 }]);
    const rejected = await returnOf(order, one);
    await returnOf(order, one);
    expect(await reject(rejected, 'Outside the policy.')).toEqual({ ok: true });
    expect(await orderStatus(order.orderId)).toBe('RETURNING');
  });
});

describe('two staff deciding at once', () => {
  it('lets one decision win and tells the other what happened', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const rma = await returnOf(order, one);
    const results = await Promise.all([approve(rma), reject(rma, 'Not resellable.')]);
    const won = results.filter((result) => result.ok);
    const lost = results.filter((result) => !result.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([
      {
        ok: false,
        status: 409,
        message: expect.stringMatching(/^This return was already decided \(now (Approved|Rejected)\)\.$/),
      },
    ]);
    const view = (await staffReturn(env, rma))!;
    expect(view.history.filter((event) => event.staffEmail !== null)).toHaveLength(1);
    expect(await auditsOf(rma)).toHaveLength(1);
  });
});

describe('decisions from the wrong status', () => {
  it('refuses them with 409 and changes nothing', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const rma = await returnOf(order, one);
    const received = await markReturnReceived(env, rma, { note: '' }, act('return.receive', rma), Date.now());
    expect(received).toEqual({
      ok: false,
      status: 409,
      message: 'Only an approved return can be marked received (this one is Requested).',
    });
    await approve(rma);
    const ask = await askForEvidence(env, rma, { message: 'More photos' }, act('return.ask', rma), Date.now());
    expect(ask).toMatchObject({ ok: false, status: 409, message: 'This return was already decided (now Approved).' });
    expect(await markReturnReceived(env, rma, { note: 'Box dented' }, act('return.receive', rma), Date.now())).toEqual({
      ok: true,
    });
    expect(await reject(rma, 'Too late')).toMatchObject({ status: 409 });
    const seen = await shopperSees(order, rma);
    expect(seen.status).toBe('RECEIVED');
    expect(seen.history.map((event) => event.status)).toEqual(['REQUESTED', 'APPROVED', 'RECEIVED']);
    expect(await auditsOf(rma)).toHaveLength(2);
  });
});
