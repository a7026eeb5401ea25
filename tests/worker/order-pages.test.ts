import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import type { OrderStatus } from '../../shared/order-status.ts';
import { placementRepository } from '../../worker/orders/placement-repository.ts';
import { orderRepository } from '../../worker/orders/repository.ts';
import type { NewAdjustment, NewTax } from '../../worker/orders/records.ts';
import { ORDER_MSG } from '../../worker/orders/schemas.ts';
import { queueOrderConfirmation } from '../../worker/orders/email.ts';
import { freshIp, member } from './account-helpers.ts';
import { CA_HOST, US_HOST, arrive, shop } from './helpers.ts';

const DAY = 86_400_000;
const NOW = Date.now();
const accountIdOf = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM account WHERE email = ?').bind(email).first<{ id: number }>())!.id;

/**
 * A Canadian order shipped to British Columbia: 2 x CA$49.99 + 1 x CA$129.99 = 229.97, 10% off the
 * brake pads (10.00), free shipping (12.99 - 12.99), 200 points (2.00), GST 5% 10.90 + PST 7% 15.26.
 */
const CA_ORDER = {
  totals: {
    subtotalCent: 22997,
    discountCent: 1000,
    shippingCent: 1299,
    shippingDiscountCent: 1299,
    taxCent: 2616,
    pointsUsed: 200,
    pointsCent: 200,
    totalCent: 24413,
  },
  adjustments: [
    {
      promotionId: 3,
      source: 'PROMOTION_CODE',
      kind: 'DISCOUNT',
      name: 'BRAKES10',
      reason: '10% off brake pads',
      amountCent: 1000,
    },
    {
      promotionId: null,
      source: null,
      kind: 'FREE_SHIPPING',
      name: 'Free shipping',
      reason: 'Shipping is on us',
      amountCent: 1299,
    },
    { promotionId: null, source: null, kind: 'POINTS', name: 'Points', reason: '200 points redeemed', amountCent: 200 },
  ] satisfies NewAdjustment[],
  taxes: [
    { name: 'GST', rateLabel: '5%', amountCent: 1090 },
    { name: 'PST', rateLabel: '7%', amountCent: 1526 },
  ] satisfies NewTax[],
};
const US_TOTALS = {
  subtotalCent: 5000,
  discountCent: 0,
  shippingCent: 999,
  shippingDiscountCent: 0,
  taxCent: 0,
  pointsUsed: 0,
  pointsCent: 0,
  totalCent: 5999,
};

/** Writes an order straight through the repository, as placement would. */
async function insertOrder(
  id: string,
  accountId: number | null,
  email: string,
  status: OrderStatus,
  daysAgo: number,
  canadian = false,
) {
  const orders = orderRepository(env.DB);
  const address = canadian
    ? {
        market: 'ca',
        firstName: 'Maple',
        lastName: 'Tran',
        phone: '6045550199',
        addressLine1: '88 Granville St',
        addressLine2: 'Unit 4',
        city: 'Vancouver',
        regionCode: 'BC',
        postalCode: 'V6C 1T2',
      }
    : {
        market: 'us',
        firstName: 'Dana',
        lastName: 'Reyes',
        phone: '6145550100',
        addressLine1: '12 Elm St',
        addressLine2: null,
        city: 'Columbus',
        regionCode: 'OH',
        postalCode: '43215',
      };
  await orders.run(
    placementRepository(env.DB).insertStatements(
      {
        id,
        idempotencyKey: `key-${id}`,
        accountId,
        email,
        market: canadian ? 'ca' : 'us',
        currency: canadian ? 'CAD' : 'USD',
        status,
        ...(canadian ? CA_ORDER.totals : US_TOTALS),
        shippingName: 'Standard Shipping',
        address: JSON.stringify(address),
        paymentMethod: 'CARD',
        cartUuid: null,
        holdExpiresAt: null,
        createdAt: NOW - daysAgo * DAY,
      },
      [
        {
          lineNo: 1,
          skuId: 11,
          itemId: 7,
          title: 'Ceramic brake pads',
          partNumber: 'BP-200',
          imageUrl: '/img/pads.jpg',
          urlHandle: 'ceramic-brake-pads',
          itemType: 'NORMAL',
          bundleId: null,
          quantity: 2,
          unitCent: 4999,
          discountCent: 1000,
          totalCent: 8998,
        },
        ...(canadian
          ? [
              {
                lineNo: 2,
                skuId: 12,
                itemId: 8,
                title: 'Headlight assembly',
                partNumber: 'HL-310',
                imageUrl: null,
                urlHandle: null,
                itemType: 'NORMAL',
                bundleId: null,
                quantity: 1,
                unitCent: 12999,
                discountCent: 0,
                totalCent: 12999,
              },
            ]
          : []),
      ],
      canadian ? CA_ORDER.adjustments : [],
      canadian ? CA_ORDER.taxes : [],
    ),
  );
}

