import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CHANGE_MSG } from '../../worker/orders/service.ts';
import { FULFIL_MSG, REFUND_MSG } from '../../worker/orders/staff.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { mailTo, orderStatus, paidMemberOrder } from './fulfilment-helpers.ts';
import { US_HOST, api, shop } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;
let skuIds: number[];
let owner: Session;
let fulfilment: Session;
let support: Session;

const act = (session: Session, path: string, fields: Record<string, string>) =>
  postForm(`/admin/orders/${path}`, { _csrf: session.csrf, ...fields }, session.headers);

const ship = (session: Session, orderId: string, lines: Record<number, number>, key = crypto.randomUUID()) =>
  act(session, `${orderId}/ship`, {
    _key: key,
    carrier: 'ups',
    trackingNumber: '1Z 999 AA1 0123 4567 84',
    ...Object.fromEntries(Object.entries(lines).map(([lineNo, quantity]) => [`qty_${lineNo}`, String(quantity)])),
  });

const refund = (session: Session, orderId: string, fields: Record<string, string>, key = crypto.randomUUID()) =>
  act(session, `${orderId}/refund`, { _key: key, reason: 'Damaged in transit', mode: 'lines', ...fields });

const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

const pointsOf = async (email: string) =>
  count(
    `SELECT coalesce(sum(delta), 0) AS n FROM points_ledger
    WHERE account_id = (SELECT id FROM account WHERE email = ?)`,
    email,
  );

const refundedAtProvider = (orderId: string) =>
  count(
    `SELECT coalesce(sum(r.amount_cent), 0) AS n FROM refund r JOIN payment p ON p.id = r.payment_id
    WHERE p.order_id = ?`,
    orderId,
  );

beforeAll(async () => {
  skuIds = await checkoutFixture(4);
  [owner, fulfilment, support] = await Promise.all([
    staffSession('owner'),
    staffSession('fulfilment'),
    staffSession('support'),
  ]);
});

