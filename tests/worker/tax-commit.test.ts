import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancelForShop } from '../../worker/flows/cancel-order.ts';
import { catchUpTax } from '../../worker/flows/commit-tax.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { orderStatus } from './fulfilment-helpers.ts';
import { shop, US_HOST } from './helpers.ts';
import { shipAll } from './returns-helpers.ts';
import { COLUMBUS, deliverTaxJobs, loadTaxPlaces, useTaxService } from './tax-helpers.ts';

/**
 * Committing sales to the tax service and reversing them (issue 39): a paid order's sale is
 * committed from the queue, once however often the job runs or races; a refunded line gives back
 * exactly its tax, a cancelled paid order all of it; the service being down never fails checkout or
 * a payment: the queue retries until the service has the sale.
 */

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const QUOTE = '/order/public/buyer/checkout/quote';
const PLACE = '/order/public/buyer/order/place';

let skuIds: number[];
let service: ReturnType<typeof useTaxService> | null = null;

beforeAll(async () => {
  skuIds = await checkoutFixture(4);
  await loadTaxPlaces();
});
afterEach(() => {
  service?.restore();
  service = null;
});

interface TaxQuote {
  total: number;
  tax: number;
  taxes: { name: string; rateLabel: string; amountCent: number }[];
  taxSummary: { estimated: boolean };
}