/** The page's HTML without React's text separators, so sentences read as on screen. */
async function html(url: string, headers: Record<string, string> = {}) {
  const response = await shop(url, { headers: { 'cf-connecting-ip': freshIp(), ...headers }, redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: (await response.text()).replace(/<!-- -->/g, ''),
  };
}

let mia: Record<string, string>;
let noah: Record<string, string>;

beforeAll(async () => {
  mia = { cookie: `token=${await member('pages-mia@example.com')}` };
  noah = { cookie: `token=${await member('pages-noah@example.com')}` };
  const miaId = await accountIdOf('pages-mia@example.com');
  await insertOrder('CA-M1', miaId, 'pages-mia@example.com', 'PROCESSING', 2, true);
  await insertOrder('US-M2', miaId, 'pages-mia@example.com', 'REFUND', 60);
  const noahId = await accountIdOf('pages-noah@example.com');
  for (let day = 1; day <= 12; day++)
    await insertOrder(
      `US-N${String(day).padStart(2, '0')}`,
      noahId,
      'pages-noah@example.com',
      day === 12 ? 'SHIPPED' : 'PROCESSING',
      day,
    );
});

describe('the order history in /myAccount?type=orderHistory', () => {
  it('lists each order with number, date, status label, total in its currency, images and links', async () => {
    const { html: page } = await html(`${US_HOST}/myAccount?type=orderHistory`, mia);
    expect(page).toContain('data-order-total="2"');
    expect(page).toMatch(/data-order-id="CA-M1"[\s\S]*data-order-id="US-M2"/);
    expect(page).toContain('data-status="REFUND">Refunded</span>');
    expect(page).toContain('CA$244.13');
    expect(page).toContain('$59.99');
    expect(page).toContain('src="/img/pads.jpg"');
    expect(page).toContain('href="/myAccount/orderHistory/orderDetail?orderId=CA-M1"');
    expect(page).toContain('href="/printInvoice?orderId=CA-M1"');
    for (const label of [
      'All statuses',
      'Partially refunded',
      'Awaiting payment',
      'All orders',
      'Last 30 days',
      'Last 6 months',
    ])
      expect(page).toContain(`>${label}</option>`);
  });

  it('filters by status and time from the query, and shows all for an unknown value', async () => {
    expect((await html(`${US_HOST}/myAccount?type=orderHistory&status=REFUND`, mia)).html).toContain(
      'data-order-total="1"',
    );
    const recent = (await html(`${US_HOST}/myAccount?type=orderHistory&time=1`, mia)).html;
    expect(recent).toContain('data-order-id="CA-M1"');
    expect(recent).not.toContain('data-order-id="US-M2"');
    expect((await html(`${US_HOST}/myAccount?type=orderHistory&time=6&status=CANCELLED`, mia)).html).toContain(
      'No orders match these filters.',
    );
    expect((await html(`${US_HOST}/myAccount?type=orderHistory&status=BOGUS&page=-3`, mia)).html).toContain(
      'data-order-total="2"',
    );
  });

  it('pages ten at a time with links that keep the filters', async () => {
    const first = (await html(`${US_HOST}/myAccount?type=orderHistory`, noah)).html;
    expect(first.match(/class="order-card"/g)).toHaveLength(10);
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('href="/myAccount?type=orderHistory&amp;page=2" rel="next"');
    const second = (await html(`${US_HOST}/myAccount?type=orderHistory&page=2`, noah)).html;
    expect(second.match(/class="order-card"/g)).toHaveLength(2);
    expect(second).toContain('href="/myAccount?type=orderHistory" rel="prev"');
    const filtered = (await html(`${US_HOST}/myAccount?type=orderHistory&status=PROCESSING`, noah)).html;
    expect(filtered).toContain('href="/myAccount?type=orderHistory&amp;status=PROCESSING&amp;page=2" rel="next"');
  });
});

describe('/myAccount/orderHistory/orderDetail', () => {
  it('shows the member’s order without the layout: lines, discount reasons, each tax, address, history', async () => {
    const { status, html: page } = await html(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=CA-M1`, mia);
    expect(status).toBe(200);
    expect(page).not.toContain('class="site-header"');
    expect(page).not.toContain('class="site-footer');
    expect(page).toContain('<h1>Order CA-M1</h1>');
    expect(page).toContain('data-status="PROCESSING">Processing</span>');
    for (const text of [
      'Ceramic brake pads',
      'Part number BP-200',
      'CA$49.99',
      'CA$89.98',
      'BRAKES10<small>10% off brake pads</small>',
      'GST (5%)',
      'CA$10.90',
      'PST (7%)',
      'CA$15.26',
      '88 Granville St',
      'Order placed',
      'href="/printInvoice?orderId=CA-M1"',
    ]) {
      expect(page, text).toContain(text);
    }
  });

  it("answers another member's order and an unknown one with the same 404", async () => {
    for (const id of ['CA-M1', 'CA-NOPE', '<script>']) {
      const { status, html: page } = await html(
        `${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${encodeURIComponent(id)}`,
        noah,
      );
      expect(status, id).toBe(404);
      expect(page).toContain(ORDER_MSG.notFound);
      expect(page).not.toContain('Ceramic brake pads');
    }
  });

  it('sends a visitor to /login with the way back', async () => {
    const { status, location } = await html(`${US_HOST}/myAccount/orderHistory/orderDetail?orderId=CA-M1`);
    expect(status).toBe(302);
    expect(location).toBe(
      '/login?callBackPath=%2FmyAccount%2ForderHistory%2ForderDetail&queryStr=%7B%22orderId%22%3A%22CA-M1%22%7D',
    );
  });
});

describe('/printInvoice', () => {
  it('prints a Canadian order: shop details, every discount reason, each tax, points, the total in CA$', async () => {
    const { status, html: page } = await html(`${US_HOST}/printInvoice?orderId=CA-M1`, mia);
    expect(status).toBe(200);
    for (const text of [
      settings.SHOP_NAME,
      settings.COMPANY_ADDRESS,
      `Phone ${settings.COMPANY_PHONE}`,
      `Email ${settings.COMPANY_EMAIL_1}`,
      '<dd>CA-M1</dd>',
      'Bill to',
      'Ship to',
      'Maple Tran',
      'Vancouver, BC V6C 1T2',
      'Headlight assembly',
      'CA$129.99',
      '<dt>Subtotal</dt><dd>CA$229.97</dd>',
      'BRAKES10<small>10% off brake pads</small></dt><dd>-CA$10.00</dd>',
      'Free shipping<small>Shipping is on us</small></dt><dd>-CA$12.99</dd>',
      '<dt>Shipping (Standard Shipping)</dt><dd>CA$12.99</dd>',
      '<dt>GST (5%)</dt><dd>CA$10.90</dd>',
      '<dt>PST (7%)</dt><dd>CA$15.26</dd>',
      'Points<small>200 points redeemed</small></dt><dd>-CA$2.00</dd>',
      '<dt>Total</dt><dd>CA$244.13</dd>',
      'data-print=""',
    ]) {
      expect(page, text).toContain(text);
    }
  });

  it("never opens a member's invoice (address, phone) to its number and email: it sends them to sign in", async () => {
    const withEmail = await html(`${US_HOST}/printInvoice?orderId=CA-M1&email=PAGES-MIA%40example.com`);
    expect(withEmail.status).toBe(302);
    expect(withEmail.location).toContain('/login?callBackPath=%2FprintInvoice');
    const forged = await arrive(`${US_HOST}/printInvoice?orderId=CA-M1&token=9999999999.${'A'.repeat(43)}`, {
      headers: { 'cf-connecting-ip': freshIp() },
    });
    expect(forged.status).toBe(404);
    expect(forged.html).not.toContain('CA$244.13');
    const bare = await html(`${US_HOST}/printInvoice?orderId=CA-M1`);
    expect(bare.status).toBe(302);
    expect(bare.location).toContain('/login?callBackPath=%2FprintInvoice');
  });

  it("shows a member only their own orders' invoices", async () => {
    const { status, html: page } = await html(`${US_HOST}/printInvoice?orderId=CA-M1`, noah);
    expect(status).toBe(404);
    expect(page).toContain(ORDER_MSG.notFound);
    expect(page).not.toContain('Maple Tran');
  });
});

describe('/order/track', () => {
  it('shows the form, and on GET with the pair the status, events and lines without the address', async () => {
    expect((await html(`${US_HOST}/order/track`)).html).toContain('data-form="order-lookup"');
    const { status, html: page } = await html(`${US_HOST}/order/track?orderNo=ca-m1&email=pages-mia%40example.com`);
    expect(status).toBe(200);
    for (const text of [
      '<h2>Order CA-M1</h2>',
      'data-status="PROCESSING">Processing</span>',
      'Order placed',
      '2 x Ceramic brake pads',
      '1 x Headlight assembly',
      'Standard Shipping',
    ])
      expect(page, text).toContain(text);
    expect(page).not.toContain('88 Granville St');
  });

  it('answers a wrong pair and a bad email with a message, not an order', async () => {
    const wrong = await html(`${US_HOST}/order/track?orderNo=CA-M1&email=pages-noah%40example.com`);
    expect(wrong.status).toBe(404);
    expect(wrong.html).toContain(ORDER_MSG.trackNotFound);
    expect(wrong.html).not.toContain('Ceramic brake pads');
    const bad = await html(`${US_HOST}/order/track?orderNo=CA-M1&email=nope`);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Provide a valid email address.');
  });
});

describe('the order confirmation email', () => {
  it('goes to the outbox with lines, discount reasons, shipping, each tax, total and a link to the order', async () => {
    const order = (await orderRepository(env.DB).view('CA-M1'))!;
    await queueOrderConfirmation(env.DB, order, { name: 'AutoHaven', origin: CA_HOST });
    const mail = (await env.DB.prepare(
      `SELECT subject, text_body AS text, html_body AS html, kind FROM email_outbox ` +
        `WHERE to_address = ? AND kind = 'order-confirmation'`,
    )
      .bind('pages-mia@example.com')
      .first<{ subject: string; text: string; html: string; kind: string }>())!;
    expect(mail.subject).toBe('Your order CA-M1 is confirmed');
    for (const line of [
      '2 x Ceramic brake pads (BP-200) at CA$49.99: CA$89.98',
      '1 x Headlight assembly (HL-310) at CA$129.99: CA$129.99',
      'Subtotal: CA$229.97',
      'BRAKES10 - 10% off brake pads: -CA$10.00',
      'Free shipping - Shipping is on us: -CA$12.99',
      'Shipping (Standard Shipping): CA$12.99',
      'GST (5%): CA$10.90',
      'PST (7%): CA$15.26',
      'Points - 200 points redeemed: -CA$2.00',
      'Total: CA$244.13',
    ]) {
      expect(mail.text.split('\n'), line).toContain(line);
    }
    expect(mail.html).toContain('10% off brake pads');
    // A member's order: the link leads to their order history (they sign in), never carries a token.
    const link = mail.text.match(/Track your order: (\S+)/)![1]!;
    expect(link).toBe(`${CA_HOST}/myAccount/orderHistory/orderDetail?orderId=CA-M1`);
    expect((await html(link, mia)).html).toContain('CA$244.13');
  });
});
