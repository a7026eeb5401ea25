import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, member } from './account-helpers.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { payInSandbox } from './fulfilment-helpers.ts';
import { US_HOST, page } from './helpers.ts';
import { DALLAS, loadRegulatedPostalCodes, SAN_FRANCISCO } from './regulated-helpers.ts';

/**
 * Proposition 65 (issue 40 item 2): a part with a listing shows the safe-harbor warning, with the
 * official website, to a shopper shipping to California, in the cart next to its line and at
 * checkout, and the order's confirmation email keeps it; a Texan sees none of it.
 */

const LEAD_WARNING =
  'WARNING: This product can expose you to chemicals including lead, which is known to the State of California ' +
  'to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov.';

let part: { skuId: number; handle: string };

interface Line {
  prop65: { kind: string; chemicals: string[] } | null;
}

beforeAll(async () => {
  await checkoutFixture();
  await loadRegulatedPostalCodes();
  // A part the catalog lists for lead (brake rotors, calipers, batteries, alternators...), on sale and in stock.
  const row = await env.DB.prepare(
    `SELECT s.id AS skuId, o.url_handle AS handle FROM item i JOIN sku s ON s.item_id = i.id
       JOIN seo o ON o.target_id = i.id AND o.type = 'ITEM' AND o.is_primary = 1
     WHERE i.prop65_kind = 'BOTH' AND i.prop65_chemicals = '["lead"]' AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 5 ORDER BY i.id LIMIT 1`,
  ).first<typeof part>();
  expect(row).not.toBeNull();
  part = row!;
});

/** A member with the part in their cart, estimating shipping to a ZIP code. */
async function buyerWith(postCode: string) {
  const email = `p65-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const buyer = shopper(US_HOST, bearer(await member(email)));
  const added = await buyer.call<{ detail: { items: Line[] } }>('POST', '/order/public/buyer/cart/v2', {
    postCode,
    items: [{ skuId: part.skuId, itemCount: 1 }],
  });
  expect(added.status).toBe(200);
  return { email, buyer, line: added.body.data.detail.items[0]! };
}

/** Quotes, places and pays the order to an address; answers the quote's line and the confirmation email's text. */
async function orderTo(buyer: ReturnType<typeof shopper>, email: string, address: typeof SAN_FRANCISCO) {
  const quote = (
    await buyer.call<{ total: number; lines: Line[] }>('POST', '/order/public/buyer/checkout/quote', { address })
  ).body.data;
  const placed = await buyer.call<{ order: { orderId: string; lines: Line[] } }>(
    'POST',
    '/order/public/buyer/order/place',
    { idempotencyKey: `p65-${crypto.randomUUID()}`, address, paymentMethod: 'HOSTED_CARD', expectedTotal: quote.total },
  );
  expect(placed.status).toBe(200);
  const orderId = placed.body.data.order.orderId;
  await payInSandbox(buyer, orderId);
  let mail: { text: string; html: string } | null = null;
  for (let attempt = 0; attempt < 100 && !mail; attempt++) {
    mail = await env.DB.prepare(
      `SELECT text_body AS text, html_body AS html FROM email_outbox
       WHERE to_address = ? AND kind = 'order-confirmation' ORDER BY id DESC LIMIT 1`,
    )
      .bind(email)
      .first<{ text: string; html: string }>();
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(mail).not.toBeNull();
  return { line: quote.lines[0]!, placedLine: placed.body.data.order.lines[0]!, mail: mail! };
}

describe('a Prop 65 part', () => {
  it('warns a California shopper in the cart, at checkout, on the order and in its email', async () => {
    const { email, buyer, line } = await buyerWith('94105');
    expect(line.prop65).toEqual({ kind: 'BOTH', chemicals: ['lead'] });
    const ordered = await orderTo(buyer, email, SAN_FRANCISCO);
    expect(ordered.line.prop65).toEqual({ kind: 'BOTH', chemicals: ['lead'] });
    expect(ordered.placedLine.prop65).toEqual({ kind: 'BOTH', chemicals: ['lead'] });
    expect(ordered.mail.text).toContain(LEAD_WARNING);
    expect(ordered.mail.html).toContain('www.P65Warnings.ca.gov');
  });

  it('shows a Texan no warning anywhere', async () => {
    const { email, buyer, line } = await buyerWith('75201');
    expect(line.prop65).toBeNull();
    const ordered = await orderTo(buyer, email, DALLAS);
    expect(ordered.line.prop65).toBeNull();
    expect(ordered.placedLine.prop65 ?? null).toBeNull();
    expect(ordered.mail.text).not.toContain('WARNING:');
    expect(ordered.mail.text).not.toContain('P65Warnings');
  });

  it('shows no warning in a cart that knows no ZIP code', async () => {
    const buyer = shopper(US_HOST);
    const added = await buyer.add(part.skuId, 1);
    expect((added.body.data.detail.items[0] as unknown as Line).prop65).toBeNull();
  });

  it('hands the product page the listing, for the browser to show a shopper with a California ZIP', async () => {
    const { html } = await page(`${US_HOST}/product/${part.handle}`);
    const props = /data-island="Prop65Notice" data-props="([^"]*)"/.exec(html)?.[1];
    expect(props).toBeDefined();
    expect(JSON.parse(props!.replaceAll('&quot;', '"'))).toEqual({ listing: { kind: 'BOTH', chemicals: ['lead'] } });
    // Rendered on the server for nobody: the page is the same for every shopper.
    expect(html).not.toContain('WARNING: This product');
  });
});
