import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancelForShop } from '../../worker/flows/cancel-order.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { StripeTaxService } from '../../worker/tax/stripe-tax.ts';
import { bearer, freshIp } from './account-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, shopper, TORONTO } from './checkout-helpers.ts';
import { orderStatus, payInSandbox } from './fulfilment-helpers.ts';
import { CA_HOST } from './helpers.ts';
import { approvedMember } from './tax-exemption-helpers.ts';
import { avataxLiability, fakeTaxServices, STRIPE_BASE, stripeLiability } from './tax-fakes.ts';
import { deliverTaxJobs, useTaxService } from './tax-helpers.ts';

/**
 * A Canadian reseller's sale recorded honestly with the tax service (issue 39 item 3): the member's
 * approved certificate exempts British Columbia's PST, which the shop takes off itself (the services
 * exempt a buyer from every tax or none), so the committed sale is brought to what was charged:
 * AvaTax by a document-level TaxAmount override, Stripe Tax by a partial reversal of exactly the
 * PST. The tax the service then holds the shop liable for is the order's tax lines, and a refund or
 * a cancellation gives back exactly what was charged.
 */

const VANCOUVER = { ...TORONTO, city: 'Vancouver', regionCode: 'BC', postalCode: 'V6B 4Y8' };
const QUOTE = '/order/public/buyer/checkout/quote';

let caSkuId: number;
let service: ReturnType<typeof useTaxService> | null = null;

