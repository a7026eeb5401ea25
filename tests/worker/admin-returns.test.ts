import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_RETURN_MSG } from '../../worker/returns/staff.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { NEW_YORK, type Quote, checkoutFixture, shopper } from './checkout-helpers.ts';
import { paidMemberOrder } from './fulfilment-helpers.ts';
import { US_HOST, api, shop } from './helpers.ts';
import { askReturn, type Caller, fileOf, shipAll, shippedGuestOrder, uploadIds } from './returns-helpers.ts';

/** Issue 20, the staff side: the returns queue, a return's page with its evidence, and the decisions on it. */

type Session = Awaited<ReturnType<typeof staffSession>>;
let skuIds: number[];
let owner: Session;
let fulfilment: Session;
let support: Session;

beforeAll(async () => {
  skuIds = await checkoutFixture(4);
  [owner, fulfilment, support] = await Promise.all([
    staffSession('owner'),
    staffSession('fulfilment'),
    staffSession('support'),
  ]);
});

const open = async (path: string, session: Session) => {
  const response = await shop(`${US_HOST}${path}`, { headers: session.headers, redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

const act = (session: Session, rma: string, form: string, fields: Record<string, string>) =>
  postForm(`/admin/returns/${rma}/${form}`, { _csrf: session.csrf, ...fields }, session.headers);

const one = async <T>(sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<T>())!;

const returnStatus = async (rma: string) =>
  (await one<{ status: string }>('SELECT status FROM order_return WHERE rma = ?', rma)).status;

const audits = async (action: string, rma: string) =>
  (
    await one<{ n: number }>(
      `SELECT count(*) AS n FROM audit_log WHERE action = ? AND record_type = 'return' AND record_id = ?`,
      action,
      rma,
    )
  ).n;

/** A return of one unit of the order's first line, damaged, with three photos: its RMA and upload ids. */
async function damagedReturn(caller: Caller, photos = [fileOf('jpeg', 3000), fileOf('png'), fileOf('webp')]) {
  const ids = await uploadIds(caller, photos);
  const asked = await askReturn(caller, {
    lines: [{ lineNo: 1, quantity: 1 }],
    reason: 'Part was damaged',
    uploadIds: ids,
  });
  if (asked.status !== 201) throw new Error(`return refused: ${asked.status} ${JSON.stringify(asked.body)}`);
  return { rma: asked.body.data.rma, ids };
}

/** A part fitted to a model, and that model's node id: an order of it placed for that vehicle is sold as fitting. */
async function fittingPart() {
  return one<{ skuId: number; fits: number; other: number }>(
    `SELECT s.id AS skuId, f.model_node_id AS fits,
       (SELECT m2.id FROM vehicle_node m2 WHERE m2.level = 3 AND m2.make_id <> m.make_id
          AND NOT EXISTS (SELECT 1 FROM fitment g WHERE g.item_id = i.id AND g.model_node_id = m2.id) LIMIT 1) AS other
     FROM fitment f JOIN item i ON i.id = f.item_id JOIN vehicle_node m ON m.id = f.model_node_id
       JOIN sku s ON s.item_id = i.id
     WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' AND i.vehicle_universal = 0 AND s.available_total > 5
     ORDER BY i.id LIMIT 1`,
  );
}

/** A guest's order placed with a vehicle chosen, shipped. */
async function shippedOrderFor(skuId: number, vehicleNodeId: number) {
  const buyer = shopper(US_HOST);
  await buyer.add(skuId, 1);
  const which = { attributeValueId: vehicleNodeId };
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { ...which, address: NEW_YORK }))
    .body.data;
  const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    {
      ...which,
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email: `fit-${crypto.randomUUID().slice(0, 8)}@example.com`,
      address: NEW_YORK,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.total,
    },
  );
  const { order, orderToken } = placed.body.data;
  await shipAll(order.orderId);
  return { orderId: order.orderId, orderToken };
}

describe('the returns queue', () => {
  it('lists a new return under Open with its order, shopper, reason, units and files', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 2 }]);
    const { rma } = await damagedReturn(order);
    const { status, html } = await open('/admin/returns', support);
    expect(status).toBe(200);
    const row = html.match(new RegExp(`<tr data-rma="${rma}">.*?</tr>`))?.[0] ?? '';
    expect(row).toContain(`href="/admin/returns/${rma}"`);
    expect(row).toContain(`href="/admin/orders/${order.orderId}"`);
    expect(row).toContain(order.email);
    expect(row).toContain('Part was damaged');
    expect(row).toContain('Requested');
    expect(row).toContain('data-label="Units">1</td>');
    expect(row).toContain('data-label="Files">3</td>');
    expect(html).toMatch(/aria-current="page"[^>]*>Open \(\d+\)</);
    expect(html).toContain('>Returns</a>'); // the console's navigation
    // The order's page lists its returns.
    const orderPage = await open(`/admin/orders/${order.orderId}`, support);
    expect(orderPage.html).toContain(`<a href="/admin/returns/${rma}">${rma}</a>`);
  });

  it('filters by status and finds a return by RMA, order number or email', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const { rma } = await damagedReturn(order);
    const other = await damagedReturn(await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]));
    const listed = async (query: string) => (await open(`/admin/returns?${query}`, owner)).html;
    expect(await listed('status=REQUESTED')).toContain(`data-rma="${rma}"`);
    expect(await listed('status=REJECTED')).not.toContain(`data-rma="${rma}"`);
    for (const q of [rma, order.orderId, order.email]) {
      const html = await listed(new URLSearchParams({ status: 'ALL', q }).toString());
      expect(html, q).toContain(`data-rma="${rma}"`);
      expect(html, q).not.toContain(`data-rma="${other.rma}"`);
    }
    expect(await listed('q=nobody-at-all%40example.com')).toContain('No returns match.');
  });
});