describe('shipping an order from the back office', () => {
  it('ships part then the rest: tracking emails, then one review invitation after the last delivery', async () => {
    const order = await paidMemberOrder([
      { skuId: skuIds[0]!, quantity: 2 },
      { skuId: skuIds[1]!, quantity: 1 },
    ]);
    const first = await ship(fulfilment, order.orderId, { 1: 1 });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/admin/orders/${order.orderId}?done=shipped`);
    expect(await orderStatus(order.orderId)).toBe('PARTIAL_SHIPMENT');
    const mail = await mailTo(order.email);
    const shipped = mail.find((message) => message.subject === `Your order ${order.orderId} has shipped`)!;
    expect(shipped.text).toContain('part of your order');
    expect(shipped.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const invitations = async () =>
      (await mailTo(order.email)).filter((message) => message.subject.startsWith('How are the parts'));
    // Not at shipping time: the parts have not arrived.
    expect(await invitations()).toEqual([]);

    expect((await ship(fulfilment, order.orderId, { 1: 1, 2: 1 })).status).toBe(303);
    expect(await orderStatus(order.orderId)).toBe('SHIPPED');
    expect(await invitations()).toEqual([]);
    const parcels = await env.DB.prepare('SELECT id FROM shipment WHERE order_id = ? ORDER BY id')
      .bind(order.orderId)
      .all<{ id: number }>();
    const [parcel1, parcel2] = parcels.results.map((row) => row.id);
    expect((await act(fulfilment, `${order.orderId}/shipments/${parcel1}/delivered`, {})).status).toBe(303);
    expect(await invitations()).toEqual([]);
    expect((await act(fulfilment, `${order.orderId}/shipments/${parcel2}/delivered`, {})).status).toBe(303);
    // Once, after the last parcel is delivered, for every part of the order.
    const [invitation, ...more] = await invitations();
    expect(more).toEqual([]);
    expect(invitation!.text).toContain('have arrived');
    expect(invitation!.text.match(/invitation=/g)).toHaveLength(2);
    // Links start with the configured origin (here with its port), never the request's Host (none).
    const link = invitation!.text.match(/: (\S+\/product\/[^?\s]+\?invitation=[\w.-]+#write-review)/)?.[1];
    expect(link?.startsWith(`${env.US_ORIGIN}/product/`)).toBe(true);
    // The invitation makes the shopper's review a verified purchase.
    const token = new URL(link!).searchParams.get('invitation')!;
    const itemId = (await env.DB.prepare('SELECT item_id AS id FROM order_line WHERE order_id = ? AND line_no = 1')
      .bind(order.orderId)
      .first<{ id: number }>())!.id;
    const review = await order.buyer.call<{ id: number }>('POST', '/item/public/buyer/review', {
      itemId,
      rating: 5,
      title: 'Fits and stops well',
      content: 'Installed in an hour, no noise after bedding in.',
      name: 'Jane',
      invitation: token,
    });
    expect(review.status).toBe(200);
    const verified = await env.DB.prepare('SELECT verified_purchase AS v FROM review WHERE id = ?')
      .bind(review.body.data.id)
      .first<{ v: number }>();
    expect(verified!.v).toBe(1);
    // The invitation carries the shopper's address: a rejection reaches them.
    const rejected = await postForm(
      `/admin/reviews/${review.body.data.id}/reject`,
      { _csrf: support.csrf, reason: 'Not about this product' },
      support.headers,
    );
    expect(rejected.status).toBe(303);
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE to_address = ? AND kind = 'review-rejected'",
    )
      .bind(order.email)
      .first<{ n: number }>();
    expect(told!.n).toBe(1);

    const last = (await mailTo(order.email)).filter((message) => message.subject.endsWith('has shipped')).at(-1)!;
    expect(last.text).toContain('Good news');
    expect(last.text).not.toContain('part of your order');

    // The member's order detail and the public tracking show both shipments with their tracking link.
    const detail = await order.buyer.call<{ shipments: { trackingUrl: string; lines: unknown[] }[] }>(
      'GET',
      `/order/signed/order/detail/${order.orderId}`,
    );
    expect(detail.body.data.shipments).toHaveLength(2);
    const tracking = await shop(
      `${US_HOST}/order/track?orderNo=${order.orderId}&email=${encodeURIComponent(order.email)}`,
    );
    const html = await tracking.text();
    expect(html.match(/data-shipment=/g)).toHaveLength(2);
    expect(html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
  });

  it('refuses to ship a line twice, even from two staff at once, and a repeated form ships once', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const [a, b] = await Promise.all([ship(fulfilment, order.orderId, { 1: 1 }), ship(owner, order.orderId, { 1: 1 })]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    expect(await count('SELECT count(*) AS n FROM shipment WHERE order_id = ?', order.orderId)).toBe(1);
    const again = await ship(fulfilment, order.orderId, { 1: 1 });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(FULFIL_MSG.quantity);

    const second = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const key = crypto.randomUUID();
    const [one, two] = await Promise.all([
      ship(fulfilment, second.orderId, { 1: 1 }, key),
      ship(fulfilment, second.orderId, { 1: 1 }, key),
    ]);
    expect([one.status, two.status]).toEqual([303, 303]);
    expect(await count('SELECT count(*) AS n FROM shipment WHERE order_id = ?', second.orderId)).toBe(1);
    expect((await mailTo(second.email)).filter((message) => message.subject.endsWith('has shipped'))).toHaveLength(1);
  });

  it('answers a bad shipment form with its message and changes nothing', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[3]!, quantity: 1 }]);
    const noCarrier = await act(fulfilment, `${order.orderId}/ship`, {
      carrier: 'pony',
      trackingNumber: 'ABC123456',
      qty_1: '1',
    });
    expect(noCarrier.status).toBe(400);
    expect(await noCarrier.text()).toContain(FULFIL_MSG.carrier);
    const noTracking = await act(fulfilment, `${order.orderId}/ship`, {
      carrier: 'usps',
      trackingNumber: '',
      qty_1: '1',
    });
    expect(await noTracking.text()).toContain(FULFIL_MSG.trackingNumber);
    const nothing = await act(fulfilment, `${order.orderId}/ship`, {
      carrier: 'usps',
      trackingNumber: '9400111899',
      qty_1: '0',
    });
    expect(await nothing.text()).toContain(FULFIL_MSG.nothingChosen);
    const tooMany = await ship(fulfilment, order.orderId, { 1: 5 });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain(FULFIL_MSG.quantity);
    const noCsrf = await postForm(`/admin/orders/${order.orderId}/ship`, { carrier: 'ups' }, fulfilment.headers);
    expect(noCsrf.status).toBe(403);
    expect(await orderStatus(order.orderId)).toBe('PROCESSING');
    expect(await count('SELECT count(*) AS n FROM shipment WHERE order_id = ?', order.orderId)).toBe(0);
  });

  it('marks a shipment delivered once, in the timeline, and writes every action to the audit log', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    await ship(fulfilment, order.orderId, { 1: 1 });
    const shipmentId = await count('SELECT id AS n FROM shipment WHERE order_id = ?', order.orderId);
    const path = `${order.orderId}/shipments/${shipmentId}/delivered`;
    expect((await act(fulfilment, path, {})).status).toBe(303);
    expect((await act(fulfilment, path, {})).status).toBe(409);
    const page = await (await shop(`${ADMIN}/orders/${order.orderId}`, { headers: owner.headers })).text();
    expect(page).toMatch(/Delivered \(UPS 1Z999AA10123456784\)/);
    expect(page).toMatch(/delivered \d{4}-\d\d-\d\d/);
    const audited = await env.DB.prepare(
      `SELECT action FROM audit_log WHERE record_type = 'order' AND record_id = ? ORDER BY id`,
    )
      .bind(order.orderId)
      .all<{ action: string }>();
    expect(audited.results.map((row) => row.action)).toEqual(['orders.ship', 'orders.delivered']);
  });

  it('invites a review once when two staff mark the last two parcels delivered at once', async () => {
    const order = await paidMemberOrder([
      { skuId: skuIds[0]!, quantity: 1 },
      { skuId: skuIds[1]!, quantity: 1 },
    ]);
    await ship(fulfilment, order.orderId, { 1: 1 });
    await ship(owner, order.orderId, { 2: 1 });
    const parcels = await env.DB.prepare('SELECT id FROM shipment WHERE order_id = ?')
      .bind(order.orderId)
      .all<{ id: number }>();
    const marked = await Promise.all(
      parcels.results.flatMap(({ id }) =>
        [fulfilment, owner].map((staff) => act(staff, `${order.orderId}/shipments/${id}/delivered`, {})),
      ),
    );
    expect(marked.map((answer) => answer.status).sort()).toEqual([303, 303, 409, 409]);
    const invited = (await mailTo(order.email)).filter((message) => message.subject.startsWith('How are the parts'));
    expect(invited).toHaveLength(1);
  });
});

describe('refunds from the back office', () => {
  it('refunds a line with its tax share: PARTIAL_REFUND, money back at the provider, points taken back', async () => {
    const order = await paidMemberOrder([
      { skuId: skuIds[0]!, quantity: 1 },
      { skuId: skuIds[1]!, quantity: 1 },
    ]);
    const pointsBefore = await pointsOf(order.email);
    const answer = await refund(support, order.orderId, { rqty_1: '1' });
    expect(answer.status).toBe(303);
    expect(await orderStatus(order.orderId)).toBe('PARTIAL_REFUND');
    const row = await env.DB.prepare(
      `SELECT amount_cent AS amount, points_taken AS points, status FROM order_refund WHERE order_id = ?`,
    )
      .bind(order.orderId)
      .first<{ amount: number; points: number; status: string }>();
    expect(row!.status).toBe('DONE');
    const line = await env.DB.prepare(`SELECT total_cent AS total FROM order_line WHERE order_id = ? AND line_no = 1`)
      .bind(order.orderId)
      .first<{ total: number }>();
    // The line's price with New York's 4% tax on it (no shipping refunded).
    expect(row!.amount).toBeGreaterThan(line!.total);
    expect(row!.amount).toBeLessThanOrEqual(Math.round(line!.total * 1.04) + 1);
    expect(await refundedAtProvider(order.orderId)).toBe(row!.amount);
    expect(row!.points).toBeGreaterThan(0);
    expect(await pointsOf(order.email)).toBe(pointsBefore - row!.points);
    const mail = await mailTo(order.email);
    expect(mail.some((message) => message.subject === `Refund for your order ${order.orderId}`)).toBe(true);
  });

  it('refunds the rest by amount to REFUND, and never more than was paid, even with two staff at once', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[1]!, quantity: 2 }]);
    const sixty = ((order.total * 0.6) / 100).toFixed(2);
    const [a, b] = await Promise.all([
      refund(support, order.orderId, { mode: 'amount', amount: sixty }),
      refund(owner, order.orderId, { mode: 'amount', amount: sixty }),
    ]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const left = order.total - (await refundedAtProvider(order.orderId));
    const tooMuch = await refund(support, order.orderId, { mode: 'amount', amount: ((left + 1) / 100).toFixed(2) });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.text()).toContain('can still be refunded');
    expect((await refund(support, order.orderId, { mode: 'amount', amount: (left / 100).toFixed(2) })).status).toBe(
      303,
    );
    expect(await orderStatus(order.orderId)).toBe('REFUND');
    expect(await refundedAtProvider(order.orderId)).toBe(order.total);
    const after = await refund(support, order.orderId, { mode: 'amount', amount: '1.00' });
    expect(after.status).toBe(409);
    expect(await after.text()).toContain(REFUND_MSG.notRefundable);
  });

  it('makes a double-clicked refund one refund, and asks for a reason and something to refund', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const key = crypto.randomUUID();
    const [one, two] = await Promise.all([
      refund(support, order.orderId, { rqty_1: '1' }, key),
      refund(support, order.orderId, { rqty_1: '1' }, key),
    ]);
    expect([one.status, two.status]).toEqual([303, 303]);
    expect(await count('SELECT count(*) AS n FROM order_refund WHERE order_id = ?', order.orderId)).toBe(1);
    const other = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    expect(await (await refund(support, other.orderId, { rqty_1: '1', reason: ' ' })).text()).toContain(
      REFUND_MSG.reason,
    );
    expect(await (await refund(support, other.orderId, {})).text()).toContain(REFUND_MSG.nothingChosen);
    expect(await (await refund(support, other.orderId, { mode: 'amount', amount: 'ten' })).text()).toContain(
      REFUND_MSG.amount,
    );
    expect(await orderStatus(other.orderId)).toBe('PROCESSING');
  });

  it('filters the orders list by payment state: awaiting payment, paid, refunded', async () => {
    const paid = await paidMemberOrder([{ skuId: skuIds[3]!, quantity: 1 }]);
    const refunded = await paidMemberOrder([{ skuId: skuIds[3]!, quantity: 1 }]);
    await refund(support, refunded.orderId, { rqty_1: '1' });
    const listed = async (payment: string) => {
      const html = await (await shop(`${ADMIN}/orders?payment=${payment}`, { headers: owner.headers })).text();
      return [paid.orderId, refunded.orderId].filter((id) => html.includes(`data-order="${id}"`));
    };
    expect(await listed('paid')).toEqual([paid.orderId, refunded.orderId]);
    expect(await listed('refunded')).toEqual([refunded.orderId]);
    expect(await listed('unpaid')).toEqual([]);
    expect(await listed('bogus')).toEqual([paid.orderId, refunded.orderId]);
  });

  it('lets fulfilment ship but not refund or cancel, and support refund and cancel but not ship', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[3]!, quantity: 1 }]);
    expect((await refund(fulfilment, order.orderId, { rqty_1: '1' })).status).toBe(403);
    expect((await act(fulfilment, `${order.orderId}/cancel`, { confirm: 'yes' })).status).toBe(403);
    expect((await ship(support, order.orderId, { 1: 1 })).status).toBe(403);
    expect(await count('SELECT count(*) AS n FROM order_refund WHERE order_id = ?', order.orderId)).toBe(0);
    expect(await orderStatus(order.orderId)).toBe('PROCESSING');
  });
});

describe('cancelling from the back office', () => {
  it('cancels an unshipped paid order: stock back, payment refunded in full, shopper emailed', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[0]!, quantity: 3 }]);
    const stock = () => count('SELECT available_total AS n FROM sku WHERE id = ?', skuIds[0]!);
    const before = await stock();
    expect((await act(support, `${order.orderId}/cancel`, { confirm: 'yes' })).status).toBe(303);
    expect(await orderStatus(order.orderId)).toBe('CANCELLED');
    expect(await stock()).toBe(before + 3);
    expect(await refundedAtProvider(order.orderId)).toBe(order.total);
    const mail = await mailTo(order.email);
    expect(mail.some((message) => message.subject === `Your order ${order.orderId} was cancelled`)).toBe(true);
    // Cancelled twice: refused, and nothing is given back twice.
    expect((await act(support, `${order.orderId}/cancel`, { confirm: 'yes' })).status).toBe(409);
    expect(await stock()).toBe(before + 3);
  });

  it('refuses to cancel an order once something has shipped', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[1]!, quantity: 2 }]);
    await ship(fulfilment, order.orderId, { 1: 1 });
    const answer = await act(owner, `${order.orderId}/cancel`, { confirm: 'yes' });
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain(FULFIL_MSG.notCancellable);
    expect(await orderStatus(order.orderId)).toBe('PARTIAL_SHIPMENT');
    const tracked = await api<{ shipments: unknown[] }>(
      `${US_HOST}/order/public/track/order/info?orderNo=${order.orderId}&email=${encodeURIComponent(order.email)}`,
    );
    expect(tracked.body.data.shipments).toHaveLength(1);
  });
});

describe('changing the ship-to address from the back office', () => {
  const address = (fields: Record<string, string>) => ({
    firstName: 'Jane',
    lastName: 'Driver',
    phone: '2125550143',
    addressLine1: '30 Rockefeller Plaza',
    addressLine2: '',
    city: 'New York',
    regionCode: 'NY',
    postalCode: '10001',
    ...fields,
  });

  it('moves an unshipped order within its tax, refuses one that would change the tax, and a bad ZIP code', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[2]!, quantity: 1 }]);
    const first = await act(support, `${order.orderId}/address`, address({}));
    expect(first.status, (await first.clone().text()).match(/role="alert">([^<]*)/)?.[1]).toBe(303);
    const moved = await env.DB.prepare('SELECT address FROM orders WHERE id = ?')
      .bind(order.orderId)
      .first<{ address: string }>();
    expect(JSON.parse(moved!.address)).toMatchObject({ addressLine1: '30 Rockefeller Plaza', postalCode: '10001' });
    const taxed = await act(
      support,
      `${order.orderId}/address`,
      address({ regionCode: 'OR', postalCode: '97201', city: 'Portland' }),
    );
    expect(taxed.status).toBe(409);
    expect(await taxed.text()).toContain(ADDRESS_CHANGE_MSG.taxChanges);
    const badZip = await act(support, `${order.orderId}/address`, address({ postalCode: '1234' }));
    expect(badZip.status).toBe(400);
    expect(await badZip.text()).toContain('ZIP or postal code: ');
    expect((await act(owner, `${order.orderId}/address`, address({ addressLine1: '' }))).status).toBe(400);
    await ship(fulfilment, order.orderId, { 1: 1 });
    const shipped = await act(support, `${order.orderId}/address`, address({}));
    expect(await shipped.text()).toContain(ADDRESS_CHANGE_MSG.shipped);
  });
});

describe('staff notes on an order', () => {
  it('adds a note to the order page with its author, never shows it to the shopper, and audits it', async () => {
    const order = await paidMemberOrder([{ skuId: skuIds[0]!, quantity: 1 }]);
    const note = 'Called Jane: leave the parcel with the concierge.';
    expect((await act(fulfilment, `${order.orderId}/notes`, { body: note })).status).toBe(303);
    const page = await (await shop(`${ADMIN}/orders/${order.orderId}`, { headers: support.headers })).text();
    expect(page).toContain(note);
    expect(page).toContain(fulfilment.staff.email);
    const empty = await act(fulfilment, `${order.orderId}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await act(fulfilment, 'US-NOPE/notes', { body: note })).status).toBe(404);
    const detail = await order.buyer.call('GET', `/order/signed/order/detail/${order.orderId}`);
    expect(JSON.stringify(detail.body)).not.toContain('concierge');
    expect(
      await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'orders.note' AND record_id = ?`, order.orderId),
    ).toBe(1);
  });
});