beforeAll(async () => {
  await checkoutFixture(1);
  caSkuId = (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
      AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
});
afterEach(() => {
  service?.restore();
  service = null;
});

interface Quote {
  total: number;
  tax: number;
  taxes: { name: string; amountCent: number }[];
}

/** A BC reseller's paid order of two units of a part, its sale committed from the queue. */
async function paidExemptOrder(fake: NonNullable<typeof service>) {
  const member = await approvedMember(['CA-BC'], CA_HOST);
  const buyer = shopper(CA_HOST, { ...bearer(member.token), 'cf-connecting-ip': freshIp() });
  await buyer.add(caSkuId, 2);
  const quote = (await buyer.call<Quote>('POST', QUOTE, { address: VANCOUVER })).body.data;
  expect(quote.taxes.map((tax) => tax.name)).toEqual(['GST']);
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address: VANCOUVER,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.total,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.data.order.orderId;
  await payInSandbox(buyer, orderId);
  expect(await orderStatus(orderId)).toBe('PROCESSING');
  await deliverTaxJobs(fake.jobs.splice(0));
  return { orderId, quote, member };
}

/** The order's tax as its lines charged it, and as its record says the service committed it. */
async function charged(orderId: string) {
  const lines = await env.DB.prepare(`SELECT sum(tax_cent) AS tax FROM tax_line WHERE order_id = ?`)
    .bind(orderId)
    .first<{ tax: number }>();
  const record = await env.DB.prepare(
    `SELECT status, transaction_ref AS transactionRef, committed_tax_cent AS committedTax FROM tax_record
     WHERE order_id = ?`,
  )
    .bind(orderId)
    .first<{ status: string; transactionRef: string; committedTax: number }>();
  return { linesTax: lines!.tax, record: record! };
}

/** The tax the service holds the shop liable for on the sale: its record of it, less what went back. */
const liability = (provider: 'stripe' | 'avalara', fake: NonNullable<typeof service>, transactionRef: string) =>
  provider === 'stripe' ? stripeLiability(fake, transactionRef) : avataxLiability(fake, transactionRef);

const refundUnit = (orderId: string) =>
  refundOrderByShop(
    env,
    orderId,
    {
      key: `refund-${crypto.randomUUID()}`,
      lines: [{ lineNo: 1, quantity: 1 }],
      amountCent: null,
      withShipping: false,
      reason: 'Returned',
    },
    { staffId: null, audit: testAudit('orders.refund', orderId) },
    Date.now(),
  );

describe.each(['stripe', 'avalara'] as const)("a BC reseller's PST-exempt sale with %s", (provider) => {
  it('is committed at the GST charged, so the service holds the shop liable for exactly that', async () => {
    service = useTaxService(provider, ['ca']);
    const { orderId, quote, member } = await paidExemptOrder(service);
    const { linesTax, record } = await charged(orderId);
    expect(linesTax).toBe(quote.tax);
    expect(record).toMatchObject({ status: 'COMMITTED', committedTax: quote.tax });
    expect(liability(provider, service, record.transactionRef)).toBe(quote.tax);
    // Each service was told in its own documented terms, naming the certificate.
    const posted = service.calls.filter((call) => call.method === 'POST');
    if (provider === 'stripe') {
      const reversal = posted.find((call) => call.path === '/v1/tax/transactions/create_reversal')!.body as {
        mode: string;
        reference: string;
        metadata: { reason: string };
        line_items: { amount: string; amount_tax: string }[];
      };
      expect(reversal).toMatchObject({ mode: 'partial', reference: `${orderId}-exempt` });
      expect(reversal.metadata.reason).toBe(`PST exempt: resale certificate ${member.certificate.number}`);
      expect(reversal.line_items.every((line) => Number(line.amount) === 0 && Number(line.amount_tax) < 0)).toBe(true);
    } else {
      const sale = posted.find((call) => (call.body as { type?: string }).type === 'SalesInvoice')!.body;
      expect(sale).toMatchObject({
        code: orderId,
        taxOverride: {
          type: 'TaxAmount',
          taxAmount: quote.tax / 100,
          reason: `PST exempt: resale certificate ${member.certificate.number}`,
        },
      });
    }
  });

  it("gives back exactly a refunded unit's GST, and the service's figure follows", async () => {
    service = useTaxService(provider, ['ca']);
    const { orderId, quote } = await paidExemptOrder(service);
    const { record } = await charged(orderId);
    expect(await refundUnit(orderId)).toMatchObject({ ok: true });
    const reversal = await env.DB.prepare(`SELECT tax_cent AS tax FROM tax_reversal WHERE order_id = ?`)
      .bind(orderId)
      .first<{ tax: number }>();
    expect(reversal!.tax).toBeGreaterThan(0);
    expect((await deliverTaxJobs(service.jobs.splice(0))).retried).toEqual([]);
    expect(liability(provider, service, record.transactionRef)).toBe(quote.tax - reversal!.tax);
  });

  it('owes nothing once the paid order is cancelled: what was charged goes back, no PST twice', async () => {
    service = useTaxService(provider, ['ca']);
    const { orderId } = await paidExemptOrder(service);
    const { record } = await charged(orderId);
    const cancelled = await cancelForShop(env, orderId, testAudit('orders.cancel', orderId), Date.now());
    expect(cancelled).toMatchObject({ ok: true });
    expect((await deliverTaxJobs(service.jobs.splice(0))).retried).toEqual([]);
    expect(liability(provider, service, record.transactionRef)).toBe(0);
  });
});

describe('a long PST-exempt sale with stripe', () => {
  it("has the PST of every line reversed, past the first page of the transaction's lines", async () => {
    const fake = fakeTaxServices();
    const stripe = new StripeTaxService({ secretKey: 'sk_test_tax', apiBase: STRIPE_BASE }, { fetch: fake.fetch });
    const lines = Array.from({ length: 14 }, (_, index) => ({ ref: `L${index + 1}`, amountCent: 1000, quantity: 1 }));
    const request = {
      market: 'ca' as const,
      currency: 'CAD' as const,
      address: {
        line1: '1 Main St',
        line2: null,
        city: 'Vancouver',
        region: 'BC',
        postalCode: 'V6B 4Y8',
        country: 'CA' as const,
      },
      lines,
      shippingCent: 0,
      customerRef: 'member-1',
      exemption: null,
      date: Date.now(),
    };
    const calculation = await stripe.calculate(request);
    // The shop charges each line its GST only: 5% of $10.00.
    const charged = {
      reason: 'PST exempt: resale certificate BC-1',
      taxCent: 14 * 50,
      lines: {} as Record<string, number>,
    };
    for (const line of lines) charged.lines[line.ref] = 50;
    const orderId = `CA-LONG-${crypto.randomUUID().slice(0, 8)}`;
    const sale = await stripe.commit({ orderId, request, calculationRef: calculation.reference, charged });
    expect(sale.taxCent).toBe(charged.taxCent);
    expect(Object.keys(sale.lineRefs)).toHaveLength(14);
    expect(stripeLiability(fake, sale.transactionRef!)).toBe(charged.taxCent);
  });
});