/** A member's order to Columbus of two units of one part and one of another, placed (and paid when asked). */
async function orderToColumbus(pay: boolean) {
  const buyer = shopper(US_HOST, {
    ...bearer(await member(`tax-${crypto.randomUUID().slice(0, 8)}@example.com`)),
    'cf-connecting-ip': freshIp(),
  });
  await buyer.add(skuIds[0]!, 2);
  await buyer.add(skuIds[1]!, 1);
  const quote = (await buyer.call<TaxQuote>('POST', QUOTE, { address: COLUMBUS })).body.data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', PLACE, {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address: COLUMBUS,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.total,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.data.order.orderId;
  if (pay) {
    const started = await buyer.call<{ url: string }>('POST', '/order/public/payment/', {
      orderId,
      paymentType: 'HOSTED_CARD',
    });
    await shop(`${started.body.data.url}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: FUTURE, cvc: '123' }).toString(),
    });
    for (let attempt = 0; attempt < 200 && (await orderStatus(orderId)) !== 'PROCESSING'; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await orderStatus(orderId)).toBe('PROCESSING');
  }
  return { orderId, quote, buyer };
}

const record = (orderId: string) =>
  env.DB.prepare(
    `SELECT status, provider, configured, estimated, tax_cent AS tax, transaction_ref AS transactionRef,
       committed_tax_cent AS committedTax, attempts, last_error AS lastError, sold_at AS soldAt
     FROM tax_record WHERE order_id = ?`,
  )
    .bind(orderId)
    .first<{
      status: string;
      provider: string;
      configured: string;
      estimated: number;
      tax: number;
      transactionRef: string | null;
      committedTax: number | null;
      attempts: number;
      lastError: string | null;
      soldAt: number | null;
    }>();

const taxLines = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT line_no AS lineNo, amount_cent AS amount, quantity, tax_cent AS tax FROM tax_line
       WHERE order_id = ? ORDER BY line_no`,
    )
      .bind(orderId)
      .all<{ lineNo: number; amount: number; quantity: number; tax: number }>()
  ).results;

const reversals = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT reference, is_full AS full, status, amount_cent AS amount, tax_cent AS tax, sent_at AS sentAt,
         transaction_ref AS transactionRef FROM tax_reversal WHERE order_id = ? ORDER BY id`,
    )
      .bind(orderId)
      .all<{
        reference: string;
        full: number;
        status: string;
        amount: number;
        tax: number;
        sentAt: number | null;
        transactionRef: string | null;
      }>()
  ).results;

/** The transactions (Stripe) or documents (AvaTax) the fake service holds under a reference. */
function recorded(fake: NonNullable<typeof service>, reference: string) {
  const stripe = [...fake.stripe.transactions.values()].filter((tx) => tx.reference === reference);
  const avatax = [...fake.avatax.documents.values()].filter((doc) => doc.code === reference.slice(0, 50));
  return [
    ...stripe.map((tx) => ({ id: tx.id, type: tx.type })),
    ...avatax.map((doc) => ({ id: doc.code, type: doc.type })),
  ];
}

const staffRefund = (orderId: string, key: string, lines: { lineNo: number; quantity: number }[]) =>
  refundOrderByShop(
    env,
    orderId,
    { key, lines, amountCent: null, withShipping: false, reason: 'Returned' },
    { staffId: null, audit: testAudit('orders.refund', orderId) },
    Date.now(),
  );

describe.each(['stripe', 'avalara'] as const)('sales committed to %s', (provider) => {
  it('commits the sale once the order is paid, from the queue, and a redelivered job changes nothing', async () => {
    service = useTaxService(provider);
    const { orderId, quote } = await orderToColumbus(true);
    // Placing queued a commit and paying another; until the queue delivers them the sale is pending.
    expect(service.jobs).toEqual([
      { kind: 'commit', orderId },
      { kind: 'commit', orderId },
    ]);
    expect(await record(orderId)).toMatchObject({ status: 'PENDING', transactionRef: null });
    const first = await deliverTaxJobs(service.jobs);
    expect(first.retried).toEqual([]);
    const committed = (await record(orderId))!;
    expect(committed).toMatchObject({ status: 'COMMITTED', committedTax: quote.tax, lastError: null });
    expect(committed.soldAt).not.toBeNull();
    expect(recorded(service, orderId)).toHaveLength(1);
    expect(committed.transactionRef).toBe(recorded(service, orderId)[0]!.id);
    await deliverTaxJobs([{ kind: 'commit', orderId }], 2);
    expect(recorded(service, orderId)).toHaveLength(1);
  });

  it('records one transaction when the queue and the cron commit the same sale at the same time', async () => {
    service = useTaxService(provider);
    const { orderId } = await orderToColumbus(true);
    // Placed long enough ago for the cron's catch-up to take it too.
    await env.DB.prepare('UPDATE tax_record SET created_at = created_at - 600000 WHERE order_id = ?')
      .bind(orderId)
      .run();
    const [a, b] = await Promise.all([
      deliverTaxJobs([{ kind: 'commit', orderId }]),
      deliverTaxJobs([{ kind: 'commit', orderId }]),
      catchUpTax(env, Date.now()),
    ]);
    // Whoever took the sale first saw it through; the others left it to them (no retry, no failed attempt).
    expect([...a.retried, ...b.retried]).toEqual([]);
    expect(recorded(service, orderId)).toHaveLength(1);
    expect(await record(orderId)).toMatchObject({ attempts: 0, lastError: null });
    expect(await record(orderId)).toMatchObject({
      status: 'COMMITTED',
      transactionRef: recorded(service, orderId)[0]!.id,
    });
  });

  it('gives back exactly the tax charged on a refunded line, sent once as a reversal of that line', async () => {
    service = useTaxService(provider);
    const { orderId } = await orderToColumbus(true);
    await deliverTaxJobs(service.jobs.splice(0));
    await shipAll(orderId);
    const line = (await taxLines(orderId)).find((row) => row.lineNo === 2)!;
    expect(line.tax).toBeGreaterThan(0);
    const key = `refund-${crypto.randomUUID()}`;
    const refund = await staffRefund(orderId, key, [{ lineNo: 2, quantity: 1 }]);
    expect(refund).toMatchObject({ ok: true, amountCent: line.amount + line.tax });
    // The same form again answers the refund it made; no second reversal is recorded or sent.
    expect(await staffRefund(orderId, key, [{ lineNo: 2, quantity: 1 }])).toMatchObject({ ok: true, repeated: true });
    expect(await reversals(orderId)).toMatchObject([{ reference: key, full: 0, amount: line.amount, tax: line.tax }]);
    expect(service.jobs).toHaveLength(1);
    await deliverTaxJobs(service.jobs);
    await deliverTaxJobs(service.jobs, 2);
    const [sent] = await reversals(orderId);
    expect(sent!.sentAt).not.toBeNull();
    expect(recorded(service, key)).toHaveLength(1);
    if (provider === 'stripe') {
      const reversal = [...service.stripe.transactions.values()].find((tx) => tx.reference === key)!;
      expect(reversal.type).toBe('reversal');
      expect(reversal.line_items?.data.map((item) => item.amount_tax)).toEqual([-line.tax]);
    } else {
      const document = service.avatax.documents.get(key.slice(0, 50))!;
      expect(document.type).toBe('ReturnInvoice');
      expect(Math.round(document.totalTax * 100)).toBe(-line.tax);
    }
  });

  it('reverses the whole sale when a paid order is cancelled, and voids the tax of one cancelled unpaid', async () => {
    service = useTaxService(provider);
    const paid = await orderToColumbus(true);
    await deliverTaxJobs(service.jobs.splice(0));
    expect(await cancelForShop(env, paid.orderId, testAudit('orders.cancel', paid.orderId), Date.now())).toMatchObject({
      ok: true,
    });
    expect(await reversals(paid.orderId)).toMatchObject([{ full: 1, tax: paid.quote.tax, status: 'RECORDED' }]);
    await deliverTaxJobs(service.jobs.splice(0));
    const reference = `cancel-${paid.orderId}`;
    expect(recorded(service, reference)).toHaveLength(1);
    expect((await reversals(paid.orderId))[0]!.sentAt).not.toBeNull();

    const unpaid = await orderToColumbus(false);
    await deliverTaxJobs(service.jobs.splice(0));
    expect(await record(unpaid.orderId)).toMatchObject({ status: 'PENDING' });
    await cancelForShop(env, unpaid.orderId, testAudit('orders.cancel', unpaid.orderId), Date.now());
    expect(await record(unpaid.orderId)).toMatchObject({ status: 'VOIDED', transactionRef: null });
    expect(await reversals(unpaid.orderId)).toEqual([]);
    expect(recorded(service, unpaid.orderId)).toEqual([]);
  });
});

describe('when the tax service is down', () => {
  it('keeps the paid sale pending and retries it from the queue, backing off, until the service takes it', async () => {
    service = useTaxService('stripe');
    const { orderId, quote } = await orderToColumbus(true);
    service.down = 'http-503';
    const failed = await deliverTaxJobs([{ kind: 'commit', orderId }]);
    expect(failed.acked).toEqual([]);
    expect(failed.retried).toEqual([{ job: { kind: 'commit', orderId }, delaySeconds: 30 }]);
    expect(await record(orderId)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await record(orderId))!.lastError).toContain('stripe');
    // A refund meanwhile waits for its sale: its reversal is sent once the sale is committed.
    await shipAll(orderId);
    const key = `refund-${crypto.randomUUID()}`;
    expect(await staffRefund(orderId, key, [{ lineNo: 1, quantity: 1 }])).toMatchObject({ ok: true });
    service.down = null;
    const reverseJob = service.jobs.at(-1)!;
    expect(reverseJob.kind).toBe('reverse');
    expect((await deliverTaxJobs([reverseJob])).retried).toEqual([{ job: reverseJob, delaySeconds: 300 }]);
    expect((await deliverTaxJobs([{ kind: 'commit', orderId }], 4)).acked).toHaveLength(1);
    expect(await record(orderId)).toMatchObject({ status: 'COMMITTED', committedTax: quote.tax });
    expect((await deliverTaxJobs([reverseJob], 2)).acked).toHaveLength(1);
    expect(recorded(service, key)).toHaveLength(1);
  });

  it('estimates the tax at checkout from the offline table, flags the order, commits it later', async () => {
    service = useTaxService('stripe');
    service.down = 'network';
    const { orderId, quote } = await orderToColumbus(true);
    // Checkout did not fail: the state's base rate, said to be an estimate.
    expect(quote.taxSummary.estimated).toBe(true);
    expect(quote.taxes.map((tax) => `${tax.name} ${tax.rateLabel}`)).toEqual(['Ohio state tax 5.75%']);
    expect(await record(orderId)).toMatchObject({
      estimated: 1,
      provider: 'offline',
      configured: 'stripe',
      tax: quote.tax,
    });
    // Staff see the flag on the order page, and that the sale waits for the service.
    const { headers } = await staffSession('fulfilment');
    const staffPage = async () =>
      (await (await shop(`${ADMIN}/orders/${orderId}`, { headers })).text()).replace(/<!-- -->/g, '');
    const before = await staffPage();
    expect(before).toContain('data-tax-estimated');
    expect(before).toContain('Tax estimated: the tax service did not answer at checkout');
    expect(before).toContain('Waiting to be committed to Stripe Tax');
    service.down = null;
    await deliverTaxJobs(service.jobs.splice(0));
    const committed = (await record(orderId))!;
    expect(committed.status).toBe('COMMITTED');
    expect(committed.transactionRef).toBe(recorded(service, orderId)[0]!.id);
    // The service figured the sale afresh at its combined rate: what it holds the shop liable for.
    expect(committed.committedTax).toBeGreaterThan(quote.tax);
    const after = await staffPage();
    expect(after).toContain(`Committed to Stripe Tax (${committed.transactionRef})`);
    expect(after).toContain('Stripe Tax holds the shop liable for');
  });
});

describe('two staff refunding the same unit at once', () => {
  it('give back its tax once: one refund stands, the other is refused', async () => {
    service = useTaxService('stripe');
    const { orderId } = await orderToColumbus(true);
    await deliverTaxJobs(service.jobs.splice(0));
    await shipAll(orderId);
    const line = (await taxLines(orderId)).find((row) => row.lineNo === 2)!;
    const both = await Promise.all([
      staffRefund(orderId, `refund-${crypto.randomUUID()}`, [{ lineNo: 2, quantity: 1 }]),
      staffRefund(orderId, `refund-${crypto.randomUUID()}`, [{ lineNo: 2, quantity: 1 }]),
    ]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.filter((result) => !result.ok)).toMatchObject([{ status: 409 }]);
    const given = (await reversals(orderId)).filter((row) => row.status === 'RECORDED');
    expect(given.map((row) => row.tax)).toEqual([line.tax]);
  });
});