describe("a return's page", () => {
  it('shows the reason, the evidence through the console, and the fit the part was sold with', async () => {
    const part = await fittingPart();
    const order = await shippedOrderFor(part.skuId, part.fits);
    const vehicle = (await one<{ name: string }>('SELECT vehicle_name AS name FROM orders WHERE id = ?', order.orderId))
      .name;
    expect(vehicle).toBeTruthy();
    const photos = [fileOf('jpeg', 3000), fileOf('png'), fileOf('webp')];
    const { rma, ids } = await damagedReturn(order, photos);

    const { status, html } = await open(`/admin/returns/${rma}`, fulfilment);
    expect(status).toBe(200);
    expect(html).toContain(`Return ${rma}`);
    expect(html).toContain('Part was damaged');
    expect(html).toContain(`Sold as fitting ${vehicle}`);
    expect(html).toContain(`href="/admin/orders/${order.orderId}"`);
    expect(html).toContain('history: 1 order, 1 return, 0 rejected');
    for (const id of ids) expect(html).toContain(`<img src="/admin/returns/evidence/${id}"`);

    const served = await shop(`${ADMIN}/returns/evidence/${ids[0]}`, { headers: fulfilment.headers });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('no-store');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(photos[0]);
    const ranged = await shop(`${ADMIN}/returns/evidence/${ids[0]}`, {
      headers: { ...fulfilment.headers, range: 'bytes=0-9' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 0-9/3000');
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(photos[0]!.slice(0, 10));
  });

  it("shows the car the shopper gave for a part that doesn't fit, and that it was sold as not fitting", async () => {
    const part = await fittingPart();
    const order = await shippedOrderFor(part.skuId, part.other);
    const vehicle = (await one<{ name: string }>('SELECT vehicle_name AS name FROM orders WHERE id = ?', order.orderId))
      .name;
    const ids = await uploadIds(order, [fileOf('jpeg')]);
    const asked = await askReturn(order, {
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: "Part doesn't fit",
      vehicle: { vin: '1HGCM82633A004352' },
      uploadIds: ids,
    });
    expect(asked.status).toBe(201);
    const { html } = await open(`/admin/returns/${asked.body.data.rma}`, support);
    expect(html).toContain('VIN 1HGCM82633A004352');
    expect(html).toContain(`Sold as not fitting ${vehicle}`);
  });

  it('says when no vehicle was chosen at purchase', async () => {
    const part = await fittingPart();
    const order = await shippedGuestOrder([{ skuId: part.skuId, quantity: 1 }]);
    const { rma } = await damagedReturn(order);
    expect((await open(`/admin/returns/${rma}`, owner)).html).toContain('No vehicle chosen at purchase');
  });

  it('serves evidence to staff only: no session goes to sign-in, an unknown file is 404', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const { ids } = await damagedReturn(order);
    const anonymous = await shop(`${ADMIN}/returns/evidence/${ids[0]}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/admin/sign-in');
    expect((await open(`/admin/returns/evidence/${'0'.repeat(32)}`, owner)).status).toBe(404);
    expect((await open('/admin/returns/RMA-000000-AAAAA-AAAAA', owner)).status).toBe(404);
  });
});

describe('deciding on a return', () => {
  it('support asks for evidence and approves, fulfilment marks received, the owner refunds: each audited', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[3]!, quantity: 2 }], 'returner');
    await shipAll(order.orderId);
    const caller = { orderId: order.orderId, headers: order.credentials };
    const { rma } = await damagedReturn(caller);
    const page = async () => (await open(`/admin/returns/${rma}`, owner)).html;

    const asked = await act(support, rma, 'ask-evidence', { message: 'Please photograph the shipping label.' });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe(`/admin/returns/${rma}?done=ask-evidence`);
    expect(await returnStatus(rma)).toBe('NEEDS_EVIDENCE');
    expect(await audits('returns.askEvidence', rma)).toBe(1);

    const [label] = await uploadIds(caller, [fileOf('jpeg')]);
    const added = await api(`${US_HOST}/order/public/returns/${rma}/evidence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...order.credentials },
      body: JSON.stringify({ uploadIds: [label] }),
    });
    expect(added.status).toBe(200);

    const approved = await act(support, rma, 'approve', { instructions: 'Ship it back in its box.', labelNumber: '' });
    expect(approved.status).toBe(303);
    expect(await returnStatus(rma)).toBe('APPROVED');
    expect(await audits('returns.approve', rma)).toBe(1);
    const approvedPage = (await open(approved.headers.get('location')!, owner)).html;
    expect(approvedPage).toContain('Return approved; the shopper has been emailed how to send the parts back.');
    expect(approvedPage).toContain('Ship it back in its box.');
    expect(approvedPage).toContain(support.staff.email); // the history says who decided

    expect((await act(fulfilment, rma, 'received', { note: 'Box intact' })).status).toBe(303);
    expect(await returnStatus(rma)).toBe('RECEIVED');
    expect(await audits('returns.receive', rma)).toBe(1);

    const stock = async () =>
      (await one<{ n: number }>('SELECT available_total AS n FROM sku WHERE id = ?', skuIds[3]!)).n;
    const before = await stock();
    const refunded = await act(owner, rma, 'refund', {
      _key: crypto.randomUUID(),
      rqty_1: '1',
      fee: '2.50',
      restock: 'on',
    });
    expect(refunded.status).toBe(303);
    expect(refunded.headers.get('location')).toBe(`/admin/returns/${rma}?done=refund`);
    expect(await returnStatus(rma)).toBe('REFUNDED');
    expect(await audits('returns.refund', rma)).toBeGreaterThanOrEqual(1);
    expect(await stock()).toBe(before + 1);
    const settled = await one<{ refund: number; fee: number }>(
      'SELECT refund_cent AS refund, fee_cent AS fee FROM order_return WHERE rma = ?',
      rma,
    );
    expect(settled.fee).toBe(250);
    const refundedPage = await page();
    expect(refundedPage).toContain('Refunded');
    expect(refundedPage).toContain(`$${(settled.refund / 100).toFixed(2)}`);
    expect(refundedPage).not.toContain('aria-label="Refund"');
  });

  it('refuses a role without the permission (403) and keeps the return as it was', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const { rma } = await damagedReturn(order);
    const fulfilmentPage = (await open(`/admin/returns/${rma}`, fulfilment)).html;
    expect(fulfilmentPage).not.toContain('aria-label="Approve"');
    expect((await act(fulfilment, rma, 'approve', { instructions: 'Send it' })).status).toBe(403);
    expect((await act(fulfilment, rma, 'reject', { reason: 'No' })).status).toBe(403);
    expect(await returnStatus(rma)).toBe('REQUESTED');

    expect((await act(owner, rma, 'approve', { instructions: 'Send it' })).status).toBe(303);
    expect((await open(`/admin/returns/${rma}`, support)).html).not.toContain('aria-label="Mark received"');
    expect((await act(support, rma, 'received', {})).status).toBe(403);
    expect((await act(fulfilment, rma, 'refund', { _key: crypto.randomUUID(), rqty_1: '1' })).status).toBe(403);
    expect(await returnStatus(rma)).toBe('APPROVED');
    expect(await audits('returns.receive', rma)).toBe(0);
  });

  it('refuses a form without the session CSRF value', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[1]!, quantity: 1 }]);
    const { rma } = await damagedReturn(order);
    const response = await postForm(`/admin/returns/${rma}/approve`, { instructions: 'Send it' }, owner.headers);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('This form has expired. Please reload the page and try again.');
    expect(await returnStatus(rma)).toBe('REQUESTED');
  });

  it('answers a bad fee at the Refund form (400), and a decision the status does not take (409)', async () => {
    const order = await shippedGuestOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const { rma } = await damagedReturn(order);
    const early = await act(owner, rma, 'received', { note: 'Too early' });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(STAFF_RETURN_MSG.notApproved('Requested'));

    const unsaid = await act(owner, rma, 'approve', { instructions: ' ', labelNumber: '' });
    expect(unsaid.status).toBe(400);
    const approveForm = (await unsaid.text()).match(/<form[^>]*aria-label="Approve".*?<\/form>/s)?.[0] ?? '';
    expect(approveForm).toContain(STAFF_RETURN_MSG.howToSend);

    expect((await act(owner, rma, 'approve', { instructions: 'Send it' })).status).toBe(303);
    const bad = await act(owner, rma, 'refund', { _key: crypto.randomUUID(), rqty_1: '1', fee: 'ten dollars' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    const form = html.match(/<form[^>]*aria-label="Refund".*?<\/form>/s)?.[0] ?? '';
    expect(form).toContain(STAFF_RETURN_MSG.fee);
    expect(form).toContain('value="ten dollars"');
    expect(await returnStatus(rma)).toBe('APPROVED');
    expect(await audits('returns.refund', rma)).toBe(0);
  });
});
